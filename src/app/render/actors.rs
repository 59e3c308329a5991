//! Creatures on the map: each drawn with its content picture (an atlas icon in its colour, a
//! mod's sprite) or, without one, its `symbol` glyph; they glide between tiles, lunge at what
//! they attack and flash when hit. Never delays input; F2 turns the motion off.
use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::app::shared::{
    ContentRes, FloorEntered, GameRes, KeepAwake, RunShown, TILE, TurnResolved, world_of,
};

use super::RenderSystems;
use super::glyph::{Glyph, Tween};
use super::picture::{PictureNode, Pictures, spawn_figure};

use crate::game::{CreatureId, Event};

/// How many creatures on the map are drawn from pictures and how many from glyphs (the smoke
/// run logs it).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PictureCount {
    pub pictures: usize,
    pub glyphs: usize,
}

const TWEEN_SPEED: f32 = 18.0;
const FLASH_SECS: f32 = 0.25;
const LUNGE_SECS: f32 = 0.18;
/// A creature's picture, a little under the tile.
const SIZE: f32 = TILE * 0.9;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Tween(true));
    app.init_resource::<PictureCount>();
    app.add_systems(
        Update,
        (sync_glyphs, animate)
            .chain()
            .in_set(RenderSystems::Actors)
            .run_if(in_state(RunShown)),
    );
}

