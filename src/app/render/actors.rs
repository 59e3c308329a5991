//! Creature glyphs: the content's `symbol` and `color`, so new content shows without art.
use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::app::shared::{ContentRes, FloorEntered, GameRes, Screen, TurnResolved, world_of};

use super::RenderSystems;

use crate::game::{CreatureId, Event};

#[derive(Component, Debug, Clone, Copy)]
pub struct Glyph {
    pub id: CreatureId,
    /// Where the tween is heading.
    pub target: Vec3,
    /// Seconds of hit flash left.
    pub flash: f32,
    /// The colour drawn now (content colour under the palette), and the content colour.
    pub color: Color,
    pub rgb: [u8; 3],
}

/// Smooth movement between tiles; never delays input. Off snaps at once.
#[derive(Resource, Debug, Clone, Copy)]
pub struct Tween(pub bool);

const TWEEN_SPEED: f32 = 18.0;
const FLASH_SECS: f32 = 0.25;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Tween(true));
    app.add_systems(
        Update,
        toggle_tween
            .in_set(crate::app::shared::AppSystems::Input)
            .run_if(in_state(Screen::InGame)),
    );
    app.add_systems(
        Update,
        (sync_glyphs, animate)
            .chain()
            .in_set(RenderSystems::Actors)
            .run_if(in_state(Screen::InGame)),
    );
}

fn sync_glyphs(
    mut commands: Commands,
    game: Option<Res<GameRes>>,
    content: Res<ContentRes>,
    mut turns: MessageReader<TurnResolved>,
    mut floors: MessageReader<FloorEntered>,
    mut glyphs: Query<(Entity, &mut Glyph, &mut Transform, &mut Visibility)>,
    palette: Res<super::palette::Palette>,
) {
    let new_floor = floors.read().count() > 0;
    let turned = turns.read().count() > 0;
    if !new_floor && !turned {
        return;
    }
    let Some(game) = game else { return };
    let g = &game.0;
    let height = g.map.height();
    let hit: Vec<CreatureId> = g
        .last_events
        .iter()
        .filter_map(|e| match e {
            Event::DamageDealt { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    let mut existing: BTreeMap<CreatureId, Entity> = BTreeMap::new();
    for (e, mut glyph, mut tf, mut vis) in &mut glyphs {
        match g.creatures.get(&glyph.id) {
            Some(c) if c.is_alive() => {
                glyph.target = world_of(c.pos, height).extend(2.0);
                if new_floor {
                    tf.translation = glyph.target;
                }
                if hit.contains(&glyph.id) {
                    glyph.flash = FLASH_SECS;
                }
                *vis = if g.is_visible(c.pos) {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                existing.insert(glyph.id, e);
            }
            // Dead or gone with the old floor.
            _ => commands.entity(e).despawn(),
        }
    }
    for c in g.creatures.values() {
        if existing.contains_key(&c.id) || !c.is_alive() {
            continue;
        }
        let Some(kind) = content.0.creature(&c.kind) else {
            continue;
        };
        let color = super::palette::color_of(kind.color, *palette);
        let pos = world_of(c.pos, height).extend(2.0);
        commands.spawn((
            Name::new(kind.name.clone()),
            Glyph {
                id: c.id,
                target: pos,
                flash: 0.0,
                color,
                rgb: kind.color,
            },
            Text2d::new(kind.symbol.to_string()),
            TextFont::from_font_size(22.0),
            TextColor(color),
            Transform::from_translation(pos),
            if g.is_visible(c.pos) {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            },
            DespawnOnExit(Screen::InGame),
        ));
    }
}

/// F2 turns smooth movement off (glyphs jump to their tile) and on again.
fn toggle_tween(keys: Res<ButtonInput<KeyCode>>, mut tween: ResMut<Tween>) {
    if keys.just_pressed(KeyCode::F2) {
        tween.0 = !tween.0;
    }
}

fn animate(
    time: Res<Time>,
    tween: Res<Tween>,
    mut glyphs: Query<(&mut Glyph, &mut Transform, &mut TextColor)>,
) {
    let dt = time.delta_secs();
    let k = (dt * TWEEN_SPEED).min(1.0);
    for (mut glyph, mut tf, mut color) in &mut glyphs {
        if tween.0 {
            tf.translation = tf.translation.lerp(glyph.target, k);
        } else {
            tf.translation = glyph.target;
        }
        if glyph.flash > 0.0 {
            glyph.flash = (glyph.flash - dt).max(0.0);
            color.0 = if glyph.flash > 0.0 {
                Color::srgb(1.0, 0.2, 0.2)
            } else {
                glyph.color
            };
        }
    }
}
