//! In-game UI: the HUD, the message log, the combat panel and the examine panel. Reads only.
mod combat_panel;
mod examine;
mod hud;
pub mod log;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        hud::plugin,
        log::plugin,
        combat_panel::plugin,
        examine::plugin,
    ));
}
