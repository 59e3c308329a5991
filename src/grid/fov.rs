//! Field of view: Albert Ford's symmetric shadowcasting, radius-limited, in exact integer
//! arithmetic (slopes are fractions) so every platform sees the same tiles.
//!
//! Symmetric: a floor tile A sees floor tile B exactly when B sees A. Walls are revealed
//! when any part of them is lit, and block sight.
use crate::map::{Pos, TileMap};

/// The tiles one viewer sees: a bitset the size of the map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VisibleSet {
    width: u32,
    height: u32,
    bits: Vec<u64>,
}

impl VisibleSet {
    pub fn new(width: u32, height: u32) -> Self {
        let mut set = Self::default();
        set.reset(width, height);
        set
    }

    /// Empties the set and sizes it for a `width × height` map, keeping its storage.
    pub fn reset(&mut self, width: u32, height: u32) {
        self.width = width;
        self.height = height;
        let words = (width as usize * height as usize).div_ceil(64);
        self.bits.clear();
        self.bits.resize(words, 0);
    }

    pub fn clear(&mut self) {
        self.bits.fill(0);
    }

    pub const fn width(&self) -> u32 {
        self.width
    }

    pub const fn height(&self) -> u32 {
        self.height
    }

    /// Off-map positions are never contained.
    pub fn contains(&self, pos: Pos) -> bool {
        self.index(pos)
            .is_some_and(|i| self.bits[i / 64] & (1 << (i % 64)) != 0)
    }

    /// Adds `pos`; positions off the map are ignored.
    pub fn insert(&mut self, pos: Pos) {
        if let Some(i) = self.index(pos) {
            self.bits[i / 64] |= 1 << (i % 64);
        }
    }

    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// The visible positions in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = Pos> + '_ {
        let w = self.width as usize;
        self.bits.iter().enumerate().flat_map(move |(k, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let i = k * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(Pos::new((i % w) as i32, (i / w) as i32))
            })
        })
    }

    fn index(&self, p: Pos) -> Option<usize> {
        let inside =
            p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && (p.y as u32) < self.height;
        inside.then(|| p.y as usize * self.width as usize + p.x as usize)
    }
}

/// Fills `out` (resized to the map) with what a viewer at `origin` sees within `radius`
/// (tiles at Euclidean distance below `radius + ½`). Off-map tiles are opaque; an origin off
/// the map sees nothing.
pub fn field_of_view(map: &TileMap, origin: Pos, radius: u32, out: &mut VisibleSet) {
    out.reset(map.width(), map.height());
    if !map.in_bounds(origin) {
        return;
    }
    out.insert(origin);
    // d² ≤ r² + r ⇔ d < r + ½ for integer d²: a rounder disc than d ≤ r.
    let r = radius as i64;
    let reach2 = r * r + r;
    // Rows deeper than the map are all off it; the clamp also keeps products far from overflow.
    let max_depth = r.min(map.width().max(map.height()) as i64);
    let mut rows = Vec::new();
    for quadrant in Quadrant::ALL {
        rows.push(Row {
            depth: 1,
            start: Slope::new(-1, 1),
            end: Slope::new(1, 1),
        });
        // Ford's recursion made iterative: the result does not depend on the scan order.
        while let Some(mut row) = rows.pop() {
            if row.depth > max_depth {
                continue;
            }
            let mut prev_wall: Option<bool> = None;
            for col in row.min_col()..=row.max_col() {
                let p = quadrant.transform(origin, row.depth, col);
                let wall = map.blocks_sight(p);
                if (wall || row.is_symmetric(col)) && row.depth * row.depth + col * col <= reach2 {
                    out.insert(p);
                }
                if prev_wall == Some(true) && !wall {
                    row.start = Slope::of_tile(row.depth, col);
                }
                if prev_wall == Some(false) && wall {
                    let mut next = row.next();
                    next.end = Slope::of_tile(row.depth, col);
                    rows.push(next);
                }
                prev_wall = Some(wall);
            }
            if prev_wall == Some(false) {
                rows.push(row.next());
            }
        }
    }
}

