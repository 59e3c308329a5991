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
pub mod surroundings;
pub mod travel;
mod turn;

#[cfg(test)]
mod pipeline_tests;
#[cfg(test)]
mod rules_tests;
mod triggers;

/// The version of the rules: the same seed and commands play the same game only under the same
/// version. Replays record it and are refused under another; saves record the version their
/// run began under. 1: before versions were recorded. 2: the hero's death ends a turn at once;
/// one lock rule for hero and monsters; a new run processes its first floor's events.
/// 3: the ghost cycle (chase, away, wander, each phase's length drawn at each switch); the
/// forager's body; the core pack's balance.
pub const RULES_VERSION: u32 = 3;

pub use combat::{Attr, Formulas, flee_chance, hit_chance, mitigate};
pub use command::{Command, Outcome, Reason, RunOutcome};
pub use events::{CombatEnd, Event};
pub use queue::QUEUE_LIMIT;
pub use reload::ContentReload;
pub use state::{
    ActiveModifier, AiMode, AiState, Creature, CreatureId, CyclePhase, Death, FRIGHTENED, Game,
    HERO_SIGHT, ItemInstance, LogLine, NewGameError, Segment,
};
pub use travel::{TravelGoal, TravelStop, hostiles_in_view, known_path, travel_step};
pub use turn::{StepInfo, StepOwner, TURN_STEPS, TurnContext, TurnKind, TurnStep};
