//! The game core: one serializable `Game` value and the pure rules over it.
mod ai;
#[cfg(test)]
mod appearance_recipe_tests;
pub mod autofight;
#[cfg(test)]
mod autofight_tests;
pub mod bot;
#[cfg(test)]
mod class_tests;
mod combat;
mod command;
mod depths;
#[cfg(test)]
mod depths_tests;
#[cfg(test)]
mod door_tests;
mod doors;
mod effects;
mod events;
pub mod examine;
mod explore;
#[cfg(test)]
mod explore_tests;
pub mod find;
mod floor;
#[cfg(test)]
mod hazard_tests;
mod hazards;
pub mod identify;
#[cfg(test)]
mod identify_tests;
pub mod items;
mod line_of_fire;
#[cfg(test)]
mod line_of_fire_tests;
mod log;
mod modifiers;
mod origin;
mod party;
mod queue;
#[cfg(test)]
mod range_recipe_tests;
mod reload;
pub mod shop;
#[cfg(test)]
mod shop_recipe_tests;
#[cfg(test)]
mod shop_tests;
mod state;
mod stealth;
#[cfg(test)]
mod stealth_tests;
pub mod surroundings;
pub mod throwing;
#[cfg(test)]
mod throwing_tests;
pub mod travel;
mod turn;
mod wire;
pub mod words;

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
/// forager's body; the core pack's balance. 4: `combat_started` in the fight's first turn,
/// with its `turn_started`; a fight whose last enemy falls outside its round is won; the
/// hero's death stops the turn (no `turn_ended`, the turn count stays); the hero's ability
/// lock checked again at its slot. 5: classes (the hero's kind, kit, gold and growth come
/// from its class). 6: terrain as content: doors that open when walked into, close and hide
/// (searching finds them); closed doors block sight; items' looks and shops; monsters' awareness
/// (asleep, unaware, hunting, lost track), stealth, noise and sneak attacks; hazard terrain.
/// 7: range: throwing (stacks, the line of fire, the range falloff, a throw's first strike,
/// landing and gathering), monsters' shots from across the map; a run can be abandoned.
/// 8: the rules' slips mended: distance fields go round hazards; a monster's shot is its `ai`
/// list's, conditions, cooldowns and flee first; the range fall-off inside the hit clamp; a
/// hero dead in the turn's first step ends it; hearing and a shot in their own order; doors
/// that a monster cannot open turn it back; the skeleton's stamina, sneak attacks and thrown
/// items under their locks; a dead hero regains nothing.
/// 9: no rule changed: the log, which the state hash covers, speaks in one voice ("You hit
/// the skeleton", "The skeleton hits you"), so the same commands hash differently.
/// 10: the run's arc: floors are kept as the hero left them and stairs go up (off the first
/// floor the run ends, left); a floor's explored and visible flags are written four to a
/// hexadecimal digit.
pub const RULES_VERSION: u32 = 10;

pub use combat::{Attr, Fight, Formulas, flee_chance, hit_chance, mitigate};
pub use command::{Command, Outcome, Reason, RunOutcome, outcome_name};
pub use depths::{Depths, LEAVE_QUESTION};
pub use events::{CombatEnd, Event};
pub use floor::{EncounterRoom, FloorState};
pub use line_of_fire::LineOfFire;
pub use log::{Log, LogLine};
pub use origin::{Fork, Origin, first_rules};
pub use party::Party;
pub use queue::QUEUE_LIMIT;
pub use reload::ContentReload;
pub use state::{
    ActiveModifier, AiMode, AiState, Awareness, Creature, CreatureId, CyclePhase, Death,
    FRIGHTENED, Game, HERO_KIND, HERO_SIGHT, ItemInstance, NewGameError, Run, Segment,
};
pub use travel::{
    Pickup, TravelGoal, TravelStop, bystanders, hostiles_in_view, known_path, rested,
    stops_at_pile, travel_step, watchers,
};
pub use turn::{StepInfo, StepOwner, TURN_STEPS, TurnContext, TurnKind, TurnStep};
pub(crate) use wire::write_field;
