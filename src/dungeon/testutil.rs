//! Test-only checks written the plain way (bounds-checked, no shared code with the steps),
//! so a bug in the generator's fast search cannot hide itself.
use super::{Floor, FloorProfile};
use crate::map::{Dir, Pos, Tile, TileMap};
use std::collections::VecDeque;

pub fn passable_count(map: &TileMap) -> usize {
    map.tiles().iter().filter(|t| t.builtin_walkable()).count()
}

/// Path distances from `from` over passable tiles (None where unreachable).
pub fn distances(map: &TileMap, from: Pos) -> Vec<Option<u32>> {
    distances_over(map, from, |p| map.is_passable(p))
}

/// Path distances from `from` over the tiles where `pass` holds, breadth first.
fn distances_over(map: &TileMap, from: Pos, pass: impl Fn(Pos) -> bool) -> Vec<Option<u32>> {
    let mut dist = vec![None; map.len()];
    let Some(start) = map.idx(from).filter(|_| pass(from)) else {
        return dist;
    };
    dist[start] = Some(0);
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let d = dist[map.idx(p).unwrap()].unwrap();
        for dir in Dir::ALL {
            let q = p.offset(dir);
            if let Some(j) = map.idx(q)
                && pass(q)
                && dist[j].is_none()
            {
                dist[j] = Some(d + 1);
                queue.push_back(q);
            }
        }
    }
    dist
}

pub fn path_distance(map: &TileMap, a: Pos, b: Pos) -> Option<u32> {
    distances(map, a)[map.idx(b)?]
}

/// Number of connected groups of passable tiles.
pub fn components(map: &TileMap) -> usize {
    let mut seen = vec![false; map.len()];
    let mut count = 0;
    for i in 0..map.len() {
        if seen[i] || !map.tiles()[i].builtin_walkable() {
            continue;
        }
        count += 1;
        for (j, d) in distances(map, map.pos(i)).iter().enumerate() {
            if d.is_some() {
                seen[j] = true;
            }
        }
    }
    count
}

/// Every promise `generate` makes about a floor; panics with the broken one.
pub fn check_floor(floor: &Floor, profile: &FloorProfile) {
    let map = &floor.map;
    let (w, h) = (map.width() as i32, map.height() as i32);
    assert_eq!((map.width(), map.height()), (profile.width, profile.height));
    for y in 0..h {
        for x in 0..w {
            if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                assert_eq!(map.get(Pos::new(x, y)), Tile::WALL, "ring at {x},{y}");
            }
        }
    }
    // One breadth-first search from the hero reaches every passable tile.
    let dist = distances(map, floor.hero);
    for (i, t) in map.tiles().iter().enumerate() {
        if t.builtin_walkable() {
            assert!(
                dist[i].is_some(),
                "{:?} unreachable\n{}",
                map.pos(i),
                map.to_ascii()
            );
        }
    }
    assert_eq!(floor.hero, floor.up);
    assert_ne!(floor.up, floor.down);
    assert_eq!(map.get(floor.up), Tile::STAIRS_UP);
    assert_eq!(map.get(floor.down), Tile::STAIRS_DOWN);
    let count = |t: Tile| map.tiles().iter().filter(|&&x| x == t).count();
    assert_eq!((count(Tile::STAIRS_UP), count(Tile::STAIRS_DOWN)), (1, 1));
    assert!(dist[map.idx(floor.down).unwrap()].is_some());

    let mut taken = vec![floor.up, floor.down];
    for m in &floor.monsters {
        assert_eq!(map.get(m.pos), Tile::FLOOR, "monster {m:?}");
        assert!(
            dist[map.idx(m.pos).unwrap()].unwrap() > 5,
            "monster near the hero: {m:?}"
        );
        assert!(!m.id.is_empty());
        if let Some(r) = m.room {
            assert!(floor.rooms[r].contains(m.pos), "{m:?}");
        }
        taken.push(m.pos);
    }
    for &t in &floor.traps {
        assert_eq!(map.get(t), Tile::FLOOR, "trap {t:?}");
        taken.push(t);
    }
    for &(t, gold) in &floor.treasure {
        assert_eq!(map.get(t), Tile::FLOOR, "treasure {t:?}");
        assert!((profile.gold.0..=profile.gold.1).contains(&gold));
        taken.push(t);
    }
    let all = taken.len();
    taken.sort_unstable();
    taken.dedup();
    assert_eq!(taken.len(), all, "two things on one tile");
    assert!(floor.monsters.len() as u64 <= profile.monsters as u64 + guard_total(profile));
    assert!(floor.traps.len() as u32 <= profile.traps);
    assert!(floor.treasure.len() as u32 <= profile.treasure);

    assert!(floor.rooms.len() as u64 <= profile.rooms as u64 + profile.prefab_count as u64);
    for (i, r) in floor.rooms.iter().enumerate() {
        assert!(
            r.x >= 1 && r.y >= 1 && r.x + r.w < w && r.y + r.h < h,
            "room {r:?} out of bounds"
        );
        assert!(
            r.x % 2 == 1 && r.y % 2 == 1 && r.w % 2 == 1 && r.h % 2 == 1,
            "room {r:?} not odd"
        );
        for other in &floor.rooms[i + 1..] {
            assert!(r.separated(other), "{r:?} touches {other:?}");
        }
    }
    for e in &floor.encounters {
        assert!(e.room < floor.rooms.len());
        assert!(profile.prefabs.iter().any(|p| p.id == e.prefab));
        assert!(
            floor.monsters.iter().any(|m| m.room == Some(e.room)),
            "encounter without monsters"
        );
    }
}

fn guard_total(profile: &FloorProfile) -> u64 {
    let most = profile
        .prefabs
        .iter()
        .map(|p| {
            p.rows
                .iter()
                .flat_map(|r| r.chars())
                .filter(|c| p.legend.contains_key(c))
                .count()
        })
        .max()
        .unwrap_or(0);
    most as u64 * profile.prefab_count as u64
}

/// The core pack's terrain table (hazards and all), loaded once for the tests.
pub fn core_terrains() -> std::sync::Arc<crate::map::Terrains> {
    static TERRAINS: std::sync::OnceLock<std::sync::Arc<crate::map::Terrains>> =
        std::sync::OnceLock::new();
    TERRAINS
        .get_or_init(|| crate::content::Content::core().unwrap().terrains.clone())
        .clone()
}

/// Path distances from `from` over tiles safe to walk (walkable and no hazard: not deep
/// water, a chasm, lava or a secret door), the plain way.
pub fn safe_distances(map: &TileMap, from: Pos) -> Vec<Option<u32>> {
    distances_over(map, from, |p| {
        map.in_bounds(p) && map.rules(map.get(p)).safe()
    })
}
