//! The tile grid: a flat row-major array, x to the right, y down (row 0 is the top).
use serde::{Deserialize, Serialize};

/// A tile coordinate. Signed so that targets may lie outside the map (ghost scatter corners).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    pub const fn offset(self, dir: Dir) -> Self {
        let (dx, dy) = dir.delta();
        Self::new(self.x + dx, self.y + dy)
    }

    pub const fn dist2(self, other: Pos) -> i64 {
        let dx = (self.x - other.x) as i64;
        let dy = (self.y - other.y) as i64;
        dx * dx + dy * dy
    }

    pub const fn manhattan(self, other: Pos) -> u32 {
        self.x.abs_diff(other.x) + self.y.abs_diff(other.y)
    }
}

/// The four orthogonal directions, in the ghosts' tie-break order: up, left, down, right.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Dir {
    #[default]
    Up,
    Left,
    Down,
    Right,
}

impl Dir {
    /// Tie-break order of the greedy step (Pac-Man): up, left, down, right.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Left, Dir::Down, Dir::Right];

    // Looked up in tables, not matched: a match on a heading read from a creature compiles
    // to a jump that a crowd's mixed headings keep mispredicting (benches/ai.rs).
    pub const fn delta(self) -> (i32, i32) {
        const DELTA: [(i32, i32); 4] = [(0, -1), (-1, 0), (0, 1), (1, 0)];
        DELTA[self as usize]
    }

    pub const fn reverse(self) -> Dir {
        const REVERSE: [Dir; 4] = [Dir::Down, Dir::Right, Dir::Up, Dir::Left];
        REVERSE[self as usize]
    }

    pub fn from_delta(dx: i32, dy: i32) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.delta() == (dx, dy))
    }
}

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[repr(u8)]
pub enum Tile {
    #[default]
    Wall = 0,
    Floor = 1,
    Door = 2,
    StairsUp = 3,
    StairsDown = 4,
}

impl Tile {
    pub const fn is_passable(self) -> bool {
        !matches!(self, Tile::Wall)
    }

    /// Walls block sight; everything else is see-through.
    pub const fn is_opaque(self) -> bool {
        matches!(self, Tile::Wall)
    }

    pub const fn ascii(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Floor => '.',
            Tile::Door => '+',
            Tile::StairsUp => '<',
            Tile::StairsDown => '>',
        }
    }
}

/// The terrain of one floor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileMap {
    width: u32,
    height: u32,
    tiles: Vec<Tile>,
}

impl TileMap {
    pub fn new(width: u32, height: u32, fill: Tile) -> Self {
        Self {
            width,
            height,
            tiles: vec![fill; width as usize * height as usize],
        }
    }

    pub const fn width(&self) -> u32 {
        self.width
    }

    pub const fn height(&self) -> u32 {
        self.height
    }

    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    pub fn in_bounds(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && (p.y as u32) < self.height
    }

    pub fn idx(&self, p: Pos) -> Option<usize> {
        self.in_bounds(p)
            .then(|| p.y as usize * self.width as usize + p.x as usize)
    }

    pub fn pos(&self, idx: usize) -> Pos {
        let w = self.width as usize;
        Pos::new((idx % w) as i32, (idx / w) as i32)
    }

    /// Out-of-bounds reads as wall, so callers never index outside the grid.
    pub fn get(&self, p: Pos) -> Tile {
        self.idx(p).map_or(Tile::Wall, |i| self.tiles[i])
    }

    pub fn set(&mut self, p: Pos, t: Tile) {
        if let Some(i) = self.idx(p) {
            self.tiles[i] = t;
        }
    }

    pub fn is_passable(&self, p: Pos) -> bool {
        self.get(p).is_passable()
    }

    /// Rows top to bottom, one char per tile.
    pub fn to_ascii(&self) -> String {
        let mut s = String::with_capacity(self.tiles.len() + self.height as usize);
        for row in self.tiles.chunks(self.width as usize) {
            s.extend(row.iter().map(|t| t.ascii()));
            s.push('\n');
        }
        s
    }

    /// Parses `#`, `.`, `+`, `<`, `>`; any other character is floor (tests draw actors on maps).
    pub fn from_ascii(text: &str) -> Self {
        let rows: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        let height = rows.len() as u32;
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0) as u32;
        let mut map = TileMap::new(width, height, Tile::Wall);
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let t = match c {
                    '#' => Tile::Wall,
                    '+' => Tile::Door,
                    '<' => Tile::StairsUp,
                    '>' => Tile::StairsDown,
                    _ => Tile::Floor,
                };
                map.set(Pos::new(x as i32, y as i32), t);
            }
        }
        map
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_round_trip_and_bounds() {
        let text = "#####\n#.<>#\n#+..#\n#####\n";
        let map = TileMap::from_ascii(text);
        assert_eq!((map.width(), map.height()), (5, 4));
        assert_eq!(map.to_ascii(), text);
        assert_eq!(map.get(Pos::new(2, 1)), Tile::StairsUp);
        assert_eq!(map.get(Pos::new(-1, 0)), Tile::Wall);
        assert_eq!(map.get(Pos::new(5, 0)), Tile::Wall);
        assert!(map.is_passable(Pos::new(1, 2)));
    }

    #[test]
    fn reverse_and_order() {
        for d in Dir::ALL {
            assert_eq!(d.reverse().reverse(), d);
            assert_ne!(d.reverse(), d);
            let (dx, dy) = d.delta();
            assert_eq!(Dir::from_delta(dx, dy), Some(d));
        }
        assert_eq!(Pos::new(3, 3).offset(Dir::Up), Pos::new(3, 2));
    }
}
