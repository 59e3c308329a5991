//! The look cursor drawn: a bright frame around the tile it points at, over the creatures and
//! under the floating numbers. Redrawn when the cursor moves; reads only.
use bevy::prelude::*;

use crate::app::shared::{GameRes, RunShown, TILE, world_of};
use crate::app::turn::LookCursor;

use super::RenderSystems;

/// Marks the frame's sprites.
#[derive(Component)]
struct CursorFrame;

/// A warm yellow that stands out on floor, wall, water and grass alike.
const FRAME: Color = Color::srgba(1.0, 0.88, 0.25, 0.95);
/// The frame's width in pixels.
const EDGE: f32 = 3.0;
/// Above the creatures (2) and ghosts' names, below the floating numbers (6 and up).
const Z: f32 = 5.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw.in_set(RenderSystems::Actors)
            .run_if(in_state(RunShown)),
    );
}

fn draw(
    cursor: Option<Res<LookCursor>>,
    game: Res<GameRes>,
    frames: Query<Entity, With<CursorFrame>>,
    mut commands: Commands,
) {
    let moved = cursor.as_ref().is_some_and(|c| c.is_changed());
    let stale = cursor.is_none() && !frames.is_empty();
    if !moved && !stale {
        return;
    }
    for e in &frames {
        commands.entity(e).despawn();
    }
    let Some(cursor) = cursor else {
        return;
    };
    let at = world_of(cursor.0, game.map.height());
    let half = (TILE - EDGE) / 2.0;
    let edges = [
        (Vec2::new(0.0, half), Vec2::new(TILE, EDGE)),
        (Vec2::new(0.0, -half), Vec2::new(TILE, EDGE)),
        (Vec2::new(-half, 0.0), Vec2::new(EDGE, TILE)),
        (Vec2::new(half, 0.0), Vec2::new(EDGE, TILE)),
    ];
    for (offset, size) in edges {
        commands.spawn((
            Name::new("Look cursor"),
            CursorFrame,
            Sprite::from_color(FRAME, size),
            Transform::from_translation((at + offset).extend(Z)),
            DespawnOnExit(RunShown),
        ));
    }
}
