//! Affixes (`[[affixes]]`): random properties equipment may roll.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::*;

/// A random property equipment can roll: a name part and modifiers worn with the item.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AffixDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// "Keen" (before the item's name) or "of Warding" (after it).
    #[serde(default)]
    pub prefix: Option<String>,
    /// The name part after the item's name; give exactly one of `prefix` and `suffix`.
    #[serde(default)]
    pub suffix: Option<String>,
    /// Slots it may roll on.
    pub slots: Vec<Slot>,
    /// Modifier ids worn with the item.
    #[schemars(with = "Vec<String>")]
    pub modifiers: Vec<Spanned<String>>,
    /// Relative weight among the affixes of a slot.
    #[serde(default = "one")]
    pub weight: u32,
}
