//! Screen states and their sub-states; each screen lives in its own file.
pub mod class_choice;
pub mod discoveries;
pub mod find;
mod game_over;
pub mod history;
pub mod inventory;
mod main_menu;
pub mod mods;
mod pause;
pub mod records;
pub mod replays;
pub mod settings;
pub mod shop;
#[cfg(feature = "smoke")]
pub mod smoke;
pub mod watch;

use bevy::prelude::*;

use crate::app::shared::{InRun, Mode, NoRun, Overlay, RunShown, Screen, TurnPhase};

/// Start the run at once (`--seed` on the command line) instead of showing the menu.
#[derive(Resource, Debug, Clone, Copy)]
pub struct SkipMenu;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_sub_state::<Mode>()
        .add_sub_state::<Overlay>()
        .add_sub_state::<TurnPhase>()
        .add_computed_state::<RunShown>()
        .add_computed_state::<InRun>()
        .add_computed_state::<NoRun>();
    app.add_plugins((
        main_menu::plugin,
        pause::plugin,
        inventory::plugin,
        mods::plugin,
        game_over::plugin,
        discoveries::plugin,
        find::plugin,
        history::plugin,
        settings::plugin,
        shop::plugin,
        watch::plugin,
        replays::plugin,
        records::plugin,
        class_choice::plugin,
    ));
}

/// The root of a full-window screen: a centred column on a background colour.
pub fn full_screen(background: Color) -> impl Bundle {
    (
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: px(16),
            // A wrapped line keeps its trailing spaces in its box: a margin keeps them in the
            // window.
            padding: UiRect::all(px(12)),
            ..default()
        },
        BackgroundColor(background),
    )
}
