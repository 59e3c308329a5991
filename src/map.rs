//! The tile grid: a flat row-major array, x to the right, y down (row 0 is the top).
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

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

    /// Steps apart when diagonal steps count one: the tiles of the line between them less
    /// one, which is the range of a shot (`grid::line`).
    pub const fn chebyshev(self, other: Pos) -> u32 {
        let (dx, dy) = (self.x.abs_diff(other.x), self.y.abs_diff(other.y));
        if dx > dy { dx } else { dy }
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

/// A cell's terrain: an index into its map's [`Terrains`]. The engine's own kinds have fixed
/// indices (what generation places); the others follow in their content's order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Tile(pub u8);

impl Tile {
    pub const WALL: Tile = Tile(0);
    pub const FLOOR: Tile = Tile(1);
    /// A closed door.
    pub const DOOR: Tile = Tile(2);
    pub const STAIRS_UP: Tile = Tile(3);
    pub const STAIRS_DOWN: Tile = Tile(4);
    pub const OPEN_DOOR: Tile = Tile(5);
    /// A door that looks like wall until it is found.
    pub const SECRET_DOOR: Tile = Tile(6);

    /// The content ids of the engine's kinds, at their indices.
    pub const ENGINE: [&'static str; 7] = [
        "core:wall",
        "core:floor",
        "core:door",
        "core:stairs_up",
        "core:stairs_down",
        "core:open_door",
        "core:secret_door",
    ];

    /// Whether generation may walk it: every engine kind but wall and secret door (content's
    /// kinds are placed after generation and ask their map).
    pub const fn builtin_walkable(self) -> bool {
        // The walkable engine kinds are 1..=5 (floor, closed door, stairs, open door):
        // generation asks this of every tile several times, so it is one subtraction and one
        // comparison, which vectorises.
        self.0.wrapping_sub(Tile::FLOOR.0) <= Tile::OPEN_DOOR.0 - Tile::FLOOR.0
    }

    /// The engine kinds' characters (maps in tests and `delve gen`); `?` for content's kinds.
    pub const fn ascii(self) -> char {
        match self {
            Tile::WALL | Tile::SECRET_DOOR => '#',
            Tile::FLOOR => '.',
            Tile::DOOR => '+',
            Tile::OPEN_DOOR => '\'',
            Tile::STAIRS_UP => '<',
            Tile::STAIRS_DOWN => '>',
            _ => '?',
        }
    }
}

/// The sound underfoot of a terrain kind (footsteps are played from it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Material {
    #[default]
    Stone,
    Water,
    Grass,
    Wood,
}

impl Material {
    /// Every material with its name in content (`material = "water"`).
    pub const NAMES: [(&'static str, Material); 4] = [
        ("stone", Material::Stone),
        ("water", Material::Water),
        ("grass", Material::Grass),
        ("wood", Material::Wood),
    ];
}

/// What the rules ask of one terrain kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerrainRules {
    pub walkable: bool,
    pub blocks_sight: bool,
    /// Arrows, bolts and thrown things stop at it.
    pub blocks_projectiles: bool,
    /// What walking into it makes it (a closed door opens), instead of entering it.
    pub opens_to: Option<Tile>,
    /// What closing it makes it (an open door).
    pub closes_to: Option<Tile>,
    /// What it is once found (a secret door).
    pub found_as: Option<Tile>,
    /// What walking onto it leaves behind (tall grass trampled flat).
    pub trampled_to: Option<Tile>,
    pub material: Material,
    /// How far, in tiles, a step onto it is heard (0: quiet).
    pub noise: u8,
    /// Damage entering it deals, before resistance (its type is the content's).
    pub damage: u32,
    /// Entering it drops the walker to the floor below (a chasm).
    pub falls: bool,
    /// Entering it hurts or drops: monsters never step onto it, and travel, auto-explore
    /// and generation's reachability go round it (`damage > 0 || falls`).
    pub hazard: bool,
}

impl TerrainRules {
    /// Solid rock: what an index no kind has reads as.
    pub const SOLID: TerrainRules = TerrainRules {
        walkable: false,
        blocks_sight: true,
        blocks_projectiles: true,
        opens_to: None,
        closes_to: None,
        found_as: None,
        trampled_to: None,
        material: Material::Stone,
        noise: 0,
        damage: 0,
        falls: false,
        hazard: false,
    };

