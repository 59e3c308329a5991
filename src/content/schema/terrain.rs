//! Terrain (`[[terrain]]`): what each tile of a floor is made of: walls, floor, doors,
//! stairs and what mods add.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// A kind of terrain. The engine places `core:wall`, `core:floor`, `core:door` (closed),
/// `core:open_door`, `core:secret_door`, `core:stairs_up` and `core:stairs_down` itself; a
/// pack may redefine them but not take them away.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainDef {
    /// Namespaced id, e.g. `core:door`.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// What the screen reader and the surroundings call it, with its article where it
    /// needs one: `"a closed door"`, `"floor"`.
    pub name: String,
    /// What examining it says: `"A closed door. Walk into it to open it."`.
    pub description: String,
    /// Its character in text views (the map as text, `delve gen`).
    #[schemars(with = "String")]
    pub glyph: Spanned<String>,
    /// How the map draws the ground under it: `"wall"` (a block, joined to its
    /// neighbours) or `"floor"` (flagstones).
    #[serde(default = "floor_surface")]
    #[schemars(with = "String")]
    pub surface: Spanned<String>,
    /// Its colour where the hero sees it (name or `#rrggbb`).
    #[schemars(with = "String")]
    pub color: Spanned<String>,
    /// Its colour where the hero only remembers it; by default, `color` dimmed and greyed.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub remembered: Option<Spanned<String>>,
    /// An icon of the atlas by name (see Pictures), drawn over the ground.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub icon: Option<Spanned<String>>,
    /// Creatures may stand on it.
    #[serde(default)]
    pub walkable: bool,
    /// It stops sight (the hero's and the monsters').
    #[serde(default)]
    pub blocks_sight: bool,
    /// Walking into it makes it this terrain instead of entering it (a closed door opens):
    /// that is the move.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub opens_to: Option<Spanned<String>>,
    /// The `close_door` command makes it this terrain (an open door closes).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub closes_to: Option<Spanned<String>>,
    /// It is hidden: searching finds it, and it becomes this terrain (a secret door).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub found_as: Option<Spanned<String>>,
}

fn floor_surface() -> Spanned<String> {
    Spanned::new(0..0, "floor".into())
}
