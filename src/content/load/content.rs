//! The loaded `Content` the rules read, with its resolved creature kinds and abilities.
use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::content::art::Picture;
use crate::content::balance::Balance;
use crate::content::class::Class;
use crate::content::identify::{Appearance, ItemKind};
use crate::content::registry::{
    Affix, AttrKey, DamageType, Item, LootTable, Modifier, Progression, Tag, Trap, Trigger,
};
use crate::content::schema::{ActionDef, Condition, FloorDef, Movement, Starts};
use crate::content::terrain::TerrainKind;
use crate::dungeon::Prefab;
use crate::map::Terrains;

/// Resolved base attributes (engine defaults filled in).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Base {
    pub max_health: f64,
    pub max_stamina: f64,
    pub damage: f64,
    pub hit_chance: f64,
    pub critical_chance: f64,
    pub critical_factor: f64,
    pub dexterity: f64,
    pub luck: f64,
    pub resistance: BTreeMap<String, f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AiRule {
    pub condition: Vec<Condition>,
    pub ability: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CreatureKind {
    pub id: String,
    pub name: String,
    /// A proper name keeps its capital in the log (`crate::game::words`).
    pub proper_name: bool,
    pub symbol: char,
    pub color: [u8; 3],
    /// What draws it: presentation only, so not hashed (a new picture keeps saves valid).
    #[serde(skip)]
    pub picture: Picture,
    pub tags: Vec<String>,
    pub base: Base,
    pub abilities: Vec<String>,
    pub ai: Vec<AiRule>,
    pub xp: u32,
    pub gold: (u32, u32),
    pub loot: Option<String>,
    pub triggers: Vec<Trigger>,
    pub hostile: bool,
    pub shopkeeper: bool,
    pub opens_doors: bool,
    pub movement: Movement,
    /// Scales its chances to wake and to notice the hero.
    pub perception: f64,
    pub starts: Starts,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    pub id: String,
    pub name: String,
    pub symbol: char,
    pub color: [u8; 3],
    /// What draws it: presentation only, so not hashed (a new picture keeps saves valid).
    #[serde(skip)]
    pub picture: Picture,
    pub cost: f64,
    pub cooldown: u32,
    /// How far it reaches in tiles, 1 (melee) to `numbers::MAX_RANGE`: a shot's range is its
    /// line of fire's Chebyshev length (`Game::line_of_fire`); monsters' shots and throws read it.
    pub range: u32,
    pub condition: Vec<Condition>,
    pub actions: Vec<ActionDef>,
}

/// Everything the rules read: immutable during a turn, passed to `execute` by reference.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Content {
    pub creatures: BTreeMap<String, CreatureKind>,
    pub abilities: BTreeMap<String, Ability>,
    /// Floor profiles sorted by depth.
    pub floors: Vec<FloorDef>,
    pub prefabs: BTreeMap<String, Prefab>,
    pub modifiers: BTreeMap<String, Modifier>,
    pub item_kinds: BTreeMap<String, ItemKind>,
    pub appearances: BTreeMap<String, Appearance>,
    pub items: BTreeMap<String, Item>,
    pub affixes: BTreeMap<String, Affix>,
    pub loot: BTreeMap<String, LootTable>,
    pub traps: BTreeMap<String, Trap>,
    pub damage_types: BTreeMap<String, DamageType>,
    pub tags: BTreeMap<String, Tag>,
    pub classes: BTreeMap<String, Class>,
    #[serde(default)]
    pub terrain: BTreeMap<String, TerrainKind>,
    pub progression: Progression,
    pub balance: Balance,
    /// The events some trigger listens to, one bit per `EventKind`: the rules skip the
    /// search for listeners of the others (derived from the registries, so not hashed).
    #[serde(skip)]
    pub listened: u16,
    /// The hero creature kind of each class, by the class's id (`Class::hero`): derived
    /// from `classes` and `core:hero`, so not hashed.
    #[serde(skip)]
    pub heroes: BTreeMap<String, CreatureKind>,
    /// The table floors' tiles index (`terrain::table`): derived from `terrain`, so not
    /// hashed.
    #[serde(skip)]
    pub terrains: Arc<Terrains>,
    /// Whether some terrain kind gives a modifier to whoever stands on it
    /// (`while_standing`): derived from `terrain`, so not hashed.
    #[serde(skip)]
    pub standing: bool,
    /// Pack ids in load order.
    pub packs: Vec<String>,
}

/// Every creature knows these without listing them (anyone may flee or wait).
pub const BUILTIN_ABILITIES: [&str; 2] = ["core:flee", "core:wait"];

impl Content {
    /// A creature kind, or the hero kind of a class.
    pub fn creature(&self, id: &str) -> Option<&CreatureKind> {
        self.creatures.get(id).or_else(|| self.heroes.get(id))
    }

    /// The classes in choice-screen order (`order`, then id); the first is the class of a
    /// run started without a choice.
    pub fn classes_in_order(&self) -> Vec<&Class> {
        let mut all: Vec<&Class> = self.classes.values().collect();
        all.sort_by(|a, b| (a.order, &a.id).cmp(&(b.order, &b.id)));
        all
    }

