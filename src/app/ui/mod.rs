//! In-game UI: the sidebar, the message log, the combat panel, the examine panel and the
//! content errors overlay, and the kit the screens are built of. Reads only.
pub mod combat_panel;
pub mod content_errors;
pub mod examine;
pub mod kit;
pub mod layout;
pub mod list;
pub mod log;
pub mod rows;
pub mod sidebar;

use bevy::prelude::*;

/// The in-game UI; public for the headless layout test, which lays it out without a window.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        sidebar::plugin,
        log::plugin,
        combat_panel::plugin,
        examine::plugin,
        content_errors::plugin,
        kit::plugin,
        layout::plugin,
    ));
}
