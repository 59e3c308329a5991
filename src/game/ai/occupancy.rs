//! Occupancy for one monster phase: the per-tile creature count (`Cells`) and the index of
//! the monsters that hunt the hero (`Hunters`, the pincer's partners).
use crate::game::state::CreatureId;
use crate::map::{Pos, TileMap};

/// Marks a wall in `Cells`.
pub(super) const WALL: u8 = u8::MAX;

/// The floor for one phase, one byte per tile: `WALL`, or how many creatures stand there
/// (more than one only where the forager passes). Row-major with a border of walls around
/// the map, so neighbours need no bounds checks.
pub(super) struct Cells {
    pub(super) width: i32,
    pub(super) height: i32,
    /// Row length: `width + 2`.
    pub(super) stride: usize,
    pub(super) cell: Vec<u8>,
}

impl Cells {
    #[cfg(test)]
    pub(super) fn new(map: &TileMap) -> Self {
        Self::new_in(map, Vec::new(), &mut Vec::new())
    }

    /// `new`, reusing `cell`'s storage; `walls` is the empty floor of `map` (every cell 0 or
    /// `WALL`) made by an earlier call, or empty, and then made here.
    pub(super) fn new_in(map: &TileMap, mut cell: Vec<u8>, walls: &mut Vec<u8>) -> Self {
        let (width, height) = (map.width() as i32, map.height() as i32);
        let stride = width as usize + 2;
        let n = stride * (height as usize + 2);
        if walls.len() != n {
            walls.clear();
            walls.resize(n, WALL);
            let kinds = map.terrains().table();
            for (row, tiles) in map.tiles().chunks(width.max(1) as usize).enumerate() {
                let start = (row + 1) * stride + 1;
                for (c, t) in walls[start..start + tiles.len()].iter_mut().zip(tiles) {
                    // Monsters never step onto a hazard (lava, a chasm).
                    *c = if kinds[usize::from(t.0)].safe() {
                        0
                    } else {
                        WALL
                    };
                }
            }
        }
        // A copy costs far less than reading the tiles again each phase.
        cell.clear();
        cell.extend_from_slice(walls);
        Self {
            width,
            height,
            stride,
            cell,
        }
    }

    pub(super) fn idx(&self, p: Pos) -> Option<usize> {
        // As unsigned, negative coordinates are huge: one comparison per axis.
        ((p.x as u32) < self.width as u32 && (p.y as u32) < self.height as u32)
            .then(|| (p.y as usize + 1) * self.stride + p.x as usize + 1)
    }

    pub(super) fn pos(&self, i: usize) -> Pos {
        Pos::new((i % self.stride) as i32 - 1, (i / self.stride) as i32 - 1)
    }

    /// The four neighbours of an index inside the border, up, left, down, right.
    pub(super) fn around(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + self.stride, i + 1]
    }

    /// Passable and nobody standing there.
    pub(super) fn free(&self, p: Pos) -> bool {
        self.idx(p).is_some_and(|i| self.cell[i] == 0)
    }

    /// Passable (whoever stands there).
    pub(super) fn open(&self, p: Pos) -> bool {
        self.idx(p).is_some_and(|i| self.cell[i] != WALL)
    }

    pub(super) fn enter(&mut self, p: Pos) {
        if let Some(i) = self.idx(p)
            && self.cell[i] < WALL - 1
        {
            self.cell[i] += 1;
        }
    }

    pub(super) fn leave(&mut self, p: Pos) {
        if let Some(i) = self.idx(p)
            && self.cell[i] != WALL
        {
            self.cell[i] = self.cell[i].saturating_sub(1);
        }
    }
}

/// Positions of the monsters whose target rule is `hero` (the pincer's partners), kept up to
/// date while they move; `grid` (one slot per tile, `index + 1`) is filled only when there
/// are enough of them for a ring search to beat a scan (and few enough for a u16 slot).
#[derive(Default)]
pub(super) struct Hunters {
    pub(super) list: Vec<(CreatureId, Pos)>,
    pub(super) grid: Vec<u16>,
}
