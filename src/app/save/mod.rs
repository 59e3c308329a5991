//! The save adapter: the core's save format written on floor change, on quitting to the menu
//! and when the browser tab is hidden; replays exported on request; finished runs kept.
mod autosave;
mod kept;
mod store;

pub use autosave::SaveNotice;
pub use kept::{KeepRun, LastKept, RunArchive};
pub use store::{SaveStore, export};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((autosave::plugin, kept::plugin));
}
