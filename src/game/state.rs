//! The whole simulation state: one serializable value (map, creatures, fight, queue, RNG, turn).
use std::collections::{BTreeMap, VecDeque};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::combat::Fight;
use super::command::RunOutcome;
use super::depths::Depths;
use super::events::Event;
use super::floor::{EncounterRoom, FloorState};
use super::identify::Identification;
use super::log::Log;
use super::origin::Origin;
use super::party::Party;
use crate::content::Content;
use crate::content::schema::Starts;
use crate::dungeon;
use crate::grid::{VisibleSet, field_of_view};
use crate::map::{Dir, Pos};
use crate::rng::{self, Rng};

/// Stable identity of a creature for the whole run (never a Bevy `Entity`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CreatureId(pub u32);

impl fmt::Display for CreatureId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AiMode {
    #[default]
    Wander,
    Chase,
    Scatter,
    Flee,
    Frightened,
    /// Its cycle's away phase: it makes off from its chase target.
    Away,
}

/// Where a monster's own mode cycle stands; `AiState::timer` counts the phase down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CyclePhase {
    #[default]
    Chase,
    Away,
    Wander,
    Scatter,
}

/// What a monster knows of the hero (docs/design/stealth.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Awareness {
    /// It does not move; the hero within the stealth range may wake it, a noise does.
    Asleep,
    /// Awake, idling about home; it notices a hero it sees within the stealth range.
    #[default]
    Unaware,
    /// It has noticed the hero and runs its mode cycle against it.
    Hunting,
    /// It hunted the hero, or heard a noise, and has lost sight of it: it goes where the hero
    /// was (or the noise came from) and wanders there.
    LostTrack,
}

impl Awareness {
    /// Asleep or unaware: a bump on it is a sneak attack.
    pub fn unaware(self) -> bool {
        matches!(self, Awareness::Asleep | Awareness::Unaware)
    }
}

/// Per-monster movement state: its own mode timer, heading memory and stuck counter.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AiState {
    pub mode: AiMode,
    pub timer: u32,
    pub scatter: Pos,
    pub home: Pos,
    /// Closest squared distance to its target seen lately, for the stuck test.
    pub best: i64,
    pub stuck: u32,
    /// Greedy movers switch to path navigation while stuck.
    pub pathing: bool,
    pub target: Pos,
    /// What it knows of the hero: until it notices, it sleeps or wanders (or guards).
    #[serde(default)]
    pub awareness: Awareness,
    /// Where it last saw the hero (or heard a noise from): a monster that lost track goes
    /// there.
    #[serde(default)]
    pub last_seen: Pos,
    /// Turns it has hunted without seeing the hero.
    #[serde(default)]
    pub unseen: u32,
    /// Where its own mode cycle stands (`timer` counts down the current phase); the cycle
    /// pauses while it is frightened.
    #[serde(default)]
    pub phase: CyclePhase,
    /// The hero only: (floor, tile) where it stood when the monsters last finished moving,
    /// i.e. its tile before this turn's move (`ahead` and `pincer` aim from there).
    #[serde(default)]
    pub turn_start: Option<(u32, Pos)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Creature {
    pub id: CreatureId,
    pub kind: String,
    pub pos: Pos,
    pub heading: Dir,
    pub health: f64,
    pub stamina: f64,
    pub cooldowns: BTreeMap<String, u32>,
    /// Dexterity (rounded down) + 1d10, rolled when a fight starts or the creature joins it,
    /// and kept on the creature: the combat turn order, highest first.
    pub initiative: i32,
    /// Turns of `core:frightened` left: the engine's own modifier, kept in a field because
    /// the AI reads it for every monster every turn.
    pub frightened: u32,
    /// Every other modifier it carries, in the order they were applied.
    #[serde(default)]
    pub modifiers: Vec<ActiveModifier>,
    pub ai: AiState,
    /// Gold carried (the forager's hoard), dropped where it dies.
    pub hoard: u32,
    /// The forager's body (the breadth-first rival's snake): a segment per treasure it has
    /// taken, nearest the head first, following the head tile by tile. Everyone passes
    /// through it; each segment's gold falls where it lies when the forager dies.
    #[serde(default)]
    pub body: Vec<Segment>,
}

