//! A 16-bit copy of a field for reading: half the cache a crowd's `around` reads take.
//!
//! A shared field is read by thousands of monsters a turn at scattered tiles, and a
//! 255×255 floor's fields at 32 bits a tile outgrow the cache beside the creatures; at 16
//! bits they fit. Writers keep the 32-bit values (weighted sums need the range); the copy is
//! made after a build and dropped by any change, so readers see the same values either way.
use super::{BLOCKED, DistanceField, UNREACHED};

/// The copy's `BLOCKED` and `UNREACHED`: the two largest u16, as in the 32-bit values.
const NARROW_BLOCKED: u16 = u16::MAX - 1;
/// Largest finite value the copy holds; a field with a larger one keeps no copy.
const NARROW_MAX: u32 = NARROW_BLOCKED as u32 - 1;
/// What the sentinels lose in the copy: `BLOCKED - SHIFT` is `NARROW_BLOCKED`.
const SHIFT: u32 = u32::MAX - u16::MAX as u32;

impl DistanceField {
    /// Makes the 16-bit copy `around` reads, if every finite value fits (always for
    /// breadth-first fields of floors under 65,534 tiles); else leaves none.
    pub(crate) fn narrow(&mut self) {
        // Folded, not `all`: no early exit, so it vectorises.
        let over = self
            .dist
            .iter()
            .fold(false, |over, &v| over | ((v > NARROW_MAX) & (v < BLOCKED)));
        self.narrow.clear();
        if over {
            return;
        }
        self.narrow.extend(
            self.dist
                .iter()
                .map(|&v| if v >= BLOCKED { v - SHIFT } else { v } as u16),
        );
    }

    /// Whether `around` reads a 16-bit copy.
    #[cfg(test)]
    pub(crate) fn is_narrow(&self) -> bool {
        !self.narrow.is_empty()
    }

    /// `around` on the 16-bit copy (which must exist), at padded index `i`.
    #[inline]
    pub(super) fn around_narrow(&self, i: usize) -> Option<(u32, [u32; 4])> {
        let here = self.narrow[i];
        if here >= NARROW_BLOCKED {
            return None;
        }
        let get = |n: usize| match self.narrow[n] {
            v if v >= NARROW_BLOCKED => UNREACHED,
            v => u32::from(v),
        };
        let [up, left, down, right] = self.pad().neighbours(i);
        Some((u32::from(here), [get(up), get(left), get(down), get(right)]))
    }

    /// Drops the copy: the 32-bit values are about to change.
    pub(super) fn widen(&mut self) {
        self.narrow.clear();
    }
}
