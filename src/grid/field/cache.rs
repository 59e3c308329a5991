//! Reusing fields: `Terrain` (whether a map's tiles changed) and `FieldCache`, the turn's
//! fields shared by every monster with the same target.
use super::DistanceField;
use crate::grid::path::snap_to_safe;
use crate::map::{Pos, Terrains, Tile, TileMap};
use std::sync::Arc;

/// A copy of a map's tiles, to tell whether fields built on it still hold: exact, and a
/// compare of the bytes costs far less than hashing them.
#[derive(Clone, Debug, Default)]
pub struct Terrain {
    size: (u32, u32),
    /// `None` until a map is taken.
    tiles: Option<Vec<u8>>,
    /// The kinds its tiles index (a reloaded content may walk them otherwise).
    kinds: Option<Arc<Terrains>>,
}

impl Terrain {
    /// Whether `map` has the tiles taken last; if not (or none were), takes `map`'s.
    pub fn same_or_take(&mut self, map: &TileMap) -> bool {
        let size = (map.width(), map.height());
        if self.size == size
            && self
                .kinds
                .as_ref()
                .is_some_and(|k| Arc::ptr_eq(k, map.terrains()))
            && let Some(tiles) = &self.tiles
            && same_bytes(tiles, map.tiles())
        {
            return true;
        }
        self.size = size;
        let tiles = self.tiles.get_or_insert_with(Vec::new);
        tiles.clear();
        tiles.extend(map.tiles().iter().map(|&t| t.0));
        self.kinds = Some(map.terrains().clone());
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
            .all(|(a, b)| a.iter().zip(b).fold(0, |acc, (&x, &t)| acc | (x ^ t.0)) == 0)
}

/// The distance fields of one turn, at most one per distinct target, shared by every monster
/// that navigates to that target (the previous turn's reused where the target stayed). `clear`
/// it when the turn ends.
#[derive(Clone, Debug, Default)]
pub struct FieldCache {
    fields: Slots<Pos>,
    /// Keyed by threat and the coefficient's bits (f32 is not `Eq`).
    safety: Slots<(Pos, u32)>,
    /// Last turn's fields and safety maps: a target that has not moved (the hero resting, a
    /// guard's post) takes its field over while the map stays the same, since a field depends
    /// on the map and its target only. What this turn does not take becomes spare storage.
    pub(super) last_fields: Slots<Pos>,
    pub(super) last_safety: Slots<(Pos, u32)>,
    /// Fields towards fixed tiles (scatter corners), kept from turn to turn while the map
    /// stays the same: a field depends on the map and its target only.
    fixed: Slots<Pos>,
    /// The map `fixed` and `spare` belong to.
    terrain: Terrain,
    /// Whether `terrain` was compared with this turn's map yet.
    terrain_checked: bool,
    /// Fixed targets off the walls and the tiles they snap to (a few scatter corners).
    fixed_snaps: Vec<(Pos, Pos)>,
    /// Fields of earlier turns on `terrain`, reused so a steady-state turn allocates nothing
    /// (and resets little).
    pub(super) spare: Vec<DistanceField>,
    queue: Vec<u32>,
    seeds: Vec<u64>,
}

impl FieldCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// Ends the turn: its fields are kept for the next turn's targets that stay where they
    /// are; last turn's that this one did not take become spare storage.
    pub fn clear(&mut self) {
        self.terrain_checked = false;
        // Swapped, not replaced: the slots keep their storage from turn to turn.
        self.last_fields.spend(&mut self.spare);
        self.last_safety.spend(&mut self.spare);
        std::mem::swap(&mut self.fields, &mut self.last_fields);
        std::mem::swap(&mut self.safety, &mut self.last_safety);
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
                let key = snap_to_safe(map, target);
                if self.fixed_snaps.len() < 16 {
                    self.fixed_snaps.push((target, key));
                }
                key
            }
        };
        let none = &mut Slots::default();
        Self::build(
            &mut self.fixed,
            none,
            &mut self.spare,
            &mut self.queue,
            map,
            key,
        )
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
                self.last_fields.clear();
                self.last_safety.clear();
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
        let key = snap_to_safe(map, target);
        Self::build(
            &mut self.fields,
            &mut self.last_fields,
            &mut self.spare,
            &mut self.queue,
            map,
            key,
        )
    }

    /// The safety map for fleeing from `threat` (see `DistanceField::safety_map`), built on
    /// first use this turn from the shared distance field of `threat` (or last turn's, if the
    /// threat has not moved).
    pub fn safety_or_build(
        &mut self,
        map: &TileMap,
        threat: Pos,
        coefficient: f32,
    ) -> &DistanceField {
        self.check_terrain(map);
        let key = (snap_to_safe(map, threat), coefficient.to_bits());
        let at = match self.safety.find(key) {
            Some(at) => at,
            None => {
                let field = match self.last_safety.take(key) {
                    Some(kept) => kept,
                    None => {
                        let threat_field = Self::build(
                            &mut self.fields,
                            &mut self.last_fields,
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
                        field.narrow();
                        field
                    }
                };
                self.safety.push(key, field)
            }
        };
        &self.safety.fields[at]
    }

    /// The field towards `key` in `fields`: already there, taken over from `last`, or built
    /// (in spare storage when there is some).
    fn build<'a>(
        fields: &'a mut Slots<Pos>,
        last: &mut Slots<Pos>,
        spare: &mut Vec<DistanceField>,
        queue: &mut Vec<u32>,
        map: &TileMap,
        key: Pos,
    ) -> &'a DistanceField {
        if let Some(at) = fields.find(key) {
            return &fields.fields[at];
        }
        let field = match last.take(key) {
            Some(kept) => kept,
            None => {
                let mut field = match spare.pop() {
                    Some(mut field) => {
                        field.bfs_again(map, &[key], queue);
                        field
                    }
                    None => {
                        let mut field = DistanceField::default();
                        field.bfs_into(map, &[key], queue);
                        field
                    }
                };
                // Read by every monster aiming there: `around` reads the 16-bit copy.
                field.narrow();
                field
            }
        };
        let at = fields.push(key, field);
        &fields.fields[at]
    }
}

/// Fields by key, found by a scan: a turn has a handful of targets, and scanning a few keys
/// costs far less than a tree's search, entry and removal did on every monster's lookup.
#[derive(Clone, Debug)]
pub(super) struct Slots<K> {
    keys: Vec<K>,
    fields: Vec<DistanceField>,
}

impl<K> Default for Slots<K> {
    fn default() -> Self {
        Self {
            keys: Vec::new(),
            fields: Vec::new(),
        }
    }
}

impl<K: Copy + Eq> Slots<K> {
    fn find(&self, key: K) -> Option<usize> {
        self.keys.iter().position(|&k| k == key)
    }

    /// Adds a field under a key it does not hold yet; returns its slot.
    fn push(&mut self, key: K, field: DistanceField) -> usize {
        self.keys.push(key);
        self.fields.push(field);
        self.fields.len() - 1
    }

    /// Removes and returns the field under `key`, if any.
    fn take(&mut self, key: K) -> Option<DistanceField> {
        let at = self.find(key)?;
        self.keys.swap_remove(at);
        Some(self.fields.swap_remove(at))
    }

    pub(super) fn len(&self) -> usize {
        self.fields.len()
    }

    #[cfg(test)]
    pub(super) fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    fn clear(&mut self) {
        self.keys.clear();
        self.fields.clear();
    }

    /// Empties the slots, their fields going to `spare`.
    fn spend(&mut self, spare: &mut Vec<DistanceField>) {
        self.keys.clear();
        spare.append(&mut self.fields);
    }
}
