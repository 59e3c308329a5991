//! Step 6: doors where ordinary rooms meet corridors, a share of them secret.
//!
//! A doorway is a floor tile of the one-tile ring around an ordinary room (corners excluded)
//! with the room on one side, something walkable on the other and no walkable tile beside it
//! along the ring. Each gets a closed door with the profile's `door_chance`, and each door is
//! secret with its `secret_door_chance`. Secret doors are solid until found, so a secret door
//! on the only way to somewhere goes back to a plain door: one search from the up stairs,
//! treating secret doors as wall, opens a secret door only when it is the sole way found into
//! ground not reached yet. What stays secret only ever shortens a loop.
//!
//! The step runs last and draws from its own generator (`DOOR_STREAM`), so the other steps
//! and everything placed are the same, for the same seed, whatever the door chances are.
use super::field::Work;
use super::floor::Rect;
use super::place::Placement;
use crate::map::{Pos, Tile};
use crate::rng::{Rng, unit};

/// Salt of the doors' generator, `floor_rng(seed ^ DOOR_STREAM, floor)` ("DOORS").
pub const DOOR_STREAM: u64 = 0x444F_4F52_5300_0000;
/// The built-in profiles' chance that a doorway has a door.
pub const DOOR_CHANCE: f64 = 0.7;
/// The built-in profiles' chance that a door is secret (from the second floor on).
pub const SECRET_DOOR_CHANCE: f64 = 0.1;

// What the step keeps per tile, one bit each.
const TAKEN: u8 = 1;
const CANDIDATE: u8 = 2;
const REACHED: u8 = 4;
const NOTED: u8 = 8;
const OPEN: u8 = 16;
const SECRET: u8 = 32;

