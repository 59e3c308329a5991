//! Distance fields ("Dijkstra maps"): multi-source BFS, weighted Dijkstra, Brogue's safety
//! map, and a per-turn cache so monsters with the same target share one field.
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use super::padded::Padded;
use super::path::snap_to_passable;
use crate::map::{Dir, Pos, Tile, TileMap};

/// Value of a tile no source reaches (and of walls and positions off the map).
pub const UNREACHED: u32 = u32::MAX;
/// Walls and the border. Kept apart from `UNREACHED` so the BFS needs one test per neighbour
/// (`== UNREACHED`); `get` reports it as `UNREACHED`.
const BLOCKED: u32 = u32::MAX - 1;
/// Largest stored distance: weighted sums saturate here instead of wrapping.
const MAX_FINITE: u32 = u32::MAX - 2;

/// Distance from the nearest source for every tile of one map.
///
/// Stored on the padded layout (the map plus a wall border) so that searches and `downhill`
/// index neighbours without bounds arithmetic.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DistanceField {
    width: u32,
    height: u32,
    dist: Vec<u32>,
}

impl DistanceField {
    /// Value of an unreachable tile, a wall, or a position off the map.
    pub const UNREACHED: u32 = UNREACHED;

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
    fn bfs_again(&mut self, map: &TileMap, sources: &[Pos], queue: &mut Vec<u32>) {
        let pad = Padded::of(map);
        if self.pad() != pad || self.dist.len() != pad.len() {
            return self.bfs_into(map, sources, queue);
        }
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
        let open = |i: usize| self.dist[i] != BLOCKED && threat.dist[i] < BLOCKED;
        let min = (0..pad.len())
            .filter(|&i| open(i))
            .map(|i| scaled(threat.dist[i]))
            .min()
            .unwrap_or(0);

        seeds.clear();
        for (i, (cell, &t)) in self.dist.iter_mut().zip(&threat.dist).enumerate() {
            if *cell == BLOCKED {
                continue;
            }
            let value = if t < BLOCKED {
                (scaled(t).saturating_sub(min) as u64).min(MAX_FINITE as u64) as u32
            } else {
                0
            };
            *cell = value;
            seeds.push((value as u64) << 32 | i as u64);
        }
        seeds.sort_unstable();
        seeded_relax(&mut self.dist, seeds, queue, pad);
    }

    /// Repairs a BFS field (`bfs`/`bfs_into` on `map`) after `removed` stopped being
    /// sources: afterwards it equals `bfs` from the remaining sources. Only the tiles whose
    /// every shortest way led to a removed source are recomputed (a pile's share of the
    /// floor, not the floor), so taking one of many piles costs little. Positions that were
    /// not sources are ignored; none may still be one.
    pub fn remove_sources(&mut self, map: &TileMap, removed: &[Pos], scratch: &mut Repair) {
        let pad = self.pad();
        debug_assert_eq!(Padded::of(map), pad, "field belongs to another map");
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

    pub const fn width(&self) -> u32 {
        self.width
    }

    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The value at `pos`; `UNREACHED` for unreached tiles, walls and positions off the map.
    pub fn get(&self, pos: Pos) -> u32 {
        match self.pad().index(pos) {
            Some(i) if self.dist[i] < BLOCKED => self.dist[i],
            _ => UNREACHED,
        }
    }

    /// The value at a reached `pos` and its four neighbours' in `Dir::ALL` order (as `get`
    /// reports them), from one bounds check; `None` where `get` is `UNREACHED`.
    pub fn around(&self, pos: Pos) -> Option<(u32, [u32; 4])> {
        let pad = self.pad();
        let i = pad.index(pos)?;
        let here = self.dist[i];
        if here >= BLOCKED {
            return None;
        }
        let get = |n: usize| match self.dist[n] {
            v if v >= BLOCKED => UNREACHED,
            v => v,
        };
        // Spelled out: `array::map` is not always inlined.
        let [up, left, down, right] = pad.neighbours(i);
        Some((here, [get(up), get(left), get(down), get(right)]))
    }

    /// The neighbour with the smallest value strictly below this tile's, ties in `Dir::ALL`
    /// order; `None` at a minimum, on walls, unreached tiles and off the map.
    pub fn downhill(&self, pos: Pos) -> Option<Dir> {
        let pad = self.pad();
        let i = pad.index(pos)?;
        let mut best = self.dist[i];
        if best >= BLOCKED {
            return None;
        }
        let mut step = None;
        // Walls hold BLOCKED, which is above every finite value, so they are never picked.
        for (dir, n) in Dir::ALL.into_iter().zip(pad.neighbours(i)) {
            if self.dist[n] < best {
                best = self.dist[n];
                step = Some(dir);
            }
        }
        step
    }

    /// Where following `downhill` from `pos` step after step ends: `pos` itself where
    /// `downhill` is `None`.
    pub fn roll(&self, pos: Pos) -> Pos {
        let pad = self.pad();
        let Some(mut i) = pad.index(pos) else {
            return pos;
        };
        if self.dist[i] >= BLOCKED {
            return pos;
        }
        // Walked on padded indices: only tiles below BLOCKED are stepped onto, and those are
        // interior, so the neighbours exist.
        loop {
            let mut best = (self.dist[i], i);
            for n in pad.neighbours(i) {
                if self.dist[n] < best.0 {
                    best = (self.dist[n], n);
                }
            }
            if best.1 == i {
                return pad.pos(i);
            }
            i = best.1;
        }
    }

    /// All values in row-major map order (as `get` reports them).
    pub fn values(&self) -> impl Iterator<Item = u32> + '_ {
        let pad = self.pad();
        let w = self.width as usize;
        (0..self.height as usize).flat_map(move |y| {
            let start = (y + 1) * pad.pw + 1;
            self.dist[start..start + w]
                .iter()
                .map(|&v| if v >= BLOCKED { UNREACHED } else { v })
        })
    }