/// One segment of the forager's body: its tile and the gold of the treasure it grew from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Segment {
    pub pos: Pos,
    pub gold: u32,
}

impl Creature {
    pub fn is_alive(&self) -> bool {
        self.health > 0.0
    }

    /// It knows where the hero is (at `hero`) and hunts it.
    pub fn alert(&mut self, hero: Pos) {
        self.ai.awareness = Awareness::Hunting;
        self.ai.last_seen = hero;
        self.ai.unseen = 0;
    }

    pub fn has_modifier(&self, id: &str) -> bool {
        if id == FRIGHTENED {
            self.frightened > 0
        } else {
            self.modifiers.iter().any(|m| m.id == id)
        }
    }
}

/// The modifier the AI reads: content frightens with `apply_modifier` of `core:frightened`,
/// and the engine applies it when a fight is fled.
pub const FRIGHTENED: &str = "core:frightened";

/// A modifier on a creature: `turns` left (0: until removed) and its stacks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveModifier {
    pub id: String,
    pub turns: u32,
    pub stacks: u32,
}

/// A piece of loot: an item of the registry and the affixes it rolled.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ItemInstance {
    pub item: String,
    #[serde(default)]
    pub affixes: Vec<String>,
    /// Uses left of an item with charges (a wand); not written for others.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub charges: u32,
    /// How many lie stacked in this one (thrown items); not written when one, so a state
    /// without stacks encodes and hashes as it did before they existed.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: u32,
}

impl ItemInstance {
    /// A new item of the registry as it comes: no affixes, its full charges.
    pub fn new(id: &str, content: &Content) -> ItemInstance {
        ItemInstance {
            item: id.to_string(),
            affixes: Vec::new(),
            charges: content.item(id).map_or(0, |d| d.charges),
            count: content.item(id).map_or(1, |d| d.stack),
        }
    }

    /// Whether `other` is the same thing, so that the two stack as one.
    pub fn stacks_with(&self, other: &ItemInstance) -> bool {
        (&self.item, &self.affixes, self.charges) == (&other.item, &other.affixes, other.charges)
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Death {
    pub killer: String,
    pub ability: String,
}

/// The whole run, in parts: where it came from, how it stands, the floor the hero is on, the
/// hero's side, the fight and what happened. Everything the rules read or write is in here, in
/// ordered collections. Saves and the state hash write the parts' fields in one fixed order,
/// and saves are read back by their fields' names (`super::wire`).
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// Where the run came from: seed, rules version, class, daily date, fork, reloads.
    pub origin: Origin,
    /// How the run stands: its turn, its dice, what waits to be processed, how it ended.
    pub run: Run,
    /// The floor the hero is on: its map, what lies and lives on it.
    pub floor: FloorState,
    /// The floors the hero has left, as it left them.
    pub depths: Depths,
    /// The hero's side: who the hero is, its pack, gold, progress and what it knows.
    pub party: Party,
    /// The running fight, if any.
    pub fight: Fight,
    /// What happened, which no rule reads: the message log, the last command's events and
    /// the record of commands.
    pub log: Log,
}

/// How the run stands: the counters, the dice and the events waiting, and how it ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Run {
    /// How many floors the dungeon has.
    pub floors: u32,
    pub turn: u64,
    /// The next creature's id: ids are never reused in a run.
    pub next_id: u32,
    /// Events waiting to be processed; empty between commands.
    pub queue: VecDeque<Event>,
    pub rng: Rng,
    pub outcome: Option<RunOutcome>,
    pub death: Option<Death>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum NewGameError {
    MissingHero,
    NoFloorProfile,
    BadProfile(String),
    /// No class of that id: the id, the nearest known one and every known one.
    UnknownClass {
        class: String,
        nearest: Option<String>,
        known: Vec<String>,
    },
    /// Terrain kinds a floor uses that the content lacks.
    MissingTerrain(Vec<String>),
}

impl fmt::Display for NewGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NewGameError::MissingHero => write!(f, "content defines no `core:hero`"),
            NewGameError::NoFloorProfile => write!(f, "content defines no floor profile"),
            NewGameError::BadProfile(m) => write!(f, "bad floor profile: {m}"),
            NewGameError::MissingTerrain(ids) => {
                write!(f, "content lacks the terrain kinds {}", ids.join(", "))
            }
            NewGameError::UnknownClass {
                class,
                nearest,
                known,
            } => {
                write!(f, "unknown class `{class}`")?;
                if let Some(n) = nearest {
                    write!(f, ", did you mean `{n}`?")?;
                }
                write!(f, " (the classes: {})", known.join(", "))
            }
        }
    }
}

