//! Floor profiles: every knob of the generator for one depth, as content (TOML) can set it.
use super::doors::{DOOR_CHANCE, SECRET_DOOR_CHANCE};
use super::regression::{LOOP_MIN_GAP, MAX_LOOP_GAP};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Largest side a profile may ask for: mods may go up to 1001×1001.
pub const MAX_SIDE: u32 = 1001;
/// Smallest side: 5×5 cells leave room for a maze, a room and two stairs.
pub const MIN_SIDE: u32 = 11;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FloorProfile {
    pub width: u32,
    pub height: u32,
    /// Percent (0..=100) of the maze's corridor tiles removed again by dead-end filling.
    pub regression: f64,
    /// Percent (0..=100) of the walls between two corridors that are opened into loops.
    pub imperfection: f64,
    /// Walls whose walk-around is at least this many tiles are opened first; 0 draws every
    /// candidate alike (0..=[`MAX_LOOP_GAP`]).
    pub loop_min_gap: u32,
    pub rooms: u32,
    pub room_min: u32,
    pub room_max: u32,
    /// Placement attempts per room before it is given up.
    pub room_tries: u32,
    pub monsters: u32,
    pub traps: u32,
    pub treasure: u32,
    /// Gold per treasure pile, inclusive range.
    pub gold: (u32, u32),
    pub spawns: Vec<SpawnEntry>,
    pub prefabs: Vec<Prefab>,
    /// How many prefab rooms (drawn from `prefabs`) to stamp before the ordinary rooms.
    pub prefab_count: u32,
    /// Chance (0..=1) that a doorway of an ordinary room gets a door.
    pub door_chance: f64,
    /// Chance (0..=1) that a door is secret; secret doors stay only where they close a loop.
    pub secret_door_chance: f64,
    /// What an ordinary room may hold, each with its chance: a room draws once, and holds
    /// the first feature whose chances so far add up past the draw, or none.
    #[serde(default)]
    pub features: Vec<Feature>,
}

/// A room feature: terrain laid in a shape inside an ordinary room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    /// The terrain kind laid (its id).
    pub terrain: String,
    /// The kind laid in the shape's middle instead, for the shapes that have one.
    #[serde(default)]
    pub middle: Option<String>,
    /// Chance (0..=1) that an ordinary room holds it.
    pub chance: f64,
    pub shape: Shape,
}

/// The shapes a feature takes in a room: noisy ellipses of a share of the room (`lake`,
/// `pool`, `small_pool`, `patch`), single tiles strewn about (`scatter`), or the room's edge
/// along its walls (`border`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// Nine tenths of the room, its middle (under half of it) of the middle kind.
    Lake,
    /// Seven tenths of the room.
    Pool,
    /// A third of the room.
    SmallPool,
    /// The whole room, roughly, its middle (two fifths of it) of the middle kind.
    Patch,
    /// One tile in four of the room's floor, strewn.
    Scatter,
    /// Every floor tile of the room along its walls.
    Border,
}

impl Feature {
    pub fn new(terrain: &str, middle: Option<&str>, chance: f64, shape: Shape) -> Self {
        Self {
            terrain: terrain.to_string(),
            middle: middle.map(str::to_string),
            chance,
            shape,
        }
    }

    /// The room features core's floors place, in the order a room's draw tries them: a lake
    /// (deep water ringed by shallows), a pool of shallows, a chasm, a small pool of lava,
    /// grass with tall grass in its middle; a zero chance leaves that one out.
    pub fn core(lake: f64, pool: f64, chasm: f64, lava: f64, grass: f64) -> Vec<Self> {
        use super::hazards::{CHASM, DEEP_WATER, GRASS, LAVA, SHALLOW_WATER, TALL_GRASS};
        [
            Self::new(SHALLOW_WATER, Some(DEEP_WATER), lake, Shape::Lake),
            Self::new(SHALLOW_WATER, None, pool, Shape::Pool),
            Self::new(CHASM, None, chasm, Shape::Pool),
            Self::new(LAVA, None, lava, Shape::SmallPool),
            Self::new(GRASS, Some(TALL_GRASS), grass, Shape::Patch),
        ]
        .into_iter()
        .filter(|f| f.chance != 0.0)
        .collect()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpawnEntry {
    pub id: String,
    pub weight: u32,
}

/// A hand-made room: `#` wall, `.` floor, `+` door; a legend character is floor with a
/// monster of that creature id on it, and those monsters are the room's encounter; a
/// `terrain` character is a tile of that terrain kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prefab {
    pub id: String,
    pub rows: Vec<String>,
    #[serde(default)]
    pub legend: BTreeMap<char, String>,
    /// Characters that lay a terrain kind (its id) where they stand.
    #[serde(default)]
    pub terrain: BTreeMap<char, String>,
}

impl Prefab {
    /// Width (longest row) and height in tiles.
    pub fn size(&self) -> (u32, u32) {
        let w = self
            .rows
            .iter()
            .map(|r| r.chars().count())
            .max()
            .unwrap_or(0);
        (w as u32, self.rows.len() as u32)
    }

