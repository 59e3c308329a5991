//! Floor profiles (`[[floors]]`): map size, generator parameters and spawn tables.
use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// A floor profile: `depth` is the first floor it applies to (until the next profile's depth).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FloorDef {
    /// First floor (1-based) this profile applies to.
    pub depth: u32,
    /// Map width in tiles (odd, 11..=1001).
    pub width: u32,
    /// Map height in tiles (odd, 11..=1001).
    pub height: u32,
    /// Percent of corridor dead ends filled again, 0..=100.
    #[serde(default = "default_regression")]
    pub regression: f64,
    /// Percent of walls between corridors opened, 0..=100: of the walls that separate two
    /// corridor tiles in a straight line, counted before any is opened, this share (rounded)
    /// becomes floor.
    #[serde(default = "default_imperfection")]
    pub imperfection: f64,
    /// Loops first: walls whose walk around (from one side to the other) is at least this
    /// many tiles are opened before the rest, so loops join corridors that were far apart;
    /// shorter ones only make up the `imperfection` share when too few long ones are left.
    /// `0`: no preference, every wall is equally likely. At most 100.
    #[serde(default = "default_loop_min_gap")]
    pub loop_min_gap: u32,
    /// Rooms placed.
    #[serde(default)]
    pub rooms: u32,
    /// Smallest room side (odd, at least 3).
    #[serde(default = "default_room_min")]
    pub room_min: u32,
    /// Largest room side (odd, at least `room_min`, fitting inside the map).
    #[serde(default = "default_room_max")]
    pub room_max: u32,
    /// Placement tries per room.
    #[serde(default = "default_room_tries")]
    pub room_tries: u32,
    /// Monsters spawned.
    #[serde(default)]
    pub monsters: u32,
    /// Traps placed.
    #[serde(default)]
    pub traps: u32,
    /// Gold piles placed.
    #[serde(default)]
    pub treasure: u32,
    /// Gold per pile, inclusive range; low ≤ high ≤ 1000000.
    #[serde(default)]
    pub gold: (u32, u32),
    /// Which creatures spawn, by weight; creatures' own `spawn` rules add to it.
    #[serde(default)]
    pub spawns: Vec<SpawnDef>,
    /// Prefab room ids this floor draws from, `prefab_count` times; prefabs' own `depths`
    /// add to it.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub prefabs: Vec<Spanned<String>>,
    /// Prefab rooms placed.
    #[serde(default)]
    pub prefab_count: u32,
    /// Chance, 0..=1, that a doorway of an ordinary room (a floor tile of its edge with the
    /// room on one side and a corridor on the other) gets a closed door.
    #[serde(default = "default_door_chance")]
    pub door_chance: f64,
    /// Chance, 0..=1, that a door is secret: it looks like wall until found. A secret door
    /// never stands on the only way to anywhere (the stairs, treasure, items, monsters): where
    /// it would, it stays a plain door, so secret doors only ever shorten loops.
    #[serde(default = "default_secret_door_chance")]
    pub secret_door_chance: f64,
    /// What an ordinary room may hold, in order: each room draws once and holds the first
    /// feature whose chances so far add up past the draw, or none, so the chances add up to
    /// at most 1 (with the five `*_chance` fields below, which come first). None is laid
    /// where it would cut the stairs, treasure, items or monsters off from the up stairs, nor
    /// a harmful one (a kind that hurts, drops or blocks) in the room the hero arrives in,
    /// nor one that drops on the last floor. Core's floors list their lakes, pools, chasms,
    /// lava and grass here.
    #[serde(default)]
    pub features: Vec<FeatureDef>,
    /// Shorthand for a `features` entry (before the list): chance, 0..=1, that an ordinary
    /// room holds a lake: deep water (`core:deep_water`) ringed by shallows
    /// (`core:shallow_water`).
    #[serde(default)]
    pub lake_chance: f64,
    /// Shorthand: chance, 0..=1, that an ordinary room holds a pool of shallow water.
    #[serde(default)]
    pub pool_chance: f64,
    /// Shorthand: chance, 0..=1, that an ordinary room holds a chasm (`core:chasm`).
    #[serde(default)]
    pub chasm_chance: f64,
    /// Shorthand: chance, 0..=1, that an ordinary room holds a small pool of lava
    /// (`core:lava`).
    #[serde(default)]
    pub lava_chance: f64,
    /// Shorthand: chance, 0..=1, that an ordinary room holds a patch of grass (`core:grass`)
    /// with tall grass (`core:tall_grass`) in the middle.
    #[serde(default)]
    pub grass_chance: f64,
    /// Item piles placed on the floor, each one roll of `loot`; at most 1000.
    #[serde(default)]
    pub items: u32,
    /// Loot table each item pile rolls.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub loot: Option<Spanned<String>>,
    /// Which trap each of the floor's `traps` is, by weight; traps' own `spawn` rules add
    /// to it.
    #[serde(default)]
    pub trap_kinds: Vec<SpawnDef>,
    /// A shop: how often one of the floor's rooms is one, who keeps it and what it sells.
    #[serde(default)]
    pub shop: Option<ShopDef>,
}

