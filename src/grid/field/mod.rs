//! Distance fields ("Dijkstra maps"): multi-source BFS, weighted Dijkstra, Brogue's safety
//! map, and a per-turn cache so monsters with the same target share one field.
//!
//! This file holds the field type, its sizing on the padded layout and its sentinel values;
//! the searches and queries on it live in the submodules.
mod bfs;
mod cache;
mod dijkstra;
mod narrow;
mod query;
mod repair;

#[cfg(test)]
mod tests;

use super::padded::Padded;
use crate::map::TileMap;

pub use cache::{FieldCache, Terrain};
pub use repair::Repair;

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
#[derive(Clone, Debug, Default)]
pub struct DistanceField {
    width: u32,
    height: u32,
    dist: Vec<u32>,
    /// `dist` in 16 bits, when made (`narrow`) and still current: what `around` reads.
    narrow: Vec<u16>,
}

/// Fields are equal by their values: whether one keeps a 16-bit copy is not part of it.
impl PartialEq for DistanceField {
    fn eq(&self, other: &Self) -> bool {
        (self.width, self.height) == (other.width, other.height) && self.dist == other.dist
    }
}

impl Eq for DistanceField {}

impl DistanceField {
    /// Value of an unreachable tile, a wall, or a position off the map.
    pub const UNREACHED: u32 = UNREACHED;

    pub const fn width(&self) -> u32 {
        self.width
    }

    pub const fn height(&self) -> u32 {
        self.height
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
        self.widen();
        self.width = pad.width;
        self.height = pad.height;
        pad.fill(map, &mut self.dist, UNREACHED, BLOCKED);
        pad
    }
}
