//! The terrain tileset, drawn in code at start-up in grey levels that `TileColor` tints and
//! lights: walls as dressed stone whose faces towards open ground catch the light (one tile per
//! set of open neighbours, so rooms and corridors read at a glance), and floors as flagstones
//! in a few variants. Doors, stairs, treasure and items are pictures of the icon atlas.
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;

use crate::app::shared::TILE;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Tileset indices.
pub mod idx {
    /// `FLOOR + v` for the floor variants `v < FLOOR_VARIANTS`.
    pub const FLOOR: u32 = 0;
    pub const FLOOR_VARIANTS: u32 = 4;
    /// `WALL + mask`, where the mask's bits say which neighbour is open ground: 1 north,
    /// 2 east, 4 south, 8 west (0: rock with no open side).
    pub const WALL: u32 = FLOOR + FLOOR_VARIANTS;
    pub const BLANK: u32 = WALL + 16;
    pub const COUNT: u32 = BLANK + 1;
}

pub const NORTH: u32 = 1;
pub const EAST: u32 = 2;
pub const SOUTH: u32 = 4;
pub const WEST: u32 = 8;

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
                if let Some(v) = grey(i, x as i32, y as i32, t as i32) {
                    let _ = img.set_color_at(i * t + x, y, Color::srgb(v, v, v));
                }
            }
        }
    }
    commands.insert_resource(Tileset(images.add(img)));
}

/// A small fixed hash of a pixel, for stone grain (the same picture on every run).
fn grain(i: u32, x: i32, y: i32) -> f32 {
    let mut h = (i.wrapping_mul(0x9E37_79B9))
        ^ (x as u32).wrapping_mul(0x85EB_CA6B)
        ^ (y as u32).wrapping_mul(0xC2B2_AE35);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    (h & 0xFF) as f32 / 255.0
}

/// The grey level of pixel (x, y) of tile `i` drawn `t` pixels wide (y down), or `None` for
/// transparent.
pub fn grey(i: u32, x: i32, y: i32, t: i32) -> Option<f32> {
    if i == idx::BLANK {
        return None;
    }
    let noise = grain(i, x, y);
    if i < idx::WALL {
        // Flagstones: two or four slabs by variant, grout a little darker, a crack in one.
        let v = i - idx::FLOOR;
        let half = t / 2;
        let grout = x == 0 || y == 0 || (v % 2 == 1 && (x == half || y == half));
        let crack = v == 3 && (x - y).abs() <= 0 && (6..t - 8).contains(&x);
        let base = 0.78 + (noise - 0.5) * 0.08;
        return Some(if grout || crack { base * 0.72 } else { base });
    }
    let mask = (i - idx::WALL) as i32;
    if mask == 0 {
        // Rock with no open side: dark, rough, no masonry.
        return Some(0.42 + (noise - 0.5) * 0.1);
    }
    // Dressed stone: courses of 8 px, joints offset every other course.
    let course = y / 8;
    let offset = if course % 2 == 0 { 0 } else { t / 4 };
    let joint = y % 8 == 7 || (x + offset) % (t / 2) == 0;
    let mut v = if joint {
        0.5
    } else {
        0.86 + (noise - 0.5) * 0.1
    };
    // Faces towards open ground catch the light; the edge itself is a bright rim.
    let rim = 3;
    let lit = [
        (NORTH as i32, y < rim),
        (SOUTH as i32, y >= t - rim),
        (WEST as i32, x < rim),
        (EAST as i32, x >= t - rim),
    ];
    for (bit, near) in lit {
        if mask & bit != 0 && near {
            v = (v + 0.25).min(1.0);
        }
    }
    // The sides against more rock fall into shade.
    let shade = [
        (NORTH as i32, y),
        (SOUTH as i32, t - 1 - y),
        (WEST as i32, x),
        (EAST as i32, t - 1 - x),
    ];
    for (bit, dist) in shade {
        if mask & bit == 0 && dist < 4 {
            v *= 0.8 + 0.05 * dist as f32;
        }
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mean(i: u32) -> f32 {
        let t = TILE as i32;
        let mut sum = 0.0;
        for y in 0..t {
            for x in 0..t {
                sum += grey(i, x, y, t).unwrap_or(0.0);
            }
        }
        sum / (t * t) as f32
    }

    #[test]
    fn walls_facing_open_ground_are_brighter_than_rock_and_floors_vary() {
        let rock = mean(idx::WALL);
        let facing_south = mean(idx::WALL + SOUTH);
        assert!(facing_south > rock + 0.1, "{facing_south} vs rock {rock}");
        // The lit rim is on the open side.
        let t = TILE as i32;
        let rim = grey(idx::WALL + SOUTH, 5, t - 1, t).unwrap();
        let back = grey(idx::WALL + SOUTH, 5, 1, t).unwrap();
        assert!(rim > back, "rim {rim} back {back}");
        let floors: Vec<f32> = (0..idx::FLOOR_VARIANTS)
            .map(|v| mean(idx::FLOOR + v))
            .collect();
        assert!(floors.windows(2).any(|w| w[0] != w[1]), "{floors:?}");
        assert_eq!(grey(idx::BLANK, 3, 3, t), None);
    }
}
