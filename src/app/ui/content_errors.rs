//! The content errors overlay: when changed files do not load, their errors (file, line, caret,
//! suggestion) show over whatever screen is open, until a load comes out clean.
use bevy::prelude::*;

use crate::app::content::ContentErrors;
use crate::app::shared::UiSystems;

#[derive(Component)]
struct ErrorsPanel;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_errors
            .in_set(UiSystems::Overlay)
            .run_if(resource_changed::<ContentErrors>),
    );
}

/// The overlay's text for these errors.
pub fn panel_text(errors: &str) -> String {
    format!(
        "The changed files do not load; the game goes on with the content as it was.\n\
         Fix them and save: this goes away by itself (F5 reloads by hand).\n\n{errors}"
    )
}

fn show_errors(
    mut commands: Commands,
    errors: Res<ContentErrors>,
    panels: Query<Entity, With<ErrorsPanel>>,
) {
    for e in &panels {
        commands.entity(e).despawn();
    }
    let Some(text) = &errors.0 else { return };
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
        BackgroundColor(Color::srgba(0.1, 0.02, 0.03, 0.94)),
        BorderColor::all(Color::srgb(0.85, 0.3, 0.25)),
        GlobalZIndex(20),
        children![(
            Text::new(panel_text(text)),
            TextFont::from_font_size(15.0),
            TextColor(Color::srgb(1.0, 0.85, 0.8)),
        )],
    ));
}
