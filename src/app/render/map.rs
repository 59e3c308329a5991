//! The map layers on bevy_ecs_tilemap: terrain (lit, with remembered tiles dim and grey) and
//! features (doors, stairs, treasure, items as atlas pictures), touched only where changed.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, FloorEntered, GameRes, RunShown, TILE, TurnResolved};
use bevy_ecs_tilemap::prelude::*;

use super::RenderSystems;

use super::palette::Palette;
use super::picture::Pictures;
use super::tileset::{EAST, NORTH, SOUTH, Tileset, WEST, idx};

use crate::content::Content;
use crate::content::art::{Picture, atlas};
use crate::content::terrain::Surface;
use crate::game::{Game, HERO_SIGHT};
use crate::map::Pos;

/// Marks a tilemap layer; z orders them.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// Walls and floors from the code-drawn tileset.
    Terrain,
    /// Doors, stairs, treasure and items: pictures of the icon atlas.
    Features,
}

/// What each tile shows now, so a turn touches only the tiles whose look changed.
#[derive(Resource, Debug, Default)]
pub struct Shown {
    pub terrain: Vec<Look>,
    pub features: Vec<Look>,
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

/// Every tile the hero has not seen: the same faint rock, so the map fills the view without
/// telling what lies there.
const UNKNOWN: Look = Look {
    index: idx::WALL,
    color: [0.24, 0.23, 0.28],
    visible: true,
};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shown>();
    app.add_systems(
        Update,
        (spawn_layers, update_tiles)
            .chain()
            .in_set(RenderSystems::Map)
            .run_if(in_state(RunShown)),
    );
}

fn tile_pos(p: Pos, height: u32) -> TilePos {
    TilePos::new(p.x as u32, height - 1 - p.y as u32)
}

/// How the ground of tile `p` is drawn: its kind's surface (a kind the content lacks is rock).
fn surface(content: &Content, game: &Game, p: Pos) -> Surface {
    content
        .terrain_of(game.floor.map.get(p))
        .map_or(Surface::Wall, |k| k.surface)
}

/// Open ground the hero knows of (a wall's face towards it catches the light).
fn known_open(game: &Game, content: &Content, p: Pos) -> bool {
    game.floor.map.in_bounds(p)
        && game.is_explored(p)
        && surface(content, game, p) == Surface::Floor
}

fn rgb(c: [u8; 3]) -> [f32; 3] {
    c.map(|v| f32::from(v) / 255.0)
}

