//! The content schema: what a TOML file may say, with serde doing the type checking.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use toml::Spanned;

/// One content file: every registry is an optional array of tables.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContentFile {
    #[serde(default)]
    pub creatures: Vec<Spanned<CreatureDef>>,
    #[serde(default)]
    pub abilities: Vec<Spanned<AbilityDef>>,
    #[serde(default)]
    pub floors: Vec<Spanned<FloorDef>>,
    #[serde(default)]
    pub prefabs: Vec<Spanned<PrefabDef>>,
    #[serde(default)]
    pub balance: Option<BalancePatch>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureDef {
    pub id: Spanned<String>,
    pub name: String,
    pub symbol: Spanned<String>,
    pub color: Spanned<String>,
    #[serde(default)]
    pub tags: Vec<Spanned<String>>,
    #[serde(default)]
    pub base: Attributes,
    #[serde(default)]
    pub abilities: Vec<Spanned<String>>,
    #[serde(default)]
    pub ai: Vec<AiEntry>,
    /// Experience granted to whoever kills it.
    #[serde(default)]
    pub xp: u32,
    /// Gold dropped on death, inclusive range.
    #[serde(default)]
    pub gold: (u32, u32),
    /// Hostile creatures start fights; non-hostile ones (the forager) never do.
    #[serde(default = "yes")]
    pub hostile: bool,
    #[serde(default)]
    pub movement: Movement,
}

fn yes() -> bool {
    true
}

/// The base attributes of seed 002's catalogue; unset ones take the engine defaults.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attributes {
    pub max_health: Option<f64>,
    pub max_stamina: Option<f64>,
    pub damage: Option<f64>,
    pub hit_chance: Option<f64>,
    pub critical_chance: Option<f64>,
    pub critical_factor: Option<f64>,
    pub dexterity: Option<f64>,
    pub luck: Option<f64>,
    #[serde(default)]
    pub resistance: BTreeMap<String, f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiEntry {
    #[serde(default)]
    pub condition: Vec<Condition>,
    pub ability: Spanned<String>,
}

/// How a creature moves on the map (GAME.md "Monster movement").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    #[serde(default)]
    pub target: TargetRule,
    #[serde(default)]
    pub nav: Nav,
    /// Turns a greedy mover may fail to get closer before it switches to path navigation.
    #[serde(default = "default_stuck")]
    pub stuck_turns: u32,
    /// Tiles it can see.
    #[serde(default = "default_sight")]
    pub sight: u32,
}

fn default_stuck() -> u32 {
    6
}
fn default_sight() -> u32 {
    8
}