fn sync_glyphs(
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    pictures: Option<Res<Pictures>>,
    mut turns: MessageReader<TurnResolved>,
    mut floors: MessageReader<FloorEntered>,
    mut glyphs: Query<(Entity, &mut Glyph, &mut Transform, &mut Visibility)>,
    palette: Res<super::palette::Palette>,
    mut count: ResMut<PictureCount>,
    tween: Res<Tween>,
) {
    let new_floor = floors.read().count() > 0;
    let turned = turns.read().count() > 0;
    if !new_floor && !turned && !content.is_changed() {
        return;
    }
    let g = game.game();
    let height = g.floor.map.height();
    let hit: Vec<CreatureId> = g
        .log
        .last_events
        .iter()
        .filter_map(|e| match e {
            Event::DamageDealt { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    // Who attacked whom this turn: the attacker lunges towards its target.
    let lunges: BTreeMap<CreatureId, CreatureId> = g
        .log
        .last_events
        .iter()
        .filter_map(|e| match e {
            Event::AbilityUsed {
                source,
                target: Some(t),
                ..
            } if t != source => Some((*source, *t)),
            _ => None,
        })
        .collect();
    let mut existing: BTreeMap<CreatureId, Entity> = BTreeMap::new();
    for (e, mut glyph, mut tf, mut vis) in &mut glyphs {
        match g.floor.creatures.get(&glyph.id) {
            // A reload may change a creature's picture: draw it anew.
            Some(c) if c.is_alive() && !content.is_changed() => {
                glyph.target = world_of(c.pos, height).extend(2.0);
                if new_floor {
                    tf.translation = glyph.target;
                }
                if hit.contains(&glyph.id) {
                    glyph.flash = FLASH_SECS;
                }
                if let Some(to) = lunges.get(&glyph.id).and_then(|t| g.floor.creatures.get(t)) {
                    let d = world_of(to.pos, height) - world_of(c.pos, height);
                    glyph.lunge = LUNGE_SECS;
                    glyph.lunge_dir = d.normalize_or_zero();
                }
                *vis = if g.is_visible(c.pos) {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                existing.insert(glyph.id, e);
            }
            // Killed where the hero saw it: it fades out where it fell.
            _ if !new_floor && !content.is_changed() && tween.0 && *vis != Visibility::Hidden => {
                commands
                    .entity(e)
                    .remove::<Glyph>()
                    .insert(super::feedback::Dying {
                        left: super::feedback::DYING_SECS,
                    });
            }
            // Gone with the old floor, or to be redrawn.
            _ => commands.entity(e).despawn(),
        }
    }
    for c in g.floor.creatures.values() {
        if existing.contains_key(&c.id) || !c.is_alive() {
            continue;
        }
        let Some(kind) = content.0.creature(&c.kind) else {
            continue;
        };
        let color = super::palette::color_of(kind.color, *palette);
        let pos = world_of(c.pos, height).extend(2.0);
        let pic = pictures
            .as_deref()
            .map_or(PictureNode::Glyph(kind.symbol), |p| {
                p.creature(&content.0, &c.kind)
            });
        let glyph = Glyph {
            id: c.id,
            target: pos,
            flash: 0.0,
            lunge: 0.0,
            lunge_dir: Vec2::ZERO,
            color,
            rgb: kind.color,
            pictured: pic.is_picture(),
        };
        let common = (
            Name::new(kind.name.clone()),
            glyph,
            Transform::from_translation(pos),
            if g.is_visible(c.pos) {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            },
            DespawnOnExit(RunShown),
        );
        spawn_figure(
            &mut commands,
            pictures.as_deref(),
            pic,
            kind.symbol,
            color,
            SIZE,
            common,
        );
    }
    // Count what the map draws now, for the smoke log.
    let mut n = PictureCount::default();
    for c in g.floor.creatures.values().filter(|c| c.is_alive()) {
        let pictured = pictures
            .as_deref()
            .is_some_and(|p| p.creature(&content.0, &c.kind).is_picture());
        if pictured {
            n.pictures += 1;
        } else {
            n.glyphs += 1;
        }
    }
    *count = n;
}

/// The colour a creature is drawn in now: its own, or the hit flash.
fn drawn_colour(glyph: &Glyph) -> Color {
    if glyph.flash > 0.0 {
        Color::srgb(1.0, 0.25, 0.2)
    } else {
        glyph.color
    }
}

fn animate(
    time: Res<Time>,
    tween: Res<Tween>,
    mut awake: ResMut<KeepAwake>,
    mut glyphs: Query<(
        &mut Glyph,
        &mut Transform,
        Option<&mut TextColor>,
        Option<&mut Sprite>,
    )>,
) {
    let dt = time.delta_secs();
    let k = (dt * TWEEN_SPEED).min(1.0);
    let mut moving = false;
    for (mut glyph, mut tf, text, sprite) in &mut glyphs {
        let was = (glyph.flash > 0.0, glyph.lunge > 0.0);
        glyph.flash = (glyph.flash - dt).max(0.0);
        glyph.lunge = (glyph.lunge - dt).max(0.0);
        if !tween.0 {
            glyph.flash = 0.0;
            glyph.lunge = 0.0;
        }
        // Out and back: the offset peaks halfway through the lunge.
        let out = if glyph.lunge > 0.0 {
            let phase = 1.0 - glyph.lunge / LUNGE_SECS;
            (phase * std::f32::consts::PI).sin() * TILE * 0.3
        } else {
            0.0
        };
        let goal = glyph.target + (glyph.lunge_dir * out).extend(0.0);
        if tween.0 {
            tf.translation = tf.translation.lerp(goal, k);
        } else {
            tf.translation = glyph.target;
        }
        moving |= tf.translation.distance(goal) > 0.5 || glyph.flash > 0.0 || glyph.lunge > 0.0;
        if was != (glyph.flash > 0.0, glyph.lunge > 0.0) || glyph.flash > 0.0 {
            let c = drawn_colour(&glyph);
            if let Some(mut t) = text {
                t.0 = c;
            }
            if let Some(mut s) = sprite {
                // An atlas icon takes the creature's colour; a mod's sprite keeps its own.
                s.color = match (s.texture_atlas.is_some(), glyph.flash > 0.0) {
                    (true, _) => c,
                    (false, true) => Color::srgb(1.0, 0.4, 0.4),
                    (false, false) => Color::WHITE,
                };
            }
        }
    }
    if moving {
        awake.extend(time.elapsed_secs(), 0.1);
    }
}
