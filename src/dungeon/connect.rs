//! Step 4: every passable tile reachable from every other.
//!
//! Dead-end filling never splits the maze, but rooms placed where the corridors were filled away,
//! and prefab walls stamped across corridors, leave islands. The baseline generator starts over
//! when its count test fails; here each island gets its shortest wall path to the main (largest)
//! region instead: a 0-1 breadth-first search from the island, where walls cost one and passable
//! tiles nothing, ends at the first main tile it reaches. Islands are small and usually near a
//! corridor, so the searches stay local and the step costs little more than one labelling pass over
//! the map.
use super::field::{Work, mark_rects, push_first};
use super::floor::Rect;
use crate::map::{Tile, TileMap};
use std::hint::select_unpredictable;

/// Joins every region of passable tiles to the largest one by carving the fewest wall tiles;
/// walls inside `protect` (prefab layouts) are carved only when nothing else reaches a region.
/// A map with fewer than two passable tiles first gets two at (1,1), so it can hold two
/// stairs. Returns the number of tiles carved.
pub fn connect(map: &mut TileMap, protect: &[Rect]) -> usize {
    let mut work = Work::load(map);
    let n = connect_work(&mut work, protect);
    work.store(map);
    n
}

/// The regions of passable tiles: `label[i]` is 1 + region (0 for walls); region `r` holds
/// `tiles[start[r]..start[r + 1]]`.
struct Regions {
    label: Vec<u32>,
    tiles: Vec<u32>,
    start: Vec<usize>,
}

fn regions(work: &Work) -> Regions {
    // Walls start labelled, so "passable and unlabelled" is one comparison, and the search
    // appends without a branch (see `push_first`).
    let mut label: Vec<u32> = work
        .t
        .iter()
        .map(|t| if t.builtin_walkable() { 0 } else { WALL })
        .collect();
    let (mut tiles, mut start) = (Vec::new(), vec![0]);
    for i in work.interior_indices() {
        if label[i] != 0 {
            continue;
        }
        let id = start.len() as u32;
        label[i] = id;
        let mut head = tiles.len();
        tiles.push(i as u32);
        while head < tiles.len() {
            let j = tiles[head] as usize;
            head += 1;
            let (mut add, mut len) = ([0u32; 4], 0);
            for k in work.around(j) {
                let fresh = label[k] == 0;
                label[k] = select_unpredictable(fresh, id, label[k]);
                add[len] = k as u32;
                len += usize::from(fresh);
            }
            push_first(&mut tiles, add, len);
        }
        start.push(tiles.len());
    }
    for l in &mut label {
        *l &= u32::from(*l != WALL).wrapping_neg(); // WALL → 0 without a branch per tile
    }
    Regions {
        label,
        tiles,
        start,
    }
}

const WALL: u32 = u32::MAX;
const RING: u8 = 1;
const PROTECTED: u8 = 2;

pub(crate) fn connect_work(work: &mut Work, protect: &[Rect]) -> usize {
    let (w, h) = (work.w, work.h);
    if w < 3 || h < 3 {
        return 0;
    }
    let mut carved = 0;
    if work
        .interior_indices()
        .filter(|&i| work.open(i))
        .take(2)
        .count()
        < 2
    {
        let second = if w >= 4 { w + 2 } else { 2 * w + 1 };
        for i in [w + 1, second] {
            if work.interior(work.pos(i)).is_some() && !work.open(i) {
                work.t[i] = Tile::FLOOR;
                carved += 1;
            }
        }
    }
    let Regions {
        mut label,
        tiles,
        start,
    } = regions(work);
    let count = start.len() - 1;
    if count <= 1 {
        return carved;
    }
    let main = 1
        + (0..count)
            .max_by_key(|&r| (start[r + 1] - start[r], std::cmp::Reverse(r)))
            .unwrap_or(0) as u32;

    let n = work.t.len();
    let mut solid = vec![0u8; n];
    let rects = protect
        .iter()
        .map(|r| (r.x as i64, r.y as i64, r.w as i64, r.h as i64));
    mark_rects(w, h, rects, &mut solid, PROTECTED);
    let ring = [
        (0, 0, w as i64, 1),
        (0, h as i64 - 1, w as i64, 1),
        (0, 0, 1, h as i64),
        (w as i64 - 1, 0, 1, h as i64),
    ];
    mark_rects(w, h, ring, &mut solid, RING);

    let mut search = Search {
        from: vec![0; n],
        layer: Vec::new(),
        next: Vec::new(),
        seen: Vec::new(),
    };
    for r in (1..=count as u32).filter(|&r| r != main) {
        let own = &tiles[start[r as usize - 1]..start[r as usize]];
        // First around the prefabs' walls; a region sealed inside one goes through them.
        let Some(mut i) = [RING | PROTECTED, RING]
            .into_iter()
            .find_map(|blocked| search.run(work, own, |i| label[i] == main, &solid, blocked))
        else {
            continue;
        };
        // Back along the search to the island, carving the walls on the way.
        for _ in 0..n {
            if !work.open(i) {
                work.t[i] = Tile::FLOOR;
                carved += 1;
            }
            label[i] = main;
            match search.from[i] {
                SOURCE => break,
                d => i = work.around(i)[d as usize - 1],
            }
        }
        search.reset();
        for &t in own {
            label[t as usize] = main;
        }
    }
    search.reset();
    carved
}

