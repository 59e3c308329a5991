//! The game's sound: the effects of each turn and the menus' clicks, and the positional cues
//! that say where things are.
mod cues;
mod effects;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((effects::plugin, cues::plugin));
}
