//! The AI adapter: the monsters' intentions after each turn, for the debug overlay.
mod intents;

pub use intents::{AiIntents, AiOverlay, Intent};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(intents::plugin);
}
