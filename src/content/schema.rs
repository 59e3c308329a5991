//! The content schema: what a TOML file may say, with serde doing the type checking.
use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::placement::weight_one;
pub use super::placement::{Depths, LootRule, SpawnRule};

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
    #[schemars(with = "Option<BalancePatch>")]
    pub balance: Option<Spanned<BalancePatch>>,
    /// Ids of entries loaded before this pack that it turns off: the entry is gone, the
    /// floors that spawn it lose it, and anything else still naming it is an error.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub disable: Vec<Spanned<String>>,
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
    /// An icon of the atlas by name (e.g. `"skeleton"`; see Pictures), drawn in `color`
    /// instead of `symbol`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub icon: Option<Spanned<String>>,
    /// Mods only: a PNG file in the mod's folder (path from the folder holding `mod.toml`,
    /// e.g. `"ghoul.png"`), drawn as it is; it wins over `icon` (see Pictures).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub sprite: Option<Spanned<String>>,
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
    /// Ordered rules for its action in a fight: it uses the first entry whose conditions hold
    /// and whose ability it can use now (stamina, cooldown, the ability's own conditions),
    /// aimed at the hero; when none does, it waits.
    #[serde(default)]
    pub ai: Vec<AiEntry>,
    /// Experience granted to whoever kills it, at most 1000000.
    #[serde(default)]
    pub xp: u32,
    /// Gold dropped on death, inclusive range (on top of its loot table's); low ≤ high ≤
    /// 1000000.
    #[serde(default)]
    pub gold: (u32, u32),
    /// Loot table rolled when the hero kills it.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub loot: Option<Spanned<String>>,
    /// Reactions to events while it lives.
    #[serde(default)]
    pub triggers: Vec<TriggerDef>,
    /// Hostile creatures start fights and join those near them; non-hostile ones (the
    /// forager) never do, though the hero may still walk into one to fight it.
    #[serde(default = "yes")]
    pub hostile: bool,
    /// How it moves on the map.
    #[serde(default)]
    pub movement: Movement,
    /// Where it appears: each rule adds it to the spawn table of the floors in its
    /// `depths`, with its `weight`, without copying a floor (see "Adding without copying").
    #[serde(default)]
    pub spawn: Vec<SpawnRule>,
}

fn yes() -> bool {
    true
}

/// A creature's base attributes (unset ones take the engine defaults), or in `[progression]`
/// what each level adds to the hero's (unset ones add nothing). Modifiers change them further
/// during a run. Every number is finite; the ranges below are a creature's (what a level adds
/// may also be 0 health, and down to −1 for chances and −1000 for `critical_factor`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attributes {
    /// Health at full (default 10; above 0, at most 1000000).
    pub max_health: Option<f64>,
    /// Stamina at full, paid for abilities (default 0; 0..=1000000).
    pub max_stamina: Option<f64>,
    /// Base damage of an attack (default 1; 0..=1000000).
    pub damage: Option<f64>,
    /// Chance to hit, 0..1 (default 0.7).
    pub hit_chance: Option<f64>,
    /// Chance of a critical hit, 0..1 (default 0.05).
    pub critical_chance: Option<f64>,
    /// Damage factor of a critical hit (default 1.5; 0..=1000).
    pub critical_factor: Option<f64>,
    /// Evasion against hits and speed when fleeing (default 0; −1000..=1000).
    pub dexterity: Option<f64>,
    /// Adds to the critical chance (default 0; −1000..=1000).
    pub luck: Option<f64>,
    /// Share of damage blocked per damage type (`physical = 0.3`; bare names mean `core:`),
    /// −1..=1 (negative: takes more).
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

