//! The content errors overlay: when changed files do not load, their errors (file, line, caret,
//! suggestion) show over whatever screen is open, until a load comes out clean; the Mods
//! screen shows the whole report itself, so the overlay steps aside there.
use bevy::prelude::*;

use crate::app::content::ContentErrors;
use crate::app::shared::{Screen, UiSystems};

#[derive(Component)]
struct ErrorsPanel;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_errors
            .in_set(UiSystems::Overlay)
            .run_if(resource_changed::<ContentErrors>.or_else(state_changed::<Screen>)),
    );
}

fn show_errors(
    mut commands: Commands,
    errors: Res<ContentErrors>,
    screen: Res<State<Screen>>,
    panels: Query<Entity, With<ErrorsPanel>>,
) {
    for e in &panels {
        commands.entity(e).despawn();
    }
    let Some(text) = &errors.0 else { return };
    if *screen.get() == Screen::Mods {
        return;
    }
    commands.spawn((
        Name::new("Content errors"),
        ErrorsPanel,
        Node {
            position_type: PositionType::Absolute,
            top: px(40),
            left: percent(20),
            right: percent(5),
            max_height: percent(70),
            padding: UiRect::all(px(12)),
            border: UiRect::all(px(2)),
            overflow: Overflow::clip(),
            ..default()
        },
        // Opaque: the screen under it must not show through its text.
        BackgroundColor(Color::srgb(0.1, 0.02, 0.03)),
        BorderColor::all(Color::srgb(0.85, 0.3, 0.25)),
        GlobalZIndex(20),
        children![(
            Text::new(text.clone()),
            TextFont::from_font_size(15.0),
            TextColor(Color::srgb(1.0, 0.85, 0.8)),
        )],
    ));
}
