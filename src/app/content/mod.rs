//! Content loading behind the Loading screen, the player's mod choices and reloading.
mod choices;
pub mod files;
mod hot_reload;
mod loading;
pub mod watch_files;

pub use choices::{ModChoices, ModSource, ModsStore};
pub use loading::{
    ContentErrors, ContentReport, CoreSource, ModCatalogue, ReloadNotice, ReloadRequest,
};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        choices::plugin,
        loading::plugin,
        hot_reload::plugin,
        watch_files::plugin,
    ));
}
