//! The turn loop: input becomes a command, the core runs it once, the phase returns.
mod bindings;
mod input;
mod phase;
mod pointer;
mod travel;

pub use bindings::{Action, Bindings, KeysPath, LETTERS};
pub use input::{DIGIT_KEYS, SelectedTarget, TurnInput, key_command};
pub use phase::{GameRes, NewRun, PendingCommand, TurnResolved};
pub use pointer::Hovered;
pub use travel::{Notice, Travel, travel_key};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        phase::plugin,
        input::plugin,
        travel::plugin,
        pointer::plugin,
        bindings::plugin,
    ));
}