    /// The class of a run started without a choice: the first in `classes_in_order`; `""`
    /// for content without classes.
    pub fn first_class(&self) -> &str {
        (self.classes_in_order().first()).map_or("", |c| c.id.as_str())
    }

    /// Makes each class's hero kind from `core:hero` (after loading, or after a test edits
    /// the registries by hand).
    pub fn derive_heroes(&mut self) {
        self.heroes = match self.creatures.get(crate::content::HERO_KIND) {
            Some(hero) => (self.classes.iter())
                .map(|(id, class)| (id.clone(), class.hero(hero)))
                .collect(),
            None => BTreeMap::new(),
        };
    }

    /// What each level adds to the hero of `class` ("": none): the class's `per_level`, or
    /// `[progression]`'s.
    pub fn level_gains(&self, class: &str) -> &[(AttrKey, f64)] {
        match self.classes.get(class).and_then(|c| c.per_level.as_ref()) {
            Some(gains) => gains,
            None => &self.progression.per_level,
        }
    }

    /// What `levels` level-ups add to one of the hero's attributes in `class`.
    pub fn level_bonus(&self, class: &str, attr: &AttrKey, levels: f64) -> f64 {
        (self.level_gains(class).iter())
            .filter(|(a, _)| a == attr)
            .map(|(_, v)| v * levels)
            .sum()
    }

    /// Makes the table floors' tiles index from `terrain` (after loading, or after a test
    /// edits the registry by hand).
    pub fn derive_terrains(&mut self) {
        self.terrains = crate::content::terrain::table(&self.terrain);
        self.standing = self.terrain.values().any(|t| t.while_standing.is_some());
    }

    /// The terrain kind of tile `t` on a map of this content.
    pub fn terrain_of(&self, t: crate::map::Tile) -> Option<&TerrainKind> {
        self.terrains.id(t).and_then(|id| self.terrain.get(id))
    }

    pub fn ability(&self, id: &str) -> Option<&Ability> {
        self.abilities.get(id)
    }

    /// Whether any trigger listens to this kind of event.
    pub fn is_listened(&self, kind: crate::content::registry::EventKind) -> bool {
        self.listened & (1 << kind as u16) != 0
    }

    pub fn modifier(&self, id: &str) -> Option<&Modifier> {
        self.modifiers.get(id)
    }

    pub fn item(&self, id: &str) -> Option<&Item> {
        self.items.get(id)
    }

    /// The shown name of whatever an id names (an ability, item, modifier, trap, creature,
    /// terrain: the lava that killed the hero).
    pub fn display_name(&self, id: &str) -> String {
        let names = [
            self.abilities.get(id).map(|a| &a.name),
            self.items.get(id).map(|a| &a.name),
            self.modifiers.get(id).map(|a| &a.name),
            self.traps.get(id).map(|a| &a.name),
            self.creatures.get(id).map(|a| &a.name),
            self.terrain.get(id).map(|a| &a.name),
        ];
        match names.into_iter().flatten().next() {
            Some(n) => n.clone(),
            None => match id {
                "core:flee" => "Flee".into(),
                "core:wait" => "Wait".into(),
                _ => id.to_string(),
            },
        }
    }

    /// The generator's profile of floor `k`, prefabs resolved (their legends' terrain kinds
    /// apart from their monsters). The last floor has nothing below it, so no feature that drops (a chasm) opens there.
    pub fn generator_profile(&self, k: u32) -> Option<crate::dungeon::FloorProfile> {
        let mut profile = self.floor_profile(k).map(|f| f.profile(&self.prefabs))?;
        // A prefab's legend names a creature (a monster stands there) or a terrain kind.
        for prefab in &mut profile.prefabs {
            let legend = std::mem::take(&mut prefab.legend);
            let (terrain, creatures) = legend
                .into_iter()
                .partition(|(_, id)| self.terrain.contains_key(id));
            (prefab.terrain, prefab.legend) = (terrain, creatures);
        }
        if k >= self.balance.floors {
            let falls = |id: &str| {
                (self.terrain.get(id)).is_some_and(|t| t.on_enter.as_ref().is_some_and(|e| e.fall))
            };
            for f in &mut profile.features {
                if falls(&f.terrain) || f.middle.as_deref().is_some_and(falls) {
                    f.chance = 0.0;
                }
            }
        }
        Some(profile)
    }

    /// The profile of floor `k`: the last one whose depth is ≤ k.
    pub fn floor_profile(&self, k: u32) -> Option<&FloorDef> {
        self.floors
            .iter()
            .rev()
            .find(|f| f.depth <= k)
            .or(self.floors.first())
    }

    /// A fingerprint of the loaded content and its load order, for saves and replays.
    pub fn fingerprint(&self) -> u64 {
        crate::hash::canonical_hash(self)
    }

    /// The core pack alone; a broken core pack is a bug caught by the test suite.
    #[cfg(core_embedded)]
    pub fn core() -> Result<Content, super::LoadReport> {
        let (content, report) = super::load_packs(&[super::core_pack()]);
        if report.has_errors() {
            Err(report)
        } else {
            Ok(content)
        }
    }
}
