//! Loot tables (`[[loot]]`): what drops, and how much gold.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::*;

/// One weighted line of a loot table: an item, or nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LootEntryDef {
    /// Item id; unset: nothing drops.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub item: Option<Spanned<String>>,
    /// Relative weight.
    pub weight: u32,
}

/// A loot table: `rolls` draws from `entries`, plus gold in a range.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LootDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Draws from `entries`, at most 1000.
    #[serde(default = "one")]
    pub rolls: u32,
    /// Gold dropped, inclusive range; low ≤ high ≤ 1000000.
    #[serde(default)]
    pub gold: (u32, u32),
    /// Chance (0..1) that a dropped piece of equipment rolls one affix.
    #[serde(default = "zero_cost")]
    #[schemars(with = "f64")]
    pub affix_chance: Spanned<f64>,
    /// The weighted lines; items' own `loot` rules add to them.
    #[serde(default)]
    pub entries: Vec<LootEntryDef>,
}
