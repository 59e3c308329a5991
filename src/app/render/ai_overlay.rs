//! The AI debug overlay (F3): each monster's mode letter, an arrow for its heading and an `x`
//! on its target tile, coloured by mode. Rebuilt after each turn while on; reads only.
use bevy::prelude::*;

use crate::app::shared::{GameRes, RunShown, world_of};

use super::RenderSystems;

use crate::app::ai::{AiIntents, AiOverlay};

use crate::game::AiMode;
use crate::map::{Dir, Pos};

/// Marks the overlay's own entities.
#[derive(Component)]
struct OverlayMark;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        redraw
            .in_set(RenderSystems::Actors)
            .run_if(in_state(RunShown))
            .run_if(resource_changed::<AiOverlay>.or_else(resource_changed::<AiIntents>)),
    );
}

fn mode_look(mode: AiMode) -> (&'static str, Color) {
    match mode {
        AiMode::Wander => ("W", Color::srgb(0.6, 0.6, 0.6)),
        AiMode::Chase => ("C", Color::srgb(1.0, 0.3, 0.3)),
        AiMode::Scatter => ("S", Color::srgb(0.3, 0.8, 1.0)),
        AiMode::Flee => ("F", Color::srgb(1.0, 0.8, 0.2)),
        AiMode::Frightened => ("R", Color::srgb(0.4, 0.4, 1.0)),
        AiMode::Away => ("A", Color::srgb(0.9, 0.5, 0.9)),
    }
}

fn arrow(d: Dir) -> &'static str {
    match d {
        Dir::Up => "^",
        Dir::Left => "<",
        Dir::Down => "v",
        Dir::Right => ">",
    }
}

fn redraw(
    mut commands: Commands,
    overlay: Res<AiOverlay>,
    intents: Res<AiIntents>,
    game: Res<GameRes>,
    marks: Query<Entity, With<OverlayMark>>,
) {
    for e in &marks {
        commands.entity(e).despawn();
    }
    if !overlay.0 {
        return;
    }
    let map = &game.floor.map;
    let height = map.height();
    let mut label = |text: &str, at: Pos, offset: Vec2, size: f32, color: Color| {
        if !map.in_bounds(at) {
            return;
        }
        commands.spawn((
            OverlayMark,
            Text2d::new(text),
            TextFont::from_font_size(size),
            TextColor(color),
            Transform::from_translation((world_of(at, height) + offset).extend(5.0)),
            DespawnOnExit(RunShown),
        ));
    };
    for i in &intents.0 {
        let (letter, color) = mode_look(i.mode);
        label(letter, i.pos, Vec2::new(8.0, 8.0), 12.0, color);
        label(
            arrow(i.heading),
            i.pos.offset(i.heading),
            Vec2::ZERO,
            14.0,
            color.with_alpha(0.7),
        );
        label("x", i.target, Vec2::ZERO, 16.0, color);
    }
}