    /// Walkable and harmless: where monsters step and paths go.
    pub const fn safe(&self) -> bool {
        self.walkable && !self.hazard
    }

    /// A door: closed (walking into it opens it) or open (it can be closed).
    pub const fn is_door(&self) -> bool {
        self.opens_to.is_some() || self.closes_to.is_some()
    }
}

/// The terrain kinds a map's tiles index: their ids (how saves name them) and rules. Shared
/// by every map of a run's content; at most 256 kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terrains {
    ids: Vec<String>,
    /// By index; past `ids` every entry is solid, so a tile never indexes out of it.
    rules: Box<[TerrainRules; 256]>,
    /// `rules[i].safe()`, one byte a kind: what the distance fields read for every tile.
    safe: Box<[bool; 256]>,
}

impl Default for Terrains {
    /// The engine's kinds alone (`builtin`).
    fn default() -> Self {
        (*Terrains::builtin()).clone()
    }
}

impl Terrains {
    /// Kinds by index: at most 256, the engine's first at their indices (checked by the
    /// content loader).
    pub fn new(kinds: impl IntoIterator<Item = (String, TerrainRules)>) -> Self {
        let mut rules = Box::new([TerrainRules::SOLID; 256]);
        let mut ids = Vec::new();
        for (i, (id, r)) in kinds.into_iter().take(256).enumerate() {
            rules[i] = r;
            ids.push(id);
        }
        let safe = Box::new(std::array::from_fn(|i| rules[i].safe()));
        Self { ids, rules, safe }
    }

    /// The engine's kinds alone, as generation and the tests' maps know them.
    pub fn builtin() -> Arc<Terrains> {
        static BUILTIN: OnceLock<Arc<Terrains>> = OnceLock::new();
        BUILTIN
            .get_or_init(|| {
                Arc::new(Terrains::new(Tile::ENGINE.iter().enumerate().map(
                    |(i, id)| {
                        let t = Tile(i as u8);
                        let solid = matches!(t, Tile::WALL | Tile::SECRET_DOOR);
                        let door = matches!(t, Tile::DOOR | Tile::OPEN_DOOR | Tile::SECRET_DOOR);
                        let rules = TerrainRules {
                            walkable: t.builtin_walkable(),
                            blocks_sight: solid || t == Tile::DOOR,
                            blocks_projectiles: solid || t == Tile::DOOR,
                            opens_to: (t == Tile::DOOR).then_some(Tile::OPEN_DOOR),
                            closes_to: (t == Tile::OPEN_DOOR).then_some(Tile::DOOR),
                            found_as: (t == Tile::SECRET_DOOR).then_some(Tile::DOOR),
                            material: if door {
                                Material::Wood
                            } else {
                                Material::Stone
                            },
                            ..TerrainRules::SOLID
                        };
                        (id.to_string(), rules)
                    },
                )))
            })
            .clone()
    }

    pub fn ids(&self) -> &[String] {
        &self.ids
    }

    pub fn id(&self, t: Tile) -> Option<&str> {
        self.ids.get(usize::from(t.0)).map(String::as_str)
    }

    pub fn tile(&self, id: &str) -> Option<Tile> {
        self.ids.iter().position(|i| i == id).map(|i| Tile(i as u8))
    }

    pub fn rules(&self, t: Tile) -> &TerrainRules {
        &self.rules[usize::from(t.0)]
    }

    /// Every index's rules, for loops over many tiles (no bounds checks: a tile is a byte).
    pub fn table(&self) -> &[TerrainRules; 256] {
        &self.rules
    }

    /// Whether each index is safe (walkable, no hazard), for the fields' fill: a byte a kind
    /// reads faster than two fields of its rules.
    pub fn safe_table(&self) -> &[bool; 256] {
        &self.safe
    }
}

/// The terrain of one floor. Saved as its kinds' ids and one index a tile, so a save names
/// terrain by id and loads under content that orders its kinds otherwise (`bind`). Two maps
/// are equal when their tiles are the same kinds by id: the rules are the content's, and a
/// map read from a save has them only once bound.
#[derive(Clone, Debug)]
pub struct TileMap {
    width: u32,
    height: u32,
    tiles: Vec<Tile>,
    terrains: Arc<Terrains>,
}

