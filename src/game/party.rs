//! The hero's side: who the hero is, what it carries and wears, its gold, its progress (kills,
//! experience, level) and what it knows of unknown items. It goes with the hero from floor to
//! floor; the hero's body (health, modifiers, place) is a creature of the floor it is on.
use std::collections::BTreeMap;

use serde::Serialize;

use super::identify::Identification;
use super::state::{CreatureId, ItemInstance};
use super::wire::pairs;
use crate::content::schema::Slot;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Party {
    /// The hero's creature on the floor.
    pub hero: CreatureId,
    /// The hero's pack, in the order things were picked up.
    pub inventory: Vec<ItemInstance>,
    /// What the hero wears, one item a slot.
    #[serde(with = "pairs")]
    pub equipment: BTreeMap<Slot, ItemInstance>,
    pub gold: u32,
    pub kills: u32,
    pub xp: u32,
    pub level: u32,
    /// What the hero knows of unknown items: their looks this run, what it has learned and
    /// the names the player gave (not written for runs without unidentified kinds).
    #[serde(skip_serializing_if = "Identification::is_empty")]
    pub ident: Identification,
    /// Gold paid at shops, and gold shopkeepers paid the hero, this run (for the score,
    /// which counts gold collected).
    #[serde(skip_serializing_if = "is_zero")]
    pub gold_spent: u32,
    #[serde(skip_serializing_if = "is_zero")]
    pub gold_earned: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Party {
    /// A hero at level 1 with nothing yet, knowing what `ident` says.
    pub(super) fn new(hero: CreatureId, ident: Identification) -> Party {
        Party {
            hero,
            inventory: Vec::new(),
            equipment: BTreeMap::new(),
            gold: 0,
            kills: 0,
            xp: 0,
            level: 1,
            ident,
            gold_spent: 0,
            gold_earned: 0,
        }
    }
}
