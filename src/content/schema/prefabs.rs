//! Prefab rooms (`[[prefabs]]`): hand-made rooms with their encounters.
use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::*;

/// A hand-made room: `rows` of `#` wall, `.` floor, `+` door and legend characters, each a
/// floor tile with a creature on it (those creatures are the room's encounter) or a tile of
/// a terrain kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrefabDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// The layout, one string per row, all of one length.
    #[schemars(with = "Vec<String>")]
    pub rows: Vec<Spanned<String>>,
    /// Legend characters to creature ids or terrain kinds, e.g. `{ s = "core:skeleton",
    /// "~" = "core:deep_water" }`. A terrain character is laid once the floor is placed
    /// (nothing is put on it); in a prefab whose terrain no one can cross would cut its room
    /// apart, none of its terrain is laid.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, String>")]
    pub legend: BTreeMap<String, Spanned<String>>,
    /// Floors it is added to: one depth (`3`) or an inclusive range (`[3, 5]`), from 1 to
    /// the run's last floor; each of them lists it among its `prefabs` without a copy of the
    /// floor (see "Adding without copying"). It must fit inside each of those floors.
    #[serde(default)]
    #[schemars(with = "Option<Depths>")]
    pub depths: Option<Spanned<Depths>>,
    /// With `depths`: how many times each of those floors lists it, 1..=100. A floor draws
    /// each of its `prefab_count` rooms from its list with every line alike, so this is
    /// its weight against the floor's other prefabs (each of those counts 1).
    #[serde(default = "weight_one")]
    #[schemars(with = "u32")]
    pub weight: Spanned<u32>,
}
