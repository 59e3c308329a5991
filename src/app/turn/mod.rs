//! Turn scheduling: input becomes a command, the turn's steps run once (this plugin owns the
//! begin, the hero's command, the exploration ticks and the end), the phase returns.
mod autofight;
mod bindings;
mod gestures;
mod input;
mod look;
mod phase;
mod pointer;
mod steps;
mod touch_bar;
mod travel;

pub use autofight::{AutofightBelow, choice_line};
pub use bindings::{Action, Bindings, Chord, KeysPath, LETTERS, Mods, is_modifier, name_of};
pub use gestures::{LONG_PRESS, MapPan, Pinch, pan_by};
pub use input::{DIGIT_KEYS, TurnInput, key_command};
pub use look::{
    ContextAction, ContextChosen, LastThrow, LookCursor, aim_start, context_actions, first_thrown,
    next_target, start_cursor, throw_again,
};
pub use pointer::{Hovered, Tapped, TouchesOnUi};
pub use touch_bar::{PressedByButton, TouchSeen};
pub use travel::{KnownInView, KnownWatching, Travel, stop_line, travel_key};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        phase::plugin,
        autofight::plugin,
        steps::plugin,
        input::plugin,
        travel::plugin,
        pointer::plugin,
        bindings::plugin,
        touch_bar::plugin,
        look::plugin,
        gestures::plugin,
    ));
}
