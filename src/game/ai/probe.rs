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

/// The label of a wall: above every `base + distance`, so a search never takes it for new.
const WALL_LABEL: u32 = u32::MAX;

/// Breadth-first searches that stop early: towards one monster's own target, or from a
/// forager to the nearest pile. Each search labels tiles `base + distance` above every earlier
/// search's labels instead of clearing, so a short search costs only the tiles it labels, and
/// one array (not a stamp and a distance) is read per neighbour.
#[derive(Default)]
pub(super) struct Probe {
    /// Per tile: `WALL_LABEL` on the walls of the map it was filled from (the one walls
    /// test a search makes), else `base + distance` if the last search labelled it, else
    /// below `base`.
    label: Vec<u32>,
    queue: Vec<u32>,
    /// The last search's base.
    base: u32,
}

impl Probe {
    /// Starts a search from `source`: a fresh base above every label written so far, and
    /// `source` labelled 0. `None` where `source` is a wall or off the map.
    fn start(&mut self, cells: &Cells, source: Pos) -> Option<usize> {
        let start = cells.idx(source).filter(|&i| cells.cell[i] != WALL)?;
        let n = cells.cell.len();
        // A search labels fewer than `n` tiles, each below `base + n`: below `WALL_LABEL`.
        let span = u32::try_from(n).expect("a floor's tiles fit in u32");
        if self.label.len() != n || self.base.checked_add(span.saturating_mul(2)).is_none() {
            self.label.clear();
            self.label.extend(
                cells
                    .cell
                    .iter()
                    .map(|&c| if c == WALL { WALL_LABEL } else { 0 }),
            );
            self.base = 1;
        } else {
            self.base += span;
        }
        if self.queue.len() < n {
            self.queue.resize(n, 0);
        }
        self.queue[0] = start as u32;
        self.label[start] = self.base;
        Some(start)
    }

    /// Drops the labels, walls and all: the next search takes the walls from its `Cells`
    /// again (the map changed).
    pub(super) fn forget_walls(&mut self) {
        self.label.clear();
    }

    /// Labels open tiles with their distance from `source` until it labels `target` (a map
    /// index). The same labels and budget as `search` with `|i| i == target`, without a branch
    /// on whether each neighbour is new: in a crowd's many probes that branch is a coin toss.
    #[allow(
        unsafe_code,
        reason = "unchecked indexing in every monster's search (benches/ai.rs); the SAFETY note says why it holds"
    )]
    fn search_to(
        &mut self,
        cells: &Cells,
        source: Pos,
        target: usize,
        budget: &mut usize,
    ) -> Search {
        if self.start(cells, source).is_none() {
            return Search::Exhausted;
        }
        let base = self.base;
        let (label, queue) = (&mut self.label[..], &mut self.queue[..]);
        let (mut head, mut tail, mut left) = (0, 1, *budget);
        let end = 'search: loop {
            if head == tail {
                break Search::Exhausted;
            }
            // SAFETY: `head < tail`, and `tail` counts the tiles labelled, each once, so fewer
            // than `n` = the length of `cell`, `label` and `queue` (the border is wall), which
            // also keeps the unconditional `queue[tail]` write in bounds. Only open tiles are
            // queued (walls hold `WALL_LABEL`, never below `base`) and the border is wall, so
            // `i` is interior and its four neighbours are below `n`.
            unsafe {
                let i = *queue.get_unchecked(head) as usize;
                head += 1;
                let next = *label.get_unchecked(i) + 1;
                for t in cells.around(i) {
                    let old = *label.get_unchecked(t);
                    let fresh = old < base;
                    if fresh & ((left == 0) | (t == target)) {
                        if left == 0 {
                            break 'search Search::OverBudget;
                        }
                        *label.get_unchecked_mut(t) = next;
                        left -= 1;
                        break 'search Search::Found(t);
                    }
                    *label.get_unchecked_mut(t) = if fresh { next } else { old };
                    *queue.get_unchecked_mut(tail) = t as u32;
                    tail += fresh as usize;
                    left -= fresh as usize;
                }
            }
        };
        *budget = left;
        end
    }

    /// Labels open tiles with their distance from `source` until `stop` accepts one.
    #[allow(
        unsafe_code,
        reason = "unchecked indexing in every forager's search (benches/ai.rs); the SAFETY note says why it holds"
    )]
    pub(super) fn search(
        &mut self,
        cells: &Cells,
        source: Pos,
        budget: &mut usize,
        stop: impl Fn(usize) -> bool,
    ) -> Search {
        if self.start(cells, source).is_none() {
            return Search::Exhausted;
        }
        let base = self.base;
        let (label, queue) = (&mut self.label[..], &mut self.queue[..]);
        let (mut head, mut tail, mut left) = (0, 1, *budget);
        let end = 'search: loop {
            if head == tail {
                break Search::Exhausted;
            }
            // SAFETY: as in `search_to`.
            unsafe {
                let i = *queue.get_unchecked(head) as usize;
                head += 1;
                let next = *label.get_unchecked(i) + 1;
                for t in cells.around(i) {
                    if *label.get_unchecked(t) < base {
                        if left == 0 {
                            break 'search Search::OverBudget;
                        }
                        left -= 1;
                        *label.get_unchecked_mut(t) = next;
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
        let label = *self.label.get(i)?;
        (label != WALL_LABEL)
            .then_some(label)?
            .checked_sub(self.base)
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
        let Search::Found(_) = self.search_to(cells, goal, start, budget) else {
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
