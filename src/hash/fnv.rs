//! FNV-1a 64, the one hash under the state hash, the content fingerprint and the browser's
//! check of the core pack's files; build.rs includes this file to hash those files as it
//! builds, so the build and the game hash them the same way.

pub const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// The hash `h` with one more byte taken in.
pub const fn step(h: u64, b: u8) -> u64 {
    (h ^ b as u64).wrapping_mul(PRIME)
}

pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_iter(bytes.iter().copied())
}

/// `fnv1a` over bytes that need not sit in one slice (a map's tiles, say).
pub fn fnv1a_iter(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h = OFFSET;
    for b in bytes {
        h = step(h, b);
    }
    h
}
