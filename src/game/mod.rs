//! The game core: one serializable `Game` value and the pure rules over it.
mod ai;
pub mod bot;
mod combat;
mod command;
mod events;
pub mod examine;
pub mod hash;
mod rules;
mod state;
pub mod travel;

pub use combat::{Attr, Formulas, QUEUE_LIMIT, flee_chance, hit_chance, mitigate, xp_for_level};
pub use command::{Command, Outcome, Reason, RunOutcome};
pub use events::{CombatEnd, Event};
pub use state::{AiMode, AiState, Creature, CreatureId, Death, Game, LogLine, NewGameError};
pub use travel::{TravelGoal, TravelStop, known_path, travel_step};
