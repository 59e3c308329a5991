//! What the map draws a creature as (its `Glyph`: whom it shows, where it glides, its flash
//! and lunge, its colour) and whether motion is on (`Tween`): shared by the creatures, the
//! palette, the feedback on blows, missiles in flight and the camera.
use bevy::prelude::*;

use crate::game::CreatureId;

/// A creature on the map.
#[derive(Component, Debug, Clone, Copy)]
pub struct Glyph {
    pub id: CreatureId,
    /// Where the tween is heading.
    pub target: Vec3,
    /// Seconds of hit flash left.
    pub flash: f32,
    /// Seconds of the attack lunge left, and towards where.
    pub lunge: f32,
    pub lunge_dir: Vec2,
    /// The colour drawn now (content colour under the palette), and the content colour.
    pub color: Color,
    pub rgb: [u8; 3],
    /// Drawn from a picture (atlas or mod sprite) rather than a glyph.
    pub pictured: bool,
}

/// Smooth movement and the other animations; off (F2, Settings) snaps at once and shows none.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tween(pub bool);