    /// The layout's own rules, apart from any map: (field, message) names what is wrong.
    pub fn check(&self) -> Result<(), (String, String)> {
        let (w, h) = self.size();
        if w == 0 || h == 0 {
            return Err(("rows".into(), "must not be empty".into()));
        }
        for (&c, id) in self.legend.iter().chain(&self.terrain) {
            if matches!(c, '#' | '.' | '+') {
                return Err(("legend".into(), format!("'{c}' is a terrain character")));
            }
            if id.is_empty() {
                return Err((
                    format!("legend.{c}"),
                    "creature id must not be empty".into(),
                ));
            }
        }
        if let Some((r, col, c)) = self.stray() {
            return Err((
                format!("rows[{r}]"),
                format!(
                    "'{c}' (column {}) is neither terrain (# . +) nor in the legend",
                    col + 1
                ),
            ));
        }
        Ok(())
    }

    /// The first character of the rows that is neither terrain nor in the legend: its row,
    /// its column (in characters) and itself.
    pub fn stray(&self) -> Option<(usize, usize, char)> {
        self.rows.iter().enumerate().find_map(|(r, row)| {
            row.chars()
                .enumerate()
                .find(|(_, c)| {
                    !matches!(c, '#' | '.' | '+')
                        && !self.legend.contains_key(c)
                        && !self.terrain.contains_key(c)
                })
                .map(|(col, c)| (r, col, c))
        })
    }

    /// Whether the outermost rows and columns are all wall or door: then that ring is the
    /// room's wall and is laid on the maze's pillar lattice, the inside on its cells.
    pub fn has_ring(&self) -> bool {
        let (w, h) = self.size();
        if w < 3 || h < 3 {
            return false;
        }
        let edge = |c: Option<char>| matches!(c, Some('#' | '+'));
        let last = self.rows.len() - 1;
        self.rows[0].chars().count() == w as usize
            && self.rows[last].chars().count() == w as usize
            && self.rows[0].chars().all(|c| edge(Some(c)))
            && self.rows[last].chars().all(|c| edge(Some(c)))
            && self.rows.iter().all(|r| {
                edge(r.chars().next()) && r.chars().count() == w as usize && edge(r.chars().last())
            })
    }
}

/// Which creatures appear from which floor: (id, first floor, weight there, change per floor).
const SPAWNS: [(&str, u32, i32, i32); 6] = [
    ("core:rat", 1, 10, -1),
    ("core:bat", 1, 6, 0),
    ("core:goblin", 2, 4, 1),
    ("core:skeleton", 3, 4, 1),
    ("core:orc", 5, 3, 1),
    ("core:wraith", 7, 2, 1),
];

fn prefab(id: &str, rows: &[&str], legend: &[(char, &str)]) -> Prefab {
    Prefab {
        id: id.to_string(),
        rows: rows.iter().map(|r| r.to_string()).collect(),
        legend: legend.iter().map(|&(c, s)| (c, s.to_string())).collect(),
        terrain: BTreeMap::new(),
    }
}

impl FloorProfile {
    /// The built-in profile of floor `floor` (1-based; 0 reads as 1, deeper than 8 as 8).
    pub fn default_for_depth(floor: u32) -> FloorProfile {
        let d = floor.clamp(1, 8);
        let t = d - 1;
        let mut prefabs = Vec::new();
        if d <= 4 {
            prefabs.push(prefab(
                "core:rat_den",
                &["#######", "#.r.r.#", "+.....+", "#..r..#", "###+###"],
                &[('r', "core:rat")],
            ));
        }
        if d >= 3 {
            prefabs.push(prefab(
                "core:crypt",
                &[
                    "#########",
                    "#.......#",
                    "#.s...s.#",
                    "+...w...+",
                    "#.s...s.#",
                    "#.......#",
                    "####+####",
                ],
                &[('s', "core:skeleton"), ('w', "core:wraith")],
            ));
        }
        FloorProfile {
            // 41×31 on floor 1 to 81×61 on floor 8, always odd (cells sit on odd tiles).
            width: (41 + 40 * t / 7) | 1,
            height: (31 + 30 * t / 7) | 1,
            regression: 35.0,
            imperfection: 8.0 + d as f64,
            loop_min_gap: LOOP_MIN_GAP,
            rooms: 4 + d,
            room_min: 3,
            room_max: if d < 4 { 7 } else { 9 },
            room_tries: 40,
            monsters: 4 + 2 * d,
            traps: d,
            treasure: 2 + d / 2,
            gold: (5 * d, 15 * d + 10),
            spawns: SPAWNS
                .iter()
                .filter(|s| d >= s.1)
                .map(|&(id, first, w, step)| SpawnEntry {
                    id: id.to_string(),
                    weight: (w + step * (d - first) as i32).max(1) as u32,
                })
                .collect(),
            prefab_count: match d {
                1 => 0,
                2..=4 => 1,
                _ => 2,
            },
            prefabs,
            door_chance: DOOR_CHANCE,
            // The first floor teaches the map: nothing hidden yet.
            secret_door_chance: if d == 1 { 0.0 } else { SECRET_DOOR_CHANCE },
            // Gentle first: grass and shallows; deep water and chasms from the second floor,
            // lava from the fourth; no chasm on the last floor (nothing is below it).
            features: Feature::core(
                if d >= 2 { 0.1 } else { 0.0 },
                0.1,
                if (2..8).contains(&d) { 0.06 } else { 0.0 },
                if d >= 4 { 0.08 } else { 0.0 },
                0.2,
            ),
        }
    }

