//! The tile atlas, drawn in code at start-up: white shapes that `TileColor` tints.
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;

use crate::app::shared::TILE;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Atlas indices.
pub mod idx {
    pub const WALL: u32 = 0;
    pub const FLOOR: u32 = 1;
    pub const DOOR: u32 = 2;
    pub const STAIRS_UP: u32 = 3;
    pub const STAIRS_DOWN: u32 = 4;
    pub const TREASURE: u32 = 5;
    pub const TRAP: u32 = 6;
    pub const BLANK: u32 = 7;
    /// Something lying on the floor, tinted with the item's own colour.
    pub const ITEM: u32 = 8;
    pub const COUNT: u32 = 9;
}

#[derive(Resource, Debug, Clone)]
pub struct Tileset(pub Handle<Image>);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_tileset);
}

fn make_tileset(mut images: ResMut<Assets<Image>>, mut commands: Commands) {
    let t = TILE as u32;
    let mut img = Image::new_fill(
        Extent3d {
            width: t * idx::COUNT,
            height: t,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        &[0, 0, 0, 0],
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::MAIN_WORLD | RenderAssetUsages::RENDER_WORLD,
    );
    for i in 0..idx::COUNT {
        for y in 0..t {
            for x in 0..t {
                if let Some(a) = icon_alpha(i, x as i32, y as i32, t as i32) {
                    let _ = img.set_color_at(i * t + x, y, Color::srgba(1.0, 1.0, 1.0, a));
                }
            }
        }
    }
    commands.insert_resource(Tileset(images.add(img)));
}

/// The alpha of pixel (x, y) of tile `i` drawn `t` pixels wide, or `None` for transparent
/// (the window icon draws a tile too).
pub fn icon_alpha(i: u32, x: i32, y: i32, t: i32) -> Option<f32> {
    let c = t / 2;
    let edge = x == 0 || y == 0 || x == t - 1 || y == t - 1;
    match i {
        // A stone block with a darker rim, so walls read as separate blocks.
        idx::WALL => Some(if edge { 0.55 } else { 1.0 }),
        idx::FLOOR => ((x - c).abs() <= 1 && (y - c).abs() <= 1).then_some(0.8),
        idx::DOOR => (edge || x == c).then_some(1.0),
        idx::STAIRS_UP | idx::STAIRS_DOWN => {
            // Steps: three bars that shorten towards the top (up) or the bottom (down).
            let step = (y - 3) / 6;
            let width = if i == idx::STAIRS_UP {
                6 + step * 5
            } else {
                21 - step * 5
            };
            ((y - 3) % 6 < 3 && (0..3).contains(&step) && (x - 2) < width && x >= 2).then_some(1.0)
        }
        idx::TREASURE => ((x - c).abs() + (y - c).abs() <= t / 4).then_some(1.0),
        idx::TRAP => ((x - y).abs() <= 1 || (x + y - (t - 1)).abs() <= 1)
            .then_some(0.9)
            .filter(|_| (3..t - 3).contains(&x)),
        // A tied sack: a round body below a small knot.
        idx::ITEM => {
            let (dx, dy) = (x - c, y - (c + t / 8));
            let body = dx * dx + dy * dy <= (t / 4) * (t / 4);
            let knot = (y - (c - t / 4)).abs() <= 1 && dx.abs() <= t / 10 + 1;
            (body || knot).then_some(1.0)
        }
        _ => None,
    }
}
