//! The game core: one serializable `Game` value and the pure rules over it.
mod ai;
pub mod bot;
mod combat;
mod command;
mod effects;
mod events;
pub mod examine;
mod explore;
pub mod hash;
pub mod items;
mod modifiers;
mod queue;
mod reload;
mod state;
pub mod travel;
mod turn;

#[cfg(test)]
mod pipeline_tests;
mod triggers;

pub use combat::{Attr, Formulas, flee_chance, hit_chance, mitigate};
pub use command::{Command, Outcome, Reason, RunOutcome};
pub use events::{CombatEnd, Event};
pub use queue::QUEUE_LIMIT;
pub use reload::ContentReload;
pub use state::{
    ActiveModifier, AiMode, AiState, Creature, CreatureId, Death, FRIGHTENED, Game, ItemInstance,
    LogLine, NewGameError,
};
pub use travel::{TravelGoal, TravelStop, known_path, travel_step};
pub use turn::{StepInfo, StepOwner, TURN_STEPS, TurnContext, TurnKind, TurnStep};
