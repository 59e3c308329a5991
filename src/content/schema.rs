//! The content schema: what a TOML file may say, with serde doing the type checking.
use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// One content file: every registry is an optional array of tables.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ContentFile {
    /// Creature kinds, the hero (`core:hero`) included.
    #[serde(default)]
    #[schemars(with = "Vec<CreatureDef>")]
    pub creatures: Vec<Spanned<CreatureDef>>,
    /// What creatures can do in a fight.
    #[serde(default)]
    #[schemars(with = "Vec<AbilityDef>")]
    pub abilities: Vec<Spanned<AbilityDef>>,
    /// Floor profiles: map size, generator parameters and spawn tables from a depth on.
    #[serde(default)]
    #[schemars(with = "Vec<FloorDef>")]
    pub floors: Vec<Spanned<FloorDef>>,
    /// Hand-made rooms with their encounters.
    #[serde(default)]
    #[schemars(with = "Vec<PrefabDef>")]
    pub prefabs: Vec<Spanned<PrefabDef>>,
    /// Status effects: attribute changes and triggers for some turns.
    #[serde(default)]
    #[schemars(with = "Vec<ModifierDef>")]
    pub modifiers: Vec<Spanned<ModifierDef>>,
    /// Equipment and consumables.
    #[serde(default)]
    #[schemars(with = "Vec<ItemDef>")]
    pub items: Vec<Spanned<ItemDef>>,
    /// Random properties equipment may roll.
    #[serde(default)]
    #[schemars(with = "Vec<AffixDef>")]
    pub affixes: Vec<Spanned<AffixDef>>,
    /// Loot tables: what drops, and how much gold.
    #[serde(default)]
    #[schemars(with = "Vec<LootDef>")]
    pub loot: Vec<Spanned<LootDef>>,
    /// What happens to the hero who steps on a trap.
    #[serde(default)]
    #[schemars(with = "Vec<TrapDef>")]
    pub traps: Vec<Spanned<TrapDef>>,
    /// Damage types (resistances refer to them).
    #[serde(default)]
    #[schemars(with = "Vec<DamageTypeDef>")]
    pub damage_types: Vec<Spanned<DamageTypeDef>>,
    /// Tags creatures carry (conditions test them).
    #[serde(default)]
    #[schemars(with = "Vec<TagDef>")]
    pub tags: Vec<Spanned<TagDef>>,
    /// The XP curve and what a level gives; a later pack's table replaces it whole.
    #[serde(default)]
    #[schemars(with = "Option<ProgressionDef>")]
    pub progression: Option<Spanned<ProgressionDef>>,
    /// The engine knobs; each one given replaces the current value, the others stay.
    #[serde(default)]
    pub balance: Option<BalancePatch>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureDef {
    /// Namespaced id, e.g. `mymod:ghoul`.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
    /// One printable ASCII character the tile atlas draws.
    #[schemars(with = "String")]
    pub symbol: Spanned<String>,
    /// A colour name (white, grey, black, red, orange, yellow, green, cyan, blue, purple, pink, brown, gold, bone) or `#rrggbb`.
    #[schemars(with = "String")]
    pub color: Spanned<String>,
    /// Tag ids, e.g. `core:undead`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub tags: Vec<Spanned<String>>,
    /// Base attributes; unset ones take the engine defaults.
    #[serde(default)]
    pub base: Attributes,
    /// Ability ids it may use (`core:flee` and `core:wait` need not be listed).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub abilities: Vec<Spanned<String>>,
    /// Ordered rules: in a fight it uses the first ability whose condition holds.
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
    #[schemars(with = "Option<String>")]
    pub loot: Option<Spanned<String>>,
    /// Reactions to events while it lives.
    #[serde(default)]
    pub triggers: Vec<TriggerDef>,
    /// Hostile creatures start fights; non-hostile ones (the forager) never do.
    #[serde(default = "yes")]
    pub hostile: bool,
    /// How it moves on the map.
    #[serde(default)]
    pub movement: Movement,
}

fn yes() -> bool {
    true
}