/// A fixed per-tile choice among the floor variants, seeded by the run.
fn floor_variant(game: &Game, p: Pos) -> u32 {
    let mut h = game.origin.seed
        ^ (p.x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (p.y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ u64::from(game.floor.depth).wrapping_mul(0x1656_67B1_9E37_79F9);
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 32;
    (h % u64::from(idx::FLOOR_VARIANTS)) as u32
}

/// The look of terrain tile `p`: lit by the hero's light when visible, dim and grey when
/// remembered, hidden otherwise.
pub fn terrain_look(game: &Game, content: &Content, p: Pos) -> Look {
    if !game.is_explored(p) && !game.is_visible(p) {
        return UNKNOWN;
    }
    let mut kind = content.terrain_of(game.floor.map.get(p));
    // A kind with a picture (a door, the stairs) stands on floor: its colour is the picture's.
    if kind.is_some_and(|k| k.picture != Picture::Glyph && k.surface == Surface::Floor) {
        kind = content.terrain_of(crate::map::Tile::FLOOR);
    }
    let base = kind.map_or([0.62, 0.55, 0.5], |k| rgb(k.color));
    let remembered = kind.and_then(|k| k.remembered).map(rgb);
    let index = match surface(content, game, p) {
        Surface::Wall => {
            let mut mask = 0;
            for (d, bit) in [
                (Pos::new(0, -1), NORTH),
                (Pos::new(1, 0), EAST),
                (Pos::new(0, 1), SOUTH),
                (Pos::new(-1, 0), WEST),
            ] {
                if known_open(game, content, Pos::new(p.x + d.x, p.y + d.y)) {
                    mask |= bit;
                }
            }
            idx::WALL + mask
        }
        // Doors and stairs stand on floor; their pictures are on the features layer.
        Surface::Floor => idx::FLOOR + floor_variant(game, p),
    };
    match remembered {
        Some(color) if !game.is_visible(p) => Look {
            index,
            color,
            visible: true,
        },
        _ => shade(game, p, index, base),
    }
}

/// A door, the stairs, treasure, or the top item of a pile (its picture, in the item's own
/// content colour); nothing elsewhere.
pub fn feature_look(game: &Game, content: &Content, palette: Palette, p: Pos) -> Look {
    let t = &atlas().terrain;
    // What stands on the ground: a door, the stairs, a mod's fountain.
    if let Some(kind) = content.terrain_of(game.floor.map.get(p))
        && let Picture::Icon(icon) = kind.picture
    {
        return match kind.remembered {
            Some(c) if !game.is_visible(p) && game.is_explored(p) => Look {
                index: icon,
                color: rgb(c),
                visible: true,
            },
            _ => shade(game, p, icon, rgb(kind.color)),
        };
    }
    if game.floor.treasure.contains_key(&p) {
        return shade(game, p, t.treasure, [1.0, 0.8, 0.2]);
    }
    let Some(top) = game.floor.ground.get(&p).and_then(|pile| pile.last()) else {
        return HIDDEN;
    };
    // As the hero knows it: an unknown item in its kind's icon and its look's colour.
    let look = game.look(top, content);
    let rgb = super::palette::shown(look.color, palette).map(|c| f32::from(c) / 255.0);
    let index = match look.picture {
        Picture::Icon(i) => *i,
        // A mod's own sprite is drawn by `item_sprites`.
        Picture::Sprite(_) => return HIDDEN,
        Picture::Glyph => t.item,
    };
    shade(game, p, index, rgb)
}

/// How much of the hero's light reaches a visible tile `distance` tiles away: full at the
/// hero, falling to a little under half at the edge of sight.
pub fn light_at(distance: f32) -> f32 {
    let f = (distance / HERO_SIGHT as f32).clamp(0.0, 1.0);
    1.0 - 0.6 * f.powf(1.3)
}

fn shade(game: &Game, p: Pos, index: u32, base: [f32; 3]) -> Look {
    if game.is_visible(p) {
        let hero = game.hero_pos();
        let d = (((p.x - hero.x).pow(2) + (p.y - hero.y).pow(2)) as f32).sqrt();
        let l = light_at(d);
        // Torchlight: warm near the hero, neutral at the edge.
        let warm = [1.0, 0.94 - 0.06 * (1.0 - l), 0.82 + 0.18 * (1.0 - l)];
        let color = [0, 1, 2].map(|k| quantise(base[k] * l * warm[k] * 1.35));
        Look {
            index,
            color,
            visible: true,
        }
    } else if game.is_explored(p) {
        // Remembered: mostly grey, dim, a little blue.
        let grey = 0.3 * base[0] + 0.59 * base[1] + 0.11 * base[2];
        let tint = [0.9, 0.95, 1.15];
        let color = [0, 1, 2].map(|k| quantise((grey * 0.75 + base[k] * 0.25) * 0.42 * tint[k]));
        Look {
            index,
            color,
            visible: true,
        }
    } else {
        HIDDEN
    }
}

/// Colours in steps of 1/64, so a step repaints the tiles whose light visibly changed.
fn quantise(c: f32) -> f32 {
    (c.clamp(0.0, 1.0) * 64.0).round() / 64.0
}

fn spawn_layers(
    mut commands: Commands,
    mut floors: MessageReader<FloorEntered>,
    old: Query<Entity, With<Layer>>,
    game: Res<GameRes>,
    tileset: Option<Res<Tileset>>,
    pictures: Option<Res<Pictures>>,
    mut shown: ResMut<Shown>,
) {
    if floors.read().last().is_none() {
        return;
    }
    let Some(tileset) = tileset else {
        return;
    };
    // Leaving a floor frees every tile: they are children of their layer.
    for e in &old {
        commands.entity(e).despawn();
    }
    let g = game.game();
    let size = TilemapSize::new(g.floor.map.width(), g.floor.map.height());
    shown.terrain = vec![HIDDEN; g.floor.map.len()];
    shown.features = vec![HIDDEN; g.floor.map.len()];
    // The atlas's pictures are twice the tile: that layer is drawn at half scale.
    let picture = atlas().tile as f32;
    let atlas_image = pictures.map_or_else(Handle::default, |p| p.atlas.clone());
    for layer in [Layer::Terrain, Layer::Features] {
        let map = commands.spawn_empty().id();
        let mut storage = TileStorage::empty(size);
        commands.entity(map).with_children(|p| {
            for i in 0..g.floor.map.len() {
                let pos = tile_pos(g.floor.map.pos(i), size.y);
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
        let (texture, px, transform) = match layer {
            Layer::Terrain => (tileset.0.clone(), TILE, Transform::default()),
            Layer::Features => (
                atlas_image.clone(),
                picture,
                Transform::from_xyz(0.0, 0.0, 1.0).with_scale(Vec3::splat(TILE / picture)),
            ),
        };
        let tile_size = TilemapTileSize::new(px, px);
        commands.entity(map).insert((
            TilemapBundle {
                grid_size: tile_size.into(),
                size,
                storage,
                tile_size,
                texture: TilemapTexture::Single(texture),
                transform,
                ..default()
            },
            layer,
            Name::new(format!("{layer:?} layer")),
            DespawnOnExit(RunShown),
        ));
    }
}

/// After each turn (and on a new floor, a new palette or reloaded content), touch only the
/// tiles whose look changed.
fn update_tiles(
    game: Res<GameRes>,
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
    if layers.is_empty() {
        return;
    }
    *pending_first = false;
    let g = game.game();
    let mut touched = 0;
    for (layer, storage) in &layers {
        for i in 0..g.floor.map.len() {
            let p = g.floor.map.pos(i);
            let (want, have) = match layer {
                Layer::Terrain => (terrain_look(g, &content.0, p), &mut shown.terrain[i]),
                Layer::Features => (
                    feature_look(g, &content.0, *palette, p),
                    &mut shown.features[i],
                ),
            };
            if want == *have {
                continue;
            }
            *have = want;
            let Some(e) = storage.get(&tile_pos(p, g.floor.map.height())) else {
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