    fn pad(&self) -> Padded {
        // The size was checked when the field was built (`reset` takes `Padded::of`).
        Padded {
            width: self.width,
            height: self.height,
            pw: self.width as usize + 2,
        }
    }

    /// Sizes the field for `map`: passable tiles `UNREACHED`, walls and border `BLOCKED`.
    fn reset(&mut self, map: &TileMap) -> Padded {
        let pad = Padded::of(map);
        self.width = pad.width;
        self.height = pad.height;
        pad.fill(map, &mut self.dist, UNREACHED, BLOCKED);
        pad
    }
}

/// The BFS proper, from the `tail` sources already in `queue` (at distance 0).
///
/// This is the hot loop of every `path` monster, so it is branch-free and unchecked. Whether
/// a neighbour is new is a coin flip for the branch predictor; making it data instead
/// (`tail += fresh`) measured 3-4× faster on changing maps.
fn bfs_levels(dist: &mut [u32], queue: &mut [u32], mut tail: usize, pad: Padded) {
    let cells = pad.len();
    assert!(dist.len() == cells && queue.len() >= cells);
    let mut head = 0;
    let mut d = 0;
    // Level by level, so the distance is a register, not a load per cell.
    while head < tail {
        d += 1; // fewer cells than u32::MAX (checked by `Padded`): cannot overflow
        let level_end = tail;
        while head < level_end {
            // SAFETY: `head < tail <= cells <= queue.len()`. Only cells holding UNREACHED
            // are queued, and `fill` puts UNREACHED on interior cells only (the border is
            // BLOCKED), so `i` is interior: `pw + 1 <= i < cells - pw - 1`, and all four
            // neighbours are below `cells`. The slot written at `tail` is in bounds too:
            // `tail` counts queued cells, at most the interior ones, fewer than `cells`.
            unsafe {
                let i = *queue.get_unchecked(head) as usize;
                head += 1;
                for n in pad.neighbours(i) {
                    let v = *dist.get_unchecked(n);
                    let fresh = v == UNREACHED;
                    *dist.get_unchecked_mut(n) = if fresh { d } else { v };
                    // Written always, kept only if fresh.
                    *queue.get_unchecked_mut(tail) = n as u32;
                    tail += fresh as usize;
                }
            }
        }
    }
}

