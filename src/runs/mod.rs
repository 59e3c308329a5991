//! A run's record: its saves, its replay and what is made from one (verifying it, forking
//! it, racing its ghost, watching it), what a run did (counted as it plays), its morgue
//! file, the records table and the kept replays. No Bevy: the game, `sim` and tests share it.
//! The rules under `game/` never look here: the record reads the core, not the other way.
pub mod fork;
#[cfg(test)]
mod fork_tests;
pub mod kept;
pub mod morgue;
pub mod race;
#[cfg(test)]
mod race_tests;
#[cfg(test)]
mod record_tests;
pub mod records;
pub mod replay;
pub mod save;
pub mod share;
pub mod stats;
pub mod verify;
pub mod viewer;
#[cfg(feature = "wasm-replay")]
pub mod wasm_replay;

pub use kept::{
    Archive, FolderArchive, Kept, KeptReplay, MemoryArchive, Shelf, import_replay, keep_run,
    list_replays,
};
pub use morgue::morgue;
pub use records::{Record, Records, score, score_of};
pub use stats::{FloorStats, RunStats};
pub use viewer::Viewer;

/// A class as the player reads it (its name), "Hero" for a run without one (`""`), its id
/// for a class the content no longer has (never a guess).
pub fn class_name(class: &str, content: &crate::content::Content) -> String {
    match content.classes.get(class) {
        Some(c) => c.name.clone(),
        None if class.is_empty() => "Hero".into(),
        None => class.to_string(),
    }
}
