//! Traps (`[[traps]]`): what happens to the hero who steps on one.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::*;

/// A trap: what happens to the hero who steps on it (`self` is the victim).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrapDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
    /// Map character (printable ASCII).
    #[schemars(with = "String")]
    pub symbol: Spanned<String>,
    /// Map colour (name or `#rrggbb`).
    #[schemars(with = "String")]
    pub color: Spanned<String>,
    /// An icon of the atlas by name (e.g. `"skeleton"`; see Pictures), drawn in `color`
    /// instead of `symbol`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub icon: Option<Spanned<String>>,
    /// Mods only: a PNG file in the mod's folder (path from the folder holding `mod.toml`,
    /// e.g. `"ghoul.png"`), drawn as it is; it wins over `icon` (see Pictures).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub sprite: Option<Spanned<String>>,
    /// What it does to the victim.
    pub actions: Vec<ActionDef>,
    /// Where it is laid: each rule adds it to the trap kinds of the floors in its `depths`,
    /// with its `weight`, without copying a floor (see "Adding without copying").
    #[serde(default)]
    pub spawn: Vec<SpawnRule>,
}