/// A room feature: a terrain kind laid in a shape inside an ordinary room,
/// `{ terrain = "core:shallow_water", middle = "core:deep_water", chance = 0.1, shape = "lake" }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureDef {
    /// The terrain kind laid.
    #[schemars(with = "String")]
    pub terrain: Spanned<String>,
    /// The kind laid in the middle instead, for `lake` and `patch` (deep water in a lake,
    /// tall grass in a patch).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub middle: Option<Spanned<String>>,
    /// Chance, 0..=1, that an ordinary room holds it.
    pub chance: f64,
    /// `lake` (nine tenths of the room, its middle of the `middle` kind), `pool` (seven
    /// tenths), `small_pool` (a third), `patch` (the whole room, two fifths of it the
    /// `middle` kind), `scatter` (one floor tile in four, strewn) or `border` (the room's
    /// floor along its walls; never of a kind no one can cross, which would shut the
    /// room's doorways).
    pub shape: crate::dungeon::Shape,
}

/// A floor's shop: with `chance`, one room of the floor (not the one the hero arrives in,
/// nor the one with the stairs down) is a shop, its keeper standing in it with `items` wares
/// rolled from `stock`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShopDef {
    /// The chance a floor of this profile has a shop, 0..=1.
    pub chance: f64,
    /// The loot table each ware is one roll of (nothing rolled: one ware fewer).
    #[schemars(with = "String")]
    pub stock: Spanned<String>,
    /// How many rolls of `stock`, at most 40.
    #[serde(default = "default_wares")]
    pub items: u32,
    /// The keeper: a creature with `shopkeeper = true`.
    #[serde(default = "default_keeper")]
    #[schemars(with = "String")]
    pub keeper: Spanned<String>,
}

fn default_wares() -> u32 {
    6
}

fn default_keeper() -> Spanned<String> {
    Spanned::new(0..0, "core:shopkeeper".into())
}

pub(super) fn default_regression() -> f64 {
    30.0
}

pub(super) fn default_imperfection() -> f64 {
    10.0
}

pub(super) fn default_loop_min_gap() -> u32 {
    crate::dungeon::LOOP_MIN_GAP
}

pub(super) fn default_door_chance() -> f64 {
    crate::dungeon::DOOR_CHANCE
}

pub(super) fn default_secret_door_chance() -> f64 {
    crate::dungeon::SECRET_DOOR_CHANCE
}

pub(super) fn default_room_min() -> u32 {
    3
}

pub(super) fn default_room_max() -> u32 {
    9
}

