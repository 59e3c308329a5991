//! The save adapter: the core's save format written on floor change and on quitting to the menu.
mod autosave;

pub use autosave::{SaveNotice, SavePath};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(autosave::plugin);
}
