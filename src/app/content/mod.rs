//! Content loading behind the Loading screen.
mod loading;

pub use loading::{ContentReport, ContentRes};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(loading::plugin);
}