impl TileMap {
    /// A map of the engine's kinds (generation's and the tests'); `bind` gives it content's.
    pub fn new(width: u32, height: u32, fill: Tile) -> Self {
        Self::new_in(width, height, fill, Terrains::builtin())
    }

    /// A map whose tiles index `terrains` (which has the engine's kinds at their indices).
    pub fn new_in(width: u32, height: u32, fill: Tile, terrains: Arc<Terrains>) -> Self {
        Self {
            width,
            height,
            tiles: vec![fill; width as usize * height as usize],
            terrains,
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

    pub fn terrains(&self) -> &Arc<Terrains> {
        &self.terrains
    }

    /// The rules of tile kind `t` on this map.
    pub fn rules(&self, t: Tile) -> &TerrainRules {
        self.terrains.rules(t)
    }

    /// Whether creatures may stand on kind `t`. A closed door is walkable: walking into it
    /// opens it, and distance fields run through it.
    pub fn walkable(&self, t: Tile) -> bool {
        self.terrains.rules[usize::from(t.0)].walkable
    }

    /// Moves the map onto `terrains` (the loaded content's): each tile keeps its kind by id.
    /// Fails naming the ids `terrains` lacks.
    pub fn bind(&mut self, terrains: &Arc<Terrains>) -> Result<(), Vec<String>> {
        let missing: Vec<String> = (self.used_ids().into_iter())
            .filter(|id| terrains.tile(id).is_none())
            .map(str::to_string)
            .collect();
        if !missing.is_empty() {
            return Err(missing);
        }
        let to: Vec<Tile> = (self.terrains.ids.iter())
            .map(|id| terrains.tile(id).unwrap_or(Tile::WALL))
            .collect();
        // A generated floor has the engine's kinds, at the same indices in every content.
        if to.iter().enumerate().any(|(i, t)| usize::from(t.0) != i) {
            for t in &mut self.tiles {
                *t = to.get(usize::from(t.0)).copied().unwrap_or(Tile::WALL);
            }
        }
        self.terrains = terrains.clone();
        Ok(())
    }

    /// The ids of the kinds some tile is.
    pub fn used_ids(&self) -> Vec<&str> {
        let mut used = [false; 256];
        for t in &self.tiles {
            used[usize::from(t.0)] = true;
        }
        (self.terrains.ids.iter().enumerate())
            .filter(|(i, _)| used[*i])
            .map(|(_, id)| id.as_str())
            .collect()
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
        self.idx(p).map_or(Tile::WALL, |i| self.tiles[i])
    }

    pub fn set(&mut self, p: Pos, t: Tile) {
        if let Some(i) = self.idx(p) {
            self.tiles[i] = t;
        }
    }

    pub fn is_passable(&self, p: Pos) -> bool {
        self.walkable(self.get(p))
    }

    /// Whether tile `p` is walkable and harmless: where monsters step and paths go.
    pub fn is_safe(&self, p: Pos) -> bool {
        self.rules(self.get(p)).safe()
    }

    /// Whether a creature or an item may be put on tile `p`: walkable, harmless and not a
    /// closed door (nobody stands in one; walking into it opens it).
    pub fn can_stand(&self, p: Pos) -> bool {
        let rules = self.rules(self.get(p));
        rules.safe() && rules.opens_to.is_none()
    }

    /// Whether entering tile `p` hurts or drops (lava, a chasm).
    pub fn is_hazard(&self, p: Pos) -> bool {
        self.rules(self.get(p)).hazard
    }

    /// Whether tile `p` stops sight (walls, closed doors; off the map).
    pub fn blocks_sight(&self, p: Pos) -> bool {
        self.rules(self.get(p)).blocks_sight
    }

    /// Whether tile `p` stops arrows, bolts and thrown things (walls, closed doors; off the
    /// map). Its own rule, not sight's: tall grass hides but lets a shot through.
    pub fn blocks_projectiles(&self, p: Pos) -> bool {
        self.rules(self.get(p)).blocks_projectiles
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

    /// Parses `#`, `.`, `+` (closed door), `'` (open door), `<`, `>`; any other character is
    /// floor (tests draw actors on maps).
    pub fn from_ascii(text: &str) -> Self {
        let rows: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        let height = rows.len() as u32;
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0) as u32;
        let mut map = TileMap::new(width, height, Tile::WALL);
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let t = match c {
                    '#' => Tile::WALL,
                    '+' => Tile::DOOR,
                    '\'' => Tile::OPEN_DOOR,
                    '<' => Tile::STAIRS_UP,
                    '>' => Tile::STAIRS_DOWN,
                    _ => Tile::FLOOR,
                };
                map.set(Pos::new(x as i32, y as i32), t);
            }
        }
        map
    }
}

