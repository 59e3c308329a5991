//! Step 1: a perfect maze by randomized flood fill, without recursion.
//!
//! Cells sit at odd coordinates; the tile between two neighbouring cells is their passage, tiles at
//! even/even coordinates are pillars and stay wall. The plain flood fill (`seed_style` in
//! benches/dungeon_gen.rs) recurses once per cell, which a 1001×1001 map (250,000 cells) would turn
//! into a stack overflow, so the walk keeps its own stack of (cell, direction order, next
//! direction) frames instead.
use super::field::{ROOT, Tree, Work};
use crate::map::{Tile, TileMap};
use crate::rng::{Rng, below};

/// All 24 orders of the four directions, so one draw picks a frame's shuffled order.
const ORDERS: [[u8; 4]; 24] = {
    let mut out = [[0u8; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c {
                    // The fourth is whichever is left: 0 + 1 + 2 + 3 = 6.
                    out[n] = [a, b, c, 6 - a - b - c];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// `NEXT[order][open][from]`: the first position at or after `from` in direction order
/// `order` whose direction is set in the bit mask `open`, or 4. One lookup replaces the
/// plain loop over the four directions and its unpredictable branch per direction.
const NEXT: [[[u8; 4]; 16]; 24] = {
    let mut out = [[[4u8; 4]; 16]; 24];
    let mut o = 0;
    while o < 24 {
        let mut m = 0;
        while m < 16 {
            let mut from = 0;
            while from < 4 {
                let mut p = from;
                while p < 4 && (m >> ORDERS[o][p]) & 1 == 0 {
                    p += 1;
                }
                out[o][m][from] = p as u8;
                from += 1;
            }
            m += 1;
        }
        o += 1;
    }
    out
};

/// Marks the outer ring while the walk runs: any tile but wall (no kind has this index).
const TAKEN: Tile = Tile(u8::MAX);

/// A perfect maze on a `width`×`height` grid: every cell reachable by exactly one path.
/// Grids too small for a single cell (< 3 on a side) come back as solid wall.
pub fn carve_maze(width: u32, height: u32, rng: &mut Rng) -> TileMap {
    carve(width, height, rng, false).0.to_map()
}

/// The maze, and with `keep_tree` the walk's tree (which is the maze itself, so its paths are
/// the true distances, and stay so while dead ends are filled).
pub(crate) fn carve(
    width: u32,
    height: u32,
    rng: &mut Rng,
    keep_tree: bool,
) -> (Work, Option<Tree>) {
    let mut work = Work::new(width, height);
    if width < 3 || height < 3 {
        return (work, None);
    }
    let (w, n) = (work.w, work.t.len());
    let (cw, ch) = ((w - 1) / 2, (work.h - 1) / 2);
    // Steps of two tiles from a cell land on a cell, on the ring or outside the array. A
    // cell is free while it is wall; the ring is marked taken for the walk (which also
    // catches the row wrap-around of x ± 2) and walled again at the end.
    let ring = |t: &mut [Tile], tile: Tile| {
        t[..w].fill(tile);
        t[n - w..].fill(tile);
        for row in t.chunks_mut(w) {
            row[0] = tile;
            row[w - 1] = tile;
        }
    };
    ring(&mut work.t, TAKEN);
    let mut tree = keep_tree.then(|| Tree {
        up: vec![ROOT; n],
        depth: vec![0; n],
    });
    // The plain fill starts in the top-left corner; a random start varies the long corridors.
    let start = below(rng, (cw * ch) as u32) as usize;
    let start = (2 * (start / cw) + 1) * w + 2 * (start % cw) + 1;
    work.t[start] = Tile::FLOOR;
    // Up, left, down, right: the order of `Work::around` and `Dir::ALL`.
    let step = [(2 * w).wrapping_neg(), 2usize.wrapping_neg(), 2 * w, 2];
    let free = |t: &[Tile], i: usize| usize::from(t.get(i) == Some(&Tile::WALL));
    // Frames: (cell, direction order, next position in that order).
    let mut stack: Vec<(u32, u8, u8)> = Vec::with_capacity(cw.max(ch) * 4);
    stack.push((start as u32, below(rng, 24) as u8, 0));
    while let Some(top) = stack.last_mut() {
        let (c, order, from) = (top.0 as usize, top.1 as usize, top.2 as usize);
        let mut p = 4;
        if from < 4 {
            let mut mask = 0;
            for (d, s) in step.iter().enumerate() {
                mask |= free(&work.t, c.wrapping_add(*s)) << d;
            }
            p = NEXT[order][mask][from];
        }
        if p == 4 {
            stack.pop();
            continue;
        }
        top.2 = p + 1;
        let dir = ORDERS[order][p as usize] as usize;
        let next = c.wrapping_add(step[dir]);
        let pass = (c + next) / 2;
        work.t[pass] = Tile::FLOOR;
        work.t[next] = Tile::FLOOR;
        if let Some(t) = tree.as_mut() {
            // Both point back the way the walk came.
            let back = (dir as u8 + 2) % 4;
            (t.up[pass], t.up[next]) = (back, back);
            (t.depth[pass], t.depth[next]) =
                (t.depth[c].wrapping_add(1), t.depth[c].wrapping_add(2));
        }
        stack.push((next as u32, below(rng, 24) as u8, 0));
    }
    ring(&mut work.t, Tile::WALL);
    (work, tree)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::testutil::{components, passable_count};
    use crate::map::Pos;
    use crate::rng::floor_rng;
    use proptest::prelude::*;

    #[test]
    fn orders_are_the_24_permutations() {
        let mut all = ORDERS.to_vec();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 24);
        assert!(all.iter().all(|o| {
            let mut s = *o;
            s.sort_unstable();
            s == [0, 1, 2, 3]
        }));
    }

    #[test]
    fn next_table_matches_a_plain_scan() {
        for (order, table) in ORDERS.iter().zip(&NEXT) {
            for (m, row) in table.iter().enumerate() {
                for (from, &p) in row.iter().enumerate() {
                    let plain = (from..4).find(|&q| m >> order[q] & 1 == 1).unwrap_or(4);
                    assert_eq!(p as usize, plain);
                }
            }
        }
    }

    #[test]
    fn the_walk_tree_is_the_maze() {
        // Every tile's parent is an open neighbour one step shallower; the tree's paths are
        // the maze's paths, so forest distance equals breadth-first distance.
        let (work, tree) = carve(21, 15, &mut floor_rng(4, 4), true);
        let tree = tree.unwrap();
        let roots = work
            .open_tiles()
            .iter()
            .filter(|&&i| tree.up[i as usize] == ROOT)
            .count();
        assert_eq!(roots, 1);
        for i in work.open_tiles() {
            let i = i as usize;
            if tree.up[i] != ROOT {
                let p = work.around(i)[tree.up[i] as usize];
                assert!(work.open(p));
                assert_eq!(tree.depth[p].wrapping_add(1), tree.depth[i]);
            }
        }
        let open = work.open_tiles();
        for &a in open.iter().step_by(7) {
            let d = work.distances(&[a]);
            for &b in &open {
                let true_distance = d[b as usize];
                if true_distance < 100 {
                    assert!(tree.close(&work, a as usize, b as usize, true_distance + 1));
                    assert!(!tree.close(&work, a as usize, b as usize, true_distance));
                }
            }
        }
    }

    /// Tree property: n cells joined by n-1 passages, one component, pillars and ring walled.
    fn assert_perfect(map: &TileMap) {
        let (w, h) = (map.width() as i32, map.height() as i32);
        let cells = ((w - 1) / 2 * ((h - 1) / 2)) as usize;
        assert_eq!(passable_count(map), 2 * cells - 1, "{}", map.to_ascii());
        assert_eq!(components(map), 1);
        for y in 0..h {
            for x in 0..w {
                let p = Pos::new(x, y);
                let ring = x == 0 || y == 0 || x == w - 1 || y == h - 1;
                if ring || (x % 2 == 0 && y % 2 == 0) {
                    assert_eq!(map.get(p), Tile::WALL, "{p:?}");
                }
                if x % 2 == 1 && y % 2 == 1 && x < w - 1 && y < h - 1 {
                    assert_eq!(map.get(p), Tile::FLOOR, "cell {p:?}");
                }
            }
        }
    }

    #[test]
    fn small_and_odd_shapes_are_perfect() {
        for (w, h) in [(3, 3), (5, 3), (3, 9), (11, 11), (41, 31), (12, 10), (4, 4)] {
            for seed in 0..20 {
                assert_perfect(&carve_maze(w, h, &mut floor_rng(seed, 1)));
            }
        }
    }

    #[test]
    fn too_small_is_solid_wall() {
        for (w, h) in [(0, 0), (1, 1), (2, 9), (9, 2), (0, 5)] {
            let map = carve_maze(w, h, &mut floor_rng(1, 1));
            assert_eq!((map.width(), map.height()), (w, h));
            assert_eq!(passable_count(&map), 0);
        }
    }

    #[test]
    fn largest_map_is_perfect_without_overflow() {
        if !crate::test_tier::run_slow("the 1001x1001 maze") {
            return;
        }
        assert_perfect(&carve_maze(1001, 1001, &mut floor_rng(3, 8)));
    }

    #[test]
    fn seeds_differ_and_repeat() {
        let a = carve_maze(31, 21, &mut floor_rng(5, 1));
        assert_eq!(a, carve_maze(31, 21, &mut floor_rng(5, 1)));
        assert_ne!(a, carve_maze(31, 21, &mut floor_rng(6, 1)));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(crate::test_tier::cases(1000)))]
        #[test]
        fn every_maze_is_a_tree(seed: u64, w in 1u32..=20, h in 1u32..=20) {
            let (w, h) = (2 * w + 1, 2 * h + 1);
            assert_perfect(&carve_maze(w, h, &mut floor_rng(seed, 1)));
        }
    }
}
