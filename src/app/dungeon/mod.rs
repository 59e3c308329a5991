//! Dungeon generation in the app: a new run's first floor, the descend step of the turn, and
//! each floor entered announced for the world to be rebuilt.
mod enter;
mod floor;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((enter::plugin, floor::plugin));
}
