//! Pictures for content: the icon atlas (assets/art/, game-icons.net, CC BY 3.0) whose
//! manifest the core embeds, and mods' own PNG sprites. Presentation only: no picture enters
//! the rules or `Content::fingerprint`.
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;

/// The atlas manifest, written by scripts/fetch-art.sh next to the atlas PNG.
const MANIFEST: &str = include_str!("../../assets/art/icons.toml");

/// A sprite's file may be at most this large.
pub const MAX_SPRITE_BYTES: usize = 256 * 1024;
/// A sprite is square, this many pixels a side at least...
pub const MIN_SPRITE_SIDE: u32 = 16;
/// ...and at most.
pub const MAX_SPRITE_SIDE: u32 = 128;

/// The icon atlas: `names[i]` is drawn in tile `i`, row by row, `columns` tiles a row.
#[derive(Clone, Debug, PartialEq)]
pub struct Atlas {
    /// Pixels a side of one tile.
    pub tile: u32,
    pub columns: u32,
    pub names: Vec<String>,
    pub terrain: Terrain,
}

/// The atlas indices of the icons the renderer draws for map features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terrain {
    pub door: u32,
    pub stairs_down: u32,
    pub stairs_up: u32,
    pub treasure: u32,
    pub trap: u32,
    /// A pile of items.
    pub item: u32,
}

/// What draws a creature, item, ability or trap: its glyph (`symbol`), an atlas icon, or a
/// mod's own sprite.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Picture {
    #[default]
    Glyph,
    Icon(u32),
    Sprite(Arc<Sprite>),
}

/// A mod's PNG, decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct Sprite {
    /// Its path in the mod's folder, as the content names it.
    pub file: String,
    pub width: u32,
    pub height: u32,
    /// RGBA8, row by row.
    pub rgba: Vec<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    tile: u32,
    columns: u32,
    names: Vec<String>,
    terrain: BTreeMap<String, String>,
}

/// The embedded atlas manifest, parsed once; a broken manifest is a bug the tests catch.
pub fn atlas() -> &'static Atlas {
    static ATLAS: OnceLock<Atlas> = OnceLock::new();
    ATLAS.get_or_init(|| {
        parse_manifest(MANIFEST).unwrap_or_else(|e| panic!("assets/art/icons.toml: {e}"))
    })
}

impl Atlas {
    /// The tile of the icon called `name`.
    pub fn index(&self, name: &str) -> Option<u32> {
        self.names
            .iter()
            .position(|n| n == name)
            .and_then(|i| u32::try_from(i).ok())
    }
}

fn parse_manifest(text: &str) -> Result<Atlas, String> {
    let raw: RawManifest = toml::from_str(text).map_err(|e| e.to_string())?;
    if raw.tile == 0 || raw.columns == 0 {
        return Err("`tile` and `columns` must be above 0".into());
    }
    let mut atlas = Atlas {
        tile: raw.tile,
        columns: raw.columns,
        names: raw.names,
        terrain: Terrain {
            door: 0,
            stairs_down: 0,
            stairs_up: 0,
            treasure: 0,
            trap: 0,
            item: 0,
        },
    };
    let mut terrain = raw.terrain;
    let mut take = |key: &str| -> Result<u32, String> {
        let name = terrain
            .remove(key)
            .ok_or_else(|| format!("`[terrain]` has no `{key}`"))?;
        atlas
            .index(&name)
            .ok_or_else(|| format!("`[terrain]` `{key}` names `{name}`, which is not in `names`"))
    };
    let t = Terrain {
        door: take("door")?,
        stairs_down: take("stairs_down")?,
        stairs_up: take("stairs_up")?,
        treasure: take("treasure")?,
        trap: take("trap")?,
        item: take("item")?,
    };
    if let Some(key) = terrain.keys().next() {
        return Err(format!("`[terrain]` has an unknown key `{key}`"));
    }
    atlas.terrain = t;
    Ok(atlas)
}

