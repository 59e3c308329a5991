//! Throwing (docs/design/throwing.md): what may be thrown where, the flight along the
//! line of fire, the hit, where the item comes down, and the fight a throw opens. Thrown
//! items stack in the pack: a throw takes one, and walking over them picks them up again.
use super::command::Reason;
use super::effects::Rolls;
use super::state::{Awareness, CreatureId, Game, ItemInstance};
use super::words;
use crate::content::Content;
use crate::content::registry::Throw;
use crate::content::schema::Slot;
use crate::map::Pos;
use crate::rng;

/// How far an item flies: its throw ability's `range`, in tiles.
pub fn throw_range(throw: &Throw, content: &Content) -> u32 {
    content.ability(&throw.ability).map_or(1, |a| a.range)
}

/// What is left of a shot's or a throw's hit chance `distance` tiles away when its full range
/// is `range`: all of it next to the target, `1 - range_falloff` at the full range, in a
/// straight line between.
pub fn falloff(distance: u32, range: u32, content: &Content) -> f64 {
    if range <= 1 || distance <= 1 {
        return 1.0;
    }
    let along = f64::from(distance.min(range) - 1) / f64::from(range - 1);
    1.0 - content.balance.range_falloff * along
}

/// What a throw would do, for the target cursor: why it would be refused, or whom it would
/// meet first, how likely it is to strike, and about how much it would deal.
#[derive(Clone, Debug, PartialEq)]
pub enum ThrowPreview {
    Refused(Reason),
    /// It flies to the tile and strikes nobody (the first blocker, if any, stops it first).
    Nobody {
        blocked_at: Option<Pos>,
    },
    /// It meets `target` first: `chance` to strike it, `damage` about what a hit deals.
    Strikes {
        target: CreatureId,
        chance: f64,
        damage: f64,
    },
}

impl Game {
    /// What throwing the pack's item `index` at `at` would do now (no roll is made).
    pub fn throw_preview(&self, index: usize, at: Pos, content: &Content) -> ThrowPreview {
        if let Some(reason) = self.throw_refusal(index, at, content) {
            return ThrowPreview::Refused(reason);
        }
        let Some(throw) = (self.party.inventory.get(index))
            .and_then(|it| content.item(&it.item))
            .and_then(|d| d.throw.as_ref())
        else {
            return ThrowPreview::Refused(Reason::NotThrowable);
        };
        let hero = self.hero_pos();
        let (target, distance) = if self.in_combat() {
            (self.creature_at(at).map(|c| c.id), 1)
        } else {
            let line = self.line_of_fire(hero, at);
            let Some(first) = line.first_creature() else {
                return ThrowPreview::Nobody {
                    blocked_at: line.blocked_at,
                };
            };
            (
                Some(first),
                hero.chebyshev(self.floor.creatures[&first].pos),
            )
        };
        let Some(target) = target else {
            return ThrowPreview::Nobody { blocked_at: None };
        };
        let range = throw_range(throw, content);
        let (chance, factor) = if self.catches_unaware(target) && !self.in_combat() {
            (1.0, self.sneak_factor(content))
        } else {
            let aim = falloff(distance, range, content);
            let hero = self.party.hero;
            (
                self.aimed_hit_chance_against(hero, target, aim, content),
                1.0,
            )
        };
        let damage = content.ability(&throw.ability).map_or(0.0, |a| {
            self.blow_damage(self.party.hero, &a.actions, target, factor, content)
        });
        ThrowPreview::Strikes {
            target,
            chance,
            damage,
        }
    }

