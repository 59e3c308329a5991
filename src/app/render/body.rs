//! The forager's body: a small glyph in its colour on each segment's tile the hero can see.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, FloorEntered, GameRes, RunShown, TurnResolved, world_of};

use super::RenderSystems;

/// One drawn segment of a forager's body; redrawn whole after each turn (bodies are short).
#[derive(Component, Debug)]
pub struct BodySegment;

/// Under the creature glyphs (z 2), over the map.
const BODY_Z: f32 = 1.5;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_bodies
            .in_set(RenderSystems::Actors)
            .run_if(in_state(RunShown)),
    );
}

fn draw_bodies(
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut turns: MessageReader<TurnResolved>,
    mut floors: MessageReader<FloorEntered>,
    drawn: Query<Entity, With<BodySegment>>,
    palette: Res<super::palette::Palette>,
) {
    let new_floor = floors.read().count() > 0;
    let turned = turns.read().count() > 0;
    if !new_floor && !turned {
        return;
    }
    for e in &drawn {
        commands.entity(e).despawn();
    }
    let g = game.game();
    let height = g.floor.map.height();
    for c in g.floor.creatures.values().filter(|c| c.is_alive()) {
        let Some(kind) = content.0.creature(&c.kind) else {
            continue;
        };
        let color = super::palette::color_of(kind.color, *palette).with_alpha(0.75);
        for seg in c.body.iter().filter(|s| g.is_visible(s.pos)) {
            commands.spawn((
                Name::new("forager body"),
                BodySegment,
                Text2d::new("o"),
                TextFont::from_font_size(16.0),
                TextColor(color),
                Transform::from_translation(world_of(seg.pos, height).extend(BODY_Z)),
                DespawnOnExit(RunShown),
            ));
        }
    }
}
