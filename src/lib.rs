//! Delve: the Bevy-free game core, and (feature `app`) the Bevy adapter.
pub mod cli;
pub mod content;
pub mod dungeon;
pub mod game;
pub mod grid;
pub mod map;
pub mod replay;
pub mod rng;
pub mod save;
#[cfg(feature = "wasm-replay")]
pub mod wasm_replay;

#[cfg(feature = "app")]
pub mod app;
