//! Weighted fields: Dijkstra with per-tile costs, Brogue's safety map, and the unit-step
//! relaxation from seeded tiles that the safety map and source removal share.
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{BLOCKED, DistanceField, MAX_FINITE, UNREACHED};
use crate::grid::padded::Padded;
use crate::map::{Pos, TileMap};

impl DistanceField {
    /// Least total cost from the sources, each starting at its own initial cost. Entering
    /// tile `i` (the `TileMap` index, `y * width + x`) costs `cost(i)`; `UNREACHED` there
    /// makes the tile impassable. Sums saturate just below `UNREACHED`.
    pub fn dijkstra(map: &TileMap, sources: &[(Pos, u32)], cost: impl Fn(usize) -> u32) -> Self {
        let mut field = Self::default();
        let pad = field.reset(map);
        let dist = &mut field.dist;
        let mut heap = BinaryHeap::new();
        for &(p, initial) in sources {
            let initial = initial.min(MAX_FINITE);
            if let Some(i) = pad.index(p)
                && dist[i] != BLOCKED
                && initial < dist[i]
            {
                dist[i] = initial;
                heap.push(Reverse((initial, i as u32)));
            }
        }
        // The index in the key makes the pop order, and so the result, fully deterministic.
        while let Some(Reverse((d, i))) = heap.pop() {
            let i = i as usize;
            if d > dist[i] {
                continue; // stale entry: improved after it was pushed
            }
            for n in pad.neighbours(i) {
                let current = dist[n];
                if current == BLOCKED {
                    continue;
                }
                let step = cost(pad.map_index(n));
                if step == UNREACHED {
                    continue;
                }
                let next = d.saturating_add(step).min(MAX_FINITE);
                if next < current {
                    dist[n] = next;
                    heap.push(Reverse((next, n as u32)));
                }
            }
        }
        field
    }

    /// Brogue's safety map: `coefficient × distance-to-threat` (e.g. −1.2), shifted so the
    /// smallest value is 0, then relaxed with unit steps. Rolling downhill moves away from the
    /// threat, but a dead end's low values no longer hide a longer escape route: its tiles
    /// are relaxed up to "step out and run the other way". Tiles the threat cannot reach are 0.
    pub fn safety_map(map: &TileMap, threat: &DistanceField, coefficient: f32) -> Self {
        let mut field = Self::default();
        field.safety_into(map, threat, coefficient, &mut Vec::new(), &mut Vec::new());
        field
    }

    /// `safety_map` into an existing field, with the caller's scratch buffers (as for
    /// `bfs_into`, their contents are meaningless afterwards).
    pub fn safety_into(
        &mut self,
        map: &TileMap,
        threat: &DistanceField,
        coefficient: f32,
        seeds: &mut Vec<u64>,
        queue: &mut Vec<u32>,
    ) {
        let pad = self.reset(map);
        assert_eq!(
            (threat.width, threat.height),
            (pad.width, pad.height),
            "threat field belongs to another map"
        );
        // IEEE multiplication and rounding are exact operations: same result everywhere.
        let scaled = |t: u32| (coefficient as f64 * t as f64).round() as i64;
        // `scaled` is monotone in the distance, so its least value over the open tiles is at
        // their nearest or farthest one, and each distance is rounded once, not each tile:
        // a map has far fewer distances than tiles.
        let (mut near, mut far) = (u32::MAX, 0);
        for (&cell, &t) in self.dist.iter().zip(&threat.dist) {
            if cell != BLOCKED && t < BLOCKED {
                near = near.min(t);
                far = far.max(t);
            }
        }
        let min = if near <= far {
            scaled(near).min(scaled(far))
        } else {
            0
        };
        let start = |t: u32| (scaled(t).saturating_sub(min) as u64).min(MAX_FINITE as u64) as u32;
        // The queue's storage serves first as the start value of each distance, then as each
        // value's count; `seeded_relax` clears it before its own use.
        queue.clear();
        if near <= far {
            queue.extend((near..=far).map(start));
        }
        let mut top = 0;
        for (cell, &t) in self.dist.iter_mut().zip(&threat.dist) {
            if *cell == BLOCKED {
                continue;
            }
            let value = if t < BLOCKED {
                queue[(t - near) as usize]
            } else {
                0
            };
            *cell = value;
            top = top.max(value);
        }
        seeds.clear();
        if top as usize <= COUNTING_SORT_SPAN * self.dist.len() {
            // Sorted by counting: values are bounded by the map, and listing the tiles in index
            // order within each value gives exactly the order of sorting `(value, index)`.
            queue.clear();
            queue.resize(top as usize + 2, 0);
            for &v in self.dist.iter().filter(|&&v| v != BLOCKED) {
                queue[v as usize + 1] += 1;
            }
            for k in 1..queue.len() {
                queue[k] += queue[k - 1];
            }
            seeds.resize(queue[top as usize + 1] as usize, 0);
            for (i, &v) in self.dist.iter().enumerate() {
                if v != BLOCKED {
                    let at = &mut queue[v as usize];
                    seeds[*at as usize] = (v as u64) << 32 | i as u64;
                    *at += 1;
                }
            }
        } else {
            // A coefficient so large that the values spread far beyond the map's size.
            seeds.extend(
                self.dist
                    .iter()
                    .enumerate()
                    .filter(|&(_, &v)| v != BLOCKED)
                    .map(|(i, &v)| (v as u64) << 32 | i as u64),
            );
            seeds.sort_unstable();
        }
        seeded_relax(&mut self.dist, seeds, queue, pad);
    }
}

/// A safety map's seeds are sorted by counting while its largest value is at most this many
/// times the number of tiles (always for coefficients of a few units: the values are then
/// about the coefficient times the distances).
const COUNTING_SORT_SPAN: usize = 4;

/// Unit-step Dijkstra from tiles that already hold their start values, `seeds` being
/// `(value << 32) | index` sorted ascending: it reduces to merging the seeds with a FIFO whose
/// values never decrease. A tile enters the FIFO at most once (only pops below its value
/// lower it, and pops come in order). Seeds lowered since they were listed are skipped.
pub(super) fn seeded_relax(dist: &mut [u32], seeds: &[u64], queue: &mut Vec<u32>, pad: Padded) {
    // A slot per cell is room for the FIFO.
    if queue.len() < dist.len() {
        queue.resize(dist.len(), 0);
    }
    let (mut head, mut tail, mut next_seed) = (0, 0, 0);
    loop {
        let from_queue = match (head < tail, seeds.get(next_seed)) {
            (false, None) => break,
            (true, None) => true,
            (false, Some(_)) => false,
            (true, Some(&s)) => dist[queue[head] as usize] as u64 <= s >> 32,
        };
        let i = if from_queue {
            head += 1;
            queue[head - 1] as usize
        } else {
            let s = seeds[next_seed];
            next_seed += 1;
            let i = s as u32 as usize;
            if dist[i] as u64 != s >> 32 {
                continue; // lowered since, and relaxed from the FIFO then
            }
            i
        };
        let next = dist[i] + 1; // dist ≤ MAX_FINITE, so next ≤ BLOCKED
        for n in pad.neighbours(i) {
            // Without a branch: whether a neighbour is lowered is a coin toss.
            let current = dist[n];
            let lower = (current != BLOCKED) & (next < current);
            dist[n] = if lower { next } else { current };
            queue[tail] = n as u32; // kept only if lowered
            tail += lower as usize;
        }
    }
}
