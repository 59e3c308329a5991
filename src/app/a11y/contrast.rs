//! The high-contrast palette (Settings): every UI text drawn light and opaque in its own hue,
//! every panel behind text near black and opaque, and the UI text scale. Each node keeps its
//! screen's own colour, so turning it off gives the colours back.
use bevy::prelude::*;

use crate::app::settings::Settings;

/// A node's own colour and the one drawn for it under high contrast.
#[derive(Component, Debug, Clone, Copy)]
struct OwnText {
    own: Color,
    drawn: Color,
}

#[derive(Component, Debug, Clone, Copy)]
struct OwnBackground {
    own: Color,
    drawn: Color,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (texts, backgrounds, text_scale).after(crate::app::shared::AppSystems::Present),
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

/// The dark, opaque version of a panel's colour; a clear one stays clear.
pub fn contrast_background(c: Color) -> Color {
    let h: Hsla = c.into();
    if h.alpha == 0.0 {
        return c;
    }
    Color::Hsla(Hsla {
        lightness: h.lightness.min(0.03),
        alpha: 1.0,
        ..h
    })
}

fn high(settings: &Option<Res<Settings>>) -> bool {
    settings.as_ref().is_some_and(|s| s.high_contrast)
}

fn texts(
    mut commands: Commands,
    settings: Option<Res<Settings>>,
    mut nodes: Query<(Entity, &mut TextColor, Option<&mut OwnText>)>,
) {
    let all = settings.as_ref().is_some_and(|s| s.is_changed());
    let on = high(&settings);
    for (e, mut colour, own) in &mut nodes {
        if !all && !colour.is_changed() {
            continue;
        }
        // A colour the screen set itself since the last pass becomes the node's own.
        let own_colour = match &own {
            Some(o) if colour.0 == o.drawn => o.own,
            _ => colour.0,
        };
        let drawn = if on {
            contrast_text(own_colour)
        } else {
            own_colour
        };
        if colour.0 != drawn {
            colour.0 = drawn;
        }
        match own {
            Some(mut o) => {
                o.own = own_colour;
                o.drawn = drawn;
            }
            None if on => {
                commands.entity(e).try_insert(OwnText {
                    own: own_colour,
                    drawn,
                });
            }
            None => {}
        }
    }
}

fn backgrounds(
    mut commands: Commands,
    settings: Option<Res<Settings>>,
    mut nodes: Query<(Entity, &mut BackgroundColor, Option<&mut OwnBackground>), With<Node>>,
) {
    let all = settings.as_ref().is_some_and(|s| s.is_changed());
    let on = high(&settings);
    for (e, mut colour, own) in &mut nodes {
        if !all && !colour.is_changed() {
            continue;
        }
        let own_colour = match &own {
            Some(o) if colour.0 == o.drawn => o.own,
            _ => colour.0,
        };
        let drawn = if on {
            contrast_background(own_colour)
        } else {
            own_colour
        };
        if colour.0 != drawn {
            colour.0 = drawn;
        }
        match own {
            Some(mut o) => {
                o.own = own_colour;
                o.drawn = drawn;
            }
            None if on => {
                commands.entity(e).try_insert(OwnBackground {
                    own: own_colour,
                    drawn,
                });
            }
            None => {}
        }
    }
}

/// The UI text scale: Bevy scales the whole UI, panels with their text, so nothing clips.
fn text_scale(settings: Option<Res<Settings>>, scale: Option<ResMut<UiScale>>) {
    if let (Some(s), Some(mut scale)) = (settings, scale)
        && s.is_changed()
        && scale.0 != s.text_scale
    {
        scale.0 = s.text_scale;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
