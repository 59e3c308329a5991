//! Storage the monster phase keeps between turns (the thread-local `SCRATCH`): shared
//! distance fields, the probe, the treasure field and the phase's buffers.
use super::probe::Probe;
use crate::game::state::CreatureId;
use crate::grid::{DistanceField, FieldCache, Repair, Terrain};
use crate::map::Pos;

/// Storage the monster phase reuses from turn to turn, so a steady turn allocates little.
/// Never state: every turn clears or overwrites what it reads.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) fields: FieldCache,
    pub(super) probe: Probe,
    /// The tiles of the last phase's map: the probe's walls and `loot` belong to it.
    pub(super) terrain: Terrain,
    /// Breadth-first distances from every pile in `loot_piles` (sorted), if `loot_on_map`;
    /// brought up to date by the turn's first forager.
    pub(super) loot: DistanceField,
    pub(super) loot_piles: Vec<Pos>,
    /// Whether `loot` was built on `terrain`'s map.
    pub(super) loot_on_map: bool,
    /// Piles gone and new since the last turn, and a repair's scratch.
    pub(super) gone: Vec<Pos>,
    pub(super) new: Vec<Pos>,
    pub(super) repair: Repair,
    pub(super) queue: Vec<u32>,
    /// `Hunters::grid`, all zero between turns.
    pub(super) hunter_grid: Vec<u16>,
    /// Storage of the phase's `Cells::cell`, `Hunters::list`, `Phase::hunter_slot` and
    /// creature-to-kind table.
    pub(super) cells: Vec<u8>,
    /// The empty floor of `terrain`'s map that `Cells` starts from (empty when the map
    /// changed).
    pub(super) walls: Vec<u8>,
    pub(super) hunters: Vec<(CreatureId, Pos)>,
    pub(super) hunter_slot: Vec<u32>,
    pub(super) kind_of: Vec<usize>,
    /// The table before `kind_of` (its storage, and during a phase last turn's table).
    pub(super) kind_was: Vec<usize>,
}

thread_local! {
    pub(super) static SCRATCH: std::cell::Cell<Scratch> = std::cell::Cell::default();
}