/// `bytes` as a sprite: a PNG, square, 16 to 128 pixels a side, at most 256 KB; else why not.
pub fn decode_sprite(file: &str, bytes: &[u8]) -> Result<Sprite, String> {
    if bytes.len() > MAX_SPRITE_BYTES {
        return Err(format!(
            "sprite `{file}` is larger than {MAX_SPRITE_BYTES} bytes"
        ));
    }
    let not_png = |e: png::DecodingError| format!("sprite `{file}` is not a readable PNG: {e}");
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(not_png)?;
    // Sized from the header, before any pixel is decoded.
    let (width, height) = (reader.info().width, reader.info().height);
    let sides = MIN_SPRITE_SIDE..=MAX_SPRITE_SIDE;
    if width != height || !sides.contains(&width) {
        return Err(format!(
            "sprite `{file}` is {width}×{height} px: it must be square, \
             {MIN_SPRITE_SIDE} to {MAX_SPRITE_SIDE} px a side"
        ));
    }
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| format!("sprite `{file}` is too large to decode"))?;
    let mut buf = vec![0; size];
    let frame = reader.next_frame(&mut buf).map_err(not_png)?;
    buf.truncate(frame.buffer_size());
    let rgba = match frame.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buf
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        png::ColorType::Grayscale => buf.iter().flat_map(|&g| [g, g, g, 255]).collect(),
        // Expanded to RGB(A) by `normalize_to_color8`.
        png::ColorType::Indexed => {
            return Err(format!(
                "sprite `{file}`: its palette could not be expanded"
            ));
        }
    };
    Ok(Sprite {
        file: file.to_string(),
        width,
        height,
        rgba,
    })
}

/// The picture an entry's `icon` and `sprite` name, with the pack's PNG files to find the
/// sprite in; errors say which field is wrong. A sprite wins over an icon, which is still
/// checked.
pub(crate) struct Pictures<'a> {
    pack: &'a str,
    /// (path in the pack, bytes) of the pack's PNG files.
    files: Vec<(&'a str, &'a [u8])>,
    /// Sprites already decoded, so entries sharing a file share one `Arc`.
    decoded: std::cell::RefCell<BTreeMap<&'a str, Arc<Sprite>>>,
}

impl<'a> Pictures<'a> {
    pub(crate) fn new(pack: &'a str, files: Vec<(&'a str, &'a [u8])>) -> Self {
        Self {
            pack,
            files,
            decoded: Default::default(),
        }
    }

    /// Glyph when neither is given; `Err((which field, message))` otherwise.
    pub(crate) fn picture(
        &self,
        icon: Option<&str>,
        sprite: Option<&str>,
    ) -> Result<Picture, (&'static str, String)> {
        let icon = match icon {
            Some(name) => Some(icon_index(name).map_err(|m| ("icon", m))?),
            None => None,
        };
        if let Some(file) = sprite {
            return self
                .sprite(file)
                .map(Picture::Sprite)
                .map_err(|m| ("sprite", m));
        }
        Ok(icon.map_or(Picture::Glyph, Picture::Icon))
    }

    fn sprite(&self, file: &str) -> Result<Arc<Sprite>, String> {
        if let Some(s) = self.decoded.borrow().get(file) {
            return Ok(s.clone());
        }
        let Some(&(path, bytes)) = self.files.iter().find(|(p, _)| *p == file) else {
            if self.pack == "core" {
                return Err(format!(
                    "sprite `{file}`: the core pack draws with `icon`; sprites are for mods"
                ));
            }
            let hint = crate::content::diagnostics::nearest(file, self.files.iter().map(|f| f.0))
                .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
            return Err(format!(
                "sprite `{file}` is not a PNG file in this mod's folder (paths are relative \
                 to the folder holding mod.toml){hint}"
            ));
        };
        let sprite = Arc::new(decode_sprite(path, bytes)?);
        self.decoded.borrow_mut().insert(path, sprite.clone());
        Ok(sprite)
    }
}

/// The atlas tile of icon `name`, or an error with the nearest name.
fn icon_index(name: &str) -> Result<u32, String> {
    let atlas = atlas();
    atlas.index(name).ok_or_else(|| {
        let hint =
            crate::content::diagnostics::nearest(name, atlas.names.iter().map(String::as_str))
                .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
        format!("unknown icon `{name}`{hint} (MODDING.md lists the atlas's icons)")
    })
}

