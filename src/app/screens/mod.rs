//! Screen states and their sub-states; each screen lives in its own file.
mod game_over;
pub mod inventory;
mod main_menu;
pub mod mods;
mod pause;
pub mod smoke;

pub(crate) use main_menu::spawn_menu as spawn_main_menu;

use bevy::prelude::*;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Loading,
    MainMenu,
    Mods,
    InGame,
    GameOver,
}

/// Exploring or fighting; set from the core after each turn.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::InGame)]
pub enum Mode {
    #[default]
    Exploring,
    Combat,
}

/// Overlays sit beside the mode, so opening one never ends a fight.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::InGame)]
pub enum Overlay {
    #[default]
    None,
    Inventory,
    Help,
    Pause,
}

/// The turn phase: the world advances only between AwaitingInput and Resolving.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::InGame)]
pub enum TurnPhase {
    #[default]
    AwaitingInput,
    Resolving,
}

/// The overlays' own keys (Escape, F1, the pause menu's letters); the inventory's come after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct OverlayInput;

/// Start the run at once (`--seed` on the command line) instead of showing the menu.
#[derive(Resource, Debug, Clone, Copy)]
pub struct SkipMenu;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_sub_state::<Mode>()
        .add_sub_state::<Overlay>()
        .add_sub_state::<TurnPhase>();
    app.add_plugins((
        main_menu::plugin,
        pause::plugin,
        inventory::plugin,
        mods::plugin,
        game_over::plugin,
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
            ..default()
        },
        BackgroundColor(background),
    )
}