    /// Every chance of the profile with its field's name.
    pub fn chances(&self) -> Vec<(String, f64)> {
        let doors = [
            ("door_chance".to_string(), self.door_chance),
            ("secret_door_chance".to_string(), self.secret_door_chance),
        ];
        let features = (self.features.iter().enumerate())
            .map(|(i, f)| (format!("features[{i}].chance"), f.chance));
        doors.into_iter().chain(features).collect()
    }

    /// Checks the profile; the message names the offending field.
    pub fn validate(&self) -> Result<(), String> {
        for (name, v) in [("width", self.width), ("height", self.height)] {
            if v.is_multiple_of(2) || !(MIN_SIDE..=MAX_SIDE).contains(&v) {
                return Err(format!(
                    "{name}: must be odd and in {MIN_SIDE}..={MAX_SIDE}, got {v}"
                ));
            }
        }
        for (name, v) in [
            ("regression", self.regression),
            ("imperfection", self.imperfection),
        ] {
            if !(0.0..=100.0).contains(&v) {
                return Err(format!("{name}: must be a percentage in 0..=100, got {v}"));
            }
        }
        for (name, v) in self.chances() {
            if !(0.0..=1.0).contains(&v) {
                return Err(format!("{name}: must be a chance in 0..=1, got {v}"));
            }
        }
        let rooms: f64 = self.features.iter().map(|f| f.chance).sum();
        if rooms > 1.0 + 1e-9 {
            return Err(format!(
                "features: a room holds one feature, so their chances add up to at most 1, \
                 got {rooms}"
            ));
        }
        if self.loop_min_gap > MAX_LOOP_GAP {
            return Err(format!(
                "loop_min_gap: must be in 0..={MAX_LOOP_GAP}, got {}",
                self.loop_min_gap
            ));
        }
        for (name, v) in [("room_min", self.room_min), ("room_max", self.room_max)] {
            if v.is_multiple_of(2) || v < 3 {
                return Err(format!("{name}: must be odd and at least 3, got {v}"));
            }
        }
        if self.room_min > self.room_max {
            return Err(format!(
                "room_min: must not exceed room_max, got {} > {}",
                self.room_min, self.room_max
            ));
        }
        let fit = self.width.min(self.height) - 2;
        if self.room_max > fit {
            return Err(format!(
                "room_max: must fit inside the map ({fit}), got {}",
                self.room_max
            ));
        }
        if self.gold.0 > self.gold.1 {
            return Err(format!(
                "gold: minimum exceeds maximum, got ({}, {})",
                self.gold.0, self.gold.1
            ));
        }
        for (i, s) in self.spawns.iter().enumerate() {
            if s.id.is_empty() {
                return Err(format!("spawns[{i}].id: must not be empty"));
            }
        }
        if self.monsters > 0 && !self.spawns.iter().any(|s| s.weight > 0) {
            return Err("spawns: monsters > 0 needs an entry with a weight above 0".to_string());
        }
        if self.prefab_count > 0 && self.prefabs.is_empty() {
            return Err("prefabs: prefab_count > 0 needs at least one prefab".to_string());
        }
        for (i, p) in self.prefabs.iter().enumerate() {
            p.check()
                .map_err(|(field, msg)| format!("prefabs[{i}].{field}: {msg} ({})", p.id))?;
            let (w, h) = p.size();
            if w + 2 > self.width || h + 2 > self.height {
                return Err(format!(
                    "prefabs[{i}].rows: {w}x{h} does not fit inside {}x{} ({})",
                    self.width, self.height, p.id
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Change = Box<dyn Fn(&mut FloorProfile)>;

    #[test]
    fn defaults_grow_and_validate() {
        let first = FloorProfile::default_for_depth(1);
        let last = FloorProfile::default_for_depth(8);
        assert_eq!((first.width, first.height), (41, 31));
        assert_eq!((last.width, last.height), (81, 61));
        let mut prev = 0;
        for f in 0..=12 {
            let p = FloorProfile::default_for_depth(f);
            assert_eq!(p.validate(), Ok(()), "floor {f}");
            assert_eq!(p.loop_min_gap, LOOP_MIN_GAP);
            assert_eq!(p.door_chance, DOOR_CHANCE);
            let secret = if f <= 1 { 0.0 } else { SECRET_DOOR_CHANCE };
            assert_eq!(p.secret_door_chance, secret, "floor {f}");
            assert!(p.width * p.height >= prev);
            prev = p.width * p.height;
            assert!(
                p.spawns
                    .iter()
                    .all(|s| s.id.starts_with("core:") && s.weight > 0)
            );
            assert!(p.prefabs.iter().all(|p| p.has_ring()));
        }
        assert_eq!(FloorProfile::default_for_depth(0), first);
        assert_eq!(FloorProfile::default_for_depth(30), last);
    }

    #[test]
    fn validate_names_the_field() {
        let ok = FloorProfile::default_for_depth(3);
        let cases: Vec<(&str, Change)> = vec![
            ("width", Box::new(|p| p.width = 40)),
            ("width", Box::new(|p| p.width = 9)),
            ("height", Box::new(|p| p.height = 1003)),
            ("regression", Box::new(|p| p.regression = 100.5)),
            ("imperfection", Box::new(|p| p.imperfection = -1.0)),
            ("imperfection", Box::new(|p| p.imperfection = f64::NAN)),
            (
                "loop_min_gap",
                Box::new(|p| p.loop_min_gap = MAX_LOOP_GAP + 1),
            ),
            ("door_chance", Box::new(|p| p.door_chance = 1.5)),
            ("door_chance", Box::new(|p| p.door_chance = f64::NAN)),
            (
                "secret_door_chance",
                Box::new(|p| p.secret_door_chance = -0.1),
            ),
            (
                "secret_door_chance",
                Box::new(|p| p.secret_door_chance = f64::INFINITY),
            ),
            (
                "features[0].chance",
                Box::new(|p| p.features[0].chance = 1.5),
            ),
            (
                "features[1].chance",
                Box::new(|p| p.features[1].chance = f64::NAN),
            ),
            // Each alone a chance, together more than one room's worth.
            (
                "features",
                Box::new(|p| (p.features[0].chance, p.features[1].chance) = (0.6, 0.6)),
            ),
            ("room_min", Box::new(|p| p.room_min = 4)),
            ("room_max", Box::new(|p| p.room_max = 1)),
            ("room_min", Box::new(|p| (p.room_min, p.room_max) = (9, 5))),
            ("room_max", Box::new(|p| p.room_max = 41)),
            ("gold", Box::new(|p| p.gold = (9, 3))),
            ("spawns", Box::new(|p| p.spawns.clear())),
            ("spawns[0].id", Box::new(|p| p.spawns[0].id.clear())),
            ("prefabs", Box::new(|p| p.prefabs.clear())),
            ("prefabs[0].rows", Box::new(|p| p.prefabs[0].rows.clear())),
            (
                "prefabs[0].rows[1]",
                Box::new(|p| p.prefabs[0].rows[1] = "#.x.r.#".into()),
            ),
            (
                "prefabs[0].legend",
                Box::new(|p| _ = p.prefabs[0].legend.insert('.', "core:rat".into())),
            ),
        ];
        for (field, change) in cases {
            let mut p = ok.clone();
            change(&mut p);
            let err = p.validate().expect_err(field);
            assert!(err.starts_with(&format!("{field}:")), "{field}: {err}");
        }
    }

    #[test]
    fn toml_round_trip_and_unknown_fields() {
        let p = FloorProfile::default_for_depth(5);
        let text = toml::to_string(&p).unwrap();
        assert_eq!(toml::from_str::<FloorProfile>(&text).unwrap(), p);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<FloorProfile>(&json).unwrap(), p);
        let bad = text.replace("monsters =", "monstres =");
        assert!(
            toml::from_str::<FloorProfile>(&bad)
                .unwrap_err()
                .to_string()
                .contains("monstres")
        );
    }

    #[test]
    fn ring_detection() {
        let ring = prefab("a", &["###", "#.+", "###"], &[]);
        let open = prefab("b", &["...", "...", "..."], &[]);
        let ragged = prefab("c", &["###", "#.", "###"], &[]);
        assert!(ring.has_ring());
        assert!(!open.has_ring());
        assert!(!ragged.has_ring());
        assert_eq!(ragged.size(), (3, 3));
    }
}