/// How a creature moves on the map outside a fight: one move per exploration turn, after the
/// hero's (see "Monster modes" below).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    /// What it aims at while chasing: see TargetRule (`treasure` makes it a forager).
    #[serde(default)]
    pub target: TargetRule,
    /// How it steps towards its target: see Nav.
    #[serde(default)]
    pub nav: Nav,
    /// Turns a `greedy` mover may go without getting nearer its target (chasing or
    /// scattering) before it follows a shortest path instead, until it is nearer than it was
    /// then.
    #[serde(default = "default_stuck")]
    pub stuck_turns: u32,
    /// It notices the hero (and stops wandering) once it stands where the hero can see it,
    /// within this many tiles (straight-line) of the hero. Also the reach of the hero's
    /// `all_enemies` outside a fight. At most 1000.
    #[serde(default = "default_sight")]
    pub sight: u32,
    /// Its timed cycle of modes once it has noticed the hero: see Cycle.
    #[serde(default)]
    pub cycle: Cycle,
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
            cycle: Cycle::default(),
        }
    }
}

/// The modes a monster's own timer takes it through once it has noticed the hero (see
/// "Monster modes"). Each phase's length is drawn anew at every switch from its `[balance]`
/// range; every monster has its own timer, started at a random point of its first chase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cycle {
    /// Chase (`chase_turns`), then away (`away_turns`): it makes off from its chase target,
    /// then wander (`wander_turns`): towards its chase target with a random lurch; then chase
    /// again.
    #[default]
    Ghost,
    /// Pac-Man's: chase (`chase_turns`), then scatter (`scatter_turns`) to its corner just
    /// outside the map, then chase again.
    Scatter,
}

/// What a monster aims at while it chases (the other modes have their own targets; see
/// "Monster modes"). Targets may lie off the map or in a wall: the step only gets as near as
/// it can.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TargetRule {
    /// The hero's tile.
    #[default]
    Hero,
    /// `n` tiles ahead of the hero (at most 1000): along the hero's heading, counted from the
    /// tile the hero stood on before its move this turn.
    Ahead(u32),
    /// Closes in from the far side: the nearest monster whose rule is `hero` is its partner,
    /// and it aims at the partner's tile mirrored through the tile two ahead of the hero
    /// (2 × that tile − the partner's). Without a `hero` monster on the floor, the hero's tile.
    Pincer,
    /// The hero's tile while it is more than `n` tiles (straight-line, at most 1000) from the
    /// hero; nearer, its scatter corner, so it hangs about at that distance.
    Shy(u32),
    /// Guards the tile it spawned on: it never wanders, chases the hero only while the hero
    /// is within 6 tiles of that tile (or the floor's alarm sounds), and otherwise, scattering
    /// included, goes back there.
    Guard,
    /// The forager, which races the hero for gold: it has no modes and ignores `nav`,
    /// `sight`, `stuck_turns` and fear. Each turn it takes one step along a shortest path to
    /// the nearest gold pile, walking through creatures, and takes the pile it steps on. Each
    /// pile grows its body by a segment, a trail that follows it tile by tile and that every
    /// creature walks through; killed, it drops each pile's gold where that segment lies. When one forager has taken `forager_alarm` piles the
    /// floor's alarm sounds: every monster chases the hero for the rest of the floor.
    Treasure,
}

/// How a monster steps towards its target while chasing, scattering or fleeing (wandering
/// and frightened monsters step as "Monster modes" says, whatever their `nav`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Nav {
    /// The ghost step: of the neighbouring tiles (up, left, down, right; never straight back;
    /// no wall, no creature) it takes the one nearest its target in a straight line, ties in
    /// that order; fleeing, the one farthest from the hero. With nowhere to go it waits, or
    /// in a dead end turns round. Walls can hold it back: after `stuck_turns` turns without
    /// getting nearer it follows a shortest path until it has got nearer.
    #[default]
    Greedy,
    /// A shortest path over the floor's tiles: it steps to the free neighbour with the
    /// shortest way on (creatures do not shape the path; it waits when they block every way
    /// on). An unreachable target falls back to the ghost step. Fleeing,
    /// it walks down a safety map: away from the hero, but out of dead ends rather than into
    /// them.
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
    /// An icon of the atlas by name (e.g. `"skeleton"`; see Pictures), drawn in `color`
    /// instead of `symbol`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub icon: Option<Spanned<String>>,
    /// Mods only: a PNG file in the mod's folder (path from the folder holding `mod.toml`,
    /// e.g. `"ghoul.png"`), drawn as it is; it wins over `icon` (see Pictures).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub sprite: Option<Spanned<String>>,
    /// Stamina it costs, 0..=1000000.
    #[serde(default = "zero_cost")]
    #[schemars(with = "f64")]
    pub cost: Spanned<f64>,
    /// Turns until it can be used again: used on turn t, it is usable again on turn t + N (locked on the N − 1 turns between; 0 and 1 never lock). The same for the hero and monsters: cooldowns drop by one at the start of every fight turn, before anyone's choice is judged, and outside fights the hero's drop each turn (a monster's wait for the next fight).
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

