//! Items whose content names a mod's own sprite, drawn as that picture on their tile (the
//! features layer draws atlas pictures only), lit when seen and dim when remembered.
use bevy::prelude::*;

use crate::app::shared::{
    ContentRes, FloorEntered, GameRes, RunShown, TILE, TurnResolved, world_of,
};

use super::RenderSystems;
use super::picture::{PictureNode, Pictures};

/// One drawn item sprite; all are redrawn after each turn (piles are few).
#[derive(Component, Debug)]
pub struct ItemSprite;

/// Over the features layer (z 1), under the forager's body and the creatures.
const ITEM_Z: f32 = 1.2;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_item_sprites
            .in_set(RenderSystems::Actors)
            .run_if(in_state(RunShown)),
    );
}

fn draw_item_sprites(
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    pictures: Option<Res<Pictures>>,
    mut turns: MessageReader<TurnResolved>,
    mut floors: MessageReader<FloorEntered>,
    drawn: Query<Entity, With<ItemSprite>>,
) {
    let new_floor = floors.read().count() > 0;
    let turned = turns.read().count() > 0;
    if !new_floor && !turned && !content.is_changed() {
        return;
    }
    for e in &drawn {
        commands.entity(e).despawn();
    }
    let Some(pictures) = pictures else {
        return;
    };
    let g = game.game();
    for (&p, pile) in &g.floor.ground {
        let Some(top) = pile.last() else { continue };
        let look = g.look(top, &content.0);
        let PictureNode::Image(image) = pictures.item_look(top, &look) else {
            continue;
        };
        if !g.is_explored(p) && !g.is_visible(p) {
            continue;
        }
        let shade = if g.is_visible(p) { 1.0 } else { 0.45 };
        commands.spawn((
            Name::new("item sprite"),
            ItemSprite,
            Sprite {
                image,
                color: Color::srgb(shade, shade, shade),
                custom_size: Some(Vec2::splat(TILE * 0.8)),
                ..default()
            },
            Transform::from_translation(world_of(p, g.floor.map.height()).extend(ITEM_Z)),
            DespawnOnExit(RunShown),
        ));
    }
}
