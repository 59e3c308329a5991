//! The twelve events triggers can listen to; they run through one queue inside the core.
use serde::{Deserialize, Serialize};

use super::state::CreatureId;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatEnd {
    Victory,
    Fled,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    TurnStarted {
        turn: u64,
    },
    TurnEnded {
        turn: u64,
    },
    CombatStarted {
        enemies: Vec<CreatureId>,
    },
    CombatEnded {
        outcome: CombatEnd,
    },
    DamageDealt {
        /// Nobody for a trap.
        source: Option<CreatureId>,
        target: CreatureId,
        amount: f64,
        damage_type: String,
        critical: bool,
    },
    Healed {
        target: CreatureId,
        amount: f64,
    },
    CreatureDied {
        creature: CreatureId,
        killer: Option<CreatureId>,
        ability: Option<String>,
    },
    AbilityUsed {
        source: CreatureId,
        ability: String,
        target: Option<CreatureId>,
        hit: bool,
    },
    ModifierApplied {
        target: CreatureId,
        modifier: String,
    },
    ModifierExpired {
        target: CreatureId,
        modifier: String,
    },
    FloorEntered {
        floor: u32,
    },
    /// A monster noticed the hero (woke to it, or saw it) and hunts it now.
    HeroNoticed {
        creature: CreatureId,
    },
}
