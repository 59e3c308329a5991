//! What entries of several kinds share: actions, conditions and triggers.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// One step of an ability, trigger, item or trap; a list of them runs in order, each action
/// on all its targets before the next. In an ability every target of a `damage` action
/// rolls to hit once, before anything happens: a target missed takes none of the ability's
/// actions. Internally tagged enums buffer their fields, so ids here are plain strings; the
/// loader finds their place in the file by searching the enclosing entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionDef {
    /// Deals `amount + scale × damage` (the acting creature's `damage` attribute; none for a
    /// trap) of a damage type. In an ability it must hit (see above) and may be critical
    /// (× `critical_factor`); triggers, items and traps never miss or crit. The target's
    /// resistance (at most `resistance_cap`) then takes its share; the result is rounded,
    /// and at least 1. A target brought to 0 health or below dies (`creature_died`).
    Damage {
        /// How much damage, 0..=1000000.
        #[serde(default)]
        amount: f64,
        /// Times the source's `damage` attribute, added to `amount`; 0..=1000.
        #[serde(default)]
        scale: f64,
        /// Damage type id; bare names mean `core:`.
        #[serde(default = "default_damage_type")]
        damage_type: String,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default)]
        target: Target,
    },
    /// Restores health, up to the target's maximum; queues `healed` (with the amount
    /// actually restored).
    Heal {
        /// How much health, 0..=1000000.
        amount: f64,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default = "target_self")]
        target: Target,
    },
    /// Restores stamina, up to the target's maximum.
    RestoreStamina {
        /// How much stamina, 0..=1000000.
        amount: f64,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default = "target_self")]
        target: Target,
    },
    /// Gives gold when the one acting is the hero (an item, the hero's ability or trigger)
    /// or a trap's victim; a monster's does nothing.
    GrantGold {
        /// How much gold, at most 1000000.
        amount: u32,
    },
    /// Puts a modifier on the targets by its `stacking`; `turns` overrides the modifier's
    /// own duration. `core:frightened` is the engine's fear: a frightened monster leaves the
    /// fight, starts none and moves at random (see "Monster modes"); it lasts the longer of
    /// what is left and what is given, and `turns = 0` there means `flee_fright_turns`.
    ApplyModifier {
        /// Modifier id.
        modifier: String,
        /// Overrides the modifier's own duration.
        #[serde(default)]
        turns: Option<u32>,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default)]
        target: Target,
    },
    /// Removes a modifier the targets carry (every stack); queues `modifier_expired` if it
    /// was there.
    RemoveModifier {
        /// Modifier id.
        modifier: String,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default = "target_self")]
        target: Target,
    },
    /// Calls `count` creatures onto the free tiles nearest the one acting (up to 3 steps
    /// away; fewer when there is no room). They have seen the hero; in a fight the hostile
    /// ones join the hero's enemies.
    Summon {
        /// Creature id.
        creature: String,
        /// How many, at most 1000.
        #[serde(default = "one")]
        count: u32,
    },
    /// The one acting tries to leave the fight (nothing outside one): chance
    /// `0.5 + (its dexterity − the fastest opponent's) × flee`, kept within 0.1..0.9. The
    /// hero who gets away ends the fight and frightens every enemy for `flee_fright_turns`;
    /// a monster that gets away leaves the fight frightened.
    Flee,
    /// Items only: tells what one item in the hero's pack is, the one the player chose
    /// (`use` with an item target); with none chosen, the first unknown one in the pack.
    Identify,
    /// Carries the one acting to a random free tile of the floor out of the hero's sight;
    /// the hero who is carried off leaves any fight, and no monster is frightened.
    Teleport,
    /// Every monster on the floor learns where the hero is and hunts it for the rest of
    /// the floor (the forager's alarm).
    Aggravate,
}

pub(super) fn one() -> u32 {
    1
}

pub(super) fn default_damage_type() -> String {
    "core:physical".into()
}

pub(super) fn target_self() -> Target {
    Target::SelfTarget
}

/// Who an action affects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The one acting: the ability's user, the trigger's holder, the hero for an item; for a
    /// trap, its victim.
    #[serde(rename = "self")]
    SelfTarget,
    /// The one acted upon: the ability's target (a monster's is always the hero; the hero's is
    /// the enemy it chose, by default the first), the other party of a trigger's event (see
    /// "Events and roles"), the item's chosen target (in a fight by default the first enemy),
    /// a trap's victim. Nobody when there is none.
    #[default]
    Target,
    /// The other side: for the hero in a fight every enemy in it, outside a fight every
    /// hostile creature the hero sees within that creature's `sight`; for a monster, the
    /// hero; for a trap, its victim.
    AllEnemies,
}

/// The condition grammar shared by abilities, `ai` lists and triggers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "check", rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// Compares a number of `who`: `health` and `stamina` as a fraction of their maximum
    /// (0..1), the others as their current value (modifiers and levels included). With both
    /// `below` and `above`, both must hold; with `who = "target"` and nobody there, false.
    Attribute {
        /// Whose value is tested: `self` or `target`.
        #[serde(default = "who_self")]
        who: Who,
        /// One of the list "Condition attributes" under "Names" below.
        attribute: String,
        /// Holds when the value is below this (a finite number).
        below: Option<f64>,
        /// Holds when the value is above this (a finite number).
        above: Option<f64>,
    },
    /// Holds when `who`'s creature kind lists the tag.
    Tag {
        /// Whose value is tested: `self` or `target`.
        #[serde(default = "who_target")]
        who: Who,
        /// Tag id the creature must carry.
        tag: String,
    },
    /// Holds while `who` carries the modifier (one put on it: a worn item's modifiers do not
    /// count; `core:frightened` counts while it is frightened).
    HasModifier {
        /// Whose value is tested: `self` or `target`.
        #[serde(default = "who_self")]
        who: Who,
        /// Modifier id.
        modifier: String,
    },
}

pub(super) fn who_self() -> Who {
    Who::SelfTarget
}

pub(super) fn who_target() -> Who {
    Who::Target
}

/// Whose values a condition tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The one the condition belongs to: the ability's user, the creature whose `ai` list it
    /// is, the trigger's holder, the creature an effect's modifier is on (the hero, for
    /// what it wears).
    #[serde(rename = "self")]
    SelfTarget,
    /// The other one: the ability's target (a monster's `ai`: the hero), the other party of
    /// the trigger's event, for an effect's condition the other creature of the attack
    /// being worked out. A condition on a target that is not there is false.
    Target,
}

/// A trigger: when `event` happens to its holder (in `role`) and `condition` holds, run
/// `actions`. Trigger actions never roll to hit or crit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerDef {
    /// The event it listens to (see Events).
    #[schemars(with = "String")]
    pub event: Spanned<String>,
    /// Which part the holder plays in the event: `target` (was hit, healed, modified),
    /// `source` (hit someone, used an ability), `creature` (died), `killer` (killed).
    /// Unset: the event's natural holder (`target` for damage_dealt, `creature` for
    /// creature_died, `source` for ability_used).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub role: Option<Spanned<String>>,
    /// Conditions that must hold when the event happens.
    #[serde(default)]
    pub condition: Vec<Condition>,
    /// What it does.
    pub actions: Vec<ActionDef>,
}