    /// About what `actions` deal `target` when `actor` lands them, `factor` times as hard (a
    /// sneak's): each damage action's amount after resistance, with no critical.
    pub fn blow_damage(
        &self,
        actor: CreatureId,
        actions: &[crate::content::schema::ActionDef],
        target: CreatureId,
        factor: f64,
        content: &Content,
    ) -> f64 {
        use crate::content::schema::ActionDef;
        let damage = self.attribute_vs(actor, super::combat::Attr::Damage, Some(target), content);
        actions
            .iter()
            .map(|a| match a {
                ActionDef::Damage {
                    amount,
                    scale,
                    damage_type,
                    ..
                } => super::combat::mitigate(
                    (amount + scale * damage) * factor,
                    self.resistance(target, damage_type, content),
                    &content.balance,
                ),
                _ => 0.0,
            })
            .sum()
    }

    /// Why throwing the pack's item `index` at tile `at` is refused, if it is (a refusal costs
    /// no turn). Outside a fight the tile must be seen and within the item's range; in one,
    /// it must hold an enemy of the fight (which has no positions: no range, no line).
    pub(super) fn throw_refusal(&self, index: usize, at: Pos, content: &Content) -> Option<Reason> {
        let Some(it) = self.party.inventory.get(index) else {
            return Some(Reason::NoSuchItem(index));
        };
        let Some(throw) = content.item(&it.item).and_then(|d| d.throw.as_ref()) else {
            return Some(Reason::NotThrowable);
        };
        let aimed_at = self.creature_at(at).map(|c| c.id);
        if let Some(reason) = self.throw_lock(index, aimed_at, content) {
            return Some(reason);
        }
        if self.in_combat() {
            let enemy = aimed_at.is_some_and(|c| self.fight.enemies.contains(&c));
            return (!enemy).then_some(Reason::NotAnEnemy);
        }
        let hero = self.hero_pos();
        if at == hero {
            return Some(Reason::NoTarget);
        }
        if !self.floor.map.in_bounds(at) || !self.is_visible(at) {
            return Some(Reason::TileNotInView);
        }
        let (distance, range) = (hero.chebyshev(at), throw_range(throw, content));
        if distance > range {
            return Some(Reason::OutOfRange { distance, range });
        }
        let first = self.line_of_fire(hero, at).creatures.first().copied();
        if first.is_some_and(|c| self.is_shopkeeper(c, content)) {
            return Some(Reason::Shopkeeper);
        }
        None
    }

    /// The hero throws one of the pack's item `index` at `at`, outside a fight (refusals were
    /// checked). It flies along the line of fire: the first creature on it may be struck, a
    /// miss flies on to the next, and past them all it comes down at the end of its flight. A
    /// creature struck, or missed, opens a fight, and the throw is the hero's only action this
    /// turn, before anyone's initiative, as a sneak attack is; one that had not noticed the
    /// hero is caught unaware: struck for sure, and harder.
    pub(super) fn throw_item(&mut self, index: usize, at: Pos, content: &Content) {
        let Some((thrown, throw)) = self.take_one_to_throw(index, content) else {
            return;
        };
        let name = self.item_called(&thrown, content);
        self.log(format!("You throw {name}."));
        let hero = self.hero_pos();
        let line = self.line_of_fire(hero, at);
        let range = throw_range(&throw, content);
        let mut landing = line.path.last().copied().unwrap_or(hero);
        let mut struck = None;
        let mut missed = Vec::new();
        for &c in &line.creatures {
            let Some(pos) = self.floor.creatures.get(&c).map(|c| c.pos) else {
                continue;
            };
            if self.is_shopkeeper(c, content) {
                // Nobody harms a shopkeeper: the item drops before it.
                landing = self.tile_before(&line.path, pos).unwrap_or(hero);
                break;
            }
            let unaware = self.catches_unaware(c);
            let aim = falloff(hero.chebyshev(pos), range, content);
            let chance = self.aimed_hit_chance_against(self.party.hero, c, aim, content);
            if unaware || rng::unit(&mut self.run.rng) < chance {
                struck = Some((c, unaware));
                landing = pos;
                break;
            }
            let who = self.called(c, content);
            self.log(format!("{} misses {who}.", words::sentence(&name)));
            missed.push(c);
        }
        // Whoever it flew at knows where the hero is; the first of them opens the fight.
        for &c in &missed {
            if let Some(m) = self.floor.creatures.get_mut(&c) {
                m.alert(hero);
            }
        }
        if let Some(first) = struck.map(|(c, _)| c).or(missed.first().copied()) {
            self.rouse_around(landing, content);
            let guards = self.guards_beside(first, content);
            self.start_combat(first, &guards, content);
        }
        if let Some((c, unaware)) = struck {
            let factor = if unaware {
                let who = self.called(c, content);
                self.log(format!("You catch {who} unaware!"));
                self.sneak_factor(content)
            } else {
                1.0
            };
            self.strike_with(c, &thrown, &throw, Rolls::Landed(factor), content);
        }
        self.come_down(thrown, &throw, landing, content);
    }

