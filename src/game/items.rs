//! Items: loot tables, things on the floor, the hero's pack and what it wears.
use super::command::Reason;
use super::effects::Rolls;
use super::state::{Game, ItemInstance};
use crate::content::Content;
use crate::content::registry::LootTable;
use crate::content::schema::{ActionDef, Slot, Target};
use crate::map::Pos;
use crate::rng::{self, Rng};

/// Salt of the stream that places a floor's items and chooses its traps: still a function of
/// (seed, floor) alone, but apart from the generator's own stream so the maps stay as they are.
const EXTRAS_STREAM: u64 = 0x4954_454D_5300_0000;

/// What one roll of a loot table gives.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drop {
    pub gold: u32,
    pub items: Vec<ItemInstance>,
}

/// Rolls a loot table: gold in its range, then `rolls` weighted draws (an entry may be
/// nothing); equipment rolls one affix with the table's `affix_chance`.
pub fn roll_loot(table: &LootTable, content: &Content, rng: &mut Rng) -> Drop {
    let gold = rng::range_inclusive(rng, table.gold.0 as i32, table.gold.1 as i32).max(0) as u32;
    let mut items = Vec::new();
    for _ in 0..table.rolls {
        let Some((entry, _)) = rng::weighted(rng, &table.entries, |(_, w)| *w) else {
            break; // every weight is 0
        };
        let Some(id) = entry else { continue };
        let Some(item) = content.item(id) else {
            continue;
        };
        let mut affixes = Vec::new();
        if item.slot.is_worn() && rng::unit(rng) < table.affix_chance {
            let fits: Vec<_> = content
                .affixes
                .values()
                .filter(|a| a.slots.contains(&item.slot))
                .collect();
            if let Some(a) = rng::weighted(rng, &fits, |a| a.weight) {
                affixes.push(a.id.clone());
            }
        }
        items.push(ItemInstance {
            affixes,
            ..ItemInstance::new(id, content)
        });
    }
    Drop { gold, items }
}

/// What an item truly is, with its affixes: "Keen short sword of Warding". The player sees
/// `Game::item_name`, which hides what the hero does not know.
pub fn true_name(it: &ItemInstance, content: &Content) -> String {
    let base = content
        .item(&it.item)
        .map_or_else(|| it.item.clone(), |i| i.name.clone());
    let mut pre = Vec::new();
    let mut post = Vec::new();
    for a in it.affixes.iter().filter_map(|a| content.affixes.get(a)) {
        pre.extend(a.prefix.clone());
        post.extend(a.suffix.clone());
    }
    let mut name = pre.join(" ");
    if !name.is_empty() {
        name.push(' ');
        name += &base.to_lowercase();
    } else {
        name = base;
    }
    for s in post {
        name.push(' ');
        name += &s;
    }
    name
}

impl Game {
    /// A new floor's traps get their kinds and its item piles their places; both from
    /// (seed, floor) alone.
    pub(super) fn place_floor_extras(
        &mut self,
        k: u32,
        traps: &[Pos],
        hero: Pos,
        content: &Content,
    ) {
        let mut rng = rng::floor_rng(self.origin.seed ^ EXTRAS_STREAM, k);
        let Some(def) = content.floor_profile(k) else {
            return;
        };
        self.floor.traps.clear();
        for &p in traps {
            // Loading refuses a floor with traps and no kinds, so a draw always finds one.
            if let Some(kind) = rng::weighted(&mut rng, &def.trap_kinds, |s| s.weight) {
                self.floor.traps.insert(p, kind.id.get_ref().clone());
            }
        }
        let Some(table) = def
            .loot
            .as_ref()
            .and_then(|l| content.loot.get(l.get_ref()))
        else {
            return;
        };
        let free: Vec<Pos> = (0..self.floor.map.len())
            .map(|i| self.floor.map.pos(i))
            .filter(|&p| {
                self.floor.map.can_stand(p)
                    && p != hero
                    && p != self.floor.up
                    && p != self.floor.down
                    && !self.floor.traps.contains_key(&p)
                    && !self.floor.treasure.contains_key(&p)
            })
            .collect();
        if free.is_empty() {
            return;
        }
        for _ in 0..def.items {
            let at = free[rng::below(&mut rng, free.len() as u32) as usize];
            let drop = roll_loot(table, content, &mut rng);
            self.floor.ground.entry(at).or_default().extend(drop.items);
        }
        self.floor.ground.retain(|_, pile| !pile.is_empty());
    }