impl std::error::Error for NewGameError {}

pub use crate::content::HERO_KIND;
/// How far the hero sees.
pub const HERO_SIGHT: u32 = 9;

impl Game {
    /// A new run on floor 1, of the first class (`Content::first_class`).
    pub fn new(seed: u64, content: &Content) -> Result<Game, NewGameError> {
        Game::new_as(seed, content.first_class(), content)
    }

    /// A new run on floor 1 of a class (`""`: `core:hero` as written, for content without
    /// classes), with its kit worn and carried and its gold.
    pub fn new_as(seed: u64, class: &str, content: &Content) -> Result<Game, NewGameError> {
        let class_def = match class {
            "" => None,
            id => Some(
                content
                    .classes
                    .get(id)
                    .ok_or_else(|| unknown_class(id, content))?,
            ),
        };
        let kind_id = class_def.map_or(HERO_KIND, |c| c.id.as_str());
        let kind = content.creature(kind_id).ok_or(NewGameError::MissingHero)?;
        let hero = Creature {
            id: CreatureId(0),
            kind: kind.id.clone(),
            pos: Pos::default(),
            heading: Dir::Down,
            health: kind.base.max_health,
            stamina: kind.base.max_stamina,
            cooldowns: BTreeMap::new(),
            initiative: 0,
            frightened: 0,
            modifiers: Vec::new(),
            ai: AiState::default(),
            hoard: 0,
            body: Vec::new(),
        };
        let mut game = Game {
            origin: Origin::new(seed, class),
            run: Run {
                floors: content.balance.floors.max(1),
                turn: 0,
                next_id: 1,
                queue: VecDeque::new(),
                rng: rng::game_rng(seed),
                outcome: None,
                death: None,
            },
            floor: FloorState::empty(),
            depths: Depths::default(),
            party: Party::new(CreatureId(0), Identification::deal(seed, content)),
            fight: Fight::default(),
            log: Log::default(),
        };
        game.floor.creatures.insert(CreatureId(0), hero);
        if let Some(c) = class_def {
            game.take_kit(c, content);
            // The class starts the log, so the history and the morgue say who played.
            game.log(format!(
                "You set out as {}.",
                super::words::a(&c.name, false)
            ));
        }
        game.enter_floor(1, content)?;
        // `floor_entered` is processed now, as every later floor's is in its turn.
        game.drain(content);
        Ok(game)
    }

    /// The daily run of `date`: its seed, the class asked for, the date in the state.
    pub fn new_daily(
        date: crate::daily::Date,
        class: &str,
        content: &Content,
    ) -> Result<Game, NewGameError> {
        let mut game = Game::new_as(crate::daily::daily_seed(date), class, content)?;
        game.origin.daily = Some(date.to_string());
        Ok(game)
    }

    /// The class's kit worn and carried, its gold, and the hero's pools filled to what the
    /// kit makes them.
    fn take_kit(&mut self, class: &crate::content::class::Class, content: &Content) {
        for id in &class.wear {
            if let Some(item) = content.item(id) {
                self.party
                    .equipment
                    .insert(item.slot, ItemInstance::new(id, content));
            }
        }
        for id in &class.carry {
            self.party.inventory.push(ItemInstance::new(id, content));
        }
        // What the hero packed, it knows.
        for id in class.wear.iter().chain(&class.carry) {
            self.party.ident.learn(id);
        }
        self.party.gold = class.gold;
        let hero = self.party.hero;
        let health = self.attribute(hero, super::combat::Attr::MaxHealth, content);
        let stamina = self.attribute(hero, super::combat::Attr::MaxStamina, content);
        if let Some(h) = self.floor.creatures.get_mut(&hero) {
            h.health = health;
            h.stamina = stamina;
        }
    }