/// The base attributes of seed 002's catalogue; unset ones take the engine defaults.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attributes {
    /// Health at full (default 10; must be above 0).
    pub max_health: Option<f64>,
    /// Stamina at full, paid for abilities (default 0).
    pub max_stamina: Option<f64>,
    /// Base damage of an attack (default 1).
    pub damage: Option<f64>,
    /// Chance to hit, 0..1 (default 0.7).
    pub hit_chance: Option<f64>,
    /// Chance of a critical hit, 0..1 (default 0.05).
    pub critical_chance: Option<f64>,
    /// Damage factor of a critical hit (default 1.5).
    pub critical_factor: Option<f64>,
    /// Evasion against hits and speed when fleeing (default 0).
    pub dexterity: Option<f64>,
    /// Adds to the critical chance (default 0).
    pub luck: Option<f64>,
    /// Share of damage blocked per damage type (`physical = 0.3`; bare names mean `core:`).
    #[serde(default)]
    pub resistance: BTreeMap<String, f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AiEntry {
    /// Every condition must hold for the rule to apply; empty: always.
    #[serde(default)]
    pub condition: Vec<Condition>,
    /// The ability used when the rule applies.
    #[schemars(with = "String")]
    pub ability: Spanned<String>,
}

/// How a creature moves on the map (GAME.md "Monster movement").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    /// What it walks towards: `hero`, `{ ahead = n }` (n tiles ahead of the hero), `pincer`, `{ shy = n }` (keeps n tiles away), `guard` or `treasure`.
    #[serde(default)]
    pub target: TargetRule,
    /// `greedy` (step closer) or `path` (shortest path).
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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Nav {
    #[default]
    Greedy,
    Path,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AbilityDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
    /// Icon character (printable ASCII).
    #[serde(default = "default_ability_symbol")]
    #[schemars(with = "String")]
    pub symbol: Spanned<String>,
    /// Icon colour (name or `#rrggbb`).
    #[serde(default = "default_ability_color")]
    #[schemars(with = "String")]
    pub color: Spanned<String>,
    /// Stamina it costs; not negative.
    #[serde(default = "zero_cost")]
    #[schemars(with = "f64")]
    pub cost: Spanned<f64>,
    /// Turns before it can be used again.
    #[serde(default)]
    pub cooldown: u32,
    /// Conditions under which it may be used at all.
    #[serde(default)]
    pub condition: Vec<Condition>,
    /// What it does, in order.
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionDef {
    /// Deals `amount + scale × damage` of a damage type (rolls to hit and crit in a fight).
    Damage {
        /// How much (damage, health, stamina or gold).
        #[serde(default)]
        amount: f64,
        /// Times the source's `damage` attribute, added to `amount`.
        #[serde(default)]
        scale: f64,
        /// Damage type id; bare names mean `core:`.
        #[serde(default = "default_damage_type")]
        damage_type: String,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default)]
        target: Target,
    },
    /// Restores health.
    Heal {
        /// How much (damage, health, stamina or gold).
        amount: f64,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default = "target_self")]
        target: Target,
    },
    /// Restores stamina.
    RestoreStamina {
        /// How much (damage, health, stamina or gold).
        amount: f64,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default = "target_self")]
        target: Target,
    },
    /// Gives the hero gold.
    GrantGold {
        /// How much (damage, health, stamina or gold).
        amount: u32,
    },
    /// Puts a modifier on the targets; `turns` overrides the modifier's own duration.
    ApplyModifier {
        /// Modifier id.
        modifier: String,
        /// Overrides the modifier's own duration.
        #[serde(default)]
        turns: Option<u32>,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default)]
        target: Target,
    },
    /// Removes a modifier.
    RemoveModifier {
        /// Modifier id.
        modifier: String,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default = "target_self")]
        target: Target,
    },
    /// Calls `count` creatures next to the one that acts; in a fight they join its side.
    Summon {
        /// Creature id.
        creature: String,
        /// How many.
        #[serde(default = "one")]
        count: u32,
    },
    /// Tries to leave the fight.
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

/// Who an action affects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    #[serde(rename = "self")]
    SelfTarget,
    #[default]
    Target,
    AllEnemies,
}

/// The condition grammar shared by abilities, `ai` lists and triggers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "check", rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// `health` and `stamina` compare as a fraction of their maximum; others as values.
    Attribute {
        /// Whose value is tested: `self` or `target`.
        #[serde(default = "who_self")]
        who: Who,
        /// See "Condition attributes" below.
        attribute: String,
        /// Holds when the value is below this.
        below: Option<f64>,
        /// Holds when the value is above this.
        above: Option<f64>,
    },
    /// Holds when the creature carries the tag.
    Tag {
        /// Whose value is tested: `self` or `target`.
        #[serde(default = "who_target")]
        who: Who,
        /// Tag id the creature must carry.
        tag: String,
    },
    /// Holds while the creature carries the modifier.
    HasModifier {
        /// Whose value is tested: `self` or `target`.
        #[serde(default = "who_self")]
        who: Who,
        /// Modifier id.
        modifier: String,
    },
}