    /// Loot of a creature the hero killed, dropped where it fell.
    pub(super) fn drop_loot(&mut self, table: &str, at: Pos, content: &Content) -> Drop {
        let Some(table) = content.loot.get(table) else {
            return Drop::default();
        };
        let drop = roll_loot(table, content, &mut self.run.rng);
        if !drop.items.is_empty() {
            self.floor
                .ground
                .entry(at)
                .or_default()
                .extend(drop.items.iter().cloned());
        }
        drop
    }

    pub(super) fn inventory_size(content: &Content) -> usize {
        content.balance.inventory_size as usize
    }

    /// Refusals of the item commands, checked before anything changes.
    pub(super) fn item_refusal(&self, cmd: &super::Command, content: &Content) -> Option<Reason> {
        use super::Command;
        match cmd {
            Command::PickUp => match self.floor.ground.get(&self.hero_pos()) {
                None => Some(Reason::NothingHere),
                Some(pile) if !self.pack_takes_any(pile, content) => Some(Reason::InventoryFull),
                Some(_) => None,
            },
            Command::Equip(i) => match self.party.inventory.get(*i) {
                None => Some(Reason::NoSuchItem(*i)),
                Some(it) => match content.item(&it.item) {
                    Some(def) if def.slot.is_worn() => None,
                    _ => Some(Reason::NotEquipment),
                },
            },
            Command::Unequip(slot) => {
                if !self.party.equipment.contains_key(slot) {
                    Some(Reason::NothingWorn)
                } else if self.party.inventory.len() >= Self::inventory_size(content) {
                    Some(Reason::InventoryFull)
                } else {
                    None
                }
            }
            Command::Drop(i) => self
                .party
                .inventory
                .get(*i)
                .is_none()
                .then_some(Reason::NoSuchItem(*i)),
            Command::UseItem {
                index,
                target,
                item,
            } => match self.party.inventory.get(*index) {
                None => Some(Reason::NoSuchItem(*index)),
                Some(it) => match content.item(&it.item) {
                    Some(def) if def.slot == Slot::Consumable => {
                        if let Some(i) = item.filter(|&i| i >= self.party.inventory.len()) {
                            return Some(Reason::NoSuchItem(i));
                        }
                        // Outside a fight a creature target must be one the hero sees (in
                        // a fight, any enemy: it has no positions).
                        let aims = (def.actions.iter())
                            .any(|a| super::effects::action_target(a) == Target::Target);
                        if !aims || self.in_combat() {
                            return None;
                        }
                        let Some(t) = target else {
                            return Some(Reason::NoTarget);
                        };
                        let seen = (self.floor.creatures.get(t))
                            .is_some_and(|c| c.is_alive() && self.is_visible(c.pos));
                        if self.is_shopkeeper(*t, content) {
                            return Some(Reason::Shopkeeper);
                        }
                        (!seen || *t == self.party.hero).then_some(Reason::NotInView)
                    }
                    _ => Some(Reason::NotUsable),
                },
            },
            Command::Call { index, name } => match self.party.inventory.get(*index) {
                None => Some(Reason::NoSuchItem(*index)),
                Some(it) if self.knows(&it.item) => Some(Reason::AlreadyKnown),
                Some(_) => {
                    let bad = name.chars().count() > super::identify::CALL_MAX
                        || name.chars().any(char::is_control);
                    bad.then_some(Reason::BadName)
                }
            },
            _ => None,
        }
    }

    /// Names an unknown item (a command that costs no turn; refusals were checked).
    pub(super) fn call_item(&mut self, index: usize, name: &str) {
        let Some(it) = self.party.inventory.get(index) else {
            return;
        };
        let id = it.item.clone();
        match name.trim() {
            "" => self.party.ident.called.remove(&id),
            name => self.party.ident.called.insert(id, name.to_string()),
        };
    }

