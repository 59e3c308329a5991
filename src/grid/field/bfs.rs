//! The multi-source breadth-first fill of a distance field, and its branch-free hot loop.
use super::{BLOCKED, DistanceField, UNREACHED};
use crate::grid::padded::Padded;
use crate::map::{Pos, TileMap};

impl DistanceField {
    /// Steps (4-neighbour, passable tiles) from the nearest of `sources`. Sources off the map
    /// or on impassable tiles are ignored.
    pub fn bfs(map: &TileMap, sources: &[Pos]) -> Self {
        let mut field = Self::default();
        field.bfs_into(map, sources, &mut Vec::new());
        field
    }

    /// `bfs` into an existing field, reusing its storage and the caller's `queue` (scratch:
    /// grown to one slot per cell, contents meaningless afterwards). No allocation once
    /// both have grown to the map's size.
    pub fn bfs_into(&mut self, map: &TileMap, sources: &[Pos], queue: &mut Vec<u32>) {
        let pad = self.reset(map);
        self.bfs_reset(pad, sources, queue);
    }

    /// `bfs_into` for a field last built on a map with the same tiles as `map`: its walls
    /// are already in place, so the reset only clears the open tiles' values, a pass that
    /// vectorises (filling from the map's tiles does not).
    pub(super) fn bfs_again(&mut self, map: &TileMap, sources: &[Pos], queue: &mut Vec<u32>) {
        let pad = Padded::of(map);
        if self.pad() != pad || self.dist.len() != pad.len() {
            return self.bfs_into(map, sources, queue);
        }
        self.widen();
        // An equality test (not `<`): SSE2 has it for u32 lanes.
        for v in &mut self.dist {
            *v = if *v == BLOCKED { BLOCKED } else { UNREACHED };
        }
        self.bfs_reset(pad, sources, queue);
    }

    /// The BFS on a field just reset for its map.
    fn bfs_reset(&mut self, pad: Padded, sources: &[Pos], queue: &mut Vec<u32>) {
        // Each cell is queued at most once, so a vector of one slot per cell, read from
        // `head` and written at `tail`, is the whole queue. It is never shrunk, so reuse
        // costs no clearing.
        if queue.len() < pad.len() {
            queue.resize(pad.len(), 0);
        }
        let dist = &mut self.dist[..];
        let mut tail = 0;
        for &s in sources {
            if let Some(i) = pad.index(s)
                && dist[i] == UNREACHED
            {
                dist[i] = 0;
                queue[tail] = i as u32;
                tail += 1;
            }
        }
        bfs_levels(dist, queue, tail, pad);
    }
}

/// A queued cell's padded index sits in the low bits; the top two say which of `Dir::ALL`'s
/// steps reached it (`Padded` keeps every index below `1 << INDEX_BITS`).
const INDEX_BITS: u32 = 30;
const INDEX_MASK: u32 = (1 << INDEX_BITS) - 1;

/// The BFS proper, from the `tail` sources already in `queue` (at distance 0).
///
/// This is the hot loop of every `path` monster, so it is branch-free and unchecked. Whether
/// a neighbour is new is a coin flip for the branch predictor; making it data instead
/// (`tail += fresh`) measured 3-4× faster on changing maps. A cell past the sources tries
/// three neighbours, not four: the one it was reached from is always reached already, and
/// each neighbour tried costs two stores (with reading the three before writing any, the 50×50
/// field went from 12.5 to 8.9 µs in benches/grid.rs, both runs on one machine).
#[allow(
    unsafe_code,
    reason = "the branch-free unchecked loop measured 3-4x faster (benches/grid.rs); the SAFETY note says why it holds"
)]
fn bfs_levels(dist: &mut [u32], queue: &mut [u32], mut tail: usize, pad: Padded) {
    let cells = pad.len();
    assert!(dist.len() == cells && queue.len() >= cells && cells <= 1 << INDEX_BITS);
    // Each of `Dir::ALL`'s steps as an index offset (wrapping: up and left subtract).
    let steps = pad.neighbours_wrapping(0);
    // For the step that reached a cell, the three steps on from it with their tags: all but
    // the step back (the opposite of `k` is `k ^ 2` in `Dir::ALL`'s order).
    let onward: [[(usize, u32); 3]; 4] = std::array::from_fn(|k| {
        let mut on = (0..4)
            .filter(|&j| j != k ^ 2)
            .map(|j| (steps[j], (j as u32) << INDEX_BITS));
        std::array::from_fn(|_| on.next().expect("three steps"))
    });
    let mut head = 0;
    // The sources try all four neighbours.
    let sources = tail;
    while head < sources {
        // SAFETY: `head < tail <= cells <= queue.len()`. Only cells holding UNREACHED are
        // queued, and `fill` puts UNREACHED on interior cells only (the border is BLOCKED), so
        // `i` is interior: `pw + 1 <= i < cells - pw - 1`, and all four neighbours are below
        // `cells`. `tail` counts queued cells, at most the interior ones, fewer than `cells`.
        unsafe {
            let i = *queue.get_unchecked(head) as usize;
            head += 1;
            for (j, step) in steps.into_iter().enumerate() {
                let n = i.wrapping_add(step);
                let v = *dist.get_unchecked(n);
                tail = settle(dist, queue, tail, n, v, 1, (j as u32) << INDEX_BITS);
            }
        }
    }
    // Level by level, so the distance is a register, not a load per cell.
    let mut d = 1;
    while head < tail {
        d += 1; // fewer cells than u32::MAX (checked by `Padded`): cannot overflow
        let level_end = tail;
        while head < level_end {
            // SAFETY: as for the sources; besides, an index below `cells <= 1 << INDEX_BITS`
            // leaves the tag's bits clear, and a tag is below 4, in `onward`'s bounds.
            unsafe {
                let q = *queue.get_unchecked(head);
                head += 1;
                let i = (q & INDEX_MASK) as usize;
                let on = onward.get_unchecked((q >> INDEX_BITS) as usize);
                let n = on.map(|(step, _)| i.wrapping_add(step));
                // All three loads before any store: the stores cannot be to these cells, and
                // the processor need not wait to learn it.
                let v = n.map(|n| *dist.get_unchecked(n));
                for ((n, v), &(_, tag)) in n.into_iter().zip(v).zip(on) {
                    tail = settle(dist, queue, tail, n, v, d, tag);
                }
            }
        }
    }
}

/// One neighbour `n`, holding `v`, tried: set to `d` and queued (with `tag`) if unreached.
/// Returns the new tail.
///
/// # Safety
/// `n < dist.len()` and `tail < queue.len()`.
#[allow(
    unsafe_code,
    reason = "the hot loop's unchecked step; `bfs_levels` says why its indices hold"
)]
#[inline(always)]
unsafe fn settle(
    dist: &mut [u32],
    queue: &mut [u32],
    tail: usize,
    n: usize,
    v: u32,
    d: u32,
    tag: u32,
) -> usize {
    // SAFETY: the caller's.
    unsafe {
        let fresh = v == UNREACHED;
        *dist.get_unchecked_mut(n) = if fresh { d } else { v };
        // Written always, kept only if fresh.
        *queue.get_unchecked_mut(tail) = n as u32 | tag;
        tail + fresh as usize
    }
}