/// Unit-step Dijkstra from tiles that already hold their start values, `seeds` being
/// `(value << 32) | index` sorted ascending: it reduces to merging the seeds with a FIFO whose
/// values never decrease. A tile enters the FIFO at most once (only pops below its value
/// lower it, and pops come in order). Seeds lowered since they were listed are skipped.
fn seeded_relax(dist: &mut [u32], seeds: &[u64], queue: &mut Vec<u32>, pad: Padded) {
    queue.clear();
    let (mut head, mut next_seed) = (0, 0);
    loop {
        let from_queue = match (queue.get(head), seeds.get(next_seed)) {
            (None, None) => break,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (Some(&q), Some(&s)) => dist[q as usize] as u64 <= s >> 32,
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
            let current = dist[n];
            if current != BLOCKED && next < current {
                dist[n] = next;
                queue.push(n as u32);
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
    mark: Vec<u8>,
    lost: Vec<u32>,
    kept: Vec<u32>,
    seeds: Vec<u64>,
    queue: Vec<u32>,
}

/// A copy of a map's tiles, to tell whether fields built on it still hold: exact, and a
/// compare of the bytes costs far less than hashing them.
#[derive(Clone, Debug, Default)]
pub struct Terrain {
    size: (u32, u32),
    /// `None` until a map is taken.
    tiles: Option<Vec<u8>>,
}

impl Terrain {
    /// Whether `map` has the tiles taken last; if not (or none were), takes `map`'s.
    pub fn same_or_take(&mut self, map: &TileMap) -> bool {
        let size = (map.width(), map.height());
        if self.size == size
            && let Some(tiles) = &self.tiles
            && same_bytes(tiles, map.tiles())
        {
            return true;
        }
        self.size = size;
        let tiles = self.tiles.get_or_insert_with(Vec::new);
        tiles.clear();
        tiles.extend(map.tiles().iter().map(|&t| t as u8));
        false
    }
}

/// `kept == tiles` as bytes, in blocks without an early exit so that it vectorises.
fn same_bytes(kept: &[u8], tiles: &[Tile]) -> bool {
    const BLOCK: usize = 256;
    kept.len() == tiles.len()
        && kept
            .chunks(BLOCK)
            .zip(tiles.chunks(BLOCK))
            .all(|(a, b)| a.iter().zip(b).fold(0, |acc, (&x, &t)| acc | (x ^ t as u8)) == 0)
}

/// The distance fields of one turn, at most one per distinct target, shared by every monster
/// that navigates to that target. `clear` it when the turn (or the map) changes.
#[derive(Clone, Debug, Default)]
pub struct FieldCache {
    fields: BTreeMap<Pos, DistanceField>,
    /// Keyed by threat and the coefficient's bits (f32 is not `Ord`).
    safety: BTreeMap<(Pos, u32), DistanceField>,
    /// Fields towards fixed tiles (scatter corners), kept from turn to turn while the map
    /// stays the same: a field depends on the map and its target only.
    fixed: BTreeMap<Pos, DistanceField>,
    /// The map `fixed` and `spare` belong to.
    terrain: Terrain,
    /// Whether `terrain` was compared with this turn's map yet.
    terrain_checked: bool,
    /// Fixed targets off the walls and the tiles they snap to (a few scatter corners).
    fixed_snaps: Vec<(Pos, Pos)>,
    /// Fields of earlier turns on `terrain`, reused so a steady-state turn allocates nothing
    /// (and resets little).
    spare: Vec<DistanceField>,
    queue: Vec<u32>,
    seeds: Vec<u64>,
}

impl FieldCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets this turn's fields (keeping their storage for the next turn).
    pub fn clear(&mut self) {
        self.terrain_checked = false;
        self.spare
            .extend(std::mem::take(&mut self.fields).into_values());
        self.spare
            .extend(std::mem::take(&mut self.safety).into_values());
    }

    /// The field towards a tile that stays the target turn after turn (a scatter corner):
    /// built once per map, reused in later turns while their map has the same tiles (the
    /// map is compared on the first call after each `clear`).
    pub fn get_or_build_fixed(&mut self, map: &TileMap, target: Pos) -> &DistanceField {
        self.check_terrain(map);
        // Asked for by every monster scattering there: remember where a corner snaps to.
        let key = match self.fixed_snaps.iter().find(|(t, _)| *t == target) {
            Some(&(_, key)) => key,
            None => {
                let key = snap_to_passable(map, target);
                if self.fixed_snaps.len() < 16 {
                    self.fixed_snaps.push((target, key));
                }
                key
            }
        };
        Self::build(&mut self.fixed, &mut self.spare, &mut self.queue, map, key)
    }

    /// On the first call after `clear`: whether the map is still `terrain`; if not, the fields
    /// kept from earlier turns go.
    fn check_terrain(&mut self, map: &TileMap) {
        if !self.terrain_checked {
            self.terrain_checked = true;
            if !self.terrain.same_or_take(map) {
                self.fixed.clear();
                self.spare.clear();
                self.fixed_snaps.clear();
            }
        }
    }

    /// Number of fields built this turn.
    pub fn len(&self) -> usize {
        self.fields.len() + self.safety.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The distance field towards `target`, built on first use this turn. The target is
    /// snapped to the nearest passable tile first (`path` navigation may aim off the map),
    /// so targets that snap to the same tile share a field.
    pub fn get_or_build(&mut self, map: &TileMap, target: Pos) -> &DistanceField {
        self.check_terrain(map);
        let key = snap_to_passable(map, target);
        Self::build(&mut self.fields, &mut self.spare, &mut self.queue, map, key)
    }

    /// The safety map for fleeing from `threat` (see `DistanceField::safety_map`), built on
    /// first use this turn from the shared distance field of `threat`.
    pub fn safety_or_build(
        &mut self,
        map: &TileMap,
        threat: Pos,
        coefficient: f32,
    ) -> &DistanceField {
        self.check_terrain(map);
        let key = (snap_to_passable(map, threat), coefficient.to_bits());
        if !self.safety.contains_key(&key) {
            let threat_field = Self::build(
                &mut self.fields,
                &mut self.spare,
                &mut self.queue,
                map,
                key.0,
            );
            let mut field = self.spare.pop().unwrap_or_default();
            field.safety_into(
                map,
                threat_field,
                coefficient,
                &mut self.seeds,
                &mut self.queue,
            );
            self.safety.insert(key, field);
        }
        &self.safety[&key]
    }

    fn build<'a>(
        fields: &'a mut BTreeMap<Pos, DistanceField>,
        spare: &mut Vec<DistanceField>,
        queue: &mut Vec<u32>,
        map: &TileMap,
        key: Pos,
    ) -> &'a DistanceField {
        fields.entry(key).or_insert_with(|| match spare.pop() {
            Some(mut field) => {
                field.bfs_again(map, &[key], queue);
                field
            }
            None => {
                let mut field = DistanceField::default();
                field.bfs_into(map, &[key], queue);
                field
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::VecDeque;

    const O: u32 = UNREACHED;

    /// Textbook BFS on coordinates, to check the flat, unchecked one against.
    fn reference_bfs(map: &TileMap, sources: &[Pos]) -> Vec<u32> {
        let mut dist = vec![UNREACHED; map.len()];
        let mut queue = VecDeque::new();
        for &s in sources {
            if let Some(i) = map.idx(s)
                && map.is_passable(s)
                && dist[i] != 0
            {
                dist[i] = 0;
                queue.push_back(s);
            }
        }
        while let Some(p) = queue.pop_front() {
            let d = dist[map.idx(p).unwrap()];
            for dir in Dir::ALL {
                let n = p.offset(dir);
                if map.is_passable(n) && dist[map.idx(n).unwrap()] == UNREACHED {
                    dist[map.idx(n).unwrap()] = d + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    fn random_map() -> impl Strategy<Value = TileMap> {
        (1u32..16, 1u32..12).prop_flat_map(|(w, h)| {
            prop::collection::vec(prop::bool::weighted(0.3), (w * h) as usize).prop_map(
                move |walls| {
                    let mut map = TileMap::new(w, h, Tile::Floor);
                    for (i, wall) in walls.into_iter().enumerate() {
                        if wall {
                            map.set(map.pos(i), Tile::Wall);
                        }
                    }
                    map
                },
            )
        })
    }

    proptest! {
        #[test]
        fn fields_agree_with_a_reference_bfs(
            map in random_map(),
            picks in prop::collection::vec((0i32..18, 0i32..14), 0..4),
        ) {
            let sources: Vec<Pos> = picks.iter().map(|&(x, y)| Pos::new(x - 1, y - 1)).collect();
            let field = DistanceField::bfs(&map, &sources);
            let expected = reference_bfs(&map, &sources);
            prop_assert_eq!(field.values().collect::<Vec<_>>(), expected);
            let weighted: Vec<(Pos, u32)> = sources.iter().map(|&p| (p, 0)).collect();
            prop_assert_eq!(&DistanceField::dijkstra(&map, &weighted, |_| 1), &field);

            // The safety map is relaxed (no step climbs by more than 1), covers exactly the
            // passable tiles, and downhill always descends.
            let safety = DistanceField::safety_map(&map, &field, -1.2);
            for i in 0..map.len() {
                let p = map.pos(i);
                let v = safety.get(p);
                prop_assert_eq!(v == UNREACHED, !map.is_passable(p));
                for dir in Dir::ALL {
                    let n = safety.get(p.offset(dir));
                    prop_assert!(v == UNREACHED || n == UNREACHED || n <= v + 1);
                }
                if let Some(dir) = safety.downhill(p) {
                    prop_assert!(safety.get(p.offset(dir)) < v);
                }
            }
        }
    }

    proptest! {
        /// Removing and adding sources gives exactly the field built from scratch.
        #[test]
        fn repaired_fields_equal_fresh_ones(
            map in random_map(),
            picks in prop::collection::vec((0i32..16, 0i32..12, 0u8..3), 0..12),
            extra in prop::collection::vec((0i32..16, 0i32..12), 0..4),
        ) {
            let all: Vec<Pos> = picks.iter().map(|&(x, y, _)| Pos::new(x, y)).collect();
            let gone: Vec<Pos> = picks
                .iter()
                .filter(|&&(_, _, k)| k == 0)
                .map(|&(x, y, _)| Pos::new(x, y))
                .collect();
            let left: Vec<Pos> = all.iter().copied().filter(|p| !gone.contains(p)).collect();
            let mut field = DistanceField::bfs(&map, &all);
            let mut repair = Repair::default();
            field.remove_sources(&map, &gone, &mut repair);
            prop_assert_eq!(&field, &DistanceField::bfs(&map, &left));
            prop_assert!(repair.mark.iter().all(|&m| m == 0), "marks cleared");

            let added: Vec<Pos> = extra.iter().map(|&(x, y)| Pos::new(x, y)).collect();
            field.add_sources(&map, &added, &mut Vec::new());
            let both: Vec<Pos> = left.iter().chain(&added).copied().collect();
            prop_assert_eq!(&field, &DistanceField::bfs(&map, &both));
        }
    }

    fn grid(field: &DistanceField) -> Vec<Vec<u32>> {
        let w = field.width() as usize;
        field
            .values()
            .collect::<Vec<_>>()
            .chunks(w)
            .map(<[u32]>::to_vec)
            .collect()
    }

    /// Follows `downhill` until it stops; returns the tiles visited after `from`.
    fn roll(field: &DistanceField, from: Pos, limit: usize) -> Vec<Pos> {
        let mut at = from;
        let mut path = Vec::new();
        while let Some(d) = field.downhill(at) {
            at = at.offset(d);
            path.push(at);
            assert!(path.len() <= limit, "downhill does not terminate");
        }
        path
    }

    #[test]
    fn bfs_distances_exact_on_known_maze() {
        let map = TileMap::from_ascii(
            "\
#######
#S..#.#
##.##.#
#..#..#
#.##.##
#.....#
#######
",
        );
        let field = DistanceField::bfs(&map, &[Pos::new(1, 1)]);
        #[rustfmt::skip]
        let expected = vec![
            vec![O, O, O, O, O, O, O],
            vec![O, 0, 1, 2, O, 14, O],
            vec![O, O, 2, O, O, 13, O],
            vec![O, 4, 3, O, 11, 12, O],
            vec![O, 5, O, O, 10, O, O],
            vec![O, 6, 7, 8, 9, 10, O],
            vec![O, O, O, O, O, O, O],
        ];
        assert_eq!(grid(&field), expected);
        assert_eq!(field.get(Pos::new(-1, 3)), UNREACHED);
        assert_eq!(field.get(Pos::new(7, 1)), UNREACHED);
    }

    #[test]
    fn multi_source_takes_nearest_source() {
        let map = TileMap::from_ascii("#########\n#.......#\n#########\n");
        let (a, b) = (Pos::new(1, 1), Pos::new(6, 1));
        let both = DistanceField::bfs(&map, &[a, b, a]);
        assert_eq!(grid(&both)[1], vec![O, 0, 1, 2, 2, 1, 0, 1, O]);
        let fa = DistanceField::bfs(&map, &[a]);
        let fb = DistanceField::bfs(&map, &[b]);
        for ((m, x), y) in both.values().zip(fa.values()).zip(fb.values()) {
            assert_eq!(m, x.min(y));
        }
    }

    #[test]
    fn unreachable_tiles_walls_and_bad_sources() {
        let map = TileMap::from_ascii("######\n#..#.#\n######\n");
        let field = DistanceField::bfs(&map, &[Pos::new(1, 1), Pos::new(0, 0), Pos::new(9, 9)]);
        assert_eq!(grid(&field)[1], vec![O, 0, 1, O, O, O]);
        assert_eq!(
            field.downhill(Pos::new(4, 1)),
            None,
            "unreached tile has no slope"
        );
        assert_eq!(field.downhill(Pos::new(3, 1)), None, "wall has no slope");
        let none = DistanceField::bfs(&map, &[Pos::new(0, 0)]);
        assert!(none.values().all(|v| v == UNREACHED));
    }

    #[test]
    fn bfs_into_reuses_buffers_across_maps() {
        let small = TileMap::from_ascii("#..\n...\n");
        let big = TileMap::from_ascii("#....\n.#...\n.....\n");
        let mut field = DistanceField::default();
        let mut queue = Vec::new();
        field.bfs_into(&big, &[Pos::new(4, 2)], &mut queue);
        assert_eq!(field, DistanceField::bfs(&big, &[Pos::new(4, 2)]));
        field.bfs_into(&small, &[Pos::new(2, 1)], &mut queue);
        assert_eq!(field, DistanceField::bfs(&small, &[Pos::new(2, 1)]));
        assert_eq!(grid(&field), vec![vec![O, 2, 1], vec![2, 1, 0]]);
    }

    #[test]
    fn downhill_follows_a_shortest_path() {
        let map = TileMap::from_ascii(
            "\
##########
#........#
#.####.#.#
#.#..#.#.#
#.#.##.#.#
#...#....#
##########
",
        );
        let source = Pos::new(3, 3);
        let field = DistanceField::bfs(&map, &[source]);
        for (i, d) in field.values().enumerate() {
            if d == UNREACHED {
                continue;
            }
            let path = roll(&field, map.pos(i), 100);
            assert_eq!(path.len() as u32, d, "from {:?}", map.pos(i));
            assert_eq!(path.last().copied().unwrap_or(map.pos(i)), source);
            assert!(path.iter().all(|&p| map.is_passable(p)));
        }
        assert_eq!(field.downhill(source), None);
    }

    #[test]
    fn roll_ends_where_downhill_steps_end() {
        // Several sources, ties, a closed-off pocket, walls and positions off the map.
        let map = TileMap::from_ascii(
            "\
##########
#........#
#.####.#.#
#.#..#.#.#
#.#.##.###
#...#..#.#
##########
",
        );
        let field = DistanceField::bfs(&map, &[Pos::new(3, 3), Pos::new(8, 1), Pos::new(1, 5)]);
        for y in -1..=map.height() as i32 {
            for x in -1..=map.width() as i32 {
                let mut at = Pos::new(x, y);
                let from = at;
                while let Some(d) = field.downhill(at) {
                    at = at.offset(d);
                }
                assert_eq!(field.roll(from), at, "from {from:?}");
            }
        }
    }

    #[test]
    fn around_reports_what_get_does() {
        let map = TileMap::from_ascii("####\n#..#\n#.##\n");
        let field = DistanceField::bfs(&map, &[Pos::new(1, 1)]);
        for i in 0..map.len() {
            let p = map.pos(i);
            let want = (field.get(p) != UNREACHED)
                .then(|| (field.get(p), Dir::ALL.map(|d| field.get(p.offset(d)))));
            assert_eq!(field.around(p), want, "{p:?}");
        }
        assert_eq!(field.around(Pos::new(-1, 0)), None);
    }

    #[test]
    fn downhill_ties_go_up_left_down_right() {
        let map = TileMap::new(5, 5, Tile::Floor);
        let field = DistanceField::bfs(&map, &[Pos::new(2, 2)]);
        // Diagonal neighbours of the source have two equal downhill options.
        assert_eq!(field.downhill(Pos::new(3, 3)), Some(Dir::Up));
        assert_eq!(field.downhill(Pos::new(3, 1)), Some(Dir::Left));
        assert_eq!(field.downhill(Pos::new(1, 1)), Some(Dir::Down));
        assert_eq!(field.downhill(Pos::new(1, 3)), Some(Dir::Up));
    }

    #[test]
    fn dijkstra_matches_bfs_at_unit_cost_and_honours_weights() {
        let map = TileMap::from_ascii(
            "\
#######
#.....#
#.###.#
#.....#
#######
",
        );
        let start = Pos::new(1, 3);
        let unit = DistanceField::dijkstra(&map, &[(start, 0)], |_| 1);
        assert_eq!(unit, DistanceField::bfs(&map, &[start]));

        // A costly tile on the short (bottom) route sends the path over the top.
        let mud = map.idx(Pos::new(3, 3)).unwrap();
        let cost = |i: usize| if i == mud { 10 } else { 1 };
        let field = DistanceField::dijkstra(&map, &[(start, 0)], cost);
        assert_eq!(field.get(Pos::new(5, 3)), 8);
        assert_eq!(
            field.get(Pos::new(4, 3)),
            9,
            "reached from the right, not through the mud"
        );
        assert_eq!(field.get(Pos::new(3, 3)), 11);
        assert_eq!(roll(&field, Pos::new(5, 3), 20).len(), 8);

        // Initial costs: the second source starts 3 behind.
        let two = DistanceField::dijkstra(&map, &[(start, 0), (Pos::new(5, 1), 3)], |_| 1);
        assert_eq!(grid(&two)[1], vec![O, 2, 3, 4, 4, 3, O]);

        // UNREACHED cost walls a tile off.
        let blocked =
            DistanceField::dijkstra(
                &map,
                &[(start, 0)],
                |i| if i == mud { UNREACHED } else { 1 },
            );
        assert_eq!(blocked.get(Pos::new(3, 3)), UNREACHED);
        assert_eq!(blocked.get(Pos::new(5, 3)), 8);
    }

    /// Plain flight: step to the neighbour farthest from the threat while that gains
    /// distance, ties up-left-down-right. Returns where it gets stuck.
    fn naive_flight(threat: &DistanceField, mut at: Pos) -> Pos {
        loop {
            let here = threat.get(at);
            let mut best = (here, None);
            for d in Dir::ALL {
                let v = threat.get(at.offset(d));
                if v != UNREACHED && v > best.0 {
                    best = (v, Some(d));
                }
            }
            match best.1 {
                Some(d) => at = at.offset(d),
                None => return at,
            }
        }
    }

    /// Brogue's canonical case. Plain flight runs up into the short dead end (the tie goes
    /// up); the safety map sees the long corridor below and takes it, and a monster already
    /// in the dead end comes back out instead of waiting in the corner.
    #[test]
    fn safety_map_leaves_a_dead_end_for_the_long_way_out() {
        let map = TileMap::from_ascii(
            "\
#######
###.###
###.###
#T..###
###.###
###.###
###.###
###.###
###.###
###.###
###.###
###............................#
################################
",
        );
        let threat = DistanceField::bfs(&map, &[Pos::new(1, 3)]);
        let junction = Pos::new(3, 3);
        let far_end = Pos::new(30, 11);
        assert_eq!(
            naive_flight(&threat, junction),
            Pos::new(3, 1),
            "plain flight is cornered"
        );

        let safety = DistanceField::safety_map(&map, &threat, -1.2);
        assert_eq!(safety.downhill(junction), Some(Dir::Down));
        assert_eq!(roll(&safety, junction, 100).last(), Some(&far_end));
        assert_eq!(roll(&safety, Pos::new(3, 1), 100).last(), Some(&far_end));
        assert_eq!(safety.get(far_end), 0);
    }

    /// The room case: plain flight ends in the far corner's alcove; the safety map first
    /// steps back towards the threat (distance 8 to 7) to reach the exit and the long
    /// corridor behind it.
    #[test]
    fn safety_map_runs_past_the_threat_rather_than_into_the_corner() {
        let map = TileMap::from_ascii(
            "\
##########
#T......##
#.......##
#.......##
#.......##
#........#
####.#####
####.#####
####.........................................#
##############################################
",
        );
        let threat = DistanceField::bfs(&map, &[Pos::new(1, 1)]);
        let monster = Pos::new(6, 4);
        assert_eq!(naive_flight(&threat, monster), Pos::new(8, 5));

        let safety = DistanceField::safety_map(&map, &threat, -1.2);
        let path = roll(&safety, monster, 200);
        assert_eq!(path.first(), Some(&Pos::new(5, 4)));
        assert!(
            threat.get(path[0]) < threat.get(monster),
            "steps nearer the threat first"
        );
        assert_eq!(path.last(), Some(&Pos::new(44, 8)));
        assert!(!path.contains(&Pos::new(8, 5)));
    }

    #[test]
    fn safety_map_of_an_unreachable_threat_is_flat() {
        let map = TileMap::from_ascii("#####\n#..##\n##..#\n#####\n");
        let threat = DistanceField::bfs(&map, &[Pos::new(9, 9)]);
        let safety = DistanceField::safety_map(&map, &threat, -1.2);
        assert!(safety.values().all(|v| v == 0 || v == UNREACHED));
        assert_eq!(safety.downhill(Pos::new(1, 1)), None);
    }

    /// Rows of floor joined alternately at the right and left ends: one 1001×1001 corridor
    /// about half a million steps long.
    fn serpentine(side: u32) -> TileMap {
        let mut map = TileMap::new(side, side, Tile::Wall);
        for y in (1..side - 1).step_by(2) {
            for x in 1..side - 1 {
                map.set(Pos::new(x as i32, y as i32), Tile::Floor);
            }
            if y + 2 < side - 1 {
                let x = if (y / 2) % 2 == 0 { side - 2 } else { 1 };
                map.set(Pos::new(x as i32, y as i32 + 1), Tile::Floor);
            }
        }
        map
    }

    #[test]
    fn huge_serpentine_maze_does_not_overflow() {
        let side = 1001;
        let map = serpentine(side);
        let start = Pos::new(1, 1);
        let field = DistanceField::bfs(&map, &[start]);
        let rows = (side - 1) / 2; // 500 corridor rows of 999 tiles, 499 joints
        let expected_max = rows * (side - 2) + (rows - 1) - 1;
        let max = field.values().filter(|&v| v != UNREACHED).max().unwrap();
        assert_eq!(max, expected_max);
        let end = Pos::new(
            if rows % 2 == 0 { 1 } else { side as i32 - 2 },
            side as i32 - 2,
        );
        assert_eq!(field.get(end), expected_max);

        // Costs of 2^24 per step pass u32::MAX after 256 steps: sums saturate, never wrap.
        let heavy = DistanceField::dijkstra(&map, &[(start, 0)], |_| 1 << 24);
        for (steps, cost) in field.values().zip(heavy.values()) {
            let expected = if steps == UNREACHED {
                UNREACHED
            } else {
                (steps as u64 * (1 << 24)).min(MAX_FINITE as u64) as u32
            };
            assert_eq!(cost, expected);
        }
        assert_eq!(heavy.get(end), MAX_FINITE);

        let safety = DistanceField::safety_map(&map, &field, -1.2);
        assert_eq!(safety.get(end), 0);
        assert_eq!(safety.downhill(Pos::new(2, 1)), Some(Dir::Right));
    }

    #[test]
    fn cache_builds_one_field_per_target() {
        let map = TileMap::from_ascii("#####\n#...#\n#.#.#\n#...#\n#####\n");
        let mut cache = FieldCache::new();
        let hero = Pos::new(3, 3);
        let direct = DistanceField::bfs(&map, &[hero]);
        assert_eq!(cache.get_or_build(&map, hero), &direct);
        assert_eq!(cache.get_or_build(&map, hero), &direct);
        assert_eq!(cache.len(), 1);
        // Off-map targets snap to the nearest passable tile and share its field.
        assert_eq!(cache.get_or_build(&map, Pos::new(9, 9)), &direct);
        assert_eq!(cache.len(), 1);
        cache.get_or_build(&map, Pos::new(1, 1));
        assert_eq!(cache.len(), 2);
        let safety = cache.safety_or_build(&map, hero, -1.2).clone();
        assert_eq!(safety, DistanceField::safety_map(&map, &direct, -1.2));
        cache.safety_or_build(&map, hero, -1.2);
        assert_eq!(cache.len(), 3, "the safety map reused the hero's field");
        cache.clear();
        assert!(cache.is_empty());
        // Recycled storage gives the same fields.
        assert_eq!(
            cache.get_or_build(&map, Pos::new(1, 1)),
            &DistanceField::bfs(&map, &[Pos::new(1, 1)])
        );
    }

    #[test]
    fn fixed_fields_outlive_turns_but_not_the_map() {
        let mut map = TileMap::from_ascii("#####\n#...#\n#.#.#\n#...#\n#####\n");
        let mut cache = FieldCache::new();
        let corner = Pos::new(-2, -2);
        let snapped = snap_to_passable(&map, corner);
        let first = cache.get_or_build_fixed(&map, corner).clone();
        assert_eq!(first, DistanceField::bfs(&map, &[snapped]));
        cache.clear();
        assert!(cache.is_empty(), "fixed fields are not this turn's");
        assert_eq!(cache.get_or_build_fixed(&map, corner), &first);
        // Next turn, another map (one wall opened): its own field.
        cache.clear();
        map.set(Pos::new(2, 2), Tile::Floor);
        let snapped = snap_to_passable(&map, corner);
        assert_eq!(
            cache.get_or_build_fixed(&map, corner),
            &DistanceField::bfs(&map, &[snapped])
        );
        // And back: the first map's field again.
        cache.clear();
        map.set(Pos::new(2, 2), Tile::Wall);
        assert_eq!(cache.get_or_build_fixed(&map, corner), &first);
    }

    #[test]
    fn recycled_fields_follow_a_changed_map() {
        let mut map = TileMap::from_ascii("#####\n#...#\n#.#.#\n#...#\n#####\n");
        let mut cache = FieldCache::new();
        let (a, b) = (Pos::new(1, 1), Pos::new(3, 3));
        cache.get_or_build(&map, a);
        cache.safety_or_build(&map, b, -1.2);
        cache.clear();
        // Same size, one wall opened: the storage of the old map's fields is not reused as is.
        map.set(Pos::new(2, 2), Tile::Floor);
        assert_eq!(cache.get_or_build(&map, a), &DistanceField::bfs(&map, &[a]));
        assert_eq!(cache.get_or_build(&map, b), &DistanceField::bfs(&map, &[b]));
        cache.clear();
        assert_eq!(cache.get_or_build(&map, b), &DistanceField::bfs(&map, &[b]));
    }
}
