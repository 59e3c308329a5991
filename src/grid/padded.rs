//! The flat layout the searches share: the map plus a one-tile wall border, row-major.
//!
//! With the border every passable cell is interior, so its four neighbours are always
//! `i - pw`, `i - 1`, `i + pw`, `i + 1`: no coordinate arithmetic and no edge tests in the
//! inner loops.
use crate::map::{Pos, TileMap};

/// Geometry of a padded grid for a `width × height` map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Padded {
    pub width: u32,
    pub height: u32,
    /// Padded row length (`width + 2`).
    pub pw: usize,
}

impl Padded {
    pub fn new(width: u32, height: u32) -> Self {
        let len = (width as u64 + 2) * (height as u64 + 2);
        // Queues store cell indices as u32: half the memory traffic of usize.
        assert!(
            len < u32::MAX as u64,
            "map of {width}x{height} is too large"
        );
        Self {
            width,
            height,
            pw: width as usize + 2,
        }
    }

    pub fn of(map: &TileMap) -> Self {
        Self::new(map.width(), map.height())
    }

    pub fn len(self) -> usize {
        self.pw * (self.height as usize + 2)
    }

    /// Padded index of an in-map position.
    pub fn index(self, p: Pos) -> Option<usize> {
        // Negative coordinates wrap to values above any width (`new` bounds the size).
        let inside = (p.x as u32) < self.width && (p.y as u32) < self.height;
        inside.then(|| (p.y as usize + 1) * self.pw + p.x as usize + 1)
    }

    /// Map position of an interior padded index.
    pub fn pos(self, i: usize) -> Pos {
        Pos::new((i % self.pw) as i32 - 1, (i / self.pw) as i32 - 1)
    }

    /// Index of the same cell in the unpadded `TileMap` layout (for cost callbacks).
    pub fn map_index(self, i: usize) -> usize {
        (i / self.pw - 1) * self.width as usize + (i % self.pw - 1)
    }

    /// Neighbours of an interior index, in `Dir::ALL` order (up, left, down, right).
    #[inline(always)]
    pub fn neighbours(self, i: usize) -> [usize; 4] {
        [i - self.pw, i - 1, i + self.pw, i + 1]
    }

    /// `neighbours` of any index, those past the ends wrapped to indices past the end.
    #[inline(always)]
    pub fn neighbours_wrapping(self, i: usize) -> [usize; 4] {
        [
            i.wrapping_sub(self.pw),
            i.wrapping_sub(1),
            i + self.pw,
            i + 1,
        ]
    }

    /// Fills `cells` with `open` on safe tiles (walkable, no hazard) and `blocked` on walls,
    /// hazards and the border: the tiles a monster steps onto and a path goes through.
    pub fn fill(self, map: &TileMap, cells: &mut Vec<u32>, open: u32, blocked: u32) {
        debug_assert_eq!(Padded::of(map), self);
        let (pw, w) = (self.pw, self.width as usize);
        // Resized, not cleared: every cell is written exactly once below.
        cells.resize(self.len(), blocked);
        cells[..pw].fill(blocked);
        let last_row = self.len() - pw;
        cells[last_row..].fill(blocked);
        if w == 0 {
            cells.fill(blocked);
            return;
        }
        // A cell's value by its tile's kind: one load a cell, no select.
        let value = map
            .terrains()
            .safe_table()
            .map(|safe| if safe { open } else { blocked });
        for (row, tiles) in cells[pw..last_row]
            .chunks_exact_mut(pw)
            .zip(map.tiles().chunks_exact(w))
        {
            row[0] = blocked;
            row[pw - 1] = blocked;
            for (cell, tile) in row[1..pw - 1].iter_mut().zip(tiles) {
                *cell = value[usize::from(tile.0)];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips_and_border_is_blocked() {
        let map = TileMap::from_ascii("#..\n.#.\n");
        let pad = Padded::of(&map);
        assert_eq!((pad.pw, pad.len()), (5, 20));
        for y in 0..2 {
            for x in 0..3 {
                let p = Pos::new(x, y);
                let i = pad.index(p).unwrap();
                assert_eq!(pad.pos(i), p);
                assert_eq!(pad.map_index(i), map.idx(p).unwrap());
            }
        }
        assert_eq!(pad.index(Pos::new(3, 0)), None);
        assert_eq!(pad.index(Pos::new(0, -1)), None);
        let mut cells = Vec::new();
        pad.fill(&map, &mut cells, 1, 9);
        let expected = [
            9, 9, 9, 9, 9, //
            9, 9, 1, 1, 9, //
            9, 1, 9, 1, 9, //
            9, 9, 9, 9, 9,
        ];
        assert_eq!(cells, expected);
        let i = pad.index(Pos::new(1, 0)).unwrap();
        assert_eq!(
            pad.neighbours(i).map(|n| pad.pos(n)),
            [
                Pos::new(1, -1),
                Pos::new(0, 0),
                Pos::new(1, 1),
                Pos::new(2, 0)
            ]
        );
    }
}
