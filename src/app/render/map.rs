//! The map layers on bevy_ecs_tilemap: terrain (with fog) and items, touched only where changed.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, FloorEntered, GameRes, Screen, TILE, TurnResolved};
use bevy_ecs_tilemap::prelude::*;

use super::RenderSystems;

use super::palette::Palette;
use super::tileset::{Tileset, idx};

use crate::content::Content;
use crate::game::Game;
use crate::map::{Pos, Tile};

/// Marks a tilemap layer; z orders them.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    Terrain,
    Items,
}

/// What each tile shows now, so a turn touches only the tiles whose look changed.
#[derive(Resource, Debug, Default)]
pub struct Shown {
    pub terrain: Vec<Look>,
    pub items: Vec<Look>,
    /// Tile entities touched by the last update (for the proportionality test).
    pub touched: usize,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    pub index: u32,
    pub color: [f32; 3],
    pub visible: bool,
}

const HIDDEN: Look = Look {
    index: idx::BLANK,
    color: [0.0; 3],
    visible: false,
};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shown>();
    app.add_systems(
        Update,
        (spawn_layers, update_tiles)
            .chain()
            .in_set(RenderSystems::Map)
            .run_if(in_state(Screen::InGame)),
    );
}

fn tile_pos(p: Pos, height: u32) -> TilePos {
    TilePos::new(p.x as u32, height - 1 - p.y as u32)
}

/// The look of terrain tile `p`: lit when visible, dimmed when remembered, hidden otherwise.
pub fn terrain_look(game: &Game, p: Pos) -> Look {
    let (index, base) = match game.map.get(p) {
        Tile::Wall => (idx::WALL, [0.45, 0.42, 0.5]),
        Tile::Floor => (idx::FLOOR, [0.5, 0.5, 0.55]),
        Tile::Door => (idx::DOOR, [0.7, 0.5, 0.25]),
        Tile::StairsUp => (idx::STAIRS_UP, [0.8, 0.8, 0.9]),
        Tile::StairsDown => (idx::STAIRS_DOWN, [1.0, 0.9, 0.4]),
    };
    shade(game, p, index, base)
}

/// Treasure, or the top item of a pile in that item's own (content) colour.
pub fn item_look(game: &Game, content: &Content, palette: Palette, p: Pos) -> Look {
    if game.treasure.contains_key(&p) {
        return shade(game, p, idx::TREASURE, [1.0, 0.8, 0.2]);
    }
    let Some(top) = game.ground.get(&p).and_then(|pile| pile.last()) else {
        return HIDDEN;
    };
    let rgb = content.item(&top.item).map_or([200, 200, 200], |i| i.color);
    let rgb = super::palette::shown(rgb, palette).map(|c| f32::from(c) / 255.0);
    shade(game, p, idx::ITEM, rgb)
}

fn shade(game: &Game, p: Pos, index: u32, base: [f32; 3]) -> Look {
    if game.is_visible(p) {
        Look {
            index,
            color: base,
            visible: true,
        }
    } else if game.is_explored(p) {
        Look {
            index,
            color: base.map(|c| c * 0.35),
            visible: true,
        }
    } else {
        HIDDEN
    }
}

fn spawn_layers(
    mut commands: Commands,
    mut floors: MessageReader<FloorEntered>,
    old: Query<Entity, With<Layer>>,
    game: Option<Res<GameRes>>,
    tileset: Option<Res<Tileset>>,
    mut shown: ResMut<Shown>,
) {
    if floors.read().last().is_none() {
        return;
    }
    let (Some(game), Some(tileset)) = (game, tileset) else {
        return;
    };
    // Leaving a floor frees every tile: they are children of their layer.
    for e in &old {
        commands.entity(e).despawn();
    }
    let g = &game.0;
    let size = TilemapSize::new(g.map.width(), g.map.height());
    shown.terrain = vec![HIDDEN; g.map.len()];
    shown.items = vec![HIDDEN; g.map.len()];
    for (layer, z) in [(Layer::Terrain, 0.0), (Layer::Items, 1.0)] {
        let map = commands.spawn_empty().id();
        let mut storage = TileStorage::empty(size);
        commands.entity(map).with_children(|p| {
            for i in 0..g.map.len() {
                let pos = tile_pos(g.map.pos(i), size.y);
                let e = p
                    .spawn(TileBundle {
                        position: pos,
                        tilemap_id: TilemapId(map),
                        texture_index: TileTextureIndex(HIDDEN.index),
                        visible: TileVisible(false),
                        ..default()
                    })
                    .id();
                storage.set(&pos, e);
            }
        });
        let tile_size = TilemapTileSize::new(TILE, TILE);
        commands.entity(map).insert((
            TilemapBundle {
                grid_size: tile_size.into(),
                size,
                storage,
                tile_size,
                texture: TilemapTexture::Single(tileset.0.clone()),
                transform: Transform::from_xyz(0.0, 0.0, z),
                ..default()
            },
            layer,
            Name::new(format!("{layer:?} layer")),
            DespawnOnExit(Screen::InGame),
        ));
    }
}

/// After each turn (and on a new floor, a new palette or reloaded content), touch only the
/// tiles whose look changed.
#[allow(clippy::too_many_arguments)]
fn update_tiles(
    game: Option<Res<GameRes>>,
    content: Res<ContentRes>,
    palette: Res<Palette>,
    mut turns: MessageReader<TurnResolved>,
    layers: Query<(&Layer, &TileStorage)>,
    mut tiles: Query<(&mut TileTextureIndex, &mut TileColor, &mut TileVisible)>,
    mut shown: ResMut<Shown>,
    mut pending_first: Local<bool>,
    mut floors: MessageReader<FloorEntered>,
) {
    let turned = turns.read().count() > 0 || palette.is_changed() || content.is_changed();
    if floors.read().count() > 0 {
        // The layers spawn through commands this frame; paint them next frame.
        *pending_first = true;
        return;
    }
    if !turned && !*pending_first {
        return;
    }
    let Some(game) = game else { return };
    if layers.is_empty() {
        return;
    }
    *pending_first = false;
    let g = &game.0;
    let mut touched = 0;
    for (layer, storage) in &layers {
        for i in 0..g.map.len() {
            let p = g.map.pos(i);
            let (want, have) = match layer {
                Layer::Terrain => (terrain_look(g, p), &mut shown.terrain[i]),
                Layer::Items => (item_look(g, &content.0, *palette, p), &mut shown.items[i]),
            };
            if want == *have {
                continue;
            }
            *have = want;
            let Some(e) = storage.get(&tile_pos(p, g.map.height())) else {
                continue;
            };
            if let Ok((mut index, mut color, mut visible)) = tiles.get_mut(e) {
                index.0 = want.index;
                color.0 = Color::srgb(want.color[0], want.color[1], want.color[2]);
                visible.0 = want.visible;
                touched += 1;
            }
        }
    }
    shown.touched = touched;
}
