//! Combat resolution in the app: the encounter and combat round steps of the turn, and the
//! combat mode sub-state that follows the core's fight.
mod encounter;
mod mode;
mod round;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((encounter::plugin, round::plugin, mode::plugin));
}
