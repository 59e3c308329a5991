//! Step 5: stairs, hero, monsters, traps and treasure.
//!
//! Stairs use the double sweep: the up stairs is the floor tile farthest (by path) from a
//! random one, the down stairs the tile farthest from the up stairs, which puts them near the
//! two ends of the floor's longest walk. Everything else is drawn without replacement from the
//! free floor tiles, so nothing shares a tile and a crowded floor simply gets fewer things.
use super::field::{Work, push_first};
use super::floor::{Encounter, Rect, Spawn};
use super::profile::{FloorProfile, SpawnEntry};
use super::rooms::RoomLayout;
use crate::map::{Pos, Tile, TileMap};
use crate::rng::{Rng, below, range_inclusive, weighted};
use std::hint::select_unpredictable;

/// No monster starts within this many steps of the hero.
pub const SAFE_STEPS: u32 = 5;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Placement {
    pub up: Pos,
    pub down: Pos,
    /// The prefab guards that kept their place, then the monsters from the spawn table.
    pub monsters: Vec<Spawn>,
    pub traps: Vec<Pos>,
    pub treasure: Vec<(Pos, u32)>,
    /// The layout's encounters that still have at least one guard.
    pub encounters: Vec<Encounter>,
}

/// Sets the stairs into `map` and places the rest. The hero starts on `up`. Stairs avoid
/// prefab rooms and their guards' surroundings when the floor has room elsewhere. A map
/// without passable tiles gets nothing (both stairs at 0,0).
pub fn place(
    map: &mut TileMap,
    profile: &FloorProfile,
    layout: &RoomLayout,
    rng: &mut Rng,
) -> Placement {
    let mut work = Work::load(map);
    let placed = place_work(&mut work, profile, layout, rng);
    work.store(map);
    placed
}

/// Moves `k` uniformly chosen items to the front of `items` (a partial Fisher–Yates).
fn choose<'a>(rng: &mut Rng, items: &'a mut [u32], k: usize) -> &'a [u32] {
    let k = k.min(items.len());
    for i in 0..k {
        let j = i + below(rng, (items.len() - i) as u32) as usize;
        items.swap(i, j);
    }
    &items[..k]
}

/// A creature id by weight (entries of weight 0 never come up).
fn pick<'a>(rng: &mut Rng, table: &'a [SpawnEntry]) -> &'a str {
    weighted(rng, table, |e| e.weight).map_or("", |e| &e.id)
}

/// Which room holds a tile: the rooms sorted by top row, searched from the last one that
/// starts at or above the tile back to the tallest room's reach (no map-sized array).
struct RoomIndex<'a> {
    rooms: &'a [Rect],
    by_top: Vec<(i32, usize)>,
    tallest: i32,
}

impl<'a> RoomIndex<'a> {
    fn new(rooms: &'a [Rect]) -> Self {
        let mut by_top: Vec<(i32, usize)> =
            rooms.iter().enumerate().map(|(k, r)| (r.y, k)).collect();
        by_top.sort_unstable();
        let tallest = rooms.iter().map(|r| r.h).max().unwrap_or(0);
        Self {
            rooms,
            by_top,
            tallest,
        }
    }

    fn at(&self, p: Pos) -> Option<usize> {
        let end = self.by_top.partition_point(|&(top, _)| top <= p.y);
        self.by_top[..end]
            .iter()
            .rev()
            .take_while(|&&(top, _)| top > p.y - self.tallest)
            .map(|&(_, k)| k)
            .filter(|&k| self.rooms[k].contains(p))
            .min()
    }
}

// What place keeps per tile, one bit each.
const PREFAB: u8 = 1;
const NEAR_GUARD: u8 = 2;
const TAKEN: u8 = 4;
const STAIRS: u8 = 8;
const FROM_FIRST: u8 = 16;
const FROM_UP: u8 = 32;
const NEAR_HERO: u8 = 64;
const OPEN: u8 = 128;