    /// Builds floor `k` from (seed, k) alone and places the hero on its up stairs.
    pub(super) fn enter_floor(&mut self, k: u32, content: &Content) -> Result<(), NewGameError> {
        let profile = content
            .generator_profile(k)
            .ok_or(NewGameError::NoFloorProfile)?;
        profile.validate().map_err(NewGameError::BadProfile)?;
        let floor = dungeon::generate_in(&profile, self.origin.seed, k, &content.terrains);
        self.floor.depth = k;
        self.floor.map = floor.map;
        // Generation places the engine's kinds only, which every content has.
        if let Err(missing) = self.bind_terrain(content) {
            return Err(NewGameError::MissingTerrain(missing));
        }
        self.floor.up = floor.up;
        self.floor.down = floor.down;
        self.fight.enemies.clear();
        self.fight.starting = false;
        self.floor.alarm = false;
        self.floor.creatures.retain(|id, _| *id == self.party.hero);
        self.floor.treasure = floor.treasure.into_iter().collect();
        self.floor.ground.clear();
        self.place_floor_extras(k, &floor.traps, floor.hero, content);
        let hero = self.party.hero;
        if let Some(h) = self.floor.creatures.get_mut(&hero) {
            h.pos = floor.hero;
            h.frightened = 0;
            h.cooldowns.clear();
        }
        self.floor.encounter_rooms = floor
            .encounters
            .iter()
            .map(|e| EncounterRoom {
                prefab: e.prefab.clone(),
                room: floor.rooms[e.room],
                guards: Vec::new(),
            })
            .collect();
        for spawn in floor.monsters {
            if let Some(kind) = content.creature(&spawn.id) {
                let id = self.spawn(kind, spawn.pos);
                let encounter = floor
                    .encounters
                    .iter()
                    .position(|e| Some(e.room) == spawn.room);
                if let Some(k) = encounter {
                    self.floor.encounter_rooms[k].guards.push(id);
                } else {
                    self.place_awake_or_asleep(id, kind, content);
                }
            }
        }
        self.place_shop(k, &floor.rooms, content);
        let n = self.floor.map.len();
        self.floor.explored = vec![false; n];
        self.floor.visible = vec![false; n];
        self.update_sight(content);
        self.run.queue.push_back(Event::FloorEntered { floor: k });
        Ok(())
    }

    pub(super) fn spawn(&mut self, kind: &crate::content::CreatureKind, pos: Pos) -> CreatureId {
        let id = CreatureId(self.run.next_id);
        self.run.next_id += 1;
        let w = self.floor.map.width() as i32;
        let h = self.floor.map.height() as i32;
        // Each monster scatters to its own corner-ish tile and starts its timer at its own
        // offset: 1 to 20 turns into a chase (greedy ghost navigation's rand(200) steps, ÷10).
        let corner = match id.0 % 4 {
            0 => Pos::new(-2, -2),
            1 => Pos::new(w + 1, -2),
            2 => Pos::new(-2, h + 1),
            _ => Pos::new(w + 1, h + 1),
        };
        let timer = rng::below(&mut self.run.rng, 20) + 1;
        self.floor.creatures.insert(
            id,
            Creature {
                id,
                kind: kind.id.clone(),
                pos,
                heading: Dir::ALL[rng::below(&mut self.run.rng, 4) as usize],
                health: kind.base.max_health,
                stamina: kind.base.max_stamina,
                cooldowns: BTreeMap::new(),
                initiative: 0,
                frightened: 0,
                modifiers: Vec::new(),
                ai: AiState {
                    mode: AiMode::Wander,
                    timer,
                    scatter: corner,
                    home: pos,
                    best: i64::MAX,
                    stuck: 0,
                    pathing: false,
                    target: pos,
                    awareness: Awareness::Unaware,
                    last_seen: pos,
                    unseen: 0,
                    phase: CyclePhase::Chase,
                    turn_start: None,
                },
                hoard: 0,
                body: Vec::new(),
            },
        );
        id
    }

    pub fn hero(&self) -> &Creature {
        &self.floor.creatures[&self.party.hero]
    }

    pub fn hero_pos(&self) -> Pos {
        self.hero().pos
    }

    pub fn creature(&self, id: CreatureId) -> Option<&Creature> {
        self.floor.creatures.get(&id)
    }

