//! The mouse and the touch screen: which tile the pointer is over (for examining and the path
//! preview); a left click or a tap there travels to it (a tap on an enemy in a fight attacks).
use std::collections::BTreeSet;

use bevy::input::touch::Touches;
use bevy::prelude::*;

use crate::app::shared::GameRes;
use bevy::window::PrimaryWindow;

use crate::map::Pos;

/// The explored tile under the mouse pointer, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hovered(pub Option<Pos>);

/// The explored tile a finger tapped this frame, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tapped(pub Option<Pos>);

/// Touches that began on a button (the touch bar): their release is not a tap on the map.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct TouchesOnUi(pub BTreeSet<u64>);

impl TouchesOnUi {
    /// The fingers that went down this frame went down on the UI (a button, a list row, a
    /// drawer): lifting them is not a tap on the map.
    pub fn claim(&mut self, touches: Option<&Touches>) {
        if let Some(t) = touches {
            self.0.extend(t.iter_just_pressed().map(|t| t.id()));
        }
    }
}

/// How far (logical pixels) a finger may slide and still tap; farther is a drag.
pub(in crate::app::turn) const TAP_SLOP: f32 = 16.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .init_resource::<Tapped>()
        .init_resource::<TouchesOnUi>();
}

/// The map tile at a window position (logical pixels), if the hero has explored it.
pub(in crate::app::turn) fn tile_at(
    at: Vec2,
    cameras: &Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    game: &GameRes,
) -> Option<Pos> {
    let (camera, transform) = cameras.single().ok()?;
    let world = camera.viewport_to_world_2d(transform, at).ok()?;
    let p = crate::app::shared::tile_of(world, game.floor.map.height());
    game.is_explored(p).then_some(p)
}

/// Runs after `hover`: a finger lifted near where it went down, on the map, is a tap there.
pub(in crate::app::turn) fn tap(
    touches: Option<Res<Touches>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    game: Res<GameRes>,
    mut tapped: ResMut<Tapped>,
    mut on_ui: ResMut<TouchesOnUi>,
) {
    tapped.0 = None;
    let Some(touches) = touches else {
        return;
    };
    for t in touches.iter_just_released() {
        let on_button = on_ui.0.remove(&t.id());
        if !on_button && t.distance().length() <= TAP_SLOP {
            tapped.0 = tile_at(t.position(), &cameras, &game).or(tapped.0);
        }
    }
    for t in touches.iter_just_canceled() {
        on_ui.0.remove(&t.id());
    }
}

/// Runs first in the input set: the pointer's tile this frame (no window, no tile).
pub(in crate::app::turn) fn hover(
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    game: Res<GameRes>,
    mut hovered: ResMut<Hovered>,
) {
    let tile = (|| {
        let cursor = windows.single().ok()?.cursor_position()?;
        tile_at(cursor, &cameras, &game)
    })();
    // Only a real change marks the resource changed (the examine panel redraws on it).
    hovered.set_if_neq(Hovered(tile));
}
