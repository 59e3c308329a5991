//! Ghost-style AI in the app: the monster movement step of the turn (ghosts and the forager,
//! in id order), and the monsters' intentions for the F3 overlay.
mod intents;

pub use intents::{AiIntents, AiOverlay, Intent};

use bevy::prelude::*;

use crate::app::shared::AddTurnStep;
use crate::game::TurnStep;

pub(super) fn plugin(app: &mut App) {
    app.add_turn_step(TurnStep::MonsterMovement);
    app.add_plugins(intents::plugin);
}
