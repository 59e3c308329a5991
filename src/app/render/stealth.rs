//! The stealth range drawn (U): a tint over every tile from which a monster could notice the
//! hero this turn, the tiles the hero sees within the stealth range as the last turn played
//! it. Redrawn when the game or the setting changes; reads only.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, RunShown, TILE, world_of};

use super::RenderSystems;

use crate::game::Game;
use crate::map::Pos;

/// Whether the tint is drawn: the settings' `stealth_range`, which they set here.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StealthRangeShown(pub bool);

impl Default for StealthRangeShown {
    fn default() -> Self {
        Self(true)
    }
}

/// Marks the tint's own sprites.
#[derive(Component)]
struct StealthMark;

/// Its colour: a warm veil light enough to keep the floor readable under it.
const TINT: Color = Color::srgba(1.0, 0.75, 0.3, 0.13);
/// Between the map's feature layer (1) and the creatures (2).
const Z: f32 = 1.5;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StealthRangeShown>();
    app.add_systems(
        Update,
        redraw
            .in_set(RenderSystems::Actors)
            .run_if(in_state(RunShown))
            .run_if(
                resource_exists_and_changed::<GameRes>
                    .or_else(resource_changed::<StealthRangeShown>),
            ),
    );
}

/// The tiles the tint covers: those the hero sees within `range` (Euclidean, as the monsters
/// measure it).
pub fn stealth_tiles(game: &Game, range: f64) -> Vec<Pos> {
    let at = game.hero_pos();
    let r = range.floor() as i32;
    let r2 = range * range;
    let mut tiles = Vec::new();
    for y in at.y - r..=at.y + r {
        for x in at.x - r..=at.x + r {
            let p = Pos::new(x, y);
            if (p.dist2(at) as f64) <= r2 && game.is_visible(p) && game.floor.map.can_stand(p) {
                tiles.push(p);
            }
        }
    }
    tiles
}

fn redraw(
    mut commands: Commands,
    shown: Res<StealthRangeShown>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    marks: Query<Entity, With<StealthMark>>,
) {
    for e in &marks {
        commands.entity(e).despawn();
    }
    let game = game.game();
    if !shown.0 || game.is_over() {
        return;
    }
    let height = game.floor.map.height();
    for p in stealth_tiles(game, game.last_stealth_range(&content.0)) {
        commands.spawn((
            StealthMark,
            Sprite::from_color(TINT, Vec2::splat(TILE)),
            Transform::from_translation(world_of(p, height).extend(Z)),
            DespawnOnExit(RunShown),
        ));
    }
}
