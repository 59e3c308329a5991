//! Delve: the Bevy-free game core, and (feature `app`) the Bevy adapter.
pub mod cli;
pub mod content;
pub mod daily;
pub mod dungeon;
pub mod game;
pub mod grid;
pub mod hash;
pub mod map;
pub mod places;
pub mod rng;
pub mod runs;
#[cfg(test)]
mod test_tier;

#[cfg(feature = "app")]
pub mod app;

/// The game's version and the commit it was built from, e.g. `0.1.0 (1a2b3c4d5)`: shown by
/// `delve --version`, in the main menu's corner and in the morgue (build.rs finds the commit).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("DELVE_COMMIT"), ")");

// One allocator for the game, its tests and its benchmarks (Cargo.toml says why).
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
