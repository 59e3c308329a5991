//! Step 7: room features in ordinary rooms: lakes, pools, chasms, lava, grass, and whatever
//! terrain a pack's floor profiles list.
//!
//! Each ordinary room draws once: with the chances of the profile's `features` it holds one
//! of them or nothing (core's floors: a lake of deep water ringed by shallows, a pool of
//! shallow water, a chasm, a small pool of lava or a patch of grass with tall grass in the
//! middle). A shape is a noisy ellipse inside the room, tiles strewn in it, or its edge, on
//! plain floor only (never on the stairs or on what placement put down).
//!
//! Everything stays playable: a shape whose tiles no one can cross (deep water, a chasm,
//! lava; whatever a pack makes unwalkable or harmful) is kept only when the room's safe
//! tiles and the tiles around it that met before still meet inside the room and its ring.
//! Every way across the room went in and out through that ring, so whatever was reachable
//! from the up stairs without crossing a hazard or a secret door still is. Harmful shapes
//! stay out of the room the hero arrives in.
//!
//! The kinds are the content's, looked up by id: a pack without one places none of it. The
//! step runs last and draws from its own generator (`HAZARD_STREAM`), so the other steps
//! and everything placed are the same, for the same seed, whatever the chances are.
use super::field::Work;
use super::floor::Rect;
use super::place::Placement;
use super::profile::{FloorProfile, Shape};
use crate::map::{Pos, Terrains, Tile};
use crate::rng::{Rng, unit};

/// Salt of the hazards' generator, `floor_rng(seed ^ HAZARD_STREAM, floor)` ("HAZARD").
pub const HAZARD_STREAM: u64 = 0x4841_5A41_5244_0000;

/// The terrain ids of core's room features.
pub const DEEP_WATER: &str = "core:deep_water";
pub const SHALLOW_WATER: &str = "core:shallow_water";
pub const CHASM: &str = "core:chasm";
pub const LAVA: &str = "core:lava";
pub const GRASS: &str = "core:grass";
pub const TALL_GRASS: &str = "core:tall_grass";
/// The room features of a floor's profile, as tiles of the floor's terrain table, and which
/// tiles of that table are safe to walk (walkable, no hazard).
pub(crate) struct HazardKinds {
    /// Each feature's chance and what it lays (none when the table has neither of its kinds).
    features: Vec<(f64, Option<Laid>)>,
    safe: [bool; 256],
}

impl HazardKinds {
    pub fn of(terrains: &Terrains, profile: &FloorProfile) -> Self {
        let mut safe = [false; 256];
        for (s, r) in safe.iter_mut().zip(terrains.table().iter()) {
            *s = r.safe();
        }
        let features = (profile.features.iter())
            .map(|f| {
                let rim = terrains.tile(&f.terrain);
                let middle = f.middle.as_deref().and_then(|m| terrains.tile(m));
                // A missing kind: the shape goes without that part; without either, there
                // is no shape.
                let laid = (rim.is_some() || middle.is_some()).then(|| Laid {
                    shape: f.shape,
                    rim,
                    middle,
                    harmful: [rim, middle]
                        .iter()
                        .flatten()
                        .any(|t| !safe[usize::from(t.0)]),
                });
                (f.chance, laid)
            })
            .collect();
        Self { features, safe }
    }

    /// Whether the profile lays anything the table has.
    fn any(&self) -> bool {
        self.features.iter().any(|(_, laid)| laid.is_some())
    }

    fn safe(&self, t: Tile) -> bool {
        self.safe[usize::from(t.0)]
    }

    /// The feature a room's draw `u` picks: the profile's in order, each its chance wide.
    fn pick(&self, u: f64) -> Option<&Laid> {
        let mut edge = 0.0;
        let which = self.features.iter().position(|&(c, _)| {
            edge += c.clamp(0.0, 1.0);
            u < edge
        })?;
        self.features[which].1.as_ref()
    }
}

/// One room's feature as the floor lays it: its shape, and the kinds of its rim and middle
/// (`None`: that part stays floor).
struct Laid {
    shape: Shape,
    rim: Option<Tile>,
    middle: Option<Tile>,
    /// It hurts or blocks: not in the hero's arrival room.
    harmful: bool,
}

