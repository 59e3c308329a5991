//! Runs worth keeping: what a run did (counted as it plays), its morgue file, the records
//! table, the kept replays and the replay viewer. No Bevy: the game, `sim` and tests share it.
pub mod kept;
pub mod morgue;
pub mod records;
pub mod share;
pub mod stats;
pub mod viewer;

pub use kept::{
    Archive, FolderArchive, Kept, KeptReplay, MemoryArchive, Shelf, import_replay, keep_run,
    list_replays,
};
pub use morgue::morgue;
pub use records::{Record, Records, score};
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
