//! The steps' working copy of the grid and the breadth-first searches they share.
//!
//! The outer ring of a working copy is always wall and is never traversed or carved, so
//! every passable tile is interior and its four neighbours are `i - w`, `i - 1`, `i + 1`,
//! `i + w` without bounds checks or divisions (this is what keeps 1001×1001 fast).
use crate::map::{Pos, Terrains, Tile, TileMap};
use std::sync::Arc;

/// "Unreachable" in the tests' distance fields.
#[cfg(test)]
pub(crate) const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub(crate) struct Work {
    pub w: usize,
    pub h: usize,
    pub t: Vec<Tile>,
}

impl Work {
    pub fn new(w: u32, h: u32) -> Self {
        Self {
            w: w as usize,
            h: h as usize,
            t: vec![Tile::WALL; w as usize * h as usize],
        }
    }

    /// Copies `map`, reading its outer ring as wall (the steps never touch the ring).
    pub fn load(map: &TileMap) -> Self {
        let mut work = Self {
            w: map.width() as usize,
            h: map.height() as usize,
            t: map.tiles().to_vec(),
        };
        let (w, h) = (work.w, work.h);
        if w > 0 && h > 0 {
            work.t[..w].fill(Tile::WALL);
            work.t[(h - 1) * w..].fill(Tile::WALL);
            for y in 0..h {
                work.t[y * w] = Tile::WALL;
                work.t[y * w + w - 1] = Tile::WALL;
            }
        }
        work
    }

    /// Writes the interior back into `map` (the ring of `map` is left as it was).
    pub fn store(&self, map: &mut TileMap) {
        self.store_if(map, true);
    }

    fn store_if(&self, map: &mut TileMap, changed_only: bool) {
        for y in 1..self.h.saturating_sub(1) {
            for x in 1..self.w.saturating_sub(1) {
                let i = y * self.w + x;
                if !changed_only || map.tiles()[i] != self.t[i] {
                    map.set(Pos::new(x as i32, y as i32), self.t[i]);
                }
            }
        }
    }

    pub fn to_map(&self) -> TileMap {
        self.to_map_in(Terrains::builtin())
    }

    /// The map, its tiles indexing `terrains` (the table the steps placed content kinds of).
    pub fn to_map_in(&self, terrains: Arc<Terrains>) -> TileMap {
        let mut map = TileMap::new_in(self.w as u32, self.h as u32, Tile::WALL, terrains);
        // Writing every tile is cheaper than guessing which changed.
        self.store_if(&mut map, false);
        map
    }

    #[inline]
    pub fn open(&self, i: usize) -> bool {
        self.t[i].builtin_walkable()
    }

    /// Up, left, down, right (the map's `Dir::ALL` order). Only valid for interior `i`.
    #[inline]
    pub fn around(&self, i: usize) -> [usize; 4] {
        [i - self.w, i - 1, i + self.w, i + 1]
    }

    pub fn open_neighbours(&self, i: usize) -> usize {
        self.around(i)
            .iter()
            .map(|&n| usize::from(self.open(n)))
            .sum()
    }

    pub fn pos(&self, i: usize) -> Pos {
        Pos::new((i % self.w) as i32, (i / self.w) as i32)
    }

    /// Index of an interior position, `None` for the ring and outside.
    pub fn interior(&self, p: Pos) -> Option<usize> {
        let inside =
            p.x >= 1 && p.y >= 1 && (p.x as usize) + 1 < self.w && (p.y as usize) + 1 < self.h;
        inside.then(|| p.y as usize * self.w + p.x as usize)
    }

