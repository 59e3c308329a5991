//! One generated floor and the pipeline that makes it from (profile, run seed, floor number).
use super::connect::connect_work;
use super::doors::{DOOR_STREAM, doors_work};
use super::hazards::{HAZARD_STREAM, HazardKinds, hazards_work, prefab_terrain_work};
use super::maze::carve;
use super::place::place_work;
use super::profile::{FloorProfile, MAX_SIDE};
use super::regression::{imperfect_work, regress_work};
use super::rooms::place_rooms_work;
use crate::map::{Pos, Terrains, TileMap};
use crate::rng::floor_rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A rectangle of tiles: `x..x + w` by `y..y + h`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Self {
        Self { x, y, w, h }
    }

    pub const fn contains(&self, p: Pos) -> bool {
        p.x >= self.x && p.y >= self.y && p.x < self.x + self.w && p.y < self.y + self.h
    }

    /// At least one tile between the two on some axis (so walls can stand between them).
    pub const fn separated(&self, o: &Rect) -> bool {
        self.x + self.w < o.x || o.x + o.w < self.x || self.y + self.h < o.y || o.y + o.h < self.y
    }
}

/// A creature to put on the map: `room` is the index into `Floor::rooms` it starts in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spawn {
    pub pos: Pos,
    pub id: String,
    pub room: Option<usize>,
}

/// A prefab room whose monsters fight together when the hero walks in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Encounter {
    pub room: usize,
    pub prefab: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Floor {
    /// Terrain, stairs included (`Tile::STAIRS_UP` at `up`, `Tile::STAIRS_DOWN` at `down`).
    pub map: TileMap,
    pub up: Pos,
    pub down: Pos,
    pub hero: Pos,
    /// Prefab rooms first (the ones `encounters` refer to), then the ordinary rooms.
    pub rooms: Vec<Rect>,
    pub monsters: Vec<Spawn>,
    pub traps: Vec<Pos>,
    /// Treasure piles and their gold.
    pub treasure: Vec<(Pos, u32)>,
    pub encounters: Vec<Encounter>,
}

/// Floor `floor` of run `seed` with the engine's terrain alone (no hazards: the engine's
/// table has none of their kinds); see `generate_in`.
pub fn generate(profile: &FloorProfile, seed: u64, floor: u32) -> Floor {
    generate_in(profile, seed, floor, &Terrains::builtin())
}