impl Shape {
    /// An ellipse's size as a share of the room, and its middle's share of the ellipse.
    fn ellipse(self) -> Option<(f64, f64)> {
        match self {
            Shape::Lake => Some((0.9, 0.45)),
            Shape::Pool => Some((0.7, 0.0)),
            Shape::SmallPool => Some((0.35, 0.0)),
            Shape::Patch => Some((1.0, 0.4)),
            Shape::Scatter | Shape::Border => None,
        }
    }
}

/// What the step keeps per tile of a room's box, one bit each.
const BEFORE: u8 = 1;
const AFTER: u8 = 2;
const CHANGED: u8 = 4;
const WAS_SAFE: u8 = 8;

/// Puts the profile's lakes, pools, chasms, lava and grass into `rooms` (the ordinary
/// rooms), as the module says.
pub(crate) fn hazards_work(
    work: &mut Work,
    rooms: &[Rect],
    placed: &Placement,
    kinds: &HazardKinds,
    rng: &mut Rng,
) {
    if !kinds.any() {
        return;
    }
    let taken = taken(work, placed);
    let mut marks = Vec::new();
    let mut changed = Vec::new();
    for room in rooms {
        let Some(shape) = kinds.pick(unit(rng)) else {
            continue;
        };
        if shape.harmful && room.contains(placed.up) {
            continue;
        }
        changed.clear();
        draw(work, room, shape, &taken, rng, &mut changed);
        keep_if_crossable(work, room, kinds, &changed, &mut marks);
    }
}

/// Keeps what was just laid in `room` (`changed` holds what each tile was) unless a tile
/// of it no one can cross cuts off what met before; else puts every tile back.
fn keep_if_crossable(
    work: &mut Work,
    room: &Rect,
    kinds: &HazardKinds,
    changed: &[(usize, Tile)],
    marks: &mut Vec<u8>,
) {
    let blocks = changed.iter().any(|&(i, _)| !kinds.safe(work.t[i]));
    if blocks && !still_meets(work, room, kinds, changed, marks) {
        for &(i, was) in changed.iter().rev() {
            work.t[i] = was;
        }
    }
}

/// Puts `t` on tile `i` when it is plain floor that placement left free (`taken`, sorted),
/// noting what it was.
fn lay_on_floor(
    work: &mut Work,
    i: usize,
    t: Tile,
    taken: &[usize],
    changed: &mut Vec<(usize, Tile)>,
) {
    if work.t[i] == Tile::FLOOR && taken.binary_search(&i).is_err() {
        changed.push((i, work.t[i]));
        work.t[i] = t;
    }
}

/// The tiles placement put something on, sorted: features leave them plain.
fn taken(work: &Work, placed: &Placement) -> Vec<usize> {
    let mut taken: Vec<usize> = (placed.monsters.iter().map(|m| m.pos))
        .chain(placed.traps.iter().copied())
        .chain(placed.treasure.iter().map(|t| t.0))
        .chain([placed.up, placed.down])
        .filter_map(|p| work.interior(p))
        .collect();
    taken.sort_unstable();
    taken
}

/// Lays the prefabs' terrain characters (`tiles`: each tile, its kind's id and its prefab
/// room's place in `rooms`) on the plain floor placement left free. A prefab room whose
/// tiles no one can cross would cut off what met before gets none of its terrain, as a
/// feature would not be laid; a kind the table lacks stays floor.
pub(crate) fn prefab_terrain_work(
    work: &mut Work,
    rooms: &[Rect],
    tiles: &[(Pos, String, usize)],
    placed: &Placement,
    terrains: &Terrains,
    kinds: &HazardKinds,
) {
    if tiles.is_empty() {
        return;
    }
    let taken = taken(work, placed);
    let (mut marks, mut changed) = (Vec::new(), Vec::new());
    for one in tiles.chunk_by(|a, b| a.2 == b.2) {
        changed.clear();
        for (pos, id, _) in one {
            if let (Some(t), Some(i)) = (terrains.tile(id), work.interior(*pos)) {
                lay_on_floor(work, i, t, &taken, &mut changed);
            }
        }
        keep_if_crossable(work, &rooms[one[0].2], kinds, &changed, &mut marks);
    }
}

