//! The floor's state: everything that belongs to the one floor the hero is on (its map and
//! stairs, what the hero has seen of it, who lives on it, what lies on it, its encounter
//! rooms, its shop, its alarm). Entering a floor for the first time makes it from (seed,
//! depth) alone; a floor the hero left is kept as it was (`super::depths`).
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::shop::Shop;
use super::state::{Creature, CreatureId, ItemInstance};
use super::wire::{bits, pairs};
use crate::dungeon;
use crate::map::{Pos, Tile, TileMap};

/// One floor as it stands. A new field here is part of what a floor is: it is saved and
/// hashed with the rest (a row in `wire::GAME_FIELDS`, a line in `wire::SavedGame`), made anew
/// by `Game::enter_floor`, kept whole when the hero leaves (`Depths::kept`, which reads it by
/// this derive), and compared when two floors are (the generation's and the rules' tests).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FloorState {
    /// Which floor, from 1 at the top.
    #[serde(rename = "floor")]
    pub depth: u32,
    pub map: TileMap,
    pub up: Pos,
    pub down: Pos,
    /// Tiles the hero has seen, and the tiles in its view now, by map index (written four
    /// tiles to a hexadecimal digit).
    #[serde(with = "bits")]
    pub explored: Vec<bool>,
    #[serde(with = "bits")]
    pub visible: Vec<bool>,
    /// Everyone on the floor, the hero among them.
    pub creatures: BTreeMap<CreatureId, Creature>,
    /// Gold by tile. Written as a list of pairs: JSON maps only take string keys.
    #[serde(with = "pairs")]
    pub treasure: BTreeMap<Pos, u32>,
    /// Traps by tile, with their kind (a trap id).
    #[serde(with = "pairs")]
    pub traps: BTreeMap<Pos, String>,
    /// Items lying on the floor, by tile.
    #[serde(with = "pairs")]
    pub ground: BTreeMap<Pos, Vec<ItemInstance>>,
    /// Prefab rooms whose guards fight together when the hero walks in; gone once triggered.
    pub encounter_rooms: Vec<EncounterRoom>,
    /// The floor's shop, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shop: Option<Shop>,
    /// The forager's alarm: every monster chases for the rest of the floor.
    pub alarm: bool,
}

impl FloorState {
    /// No floor yet: what a new run holds until it enters floor 1.
    pub(super) fn empty() -> FloorState {
        FloorState {
            depth: 0,
            map: TileMap::new(1, 1, Tile::WALL),
            up: Pos::default(),
            down: Pos::default(),
            explored: Vec::new(),
            visible: Vec::new(),
            creatures: BTreeMap::new(),
            treasure: BTreeMap::new(),
            traps: BTreeMap::new(),
            ground: BTreeMap::new(),
            encounter_rooms: Vec::new(),
            shop: None,
            alarm: false,
        }
    }
}

/// A prefab room with its encounter: the hero walking in starts the fight with its guards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EncounterRoom {
    pub prefab: String,
    /// The room's inside, without its wall ring.
    pub room: dungeon::Rect,
    pub guards: Vec<CreatureId>,
}