impl Default for Movement {
    fn default() -> Self {
        Self {
            target: TargetRule::default(),
            nav: Nav::default(),
            stuck_turns: default_stuck(),
            sight: default_sight(),
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetRule {
    #[default]
    Hero,
    Ahead(u32),
    Pincer,
    Shy(u32),
    Guard,
    Treasure,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nav {
    #[default]
    Greedy,
    Path,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbilityDef {
    pub id: Spanned<String>,
    pub name: String,
    #[serde(default = "default_ability_symbol")]
    pub symbol: Spanned<String>,
    #[serde(default = "default_ability_color")]
    pub color: Spanned<String>,
    #[serde(default = "zero_cost")]
    pub cost: Spanned<f64>,
    #[serde(default)]
    pub cooldown: u32,
    #[serde(default)]
    pub condition: Vec<Condition>,
    #[serde(default)]
    pub actions: Vec<ActionDef>,
}

fn zero_cost() -> Spanned<f64> {
    Spanned::new(0..0, 0.0)
}

fn default_ability_symbol() -> Spanned<String> {
    Spanned::new(0..0, "*".into())
}
fn default_ability_color() -> Spanned<String> {
    Spanned::new(0..0, "white".into())
}

/// One step of an ability or trigger (seed 002's action catalogue).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionDef {
    Damage {
        #[serde(default)]
        amount: f64,
        #[serde(default)]
        scale: f64,
        #[serde(default = "default_damage_type")]
        damage_type: String,
        #[serde(default)]
        target: Target,
    },
    Heal {
        amount: f64,
        #[serde(default = "target_self")]
        target: Target,
    },
    RestoreStamina {
        amount: f64,
        #[serde(default = "target_self")]
        target: Target,
    },
    GrantGold {
        amount: u32,
    },
    Flee,
}

fn default_damage_type() -> String {
    "physical".into()
}
fn target_self() -> Target {
    Target::SelfTarget
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    #[serde(rename = "self")]
    SelfTarget,
    #[default]
    Target,
    AllEnemies,
}

/// The condition grammar shared by abilities, `ai` lists and triggers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "check", rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// `health` and `stamina` compare as a fraction of their maximum; others as values.
    Attribute {
        #[serde(default = "who_self")]
        who: Who,
        attribute: String,
        below: Option<f64>,
        above: Option<f64>,
    },
    Tag {
        #[serde(default = "who_target")]
        who: Who,
        tag: String,
    },
}

fn who_self() -> Who {
    Who::SelfTarget
}
fn who_target() -> Who {
    Who::Target
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    #[serde(rename = "self")]
    SelfTarget,
    Target,
}

/// A floor profile: `depth` is the first floor it applies to (until the next profile's depth).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FloorDef {
    pub depth: u32,
    pub width: u32,
    pub height: u32,
    #[serde(default = "default_regression")]
    pub regression: f64,
    #[serde(default = "default_imperfection")]
    pub imperfection: f64,
    #[serde(default)]
    pub rooms: u32,
    #[serde(default = "default_room_min")]
    pub room_min: u32,
    #[serde(default = "default_room_max")]
    pub room_max: u32,
    #[serde(default = "default_room_tries")]
    pub room_tries: u32,
    #[serde(default)]
    pub monsters: u32,
    #[serde(default)]
    pub traps: u32,
    #[serde(default)]
    pub treasure: u32,
    #[serde(default)]
    pub gold: (u32, u32),
    #[serde(default)]
    pub spawns: Vec<SpawnDef>,
    /// Prefab room ids this floor draws from, `prefab_count` times.
    #[serde(default)]
    pub prefabs: Vec<Spanned<String>>,
    #[serde(default)]
    pub prefab_count: u32,
}

/// A hand-made room: `rows` of `#` wall, `.` floor, `+` door and legend characters, each a
/// floor tile with a creature on it; those creatures are the room's encounter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrefabDef {
    pub id: Spanned<String>,
    pub rows: Vec<String>,
    #[serde(default)]
    pub legend: BTreeMap<String, Spanned<String>>,
}

fn default_regression() -> f64 {
    30.0
}
fn default_imperfection() -> f64 {
    10.0
}
fn default_room_min() -> u32 {
    3
}
fn default_room_max() -> u32 {
    9
}
fn default_room_tries() -> u32 {
    40
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpawnDef {
    pub id: Spanned<String>,
    pub weight: u32,
}

/// `[balance]` as written in a file: every knob optional, merged field by field.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BalancePatch {
    pub evasion: Option<f64>,
    pub flee: Option<f64>,
    pub stamina_regen: Option<f64>,
    pub resistance_cap: Option<f64>,
    pub hit_clamp: Option<(f64, f64)>,
    pub luck_crit: Option<f64>,
    pub encounter_radius: Option<u32>,
    pub flee_fright_turns: Option<u32>,
    pub floors: Option<u32>,
    pub forager_alarm: Option<u32>,
    pub health_regen: Option<f64>,
}

impl FloorDef {
    /// The generator's profile for this floor definition; prefab ids missing from `prefabs`
    /// are left out (loading reports them).
    pub fn profile(
        &self,
        prefabs: &BTreeMap<String, crate::dungeon::Prefab>,
    ) -> crate::dungeon::FloorProfile {
        crate::dungeon::FloorProfile {
            width: self.width,
            height: self.height,
            regression: self.regression,
            imperfection: self.imperfection,
            rooms: self.rooms,
            room_min: self.room_min,
            room_max: self.room_max,
            room_tries: self.room_tries,
            monsters: self.monsters,
            traps: self.traps,
            treasure: self.treasure,
            gold: self.gold,
            spawns: self
                .spawns
                .iter()
                .map(|s| crate::dungeon::SpawnEntry {
                    id: s.id.get_ref().clone(),
                    weight: s.weight,
                })
                .collect(),
            prefabs: self
                .prefabs
                .iter()
                .filter_map(|id| prefabs.get(id.get_ref()).cloned())
                .collect(),
            prefab_count: self.prefab_count,
        }
    }
}
