//! The mouse: which tile the pointer is over (for examining and the path preview), and a
//! left click there travels to it.
use bevy::prelude::*;

use crate::app::shared::GameRes;
use bevy::window::PrimaryWindow;

use crate::map::Pos;

/// The explored tile under the mouse pointer, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hovered(pub Option<Pos>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>();
}

/// Runs first in the input set: the pointer's tile this frame (no window, no tile).
pub(super) fn hover(
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    game: Option<Res<GameRes>>,
    mut hovered: ResMut<Hovered>,
) {
    let tile = (|| {
        let game = game?;
        let cursor = windows.single().ok()?.cursor_position()?;
        let (camera, at) = cameras.single().ok()?;
        let world = camera.viewport_to_world_2d(at, cursor).ok()?;
        let p = crate::app::shared::tile_of(world, game.0.map.height());
        game.0.is_explored(p).then_some(p)
    })();
    // Only a real change marks the resource changed (the examine panel redraws on it).
    hovered.set_if_neq(Hovered(tile));
}
