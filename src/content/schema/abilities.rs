//! Abilities (`[[abilities]]`): what creatures can do in a fight.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::*;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AbilityDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
    /// Icon character (printable ASCII).
    #[serde(default = "default_ability_symbol")]
    #[schemars(with = "String")]
    pub symbol: Spanned<String>,
    /// Icon colour (name or `#rrggbb`).
    #[serde(default = "default_ability_color")]
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
    /// Stamina it costs, 0..=1000000.
    #[serde(default = "zero_cost")]
    #[schemars(with = "f64")]
    pub cost: Spanned<f64>,
    /// Turns until it can be used again: used on turn t, it is usable again on turn t + N (locked on the N − 1 turns between; 0 and 1 never lock). The same for the hero and monsters: cooldowns drop by one at the start of every fight turn, before anyone's choice is judged, and outside fights the hero's drop each turn (a monster's wait for the next fight).
    #[serde(default)]
    pub cooldown: u32,
    /// How far it reaches, in tiles, 1..=20: 1, the default, is melee (the target beside the
    /// user); more strikes from afar, a thrown dagger or an arrow, along the line of fire
    /// (a diagonal step counts one tile). Range lives on the map: a monster that has noticed
    /// the hero shoots from across the room when its `ai` list would choose the ability then,
    /// before any fight, and the hero throws along the line. Inside a fight, which has no
    /// positions, it is used as any ability.
    #[serde(default = "melee_range")]
    pub range: u32,
    /// Conditions under which it may be used at all.
    #[serde(default)]
    pub condition: Vec<Condition>,
    /// What it does, in order.
    #[serde(default)]
    pub actions: Vec<ActionDef>,
}

pub(super) fn zero_cost() -> Spanned<f64> {
    Spanned::new(0..0, 0.0)
}

pub(super) fn melee_range() -> u32 {
    1
}

pub(super) fn default_ability_symbol() -> Spanned<String> {
    Spanned::new(0..0, "*".into())
}

pub(super) fn default_ability_color() -> Spanned<String> {
    Spanned::new(0..0, "white".into())
}
