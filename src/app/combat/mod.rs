//! The combat adapter: switches the mode sub-state with the core's fight.
mod mode;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(mode::plugin);
}