fn who_self() -> Who {
    Who::SelfTarget
}
fn who_target() -> Who {
    Who::Target
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    #[serde(rename = "self")]
    SelfTarget,
    Target,
}

/// A floor profile: `depth` is the first floor it applies to (until the next profile's depth).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FloorDef {
    /// First floor (1-based) this profile applies to.
    pub depth: u32,
    /// Map width in tiles (odd).
    pub width: u32,
    /// Map height in tiles (odd).
    pub height: u32,
    /// Percent of corridor dead ends filled again.
    #[serde(default = "default_regression")]
    pub regression: f64,
    /// Percent of walls between corridors opened.
    #[serde(default = "default_imperfection")]
    pub imperfection: f64,
    /// Rooms placed.
    #[serde(default)]
    pub rooms: u32,
    /// Smallest room side.
    #[serde(default = "default_room_min")]
    pub room_min: u32,
    /// Largest room side.
    #[serde(default = "default_room_max")]
    pub room_max: u32,
    /// Placement tries per room.
    #[serde(default = "default_room_tries")]
    pub room_tries: u32,
    /// Monsters spawned.
    #[serde(default)]
    pub monsters: u32,
    /// Traps placed.
    #[serde(default)]
    pub traps: u32,
    /// Gold piles placed.
    #[serde(default)]
    pub treasure: u32,
    /// Gold per pile, inclusive range.
    #[serde(default)]
    pub gold: (u32, u32),
    /// Which creatures spawn, by weight.
    #[serde(default)]
    pub spawns: Vec<SpawnDef>,
    /// Prefab room ids this floor draws from, `prefab_count` times.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub prefabs: Vec<Spanned<String>>,
    /// Prefab rooms placed.
    #[serde(default)]
    pub prefab_count: u32,
    /// Item piles placed on the floor, each one roll of `loot`.
    #[serde(default)]
    pub items: u32,
    /// Loot table each item pile rolls.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub loot: Option<Spanned<String>>,
    /// Which trap each of the floor's `traps` is, by weight.
    #[serde(default)]
    pub trap_kinds: Vec<SpawnDef>,
}

/// A hand-made room: `rows` of `#` wall, `.` floor, `+` door and legend characters, each a
/// floor tile with a creature on it; those creatures are the room's encounter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrefabDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// The layout, one string per row, all of one length.
    pub rows: Vec<String>,
    /// Legend characters to creature ids, e.g. `{ s = "core:skeleton" }`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, String>")]
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

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpawnDef {
    /// Creature (in `spawns`) or trap (in `trap_kinds`) id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Relative weight.
    pub weight: u32,
}

/// `[balance]` as written in a file: every knob optional, merged field by field.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BalancePatch {
    /// Hit chance lost per point of the defender's dexterity.
    pub evasion: Option<f64>,
    /// Flee chance gained per point of dexterity over the fastest opponent.
    pub flee: Option<f64>,
    /// Stamina regained per turn.
    pub stamina_regen: Option<f64>,
    /// Highest resistance counted.
    pub resistance_cap: Option<f64>,
    /// Lowest and highest hit chance, `[low, high]`.
    pub hit_clamp: Option<(f64, f64)>,
    /// Critical chance gained per point of luck.
    pub luck_crit: Option<f64>,
    /// Tiles within which hostiles join a fight.
    pub encounter_radius: Option<u32>,
    /// Turns enemies stay frightened after the hero flees.
    pub flee_fright_turns: Option<u32>,
    /// Floors in a run.
    pub floors: Option<u32>,
    /// Piles a forager may take before the floor's alarm sounds.
    pub forager_alarm: Option<u32>,
    /// Health the hero recovers per exploration turn.
    pub health_regen: Option<f64>,
    /// How many items the hero's pack holds.
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerDef {
    /// The event it listens to (see Events).
    #[schemars(with = "String")]
    pub event: Spanned<String>,
    /// Which part the holder plays in the event: `target` (was hit, healed, modified),
    /// `source` (hit someone, used an ability), `creature` (died), `killer` (killed).
    /// Unset: the event's natural holder (`target` for damage_dealt, `creature` for
    /// creature_died, `source` for ability_used).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub role: Option<Spanned<String>>,
    /// Conditions that must hold when the event happens.
    #[serde(default)]
    pub condition: Vec<Condition>,
    /// What it does.
    pub actions: Vec<ActionDef>,
}

