//! Shops: on some floors one room is a shop, its keeper standing in it with wares rolled from
//! a loot table. Buying and selling are commands that cost no turn; the score counts gold
//! collected, so shopping never lowers it.
use serde::{Deserialize, Serialize};

use super::command::Reason;
use super::state::{CreatureId, Game, ItemInstance};
use crate::content::Content;
use crate::dungeon::Rect;
use crate::map::{Pos, Tile};
use crate::rng;

/// Salt of the stream that places a floor's shop and rolls its wares: a function of
/// (seed, floor) alone, apart from the other streams, so a floor without a shop is as it was.
const SHOP_STREAM: u64 = 0x5348_4F50_5300_0000;

/// The floor's shop: its keeper, its room and what is for sale (as it stays while the hero is
/// on the floor, less what the hero bought, plus what the hero sold).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shop {
    pub keeper: CreatureId,
    pub room: Rect,
    pub wares: Vec<ItemInstance>,
}

impl Game {
    /// With the profile's chance, one room of the new floor (not the one the hero starts in,
    /// nor the one with the stairs down) becomes a shop: its keeper on the free tile nearest
    /// the room's middle, its wares rolled from the stock table.
    pub(super) fn place_shop(&mut self, k: u32, rooms: &[Rect], content: &Content) {
        self.floor.shop = None;
        let Some(def) = content.floor_profile(k).and_then(|f| f.shop.as_ref()) else {
            return;
        };
        let mut rng = rng::floor_rng(self.origin.seed ^ SHOP_STREAM, k);
        if rng::unit(&mut rng) >= def.chance {
            return;
        }
        let (hero, down) = (self.hero_pos(), self.floor.down);
        // A room of plain floor only: a keeper, who never moves, standing in a lake's one
        // shallow ford would close the way through it.
        let plain = |r: &Rect| {
            (r.y..r.y + r.h).all(|y| {
                (r.x..r.x + r.w).all(|x| self.floor.map.get(Pos::new(x, y)) == Tile::FLOOR)
            })
        };
        let fit: Vec<&Rect> = (rooms.iter())
            .filter(|r| !r.contains(hero) && !r.contains(down) && plain(r))
            .collect();
        let (Some(&&room), Some(keeper), Some(table)) = (
            fit.get(rng::below(&mut rng, fit.len().max(1) as u32) as usize),
            content.creature(def.keeper.get_ref()),
            content.loot.get(def.stock.get_ref()),
        ) else {
            return;
        };
        let middle = Pos::new(room.x + room.w / 2, room.y + room.h / 2);
        let Some(at) = (room.y..room.y + room.h)
            .flat_map(|y| (room.x..room.x + room.w).map(move |x| Pos::new(x, y)))
            .filter(|&p| self.floor.map.can_stand(p) && self.creature_at(p).is_none())
            .min_by_key(|p| (p.dist2(middle), p.y, p.x))
        else {
            return;
        };
        let id = self.spawn(keeper, at);
        let mut wares = Vec::new();
        for _ in 0..def.items {
            let drop = super::items::roll_loot(table, content, &mut rng);
            wares.extend(drop.items);
        }
        wares.retain(|it| content.item(&it.item).is_some_and(|d| d.value > 0));
        self.floor.shop = Some(Shop {
            keeper: id,
            room,
            wares,
        });
    }

    /// What a shop asks for an item: its value, half as much again for each affix.
    pub fn price(&self, it: &ItemInstance, content: &Content) -> u32 {
        let value = content.item(&it.item).map_or(0, |d| d.value);
        value.saturating_add(value / 2 * it.affixes.len() as u32)
    }

    /// What the keeper pays for an item: `sell_share` of its price, or `unknown_sell_price`
    /// for one the hero does not know; `None` for what shops do not trade.
    pub fn offer(&self, it: &ItemInstance, content: &Content) -> Option<u32> {
        let price = self.price(it, content);
        if price == 0 {
            return None;
        }
        let b = &content.balance;
        Some(if self.knows(&it.item) {
            (f64::from(price) * b.sell_share).floor() as u32
        } else {
            b.unknown_sell_price
        })
    }

    /// Whether the hero can trade: the floor has a shop whose keeper lives, and the hero
    /// stands in its room or next to the keeper, out of a fight.
    pub fn at_shop(&self) -> bool {
        let Some(shop) = &self.floor.shop else {
            return false;
        };
        let hp = self.hero_pos();
        !self.in_combat()
            && self.creature(shop.keeper).is_some_and(|k| {
                k.is_alive() && (shop.room.contains(hp) || k.pos.manhattan(hp) <= 1)
            })
    }

    /// Whether this creature keeps a shop (it never fights).
    pub fn is_shopkeeper(&self, id: CreatureId, content: &Content) -> bool {
        (self.creature(id))
            .and_then(|c| content.creature(&c.kind))
            .is_some_and(|k| k.shopkeeper)
    }

    /// Gold found and won, spent or not: what the score counts (selling is not finding).
    pub fn gold_collected(&self) -> u32 {
        self.party
            .gold
            .saturating_add(self.party.gold_spent)
            .saturating_sub(self.party.gold_earned)
    }

    /// Why buying ware `i` or selling pack item `i` is refused, checked before anything
    /// changes.
    pub fn trade_refusal(&self, cmd: &super::Command, content: &Content) -> Option<Reason> {
        use super::Command;
        let (Command::Buy(i) | Command::Sell(i)) = cmd else {
            return None;
        };
        if self.in_combat() {
            return Some(Reason::InCombat);
        }
        if !self.at_shop() {
            return Some(Reason::NoShopHere);
        }
        let wares = self.floor.shop.as_ref().map_or(&[][..], |s| &s.wares[..]);
        match cmd {
            Command::Buy(_) => {
                let Some(it) = wares.get(*i) else {
                    return Some(Reason::NoSuchWare(*i));
                };
                let need = self.price(it, content);
                if need > self.party.gold {
                    Some(Reason::NotEnoughGold {
                        need,
                        have: self.party.gold,
                    })
                } else if self.party.inventory.len() >= Self::inventory_size(content) {
                    Some(Reason::InventoryFull)
                } else {
                    None
                }
            }
            _ => match self.party.inventory.get(*i) {
                None => Some(Reason::NoSuchItem(*i)),
                Some(it) if self.offer(it, content).is_none() => Some(Reason::NotTraded),
                Some(_) => None,
            },
        }
    }

    /// Buys ware `i` (refusals were checked).
    pub(super) fn buy(&mut self, i: usize, content: &Content) {
        let Some(it) = self.floor.shop.as_mut().map(|s| s.wares.remove(i)) else {
            return;
        };
        let price = self.price(&it, content);
        self.party.gold -= price;
        self.party.gold_spent = self.party.gold_spent.saturating_add(price);
        let name = self.item_called(&it, content);
        self.log(format!("You buy {name} for {price} gold."));
        self.party.inventory.push(it);
    }

    /// Sells pack item `i` (refusals were checked): the keeper adds it to the wares.
    pub(super) fn sell(&mut self, i: usize, content: &Content) {
        let it = self.party.inventory.remove(i);
        let paid = self.offer(&it, content).unwrap_or(0);
        self.party.gold = self.party.gold.saturating_add(paid);
        self.party.gold_earned = self.party.gold_earned.saturating_add(paid);
        let name = self.item_called(&it, content);
        self.log(format!("You sell {name} for {paid} gold."));
        if let Some(shop) = self.floor.shop.as_mut() {
            shop.wares.push(it);
        }
    }
}
