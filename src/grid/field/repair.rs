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
        let Repair { lost, seeds, queue } = scratch;
        // Each tile is lost once, and every lost tile is interior: a slot per cell is room.
        if lost.len() < dist.len() {
            lost.resize(dist.len(), 0);
        }
        let mut tail = 0;
        for &s in removed {
            if let Some(i) = pad.index(s)
                && dist[i] == 0
            {
                dist[i] = UNREACHED;
                lost[tail] = i as u32;
                tail += 1;
            }
        }
        // Level by level from the removed sources: a tile one step farther than a lost one is
        // lost exactly when no tile one step nearer still leads to a source. When a level's
        // tiles are judged every lost tile of the level below holds UNREACHED already, so
        // "still leads" is "still holds the level". Judged without branches (whether a
        // neighbour is lost is a coin toss); a kept tile may be judged again, the same way.
        let (mut head, mut level, last) = (0, 0, dist.len() - 1);
        while head < tail {
            let level_end = tail;
            while head < level_end {
                let v = lost[head] as usize;
                head += 1;
                for n in pad.neighbours(v) {
                    let d = dist[n];
                    // `n` may be on the border, its neighbours past the ends: those read the
                    // last cell, a wall (and a wall `n` is never lost anyway).
                    let [up, left, down, right] = pad.neighbours_wrapping(n);
                    let at = |w: usize| dist[w.min(last)] == level;
                    let held = at(up) | at(left) | at(down) | at(right);
                    let gone = (d == level + 1) & !held;
                    dist[n] = if gone { UNREACHED } else { d };
                    lost[tail] = n as u32; // kept only if gone
                    tail += gone as usize;
                }
            }
            level += 1;
        }
        let lost = &lost[..tail];
        // The lost tiles start from their nearest neighbour that has a value (a kept one, or
        // a lost one seeded before them); the relaxation below settles the rest.
        seeds.clear();
        seeds.resize(lost.len(), 0);
        let mut seeded = 0;
        for &v in lost {
            let v = v as usize;
            let reach = |n: usize| {
                if dist[n] < BLOCKED {
                    dist[n]
                } else {
                    UNREACHED
                }
            };
            let [up, left, down, right] = pad.neighbours(v);
            let best = reach(up)
                .min(reach(left))
                .min(reach(down))
                .min(reach(right));
            let has = best != UNREACHED;
            dist[v] = if has { best + 1 } else { UNREACHED };
            seeds[seeded] = (u64::from(best.wrapping_add(1)) << 32) | v as u64;
            seeded += has as usize;
        }
        seeds.truncate(seeded);
        seeds.sort_unstable();
        seeded_relax(dist, seeds, queue, pad);
    }

    /// Adds `added` as sources to a BFS field on `map`: afterwards it equals `bfs` from the
    /// old sources and these. Only tiles nearer a new source than before are visited.
    pub fn add_sources(&mut self, map: &TileMap, added: &[Pos], queue: &mut Vec<u32>) {
        let pad = self.pad();
        debug_assert_eq!(Padded::of(map), pad, "field belongs to another map");
        self.widen();
        let dist = &mut self.dist[..];
        // Every source starts at 0, so this is a breadth-first search: a tile is lowered (and
        // queued) once, to its final value, and a slot per cell is room.
        if queue.len() < dist.len() {
            queue.resize(dist.len(), 0);
        }
        let mut tail = 0;
        for &s in added {
            if let Some(i) = pad.index(s)
                && dist[i] != BLOCKED
                && dist[i] != 0
            {
                dist[i] = 0;
                queue[tail] = i as u32;
                tail += 1;
            }
        }
        let mut head = 0;
        while head < tail {
            let v = queue[head] as usize;
            head += 1;
            let next = dist[v] + 1;
            for n in pad.neighbours(v) {
                // UNREACHED is above BLOCKED: walls are the one larger value never lowered.
                // Without a branch: whether a neighbour is nearer the new source is a coin toss.
                let d = dist[n];
                let lower = (d > next) & (d != BLOCKED);
                dist[n] = if lower { next } else { d };
                queue[tail] = n as u32; // kept only if lowered
                tail += lower as usize;
            }
        }
    }
}

/// Scratch for `DistanceField::remove_sources`, reused between calls (its contents are
/// meaningless between them).
#[derive(Clone, Debug, Default)]
pub struct Repair {
    lost: Vec<u32>,
    seeds: Vec<u64>,
    queue: Vec<u32>,
}
