//! The window: title, default and minimum size, and its icon (the atlas's stairs down in gold
//! on a dark square, from the copy built into the binary; the desktop's only). The browser's
//! canvas fills the page.
use bevy::prelude::*;
use bevy::window::{WindowResizeConstraints, WindowResolution};

pub const TITLE: &str = "Delve";

/// The primary window's settings.
pub fn primary() -> Window {
    Window {
        title: TITLE.into(),
        name: Some("delve".into()),
        resolution: WindowResolution::new(1280, 800),
        // As small as a phone held upright (the play screen's narrow layout fits it); in the
        // browser these become the canvas's CSS minimum.
        resize_constraints: WindowResizeConstraints {
            min_width: 320.0,
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

pub(super) fn plugin(app: &mut App) {
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(Update, icon::set_icon);
    #[cfg(target_arch = "wasm32")]
    let _ = app;
}

/// The desktop window's icon (a page has its own).
#[cfg(not(target_arch = "wasm32"))]
mod icon {
    use bevy::ecs::system::NonSendMarker;
    use bevy::prelude::*;
    use bevy::window::PrimaryWindow;

    use crate::app::content::files::BUILT_IN;
    use crate::content::art::atlas;

    pub(super) const ICON: u32 = 32;

    /// The coverage of every pixel of the atlas image (the built-in copy), row by row, and its
    /// width: the grey of a mask (as the atlas is saved), else the alpha.
    fn atlas_alpha() -> Result<(Vec<u8>, u32), String> {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(BUILT_IN[0]));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
        let mut buf = vec![
            0;
            reader
                .output_buffer_size()
                .ok_or("the atlas is too large")?
        ];
        let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
        let channels = info.color_type.samples();
        let alpha = buf[..info.buffer_size()]
            .chunks(channels)
            .map(|px| {
                if channels == 1 || channels % 2 == 0 {
                    px[channels - 1]
                } else {
                    255
                }
            })
            .collect();
        Ok((alpha, info.width))
    }

    /// The icon's RGBA pixels: the stairs-down picture in gold on a dark square, each icon pixel
    /// the mean of the atlas's 2×2 (or larger) block under it.
    pub fn icon_rgba() -> Result<Vec<u8>, String> {
        let a = atlas();
        let (alpha, width) = atlas_alpha()?;
        let index = a.terrain.stairs_down;
        let (ox, oy) = ((index % a.columns) * a.tile, (index / a.columns) * a.tile);
        let step = a.tile / ICON;
        let mut px = Vec::with_capacity((ICON * ICON * 4) as usize);
        for y in 0..ICON {
            for x in 0..ICON {
                let mut sum = 0u32;
                for dy in 0..step {
                    for dx in 0..step {
                        let (sx, sy) = (ox + x * step + dx, oy + y * step + dy);
                        sum += u32::from(alpha[(sy * width + sx) as usize]);
                    }
                }
                let a = sum as f32 / (step * step * 255) as f32;
                let mix = |gold: f32, dark: f32| ((gold * a + dark * (1.0 - a)) * 255.0) as u8;
                px.extend([mix(1.0, 0.07), mix(0.82, 0.07), mix(0.3, 0.1), 255]);
            }
        }
        Ok(px)
    }

    /// The native window exists only after the first frames; try until it does, then stop.
    pub(super) fn set_icon(
        window: Query<Entity, With<PrimaryWindow>>,
        mut done: Local<bool>,
        _main_thread: NonSendMarker,
    ) {
        if *done {
            return;
        }
        let Ok(entity) = window.single() else {
            return;
        };
        bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
            let Some(native) = windows.get_window(entity) else {
                return;
            };
            match icon_rgba().and_then(|px| {
                winit::window::Icon::from_rgba(px, ICON, ICON).map_err(|e| e.to_string())
            }) {
                Ok(icon) => native.set_window_icon(Some(icon)),
                Err(e) => warn!("the window icon was refused: {e}"),
            }
            *done = true;
        });
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    #[test]
    fn the_icon_is_a_full_square_with_the_stairs_drawn_in_gold() {
        let px = super::icon::icon_rgba().unwrap();
        assert_eq!(
            px.len(),
            (super::icon::ICON * super::icon::ICON * 4) as usize
        );
        assert!(px.chunks(4).all(|p| p[3] == 255), "opaque");
        let gold = px.chunks(4).filter(|p| p[0] > 200 && p[2] < 120).count();
        let dark = px.chunks(4).filter(|p| p[0] < 40).count();
        assert!(gold > 50 && dark > 300, "{gold} gold, {dark} dark pixels");
    }
}
