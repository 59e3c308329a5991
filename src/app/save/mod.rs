//! The save adapter: the core's save format written on floor change, on quitting to the menu
//! and when the browser tab is hidden; replays exported on request.
mod autosave;
mod store;

pub use autosave::SaveNotice;
pub use store::{SaveStore, export};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(autosave::plugin);
}