/// Lays `laid` into `room` on plain floor only, noting each tile changed with what it was:
/// an ellipse around a random centre, its edge roughened; tiles strewn; or the room's edge.
fn draw(
    work: &mut Work,
    room: &Rect,
    laid: &Laid,
    taken: &[usize],
    rng: &mut Rng,
    changed: &mut Vec<(usize, Tile)>,
) {
    let mut lay = |work: &mut Work, x: i32, y: i32, kind: Option<Tile>| {
        if let (Some(i), Some(t)) = (work.interior(Pos::new(x, y)), kind.or(laid.rim)) {
            lay_on_floor(work, i, t, taken, changed);
        }
    };
    let Some((size, core)) = laid.shape.ellipse() else {
        for y in room.y..room.y + room.h {
            for x in room.x..room.x + room.w {
                let edge = x == room.x
                    || y == room.y
                    || x == room.x + room.w - 1
                    || y == room.y + room.h - 1;
                let here = match laid.shape {
                    // One draw a tile whatever it becomes, as the ellipses do.
                    Shape::Scatter => unit(rng) < 0.25,
                    _ => edge,
                };
                if here {
                    lay(work, x, y, None);
                }
            }
        }
        return;
    };
    let (w, h) = (room.w as f64, room.h as f64);
    let rx = (w * size / 2.0).max(0.8);
    let ry = (h * size / 2.0).max(0.8);
    // The centre keeps the shape mostly inside the room.
    let cx = room.x as f64 + rx.min(w / 2.0) + unit(rng) * (w - 2.0 * rx.min(w / 2.0));
    let cy = room.y as f64 + ry.min(h / 2.0) + unit(rng) * (h - 2.0 * ry.min(h / 2.0));
    for y in room.y..room.y + room.h {
        for x in room.x..room.x + room.w {
            let (dx, dy) = ((x as f64 + 0.5 - cx) / rx, (y as f64 + 0.5 - cy) / ry);
            // One draw a tile whatever it becomes, so the shape depends on the room alone.
            let d = dx * dx + dy * dy + (unit(rng) - 0.5) * 0.5;
            if d <= 1.0 {
                lay(work, x, y, if d <= core { laid.middle } else { None });
            }
        }
    }
}

