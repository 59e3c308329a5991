//! Rendering: the terrain tileset and the icon atlas, the lit map layers, the creatures'
//! pictures, the forager's body, feedback on blows, the AI overlay, the stealth range and the
//! camera.
//! Reads only.
pub mod actors;
mod ai_overlay;
pub mod body;
mod camera;
mod feedback;
mod flight;
mod ghosts;
pub mod glyph;
pub mod item_sprites;
mod look;
pub mod map;
pub mod palette;
pub mod picture;
pub mod stealth;
pub mod tileset;

use bevy::prelude::*;
use bevy_ecs_tilemap::TilemapPlugin;

/// Rendering's own order inside `AppSystems::Present`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RenderSystems {
    Map,
    Actors,
    Camera,
}

/// The map layers alone, without the atlas image, the GPU side or the camera: headless tests
/// count and read the tile entities with it.
pub fn map_layers_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        RenderSystems::Map.in_set(crate::app::shared::AppSystems::Present),
    );
    app.init_resource::<palette::Palette>();
    app.insert_resource(tileset::Tileset(Handle::default()));
    app.add_plugins(map::plugin);
}

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            RenderSystems::Map,
            RenderSystems::Actors,
            RenderSystems::Camera,
        )
            .chain()
            .in_set(crate::app::shared::AppSystems::Present),
    );
    app.add_plugins(TilemapPlugin);
    app.insert_resource(ClearColor(Color::srgb(0.02, 0.02, 0.03)));
    app.add_plugins((
        tileset::plugin,
        map::plugin,
        actors::plugin,
        body::plugin,
        ai_overlay::plugin,
        palette::plugin,
        camera::plugin,
        feedback::plugin,
        item_sprites::plugin,
        stealth::plugin,
        ghosts::plugin,
        picture::plugin,
        look::plugin,
        flight::plugin,
    ));
}