    /// The clatter of a blow from afar: the awake hostiles within `throw_noise` of where it
    /// struck see where it came from and hunt the hero, so they join the fight it opens.
    fn rouse_around(&mut self, at: Pos, content: &Content) {
        let r2 = i64::from(content.balance.throw_noise).pow(2);
        let hero = self.hero_pos();
        for c in self.floor.creatures.values_mut() {
            if c.id != self.party.hero
                && c.is_alive()
                && c.ai.awareness != Awareness::Asleep
                && c.pos.dist2(at) <= r2
                && content
                    .creature(&c.kind)
                    .is_some_and(|k| k.hostile && !k.shopkeeper)
            {
                c.alert(hero);
            }
        }
    }

    /// The hero's throw at `target` in a fight, at its place in the initiative order: an
    /// action like an ability (its hit rolled as an ability's), the item coming down by the
    /// target's tile.
    pub(super) fn throw_in_fight(&mut self, index: usize, target: CreatureId, content: &Content) {
        let Some((thrown, throw)) = self.take_one_to_throw(index, content) else {
            return;
        };
        let Some(at) = self.floor.creatures.get(&target).map(|c| c.pos) else {
            return;
        };
        let name = self.item_called(&thrown, content);
        self.log(format!("You throw {name}."));
        self.strike_with(target, &thrown, &throw, Rolls::HitAndCrit, content);
        self.come_down(thrown, &throw, at, content);
    }

    /// What keeps the hero from throwing the pack's item `index` at `target` now: its throw
    /// ability's lock (stamina, cooldown, condition), as for any ability the hero uses.
    pub(super) fn throw_lock(
        &self,
        index: usize,
        target: Option<CreatureId>,
        content: &Content,
    ) -> Option<Reason> {
        let it = self.party.inventory.get(index)?;
        let throw = content.item(&it.item)?.throw.as_ref()?;
        let def = content.ability(&throw.ability)?;
        self.use_lock(self.party.hero, def, target, content)
    }

    /// One of the pack's item `index` (a stack counts down by one) and its flight; its throw
    /// ability is paid for, as any ability used.
    fn take_one_to_throw(
        &mut self,
        index: usize,
        content: &Content,
    ) -> Option<(ItemInstance, Throw)> {
        let it = self.party.inventory.get(index)?;
        let throw = content.item(&it.item)?.throw.clone()?;
        if let Some(def) = content.ability(&throw.ability) {
            self.pay_for(self.party.hero, def);
        }
        let it = self.party.inventory.get_mut(index)?;
        let one = if it.count > 1 {
            it.count -= 1;
            ItemInstance {
                count: 1,
                ..it.clone()
            }
        } else {
            self.party.inventory.remove(index)
        };
        Some((one, throw))
    }

