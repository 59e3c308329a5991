//! Incremental updates of a breadth-first field: removing sources (with its `Repair`
//! scratch) and adding them, without a fresh fill.
use super::dijkstra::seeded_relax;
use super::{BLOCKED, DistanceField, UNREACHED};
use crate::grid::padded::Padded;
use crate::map::{Pos, TileMap};

impl DistanceField {
    /// Repairs a BFS field (`bfs`/`bfs_into` on `map`) after `removed` stopped being
    /// sources: afterwards it equals `bfs` from the remaining sources. Only the tiles whose
    /// every shortest way led to a removed source are recomputed (a pile's share of the
    /// floor, not the floor), so taking one of many piles costs little. Positions that were
    /// not sources are ignored; none may still be one.
    pub fn remove_sources(&mut self, map: &TileMap, removed: &[Pos], scratch: &mut Repair) {
        let pad = self.pad();
        debug_assert_eq!(Padded::of(map), pad, "field belongs to another map");
        self.widen();
        let dist = &mut self.dist[..];
        let Repair {
            mark,
            lost,
            kept,
            seeds,
            queue,
        } = scratch;
        if mark.len() != dist.len() {
            *mark = vec![0; dist.len()];
        }
        lost.clear();
        kept.clear();
        for &s in removed {
            if let Some(i) = pad.index(s)
                && dist[i] == 0
                && mark[i] == 0
            {
                mark[i] = LOST;
                lost.push(i as u32);
            }
        }
        // `lost` grows level by level (a tile is added while its level below is popped), so
        // when a tile is judged every tile one step nearer has been judged already: it is
        // lost exactly when none of those still leads to a source.
        let mut head = 0;
        while let Some(&v) = lost.get(head) {
            head += 1;
            let v = v as usize;
            let level = dist[v];
            for n in pad.neighbours(v) {
                if dist[n] != level + 1 || mark[n] != 0 {
                    continue;
                }
                let held = pad
                    .neighbours(n)
                    .into_iter()
                    .any(|w| dist[w] == level && mark[w] != LOST);
                if held {
                    mark[n] = KEPT;
                    kept.push(n as u32);
                } else {
                    mark[n] = LOST;
                    lost.push(n as u32);
                }
            }
        }
        // Kept tiles keep their distances (removing sources only lengthens them, and theirs
        // still has its way); the lost ones start from their kept neighbours.
        for &v in lost.iter() {
            dist[v as usize] = UNREACHED;
        }
        seeds.clear();
        for &v in lost.iter() {
            let v = v as usize;
            let best = pad
                .neighbours(v)
                .into_iter()
                .map(|n| dist[n])
                .filter(|&d| d < BLOCKED)
                .min();
            if let Some(d) = best {
                dist[v] = d + 1;
                seeds.push((u64::from(d + 1) << 32) | v as u64);
            }
        }
        seeds.sort_unstable();
        seeded_relax(dist, seeds, queue, pad);
        for &v in lost.iter().chain(kept.iter()) {
            mark[v as usize] = 0;
        }
    }

    /// Adds `added` as sources to a BFS field on `map`: afterwards it equals `bfs` from the
    /// old sources and these. Only tiles nearer a new source than before are visited.
    pub fn add_sources(&mut self, map: &TileMap, added: &[Pos], queue: &mut Vec<u32>) {
        let pad = self.pad();
        debug_assert_eq!(Padded::of(map), pad, "field belongs to another map");
        self.widen();
        let dist = &mut self.dist[..];
        queue.clear();
        for &s in added {
            if let Some(i) = pad.index(s)
                && dist[i] != BLOCKED
                && dist[i] != 0
            {
                dist[i] = 0;
                queue.push(i as u32);
            }
        }
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            let v = v as usize;
            let next = dist[v] + 1;
            for n in pad.neighbours(v) {
                // UNREACHED is above BLOCKED: walls are the one larger value never lowered.
                if dist[n] > next && dist[n] != BLOCKED {
                    dist[n] = next;
                    queue.push(n as u32);
                }
            }
        }
    }
}

/// `Repair::mark` of a tile whose distance `remove_sources` recomputes, and of one it has
/// judged to keep its distance.
const LOST: u8 = 1;
const KEPT: u8 = 2;

/// Scratch for `DistanceField::remove_sources`, reused between calls (`mark` is all zero
/// between them; the rest is meaningless).
#[derive(Clone, Debug, Default)]
pub struct Repair {
    pub(super) mark: Vec<u8>,
    lost: Vec<u32>,
    kept: Vec<u32>,
    seeds: Vec<u64>,
    queue: Vec<u32>,
}
