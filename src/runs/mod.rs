//! Runs worth keeping: what a run did (counted as it plays), its morgue file, the records
//! table, the kept replays and the replay viewer. No Bevy: the game, `sim` and tests share it.
pub mod kept;
pub mod morgue;
pub mod records;
pub mod stats;
pub mod viewer;

pub use kept::{
    Archive, FolderArchive, Kept, KeptReplay, MemoryArchive, Shelf, keep_run, list_replays,
};
pub use morgue::morgue;
pub use records::{Record, Records, score};
pub use stats::{FloorStats, RunStats};
pub use viewer::Viewer;

/// The hero's class as the player reads it (its name), or "Hero" for a run without one.
pub fn class_name(game: &crate::game::Game, content: &crate::content::Content) -> String {
    match content.classes.get(&game.class) {
        Some(c) => c.name.clone(),
        None if game.class.is_empty() => "Hero".into(),
        // A class the content no longer has: its id, never a guess.
        None => game.class.clone(),
    }
}