/// Whether a pack file is a picture (never parsed as content) rather than a content file.
pub(crate) fn is_picture_file(path: &str) -> bool {
    path.rsplit_once('.')
        .is_some_and(|(_, ext)| ext.eq_ignore_ascii_case("png"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `side`×`side` RGBA PNG of one colour.
    fn png_of(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&vec![200; (width * height * 4) as usize])
            .unwrap();
        w.finish().unwrap();
        out
    }

    #[test]
    fn the_embedded_manifest_parses_with_its_terrain() {
        let a = atlas();
        assert_eq!((a.tile, a.columns), (64, 16));
        assert!(a.names.len() <= 512 && a.names.len() > 100);
        assert_eq!(
            a.index("skeleton").map(|i| &a.names[i as usize]),
            Some(&"skeleton".to_string())
        );
        assert_eq!(a.index("no-such-icon"), None);
        let t = a.terrain;
        for i in [
            t.door,
            t.stairs_down,
            t.stairs_up,
            t.treasure,
            t.trap,
            t.item,
        ] {
            assert!((i as usize) < a.names.len());
        }
        assert_eq!(a.names[t.door as usize], "wooden-door");
    }

    #[test]
    fn a_manifest_naming_a_missing_terrain_icon_is_refused() {
        let text = "tile = 64\ncolumns = 16\nnames = [\"a\"]\n[terrain]\ndoor = \"b\"\n";
        let e = parse_manifest(text).unwrap_err();
        assert!(e.contains("`door` names `b`"), "{e}");
    }

    #[test]
    fn sprites_decode_to_rgba_and_bad_ones_say_why() {
        let s = decode_sprite("ok.png", &png_of(32, 32)).unwrap();
        assert_eq!((s.width, s.height, s.rgba.len()), (32, 32, 32 * 32 * 4));
        assert_eq!(&s.rgba[..4], &[200, 200, 200, 200]);
        let e = decode_sprite("wide.png", &png_of(32, 16)).unwrap_err();
        assert!(e.contains("32×16 px: it must be square"), "{e}");
        let e = decode_sprite("tiny.png", &png_of(8, 8)).unwrap_err();
        assert!(e.contains("16 to 128 px"), "{e}");
        let e = decode_sprite("huge.png", &png_of(256, 256)).unwrap_err();
        assert!(e.contains("16 to 128 px"), "{e}");
        let e = decode_sprite("text.png", b"not a png").unwrap_err();
        assert!(e.contains("`text.png` is not a readable PNG"), "{e}");
        let e = decode_sprite("big.png", &vec![0; MAX_SPRITE_BYTES + 1]).unwrap_err();
        assert!(e.contains("larger than 262144 bytes"), "{e}");
    }

    #[test]
    fn pictures_prefer_the_sprite_and_check_the_icon_anyway() {
        let bytes = png_of(16, 16);
        let p = Pictures::new("m", vec![("a.png", &bytes)]);
        assert_eq!(p.picture(None, None), Ok(Picture::Glyph));
        let rat = atlas().index("rat").unwrap();
        assert_eq!(p.picture(Some("rat"), None), Ok(Picture::Icon(rat)));
        assert!(matches!(
            p.picture(Some("rat"), Some("a.png")),
            Ok(Picture::Sprite(_))
        ));
        let (field, e) = p.picture(Some("skeletn"), Some("a.png")).unwrap_err();
        assert_eq!(field, "icon");
        assert!(e.contains("did you mean `skeleton`?"), "{e}");
        let (field, e) = p.picture(None, Some("b.png")).unwrap_err();
        assert_eq!(field, "sprite");
        assert!(e.contains("did you mean `a.png`?"), "{e}");
    }

    #[test]
    fn only_png_files_are_pictures() {
        assert!(is_picture_file("imp.png") && is_picture_file("art/Imp.PNG"));
        assert!(!is_picture_file("creatures.toml") && !is_picture_file("png"));
    }
}
