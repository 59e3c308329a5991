//! Pictures of a floor: ASCII for tests, logs and the CLI; PNG for looking at many at once.
use super::floor::Floor;
use crate::map::{Pos, Tile};

/// What stands on each tile, in the order later marks cover earlier ones.
fn marks(floor: &Floor) -> Vec<(Pos, Mark<'_>)> {
    let mut out = Vec::new();
    out.extend(floor.traps.iter().map(|&p| (p, Mark::Trap)));
    out.extend(floor.treasure.iter().map(|&(p, _)| (p, Mark::Treasure)));
    out.extend(floor.monsters.iter().map(|m| (m.pos, Mark::Monster(&m.id))));
    out.push((floor.hero, Mark::Hero));
    out
}

#[derive(Clone, Copy)]
enum Mark<'a> {
    Trap,
    Treasure,
    Monster(&'a str),
    Hero,
}

/// Rows top to bottom, each ending in `\n`: `#` wall, `.` floor, `+` door, `<` up, `>` down,
/// `@` hero (over the `<` it starts on), `$` treasure, `^` trap, `symbol(id)` for monsters.
pub fn to_ascii(floor: &Floor, symbol: &dyn Fn(&str) -> char) -> String {
    let map = &floor.map;
    let w = map.width() as usize;
    let mut grid: Vec<char> = map.tiles().iter().map(|t| t.ascii()).collect();
    for (p, mark) in marks(floor) {
        if let Some(i) = map.idx(p) {
            grid[i] = match mark {
                Mark::Trap => '^',
                Mark::Treasure => '$',
                Mark::Monster(id) => symbol(id),
                Mark::Hero => '@',
            };
        }
    }
    let mut s = String::with_capacity(grid.len() + map.height() as usize);
    if w > 0 {
        for row in grid.chunks(w) {
            s.extend(row);
            s.push('\n');
        }
    }
    s
}

const WALL: [u8; 3] = [48, 44, 58];
const FLOOR: [u8; 3] = [196, 186, 166];
const DOOR: [u8; 3] = [150, 98, 40];
const UP: [u8; 3] = [70, 150, 230];
const DOWN: [u8; 3] = [235, 120, 40];
const HERO: [u8; 3] = [255, 255, 255];
const TREASURE: [u8; 3] = [250, 210, 40];
const TRAP: [u8; 3] = [200, 30, 30];
/// Refuse pictures above this many bytes of pixels rather than exhaust memory.
const MAX_PIXEL_BYTES: u64 = 1 << 30;

/// The floor as an RGB PNG, one `cell`×`cell` square per tile, colours as in `to_ascii`'s
/// symbols (`symbol_color(id)` for monsters, `terrain_color(id)` for the content's terrain
/// kinds beyond the engine's, plain floor where it has none).
pub fn to_png(
    floor: &Floor,
    symbol_color: &dyn Fn(&str) -> [u8; 3],
    terrain_color: &dyn Fn(&str) -> Option<[u8; 3]>,
    cell: u32,
) -> Result<Vec<u8>, String> {
    let map = &floor.map;
    if cell == 0 {
        return Err("cell: must be at least 1 pixel".to_string());
    }
    let (w, h) = (map.width(), map.height());
    if w == 0 || h == 0 {
        return Err(format!("the map is {w}x{h}: nothing to draw"));
    }
    let (pw, ph) = match (w.checked_mul(cell), h.checked_mul(cell)) {
        (Some(pw), Some(ph)) if pw as u64 * ph as u64 * 3 <= MAX_PIXEL_BYTES => (pw, ph),
        _ => {
            return Err(format!(
                "{w}x{h} tiles at {cell} pixels is too large a picture"
            ));
        }
    };
    let mut colours: Vec<[u8; 3]> = map
        .tiles()
        .iter()
        .map(|&t| match t {
            Tile::WALL | Tile::SECRET_DOOR => WALL,
            Tile::DOOR | Tile::OPEN_DOOR => DOOR,
            Tile::STAIRS_UP => UP,
            Tile::STAIRS_DOWN => DOWN,
            t if usize::from(t.0) >= Tile::ENGINE.len() => (map.terrains().id(t))
                .and_then(terrain_color)
                .unwrap_or(FLOOR),
            _ => FLOOR,
        })
        .collect();
    for (p, mark) in marks(floor) {
        if let Some(i) = map.idx(p) {
            colours[i] = match mark {
                Mark::Trap => TRAP,
                Mark::Treasure => TREASURE,
                Mark::Monster(id) => symbol_color(id),
                Mark::Hero => HERO,
            };
        }
    }
    let mut pixels = Vec::with_capacity(pw as usize * ph as usize * 3);
    let mut line = Vec::with_capacity(pw as usize * 3);
    for row in colours.chunks(w as usize) {
        line.clear();
        for c in row {
            for _ in 0..cell {
                line.extend_from_slice(c);
            }
        }
        for _ in 0..cell {
            pixels.extend_from_slice(&line);
        }
    }
    encode_rgb(pw, ph, &pixels)
}