#[derive(Clone, Copy)]
enum Quadrant {
    North,
    East,
    South,
    West,
}

impl Quadrant {
    const ALL: [Quadrant; 4] = [
        Quadrant::North,
        Quadrant::East,
        Quadrant::South,
        Quadrant::West,
    ];

    /// Map position of (row depth, column) in this quadrant; y grows down.
    fn transform(self, o: Pos, depth: i64, col: i64) -> Pos {
        let (depth, col) = (depth as i32, col as i32);
        match self {
            Quadrant::North => Pos::new(o.x + col, o.y - depth),
            Quadrant::South => Pos::new(o.x + col, o.y + depth),
            Quadrant::East => Pos::new(o.x + depth, o.y + col),
            Quadrant::West => Pos::new(o.x - depth, o.y + col),
        }
    }
}

/// An exact slope `num / den` with `den > 0`.
#[derive(Clone, Copy, Debug)]
struct Slope {
    num: i64,
    den: i64,
}

impl Slope {
    const fn new(num: i64, den: i64) -> Self {
        Self { num, den }
    }

    /// The slope through the near-left corner of a tile, as Ford defines it.
    const fn of_tile(depth: i64, col: i64) -> Self {
        Self::new(2 * col - 1, 2 * depth)
    }
}

#[derive(Clone, Copy, Debug)]
struct Row {
    depth: i64,
    start: Slope,
    end: Slope,
}

impl Row {
    /// `round_ties_up(depth × start)` = ⌊(2·depth·num + den) / 2den⌋.
    fn min_col(&self) -> i64 {
        (2 * self.depth * self.start.num + self.start.den).div_euclid(2 * self.start.den)
    }

    /// `round_ties_down(depth × end)` = ⌈(2·depth·num − den) / 2den⌉.
    fn max_col(&self) -> i64 {
        -(self.end.den - 2 * self.depth * self.end.num).div_euclid(2 * self.end.den)
    }

    /// The tile's centre lies within the row's slopes: what makes the result symmetric.
    fn is_symmetric(&self, col: i64) -> bool {
        col * self.start.den >= self.depth * self.start.num
            && col * self.end.den <= self.depth * self.end.num
    }

