//! Combat resolution in the app: the encounter and combat round steps of the turn, and the
//! combat mode sub-state that follows the core's fight.
mod mode;

use bevy::prelude::*;

use crate::app::shared::AddTurnStep;
use crate::game::TurnStep;

pub(super) fn plugin(app: &mut App) {
    app.add_turn_step(TurnStep::Encounter)
        .add_turn_step(TurnStep::CombatRound);
    app.add_plugins(mode::plugin);
}