    pub fn creature_at(&self, p: Pos) -> Option<&Creature> {
        self.floor
            .creatures
            .values()
            .find(|c| c.pos == p && c.is_alive())
    }

    pub fn in_combat(&self) -> bool {
        !self.fight.enemies.is_empty()
    }

    pub fn is_over(&self) -> bool {
        self.run.outcome.is_some()
    }

    pub fn is_visible(&self, p: Pos) -> bool {
        self.floor.map.idx(p).is_some_and(|i| self.floor.visible[i])
    }

    pub fn is_explored(&self, p: Pos) -> bool {
        self.floor
            .map
            .idx(p)
            .is_some_and(|i| self.floor.explored[i])
    }

    /// The state hash: same seed + same commands = same hash, on every platform.
    pub fn state_hash(&self) -> u64 {
        crate::hash::canonical_hash(self)
    }

    /// How far the hero sees: `HERO_SIGHT`, or less under a modifier with `sight`.
    pub fn hero_sight(&self, content: &Content) -> u32 {
        let hero = self.hero();
        (hero.modifiers.iter())
            .filter_map(|m| content.modifiers.get(&m.id)?.sight)
            .fold(HERO_SIGHT, u32::min)
    }

    /// Whether a modifier on the hero sends its steps a random way.
    pub fn hero_confused(&self, content: &Content) -> bool {
        (self.hero().modifiers.iter())
            .any(|m| content.modifiers.get(&m.id).is_some_and(|d| d.confused))
    }

    /// Recomputes the hero's field of view and remembers what it saw.
    pub(super) fn update_sight(&mut self, content: &Content) {
        let mut set = VisibleSet::new(self.floor.map.width(), self.floor.map.height());
        let at = self.hero_pos();
        let sight = self.hero_sight(content);
        field_of_view(&self.floor.map, at, sight, &mut set);
        // Only the square around the hero can be in view: walk it, not the whole map.
        self.floor.visible.fill(false);
        let r = sight as i32;
        for y in at.y - r..=at.y + r {
            for x in at.x - r..=at.x + r {
                let p = Pos::new(x, y);
                if set.contains(p)
                    && let Some(i) = self.floor.map.idx(p)
                {
                    self.floor.visible[i] = true;
                    self.floor.explored[i] = true;
                }
            }
        }
    }
}

impl Game {
    /// A monster just placed on a new floor starts as its kind's `starts` says (by default
    /// asleep with `asleep_chance`, drawn only for a kind that may sleep).
    pub(super) fn place_awake_or_asleep(
        &mut self,
        id: CreatureId,
        kind: &crate::content::CreatureKind,
        content: &Content,
    ) {
        let awareness = match kind.starts {
            Starts::Either => (sleeps(kind)
                && rng::unit(&mut self.run.rng) < content.balance.asleep_chance)
                .then_some(Awareness::Asleep),
            Starts::Asleep => Some(Awareness::Asleep),
            Starts::Unaware => None,
            Starts::Hunting => Some(Awareness::Hunting),
        };
        let up = self.floor.up;
        if let Some(c) = self.floor.creatures.get_mut(&id) {
            match awareness {
                Some(Awareness::Hunting) => c.alert(up),
                Some(a) => c.ai.awareness = a,
                None => {}
            }
        }
    }
}

/// Whether a kind may be placed asleep by chance: a hostile that hunts (a prefab room's
/// guards stand ready, the forager is busy with its treasure, shopkeepers keep shop).
pub(super) fn sleeps(kind: &crate::content::CreatureKind) -> bool {
    kind.hostile
        && !kind.shopkeeper
        && kind.movement.target != crate::content::schema::TargetRule::Treasure
}

/// The error for a class id the content lacks, with the nearest known one.
fn unknown_class(id: &str, content: &Content) -> NewGameError {
    let known: Vec<String> = content
        .classes_in_order()
        .iter()
        .map(|c| c.id.clone())
        .collect();
    let nearest = crate::content::diagnostics::nearest(id, known.iter().map(String::as_str))
        .map(str::to_string);
    NewGameError::UnknownClass {
        class: id.to_string(),
        nearest,
        known,
    }
}
