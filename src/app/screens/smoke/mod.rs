//! `delve --smoke DIR` (the `smoke` feature): drives the real game through its screens and
//! saves screenshots, for the desktop smoke test.
//!
//! The bot plays through the ordinary command path (a `PlayerCommand`, as a key sends), so
//! the screenshots show what a player would see. `stages.rs` is the table of what is shown
//! and pictured, in order; `run.rs` runs it a frame at a time; `driver.rs` is what a stage
//! reads and does; `sights.rs` says when the game shows what a picture waits for.
mod driver;
mod run;
mod sights;
mod stages;

pub use run::plugin;
