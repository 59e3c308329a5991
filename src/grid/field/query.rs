//! Reading a distance field: values, a tile's neighbourhood, the downhill step and where
//! rolling downhill ends.
use super::{BLOCKED, DistanceField, UNREACHED};
use crate::map::{Dir, Pos};

impl DistanceField {
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
        if !self.narrow.is_empty() {
            return self.around_narrow(i);
        }
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
}
