//! The high-contrast palette (Settings): every UI text drawn light and opaque in its own hue,
//! every panel behind text near black and opaque, and the UI text scale. Each node keeps its
//! screen's own colour, so turning it off gives the colours back.
use std::marker::PhantomData;

use bevy::ecs::component::Mutable;
use bevy::prelude::*;

use crate::app::settings::Settings;

/// A node's own colour (the screen's) and the one drawn for it under high contrast, for one
/// colour component `C`.
#[derive(Component, Debug, Clone, Copy)]
struct Own<C: Send + Sync + 'static> {
    own: Color,
    drawn: Color,
    of: PhantomData<fn() -> C>,
}

/// A colour the high-contrast palette changes, and how.
trait Contrasted: Component<Mutability = Mutable> {
    fn colour(&mut self) -> &mut Color;
    fn contrast(c: Color) -> Color;
}

impl Contrasted for TextColor {
    fn colour(&mut self) -> &mut Color {
        &mut self.0
    }
    fn contrast(c: Color) -> Color {
        contrast_text(c)
    }
}

impl Contrasted for BackgroundColor {
    fn colour(&mut self) -> &mut Color {
        &mut self.0
    }
    fn contrast(c: Color) -> Color {
        contrast_background(c)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (keep::<TextColor>, keep::<BackgroundColor>, text_scale)
            .after(crate::app::shared::AppSystems::Present),
    );
}

/// The light, opaque version of a text colour (its hue kept, so the log's kinds stay apart).
pub fn contrast_text(c: Color) -> Color {
    let h: Hsla = c.into();
    Color::Hsla(Hsla {
        lightness: h.lightness.max(0.85),
        alpha: 1.0,
        ..h
    })
}

/// The dark, opaque version of a panel's colour; a clear one stays clear, and a bright one (a
/// health bar's fill) stays as it is.
pub fn contrast_background(c: Color) -> Color {
    let h: Hsla = c.into();
    if h.alpha == 0.0 || h.lightness > 0.25 {
        return c;
    }
    Color::Hsla(Hsla {
        lightness: h.lightness.min(0.03),
        alpha: 1.0,
        ..h
    })
}

/// Draws every changed colour (every colour, when the settings change) in the palette chosen.
fn keep<C: Contrasted>(
    mut commands: Commands,
    settings: Option<Res<Settings>>,
    mut nodes: Query<(Entity, &mut C, Option<&mut Own<C>>)>,
) {
    let all = settings.as_ref().is_some_and(|s| s.is_changed());
    let on = settings.as_ref().is_some_and(|s| s.high_contrast);
    for (e, mut colour, own) in &mut nodes {
        if !all && !colour.is_changed() {
            continue;
        }
        // A colour the screen set itself since the last pass becomes the node's own.
        let now = *colour.bypass_change_detection().colour();
        let own_colour = match &own {
            Some(o) if now == o.drawn => o.own,
            _ => now,
        };
        let drawn = if on {
            C::contrast(own_colour)
        } else {
            own_colour
        };
        if now != drawn {
            *colour.colour() = drawn;
        }
        match own {
            Some(mut o) => {
                o.own = own_colour;
                o.drawn = drawn;
            }
            None if on => {
                commands.entity(e).try_insert(Own::<C> {
                    own: own_colour,
                    drawn,
                    of: PhantomData,
                });
            }
            None => {}
        }
    }
}

/// The smallest window, in the UI's own pixels, the screens are laid out for: a phone's 320
/// wide, and tall enough for the class choice's longest description.
pub const LAYOUT_MIN: Vec2 = Vec2::new(320.0, 480.0);

/// The UI scale a text size gets in a window of `window` logical pixels: the size asked for,
/// or as much of it as leaves the screens `LAYOUT_MIN` to lay out in (200 % on a phone held
/// upright would leave them 195 pixels), never below 100 %.
pub fn ui_scale_for(text_scale: f32, window: Option<Vec2>) -> f32 {
    let fits = window.map_or(f32::MAX, |w| (w / LAYOUT_MIN).min_element());
    text_scale.min(fits).max(1.0)
}

/// The UI text scale: Bevy scales the whole UI, panels with their text, so nothing clips.
fn text_scale(
    settings: Option<Res<Settings>>,
    scale: Option<ResMut<UiScale>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) {
    if let (Some(s), Some(mut scale)) = (settings, scale) {
        let size = window
            .single()
            .ok()
            .map(|w| Vec2::new(w.width(), w.height()));
        let now = ui_scale_for(s.text_scale, size);
        if scale.0 != now {
            scale.0 = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_size_gives_way_where_the_window_cannot_hold_it() {
        assert_eq!(ui_scale_for(2.0, None), 2.0);
        assert_eq!(ui_scale_for(2.0, Some(Vec2::new(1920.0, 1080.0))), 2.0);
        assert_eq!(ui_scale_for(1.5, Some(Vec2::new(640.0, 720.0))), 1.5);
        let phone = ui_scale_for(2.0, Some(Vec2::new(390.0, 844.0)));
        assert!((phone - 390.0 / 320.0).abs() < 1e-6, "{phone}");
        assert_eq!(ui_scale_for(1.25, Some(Vec2::new(320.0, 480.0))), 1.0);
        assert_eq!(ui_scale_for(1.0, Some(Vec2::new(200.0, 200.0))), 1.0);
    }

    #[test]
    fn contrast_lightens_text_and_darkens_panels_keeping_hue() {
        let grey = Color::srgb(0.6, 0.6, 0.62);
        let t: Hsla = contrast_text(grey).into();
        assert!(t.lightness >= 0.85 && t.alpha == 1.0);
        let red: Hsla = Color::srgb(1.0, 0.45, 0.4).into();
        let light: Hsla = contrast_text(Color::Hsla(red)).into();
        assert!((light.hue - red.hue).abs() < 1.0);
        let veil = Color::srgba(0.1, 0.1, 0.14, 0.7);
        let b: Hsla = contrast_background(veil).into();
        assert!(b.lightness <= 0.03 && b.alpha == 1.0);
        assert_eq!(contrast_background(Color::NONE), Color::NONE);
        let bar = Color::srgb(0.25, 0.65, 0.3);
        assert_eq!(
            contrast_background(bar),
            bar,
            "a bar's fill keeps its colour"
        );
    }
}