/// One step of an ability, trigger, item or trap; a list of them runs in order, each action
/// on all its targets before the next. In an ability every target of a `damage` action
/// rolls to hit once, before anything happens: a target missed takes none of the ability's
/// actions. Internally tagged enums buffer their fields, so ids here are plain strings; the
/// loader finds their place in the file by searching the enclosing entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionDef {
    /// Deals `amount + scale × damage` (the acting creature's `damage` attribute; none for a
    /// trap) of a damage type. In an ability it must hit (see above) and may be critical
    /// (× `critical_factor`); triggers, items and traps never miss or crit. The target's
    /// resistance (at most `resistance_cap`) then takes its share; the result is rounded,
    /// and at least 1. A target brought to 0 health or below dies (`creature_died`).
    Damage {
        /// How much damage, 0..=1000000.
        #[serde(default)]
        amount: f64,
        /// Times the source's `damage` attribute, added to `amount`; 0..=1000.
        #[serde(default)]
        scale: f64,
        /// Damage type id; bare names mean `core:`.
        #[serde(default = "default_damage_type")]
        damage_type: String,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default)]
        target: Target,
    },
    /// Restores health, up to the target's maximum; queues `healed` (with the amount
    /// actually restored).
    Heal {
        /// How much health, 0..=1000000.
        amount: f64,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default = "target_self")]
        target: Target,
    },
    /// Restores stamina, up to the target's maximum.
    RestoreStamina {
        /// How much stamina, 0..=1000000.
        amount: f64,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default = "target_self")]
        target: Target,
    },
    /// Gives gold when the one acting is the hero (an item, the hero's ability or trigger)
    /// or a trap's victim; a monster's does nothing.
    GrantGold {
        /// How much gold, at most 1000000.
        amount: u32,
    },
    /// Puts a modifier on the targets by its `stacking`; `turns` overrides the modifier's
    /// own duration. `core:frightened` is the engine's fear: a frightened monster leaves the
    /// fight, starts none and moves at random (see "Monster modes"); it lasts the longer of
    /// what is left and what is given, and `turns = 0` there means `flee_fright_turns`.
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
    /// Removes a modifier the targets carry (every stack); queues `modifier_expired` if it
    /// was there.
    RemoveModifier {
        /// Modifier id.
        modifier: String,
        /// Who is affected: `self`, `target` or `all_enemies`.
        #[serde(default = "target_self")]
        target: Target,
    },
    /// Calls `count` creatures onto the free tiles nearest the one acting (up to 3 steps
    /// away; fewer when there is no room). They have seen the hero; in a fight the hostile
    /// ones join the hero's enemies.
    Summon {
        /// Creature id.
        creature: String,
        /// How many, at most 1000.
        #[serde(default = "one")]
        count: u32,
    },
    /// The one acting tries to leave the fight (nothing outside one): chance
    /// `0.5 + (its dexterity − the fastest opponent's) × flee`, kept within 0.1..0.9. The
    /// hero who gets away ends the fight and frightens every enemy for `flee_fright_turns`;
    /// a monster that gets away leaves the fight frightened.
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
    /// The one acting: the ability's user, the trigger's holder, the hero for an item; for a
    /// trap, its victim.
    #[serde(rename = "self")]
    SelfTarget,
    /// The one acted upon: the ability's target (a monster's is always the hero; the hero's is
    /// the enemy it chose, by default the first), the other party of a trigger's event (see
    /// "Events and roles"), the item's chosen target (in a fight by default the first enemy),
    /// a trap's victim. Nobody when there is none.
    #[default]
    Target,
    /// The other side: for the hero in a fight every enemy in it, outside a fight every
    /// hostile creature the hero sees within that creature's `sight`; for a monster, the
    /// hero; for a trap, its victim.
    AllEnemies,
}

