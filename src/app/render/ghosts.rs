//! A race's ghosts on the map: each a translucent figure of its class with its name above,
//! drawn where the hero sees on the player's floor. Reads the race and the game only.
use bevy::prelude::*;

use crate::app::dungeon::race::RaceRes;
use crate::app::shared::{ContentRes, GameRes, RunShown, TILE, world_of};

use super::RenderSystems;
use super::picture::{PictureNode, Pictures, spawn_figure};

/// How much of a ghost shows through: enough to follow, never mistaken for a creature.
const GHOST_ALPHA: f32 = 0.45;

#[derive(Component)]
struct GhostFigure;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_ghosts
            .in_set(RenderSystems::Actors)
            .run_if(in_state(RunShown).and_then(resource_changed::<RaceRes>)),
    );
}

/// Draws the ghosts anew whenever the race moved (a turn, a floor, a new race).
fn draw_ghosts(
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    race: Res<RaceRes>,
    pictures: Option<Res<Pictures>>,
    old: Query<Entity, With<GhostFigure>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(race) = race.0.as_ref() else {
        return;
    };
    let g = game.game();
    let height = g.floor.map.height();
    for view in race.views(g.floor.depth) {
        let Some(p) = view.pos.filter(|&p| g.is_visible(p)) else {
            continue;
        };
        let kind = content.0.creature(&view.class);
        let rgb = kind.map_or([255, 255, 255], |k| k.color);
        let color = Color::srgba_u8(rgb[0], rgb[1], rgb[2], (GHOST_ALPHA * 255.0) as u8);
        let at = world_of(p, height);
        let figure = (
            Name::new(format!("ghost {}", view.name)),
            GhostFigure,
            Transform::from_translation(at.extend(1.5)),
            DespawnOnExit(RunShown),
        );
        let symbol = kind.map_or('@', |k| k.symbol);
        let pic = pictures
            .as_deref()
            .map_or(PictureNode::Glyph(symbol), |pics| {
                pics.creature(&content.0, &view.class)
            });
        spawn_figure(
            &mut commands,
            pictures.as_deref(),
            pic,
            symbol,
            color,
            TILE * 0.9,
            figure,
        );
        commands.spawn((
            Name::new("ghost name"),
            GhostFigure,
            Text2d::new(view.name.clone()),
            TextFont::from_font_size(12.0),
            TextColor(Color::srgba(0.85, 0.9, 1.0, 0.8)),
            Transform::from_translation((at + Vec2::new(0.0, TILE * 0.62)).extend(6.5)),
            DespawnOnExit(RunShown),
        ));
    }
}