pub(super) fn default_room_tries() -> u32 {
    40
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpawnDef {
    /// Creature (in `spawns`) or trap (in `trap_kinds`) id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Relative weight.
    pub weight: u32,
}

impl FloorDef {
    /// The room features, the five shorthand fields' first.
    pub fn features(&self) -> Vec<crate::dungeon::Feature> {
        let listed = self.features.iter().map(|f| crate::dungeon::Feature {
            terrain: f.terrain.get_ref().clone(),
            middle: f.middle.as_ref().map(|m| m.get_ref().clone()),
            chance: f.chance,
            shape: f.shape,
        });
        let (lake, pool, chasm) = (self.lake_chance, self.pool_chance, self.chasm_chance);
        let mut features =
            crate::dungeon::Feature::core(lake, pool, chasm, self.lava_chance, self.grass_chance);
        features.extend(listed);
        features
    }

    /// The generator's profile for this floor definition; prefab ids missing from `prefabs`
    /// are left out (loading reports them).
    pub fn profile(
        &self,
        prefabs: &BTreeMap<String, crate::dungeon::Prefab>,
    ) -> crate::dungeon::FloorProfile {
        crate::dungeon::FloorProfile {
            width: self.width,
            height: self.height,
            regression: self.regression,
            imperfection: self.imperfection,
            loop_min_gap: self.loop_min_gap,
            rooms: self.rooms,
            room_min: self.room_min,
            room_max: self.room_max,
            room_tries: self.room_tries,
            monsters: self.monsters,
            traps: self.traps,
            treasure: self.treasure,
            gold: self.gold,
            spawns: self
                .spawns
                .iter()
                .map(|s| crate::dungeon::SpawnEntry {
                    id: s.id.get_ref().clone(),
                    weight: s.weight,
                })
                .collect(),
            prefabs: self
                .prefabs
                .iter()
                .filter_map(|id| prefabs.get(id.get_ref()).cloned())
                .collect(),
            prefab_count: self.prefab_count,
            door_chance: self.door_chance,
            secret_door_chance: self.secret_door_chance,
            features: self.features(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::{DOOR_CHANCE, SECRET_DOOR_CHANCE};

    #[test]
    fn door_chances_default_reach_the_profile_and_are_checked() {
        let floor = "depth = 1\nwidth = 21\nheight = 21\n";
        let def: FloorDef = toml::from_str(floor).unwrap();
        let p = def.profile(&BTreeMap::new());
        assert_eq!(
            (p.door_chance, p.secret_door_chance),
            (DOOR_CHANCE, SECRET_DOOR_CHANCE)
        );
        let set = format!("{floor}door_chance = 1.5\nsecret_door_chance = 0.25\n");
        let p = toml::from_str::<FloorDef>(&set)
            .unwrap()
            .profile(&BTreeMap::new());
        assert_eq!((p.door_chance, p.secret_door_chance), (1.5, 0.25));
        assert!(p.validate().unwrap_err().starts_with("door_chance:"));
        // The core floors: doors from the first floor on, secret ones from the second.
        let core = crate::content::Content::core().unwrap();
        let chances = |k| {
            core.generator_profile(k)
                .map(|p| (p.door_chance, p.secret_door_chance))
        };
        assert_eq!(chances(1), Some((0.7, 0.0)));
        assert_eq!(chances(2), Some((0.7, 0.1)));
    }

    #[test]
    fn hazard_chances_default_to_none_and_the_last_floor_has_no_chasm() {
        let def: FloorDef = toml::from_str("depth = 1\nwidth = 21\nheight = 21\n").unwrap();
        let p = def.profile(&BTreeMap::new());
        assert!(
            p.features.is_empty(),
            "a mod's floors get no hazards unless they ask"
        );
        let core = crate::content::Content::core().unwrap();
        // The chance of the room feature laying `id` on floor `k` (0 when none does).
        let chance = |k, id: &str| {
            let p = core.generator_profile(k).unwrap();
            (p.features.iter())
                .filter(|f| f.terrain == id)
                .map(|f| f.chance)
                .sum::<f64>()
        };
        use crate::dungeon::{CHASM, GRASS, LAVA, SHALLOW_WATER};
        // Floor 1 is gentle: grass and shallows only; lava from floor 4.
        assert!(chance(1, GRASS) > 0.0 && chance(1, SHALLOW_WATER) > 0.0);
        assert_eq!((chance(1, CHASM), chance(1, LAVA)), (0.0, 0.0));
        let deep = |k| {
            let p = core.generator_profile(k).unwrap();
            p.features
                .iter()
                .any(|f| f.middle.as_deref() == Some(crate::dungeon::DEEP_WATER))
        };
        assert!(!deep(1) && deep(2));
        assert_eq!(chance(3, LAVA), 0.0);
        assert!(chance(5, LAVA) > 0.0);
        let last = core.balance.floors;
        assert!(chance(last - 1, CHASM) > 0.0);
        assert_eq!(chance(last, CHASM), 0.0, "nothing below the last floor");
    }
}
