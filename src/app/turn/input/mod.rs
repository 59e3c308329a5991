//! Input: the key bindings, keys and taps made into the hero's commands, the pointer, the
//! touch bar and the map's gestures.
pub(super) mod bindings;
pub(super) mod gestures;
pub(super) mod keys;
pub(super) mod pointer;
pub(super) mod touch_bar;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        keys::plugin,
        pointer::plugin,
        bindings::plugin,
        touch_bar::plugin,
        gestures::plugin,
    ));
}