/// Whether the safe tiles of `room` and its ring that met inside that box before the change
/// (`changed` holds what they were) still all meet inside it.
fn still_meets(
    work: &Work,
    room: &Rect,
    kinds: &HazardKinds,
    changed: &[(usize, Tile)],
    marks: &mut Vec<u8>,
) -> bool {
    let x0 = (room.x - 1).max(0) as usize;
    let y0 = (room.y - 1).max(0) as usize;
    let x1 = ((room.x + room.w + 1) as usize).min(work.w);
    let y1 = ((room.y + room.h + 1) as usize).min(work.h);
    let bw = x1 - x0;
    let boxed = |i: usize| {
        let (x, y) = (i % work.w, i / work.w);
        (x0..x1).contains(&x) && (y0..y1).contains(&y)
    };
    let local = |i: usize| (i / work.w - y0) * bw + (i % work.w - x0);
    marks.clear();
    marks.resize(bw * (y1 - y0), 0);
    for &(i, t) in changed {
        marks[local(i)] |= CHANGED | (WAS_SAFE * u8::from(kinds.safe(t)));
    }
    let was_safe = |marks: &[u8], i: usize| {
        let m = marks[local(i)];
        if m & CHANGED != 0 {
            m & WAS_SAFE != 0
        } else {
            kinds.safe(work.t[i])
        }
    };
    // Before: from the room's first tile that was safe (an ordinary room is plain safe
    // floor, so one group; a prefab's walls may part it: its first group is checked).
    let first = (room.y..room.y + room.h)
        .flat_map(|y| (room.x..room.x + room.w).map(move |x| Pos::new(x, y)))
        .filter_map(|p| work.interior(p))
        .find(|&i| was_safe(marks, i));
    let Some(first) = first else {
        return false;
    };
    let mut stack = vec![first];
    marks[local(first)] |= BEFORE;
    while let Some(i) = stack.pop() {
        for n in work.around(i) {
            if boxed(n) && marks[local(n)] & BEFORE == 0 && was_safe(marks, n) {
                marks[local(n)] |= BEFORE;
                stack.push(n);
            }
        }
    }
    // After: from any tile that met before and is still safe; all such must be reached.
    let mut wanted = 0usize;
    let mut seed = None;
    for y in y0..y1 {
        for x in x0..x1 {
            let i = y * work.w + x;
            if marks[local(i)] & BEFORE != 0 && kinds.safe(work.t[i]) {
                wanted += 1;
                seed.get_or_insert(i);
            }
        }
    }
    let Some(seed) = seed else {
        return false;
    };
    let mut reached = 1;
    marks[local(seed)] |= AFTER;
    stack.push(seed);
    while let Some(i) = stack.pop() {
        for n in work.around(i) {
            if boxed(n) && marks[local(n)] & (BEFORE | AFTER) == BEFORE && kinds.safe(work.t[n]) {
                marks[local(n)] |= AFTER;
                reached += 1;
                stack.push(n);
            }
        }
    }
    reached == wanted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::Floor;
    use crate::dungeon::floor::{generate, generate_in};
    use crate::dungeon::profile::MIN_SIDE;
    use crate::dungeon::testutil::{check_floor, core_terrains, safe_distances};
    use crate::map::{Terrains, TileMap};
    use proptest::prelude::*;
    use std::sync::Arc;

    /// Floor `floor`'s built-in profile at `w`×`h`, each room drawing a feature: a fifth
    /// of the rooms each.
    fn busy(floor: u32, w: u32, h: u32) -> FloorProfile {
        FloorProfile {
            width: w,
            height: h,
            features: super::super::profile::Feature::core(0.25, 0.1, 0.25, 0.25, 0.15),
            door_chance: 1.0,
            secret_door_chance: 0.5,
            ..FloorProfile::default_for_depth(floor)
        }
    }

    fn count(map: &TileMap, id: &str) -> usize {
        let Some(t) = map.terrains().tile(id) else {
            return 0;
        };
        map.tiles().iter().filter(|&&x| x == t).count()
    }

    /// From the up stairs, without crossing deep water, a chasm, lava or a secret door:
    /// every tile safe to walk, so the down stairs, every treasure, monster and trap, and
    /// wherever an item or the hero may later be put.
    fn check_playable(f: &Floor) {
        let dist = safe_distances(&f.map, f.up);
        for (i, t) in f.map.tiles().iter().enumerate() {
            assert!(
                !f.map.rules(*t).safe() || dist[i].is_some(),
                "{:?} ({:?}) is cut off\n{}",
                f.map.pos(i),
                f.map.terrains().id(*t),
                f.map.to_ascii()
            );
        }
        let reach = |p: Pos| dist[f.map.idx(p).unwrap()].is_some();
        assert!(reach(f.down));
        assert!(f.treasure.iter().all(|&(p, _)| reach(p)));
        assert!(f.monsters.iter().all(|m| reach(m.pos)));
        assert!(f.traps.iter().all(|&p| reach(p)));
    }

    /// Hazards change tiles of the ordinary rooms' plain floor, and nothing else.
    fn check_only_rooms_changed(plain: &Floor, f: &Floor) {
        assert_eq!(
            (&plain.up, &plain.down, &plain.rooms, &plain.monsters),
            (&f.up, &f.down, &f.rooms, &f.monsters)
        );
        assert_eq!((&plain.traps, &plain.treasure), (&f.traps, &f.treasure));
        for (i, (&was, &is)) in plain.map.tiles().iter().zip(f.map.tiles()).enumerate() {
            if was != is {
                let p = f.map.pos(i);
                assert_eq!(was, Tile::FLOOR, "at {p:?}");
                assert!(f.rooms.iter().any(|r| r.contains(p)), "{p:?} is in no room");
            }
        }
    }

    #[test]
    fn rooms_get_every_feature_and_the_rest_stays() {
        let terrains = core_terrains();
        let mut seen = [0usize; 6];
        for floor in 1..=7 {
            for seed in 0..12 {
                let p = busy(floor, 61, 45);
                let f = generate_in(&p, seed, floor, &terrains);
                check_floor(&f, &p);
                check_playable(&f);
                check_only_rooms_changed(&generate(&p, seed, floor), &f);
                let ids = [DEEP_WATER, SHALLOW_WATER, CHASM, LAVA, GRASS, TALL_GRASS];
                for (n, id) in seen.iter_mut().zip(ids) {
                    *n += count(&f.map, id);
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 20), "{seen:?}");
    }

    #[test]
    fn no_chance_no_hazards_and_the_engine_table_places_none() {
        let terrains = core_terrains();
        for seed in 0..10 {
            let mut p = FloorProfile::default_for_depth(5);
            p.features.clear();
            let f = generate_in(&p, seed, 5, &terrains);
            assert_eq!(f.map.tiles(), generate(&p, seed, 5).map.tiles());
            // The engine's kinds alone: nothing to place.
            let f = generate(&busy(5, 61, 45), seed, 5);
            assert!(
                f.map
                    .tiles()
                    .iter()
                    .all(|t| usize::from(t.0) < Tile::ENGINE.len())
            );
        }
    }

    #[test]
    fn a_pack_without_a_kind_places_the_rest() {
        let core = core_terrains();
        let without_lava = (core.ids().iter())
            .filter(|id| *id != LAVA)
            .map(|id| (id.clone(), *core.rules(core.tile(id).unwrap())));
        let terrains = Arc::new(Terrains::new(without_lava));
        let mut chasms = 0;
        for seed in 0..20 {
            let f = generate_in(&busy(5, 61, 45), seed, 5, &terrains);
            assert_eq!(count(&f.map, LAVA), 0);
            chasms += count(&f.map, CHASM);
            check_playable(&f);
        }
        assert!(chasms > 0);
    }

    #[test]
    fn the_arrival_room_holds_nothing_harmful() {
        let terrains = core_terrains();
        for seed in 0..40 {
            let f = generate_in(&busy(6, 61, 45), seed, 6, &terrains);
            for r in f.rooms.iter().filter(|r| r.contains(f.up)) {
                for y in r.y..r.y + r.h {
                    for x in r.x..r.x + r.w {
                        let rules = f.map.rules(f.map.get(Pos::new(x, y)));
                        assert!(
                            rules.safe(),
                            "seed {seed}: harm at {x},{y} by the up stairs"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn default_floors_grow_their_hazards_with_depth() {
        let terrains = core_terrains();
        let total = |floor: u32, id: &str| -> usize {
            let p = FloorProfile::default_for_depth(floor);
            (0..30)
                .map(|seed| count(&generate_in(&p, seed, floor, &terrains).map, id))
                .sum()
        };
        assert!(total(1, GRASS) > 0 && total(1, SHALLOW_WATER) > 0);
        for id in [DEEP_WATER, CHASM, LAVA] {
            assert_eq!(total(1, id), 0, "floor 1 is gentle: no {id}");
        }
        assert_eq!(total(3, LAVA), 0, "no lava before floor 4");
        assert!(total(5, LAVA) > 0 && total(5, CHASM) > 0 && total(5, DEEP_WATER) > 0);
        assert_eq!(total(8, CHASM), 0, "nothing below the last floor");
    }

    /// A room (3,1)-(5,3) that a corridor runs through from left to right.
    const THROUGH: &str = "\
#########
###...###
#.......#
###...###
#########
";

    #[test]
    fn a_shape_across_the_only_way_is_undone_and_one_beside_it_kept() {
        let terrains = core_terrains();
        let kinds = HazardKinds::of(&terrains, &FloorProfile::default_for_depth(1));
        let deep = terrains.tile(DEEP_WATER).unwrap();
        let room = Rect::new(3, 1, 3, 3);
        let check = |cells: &[(i32, i32)]| {
            let mut work = Work::load(&TileMap::from_ascii(THROUGH));
            let mut changed = Vec::new();
            for &(x, y) in cells {
                let i = work.interior(Pos::new(x, y)).unwrap();
                changed.push((i, work.t[i]));
                work.t[i] = deep;
            }
            still_meets(&work, &room, &kinds, &changed, &mut Vec::new())
        };
        assert!(
            !check(&[(4, 1), (4, 2), (4, 3)]),
            "a wall of water across the way"
        );
        assert!(check(&[(4, 1), (5, 1), (4, 3)]), "water beside the way");
        assert!(
            !check(&[(3, 1), (5, 1), (4, 2)]),
            "the top middle is cut off"
        );
    }

    #[test]
    fn strewn_and_bordering_features_lay_their_kinds_and_keep_the_floor_playable() {
        use crate::dungeon::profile::{Feature, Shape};
        let terrains = core_terrains();
        let p = FloorProfile {
            features: vec![
                Feature::new(GRASS, None, 0.5, Shape::Border),
                Feature::new(SHALLOW_WATER, None, 0.3, Shape::Scatter),
                // A harmful border would close the room's doorways: never laid.
                Feature::new(CHASM, None, 0.1, Shape::Border),
                Feature::new(LAVA, None, 0.1, Shape::Scatter),
            ],
            ..busy(5, 61, 45)
        };
        let mut seen = [0; 4];
        for seed in 0..20 {
            let f = generate_in(&p, seed, 5, &terrains);
            check_playable(&f);
            for (n, id) in seen.iter_mut().zip([GRASS, SHALLOW_WATER, LAVA, CHASM]) {
                *n += count(&f.map, id);
            }
        }
        assert!(seen[..3].iter().all(|&n| n > 0), "{seen:?}");
        assert_eq!(seen[3], 0, "a chasm bordering a room would shut it");
    }

    #[test]
    fn a_prefabs_terrain_is_laid_unless_it_cuts_its_room_apart() {
        let terrains = core_terrains();
        let deep = terrains.tile(DEEP_WATER).unwrap();
        let lay = |rows: &[&str]| {
            let cave = crate::dungeon::Prefab {
                id: "t:cave".into(),
                rows: rows.iter().map(|r| r.to_string()).collect(),
                legend: Default::default(),
                terrain: [('~', DEEP_WATER.to_string())].into(),
            };
            let p = FloorProfile {
                prefabs: vec![cave],
                prefab_count: 1,
                features: Vec::new(),
                ..FloorProfile::default_for_depth(3)
            };
            (0..10)
                .map(|seed| {
                    let f = generate_in(&p, seed, 3, &terrains);
                    check_playable(&f);
                    f.map.tiles().iter().filter(|&&t| t == deep).count()
                })
                .sum::<usize>()
        };
        // A pool in a corner leaves the way across: laid.
        assert!(lay(&["#######", "#~~...#", "+.....+", "#.....#", "#######"]) > 0);
        // A channel from wall to wall parts the two doors: not laid.
        assert_eq!(
            lay(&["#######", "#..~..#", "+..~..+", "#..~..#", "#######"]),
            0
        );
    }

    fn odd(lo: u32, hi: u32) -> impl Strategy<Value = u32> {
        (lo / 2..=hi / 2).prop_map(|k| 2 * k + 1)
    }

    proptest! {
        // 256 floors in the quick tier, 2560 in the slow one.
        #![proptest_config(ProptestConfig::with_cases(crate::test_tier::cases(2560)))]
        #[test]
        fn hazards_never_cut_anything_off(
            seed: u64,
            floor in 1u32..=8,
            w in odd(MIN_SIDE, 101),
            h in odd(MIN_SIDE, 101),
        ) {
            let p = busy(floor, w, h);
            let f = generate_in(&p, seed, floor, &core_terrains());
            check_floor(&f, &p);
            check_playable(&f);
        }
    }

    #[test]
    fn largest_floor_stays_playable() {
        if !crate::test_tier::run_slow("hazards on the 1001x1001 floor") {
            return;
        }
        let p = busy(6, 1001, 1001);
        let f = generate_in(&p, 2024, 6, &core_terrains());
        check_floor(&f, &p);
        check_playable(&f);
        assert!(count(&f.map, LAVA) > 0 && count(&f.map, DEEP_WATER) > 0);
    }
}
