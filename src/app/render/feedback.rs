//! Feedback on every blow, drawn over the map and never delaying input: damage numbers and
//! "miss" rising over the target, heals in green, the dead fading out, a flourish on a new
//! level. F2 (no animation) shows none of it.
use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::app::shared::{
    FloorEntered, GameRes, KeepAwake, RunShown, TILE, TurnResolved, world_of,
};

use super::RenderSystems;
use super::glyph::Tween;

use crate::game::{CreatureId, Event, Game};
use crate::map::Pos;

/// Text that rises and fades, then goes.
#[derive(Component, Debug, Clone, Copy)]
pub struct Floating {
    pub left: f32,
    pub total: f32,
    pub rise: f32,
}

/// A creature's picture fading out where it died.
#[derive(Component, Debug, Clone, Copy)]
pub struct Dying {
    pub left: f32,
}

pub const DYING_SECS: f32 = 0.6;
const FLOAT_SECS: f32 = 0.9;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (spawn_feedback, float, fade)
            .chain()
            .after(RenderSystems::Actors)
            .in_set(crate::app::shared::AppSystems::Present)
            .run_if(in_state(RunShown)),
    );
}

/// What one turn's events show: (where, text, colour, size), in event order.
pub fn feedback_of(
    game: &Game,
    last_pos: &BTreeMap<CreatureId, Pos>,
) -> Vec<(Pos, String, [f32; 3], f32)> {
    let at = |id: &CreatureId| {
        game.floor
            .creatures
            .get(id)
            .map(|c| c.pos)
            .or_else(|| last_pos.get(id).copied())
    };
    let mut out = Vec::new();
    for e in &game.log.last_events {
        match e {
            Event::DamageDealt {
                target,
                amount,
                critical,
                ..
            } => {
                if let Some(p) = at(target) {
                    let hero = *target == game.party.hero;
                    let colour = if hero {
                        [1.0, 0.35, 0.3]
                    } else {
                        [1.0, 0.92, 0.75]
                    };
                    let (text, size) = if *critical {
                        (format!("{amount:.0}!"), 22.0)
                    } else {
                        (format!("{amount:.0}"), 17.0)
                    };
                    out.push((p, text, colour, size));
                }
            }
            Event::AbilityUsed {
                target: Some(t),
                hit: false,
                source,
                ..
            } if t != source => {
                if let Some(p) = at(t) {
                    out.push((p, "miss".into(), [0.7, 0.72, 0.8], 15.0));
                }
            }
            // The mark of a monster that has just noticed the hero.
            Event::HeroNoticed { creature } => {
                if let Some(p) = at(creature) {
                    out.push((p, "!".into(), [1.0, 0.85, 0.2], 26.0));
                }
            }
            Event::Healed { target, amount } if *amount >= 0.5 => {
                if let Some(p) = at(target) {
                    out.push((p, format!("+{amount:.0}"), [0.4, 0.95, 0.45], 17.0));
                }
            }
            _ => {}
        }
    }
    out
}

fn spawn_feedback(
    mut commands: Commands,
    game: Res<GameRes>,
    tween: Res<Tween>,
    mut turns: MessageReader<TurnResolved>,
    mut floors: MessageReader<FloorEntered>,
    mut last_pos: Local<BTreeMap<CreatureId, Pos>>,
    mut last_level: Local<Option<u32>>,
) {
    let new_floor = floors.read().count() > 0;
    let turned = turns.read().count() > 0;
    let g = game.game();
    if new_floor {
        last_pos.clear();
    }
    if turned && tween.0 && !new_floor {
        let height = g.floor.map.height();
        // Several numbers on one tile stack upwards.
        let mut stacked: BTreeMap<Pos, f32> = BTreeMap::new();
        for (p, text, [r, gr, b], size) in feedback_of(g, &last_pos) {
            if !g.is_visible(p) {
                continue;
            }
            let k = stacked.entry(p).or_insert(0.0);
            let at = world_of(p, height) + Vec2::new(0.0, TILE * 0.35 + *k);
            *k += size;
            commands.spawn((
                Name::new("feedback"),
                Floating {
                    left: FLOAT_SECS,
                    total: FLOAT_SECS,
                    rise: TILE,
                },
                Text2d::new(text),
                TextFont::from_font_size(size),
                TextColor(Color::srgb(r, gr, b)),
                Transform::from_translation(at.extend(6.0)),
                DespawnOnExit(RunShown),
            ));
        }
        if last_level.is_some_and(|l| g.party.level > l) {
            let at = world_of(g.hero_pos(), height) + Vec2::new(0.0, TILE);
            commands.spawn((
                Name::new("level up"),
                Floating {
                    left: 1.6,
                    total: 1.6,
                    rise: TILE * 1.5,
                },
                Text2d::new(format!("Level {}!", g.party.level)),
                TextFont::from_font_size(26.0),
                TextColor(Color::srgb(1.0, 0.85, 0.3)),
                Transform::from_translation(at.extend(7.0)),
                DespawnOnExit(RunShown),
            ));
        }
    }
    *last_level = Some(g.party.level);
    if turned || new_floor {
        last_pos.clear();
        last_pos.extend(g.floor.creatures.values().map(|c| (c.id, c.pos)));
    }
}

fn float(
    mut commands: Commands,
    time: Res<Time>,
    mut awake: ResMut<KeepAwake>,
    mut texts: Query<(Entity, &mut Floating, &mut Transform, &mut TextColor)>,
) {
    let dt = time.delta_secs();
    let mut any = false;
    for (e, mut f, mut tf, mut colour) in &mut texts {
        any = true;
        f.left -= dt;
        if f.left <= 0.0 {
            commands.entity(e).despawn();
            continue;
        }
        tf.translation.y += f.rise * dt / f.total;
        // Full for the first half, then fading.
        let a = (f.left / f.total * 2.0).min(1.0);
        colour.0.set_alpha(a);
    }
    if any {
        awake.extend(time.elapsed_secs(), 0.1);
    }
}

/// A fading creature: its timer, place and picture (a sprite or a glyph).
type DyingParts = (
    Entity,
    &'static mut Dying,
    &'static mut Transform,
    Option<&'static mut Sprite>,
    Option<&'static mut TextColor>,
);

fn fade(
    mut commands: Commands,
    time: Res<Time>,
    mut awake: ResMut<KeepAwake>,
    mut dying: Query<DyingParts>,
) {
    let dt = time.delta_secs();
    let mut any = false;
    for (e, mut d, mut tf, sprite, text) in &mut dying {
        any = true;
        d.left -= dt;
        if d.left <= 0.0 {
            commands.entity(e).despawn();
            continue;
        }
        let a = d.left / DYING_SECS;
        tf.scale = Vec3::splat(0.6 + 0.4 * a);
        tf.rotation = Quat::from_rotation_z((1.0 - a) * 0.6);
        if let Some(mut s) = sprite {
            s.color = s.color.with_alpha(a);
        }
        if let Some(mut t) = text {
            t.0 = t.0.with_alpha(a);
        }
    }
    if any {
        awake.extend(time.elapsed_secs(), 0.1);
    }
}