    /// Interior indices in row-major order (the ring excluded).
    pub fn interior_indices(&self) -> impl Iterator<Item = usize> + '_ {
        (1..self.h.saturating_sub(1))
            .flat_map(move |y| (1..self.w.saturating_sub(1)).map(move |x| y * self.w + x))
    }

    /// Passable tiles in row-major order: the canonical order every step draws from.
    pub fn open_tiles(&self) -> Vec<u32> {
        self.select(|i| self.open(i))
    }

    /// Interior tiles for which `keep` holds, in row-major order. Each row goes through a
    /// row-sized buffer that takes every index but advances only past the kept ones: no
    /// branch for the processor to mispredict, and no map-sized buffer to clear.
    pub fn select(&self, keep: impl Fn(usize) -> bool) -> Vec<u32> {
        let mut out = Vec::new();
        let mut row = vec![0u32; self.w + 1];
        for y in 1..self.h.saturating_sub(1) {
            let mut len = 0;
            for i in y * self.w + 1..(y + 1) * self.w - 1 {
                row[len] = i as u32;
                len += usize::from(keep(i));
            }
            out.extend_from_slice(&row[..len]);
        }
        out
    }

    /// The interior tiles `keep` accepts, split by `first` into two lists (row-major each),
    /// branch-free like `select`.
    pub fn split(
        &self,
        keep: impl Fn(usize) -> bool,
        first: impl Fn(usize) -> bool,
    ) -> (Vec<u32>, Vec<u32>) {
        let (mut yes, mut no) = (Vec::new(), Vec::new());
        let (mut row_yes, mut row_no) = (vec![0u32; self.w + 1], vec![0u32; self.w + 1]);
        for y in 1..self.h.saturating_sub(1) {
            let (mut a, mut b) = (0, 0);
            for i in y * self.w + 1..(y + 1) * self.w - 1 {
                let (k, f) = (keep(i), first(i));
                row_yes[a] = i as u32;
                row_no[b] = i as u32;
                a += usize::from(k & f);
                b += usize::from(k & !f);
            }
            yes.extend_from_slice(&row_yes[..a]);
            no.extend_from_slice(&row_no[..b]);
        }
        (yes, no)
    }

    /// Path distances over passable tiles from `sources` (NONE where unreachable).
    #[cfg(test)]
    pub fn distances(&self, sources: &[u32]) -> Vec<u32> {
        let mut dist = vec![NONE; self.t.len()];
        let mut queue = std::collections::VecDeque::new();
        for &s in sources {
            dist[s as usize] = 0;
            queue.push_back(s as usize);
        }
        while let Some(i) = queue.pop_front() {
            for k in self.around(i) {
                if self.open(k) && dist[k] == NONE {
                    dist[k] = dist[i] + 1;
                    queue.push_back(k);
                }
            }
        }
        dist
    }
}

/// Appends the first `len` of `add` to `queue`. Searches gather a tile's four neighbours into
/// `add`, advancing `len` only past the fresh ones, and push them with this fixed-size copy:
/// in a maze whether a neighbour is open is a coin toss, and a mispredicted branch per
/// neighbour would cost more than the rest of the search.
#[inline]
pub(crate) fn push_first(queue: &mut Vec<u32>, add: [u32; 4], len: usize) {
    let end = queue.len() + len;
    queue.extend_from_slice(&add);
    queue.truncate(end);
}

/// A spanning forest of the passable tiles: each tile's parent as an index into
/// `Work::around` (ROOT at roots) and its depth. The path between two tiles through the
/// forest is never shorter than their true distance, which is what makes it useful.
///
/// Depth is kept modulo 256: `close` only ever needs depth differences below its limit
/// (< 128), which wrapping arithmetic gets right, and a byte a tile keeps the forest in cache.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub up: Vec<u8>,
    pub depth: Vec<u8>,
}

pub(crate) const ROOT: u8 = 4;
const UNSEEN: u8 = 5;

impl Tree {
    /// The breadth-first forest, one tree per region, roots in row-major order.
    pub fn of(work: &Work) -> Self {
        let n = work.t.len();
        let (mut up, mut depth) = (vec![UNSEEN; n], vec![0u8; n]);
        let mut queue = Vec::new();
        for root in work.interior_indices() {
            if !work.open(root) || up[root] != UNSEEN {
                continue;
            }
            up[root] = ROOT;
            queue.clear();
            queue.push(root as u32);
            let mut head = 0;
            while head < queue.len() {
                let i = queue[head] as usize;
                head += 1;
                for (d, k) in work.around(i).into_iter().enumerate() {
                    if up[k] == UNSEEN && work.open(k) {
                        // k's parent i lies the opposite way: up ↔ down, left ↔ right.
                        up[k] = (d as u8 + 2) % 4;
                        depth[k] = depth[i].wrapping_add(1);
                        queue.push(k as u32);
                    }
                }
            }
        }
        Self { up, depth }
    }

    fn parent(&self, work: &Work, i: usize) -> Option<usize> {
        let d = self.up[i];
        (d < ROOT).then(|| work.around(i)[d as usize])
    }

