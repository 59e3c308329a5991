//! Creature kinds (`[[creatures]]`): attributes, `ai`, movement.
use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::*;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureDef {
    /// Namespaced id, e.g. `mymod:ghoul`.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name, written as it reads at the start of a sentence ("Cave bat"); the log
    /// writes it in lower case mid-sentence ("the cave bat notices you").
    pub name: String,
    /// The name is a proper one ("Grug"): the log keeps its capital and gives it no article.
    #[serde(default)]
    pub proper_name: bool,
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
    /// A shopkeeper: it stands still in its shop, never fights, and bumping it opens the
    /// shop (`shop` on a floor profile names one). Implies not `hostile`.
    #[serde(default)]
    pub shopkeeper: bool,
    /// It opens closed doors by walking into them; one that cannot (an animal) waits at a
    /// closed door.
    #[serde(default = "yes")]
    pub opens_doors: bool,
    /// How it moves on the map.
    #[serde(default)]
    pub movement: Movement,
    /// How keenly it notices the hero: it scales the chance each turn that it wakes
    /// (`[balance]`'s `wake_chance`) or notices the hero (`notice_chance`); 1 when unset,
    /// from 0 (never) to 10. See Stealth.
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    pub perception: Option<Spanned<f64>>,
    /// What it knows of the hero when a floor is made: see Starts.
    #[serde(default)]
    pub starts: Starts,
    /// Where it appears: each rule adds it to the spawn table of the floors in its
    /// `depths`, with its `weight`, without copying a floor (see "Adding without copying").
    #[serde(default)]
    pub spawn: Vec<SpawnRule>,
}

/// How a creature is placed on a new floor (a prefab room's guards always stand awake, and
/// a monster a summon or an item brings hunts at once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Starts {
    /// Asleep with `[balance]`'s `asleep_chance`, else awake and unaware (a forager and a
    /// shopkeeper are always awake: they have work to do).
    #[default]
    Either,
    /// Always asleep.
    Asleep,
    /// Awake, not yet aware of the hero: it idles about home.
    Unaware,
    /// Already hunting the hero, from the up stairs where the hero arrives.
    Hunting,
}

pub(super) fn yes() -> bool {
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

pub(super) fn default_stuck() -> u32 {
    6
}

pub(super) fn default_sight() -> u32 {
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