/// `from[i]`: 0 unseen, SOURCE for the island's own tiles, else 1 + the index (into
/// `Work::around`) of the neighbour the search came from.
const SOURCE: u8 = 5;

/// A 0-1 breadth-first search by layers: layer k holds the tiles k walls away from the
/// island; passable tiles join the layer of the tile that found them, walls the next one.
/// A byte a tile (cleared after each search via `seen`) is all the scratch it needs.
struct Search {
    from: Vec<u8>,
    layer: Vec<u32>,
    next: Vec<u32>,
    seen: Vec<u32>,
}

impl Search {
    /// The first tile `goal` accepts, fewest walls away from `own`; walls whose `solid`
    /// bits meet `blocked` stay closed. `from` then leads back to `own`.
    fn run(
        &mut self,
        work: &Work,
        own: &[u32],
        goal: impl Fn(usize) -> bool,
        solid: &[u8],
        blocked: u8,
    ) -> Option<usize> {
        self.reset();
        self.layer.clear();
        for &t in own {
            self.from[t as usize] = SOURCE;
            self.seen.push(t);
            self.layer.push(t);
        }
        while !self.layer.is_empty() {
            self.next.clear();
            let mut head = 0;
            while head < self.layer.len() {
                let i = self.layer[head] as usize;
                head += 1;
                if goal(i) {
                    return Some(i);
                }
                for (d, k) in work.around(i).into_iter().enumerate() {
                    let open = work.open(k);
                    if self.from[k] != 0 || (!open && solid[k] & blocked != 0) {
                        continue;
                    }
                    // k was reached from i, which lies the opposite way: d + 2 (mod 4).
                    self.from[k] = (d as u8 + 2) % 4 + 1;
                    self.seen.push(k as u32);
                    if open {
                        self.layer.push(k as u32);
                    } else {
                        self.next.push(k as u32);
                    }
                }
            }
            std::mem::swap(&mut self.layer, &mut self.next);
        }
        None
    }

    fn reset(&mut self) {
        for &t in &self.seen {
            self.from[t as usize] = 0;
        }
        self.seen.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::testutil::{components, passable_count};
    use crate::map::Pos;

    #[test]
    fn islands_get_the_shortest_wall_path() {
        let text = "\
###########
#...#######
#...####..#
#...####..#
###########
###.#######
###########
";
        let mut map = TileMap::from_ascii(text);
        // Right island: four walls away; the single tile below: one wall away.
        assert_eq!(connect(&mut map, &[]), 5);
        assert_eq!(components(&map), 1);
        assert_eq!(map.get(Pos::new(3, 4)), Tile::FLOOR);
    }

    #[test]
    fn connected_maps_are_left_alone() {
        let text = "#####\n#...#\n#.#.#\n#...#\n#####\n";
        let mut map = TileMap::from_ascii(text);
        assert_eq!(connect(&mut map, &[]), 0);
        assert_eq!(map.to_ascii(), text);
    }

    #[test]
    fn protected_walls_are_walked_around_unless_sealed() {
        let text = "\
#########
#.......#
#.#####.#
#.#...#.#
#.#####.#
#.......#
#########
";
        // The sealed middle room: only through the protected ring, one tile.
        let mut map = TileMap::from_ascii(text);
        assert_eq!(connect(&mut map, &[Rect::new(2, 2, 5, 3)]), 1);
        assert_eq!(components(&map), 1);
        // An island behind a protected block: four walls around it, not three through it.
        let text = "\
#########
#...#####
#...###.#
#...###.#
#########
";
        let mut map = TileMap::from_ascii(text);
        assert_eq!(connect(&mut map, &[Rect::new(4, 2, 3, 2)]), 4);
        assert!((4..=7).all(|x| map.get(Pos::new(x, 1)) == Tile::FLOOR));
        assert_eq!(components(&map), 1);
    }

    #[test]
    fn empty_maps_get_two_tiles_and_tiny_ones_nothing() {
        let mut map = TileMap::new(11, 11, Tile::WALL);
        assert_eq!(connect(&mut map, &[]), 2);
        assert_eq!(passable_count(&map), 2);
        assert_eq!(components(&map), 1);
        let mut lone = TileMap::new(11, 11, Tile::WALL);
        lone.set(Pos::new(9, 9), Tile::FLOOR);
        connect(&mut lone, &[]);
        assert_eq!(components(&lone), 1);
        assert!(passable_count(&lone) >= 2);
        for (w, h) in [(0, 0), (2, 2), (3, 3), (3, 5)] {
            let mut tiny = TileMap::new(w, h, Tile::WALL);
            connect(&mut tiny, &[]);
            assert!(components(&tiny) <= 1);
        }
    }

    #[test]
    fn many_islands_all_join() {
        // A checkerboard of single tiles: every one an island.
        let mut map = TileMap::new(41, 31, Tile::WALL);
        for y in (1..30).step_by(2) {
            for x in (1..40).step_by(2) {
                map.set(Pos::new(x, y), Tile::FLOOR);
            }
        }
        let islands = passable_count(&map);
        assert_eq!(connect(&mut map, &[]), islands - 1);
        assert_eq!(components(&map), 1);
    }
}
