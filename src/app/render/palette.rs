//! The colour-blind-safe palette (F4, Settings): content colours are drawn as the nearest colour of the
//! Okabe–Ito set, which stays distinguishable with the common colour-vision deficiencies.
use bevy::prelude::*;

use super::glyph::Glyph;

/// Which colours the map draws creatures in.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub colour_blind: bool,
}

/// Okabe & Ito (2008), plus white and grey for the neutral colours content uses.
pub const SAFE: [[u8; 3]; 9] = [
    [230, 159, 0],   // orange
    [86, 180, 233],  // sky blue
    [0, 158, 115],   // bluish green
    [240, 228, 66],  // yellow
    [0, 114, 178],   // blue
    [213, 94, 0],    // vermillion
    [204, 121, 167], // reddish purple
    [230, 230, 230], // white
    [150, 150, 150], // grey
];

/// The colour a content colour is drawn in under `palette`.
pub fn shown(rgb: [u8; 3], palette: Palette) -> [u8; 3] {
    if !palette.colour_blind {
        return rgb;
    }
    let dist = |c: &[u8; 3]| {
        (0..3)
            .map(|i| (i32::from(c[i]) - i32::from(rgb[i])).pow(2))
            .sum::<i32>()
    };
    *SAFE.iter().min_by_key(|c| dist(c)).unwrap_or(&rgb)
}

pub fn color_of(rgb: [u8; 3], palette: Palette) -> Color {
    let [r, g, b] = shown(rgb, palette);
    Color::srgb_u8(r, g, b)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Palette>();
    app.add_systems(
        Update,
        // Before the actors' systems, which also write glyph colours.
        recolour
            .in_set(super::RenderSystems::Map)
            .run_if(resource_changed::<Palette>),
    );
}

/// Creatures already on the map take the new palette at once (a mod's own sprite keeps its
/// colours).
fn recolour(
    palette: Res<Palette>,
    mut glyphs: Query<(&mut Glyph, Option<&mut TextColor>, Option<&mut Sprite>)>,
) {
    for (mut glyph, text, sprite) in &mut glyphs {
        glyph.color = color_of(glyph.rgb, *palette);
        if let Some(mut t) = text {
            t.0 = glyph.color;
        }
        if let Some(mut s) = sprite
            && s.texture_atlas.is_some()
        {
            s.color = glyph.color;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn red_and_green_stay_apart_and_land_in_the_safe_set() {
        let on = Palette { colour_blind: true };
        let red = shown([220, 60, 50], on);
        let green = shown([80, 200, 90], on);
        assert_ne!(red, green);
        assert!(SAFE.contains(&red) && SAFE.contains(&green));
        assert_eq!(red, [213, 94, 0]);
        let off = Palette::default();
        assert_eq!(shown([220, 60, 50], off), [220, 60, 50]);
    }
}
