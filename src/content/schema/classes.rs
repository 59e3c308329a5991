//! Hero classes (`[[classes]]`): who the hero is at the start of a run and how it grows.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::*;

/// A class: the hero creature (`core:hero`) with its own attributes, abilities, starting kit
/// and growth. What it does not say, it keeps from the hero.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClassDef {
    /// Namespaced id, e.g. `mymod:duelist`; not the id of a creature.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
    /// One paragraph shown on the class choice screen.
    pub description: String,
    /// The hero's colour in this class (name or `#rrggbb`).
    #[schemars(with = "String")]
    pub color: Spanned<String>,
    /// An icon of the atlas by name (see Pictures): the class on the choice screen and the
    /// hero on the map.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub icon: Option<Spanned<String>>,
    /// Mods only: a PNG file in the mod's folder, drawn as it is; it wins over `icon`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub sprite: Option<Spanned<String>>,
    /// Where it stands on the choice screen, lowest first (ties by id). The first is the
    /// class of a run started without a choice (`delve sim` without `--class`).
    #[serde(default)]
    pub order: i32,
    /// Base attributes: each one given replaces the hero creature's, the others stay.
    #[serde(default)]
    pub base: Attributes,
    /// The hero's abilities in this class, replacing the hero creature's list; empty: the
    /// hero's own.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub abilities: Vec<Spanned<String>>,
    /// Items worn from the start, at most one a slot (no consumables).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub wear: Vec<Spanned<String>>,
    /// Items in the pack from the start.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub carry: Vec<Spanned<String>>,
    /// Gold at the start, at most 1000000.
    #[serde(default)]
    pub gold: u32,
    /// What each level adds, replacing `[progression]`'s `per_level` for this class; absent:
    /// `[progression]`'s.
    #[serde(default)]
    pub per_level: Option<Attributes>,
    /// Scales the stealth range (`[balance]`'s `stealth_range`): below 1 the hero is noticed
    /// from nearer (0.1..=10, default 1).
    #[serde(default = "one")]
    pub stealth: f64,
    /// The damage factor of this class's sneak attacks, replacing `[balance]`'s
    /// `sneak_attack` (1..=100).
    #[serde(default)]
    pub sneak_attack: Option<f64>,
}

fn one() -> f64 {
    1.0
}
