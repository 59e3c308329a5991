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
    /// Arrows, bolts and thrown things stop at it. Nothing sets it for you: walls and closed
    /// doors set it, deep water and chasms leave it off (things fly over them).
    #[serde(default)]
    pub blocks_projectiles: bool,
    /// The sound underfoot, for footsteps: `"stone"` (the default), `"water"`, `"grass"` or
    /// `"wood"`.
    #[serde(default = "stone")]
    #[schemars(with = "String")]
    pub material: Spanned<String>,
    /// How far, in tiles, a step onto it can be heard (0 to 20; 0, the default, is quiet):
    /// shallow water splashes.
    #[serde(default)]
    pub noise: u32,
    /// Walking onto it leaves this terrain behind (tall grass is trampled to grass), after
    /// what `on_enter` does.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub trampled_to: Option<Spanned<String>>,
    /// What happens to the hero who walks onto it. Terrain that hurts or drops is a hazard:
    /// monsters never step onto it, travel and auto-explore go round it, generation keeps
    /// the stairs, treasure and items reachable without crossing it, and nothing is put on
    /// it.
    #[serde(default)]
    pub on_enter: Option<OnEnterDef>,
    /// A modifier (its id) that whoever stands on it has: put on every creature standing
    /// here at each turn's ticks (exploring, and each round of a fight), with the modifier's
    /// own duration and stacking, so one of `duration = 1` lasts while the creature stays.
    /// It makes terrain matter without making it a hazard: monsters walk onto it as onto
    /// floor.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub while_standing: Option<Spanned<String>>,
}

/// What entering a terrain does: `damage` (of `damage_type`, less the walker's resistance
/// to it), or `fall` to the next floor. One of the two.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OnEnterDef {
    /// Damage dealt on entering, before resistance (at most 1000).
    #[serde(default)]
    pub damage: u32,
    /// Its damage type: `"core:fire"` (a core type may be written bare, `"fire"`).
    #[serde(default = "physical")]
    #[schemars(with = "String")]
    pub damage_type: Spanned<String>,
    /// The walker falls to the next floor, taking `[balance]`'s `fall_damage`, and lands on
    /// a random floor tile there. Never placed on the last floor, where it only hurts.
    #[serde(default)]
    pub fall: bool,
    /// The log line, `{amount}` standing for the damage dealt: `"The lava burns you for
    /// {amount}!"`. By default `"The <name> hurts you for {amount}!"`, or for a fall
    /// `"You fall into the <name>!"`.
    #[serde(default)]
    pub message: Option<String>,
}

fn stone() -> Spanned<String> {
    Spanned::new(0..0, "stone".into())
}

fn physical() -> Spanned<String> {
    Spanned::new(0..0, "core:physical".into())
}

fn floor_surface() -> Spanned<String> {
    Spanned::new(0..0, "floor".into())
}