    /// Picks up, wears, takes off or drops (exploration only; refusals were checked).
    /// Takes the items of the pile at `at` that `wanted` picks into the pack, saying "You
    /// {verb} the …" of each; the rest stays there. Whether a wanted one did not fit.
    pub(super) fn take_from_ground(
        &mut self,
        at: Pos,
        verb: &str,
        wanted: impl Fn(&ItemInstance) -> bool,
        content: &Content,
    ) -> bool {
        let Some(pile) = self.floor.ground.remove(&at) else {
            return false;
        };
        let (mut left, mut full) = (Vec::new(), false);
        for it in pile {
            if !wanted(&it) {
                left.push(it);
                continue;
            }
            let name = self.item_called(&it, content);
            match self.put_in_pack(it, content) {
                Ok(()) => self.log(format!("You {verb} {name}.")),
                Err(it) => {
                    full = true;
                    left.push(it);
                }
            }
        }
        if !left.is_empty() {
            self.floor.ground.insert(at, left);
        }
        full
    }

    pub(super) fn handle_item(&mut self, cmd: &super::Command, content: &Content) {
        use super::Command;
        let here = self.hero_pos();
        match cmd {
            Command::PickUp => {
                let full = self.take_from_ground(here, "pick up", |_| true, content);
                if full {
                    self.log("Your pack is full.");
                }
            }
            Command::Equip(i) => {
                let it = self.party.inventory.remove(*i);
                let Some(slot) = content.item(&it.item).map(|d| d.slot) else {
                    return;
                };
                let name = self.item_called(&it, content);
                if let Some(old) = self.party.equipment.insert(slot, it) {
                    let old_name = self.item_called(&old, content);
                    self.log(format!("You take off {old_name}."));
                    self.party.inventory.push(old);
                }
                self.log(format!("You wear {name}."));
                self.clamp_pools(self.party.hero, content);
            }
            Command::Unequip(slot) => {
                if let Some(it) = self.party.equipment.remove(slot) {
                    let name = self.item_called(&it, content);
                    self.log(format!("You take off {name}."));
                    self.party.inventory.push(it);
                    self.clamp_pools(self.party.hero, content);
                }
            }
            Command::Drop(i) => {
                let it = self.party.inventory.remove(*i);
                let name = self.item_called(&it, content);
                self.log(format!("You drop {name}."));
                self.put_on_ground(here, it, content);
            }
            _ => {}
        }
    }

    /// Uses a consumable: its actions run with the hero acting; they never roll. A wand
    /// takes a charge and stays while it has one; anything else is used up. Using an item
    /// tells what it is; identify tells what the chosen pack item is (`item`, an index into
    /// the pack as it was when used), or the first unknown one. True when it got the hero
    /// out of a fight.
    pub(super) fn use_item(
        &mut self,
        index: usize,
        target: Option<super::CreatureId>,
        item: Option<usize>,
        content: &Content,
    ) -> bool {
        let Some(it) = self.party.inventory.get(index).cloned() else {
            return false;
        };
        let Some(def) = content.item(&it.item) else {
            return false;
        };
        let chosen = item
            .or_else(|| self.first_unknown(Some(index)))
            .and_then(|i| self.party.inventory.get(i).cloned());
        let name = self.item_called(&it, content);
        self.log(format!("You use {name}."));
        if def.charges > 0 && it.charges > 1 {
            self.party.inventory[index].charges -= 1;
        } else {
            self.party.inventory.remove(index);
            if def.charges > 0 {
                let name = super::words::sentence(&name);
                self.log(format!(
                    "{name} crumbles to dust: its last charge is spent."
                ));
            }
        }
        self.learn_item(&it, content);
        if def.actions.iter().any(|a| matches!(a, ActionDef::Identify)) {
            match chosen {
                Some(c) if !self.learn_item(&c, content) => {
                    let c = self.item_called(&c, content);
                    self.log(format!("You already knew {c}."));
                }
                Some(_) => {}
                None => self.log("You have nothing left to identify."),
            }
        }
        let at = self.hero_pos();
        if let Some(t) = target
            && t != self.party.hero
            && let Some(c) = self.floor.creatures.get_mut(&t)
        {
            // Whoever the hero aims at knows where the hero is.
            c.alert(at);
        }
        let hero = self.party.hero;
        self.perform(
            Some(hero),
            &def.actions,
            target,
            Some(&def.id),
            Rolls::No,
            content,
        )
        .0
    }
}
