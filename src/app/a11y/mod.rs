//! Playing without sight: every screen's text and menus as AccessKit nodes (labels, buttons,
//! the focused entry), the turn's news through live regions, the surroundings and the fight
//! read on a key, the browser page's own copy of all of it, and the high-contrast palette and
//! text scale.
mod announce;
mod contrast;
mod describe;
mod nodes;
mod page;

pub use announce::{
    Announce, Heard, HeardLog, LastSaid, LiveRegion, SPEAK_BY_FOCUS, Urgency, is_alert,
};
pub use contrast::{contrast_background, contrast_text};
pub use describe::{ReadPanel, fight_lines};
pub use nodes::{MenuButton, MenuButtons};

use bevy::prelude::*;

/// Runs headless too: the tests read the accessibility nodes themselves.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        nodes::plugin,
        announce::plugin,
        describe::plugin,
        contrast::plugin,
        page::plugin,
    ));
}
