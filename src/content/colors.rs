//! Colour names: the 14 the palette tunes for the dungeon's dark ground, `gray` beside
//! `grey`, and the CSS named colours for every other name.
use super::diagnostics::nearest;

/// The names the palette tunes: these keep their values whatever CSS says of the same name.
pub const NAMED_COLORS: [(&str, [u8; 3]); 14] = [
    ("white", [230, 230, 230]),
    ("grey", [150, 150, 150]),
    ("black", [40, 40, 40]),
    ("red", [220, 60, 50]),
    ("orange", [240, 150, 40]),
    ("yellow", [240, 220, 70]),
    ("green", [80, 200, 90]),
    ("cyan", [80, 210, 220]),
    ("blue", [80, 130, 240]),
    ("purple", [170, 90, 220]),
    ("pink", [240, 130, 190]),
    ("brown", [160, 110, 60]),
    ("gold", [250, 200, 50]),
    ("bone", [225, 215, 190]),
];

/// Other spellings of tuned names: (written, tuned).
const SPELLINGS: [(&str, &str); 1] = [("gray", "grey")];

/// The CSS named colours (CSS Color Module Level 4), for the names the palette does not tune.
pub const CSS_COLORS: [(&str, [u8; 3]); 148] = [
    ("aliceblue", [240, 248, 255]),
    ("antiquewhite", [250, 235, 215]),
    ("aqua", [0, 255, 255]),
    ("aquamarine", [127, 255, 212]),
    ("azure", [240, 255, 255]),
    ("beige", [245, 245, 220]),
    ("bisque", [255, 228, 196]),
    ("black", [0, 0, 0]),
    ("blanchedalmond", [255, 235, 205]),
    ("blue", [0, 0, 255]),
    ("blueviolet", [138, 43, 226]),
    ("brown", [165, 42, 42]),
    ("burlywood", [222, 184, 135]),
    ("cadetblue", [95, 158, 160]),
    ("chartreuse", [127, 255, 0]),
    ("chocolate", [210, 105, 30]),
    ("coral", [255, 127, 80]),
    ("cornflowerblue", [100, 149, 237]),
    ("cornsilk", [255, 248, 220]),
    ("crimson", [220, 20, 60]),
    ("cyan", [0, 255, 255]),
    ("darkblue", [0, 0, 139]),
    ("darkcyan", [0, 139, 139]),
    ("darkgoldenrod", [184, 134, 11]),
    ("darkgray", [169, 169, 169]),
    ("darkgreen", [0, 100, 0]),
    ("darkgrey", [169, 169, 169]),
    ("darkkhaki", [189, 183, 107]),
    ("darkmagenta", [139, 0, 139]),
    ("darkolivegreen", [85, 107, 47]),
    ("darkorange", [255, 140, 0]),
    ("darkorchid", [153, 50, 204]),
    ("darkred", [139, 0, 0]),
    ("darksalmon", [233, 150, 122]),
    ("darkseagreen", [143, 188, 143]),
    ("darkslateblue", [72, 61, 139]),
    ("darkslategray", [47, 79, 79]),
    ("darkslategrey", [47, 79, 79]),
    ("darkturquoise", [0, 206, 209]),
    ("darkviolet", [148, 0, 211]),
    ("deeppink", [255, 20, 147]),
    ("deepskyblue", [0, 191, 255]),
    ("dimgray", [105, 105, 105]),
    ("dimgrey", [105, 105, 105]),
    ("dodgerblue", [30, 144, 255]),
    ("firebrick", [178, 34, 34]),
    ("floralwhite", [255, 250, 240]),
    ("forestgreen", [34, 139, 34]),
    ("fuchsia", [255, 0, 255]),
    ("gainsboro", [220, 220, 220]),
    ("ghostwhite", [248, 248, 255]),
    ("gold", [255, 215, 0]),
    ("goldenrod", [218, 165, 32]),
    ("gray", [128, 128, 128]),
    ("green", [0, 128, 0]),
    ("greenyellow", [173, 255, 47]),
    ("grey", [128, 128, 128]),
    ("honeydew", [240, 255, 240]),
    ("hotpink", [255, 105, 180]),
    ("indianred", [205, 92, 92]),
    ("indigo", [75, 0, 130]),
    ("ivory", [255, 255, 240]),
    ("khaki", [240, 230, 140]),
    ("lavender", [230, 230, 250]),
    ("lavenderblush", [255, 240, 245]),
    ("lawngreen", [124, 252, 0]),
    ("lemonchiffon", [255, 250, 205]),
    ("lightblue", [173, 216, 230]),
    ("lightcoral", [240, 128, 128]),
    ("lightcyan", [224, 255, 255]),
    ("lightgoldenrodyellow", [250, 250, 210]),
    ("lightgray", [211, 211, 211]),
    ("lightgreen", [144, 238, 144]),
    ("lightgrey", [211, 211, 211]),
    ("lightpink", [255, 182, 193]),
    ("lightsalmon", [255, 160, 122]),
    ("lightseagreen", [32, 178, 170]),
    ("lightskyblue", [135, 206, 250]),
    ("lightslategray", [119, 136, 153]),
    ("lightslategrey", [119, 136, 153]),
    ("lightsteelblue", [176, 196, 222]),
    ("lightyellow", [255, 255, 224]),
    ("lime", [0, 255, 0]),
    ("limegreen", [50, 205, 50]),
    ("linen", [250, 240, 230]),
    ("magenta", [255, 0, 255]),
    ("maroon", [128, 0, 0]),
    ("mediumaquamarine", [102, 205, 170]),
    ("mediumblue", [0, 0, 205]),
    ("mediumorchid", [186, 85, 211]),
    ("mediumpurple", [147, 112, 219]),
    ("mediumseagreen", [60, 179, 113]),
    ("mediumslateblue", [123, 104, 238]),
    ("mediumspringgreen", [0, 250, 154]),
    ("mediumturquoise", [72, 209, 204]),
    ("mediumvioletred", [199, 21, 133]),
    ("midnightblue", [25, 25, 112]),
    ("mintcream", [245, 255, 250]),
    ("mistyrose", [255, 228, 225]),
    ("moccasin", [255, 228, 181]),
    ("navajowhite", [255, 222, 173]),
    ("navy", [0, 0, 128]),
    ("oldlace", [253, 245, 230]),
    ("olive", [128, 128, 0]),
    ("olivedrab", [107, 142, 35]),
    ("orange", [255, 165, 0]),
    ("orangered", [255, 69, 0]),
    ("orchid", [218, 112, 214]),
    ("palegoldenrod", [238, 232, 170]),
    ("palegreen", [152, 251, 152]),
    ("paleturquoise", [175, 238, 238]),
    ("palevioletred", [219, 112, 147]),
    ("papayawhip", [255, 239, 213]),
    ("peachpuff", [255, 218, 185]),
    ("peru", [205, 133, 63]),
    ("pink", [255, 192, 203]),
    ("plum", [221, 160, 221]),
    ("powderblue", [176, 224, 230]),
    ("purple", [128, 0, 128]),
    ("rebeccapurple", [102, 51, 153]),
    ("red", [255, 0, 0]),
    ("rosybrown", [188, 143, 143]),
    ("royalblue", [65, 105, 225]),
    ("saddlebrown", [139, 69, 19]),
    ("salmon", [250, 128, 114]),
    ("sandybrown", [244, 164, 96]),
    ("seagreen", [46, 139, 87]),
    ("seashell", [255, 245, 238]),
    ("sienna", [160, 82, 45]),
    ("silver", [192, 192, 192]),
    ("skyblue", [135, 206, 235]),
    ("slateblue", [106, 90, 205]),
    ("slategray", [112, 128, 144]),
    ("slategrey", [112, 128, 144]),
    ("snow", [255, 250, 250]),
    ("springgreen", [0, 255, 127]),
    ("steelblue", [70, 130, 180]),
    ("tan", [210, 180, 140]),
    ("teal", [0, 128, 128]),
    ("thistle", [216, 191, 216]),
    ("tomato", [255, 99, 71]),
    ("turquoise", [64, 224, 208]),
    ("violet", [238, 130, 238]),
    ("wheat", [245, 222, 179]),
    ("white", [255, 255, 255]),
    ("whitesmoke", [245, 245, 245]),
    ("yellow", [255, 255, 0]),
    ("yellowgreen", [154, 205, 50]),
];