/// The doorways of `rooms` (row-major within each side, rooms in order, each tile once).
fn doorways(work: &Work, rooms: &[Rect], flags: &mut [u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let open = |p: Pos| work.interior(p).is_some_and(|i| work.open(i));
    for r in rooms {
        // Each side of the ring: its first tile, the step along it, its length, the step out.
        let sides = [
            (Pos::new(r.x, r.y - 1), (1, 0), r.w, (0, -1)),
            (Pos::new(r.x, r.y + r.h), (1, 0), r.w, (0, 1)),
            (Pos::new(r.x - 1, r.y), (0, 1), r.h, (-1, 0)),
            (Pos::new(r.x + r.w, r.y), (0, 1), r.h, (1, 0)),
        ];
        for (start, (ax, ay), len, (ox, oy)) in sides {
            for k in 0..len {
                let p = Pos::new(start.x + ax * k, start.y + ay * k);
                let Some(i) = work.interior(p) else { continue };
                let at = |dx: i32, dy: i32| Pos::new(p.x + dx, p.y + dy);
                let doorway = work.t[i] == Tile::FLOOR
                    && flags[i] & (TAKEN | CANDIDATE) == 0
                    && open(at(ox, oy))
                    && open(at(-ox, -oy))
                    && !open(at(ax, ay))
                    && !open(at(-ax, -ay));
                if doorway {
                    flags[i] |= CANDIDATE;
                    out.push(i);
                }
            }
        }
    }
    out
}

/// Puts doors into the doorways of `rooms` (the ordinary rooms) that hold nothing from
/// `placed`, then makes some secret as the module says. Chances outside 0..=1 act as the
/// nearest end (NaN as 0).
pub(crate) fn doors_work(
    work: &mut Work,
    rooms: &[Rect],
    placed: &Placement,
    door_chance: f64,
    secret_chance: f64,
    rng: &mut Rng,
) {
    if rooms.is_empty() {
        return;
    }
    let mut flags = vec![0u8; work.t.len()];
    let things = (placed.monsters.iter().map(|m| m.pos))
        .chain(placed.traps.iter().copied())
        .chain(placed.treasure.iter().map(|t| t.0))
        .chain([placed.up, placed.down]);
    for p in things {
        if let Some(i) = work.interior(p) {
            flags[i] |= TAKEN;
        }
    }
    let mut secret = Vec::new();
    for i in doorways(work, rooms, &mut flags) {
        if unit(rng) < door_chance {
            work.t[i] = Tile::DOOR;
            if unit(rng) < secret_chance {
                secret.push(i);
            }
        }
    }
    if secret.is_empty() {
        return;
    }
    for &i in &secret {
        work.t[i] = Tile::SECRET_DOOR;
    }
    let Some(up) = work.interior(placed.up).filter(|&i| work.open(i)) else {
        // No up stairs to search from (a floor without passable tiles): nothing is hidden.
        secret.iter().for_each(|&i| work.t[i] = Tile::DOOR);
        return;
    };
    keep_reachable(work, up, &mut flags);
}

/// One search from `up` with secret doors as wall. When it stalls, the secret doors it
/// touched are taken in the order it touched them: one with unreached ground behind it
/// becomes a plain door and the search goes on through it; one whose far side was reached
/// another way stays secret. Every tile is searched and every secret door weighed once, so
/// the step is linear in the map however many doors open. Doors are never side by side (a
/// doorway's neighbours along the ring are solid), so whatever the floor reached before the
/// doors were set, this search reaches.
fn keep_reachable(work: &mut Work, up: usize, flags: &mut [u8]) {
    // The search reads one byte a tile, so a 1001×1001 map's search stays in cache.
    for (f, &t) in flags.iter_mut().zip(&work.t) {
        *f |= (OPEN * u8::from(t.builtin_walkable())) | (SECRET * u8::from(t == Tile::SECRET_DOOR));
    }
    // Depth first: it follows corridors, so each step's neighbours are mostly in cache
    // already (a breadth-first front is spread over the whole map).
    let mut stack = vec![up as u32];
    flags[up] |= REACHED;
    let (mut pending, mut waiting) = (Vec::new(), 0);
    loop {
        search(work, flags, &mut stack, &mut pending);
        let Some(&door) = pending.get(waiting) else {
            return;
        };
        waiting += 1;
        let behind = (work.around(door).into_iter()).any(|k| flags[k] & (OPEN | REACHED) == OPEN);
        if behind {
            work.t[door] = Tile::DOOR;
            flags[door] |= OPEN | REACHED;
            stack.push(door as u32);
        }
    }
}

/// Searches from the tiles on `stack` until it is empty, marking what it reaches and noting
/// the secret doors it touches in `pending`. Every neighbour is written on the stack and the
/// stack grows past the fresh ones only: no branch per neighbour (in a maze whether one is
/// open is a coin toss). A secret door is rare, so its branch is all but free.
fn search(work: &Work, flags: &mut [u8], stack: &mut Vec<u32>, pending: &mut Vec<usize>) {
    while let Some(i) = stack.pop() {
        let base = stack.len();
        stack.resize(base + 4, 0);
        let mut len = 0;
        for k in work.around(i as usize) {
            let f = flags[k];
            let fresh = f & (OPEN | REACHED) == OPEN;
            flags[k] = f | (REACHED * u8::from(fresh));
            stack[base + len] = k as u32;
            len += usize::from(fresh);
            if f & (SECRET | NOTED) == SECRET {
                flags[k] = f | NOTED;
                pending.push(k);
            }
        }
        stack.truncate(base + len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::floor::generate;
    use crate::dungeon::profile::{FloorProfile, MIN_SIDE};
    use crate::dungeon::testutil::{check_floor, distances};
    use crate::map::{Dir, TileMap};
    use crate::rng::floor_rng;
    use proptest::prelude::*;

    fn with_doors(floor: u32, w: u32, h: u32, door: f64, secret: f64) -> FloorProfile {
        FloorProfile {
            width: w,
            height: h,
            door_chance: door,
            secret_door_chance: secret,
            ..FloorProfile::default_for_depth(floor)
        }
    }

    /// The one-tile ring of `r` without its corners.
    fn ring(r: &Rect) -> Vec<Pos> {
        let mut out = Vec::new();
        for x in r.x..r.x + r.w {
            out.extend([Pos::new(x, r.y - 1), Pos::new(x, r.y + r.h)]);
        }
        for y in r.y..r.y + r.h {
            out.extend([Pos::new(r.x - 1, y), Pos::new(r.x + r.w, y)]);
        }
        out
    }

    /// Walkable neighbours of `p` on `map` (doors and secret doors counted as the floor they
    /// were), as directions.
    fn ways(map: &TileMap, p: Pos) -> Vec<Dir> {
        let passable = |t: Tile| t.builtin_walkable() || t == Tile::SECRET_DOOR;
        (Dir::ALL.into_iter())
            .filter(|&d| passable(map.get(p.offset(d))))
            .collect()
    }

    #[test]
    fn doors_stand_in_doorways_and_leave_the_rest_alone() {
        let mut doors = 0;
        for floor in 1..=8 {
            for seed in 0..20 {
                let none = with_doors(floor, 61, 45, 0.0, 0.0);
                let all = with_doors(floor, 61, 45, 1.0, 0.0);
                let (a, b) = (generate(&none, seed, floor), generate(&all, seed, floor));
                check_floor(&b, &all);
                // Everything but the new doors is as it was without doors.
                assert_eq!(
                    (&a.up, &a.down, &a.hero, &a.rooms, &a.monsters),
                    (&b.up, &b.down, &b.hero, &b.rooms, &b.monsters)
                );
                assert_eq!((&a.traps, &a.treasure), (&b.traps, &b.treasure));
                assert_eq!(a.encounters, b.encounters);
                let ringed: Vec<Pos> = b.rooms.iter().flat_map(ring).collect();
                for (i, (&was, &is)) in a.map.tiles().iter().zip(b.map.tiles()).enumerate() {
                    let p = a.map.pos(i);
                    if was == is {
                        continue;
                    }
                    assert_eq!((was, is), (Tile::FLOOR, Tile::DOOR), "at {p:?}");
                    doors += 1;
                    let w = ways(&a.map, p);
                    assert_eq!(w.len(), 2, "{p:?} is no doorway\n{}", b.map.to_ascii());
                    assert_eq!(w[0].reverse(), w[1], "{p:?}: sides not opposite");
                    assert!(ringed.contains(&p), "{p:?} is on no room's ring");
                }
                // And at door_chance 1 every doorway of a room has a door (prefab rooms' rings
                // are their own wall and doors, never floor).
                let taken: Vec<Pos> = (b.monsters.iter().map(|m| m.pos))
                    .chain(b.traps.iter().copied())
                    .chain(b.treasure.iter().map(|t| t.0))
                    .collect();
                for p in &ringed {
                    let w = ways(&a.map, *p);
                    let inward = b.rooms.iter().any(|r| {
                        w.iter().any(|&d| r.contains(p.offset(d)))
                            && w.iter().any(|&d| !r.contains(p.offset(d)))
                    });
                    let doorway = a.map.get(*p) == Tile::FLOOR
                        && w.len() == 2
                        && w[0].reverse() == w[1]
                        && inward
                        && !taken.contains(p);
                    assert_eq!(a.map.get(*p) != b.map.get(*p), doorway, "{p:?}");
                }
            }
        }
        assert!(doors > 500, "only {doors} doors on 160 floors");
    }

    #[test]
    fn no_chance_no_doors() {
        for floor in 1..=8 {
            for seed in 0..20 {
                let mut p = with_doors(floor, 51, 41, 0.0, 1.0);
                p.prefab_count = 0;
                let f = generate(&p, seed, floor);
                let doors = f.map.tiles().iter().filter(|&&t| t == Tile::DOOR).count();
                let secret = f.map.tiles().iter().filter(|&&t| t == Tile::SECRET_DOOR);
                assert_eq!((doors, secret.count()), (0, 0));
            }
        }
    }

    #[test]
    fn the_secret_chance_changes_only_which_doors_are_secret() {
        for seed in 0..20 {
            let plain = generate(&with_doors(5, 61, 45, 0.7, 0.0), seed, 5);
            let secret = generate(&with_doors(5, 61, 45, 0.7, 1.0), seed, 5);
            assert!(secret.map.tiles().contains(&Tile::SECRET_DOOR));
            for (&a, &b) in plain.map.tiles().iter().zip(secret.map.tiles()) {
                assert!(a == b || (a, b) == (Tile::DOOR, Tile::SECRET_DOOR));
            }
        }
    }

    #[test]
    fn default_floors_have_doors_and_the_deeper_ones_secrets() {
        let count = |floor: u32, t: Tile| -> usize {
            let p = FloorProfile::default_for_depth(floor);
            (0..30)
                .map(|seed| generate(&p, seed, floor).map)
                .map(|map| map.tiles().iter().filter(|&&x| x == t).count())
                .sum()
        };
        assert!(count(1, Tile::DOOR) > 30);
        assert_eq!(count(1, Tile::SECRET_DOOR), 0, "floor 1 hides nothing");
        assert!(count(6, Tile::SECRET_DOOR) > 0);
    }

    /// A room (3,3)-(5,5) with a doorway above and one below into a corridor around it, and
    /// a side room (9,3)-(9,5) whose one doorway is at (8,4).
    const LOOP: &str = "\
###########
#.......###
#.##.##.###
#.#...#.#.#
#.#...#...#
#.#...#.#.#
#.##.##.###
#.......###
###########
";

    fn run(map: &str, placed: &Placement, secret: f64) -> TileMap {
        let mut map = TileMap::from_ascii(map);
        let mut work = Work::load(&map);
        let rooms = [Rect::new(3, 3, 3, 3), Rect::new(9, 3, 1, 3)];
        doors_work(&mut work, &rooms, placed, 1.0, secret, &mut floor_rng(1, 1));
        work.store(&mut map);
        map
    }

    fn at(x: i32, y: i32) -> Placement {
        Placement {
            up: Pos::new(x, y),
            down: Pos::new(1, 7),
            ..Placement::default()
        }
    }

    #[test]
    fn one_of_two_ways_in_stays_secret_and_the_only_way_opens() {
        let map = run(LOOP, &at(1, 1), 1.0);
        let tiles = [Pos::new(4, 2), Pos::new(4, 6), Pos::new(8, 4)].map(|p| map.get(p));
        // The search from (1,1) touches the upper doorway first: that one opens, the lower
        // one only shortens the loop. The side room's only way in opens.
        assert_eq!(tiles, [Tile::DOOR, Tile::SECRET_DOOR, Tile::DOOR]);
        // From the side room: its door opens, then whichever way into the big room the
        // search comes upon first; the other stays secret.
        let map = run(LOOP, &at(9, 3), 1.0);
        let tiles = [Pos::new(4, 2), Pos::new(4, 6), Pos::new(8, 4)].map(|p| map.get(p));
        assert_eq!(tiles[2], Tile::DOOR);
        let big = [tiles[0], tiles[1]];
        assert!(
            big.contains(&Tile::DOOR) && big.contains(&Tile::SECRET_DOOR),
            "{tiles:?}"
        );
        let plain = run(LOOP, &at(1, 1), 0.0);
        let tiles = [Pos::new(4, 2), Pos::new(4, 6), Pos::new(8, 4)].map(|p| plain.get(p));
        assert_eq!(tiles, [Tile::DOOR; 3]);
        assert!(!plain.tiles().contains(&Tile::SECRET_DOOR));
    }

    #[test]
    fn taken_tiles_and_lone_floor_get_no_door() {
        let mut placed = at(1, 1);
        placed.traps.push(Pos::new(4, 6));
        let map = run(LOOP, &placed, 0.0);
        assert_eq!(map.get(Pos::new(4, 6)), Tile::FLOOR, "a trap stays a trap");
        assert_eq!(map.get(Pos::new(4, 2)), Tile::DOOR);
        // Without up stairs to search from, nothing is secret.
        let mut nowhere = at(0, 0);
        nowhere.down = Pos::new(0, 0);
        assert!(
            !run(LOOP, &nowhere, 1.0)
                .tiles()
                .contains(&Tile::SECRET_DOOR)
        );
    }

    fn check_reachable(f: &crate::dungeon::Floor) {
        let dist = distances(&f.map, f.up);
        let reach = |p: Pos| dist[f.map.idx(p).unwrap()].is_some();
        for (i, t) in f.map.tiles().iter().enumerate() {
            assert!(
                !t.builtin_walkable() || dist[i].is_some(),
                "{:?} needs a secret door\n{}",
                f.map.pos(i),
                f.map.to_ascii()
            );
        }
        assert!(reach(f.down));
        assert!(f.treasure.iter().all(|&(p, _)| reach(p)));
        assert!(f.monsters.iter().all(|m| reach(m.pos)));
        assert!(f.traps.iter().all(|&p| reach(p)));
    }

    fn odd(lo: u32, hi: u32) -> impl Strategy<Value = u32> {
        (lo / 2..=hi / 2).prop_map(|k| 2 * k + 1)
    }

    proptest! {
        // 256 floors in the quick tier, 2560 in the slow one.
        #![proptest_config(ProptestConfig::with_cases(crate::test_tier::cases(2560)))]
        #[test]
        fn secret_doors_never_stand_in_the_way(
            seed: u64,
            floor in 1u32..=8,
            w in odd(MIN_SIDE, 101),
            h in odd(MIN_SIDE, 101),
            secret in 0.3..=1.0f64,
        ) {
            let p = with_doors(floor, w, h, 1.0, secret);
            let f = generate(&p, seed, floor);
            check_floor(&f, &p);
            check_reachable(&f);
        }
    }

    #[test]
    fn largest_floor_keeps_its_ways_open() {
        if !crate::test_tier::run_slow("doors on the 1001x1001 floor") {
            return;
        }
        let p = with_doors(8, 1001, 1001, 1.0, 0.5);
        let f = generate(&p, 2024, 8);
        check_floor(&f, &p);
        check_reachable(&f);
        assert!(f.map.tiles().contains(&Tile::SECRET_DOOR));
    }
}
