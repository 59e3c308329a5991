//! Seeded randomness: one xoshiro generator, derived streams per purpose.
use rand_xoshiro::Xoshiro256StarStar;
use rand_xoshiro::rand_core::{Rng as _, SeedableRng};

pub type Rng = Xoshiro256StarStar;

/// SplitMix64 finaliser: spreads (seed, stream) so nearby inputs give unrelated generators.
pub const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of floor `floor` of run `seed`: depends on those two numbers only.
pub fn floor_rng(seed: u64, floor: u32) -> Rng {
    Rng::seed_from_u64(mix(seed ^ mix(0x464C_4F4F_5200_0000 | floor as u64)))
}

/// The gameplay generator of a run, kept apart from level generation (DCSS does the same).
pub fn game_rng(seed: u64) -> Rng {
    Rng::seed_from_u64(mix(seed ^ 0x4741_4D45_0000_0000))
}

/// Uniform integer in `0..n` (n > 0) without modulo bias (Lemire's method).
pub fn below(rng: &mut Rng, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = rng.next_u32() as u64 * n as u64;
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = rng.next_u32() as u64 * n as u64;
        }
    }
    (m >> 32) as u32
}

/// Uniform integer in `lo..=hi`.
pub fn range_inclusive(rng: &mut Rng, lo: i32, hi: i32) -> i32 {
    if hi <= lo {
        return lo;
    }
    lo + below(rng, (hi - lo) as u32 + 1) as i32
}

/// Uniform float in `[0, 1)` from the top 53 bits, identical on every platform.
pub fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// One of `items`, each as likely as its weight; `None` when every weight is 0 (then
/// nothing is drawn). Totals past `u32` draw through `unit`, so huge tables stay fair.
pub fn weighted<'a, T>(rng: &mut Rng, items: &'a [T], weight: impl Fn(&T) -> u32) -> Option<&'a T> {
    let total: u64 = items.iter().map(|i| weight(i) as u64).sum();
    if total == 0 {
        return None;
    }
    let mut r = if total <= u32::MAX as u64 {
        below(rng, total as u32) as u64
    } else {
        ((unit(rng) * total as f64) as u64).min(total - 1)
    };
    for item in items {
        let w = weight(item) as u64;
        if r < w {
            return Some(item);
        }
        r -= w;
    }
    None
}

/// Fisher–Yates shuffle driven by `below`, so it is the same on 32- and 64-bit targets.
pub fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floors_differ_and_repeat() {
        let a: Vec<u64> = (0..4).map(|_| floor_rng(7, 1).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(floor_rng(7, 1).next_u64(), floor_rng(7, 2).next_u64());
        assert_ne!(floor_rng(7, 1).next_u64(), floor_rng(8, 1).next_u64());
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = game_rng(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
        for _ in 0..1000 {
            let u = unit(&mut rng);
            assert!((0.0..1.0).contains(&u));
        }
    }
}
