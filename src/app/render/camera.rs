//! The camera follows the hero; the wheel and +/- zoom.
use bevy::input::mouse::MouseWheel;
use bevy::prelude::*;

use crate::app::shared::{GameRes, Screen};

use super::RenderSystems;
use super::actors::Glyph;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, |mut commands: Commands| {
        commands.spawn((Name::new("Camera"), Camera2d));
    });
    app.add_systems(
        Update,
        (follow_hero, zoom)
            .chain()
            .in_set(RenderSystems::Camera)
            .run_if(in_state(Screen::InGame)),
    );
}

fn follow_hero(
    game: Option<Res<GameRes>>,
    glyphs: Query<(&Glyph, &Transform), Without<Camera2d>>,
    mut camera: Single<&mut Transform, With<Camera2d>>,
) {
    let Some(game) = game else { return };
    if let Some((_, tf)) = glyphs.iter().find(|(g, _)| g.id == game.0.hero) {
        camera.translation.x = tf.translation.x;
        camera.translation.y = tf.translation.y;
    }
}

fn zoom(
    keys: Res<ButtonInput<KeyCode>>,
    mut wheel: MessageReader<MouseWheel>,
    mut projection: Single<&mut Projection, With<Camera2d>>,
) {
    let mut steps: f32 = wheel.read().map(|w| w.y.signum()).sum();
    if keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd) {
        steps += 1.0;
    }
    if keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract) {
        steps -= 1.0;
    }
    if steps == 0.0 {
        return;
    }
    if let Projection::Orthographic(o) = &mut **projection {
        o.scale = (o.scale * 0.9f32.powf(steps)).clamp(0.3, 3.0);
    }
}