/// Breadth-first from `from` over OPEN tiles, level by level, marking each tile reached
/// with `seen` and those within SAFE_STEPS with `near`. Returns the first (in row-major
/// order) STAIRS tile of the deepest level that has one. A byte per tile and a queue read
/// in order are all it touches, which keeps a 1001×1001 search in cache; the double sweep
/// needs no distances, only the last level.
fn sweep(
    work: &Work,
    from: usize,
    flags: &mut [u8],
    seen: u8,
    near: u8,
    queue: &mut Vec<u32>,
) -> Option<usize> {
    queue.clear();
    queue.push(from as u32);
    flags[from] |= seen;
    let (mut start, mut level, mut deepest) = (0, 0, None);
    while start < queue.len() {
        let end = queue.len();
        let mut best = usize::MAX;
        for k in start..end {
            let i = queue[k] as usize;
            flags[i] |= if level <= SAFE_STEPS { near } else { 0 };
            best = select_unpredictable((flags[i] & STAIRS != 0) & (i < best), i, best);
            let (mut add, mut len) = ([0u32; 4], 0);
            for n in work.around(i) {
                let fresh = flags[n] & (OPEN | seen) == OPEN;
                flags[n] |= seen * u8::from(fresh);
                add[len] = n as u32;
                len += usize::from(fresh);
            }
            push_first(queue, add, len);
        }
        if best != usize::MAX {
            deepest = Some(best);
        }
        (start, level) = (end, level + 1);
    }
    deepest
}

