//! The window: title, default and minimum size, and an icon the game draws itself (the
//! stairs-down tile in gold), so no image file has to ship. The browser's canvas fills the page.
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResizeConstraints, WindowResolution};

use crate::app::render::tileset::{icon_alpha, idx};

pub const TITLE: &str = "Delve";
const ICON: u32 = 32;

/// The primary window's settings.
pub fn primary() -> Window {
    Window {
        title: TITLE.into(),
        name: Some("delve".into()),
        resolution: WindowResolution::new(1280, 800),
        resize_constraints: WindowResizeConstraints {
            min_width: 800.0,
            min_height: 480.0,
            ..default()
        },
        resizable: true,
        canvas: Some("#bevy".into()),
        fit_canvas_to_parent: true,
        prevent_default_event_handling: true,
        ..default()
    }
}

/// The icon's RGBA pixels: gold steps on a dark square.
pub fn icon_rgba() -> Vec<u8> {
    let mut px = Vec::with_capacity((ICON * ICON * 4) as usize);
    for y in 0..ICON as i32 {
        for x in 0..ICON as i32 {
            let a = icon_alpha(idx::STAIRS_DOWN, x, y, ICON as i32).unwrap_or(0.0);
            let mix = |gold: f32, dark: f32| ((gold * a + dark * (1.0 - a)) * 255.0) as u8;
            px.extend([mix(1.0, 0.07), mix(0.82, 0.07), mix(0.3, 0.1), 255]);
        }
    }
    px
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, set_icon);
}

/// The native window exists only after the first frames; try until it does, then stop.
fn set_icon(
    window: Query<Entity, With<PrimaryWindow>>,
    mut done: Local<bool>,
    _main_thread: NonSendMarker,
) {
    if *done || cfg!(target_arch = "wasm32") {
        return;
    }
    let Ok(entity) = window.single() else {
        return;
    };
    bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
        let Some(native) = windows.get_window(entity) else {
            return;
        };
        match winit::window::Icon::from_rgba(icon_rgba(), ICON, ICON) {
            Ok(icon) => native.set_window_icon(Some(icon)),
            Err(e) => warn!("the window icon was refused: {e}"),
        }
        *done = true;
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_icon_is_a_full_square_with_the_stairs_drawn_in_gold() {
        let px = super::icon_rgba();
        assert_eq!(px.len(), (super::ICON * super::ICON * 4) as usize);
        assert!(px.chunks(4).all(|p| p[3] == 255), "opaque");
        let gold = px.chunks(4).filter(|p| p[0] > 200 && p[2] < 120).count();
        let dark = px.chunks(4).filter(|p| p[0] < 40).count();
        assert!(gold > 50 && dark > 300, "{gold} gold, {dark} dark pixels");
    }
}