/// An 8-bit RGB PNG of `w`×`h` pixels, rows top to bottom.
pub fn encode_rgb(w: u32, h: u32, pixels: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(pixels).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::{FloorProfile, Rect, Spawn, generate};
    use crate::map::TileMap;
    use std::path::PathBuf;

    /// The letter after the namespace: `core:rat` → `r`.
    fn letter(id: &str) -> char {
        id.rsplit(':')
            .next()
            .and_then(|s| s.chars().next())
            .unwrap_or('?')
    }

    fn sample() -> Floor {
        let mut map = TileMap::from_ascii("#######\n#.....#\n#.+.#.#\n#######\n");
        map.set(Pos::new(1, 1), Tile::STAIRS_UP);
        map.set(Pos::new(5, 2), Tile::STAIRS_DOWN);
        Floor {
            map,
            up: Pos::new(1, 1),
            down: Pos::new(5, 2),
            hero: Pos::new(1, 1),
            rooms: vec![Rect::new(1, 1, 5, 1)],
            monsters: vec![Spawn {
                pos: Pos::new(4, 1),
                id: "core:orc".into(),
                room: Some(0),
            }],
            traps: vec![Pos::new(2, 1)],
            treasure: vec![(Pos::new(3, 2), 7)],
            encounters: vec![],
        }
    }

    #[test]
    fn ascii_marks_everything() {
        let text = to_ascii(&sample(), &letter);
        assert_eq!(text, "#######\n#@^.o.#\n#.+$#>#\n#######\n");
        let mut floor = sample();
        floor.hero = Pos::new(3, 1);
        assert!(to_ascii(&floor, &letter).starts_with("#######\n#<^@o.#"));
    }

    #[test]
    fn png_has_the_right_size_and_colours() {
        let floor = sample();
        let bytes = to_png(&floor, &|_| [1, 2, 3], &|_| None, 4).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (28, 16));
        let at = |x: usize, y: usize| &buf[(y * 28 + x) * 3..(y * 28 + x) * 3 + 3];
        assert_eq!(at(0, 0), WALL);
        assert_eq!(at(5, 5), HERO);
        assert_eq!(at(4 * 4 + 3, 4 + 3), [1, 2, 3]);
        assert_eq!(at(4 * 5, 4 * 2), DOWN);
        assert_eq!(at(4 * 2 + 1, 4 * 2 + 2), DOOR);
        assert!(to_png(&floor, &|_| [0; 3], &|_| None, 0).is_err());
        assert!(to_png(&floor, &|_| [0; 3], &|_| None, u32::MAX).is_err());
    }

    /// `Err` when the snapshot differs, naming the first differing line.
    fn compare(expected: &str, actual: &str) -> Result<(), String> {
        let expected = expected.replace("\r\n", "\n");
        if expected == actual {
            return Ok(());
        }
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b);
        Err(format!(
            "differs at line {} (expected {} lines, got {})",
            line.map_or(expected.lines().count().min(actual.lines().count()), |l| l) + 1,
            expected.lines().count(),
            actual.lines().count()
        ))
    }

    /// Compares with `tests/snapshots/dungeon/<name>.txt`; `UPDATE_SNAPSHOTS=1` (re)writes it.
    fn snapshot(name: &str, actual: &str) {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/dungeon");
        let path = dir.join(format!("{name}.txt"));
        if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, actual).unwrap();
            return;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; run with UPDATE_SNAPSHOTS=1 to write it",
                path.display()
            )
        });
        if let Err(why) = compare(&expected, actual) {
            panic!(
                "snapshot {name} {why}; rerun with UPDATE_SNAPSHOTS=1 if the change is intended\n{actual}"
            );
        }
    }

    #[test]
    fn snapshot_comparison_catches_changes() {
        assert_eq!(compare("#.#\n", "#.#\n"), Ok(()));
        assert_eq!(compare("#.#\r\n", "#.#\n"), Ok(()));
        assert!(
            compare("#.#\n###\n", "#.#\n#.#\n")
                .unwrap_err()
                .starts_with("differs at line 2")
        );
        assert!(compare("#.#\n", "#.#\n###\n").is_err());
    }

    #[test]
    fn snapshots() {
        for (floor, seed, size) in [
            (1, 1, None),
            (3, 42, None),
            (8, 7, None),
            (2, 5, Some((11, 11))),
            (5, 3, Some((61, 21))),
        ] {
            let mut p = FloorProfile::default_for_depth(floor);
            if let Some((w, h)) = size {
                (p.width, p.height) = (w, h);
            }
            let f = generate(&p, seed, floor);
            snapshot(
                &format!("floor{floor}_seed{seed}_{}x{}", p.width, p.height),
                &to_ascii(&f, &letter),
            );
        }
    }
}
