//! Items (`[[items]]`): equipment and consumables, and the slots they fill.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::*;

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
    /// Not worn nor used: only thrown (it needs `throw`), like a dart or a javelin. Thrown
    /// items of one kind stack in one pack slot (`stack`).
    Thrown,
}

impl Slot {
    /// Whether it is worn (equipment): weapon, armour or trinket.
    pub fn is_worn(self) -> bool {
        matches!(self, Slot::Weapon | Slot::Armour | Slot::Trinket)
    }
}

/// How an item flies when thrown (the `throw` key; docs/design/throwing.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ThrowDef {
    /// The ability the throw strikes with (e.g. `"core:dart"`): its actions are what a hit
    /// does, and its `range` is how far, in tiles, the item flies. The hero need not know it.
    #[schemars(with = "String")]
    pub ability: Spanned<String>,
    /// The chance, 0..1, that it breaks where it lands (default 0). A consumable always
    /// shatters: on the creature it hits, its own `actions` work on that creature.
    #[serde(default)]
    pub break_chance: f64,
}

/// An item: equipment (its `modifiers` hold while it is worn) or a consumable (`actions`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ItemDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name, written as it reads at the start of a sentence ("Short sword"); the log
    /// writes it in lower case mid-sentence ("you wield the short sword").
    pub name: String,
    /// The name is a proper one (an artifact's, "Bloodletter"): the log keeps its capital.
    #[serde(default)]
    pub proper_name: bool,
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
    /// Its kind (an `[[item_kinds]]` id such as `core:potion`): items of an unidentified kind
    /// start each run unknown, under an appearance.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub kind: Option<Spanned<String>>,
    /// Known from the start even when its kind is unidentified.
    #[serde(default)]
    pub known: bool,
    /// Its price in a shop, in gold (a shopkeeper pays `sell_share` of it); 0: shops neither
    /// stock nor buy it. At most 1000000.
    #[serde(default)]
    pub value: u32,
    /// A consumable with charges (a wand): each use takes one, and it is used up with the
    /// last; 0 (the default): used up at once. At most 1000.
    #[serde(default)]
    pub charges: u32,
    /// How it flies when thrown: thrown items (`slot = "thrown"`) need it, and a consumable
    /// with it can be thrown as well as used (a potion shatters on whom it hits).
    #[serde(default)]
    pub throw: Option<ThrowDef>,
    /// How many come in one find, kit or ware, stacked in one pack slot (thrown items only),
    /// 1..=99 (default 1).
    #[serde(default = "one_in_a_stack")]
    pub stack: u32,
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

fn one_in_a_stack() -> u32 {
    1
}