/// The condition grammar shared by abilities, `ai` lists and triggers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "check", rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// Compares a number of `who`: `health` and `stamina` as a fraction of their maximum
    /// (0..1), the others as their current value (modifiers and levels included). With both
    /// `below` and `above`, both must hold; with `who = "target"` and nobody there, false.
    Attribute {
        /// Whose value is tested: `self` or `target`.
        #[serde(default = "who_self")]
        who: Who,
        /// See "Condition attributes" below.
        attribute: String,
        /// Holds when the value is below this (a finite number).
        below: Option<f64>,
        /// Holds when the value is above this (a finite number).
        above: Option<f64>,
    },
    /// Holds when `who`'s creature kind lists the tag.
    Tag {
        /// Whose value is tested: `self` or `target`.
        #[serde(default = "who_target")]
        who: Who,
        /// Tag id the creature must carry.
        tag: String,
    },
    /// Holds while `who` carries the modifier (one put on it: a worn item's modifiers do not
    /// count; `core:frightened` counts while it is frightened).
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

/// Whose values a condition tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The one the condition belongs to: the ability's user, the creature whose `ai` list it
    /// is, the trigger's holder, the creature an effect's modifier is on (the hero, for
    /// what it wears).
    #[serde(rename = "self")]
    SelfTarget,
    /// The other one: the ability's target (a monster's `ai`: the hero), the other party of
    /// the trigger's event, for an effect's condition the other creature of the attack
    /// being worked out. A condition on a target that is not there is false.
    Target,
}

/// A floor profile: `depth` is the first floor it applies to (until the next profile's depth).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FloorDef {
    /// First floor (1-based) this profile applies to.
    pub depth: u32,
    /// Map width in tiles (odd, 11..=1001).
    pub width: u32,
    /// Map height in tiles (odd, 11..=1001).
    pub height: u32,
    /// Percent of corridor dead ends filled again, 0..=100.
    #[serde(default = "default_regression")]
    pub regression: f64,
    /// Percent of walls between corridors opened, 0..=100: of the walls that separate two
    /// corridor tiles in a straight line, counted before any is opened, this share (rounded)
    /// becomes floor.
    #[serde(default = "default_imperfection")]
    pub imperfection: f64,
    /// Loops first: walls whose walk around (from one side to the other) is at least this
    /// many tiles are opened before the rest, so loops join corridors that were far apart;
    /// shorter ones only make up the `imperfection` share when too few long ones are left.
    /// `0`: no preference, every wall is equally likely. At most 100.
    #[serde(default = "default_loop_min_gap")]
    pub loop_min_gap: u32,
    /// Rooms placed.
    #[serde(default)]
    pub rooms: u32,
    /// Smallest room side (odd, at least 3).
    #[serde(default = "default_room_min")]
    pub room_min: u32,
    /// Largest room side (odd, at least `room_min`, fitting inside the map).
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
    /// Gold per pile, inclusive range; low ≤ high ≤ 1000000.
    #[serde(default)]
    pub gold: (u32, u32),
    /// Which creatures spawn, by weight; creatures' own `spawn` rules add to it.
    #[serde(default)]
    pub spawns: Vec<SpawnDef>,
    /// Prefab room ids this floor draws from, `prefab_count` times; prefabs' own `depths`
    /// add to it.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub prefabs: Vec<Spanned<String>>,
    /// Prefab rooms placed.
    #[serde(default)]
    pub prefab_count: u32,
    /// Item piles placed on the floor, each one roll of `loot`; at most 1000.
    #[serde(default)]
    pub items: u32,
    /// Loot table each item pile rolls.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub loot: Option<Spanned<String>>,
    /// Which trap each of the floor's `traps` is, by weight; traps' own `spawn` rules add
    /// to it.
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
    /// Floors it is added to: one depth (`3`) or an inclusive range (`[3, 5]`), from 1 to
    /// the run's last floor; each of them lists it among its `prefabs` without a copy of the
    /// floor (see "Adding without copying"). It must fit inside each of those floors.
    #[serde(default)]
    #[schemars(with = "Option<Depths>")]
    pub depths: Option<Spanned<Depths>>,
    /// With `depths`: how many times each of those floors lists it, 1..=100. A floor draws
    /// each of its `prefab_count` rooms from its list with every line alike, so this is
    /// its weight against the floor's other prefabs (each of those counts 1).
    #[serde(default = "weight_one")]
    #[schemars(with = "u32")]
    pub weight: Spanned<u32>,
}