    fn next(&self) -> Row {
        Row {
            depth: self.depth + 1,
            ..*self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Tile;
    use proptest::prelude::*;

    fn fov(map: &TileMap, origin: Pos, radius: u32) -> VisibleSet {
        let mut out = VisibleSet::default();
        field_of_view(map, origin, radius, &mut out);
        out
    }

    #[test]
    fn rounding_helpers_match_ford() {
        let row = |depth, start: (i64, i64), end: (i64, i64)| Row {
            depth,
            start: Slope::new(start.0, start.1),
            end: Slope::new(end.0, end.1),
        };
        // depth 2 × ±1/4 = ±0.5: ties round up at the start and down at the end.
        assert_eq!(row(2, (-1, 4), (1, 4)).min_col(), 0);
        assert_eq!(row(2, (-1, 4), (1, 4)).max_col(), 0);
        assert_eq!(row(3, (-1, 1), (-1, 4)).max_col(), -1);
        assert_eq!(row(3, (1, 4), (1, 1)).min_col(), 1);
        assert_eq!(row(5, (-1, 1), (1, 1)).min_col(), -5);
    }

    #[test]
    fn walls_next_to_the_origin_are_visible_and_block() {
        let map = TileMap::from_ascii("#######\n#######\n###.###\n#######\n#######\n");
        let seen = fov(&map, Pos::new(3, 2), 5);
        let expected: Vec<Pos> = (1..4)
            .flat_map(|y| (2..5).map(move |x| Pos::new(x, y)))
            .collect();
        assert_eq!(seen.iter().collect::<Vec<_>>(), expected);
        assert_eq!(seen.len(), 9);
    }

    #[test]
    fn a_pillar_casts_a_shadow() {
        let mut map = TileMap::new(13, 9, Tile::FLOOR);
        let pillar = Pos::new(4, 4);
        map.set(pillar, Tile::WALL);
        let seen = fov(&map, Pos::new(2, 4), 20);
        assert!(seen.contains(pillar));
        for x in 5..13 {
            assert!(
                !seen.contains(Pos::new(x, 4)),
                "({x}, 4) is behind the pillar"
            );
        }
        for p in [
            Pos::new(5, 3),
            Pos::new(5, 5),
            Pos::new(6, 3),
            Pos::new(12, 0),
            Pos::new(12, 8),
        ] {
            assert!(seen.contains(p), "{p:?} is beside the shadow");
        }
        // The shadow is as wide above the axis as below.
        for x in 0..13 {
            assert_eq!(seen.contains(Pos::new(x, 3)), seen.contains(Pos::new(x, 5)));
        }
        assert!(!seen.contains(Pos::new(12, 3)), "the shadow widens");
    }

    #[test]
    fn radius_limits_an_open_room_to_a_disc() {
        let map = TileMap::new(21, 21, Tile::FLOOR);
        let origin = Pos::new(10, 10);
        for radius in [0, 1, 3, 7] {
            let seen = fov(&map, origin, radius);
            let r = radius as i64;
            for y in 0..21 {
                for x in 0..21 {
                    let p = Pos::new(x, y);
                    assert_eq!(
                        seen.contains(p),
                        origin.dist2(p) <= r * r + r,
                        "{p:?} radius {radius}"
                    );
                }
            }
        }
        assert_eq!(
            fov(&map, origin, 0).iter().collect::<Vec<_>>(),
            vec![origin]
        );
        assert!(fov(&map, Pos::new(-1, 0), 5).is_empty());
    }

    #[test]
    fn open_doors_are_seen_through_closed_ones_not_and_reuse_resizes() {
        let map = TileMap::from_ascii("#######\n#..'..#\n#######\n");
        let mut out = VisibleSet::new(50, 50);
        field_of_view(&map, Pos::new(1, 1), 10, &mut out);
        assert_eq!((out.width(), out.height()), (7, 3));
        assert!(out.contains(Pos::new(5, 1)));
        assert_eq!(out.len(), 21, "the whole corridor and its walls");

        let closed = TileMap::from_ascii("#######\n#..+..#\n#######\n");
        field_of_view(&closed, Pos::new(1, 1), 10, &mut out);
        assert!(out.contains(Pos::new(3, 1)), "the door itself is seen");
        assert!(!out.contains(Pos::new(4, 1)) && !out.contains(Pos::new(5, 1)));
    }

    proptest! {
        #[test]
        fn shadowcasting_is_symmetric(
            walls in prop::collection::vec(prop::bool::weighted(0.3), 12 * 10),
            radius in 1u32..12,
        ) {
            let mut map = TileMap::new(12, 10, Tile::FLOOR);
            for (i, &w) in walls.iter().enumerate() {
                if w {
                    map.set(map.pos(i), Tile::WALL);
                }
            }
            let floors: Vec<Pos> = (0..map.len()).map(|i| map.pos(i)).filter(|&p| map.is_passable(p)).collect();
            let views: Vec<VisibleSet> = floors.iter().map(|&p| fov(&map, p, radius)).collect();
            let reach2 = radius as i64 * radius as i64 + radius as i64;
            for (a, view_a) in floors.iter().zip(&views) {
                for (b, view_b) in floors.iter().zip(&views) {
                    if a.dist2(*b) <= reach2 {
                        prop_assert_eq!(view_a.contains(*b), view_b.contains(*a), "{:?} and {:?}", a, b);
                    }
                }
            }
        }
    }
}