/// A colour as content writes it: `#rrggbb`, or a name (any case, as CSS reads names).
pub fn color(s: &str) -> Result<[u8; 3], String> {
    if let Some(hex) = s.strip_prefix('#')
        && hex.len() == 6
        && let Ok(v) = u32::from_str_radix(hex, 16)
    {
        return Ok([(v >> 16) as u8, (v >> 8) as u8, v as u8]);
    }
    // Compared without allocating: a content load reads thousands of colours.
    let tuned = SPELLINGS
        .iter()
        .find(|(written, _)| written.eq_ignore_ascii_case(s))
        .map_or(s, |(_, tuned)| tuned);
    if let Some((_, c)) = NAMED_COLORS
        .iter()
        .chain(&CSS_COLORS)
        .find(|(n, _)| n.eq_ignore_ascii_case(tuned))
    {
        return Ok(*c);
    }
    let known = NAMED_COLORS.iter().chain(&CSS_COLORS).map(|(n, _)| *n);
    let hint = nearest(&s.to_ascii_lowercase(), known)
        .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
    Err(format!("unknown color `{s}` (a name or #rrggbb){hint}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_spellings_of_grey_are_the_tuned_grey() {
        assert_eq!(color("gray"), Ok([150, 150, 150]));
        assert_eq!(color("grey"), color("gray"));
        assert_eq!(color("Gray"), color("grey"));
    }

    /// CSS names the palette does not tune take their CSS values; the tuned 14 keep theirs.
    #[test]
    fn css_names_fill_in_where_the_palette_does_not_tune() {
        assert_eq!(color("teal"), Ok([0, 128, 128]));
        assert_eq!(color("rebeccapurple"), Ok([102, 51, 153]));
        assert_eq!(color("darkslategray"), color("darkslategrey"));
        for (name, tuned) in NAMED_COLORS {
            assert_eq!(color(name), Ok(tuned), "{name}");
        }
        assert_eq!(color("red"), Ok([220, 60, 50]), "not CSS's pure red");
        assert_eq!(color("#0a0B0c"), Ok([10, 11, 12]));
    }

    #[test]
    fn a_misspelt_colour_is_refused_with_the_nearest_name() {
        let e = color("turquiose").unwrap_err();
        assert!(e.contains("did you mean `turquoise`"), "{e}");
        let e = color("gren").unwrap_err();
        assert!(e.contains("did you mean `green`"), "{e}");
        assert!(!color("xyzzyx").unwrap_err().contains("did you mean"));
    }
}
