//! The content schema: what a TOML file may say, with serde doing the type checking. One
//! file per content kind (its `…Def` and the tables only it uses), and `actions` for what
//! several kinds share; `ContentFile` is what one file may hold.
mod abilities;
mod actions;
mod affixes;
mod appearances;
mod balance;
mod classes;
mod creatures;
mod damage_types;
mod floors;
mod item_kinds;
mod items;
mod loot;
mod modifiers;
mod prefabs;
mod progression;
mod tags;
mod terrain;
mod traps;

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

use super::placement::weight_one;
pub use super::placement::{Depths, LootRule, SpawnRule};
pub use abilities::*;
pub use actions::*;
pub use affixes::*;
pub use appearances::*;
pub use balance::*;
pub use classes::*;
pub use creatures::*;
pub use damage_types::*;
pub use floors::*;
pub use item_kinds::*;
pub use items::*;
pub use loot::*;
pub use modifiers::*;
pub use prefabs::*;
pub use progression::*;
pub use tags::*;
pub use terrain::*;
pub use traps::*;

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
    /// Kinds of items (potion, scroll, wand): whether their items start a run unknown.
    #[serde(default)]
    #[schemars(with = "Vec<ItemKindDef>")]
    pub item_kinds: Vec<Spanned<ItemKindDef>>,
    /// The looks unknown items are dealt each run (words and a colour).
    #[serde(default)]
    #[schemars(with = "Vec<AppearanceDef>")]
    pub appearances: Vec<Spanned<AppearanceDef>>,
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
    /// Hero classes: who the hero is at the start of a run.
    #[serde(default)]
    #[schemars(with = "Vec<ClassDef>")]
    pub classes: Vec<Spanned<ClassDef>>,
    /// What the tiles of a floor are made of: walls, floor, doors, stairs, water, chasms,
    /// lava and grass.
    #[serde(default)]
    #[schemars(with = "Vec<TerrainDef>")]
    pub terrain: Vec<Spanned<TerrainDef>>,
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
