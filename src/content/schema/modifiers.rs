//! Modifiers (`[[modifiers]]`): status effects, their effects and triggers.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::*;

/// One attribute change of a modifier: `flat` is added to the base, then the sum of every
/// `percent` scales the result. With `condition`, it counts only while the condition holds
/// (`target` is the creature acted upon, e.g. +50% damage against `core:undead`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectDef {
    /// The attribute changed (`max_health`, `max_stamina`, `damage`, `hit_chance`, `critical_chance`, `critical_factor`, `dexterity`, `luck`, `resistance`).
    #[schemars(with = "String")]
    pub attribute: Spanned<String>,
    /// Added to the base value; −1000000..=1000000.
    #[serde(default)]
    pub flat: f64,
    /// In percent, summed with the other percents, then scales the result (50 = +50%);
    /// −100..=10000.
    #[serde(default)]
    pub percent: f64,
    /// For `attribute = "resistance"`: which damage type.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub damage_type: Option<Spanned<String>>,
    /// While these hold; `target` is the creature acted upon.
    #[serde(default)]
    pub condition: Vec<Condition>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Stacking {
    /// Applying it again resets its duration.
    #[default]
    Refresh,
    /// Each application adds a stack (up to `max_stacks`) and resets the duration; effects
    /// and triggers count once per stack.
    Stack,
    /// Applying it while it lasts does nothing (and queues no `modifier_applied`).
    Ignore,
}

/// A status effect: attribute effects and triggers for `duration` turns (0: until removed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModifierDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
    /// Turns it lasts; 0 until removed.
    #[serde(default)]
    pub duration: u32,
    /// What applying it again does.
    #[serde(default)]
    pub stacking: Stacking,
    /// Most stacks it reaches (with `stacking = "stack"`).
    #[serde(default = "one")]
    pub max_stacks: u32,
    /// Attribute changes while it lasts.
    #[serde(default)]
    pub effects: Vec<EffectDef>,
    /// Reactions to events while it lasts.
    #[serde(default)]
    pub triggers: Vec<TriggerDef>,
    /// While it lasts on the hero, each step goes a random way (the hero may stumble into a
    /// wall and lose the turn). A fight has no positions, so it changes nothing there.
    #[serde(default)]
    pub confused: bool,
    /// While it lasts on the hero, the hero sees at most this many tiles (the least such
    /// cap wins); 1..=100.
    #[serde(default)]
    pub sight: Option<u32>,
}