/// Floor `floor` of run `seed`: maze, regression, imperfection, rooms, connection, placement,
/// all drawing from `floor_rng(seed, floor)` in that order, so the same inputs give the same
/// floor on every platform; then doors and then hazards, each from a stream of its own so
/// that their chances change nothing else. Hazards are `terrains`' kinds (the content's),
/// which the map's tiles index. Sides outside 5..=1001 are clamped into it (`validate`
/// rejects them); every other degenerate setting yields whatever fits.
pub fn generate_in(
    profile: &FloorProfile,
    seed: u64,
    floor: u32,
    terrains: &Arc<Terrains>,
) -> Floor {
    let mut rng = floor_rng(seed, floor);
    let (w, h) = (
        profile.width.clamp(5, MAX_SIDE),
        profile.height.clamp(5, MAX_SIDE),
    );
    // Filling dead ends removes leaves only, so the walk's tree stays a tree of what is left.
    let (mut work, tree) = carve(w, h, &mut rng, true);
    regress_work(&mut work, profile.regression, &mut rng);
    let (imperfection, gap) = (profile.imperfection, profile.loop_min_gap);
    imperfect_work(&mut work, imperfection, gap, &mut rng, tree.as_ref());
    drop(tree);
    let layout = place_rooms_work(&mut work, profile, &mut rng);
    connect_work(&mut work, &layout.footprints);
    let placed = place_work(&mut work, profile, &layout, &mut rng);
    let ordinary = &layout.rooms[layout.footprints.len()..];
    let (door, secret) = (profile.door_chance, profile.secret_door_chance);
    let mut door_rng = floor_rng(seed ^ DOOR_STREAM, floor);
    doors_work(&mut work, ordinary, &placed, door, secret, &mut door_rng);
    let kinds = HazardKinds::of(terrains, profile);
    let prefab_rooms = &layout.rooms[..layout.footprints.len()];
    prefab_terrain_work(
        &mut work,
        prefab_rooms,
        &layout.terrain,
        &placed,
        terrains,
        &kinds,
    );
    let mut hazard_rng = floor_rng(seed ^ HAZARD_STREAM, floor);
    hazards_work(&mut work, ordinary, &placed, &kinds, &mut hazard_rng);
    Floor {
        map: work.to_map_in(terrains.clone()),
        up: placed.up,
        down: placed.down,
        hero: placed.up,
        rooms: layout.rooms,
        monsters: placed.monsters,
        traps: placed.traps,
        treasure: placed.treasure,
        encounters: placed.encounters,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::testutil::{check_floor, components};
    use proptest::prelude::*;

    type Change = Box<dyn Fn(&mut FloorProfile)>;

    fn sized(floor: u32, w: u32, h: u32) -> FloorProfile {
        FloorProfile {
            width: w,
            height: h,
            ..FloorProfile::default_for_depth(floor)
        }
    }

    #[test]
    fn rect_geometry() {
        let r = Rect::new(1, 1, 3, 3);
        assert!(r.contains(Pos::new(3, 3)) && !r.contains(Pos::new(4, 1)));
        assert!(r.separated(&Rect::new(5, 1, 3, 3)));
        assert!(
            !r.separated(&Rect::new(4, 1, 3, 3)),
            "touching is not separated"
        );
        assert!(!r.separated(&Rect::new(2, 2, 1, 1)));
        assert!(r.separated(&Rect::new(5, 5, 1, 1)));
    }

    #[test]
    fn default_floors_keep_every_promise() {
        for floor in 1..=8 {
            for seed in 0..25 {
                let p = FloorProfile::default_for_depth(floor);
                let f = generate(&p, seed, floor);
                check_floor(&f, &p);
                assert!(
                    f.monsters.len() as u32 >= p.monsters,
                    "room for all on floor {floor}"
                );
                assert_eq!(f.traps.len() as u32, p.traps);
                assert_eq!(f.treasure.len() as u32, p.treasure);
                assert!(f.rooms.len() >= 3);
            }
        }
    }

    #[test]
    fn encounters_appear() {
        let p = FloorProfile::default_for_depth(5);
        let with = (0..20)
            .filter(|&s| !generate(&p, s, 5).encounters.is_empty())
            .count();
        assert!(with >= 15, "{with} of 20 floors have an encounter");
    }

    #[test]
    fn same_inputs_same_bytes_and_inputs_matter() {
        let p = FloorProfile::default_for_depth(4);
        let a = generate(&p, 77, 4);
        let b = generate(&p, 77, 4);
        assert_eq!(a, b);
        assert_eq!(
            serde_json::to_vec(&a).unwrap(),
            serde_json::to_vec(&b).unwrap()
        );
        assert_ne!(a.map, generate(&p, 78, 4).map);
        assert_ne!(a.map, generate(&p, 77, 5).map);
        let back: Floor = serde_json::from_slice(&serde_json::to_vec(&a).unwrap()).unwrap();
        assert_eq!(back, a);
    }

    #[test]
    fn largest_floor_is_connected() {
        if !crate::test_tier::run_slow("the 1001x1001 floor") {
            return;
        }
        let p = sized(8, 1001, 1001);
        let f = generate(&p, 2024, 8);
        check_floor(&f, &p);
        assert!(f.rooms.len() >= 10);
    }

    #[test]
    fn large_thin_and_loopy() {
        if !crate::test_tier::run_slow("the 1001x61 floor") {
            return;
        }
        let mut p = sized(6, 1001, 61);
        (p.regression, p.imperfection, p.rooms) = (80.0, 60.0, 400);
        let f = generate(&p, 9, 6);
        check_floor(&f, &p);
        assert_eq!(f, generate(&p, 9, 6));
    }

    #[test]
    fn degenerate_profiles_do_not_hang_or_panic() {
        let base = sized(3, 11, 11);
        let cases: Vec<Change> = vec![
            Box::new(|_| {}),
            Box::new(|p| p.regression = 100.0),
            Box::new(|p| (p.regression, p.rooms, p.prefab_count) = (100.0, 0, 0)),
            Box::new(|p| (p.regression, p.imperfection) = (0.0, 100.0)),
            Box::new(|p| (p.monsters, p.traps, p.treasure) = (u32::MAX, u32::MAX, u32::MAX)),
            Box::new(|p| (p.rooms, p.room_tries) = (u32::MAX, u32::MAX)),
            Box::new(|p| (p.room_min, p.room_max) = (31, 41)),
            Box::new(|p| (p.prefab_count, p.room_tries) = (1000, 0)),
            Box::new(|p| p.spawns.clear()),
            Box::new(|p| p.gold = (u32::MAX, 0)),
            Box::new(|p| (p.regression, p.imperfection) = (f64::NAN, f64::INFINITY)),
            Box::new(|p| (p.imperfection, p.loop_min_gap) = (50.0, 0)),
            Box::new(|p| (p.imperfection, p.loop_min_gap) = (50.0, u32::MAX)),
        ];
        for (k, change) in cases.iter().enumerate() {
            let mut p = base.clone();
            change(&mut p);
            for seed in 0..20 {
                let f = generate(&p, seed, 3);
                let mut checked = p.clone();
                checked.gold = (p.gold.0.min(p.gold.1), p.gold.0.max(p.gold.1));
                check_floor(&f, &checked);
                assert!(
                    k != 4 || !f.monsters.is_empty(),
                    "monsters fit on every 11x11 floor"
                );
            }
        }
        // Sides below the minimum are raised to 5; above the maximum lowered to 1001.
        for (w, h) in [(0, 0), (1, 7), (4, 6), (5, 5)] {
            let f = generate(&sized(1, w, h), 1, 1);
            assert_eq!((f.map.width(), f.map.height()), (w.max(5), h.max(5)));
            assert_ne!(f.up, f.down);
            assert_eq!(components(&f.map), 1);
        }
    }

    fn odd(lo: u32, hi: u32) -> impl Strategy<Value = u32> {
        (lo / 2..=hi / 2).prop_map(|k| 2 * k + 1)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(crate::test_tier::cases(1000)))]
        #[test]
        fn small_floors(seed: u64, floor in 1u32..=8, w in odd(11, 31), h in odd(11, 31)) {
            let p = sized(floor, w, h);
            let f = generate(&p, seed, floor);
            check_floor(&f, &p);
            prop_assert_eq!(f, generate(&p, seed, floor));
        }

        #[test]
        fn minimum_floors(seed: u64, floor in 1u32..=8) {
            let p = sized(floor, 11, 11);
            check_floor(&generate(&p, seed, floor), &p);
        }

        #[test]
        fn medium_floors(seed: u64, floor in 1u32..=8, w in odd(33, 121), h in odd(33, 91)) {
            let p = sized(floor, w, h);
            let f = generate(&p, seed, floor);
            check_floor(&f, &p);
            prop_assert_eq!(f, generate(&p, seed, floor));
        }

        #[test]
        fn any_knobs(
            seed: u64,
            w in odd(11, 61),
            h in odd(11, 61),
            regression in 0.0..=100.0f64,
            imperfection in 0.0..=100.0f64,
            rooms in 0u32..40,
            sizes in (1u32..=4, 0u32..=4),
            counts in (0u32..200, 0u32..100, 0u32..100),
            prefab_count in 0u32..4,
            loop_min_gap in 0u32..=crate::dungeon::MAX_LOOP_GAP,
        ) {
            let mut p = sized(5, w, h);
            (p.regression, p.imperfection, p.rooms) = (regression, imperfection, rooms);
            (p.room_min, p.room_max) = (2 * sizes.0 + 1, 2 * (sizes.0 + sizes.1) + 1);
            (p.monsters, p.traps, p.treasure) = counts;
            (p.prefab_count, p.loop_min_gap) = (prefab_count, loop_min_gap);
            let f = generate(&p, seed, 5);
            check_floor(&f, &p);
            prop_assert_eq!(f, generate(&p, seed, 5));
        }
    }
}
