//! What flies across the map: a thrown item or a monster's shot, drawn from the thrower to
//! whom it was aimed at along the line of fire, with the line itself glowing for a moment
//! behind it. It never delays input (the turn is already over when it flies); F2 (no
//! animation) shows none of it. Reads only.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, KeepAwake, RunShown, TILE, TurnResolved, world_of};

use super::RenderSystems;
use super::glyph::Tween;

use crate::content::Content;
use crate::game::{Event, Game};
use crate::grid::line;
use crate::map::Pos;

/// A missile on its way: the tiles it crosses (world positions) and how far along it is.
#[derive(Component, Debug, Clone)]
struct Flight {
    path: Vec<Vec2>,
    left: f32,
    total: f32,
}

/// A dot of a shot's line, fading.
#[derive(Component, Debug, Clone, Copy)]
struct Trail {
    left: f32,
}

/// Seconds a missile takes per tile, and how long a line stays.
const SECS_PER_TILE: f32 = 0.035;
const TRAIL_SECS: f32 = 0.7;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (launch, fly, fade)
            .chain()
            .in_set(RenderSystems::Actors)
            .run_if(in_state(RunShown)),
    );
}

/// The shots and throws of the last turn: (from, to, symbol, colour) for each ranged
/// ability used from across the map (two tiles apart or more), in event order.
pub fn flights_of(game: &Game, content: &Content) -> Vec<(Pos, Pos, char, [u8; 3])> {
    let pos = |id| game.creature(id).map(|c| c.pos);
    (game.log.last_events.iter())
        .filter_map(|e| match e {
            Event::AbilityUsed {
                source,
                ability,
                target: Some(t),
                ..
            } => {
                let def = content.ability(ability).filter(|a| a.range > 1)?;
                let (from, to) = (pos(*source)?, pos(*t)?);
                (from.chebyshev(to) > 1).then_some((from, to, def.symbol, def.color))
            }
            _ => None,
        })
        .collect()
}

fn launch(
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    tween: Res<Tween>,
    mut turns: MessageReader<TurnResolved>,
) {
    if turns.read().count() == 0 || !tween.0 {
        return;
    }
    let g = game.game();
    let height = g.floor.map.height();
    for (from, to, symbol, [r, gr, b]) in flights_of(g, &content.0) {
        // Only what the hero can see of it.
        if !g.is_visible(from) && !g.is_visible(to) {
            continue;
        }
        let tiles = line(from, to);
        let path: Vec<Vec2> = tiles.iter().map(|&p| world_of(p, height)).collect();
        let total = SECS_PER_TILE * tiles.len() as f32;
        commands.spawn((
            Name::new("Missile"),
            Flight {
                path: path.clone(),
                left: total,
                total,
            },
            Text2d::new(symbol.to_string()),
            TextFont::from_font_size(20.0),
            TextColor(Color::srgb_u8(r, gr, b)),
            Transform::from_translation(path[0].extend(5.5)),
            DespawnOnExit(RunShown),
        ));
        for p in &path[1..path.len() - 1] {
            commands.spawn((
                Name::new("Line of the shot"),
                Trail { left: TRAIL_SECS },
                Sprite::from_color(Color::srgba_u8(r, gr, b, 200), Vec2::splat(TILE * 0.18)),
                Transform::from_translation(p.extend(4.5)),
                DespawnOnExit(RunShown),
            ));
        }
    }
}

fn fly(
    mut commands: Commands,
    time: Res<Time>,
    mut awake: ResMut<KeepAwake>,
    mut flights: Query<(Entity, &mut Flight, &mut Transform)>,
) {
    let dt = time.delta_secs();
    let mut any = false;
    for (e, mut f, mut tf) in &mut flights {
        any = true;
        f.left -= dt;
        if f.left <= 0.0 || f.path.len() < 2 {
            commands.entity(e).despawn();
            continue;
        }
        // Along the tiles at an even pace: the segment it is on, and how far along it.
        let along = (1.0 - f.left / f.total) * (f.path.len() - 1) as f32;
        let i = (along.floor() as usize).min(f.path.len() - 2);
        let at = f.path[i].lerp(f.path[i + 1], along - i as f32);
        tf.translation = at.extend(tf.translation.z);
    }
    if any {
        awake.extend(time.elapsed_secs(), 0.1);
    }
}

fn fade(
    mut commands: Commands,
    time: Res<Time>,
    mut awake: ResMut<KeepAwake>,
    mut trails: Query<(Entity, &mut Trail, &mut Sprite)>,
) {
    let dt = time.delta_secs();
    let mut any = false;
    for (e, mut t, mut sprite) in &mut trails {
        any = true;
        t.left -= dt;
        if t.left <= 0.0 {
            commands.entity(e).despawn();
            continue;
        }
        sprite.color = sprite.color.with_alpha(t.left / TRAIL_SECS * 0.8);
    }
    if any {
        awake.extend(time.elapsed_secs(), 0.1);
    }
}