/// One attribute change of a modifier: `flat` is added to the base, then the sum of every
/// `percent` scales the result. With `condition`, it counts only while the condition holds
/// (`target` is the creature acted upon, e.g. +50% damage against `core:undead`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectDef {
    /// The attribute changed (`max_health`, `max_stamina`, `damage`, `hit_chance`, `critical_chance`, `critical_factor`, `dexterity`, `luck`, `resistance`).
    #[schemars(with = "String")]
    pub attribute: Spanned<String>,
    /// Added to the base value.
    #[serde(default)]
    pub flat: f64,
    /// Summed with the other percents, then scales the result (0.5 = +50%).
    #[serde(default)]
    pub percent: f64,
    /// For `attribute = "resistance"`: which damage type.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub damage_type: Option<Spanned<String>>,
    /// While these hold; `target` is the creature acted upon.
    #[serde(default)]
    pub condition: Vec<Condition>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModifierDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
    /// Turns it lasts; 0 until removed.
    #[serde(default)]
    pub duration: u32,
    /// What applying it again does.
    #[serde(default)]
    pub stacking: Stacking,
    /// Most stacks it reaches (with `stacking = "stack"`).
    #[serde(default = "one")]
    pub max_stacks: u32,
    /// Attribute changes while it lasts.
    #[serde(default)]
    pub effects: Vec<EffectDef>,
    /// Reactions to events while it lasts.
    #[serde(default)]
    pub triggers: Vec<TriggerDef>,
}

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    Weapon,
    Armour,
    Trinket,
    /// Used up when used: runs its `actions`.
    Consumable,
}

/// An item: equipment (its `modifiers` hold while it is worn) or a consumable (`actions`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ItemDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
    /// Map character (printable ASCII).
    #[schemars(with = "String")]
    pub symbol: Spanned<String>,
    /// Map colour (name or `#rrggbb`).
    #[schemars(with = "String")]
    pub color: Spanned<String>,
    /// Where it is worn, or `consumable`.
    pub slot: Slot,
    /// Modifier ids that hold while it is worn.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub modifiers: Vec<Spanned<String>>,
    /// What using it does (consumables only).
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// Reactions to events while it is worn.
    #[serde(default)]
    pub triggers: Vec<TriggerDef>,
    /// Shown in the inventory.
    #[serde(default)]
    pub description: String,
}

/// A random property equipment can roll: a name part and modifiers worn with the item.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AffixDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// "Keen" (before the item's name) or "of Warding" (after it).
    #[serde(default)]
    pub prefix: Option<String>,
    /// The name part after the item's name; give exactly one of `prefix` and `suffix`.
    #[serde(default)]
    pub suffix: Option<String>,
    /// Slots it may roll on.
    pub slots: Vec<Slot>,
    /// Modifier ids worn with the item.
    #[schemars(with = "Vec<String>")]
    pub modifiers: Vec<Spanned<String>>,
    /// Relative weight among the affixes of a slot.
    #[serde(default = "one")]
    pub weight: u32,
}

/// One weighted line of a loot table: an item, or nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LootEntryDef {
    /// Item id; unset: nothing drops.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub item: Option<Spanned<String>>,
    /// Relative weight.
    pub weight: u32,
}

/// A loot table: `rolls` draws from `entries`, plus gold in a range.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LootDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Draws from `entries`.
    #[serde(default = "one")]
    pub rolls: u32,
    /// Gold dropped, inclusive range.
    #[serde(default)]
    pub gold: (u32, u32),
    /// Chance (0..1) that a dropped piece of equipment rolls one affix.
    #[serde(default = "zero_cost")]
    #[schemars(with = "f64")]
    pub affix_chance: Spanned<f64>,
    /// The weighted lines.
    #[serde(default)]
    pub entries: Vec<LootEntryDef>,
}

/// A trap: what happens to the hero who steps on it (`self` is the victim).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrapDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
    /// Map character (printable ASCII).
    #[schemars(with = "String")]
    pub symbol: Spanned<String>,
    /// Map colour (name or `#rrggbb`).
    #[schemars(with = "String")]
    pub color: Spanned<String>,
    /// What it does to the victim.
    pub actions: Vec<ActionDef>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageTypeDef {
    /// Namespaced id; content may write core types bare (`"blunt"`).
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
    /// Colour of its numbers (name or `#rrggbb`).
    #[serde(default = "default_ability_color")]
    #[schemars(with = "String")]
    pub color: Spanned<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
}

/// `xp[i]` is the total XP needed for level i + 2; each level adds `per_level`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProgressionDef {
    /// Total XP for each level from 2 on; strictly rising.
    pub xp: Vec<u32>,
    /// Attributes every level adds.
    #[serde(default)]
    pub per_level: Attributes,
}