impl PartialEq for TileMap {
    fn eq(&self, other: &Self) -> bool {
        (self.width, self.height) == (other.width, other.height)
            && self.tiles == other.tiles
            && self.terrains.ids == other.terrains.ids
    }
}

impl Eq for TileMap {}

/// A map as saved: its kinds by id, then one index a tile.
#[derive(Serialize, Deserialize)]
struct StoredMap {
    width: u32,
    height: u32,
    /// Absent in saves from before terrain was content: their tiles are the engine's names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    terrain: Option<Vec<String>>,
    tiles: StoredTiles,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum StoredTiles {
    Indices(Vec<u8>),
    /// Saves from before terrain was content: a closed enum by name.
    Names(Vec<String>),
}

impl Serialize for TileMap {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        StoredMap {
            width: self.width,
            height: self.height,
            terrain: Some(self.terrains.ids.clone()),
            tiles: StoredTiles::Indices(self.tiles.iter().map(|t| t.0).collect()),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for TileMap {
    /// The kinds' rules are the engine's until `bind` gives the map its content's; a kind
    /// the engine lacks reads as solid until then.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let stored = StoredMap::deserialize(d)?;
        let n = stored.width as usize * stored.height as usize;
        let builtin = Terrains::builtin();
        let (terrains, tiles) = match (stored.terrain, stored.tiles) {
            (Some(ids), StoredTiles::Indices(tiles)) => {
                if ids.len() > 256 {
                    return Err(D::Error::custom("a map names more than 256 terrain kinds"));
                }
                if let Some(bad) = tiles.iter().find(|&&t| usize::from(t) >= ids.len()) {
                    return Err(D::Error::custom(format!(
                        "a tile is terrain {bad}, but the map names {} kinds",
                        ids.len()
                    )));
                }
                let kinds = ids.into_iter().map(|id| {
                    let rules = builtin
                        .tile(&id)
                        .map_or(TerrainRules::SOLID, |t| *builtin.rules(t));
                    (id, rules)
                });
                (
                    Arc::new(Terrains::new(kinds)),
                    tiles.into_iter().map(Tile).collect(),
                )
            }
            (None, StoredTiles::Names(names)) => {
                // The old doorway was open floor with a door's picture.
                let tiles = names.iter().map(|n| match n.as_str() {
                    "Wall" => Ok(Tile::WALL),
                    "Floor" => Ok(Tile::FLOOR),
                    "Door" => Ok(Tile::OPEN_DOOR),
                    "StairsUp" => Ok(Tile::STAIRS_UP),
                    "StairsDown" => Ok(Tile::STAIRS_DOWN),
                    other => Err(D::Error::custom(format!("unknown tile `{other}`"))),
                });
                (builtin, tiles.collect::<Result<Vec<Tile>, _>>()?)
            }
            _ => {
                return Err(D::Error::custom(
                    "a map's tiles do not match its terrain list",
                ));
            }
        };
        if tiles.len() != n {
            return Err(D::Error::custom(format!(
                "a {}x{} map has {} tiles",
                stored.width,
                stored.height,
                tiles.len()
            )));
        }
        Ok(TileMap {
            width: stored.width,
            height: stored.height,
            tiles,
            terrains,
        })
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
        assert_eq!(map.get(Pos::new(2, 1)), Tile::STAIRS_UP);
        assert_eq!(map.get(Pos::new(-1, 0)), Tile::WALL);
        assert_eq!(map.get(Pos::new(5, 0)), Tile::WALL);
        assert!(map.is_passable(Pos::new(1, 2)));
    }

    #[test]
    fn generation_walks_the_engine_kinds_as_their_rules_do() {
        let builtin = Terrains::builtin();
        for i in 0..=255u8 {
            let t = Tile(i);
            let engine = usize::from(i) < Tile::ENGINE.len();
            assert_eq!(
                t.builtin_walkable(),
                engine && builtin.rules(t).walkable,
                "{i}"
            );
        }
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
