//! Delve: the Bevy-free game core, and (feature `app`) the Bevy adapter.
pub mod cli;
pub mod content;
pub mod dungeon;
pub mod game;
pub mod grid;
pub mod map;
pub mod replay;
pub mod rng;
pub mod runs;
pub mod save;
#[cfg(feature = "wasm-replay")]
pub mod wasm_replay;

#[cfg(feature = "app")]
pub mod app;

// One allocator for the game, its tests and its benchmarks (Cargo.toml says why).
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
