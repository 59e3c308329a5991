//! In-game UI: the HUD, the message log, the combat panel and the examine panel. Reads only.
mod combat_panel;
mod examine;
mod hud;
pub mod log;

use bevy::prelude::*;

/// The UI's own order inside `AppSystems::Present` (each writes its own text).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiSystems {
    Hud,
    Log,
    Panel,
    /// The overlays' own text (the inventory list).
    Overlay,
    /// Full screens' text (the Mods screen).
    Screen,
}

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            UiSystems::Hud,
            UiSystems::Log,
            UiSystems::Panel,
            UiSystems::Overlay,
            UiSystems::Screen,
        )
            .chain()
            .in_set(crate::app::AppSystems::Present),
    );
    app.add_plugins((
        hud::plugin,
        log::plugin,
        combat_panel::plugin,
        examine::plugin,
    ));
}
