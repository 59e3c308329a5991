//! The look cursor drawn: a bright frame around the tile it points at, over the creatures and
//! under the floating numbers; aiming a throw, the line of fire to it as dots, the creature it
//! would meet first framed in orange and a tile that stops it in red. Redrawn when the cursor
//! moves or a turn passes; reads only.
use bevy::prelude::*;

use crate::app::shared::{GameRes, RunShown, TILE, world_of};
use crate::app::turn::LookCursor;

use super::RenderSystems;

/// Marks the cursor's sprites.
#[derive(Component)]
struct CursorMark;

/// A warm yellow that stands out on floor, wall, water and grass alike.
const FRAME: Color = Color::srgba(1.0, 0.88, 0.25, 0.95);
/// The creature a throw would meet first.
const STRUCK: Color = Color::srgba(1.0, 0.55, 0.15, 0.95);
/// What stops the throw on its way.
const BLOCKED: Color = Color::srgba(1.0, 0.2, 0.2, 0.95);
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
    marks: Query<Entity, With<CursorMark>>,
    mut commands: Commands,
) {
    // Drawn anew when the cursor moves or the game changes under it; taken away once.
    let redraw = cursor
        .as_ref()
        .is_some_and(|c| c.is_changed() || game.is_changed());
    let stale = cursor.is_none() && !marks.is_empty();
    if !redraw && !stale {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let Some(cursor) = cursor else {
        return;
    };
    let g = game.game();
    let height = g.floor.map.height();
    if cursor.throwing.is_some() && !g.in_combat() {
        let line = g.line_of_fire(g.hero_pos(), cursor.at);
        let first = (line.first_creature())
            .and_then(|id| g.creature(id))
            .map(|c| c.pos);
        if let Some(p) = first.filter(|&p| p != cursor.at) {
            frame(&mut commands, world_of(p, height), STRUCK);
        }
        if let Some(p) = line.blocked_at {
            frame(&mut commands, world_of(p, height), BLOCKED);
        }
        for &p in line
            .path
            .iter()
            .filter(|&&p| p != cursor.at && Some(p) != first)
        {
            commands.spawn((
                Name::new("Line of fire"),
                CursorMark,
                Sprite::from_color(FRAME, Vec2::splat(TILE * 0.22)),
                Transform::from_translation(world_of(p, height).extend(Z)),
                DespawnOnExit(RunShown),
            ));
        }
    }
    frame(&mut commands, world_of(cursor.at, height), FRAME);
}

/// A frame of `colour` around the tile whose centre is `at`.
fn frame(commands: &mut Commands, at: Vec2, colour: Color) {
    let half = (TILE - EDGE) / 2.0;
    for (offset, size) in [
        (Vec2::new(0.0, half), Vec2::new(TILE, EDGE)),
        (Vec2::new(0.0, -half), Vec2::new(TILE, EDGE)),
        (Vec2::new(-half, 0.0), Vec2::new(EDGE, TILE)),
        (Vec2::new(half, 0.0), Vec2::new(EDGE, TILE)),
    ] {
        commands.spawn((
            Name::new("Look cursor"),
            CursorMark,
            Sprite::from_color(colour, size),
            Transform::from_translation((at + offset).extend(Z)),
            DespawnOnExit(RunShown),
        ));
    }
}