pub(crate) fn place_work(
    work: &mut Work,
    profile: &FloorProfile,
    layout: &RoomLayout,
    rng: &mut Rng,
) -> Placement {
    let mut out = Placement::default();
    let Some(any) = work.interior_indices().find(|&i| work.open(i)) else {
        return out;
    };
    let (w, h) = (work.w, work.h);
    let mut flags: Vec<u8> = (work.t.iter())
        .map(|t| OPEN * u8::from(t.builtin_walkable()))
        .collect();
    for f in &layout.footprints {
        for y in f.y.max(0)..(f.y + f.h).min(h as i32) {
            for x in f.x.max(0)..(f.x + f.w).min(w as i32) {
                flags[y as usize * w + x as usize] |= PREFAB;
            }
        }
    }
    // Tiles within SAFE_STEPS of a guard: a short search, the flag doubling as its marker.
    let mut frontier: Vec<u32> = (layout.guards.iter())
        .filter_map(|g| work.interior(g.pos))
        .filter(|&i| work.open(i))
        .map(|i| i as u32)
        .collect();
    frontier
        .iter()
        .for_each(|&i| flags[i as usize] |= NEAR_GUARD);
    for _ in 0..SAFE_STEPS {
        let mut next = Vec::new();
        for &i in &frontier {
            for k in work.around(i as usize) {
                if flags[k] & NEAR_GUARD == 0 && work.open(k) {
                    flags[k] |= NEAR_GUARD;
                    next.push(k as u32);
                }
            }
        }
        frontier = next;
    }

    // The stairs go to the first group of tiles that has two of them (else to any tile):
    // floor away from prefabs and guards, floor away from prefabs, floor, anything passable.
    let floor = |i: usize| work.t[i] == Tile::FLOOR;
    let stairs = [PREFAB | NEAR_GUARD, PREFAB, 0]
        .into_iter()
        .map(|avoid| work.select(|i| floor(i) & (flags[i] & avoid == 0)))
        .find(|tiles| tiles.len() >= 2)
        .unwrap_or_else(|| work.open_tiles());
    let first = stairs
        .get(below(rng, stairs.len() as u32) as usize)
        .map_or(any, |&i| i as usize);
    for &i in &stairs {
        flags[i as usize] |= STAIRS;
    }
    let mut queue = Vec::new();
    let up = sweep(work, first, &mut flags, FROM_FIRST, 0, &mut queue).unwrap_or(first);
    flags[up] &= !STAIRS;
    let down = sweep(work, up, &mut flags, FROM_UP, NEAR_HERO, &mut queue).unwrap_or(up);
    work.t[up] = Tile::STAIRS_UP;
    if down != up {
        work.t[down] = Tile::STAIRS_DOWN;
    }
    (out.up, out.down) = (work.pos(up), work.pos(down));
    flags[up] |= TAKEN;
    flags[down] |= TAKEN;

    // Stairs are no longer floor from here on; "far" is reachable but beyond the hero's
    // safe radius.
    let floor = |i: usize| work.t[i] == Tile::FLOOR;
    for g in &layout.guards {
        if let Some(i) = work.interior(g.pos)
            && floor(i)
            && flags[i] & (FROM_UP | NEAR_HERO | TAKEN) == FROM_UP
        {
            flags[i] |= TAKEN;
            out.monsters.push(g.clone());
        }
    }
    out.encounters = (layout.encounters.iter())
        .filter(|e| out.monsters.iter().any(|m| m.room == Some(e.room)))
        .cloned()
        .collect();

    // Random monsters keep out of prefab rooms (those hold their own encounter) and away
    // from the hero; traps and treasure take the rest, near the hero too. Both lists come
    // from one pass: the far tiles, then the near ones.
    let usable = |i: usize| floor(i) & (flags[i] & (TAKEN | PREFAB | FROM_UP) == FROM_UP);
    let (mut free, mut near) = work.split(usable, |i| flags[i] & NEAR_HERO == 0);
    let total: u64 = profile.spawns.iter().map(|s| s.weight as u64).sum();
    let mut placed = 0;
    if total > 0 && profile.monsters > 0 {
        let rooms = RoomIndex::new(&layout.rooms);
        for &i in choose(rng, &mut free, profile.monsters as usize) {
            let pos = work.pos(i as usize);
            let id = pick(rng, &profile.spawns).to_string();
            let room = rooms.at(pos);
            out.monsters.push(Spawn { pos, id, room });
            placed += 1;
        }
    }

    let (traps, treasure) = (profile.traps as usize, profile.treasure as usize);
    if traps.saturating_add(treasure) == 0 {
        return out;
    }
    free.drain(..placed);
    free.append(&mut near);
    let chosen = choose(rng, &mut free, traps.saturating_add(treasure)).to_vec();
    let (lo, hi) = (
        profile.gold.0.min(profile.gold.1),
        profile.gold.0.max(profile.gold.1),
    );
    for (k, &i) in chosen.iter().enumerate() {
        let pos = work.pos(i as usize);
        if k < traps {
            out.traps.push(pos);
        } else {
            let span = hi - lo;
            let gold = if span < i32::MAX as u32 {
                lo + range_inclusive(rng, 0, span as i32) as u32
            } else {
                lo + below(rng, span)
            };
            out.treasure.push((pos, gold));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::maze::carve_maze;
    use crate::dungeon::testutil::{distances, path_distance};
    use crate::rng::floor_rng;

    fn profile() -> FloorProfile {
        FloorProfile::default_for_depth(1)
    }

    #[test]
    fn stairs_span_the_longest_walk() {
        for seed in 0..30 {
            let mut map = carve_maze(41, 31, &mut floor_rng(seed, 1));
            let placed = place(
                &mut map,
                &profile(),
                &RoomLayout::default(),
                &mut floor_rng(seed, 2),
            );
            assert_eq!(map.get(placed.up), Tile::STAIRS_UP);
            assert_eq!(map.get(placed.down), Tile::STAIRS_DOWN);
            // The down stairs is as far from the up stairs as any tile can be.
            let d = distances(&map, placed.up);
            let max = d.iter().flatten().max().copied();
            assert_eq!(path_distance(&map, placed.up, placed.down), max);
            // In a perfect maze the double sweep finds the true diameter: no pair is farther.
            let far_end = distances(&map, placed.down).iter().flatten().max().copied();
            assert_eq!(far_end, max);
        }
    }

    #[test]
    fn counts_and_spacing() {
        let mut p = profile();
        (p.monsters, p.traps, p.treasure, p.gold) = (10, 5, 5, (3, 3));
        let mut map = carve_maze(41, 31, &mut floor_rng(4, 1));
        let placed = place(&mut map, &p, &RoomLayout::default(), &mut floor_rng(4, 2));
        assert_eq!(
            (
                placed.monsters.len(),
                placed.traps.len(),
                placed.treasure.len()
            ),
            (10, 5, 5)
        );
        let d = distances(&map, placed.up);
        for m in &placed.monsters {
            assert!(d[map.idx(m.pos).unwrap()].unwrap() > SAFE_STEPS);
            assert!(p.spawns.iter().any(|s| s.id == m.id));
            assert_eq!(m.room, None);
        }
        assert!(placed.treasure.iter().all(|&(_, g)| g == 3));
    }

    #[test]
    fn crowded_floor_places_what_fits() {
        // A corridor of 9 tiles: two stairs, nothing within 5 steps of the hero for monsters.
        let mut map = TileMap::from_ascii("###########\n#.........#\n###########\n");
        let mut p = profile();
        (p.monsters, p.traps, p.treasure) = (1000, 1000, 1000);
        let placed = place(&mut map, &p, &RoomLayout::default(), &mut floor_rng(1, 1));
        let ends = [Pos::new(1, 1), Pos::new(9, 1)];
        assert!(ends.contains(&placed.up) && ends.contains(&placed.down));
        assert_eq!(placed.monsters.len(), 2, "steps 6 and 7 from the hero");
        assert_eq!(placed.traps.len() + placed.treasure.len(), 5);
        assert_eq!(placed.traps.len(), 5, "traps are drawn first");
    }

    #[test]
    fn zero_weights_and_empty_maps() {
        let mut p = profile();
        p.spawns.iter_mut().for_each(|s| s.weight = 0);
        let mut map = carve_maze(21, 21, &mut floor_rng(1, 1));
        assert!(
            place(&mut map, &p, &RoomLayout::default(), &mut floor_rng(1, 1))
                .monsters
                .is_empty()
        );
        let mut wall = TileMap::new(9, 9, Tile::WALL);
        let placed = place(&mut wall, &p, &RoomLayout::default(), &mut floor_rng(1, 1));
        assert_eq!(placed, Placement::default());
        let mut one = TileMap::from_ascii("###\n#.#\n###\n");
        let placed = place(&mut one, &p, &RoomLayout::default(), &mut floor_rng(1, 1));
        assert_eq!((placed.up, placed.down), (Pos::new(1, 1), Pos::new(1, 1)));
    }

    #[test]
    fn room_index_agrees_with_a_plain_scan() {
        let rooms = [
            Rect::new(1, 1, 3, 7),
            Rect::new(5, 1, 5, 3),
            Rect::new(5, 5, 3, 3),
            Rect::new(1, 9, 9, 1),
        ];
        let index = RoomIndex::new(&rooms);
        for y in -1..12 {
            for x in -1..12 {
                let p = Pos::new(x, y);
                assert_eq!(
                    index.at(p),
                    rooms.iter().position(|r| r.contains(p)),
                    "{p:?}"
                );
            }
        }
        assert_eq!(RoomIndex::new(&[]).at(Pos::new(1, 1)), None);
    }

    #[test]
    fn weighted_pick_follows_weights() {
        let table = vec![
            SpawnEntry {
                id: "a".into(),
                weight: 1,
            },
            SpawnEntry {
                id: "b".into(),
                weight: 0,
            },
            SpawnEntry {
                id: "c".into(),
                weight: 3,
            },
        ];
        let mut rng = floor_rng(1, 1);
        let mut counts = [0; 3];
        for _ in 0..4000 {
            match pick(&mut rng, &table) {
                "a" => counts[0] += 1,
                "b" => counts[1] += 1,
                _ => counts[2] += 1,
            }
        }
        assert_eq!(counts[1], 0);
        assert!((800..1200).contains(&counts[0]), "{counts:?}");
        let huge = vec![
            SpawnEntry {
                id: "x".into(),
                weight: u32::MAX,
            },
            SpawnEntry {
                id: "y".into(),
                weight: u32::MAX,
            },
        ];
        let got = pick(&mut rng, &huge);
        assert!(got == "x" || got == "y");
    }
}