    /// The forest path from `a` to `b` is shorter than `limit` (at most 127).
    pub fn close(&self, work: &Work, mut a: usize, mut b: usize, limit: u32) -> bool {
        debug_assert!(limit < 128);
        // The true depth difference, whenever it is below 128 (and otherwise the answer is
        // "far" however the climb goes: a meeting point within `limit` climbs proves a path).
        let diff = self.depth[a].wrapping_sub(self.depth[b]) as i8 as i32;
        if diff.unsigned_abs() >= limit {
            return false;
        }
        // Climb the deeper one to the other's depth, then both until they meet.
        for _ in 0..diff.max(0) {
            a = self.parent(work, a).unwrap_or(a);
        }
        for _ in 0..(-diff).max(0) {
            b = self.parent(work, b).unwrap_or(b);
        }
        let mut steps = diff.unsigned_abs();
        while a != b && steps < limit {
            match (self.parent(work, a), self.parent(work, b)) {
                (Some(pa), Some(pb)) => (a, b, steps) = (pa, pb, steps + 2),
                _ => return false, // two different trees
            }
        }
        a == b && steps < limit
    }
}

/// Sets the tiles of the rectangles (x, y, w, h; clipped to the grid) in a per-tile array.
pub(crate) fn mark_rects<T: Copy>(
    w: usize,
    h: usize,
    rects: impl IntoIterator<Item = (i64, i64, i64, i64)>,
    mask: &mut [T],
    value: T,
) {
    for (x, y, rw, rh) in rects {
        let (x0, y0) = (x.max(0) as usize, y.max(0) as usize);
        let x1 = (x + rw).clamp(0, w as i64) as usize;
        let y1 = (y + rh).clamp(0, h as i64) as usize;
        for yy in y0..y1 {
            if x0 < x1 {
                mask[yy * w + x0..yy * w + x1].fill(value);
            }
        }
    }
}

/// `round(total * percent / 100)` with the percentage clamped to 0..=100 (NaN reads as 0).
pub(crate) fn share(total: usize, percent: f64) -> usize {
    let p = if percent.is_nan() {
        0.0
    } else {
        percent.clamp(0.0, 100.0)
    };
    ((total as f64 * p / 100.0).round() as usize).min(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_walls_the_ring_and_store_keeps_it() {
        let mut map = TileMap::from_ascii("....\n....\n....\n");
        let mut work = Work::load(&map);
        assert_eq!(work.open_tiles().len(), 2);
        work.t[5] = Tile::WALL;
        work.store(&mut map);
        assert_eq!(map.to_ascii(), "....\n.#..\n....\n");
    }

    #[test]
    fn distances_follow_corridors() {
        let map = TileMap::from_ascii("#####\n#..##\n##..#\n#####\n");
        let work = Work::load(&map);
        let d = work.distances(&[6]);
        assert_eq!((d[6], d[7], d[12], d[13]), (0, 1, 2, 3));
        assert_eq!(d[11], NONE);
    }

    #[test]
    fn forest_paths_bound_the_true_distance() {
        // A ring of 8: the forest cuts it open somewhere, so some pair is closer than its
        // forest path; never the other way round.
        let map = TileMap::from_ascii("#####\n#...#\n#.#.#\n#...#\n#####\n");
        let work = Work::load(&map);
        let tree = Tree::of(&work);
        let open = work.open_tiles();
        let d = |a: u32| work.distances(&[a]);
        for &a in &open {
            for &b in &open {
                let true_distance = d(a)[b as usize];
                for limit in 1..8 {
                    if tree.close(&work, a as usize, b as usize, limit) {
                        assert!(true_distance < limit);
                    }
                }
                assert!(
                    tree.close(&work, a as usize, b as usize, 8),
                    "forest path within 7"
                );
            }
        }
        let two = Work::load(&TileMap::from_ascii("#####\n#.#.#\n#####\n"));
        assert!(
            !Tree::of(&two).close(&two, 6, 8, 100),
            "different trees are never close"
        );
    }

    #[test]
    fn share_rounds_and_clamps() {
        assert_eq!(share(10, 25.0), 3);
        assert_eq!(share(10, 24.0), 2);
        assert_eq!(share(10, 150.0), 10);
        assert_eq!(share(10, -3.0), 0);
        assert_eq!(share(10, f64::NAN), 0);
    }
}