fn default_regression() -> f64 {
    30.0
}
fn default_imperfection() -> f64 {
    10.0
}
fn default_loop_min_gap() -> u32 {
    crate::dungeon::LOOP_MIN_GAP
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
    /// Turns a monster chases in its cycle, `[fewest, most]`, drawn at each switch.
    pub chase_turns: Option<(u32, u32)>,
    /// Turns a `ghost`-cycle monster makes off from its target, `[fewest, most]`.
    pub away_turns: Option<(u32, u32)>,
    /// Turns a `ghost`-cycle monster wanders towards its target, `[fewest, most]`.
    pub wander_turns: Option<(u32, u32)>,
    /// Turns a `scatter`-cycle monster heads for its corner, `[fewest, most]`.
    pub scatter_turns: Option<(u32, u32)>,
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
            loop_min_gap: self.loop_min_gap,
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
    /// Added to the base value; −1000000..=1000000.
    #[serde(default)]
    pub flat: f64,
    /// In percent, summed with the other percents, then scales the result (50 = +50%);
    /// −100..=10000.
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
    /// Each application adds a stack (up to `max_stacks`) and resets the duration; effects
    /// and triggers count once per stack.
    Stack,
    /// Applying it while it lasts does nothing (and queues no `modifier_applied`).
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
    /// Worn in the weapon slot: one weapon at a time; wearing another puts this one back in
    /// the pack.
    Weapon,
    /// Worn in the armour slot, one at a time.
    Armour,
    /// Worn in the trinket slot, one at a time.
    Trinket,
    /// Not worn: using it (in a fight, as the hero's action) runs its `actions` with the hero
    /// acting, never rolling to hit, and uses it up.
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
    /// An icon of the atlas by name (e.g. `"skeleton"`; see Pictures), drawn in `color`
    /// instead of `symbol`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub icon: Option<Spanned<String>>,
    /// Mods only: a PNG file in the mod's folder (path from the folder holding `mod.toml`,
    /// e.g. `"ghoul.png"`), drawn as it is; it wins over `icon` (see Pictures).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub sprite: Option<Spanned<String>>,
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
    /// Loot tables it drops from: each rule adds it to a table with its `weight`, without
    /// copying the table (see "Adding without copying").
    #[serde(default)]
    pub loot: Vec<LootRule>,
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
    /// Draws from `entries`, at most 1000.
    #[serde(default = "one")]
    pub rolls: u32,
    /// Gold dropped, inclusive range; low ≤ high ≤ 1000000.
    #[serde(default)]
    pub gold: (u32, u32),
    /// Chance (0..1) that a dropped piece of equipment rolls one affix.
    #[serde(default = "zero_cost")]
    #[schemars(with = "f64")]
    pub affix_chance: Spanned<f64>,
    /// The weighted lines; items' own `loot` rules add to them.
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
    /// An icon of the atlas by name (e.g. `"skeleton"`; see Pictures), drawn in `color`
    /// instead of `symbol`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub icon: Option<Spanned<String>>,
    /// Mods only: a PNG file in the mod's folder (path from the folder holding `mod.toml`,
    /// e.g. `"ghoul.png"`), drawn as it is; it wins over `icon` (see Pictures).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub sprite: Option<Spanned<String>>,
    /// What it does to the victim.
    pub actions: Vec<ActionDef>,
    /// Where it is laid: each rule adds it to the trap kinds of the floors in its `depths`,
    /// with its `weight`, without copying a floor (see "Adding without copying").
    #[serde(default)]
    pub spawn: Vec<SpawnRule>,
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
