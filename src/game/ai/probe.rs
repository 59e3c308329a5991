//! The bounded breadth-first probe: searches that stop early (towards one monster's own
//! target, or from a forager to the nearest pile) within the turn's budget of tiles.
use super::Act;
use super::occupancy::{Cells, WALL};
use crate::map::{Dir, Pos};

/// How a probe search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Search {
    /// The first tile (map index) the stop test accepted.
    Found(usize),
    /// Every reachable tile labelled, none accepted.
    Exhausted,
    /// The turn's budget ran out first.
    OverBudget,
}

/// Breadth-first searches that stop early: towards one monster's own target, or from a
/// forager to the nearest pile. The scratch is stamped per search instead of cleared, so a
/// short search costs only the tiles it labels.
#[derive(Default)]
pub(super) struct Probe {
    /// Per tile: the search that labelled it.
    stamp: Vec<u32>,
    dist: Vec<u32>,
    queue: Vec<u32>,
    search: u32,
}

impl Probe {
    /// Labels open tiles with their distance from `source` until `stop` accepts one.
    #[allow(
        unsafe_code,
        reason = "unchecked indexing in every monster's search (benches/ai.rs); the SAFETY note says why it holds"
    )]
    pub(super) fn search(
        &mut self,
        cells: &Cells,
        source: Pos,
        budget: &mut usize,
        stop: impl Fn(usize) -> bool,
    ) -> Search {
        let Some(start) = cells.idx(source).filter(|&i| cells.cell[i] != WALL) else {
            return Search::Exhausted;
        };
        let n = cells.cell.len();
        if self.stamp.len() != n {
            self.stamp = vec![0; n];
            self.dist = vec![0; n];
            self.search = 0;
        }
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            self.stamp.fill(0);
            self.search = 1;
        }
        let search = self.search;
        // Each tile is queued at most once: a slot per tile is the whole queue.
        if self.queue.len() < n {
            self.queue.resize(n, 0);
        }
        let (stamp, dist, queue) = (&mut self.stamp[..], &mut self.dist[..], &mut self.queue[..]);
        let cell = &cells.cell[..];
        queue[0] = start as u32;
        stamp[start] = search;
        dist[start] = 0;
        let (mut head, mut tail, mut left) = (0, 1, *budget);
        let end = 'search: loop {
            if head == tail {
                break Search::Exhausted;
            }
            // SAFETY: `head < tail`, and `tail` counts the tiles queued, each once (stamped
            // first), so fewer than `n` = the length of `cell`, `stamp`, `dist` and `queue`.
            // Only open tiles are queued and the border is wall, so `i` is interior and its
            // four neighbours are below `n`.
            unsafe {
                let i = *queue.get_unchecked(head) as usize;
                head += 1;
                let next = *dist.get_unchecked(i) + 1;
                for t in cells.around(i) {
                    if *stamp.get_unchecked(t) != search && *cell.get_unchecked(t) != WALL {
                        if left == 0 {
                            break 'search Search::OverBudget;
                        }
                        left -= 1;
                        *stamp.get_unchecked_mut(t) = search;
                        *dist.get_unchecked_mut(t) = next;
                        if stop(t) {
                            break 'search Search::Found(t);
                        }
                        *queue.get_unchecked_mut(tail) = t as u32;
                        tail += 1;
                    }
                }
            }
        };
        *budget = left;
        end
    }

    /// Distance labelled by the last search, if it reached `i`.
    fn dist(&self, i: usize) -> Option<u32> {
        (self.stamp.get(i) == Some(&self.search)).then(|| self.dist[i])
    }

    /// The step `downhill` would take from `from` on the distance field of `goal`, searched
    /// from `goal` only until it reaches `from` (level by level, so by then every neighbour
    /// one step nearer is labelled). `None` when `goal` cannot be reached or over budget.
    pub(super) fn step(
        &mut self,
        cells: &Cells,
        goal: Pos,
        from: Pos,
        budget: &mut usize,
    ) -> Option<Act> {
        if goal == from {
            return Some(Act::Stay);
        }
        let start = cells.idx(from)?;
        let Search::Found(_) = self.search(cells, goal, budget, |i| i == start) else {
            return None;
        };
        let mut best = (self.dist(start)?, Act::Stay);
        for d in Dir::ALL {
            let p = from.offset(d);
            if let Some(v) = cells.idx(p).and_then(|i| self.dist(i))
                && v < best.0
                && cells.free(p)
            {
                best = (v, Act::Go(d));
            }
        }
        Some(best.1)
    }

    /// After a search that found `goal`: the first tile of a shortest way there
    /// (walking back from `goal`, the first neighbour one step nearer, up, left, down, right).
    pub(super) fn first_step(&self, cells: &Cells, goal: usize) -> Pos {
        let mut at = cells.pos(goal);
        while let Some(d) = self
            .dist(cells.idx(at).expect("labelled"))
            .filter(|&d| d > 1)
        {
            at = Dir::ALL
                .into_iter()
                .map(|dir| at.offset(dir))
                .find(|&p| cells.idx(p).and_then(|i| self.dist(i)) == Some(d - 1))
                .expect("a labelled tile has a neighbour one step nearer");
        }
        at
    }
}
