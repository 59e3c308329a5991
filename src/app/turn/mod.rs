//! Turn scheduling: input becomes a command, the turn's steps run once (this plugin owns the
//! begin, the hero's command, the exploration ticks and the end), the phase returns.
mod autofight;
mod input;
mod look;
mod phase;
mod steps;
mod travel;

pub use autofight::{AutofightBelow, choice_line};
pub use input::bindings::{Action, Bindings, Chord, KeysPath, LETTERS, Mods, is_modifier, name_of};
pub use input::gestures::{LONG_PRESS, MapPan, Pinch, pan_by};
pub use input::keys::{DIGIT_KEYS, TurnInput, key_command};
pub use input::pointer::{Hovered, Tapped, TouchesOnUi};
pub use input::touch_bar::{PressedByButton, TouchSeen};
pub use look::{
    ContextAction, ContextChosen, LastThrow, LookCursor, aim_start, context_actions, first_thrown,
    next_target, start_cursor, throw_again,
};
pub use travel::{
    ExplorePicksUp, KnownInView, KnownWatching, LeftPiles, Travel, stop_line, travel_key,
};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        phase::plugin,
        autofight::plugin,
        steps::plugin,
        input::plugin,
        travel::plugin,
        look::plugin,
    ));
}
