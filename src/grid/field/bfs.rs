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
    /// grown to four slots per cell, contents meaningless afterwards). No allocation once
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
        let dist = &mut self.dist[..];
        for &s in sources {
            if let Some(i) = pad.index(s)
                && dist[i] == UNREACHED
            {
                dist[i] = 0;
            }
        }
        // Each cell is queued at most once, so a region of one slot per cell for each step,
        // read from its head and written at its tail, is all the queue. It is never shrunk,
        // so reuse costs no clearing.
        let cells = pad.len();
        if queue.len() < 4 * cells {
            queue.resize(4 * cells, 0);
        }
        let (up, rest) = queue.split_at_mut(cells);
        let (left, rest) = rest.split_at_mut(cells);
        let (down, right) = rest.split_at_mut(cells);
        let mut queues = Queues {
            regions: [up, left, down, right],
            heads: [0; 4],
            tails: [0; 4],
        };
        bfs_levels(dist, &mut queues, sources, pad);
    }
}

/// The BFS's queue, in four: the cells reached by each of `Dir::ALL`'s steps (up, left, down,
/// right) in a region of their own. A cell tries three neighbours, not four (the one it was
/// reached from is always reached already), and which three is the same for its whole region,
/// so nothing beside the cell says it.
struct Queues<'a> {
    regions: [&'a mut [u32]; 4],
    heads: [usize; 4],
    tails: [usize; 4],
}

/// For the step that reached a cell, the three steps on from it: all but the step back (the
/// opposite of step `k` is `k ^ 2` in `Dir::ALL`'s order).
const fn onward(k: usize) -> [usize; 3] {
    let mut on = [0; 3];
    let (mut j, mut n) = (0, 0);
    while j < 4 {
        if j != k ^ 2 {
            on[n] = j;
            n += 1;
        }
        j += 1;
    }
    on
}

/// The BFS proper, from the sources already at 0 in `dist`.
///
/// This is the hot loop of every `path` monster, so it is branch-free and unchecked. Whether
/// a neighbour is new is a coin flip for the branch predictor; making it data instead
/// (`tail += fresh`) measured 3-4× faster on changing maps. Each neighbour tried costs two
/// stores and the cell's bookkeeping, the loop's limit: trying three, not four, with the three
/// read before any is written, took the 50×50 field from 12.5 to 8.9 µs, and the four queues
/// (no step kept beside a cell) further still (benches/grid.rs, one machine).
#[allow(
    unsafe_code,
    reason = "the branch-free unchecked loop measured 3-4x faster (benches/grid.rs); the SAFETY notes say why it holds"
)]
fn bfs_levels(dist: &mut [u32], queues: &mut Queues, sources: &[Pos], pad: Padded) {
    let cells = pad.len();
    assert!(dist.len() == cells && queues.regions.iter().all(|r| r.len() >= cells));
    // Each of `Dir::ALL`'s steps as an index offset (wrapping: up and left subtract).
    let steps = pad.neighbours_wrapping(0);
    // The sources try all four neighbours: those on open tiles, which hold 0 now. One named
    // twice is tried twice, which queues nothing the second time.
    for i in sources.iter().filter_map(|&s| pad.index(s)) {
        if dist[i] != 0 {
            continue;
        }
        for (to, step) in steps.into_iter().enumerate() {
            let n = i.wrapping_add(step);
            // SAFETY: `i` is an interior cell (a source on an open tile; the border is
            // BLOCKED), so its neighbours are below `cells`; `settle` says why the tail holds.
            unsafe { settle(dist, queues, to, n, *dist.get_unchecked(n), 1) };
        }
    }
    // Level by level, so the distance is a register, not a load per cell.
    let mut d = 1;
    while queues.heads != queues.tails {
        d += 1; // fewer cells than u32::MAX (checked by `Padded`): cannot overflow
        let ends = queues.tails;
        // SAFETY: each end is its region's tail.
        unsafe {
            level::<0>(dist, queues, ends[0], steps, d);
            level::<1>(dist, queues, ends[1], steps, d);
            level::<2>(dist, queues, ends[2], steps, d);
            level::<3>(dist, queues, ends[3], steps, d);
        }
    }
}

/// One level's cells of region `FROM` (those before `end`), each trying its three onward
/// neighbours at distance `d`.
///
/// # Safety
/// `end` is at most region `FROM`'s tail.
#[allow(
    unsafe_code,
    reason = "the hot loop's unchecked steps; the SAFETY note says why they hold"
)]
#[inline(always)]
unsafe fn level<const FROM: usize>(
    dist: &mut [u32],
    queues: &mut Queues,
    end: usize,
    steps: [usize; 4],
    d: u32,
) {
    let on = const { onward(FROM) };
    while queues.heads[FROM] < end {
        // SAFETY: the head is below the tail, within the region. Only cells holding UNREACHED
        // are queued, and `fill` puts UNREACHED on interior cells only (the border is
        // BLOCKED), so `i` is interior: `pw + 1 <= i < cells - pw - 1`, and all four
        // neighbours are below `cells`.
        unsafe {
            let i = *queues.regions[FROM].get_unchecked(queues.heads[FROM]) as usize;
            queues.heads[FROM] += 1;
            let n = on.map(|to| i.wrapping_add(steps[to]));
            // All three loads before any store: the stores cannot be to these cells, and
            // the processor need not wait to learn it.
            let v = n.map(|n| *dist.get_unchecked(n));
            for ((to, n), v) in on.into_iter().zip(n).zip(v) {
                settle(dist, queues, to, n, v, d);
            }
        }
    }
}

/// Neighbour `n`, reached by step `to` and holding `v`, tried: set to `d` and queued if
/// unreached.
///
/// # Safety
/// `n < dist.len()`. The tail written at is in bounds: a region's tail counts the cells
/// queued in it, at most the interior ones, fewer than `cells`, its length.
#[allow(
    unsafe_code,
    reason = "the hot loop's unchecked step; `bfs_levels` says why its indices hold"
)]
#[inline(always)]
unsafe fn settle(dist: &mut [u32], queues: &mut Queues, to: usize, n: usize, v: u32, d: u32) {
    // SAFETY: the caller's; `to` is one of four steps.
    unsafe {
        let fresh = v == UNREACHED;
        *dist.get_unchecked_mut(n) = if fresh { d } else { v };
        // Written always, kept only if fresh.
        let tail = queues.tails[to];
        *queues.regions[to].get_unchecked_mut(tail) = n as u32;
        queues.tails[to] = tail + fresh as usize;
    }
}
