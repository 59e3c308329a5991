//! Dungeon generation in the app: a run opened (a new one on its first floor, or the one kept
//! for Continue) and closed, the descend step of the turn, and each floor entered announced
//! for the world to be rebuilt.
mod floor;
pub mod race;
mod run;

use bevy::prelude::*;

use crate::app::shared::AddTurnStep;
use crate::game::TurnStep;

pub(super) fn plugin(app: &mut App) {
    app.add_turn_step(TurnStep::EnterFloor);
    app.add_plugins((run::plugin, floor::plugin, race::plugin));
}
