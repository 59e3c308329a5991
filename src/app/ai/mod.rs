//! Ghost-style AI in the app: the monster movement step of the turn (ghosts and the forager,
//! in id order), and the monsters' intentions for the F3 overlay.
mod intents;
mod movement;

pub use intents::{AiIntents, AiOverlay, Intent};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((movement::plugin, intents::plugin));
}