    /// The thrown item's blow on `target`: its throw ability's actions, the hero acting; a
    /// consumable that lands shatters and its own actions work on the target, as if the target
    /// had used it.
    fn strike_with(
        &mut self,
        target: CreatureId,
        thrown: &ItemInstance,
        throw: &Throw,
        rolls: Rolls,
        content: &Content,
    ) {
        let Some(ability) = content.ability(&throw.ability) else {
            return;
        };
        let (_, hit) = self.use_ability(self.party.hero, ability, Some(target), rolls, content);
        let Some(def) = content.item(&thrown.item) else {
            return;
        };
        if hit
            && def.slot == Slot::Consumable
            && self
                .floor
                .creatures
                .get(&target)
                .is_some_and(|c| c.is_alive())
        {
            let name = self.item_called(thrown, content);
            let who = self.called(target, content);
            self.log(format!("{} shatters over {who}.", words::sentence(&name)));
            self.learn_item(thrown, content);
            self.perform(
                Some(target),
                &def.actions,
                None,
                Some(&def.id),
                Rolls::No,
                content,
            );
        }
    }

    /// The thrown item comes down at `at`: a consumable is gone (it shattered), anything else
    /// may break (`break_chance`), else it lies there, stacked with its like. Its landing is
    /// heard `throw_noise` tiles around.
    fn come_down(&mut self, thrown: ItemInstance, throw: &Throw, at: Pos, content: &Content) {
        self.make_noise(at, content.balance.throw_noise);
        let consumable = content
            .item(&thrown.item)
            .is_some_and(|d| d.slot == Slot::Consumable);
        let name = self.item_called(&thrown, content);
        if consumable {
            return;
        }
        if throw.break_chance > 0.0 && rng::unit(&mut self.run.rng) < throw.break_chance {
            self.log(format!("{} breaks.", words::sentence(&name)));
            return;
        }
        if !self.floor.map.can_stand(at) {
            self.log(format!("{} is lost.", words::sentence(&name)));
            return;
        }
        self.put_on_ground(at, thrown, content);
    }

    /// The tile of `path` just before `p` (the item drops there).
    fn tile_before(&self, path: &[Pos], p: Pos) -> Option<Pos> {
        let i = path.iter().position(|&q| q == p)?;
        i.checked_sub(1).map(|j| path[j])
    }

    /// Puts `it` on the ground at `at`, on a stack of its like if it is a thrown item and one
    /// lies there.
    pub(super) fn put_on_ground(&mut self, at: Pos, it: ItemInstance, content: &Content) {
        let thrown = is_thrown(&it, content);
        let pile = self.floor.ground.entry(at).or_default();
        match pile.iter_mut().find(|o| thrown && o.stacks_with(&it)) {
            Some(stack) => stack.count += it.count,
            None => pile.push(it),
        }
    }

    /// Puts `it` into the pack, on a stack of its like if there is one, else into a free slot;
    /// gives it back when the pack is full.
    pub(super) fn put_in_pack(
        &mut self,
        it: ItemInstance,
        content: &Content,
    ) -> Result<(), ItemInstance> {
        if is_thrown(&it, content)
            && let Some(stack) = self.party.inventory.iter_mut().find(|o| o.stacks_with(&it))
        {
            stack.count += it.count;
            return Ok(());
        }
        if self.party.inventory.len() >= Self::inventory_size(content) {
            return Err(it);
        }
        self.party.inventory.push(it);
        Ok(())
    }

    /// Whether the pack takes at least one thing of `pile` (the pick-up refusal): a free
    /// slot, or a stack of its like for a thrown item.
    pub(super) fn pack_takes_any(&self, pile: &[ItemInstance], content: &Content) -> bool {
        self.party.inventory.len() < Self::inventory_size(content)
            || pile.iter().any(|it| {
                is_thrown(it, content) && self.party.inventory.iter().any(|o| o.stacks_with(it))
            })
    }

    /// Walking onto a tile picks up the thrown items lying there (darts, javelins: the hero's
    /// own, gathered again), as far as the pack takes them.
    pub(super) fn gather_thrown(&mut self, at: Pos, content: &Content) {
        self.take_from_ground(at, "gather", |it| is_thrown(it, content), content);
    }
}

/// Only thrown items stack: other items lie and travel one by one.
fn is_thrown(it: &ItemInstance, content: &Content) -> bool {
    content
        .item(&it.item)
        .is_some_and(|d| d.slot == Slot::Thrown)
}
