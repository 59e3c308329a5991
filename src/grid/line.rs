//! The digital line between two tiles: Bresenham's tiles, the same both ways.
//!
//! Symmetric: `line(b, a)` is `line(a, b)` reversed, for every pair. A shot and the cursor
//! that aims it must agree on the tiles between, whoever aims at whom: if the monster's
//! arrow could reach the hero along a line the hero's cursor shows as blocked, the screen
//! would lie. Bresenham alone is not symmetric (a tie between two tiles goes one way from
//! each end), so the line is always drawn from the smaller endpoint (`Pos`'s order: x, then
//! y) and reversed when asked the other way.
use crate::map::Pos;

/// The tiles from `a` to `b`, both included, in that order: one per step along the longer
/// axis, each the tile nearest the true line there (at a tie, the step along the shorter
/// axis comes early, walking from the smaller endpoint). Consecutive tiles are 8-neighbours,
/// so it holds `a.chebyshev(b) + 1` tiles.
pub fn line(a: Pos, b: Pos) -> Vec<Pos> {
    if b < a {
        let mut tiles = walk(b, a);
        tiles.reverse();
        tiles
    } else {
        walk(a, b)
    }
}

/// Bresenham from `from` to `to` in integers: step `i` of `n` lies `i·m/n` along the
/// shorter axis (`m` its length), rounded to nearest with halves away from `from`.
fn walk(from: Pos, to: Pos) -> Vec<Pos> {
    // i64: the error term reaches 4n, and tiles may lie off the map (targets can).
    let (dx, dy) = (
        i64::from(to.x) - i64::from(from.x),
        i64::from(to.y) - i64::from(from.y),
    );
    let (sx, sy) = (dx.signum(), dy.signum());
    let (ax, ay) = (dx.abs(), dy.abs());
    let x_major = ax >= ay;
    let (n, m) = if x_major { (ax, ay) } else { (ay, ax) };
    let mut tiles = Vec::with_capacity(n as usize + 1);
    // `err` is 2·i·m + n − 2·n·k for minor offset k: k steps up when it reaches 2n, which
    // is k = ⌊(2·i·m + n) / 2n⌋, i·m/n rounded.
    let (mut err, mut k) = (n, 0i64);
    for i in 0..=n {
        let (ox, oy) = if x_major { (i, k) } else { (k, i) };
        tiles.push(Pos::new(
            (i64::from(from.x) + sx * ox) as i32,
            (i64::from(from.y) + sy * oy) as i32,
        ));
        err += 2 * m;
        if err >= 2 * n {
            err -= 2 * n;
            k += 1;
        }
    }
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Rng, below};
    use rand_xoshiro::rand_core::SeedableRng;

    fn p(x: i32, y: i32) -> Pos {
        Pos::new(x, y)
    }

    #[test]
    fn straight_and_diagonal_lines_are_the_obvious_tiles() {
        assert_eq!(line(p(2, 3), p(2, 3)), [p(2, 3)]);
        assert_eq!(line(p(1, 1), p(4, 1)), [p(1, 1), p(2, 1), p(3, 1), p(4, 1)]);
        assert_eq!(
            line(p(0, 2), p(0, -1)),
            [p(0, 2), p(0, 1), p(0, 0), p(0, -1)]
        );
        assert_eq!(
            line(p(0, 0), p(-3, 3)),
            [p(0, 0), p(-1, 1), p(-2, 2), p(-3, 3)]
        );
    }

    #[test]
    fn a_tie_goes_the_same_way_from_both_ends() {
        // From (0, 0) to (2, 1) the middle step is half a tile off both candidates.
        let forward = line(p(0, 0), p(2, 1));
        assert_eq!(forward, [p(0, 0), p(1, 1), p(2, 1)]);
        let mut back = line(p(2, 1), p(0, 0));
        back.reverse();
        assert_eq!(
            back, forward,
            "plain Bresenham from (2, 1) would pass (1, 0)"
        );
        // A shallow line steps once, halfway.
        assert_eq!(
            line(p(0, 0), p(5, 1)),
            [p(0, 0), p(1, 0), p(2, 0), p(3, 1), p(4, 1), p(5, 1)]
        );
    }

    #[test]
    fn chebyshev_counts_diagonals_as_one() {
        assert_eq!(p(0, 0).chebyshev(p(0, 0)), 0);
        assert_eq!(p(1, 1).chebyshev(p(4, 3)), 3);
        assert_eq!(p(1, 1).chebyshev(p(-2, 7)), 6);
        assert_eq!(p(i32::MIN, 0).chebyshev(p(i32::MAX, 0)), u32::MAX);
    }

    /// A random tile of a `w × h` map.
    fn tile(rng: &mut Rng, w: u32, h: u32) -> Pos {
        p(below(rng, w) as i32, below(rng, h) as i32)
    }

    #[test]
    fn lines_are_symmetric_connected_and_nearest_the_true_line() {
        let mut pairs = 0;
        for seed in 0..40 {
            let mut rng = Rng::seed_from_u64(seed);
            let (w, h) = (1 + below(&mut rng, 41), 1 + below(&mut rng, 31));
            for _ in 0..20 {
                let (a, b) = (tile(&mut rng, w, h), tile(&mut rng, w, h));
                let there = line(a, b);
                let mut back = line(b, a);
                back.reverse();
                assert_eq!(back, there, "{a:?} to {b:?}");
                assert_eq!((there[0], there[there.len() - 1]), (a, b));
                assert_eq!(there.len() as u32, a.chebyshev(b) + 1, "{a:?} to {b:?}");
                for step in there.windows(2) {
                    assert_eq!(step[0].chebyshev(step[1]), 1, "{a:?} to {b:?}: {step:?}");
                }
                // Bresenham's tiles: each within half a tile of the true line along the
                // shorter axis (|k·n − i·m| ≤ n/2), so the line stays inside the map too.
                let (dx, dy) = (i64::from(b.x - a.x), i64::from(b.y - a.y));
                let n = dx.abs().max(dy.abs());
                for (i, t) in there.iter().enumerate() {
                    let i = i as i64;
                    let (ox, oy) = (i64::from(t.x - a.x), i64::from(t.y - a.y));
                    assert!(2 * (ox * n - i * dx).abs() <= n, "{a:?} to {b:?}: {t:?}");
                    assert!(2 * (oy * n - i * dy).abs() <= n, "{a:?} to {b:?}: {t:?}");
                }
                pairs += 1;
            }
        }
        assert_eq!(pairs, 800);
    }
}
