//! The pause overlay: Escape opens it; resume, or return to the main menu.
use bevy::prelude::*;

use super::{Overlay, Screen};
use crate::app::AppSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Pause), spawn_pause);
    app.add_systems(
        Update,
        pause_input
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::InGame)),
    );
}

fn spawn_pause(mut commands: Commands) {
    commands.spawn((
        Name::new("Pause"),
        DespawnOnExit(Overlay::Pause),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: px(12),
            ..default()
        },
        GlobalZIndex(10),
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.7)),
        children![
            (Text::new("Paused"), TextFont::from_font_size(48.0)),
            (
                Text::new("Esc  resume\nM  quit to the main menu (Continue resumes the run)"),
                TextFont::from_font_size(20.0),
                TextLayout::justify(Justify::Center),
            ),
        ],
    ));
}

fn pause_input(
    keys: Res<ButtonInput<KeyCode>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut commands: Commands,
) {
    let paused = *overlay.get() == Overlay::Pause;
    if keys.just_pressed(KeyCode::Escape) {
        next_overlay.set(if paused {
            Overlay::None
        } else {
            Overlay::Pause
        });
    } else if paused && keys.just_pressed(KeyCode::KeyM) {
        commands.set_state(Screen::MainMenu);
    }
}
