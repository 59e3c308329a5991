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
    pub modifiers: Vec<Spanned<ModifierDef>>,
    #[serde(default)]
    pub items: Vec<Spanned<ItemDef>>,
    #[serde(default)]
    pub affixes: Vec<Spanned<AffixDef>>,
    #[serde(default)]
    pub loot: Vec<Spanned<LootDef>>,
    #[serde(default)]
    pub traps: Vec<Spanned<TrapDef>>,
    #[serde(default)]
    pub damage_types: Vec<Spanned<DamageTypeDef>>,
    #[serde(default)]
    pub tags: Vec<Spanned<TagDef>>,
    /// The XP curve and what a level gives; a later pack's table replaces it whole.
    #[serde(default)]
    pub progression: Option<Spanned<ProgressionDef>>,
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
    /// Gold dropped on death, inclusive range (on top of its loot table's).
    #[serde(default)]
    pub gold: (u32, u32),
    /// Loot table rolled when the hero kills it.
    #[serde(default)]
    pub loot: Option<Spanned<String>>,
    #[serde(default)]
    pub triggers: Vec<TriggerDef>,
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

/// One step of an ability or trigger (seed 002's action catalogue). Internally tagged
/// enums buffer their fields, so ids here are plain strings; the loader finds their place
/// in the file by searching the enclosing entry.
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
    /// Puts a modifier on the targets; `turns` overrides the modifier's own duration.
    ApplyModifier {
        modifier: String,
        #[serde(default)]
        turns: Option<u32>,
        #[serde(default)]
        target: Target,
    },
    RemoveModifier {
        modifier: String,
        #[serde(default = "target_self")]
        target: Target,
    },
    /// Calls `count` creatures next to the one that acts; in a fight they join its side.
    Summon {
        creature: String,
        #[serde(default = "one")]
        count: u32,
    },
    Flee,
}

fn one() -> u32 {
    1
}

fn default_damage_type() -> String {
    "core:physical".into()
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
    /// Holds while the creature carries the modifier.
    HasModifier {
        #[serde(default = "who_self")]
        who: Who,
        modifier: String,
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
    /// Item piles placed on the floor, each one roll of `loot`.
    #[serde(default)]
    pub items: u32,
    #[serde(default)]
    pub loot: Option<Spanned<String>>,
    /// Which trap each of the floor's `traps` is, by weight.
    #[serde(default)]
    pub trap_kinds: Vec<SpawnDef>,
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
    pub inventory_size: Option<u32>,
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

/// A trigger: when `event` happens to its holder (in `role`) and `condition` holds, run
/// `actions`. Trigger actions never roll to hit or crit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriggerDef {
    pub event: Spanned<String>,
    /// Which part the holder plays in the event: `target` (was hit, healed, modified),
    /// `source` (hit someone, used an ability), `creature` (died), `killer` (killed).
    /// Unset: the event's natural holder (`target` for damage_dealt, `creature` for
    /// creature_died, `source` for ability_used).
    #[serde(default)]
    pub role: Option<Spanned<String>>,
    #[serde(default)]
    pub condition: Vec<Condition>,
    pub actions: Vec<ActionDef>,
}

/// One attribute change of a modifier: `flat` is added to the base, then the sum of every
/// `percent` scales the result. With `condition`, it counts only while the condition holds
/// (`target` is the creature acted upon, e.g. +50% damage against `core:undead`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EffectDef {
    pub attribute: Spanned<String>,
    #[serde(default)]
    pub flat: f64,
    #[serde(default)]
    pub percent: f64,
    /// For `attribute = "resistance"`: which damage type.
    #[serde(default)]
    pub damage_type: Option<Spanned<String>>,
    #[serde(default)]
    pub condition: Vec<Condition>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stacking {
    /// Applying it again resets its duration.
    #[default]
    Refresh,
    /// Each application adds a stack (up to `max_stacks`) and resets the duration.
    Stack,
    /// Applying it while it lasts does nothing.
    Ignore,
}

/// A status effect: attribute effects and triggers for `duration` turns (0: until removed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModifierDef {
    pub id: Spanned<String>,
    pub name: String,
    #[serde(default)]
    pub duration: u32,
    #[serde(default)]
    pub stacking: Stacking,
    #[serde(default = "one")]
    pub max_stacks: u32,
    #[serde(default)]
    pub effects: Vec<EffectDef>,
    #[serde(default)]
    pub triggers: Vec<TriggerDef>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    Weapon,
    Armour,
    Trinket,
    /// Used up when used: runs its `actions`.
    Consumable,
}

/// An item: equipment (its `modifiers` hold while it is worn) or a consumable (`actions`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemDef {
    pub id: Spanned<String>,
    pub name: String,
    pub symbol: Spanned<String>,
    pub color: Spanned<String>,
    pub slot: Slot,
    #[serde(default)]
    pub modifiers: Vec<Spanned<String>>,
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    #[serde(default)]
    pub triggers: Vec<TriggerDef>,
    /// Shown in the inventory.
    #[serde(default)]
    pub description: String,
}

/// A random property equipment can roll: a name part and modifiers worn with the item.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AffixDef {
    pub id: Spanned<String>,
    /// "Keen" (before the item's name) or "of Warding" (after it).
    #[serde(default)]
    pub prefix: Option<String>,
    #[serde(default)]
    pub suffix: Option<String>,
    /// Slots it may roll on.
    pub slots: Vec<Slot>,
    pub modifiers: Vec<Spanned<String>>,
    #[serde(default = "one")]
    pub weight: u32,
}

/// One weighted line of a loot table: an item, or nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LootEntryDef {
    #[serde(default)]
    pub item: Option<Spanned<String>>,
    pub weight: u32,
}

/// A loot table: `rolls` draws from `entries`, plus gold in a range.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LootDef {
    pub id: Spanned<String>,
    #[serde(default = "one")]
    pub rolls: u32,
    #[serde(default)]
    pub gold: (u32, u32),
    /// Chance (0..1) that a dropped piece of equipment rolls one affix.
    #[serde(default = "zero_cost")]
    pub affix_chance: Spanned<f64>,
    #[serde(default)]
    pub entries: Vec<LootEntryDef>,
}

/// A trap: what happens to the hero who steps on it (`self` is the victim).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrapDef {
    pub id: Spanned<String>,
    pub name: String,
    pub symbol: Spanned<String>,
    pub color: Spanned<String>,
    pub actions: Vec<ActionDef>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageTypeDef {
    pub id: Spanned<String>,
    pub name: String,
    #[serde(default = "default_ability_color")]
    pub color: Spanned<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TagDef {
    pub id: Spanned<String>,
    pub name: String,
}

/// `xp[i]` is the total XP needed for level i + 2; each level adds `per_level`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgressionDef {
    pub xp: Vec<u32>,
    #[serde(default)]
    pub per_level: Attributes,
}
