//! The dungeon adapter: announces each floor the core generated, for the world to be rebuilt.
mod floor;

pub use floor::FloorEntered;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(floor::plugin);
}
