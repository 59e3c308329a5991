//! The effect interpreter: the actions of abilities, triggers, items and traps (damage with
//! its hit and critical rolls, healing, stamina, gold, modifiers, summons, flight).
use super::combat::{Attr, Formulas, mitigate};
use super::events::Event;
use super::state::{CreatureId, Game};
use super::words;
use crate::content::Content;
use crate::content::schema::{ActionDef, Target};
use crate::map::Pos;
use crate::rng;

/// Damage that lands: who dealt it (none for a trap's or a modifier's own), on whom, how much
/// after resistance, of which type, whether it was critical, and the ability or modifier that
/// caused it.
#[derive(Clone, Copy)]
pub(super) struct Hit<'a> {
    pub source: Option<CreatureId>,
    pub target: CreatureId,
    pub amount: f64,
    pub damage_type: &'a str,
    pub critical: bool,
    pub cause: Option<&'a str>,
}

/// What an action's damage rolls for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Rolls {
    /// Nothing: a trigger's, an item's or a trap's damage lands as written.
    No,
    /// An ability's: to hit, then for a critical.
    HitAndCrit,
    /// A shot's from across the map: as `HitAndCrit`, its hit chance multiplied by the range
    /// falloff (`throwing::falloff`).
    Aimed(f64),
    /// A blow already known to land (a sneak attack's, a throw's that struck): no hit roll,
    /// a roll for a critical, and its damage multiplied (1: as written).
    Landed(f64),
}

impl Rolls {
    /// Whether it rolls to hit, and what its hit chance is multiplied by.
    fn to_hit(self) -> Option<f64> {
        match self {
            Rolls::HitAndCrit => Some(1.0),
            Rolls::Aimed(f) => Some(f),
            Rolls::No | Rolls::Landed(_) => None,
        }
    }

    fn factor(self) -> f64 {
        match self {
            Rolls::Landed(f) => f,
            _ => 1.0,
        }
    }
}

impl Game {
    /// The creatures one action reaches.
    fn action_targets(
        &self,
        action: &ActionDef,
        actor: Option<CreatureId>,
        target: Option<CreatureId>,
        content: &Content,
    ) -> Vec<CreatureId> {
        match action_target(action) {
            // With nobody acting (a trap), `self` is the one it happens to.
            Target::SelfTarget => actor.or(target).into_iter().collect(),
            Target::Target => target.into_iter().collect(),
            Target::AllEnemies => match actor {
                Some(a) => self.opponents(a, content),
                None => target.into_iter().collect(),
            },
        }
    }

    /// Runs actions of an ability (`rolls`: what damage rolls), of a trigger, an item or
    /// a trap (never roll). A target missed by the ability's first damage action on it takes
    /// none of its actions. `cause` names the ability, item, modifier or trap for the log and
    /// for `creature_died`. Returns (the hero fled, anything hit).
    pub(super) fn perform(
        &mut self,
        actor: Option<CreatureId>,
        actions: &[ActionDef],
        target: Option<CreatureId>,
        cause: Option<&str>,
        rolls: Rolls,
        content: &Content,
    ) -> (bool, bool) {
        let mut missed: Vec<CreatureId> = Vec::new();
        let mut any_hit = false;
        let mut fled = false;
        if let Some(aim) = rolls.to_hit()
            && let Some(a) = actor
        {
            // One hit roll per target, before anything happens to it.
            let mut rolled: Vec<CreatureId> = Vec::new();
            for action in actions {
                if !matches!(action, ActionDef::Damage { .. }) {
                    continue;
                }
                for t in self.action_targets(action, actor, target, content) {
                    if rolled.contains(&t)
                        || !self.floor.creatures.get(&t).is_some_and(|c| c.is_alive())
                    {
                        continue;
                    }
                    rolled.push(t);
                    let p = self.aimed_hit_chance_against(a, t, aim, content);
                    if rng::unit(&mut self.run.rng) >= p {
                        missed.push(t);
                        let bn = self.called(t, content);
                        let what = cause.map_or_else(String::new, |c| content.display_name(c));
                        self.log(if a == self.party.hero {
                            format!("You use {what} on {bn} and miss.")
                        } else {
                            let an = words::sentence(&self.called(a, content));
                            format!("{an} uses {what} on {bn} and misses.")
                        });
                    }
                }
            }
        }
        for action in actions {
            for t in self.action_targets(action, actor, target, content) {
                if missed.contains(&t)
                    || !self.floor.creatures.get(&t).is_some_and(|c| c.is_alive())
                {
                    continue;
                }
                any_hit = true;
                match action {
                    ActionDef::Damage {
                        amount,
                        scale,
                        damage_type,
                        ..
                    } => {
                        let damage = actor.map_or(0.0, |a| {
                            self.attribute_vs(a, Attr::Damage, Some(t), content)
                        });
                        let mut raw = (amount + scale * damage) * rolls.factor();
                        let mut critical = false;
                        if rolls != Rolls::No
                            && let Some(a) = actor
                        {
                            let crit_p = Formulas::crit_chance(
                                self.attribute_vs(a, Attr::CriticalChance, Some(t), content),
                                self.attribute_vs(a, Attr::Luck, Some(t), content),
                                &content.balance,
                            );
                            critical = rng::unit(&mut self.run.rng) < crit_p;
                            if critical {
                                raw *= self.attribute_vs(a, Attr::CriticalFactor, Some(t), content);
                            }
                        }
                        let r = self.resistance(t, damage_type, content);
                        let dealt = mitigate(raw, r, &content.balance);
                        let hit = Hit {
                            source: actor,
                            target: t,
                            amount: dealt,
                            damage_type,
                            critical,
                            cause,
                        };
                        self.deal(&hit, content);
                    }
                    ActionDef::Heal { amount, .. } => self.heal(t, *amount, content),
                    ActionDef::RestoreStamina { amount, .. } => {
                        let max = self.attribute(t, Attr::MaxStamina, content);
                        if let Some(c) = self.floor.creatures.get_mut(&t) {
                            c.stamina = (c.stamina + amount).min(max);
                        }
                    }
                    ActionDef::GrantGold { amount } => {
                        if t == self.party.hero {
                            self.party.gold = self.party.gold.saturating_add(*amount);
                            self.log(format!("You gain {amount} gold."));
                        }
                    }
                    ActionDef::ApplyModifier {
                        modifier, turns, ..
                    } => {
                        self.apply_modifier(t, modifier, *turns, content);
                    }
                    ActionDef::RemoveModifier { modifier, .. } => {
                        self.remove_modifier(t, modifier, content);
                    }
                    ActionDef::Summon { creature, count } => {
                        self.summon(t, creature, *count, content);
                    }
                    ActionDef::Flee => {
                        fled |= self.try_flee(t, content) && t == self.party.hero;
                    }
                    ActionDef::Identify => {
                        // An item's identify is done by `use_item`, with the player's choice;
                        // anyone else's reveals the first unknown item in the pack.
                        if cause.is_none_or(|c| content.item(c).is_none())
                            && let Some(i) = self.first_unknown(None)
                        {
                            let it = self.party.inventory[i].clone();
                            self.learn_item(&it, content);
                        }
                    }
                    ActionDef::Teleport => {
                        fled |= self.teleport(t, content) && t == self.party.hero;
                    }
                    ActionDef::Aggravate => self.aggravate(),
                }
            }
        }
        (fled, any_hit)
    }

    /// `count` creatures of `kind` on the free tiles nearest `near`; in a fight they join the
    /// enemies (creatures are never the hero's allies) with their own initiative.
    fn summon(&mut self, near: CreatureId, kind: &str, count: u32, content: &Content) {
        let (Some(def), Some(anchor)) = (content.creature(kind), self.floor.creatures.get(&near))
        else {
            return;
        };
        let from = anchor.pos;
        let mut placed = 0;
        for r in 1..=3i32 {
            for dy in -r..=r {
                for dx in -r..=r {
                    if placed == count || dx.abs() + dy.abs() != r {
                        continue;
                    }
                    let p = Pos::new(from.x + dx, from.y + dy);
                    if !self.floor.map.can_stand(p) || self.creature_at(p).is_some() {
                        continue;
                    }
                    let id = self.spawn(def, p);
                    let at = self.hero_pos();
                    if let Some(c) = self.floor.creatures.get_mut(&id) {
                        c.alert(at);
                    }
                    placed += 1;
                    let name = words::sentence(&words::a(&def.name, def.proper_name));
                    self.log(format!("{name} appears!"));
                    if self.in_combat() && def.hostile {
                        let dex = self.attribute(id, Attr::Dexterity, content);
                        let roll = rng::range_inclusive(&mut self.run.rng, 1, 10);
                        if let Some(c) = self.floor.creatures.get_mut(&id) {
                            c.initiative = dex.floor() as i32 + roll;
                        }
                        self.fight.enemies.push(id);
                    }
                }
            }
        }
    }

    /// Carries a creature to a random free tile out of the hero's sight (any free tile when
    /// none is out of sight). A monster carried off leaves the fight; true when the hero was
    /// carried out of one (it counts as fled).
    fn teleport(&mut self, who: CreatureId, content: &Content) -> bool {
        let free: Vec<Pos> = (0..self.floor.map.len())
            .map(|i| self.floor.map.pos(i))
            .filter(|&p| self.floor.map.can_stand(p) && self.creature_at(p).is_none())
            .collect();
        let hidden: Vec<Pos> = free
            .iter()
            .copied()
            .filter(|&p| !self.is_visible(p))
            .collect();
        let pool = if hidden.is_empty() { free } else { hidden };
        if pool.is_empty() {
            return false;
        }
        let to = pool[rng::below(&mut self.run.rng, pool.len() as u32) as usize];
        if let Some(c) = self.floor.creatures.get_mut(&who) {
            c.pos = to;
        }
        let name = words::sentence(&self.called(who, content));
        if who == self.party.hero {
            self.log("The world lurches: you are somewhere else.");
            self.update_sight(content);
            self.in_combat()
        } else {
            self.log(format!("{name} vanishes."));
            self.fight.enemies.retain(|&e| e != who);
            false
        }
    }

    /// Every monster on the floor hunts the hero from now on (the forager's alarm).
    fn aggravate(&mut self) {
        self.floor.alarm = true;
        let (hero, at) = (self.party.hero, self.hero_pos());
        for c in self.floor.creatures.values_mut().filter(|c| c.id != hero) {
            c.alert(at);
        }
        self.log("A piercing shriek echoes through the floor. Everything here hunts you now.");
    }

    /// What hurts a creature when nobody strikes: a modifier by its damage ("the poison"),
    /// anything else by its name ("the spike trap").
    fn hurt_by(&self, cause: Option<&str>, damage_type: &str, content: &Content) -> String {
        match cause {
            Some(c) if content.modifiers.contains_key(c) => {
                let kind = content.damage_types.get(damage_type);
                words::the(kind.map_or(damage_type, |d| d.name.as_str()), false)
            }
            Some(c) => words::the(&content.display_name(c), false),
            None => "something".into(),
        }
    }

    pub(super) fn deal(&mut self, hit: &Hit<'_>, content: &Content) {
        let Hit {
            source,
            target,
            amount,
            critical,
            cause,
            ..
        } = *hit;
        if !self.floor.creatures.contains_key(&target) {
            return;
        }
        let b = self.called(target, content);
        let crit = if critical { " Critical!" } else { "" };
        match source {
            Some(s) if s == self.party.hero && s != target => {
                self.log(format!("You hit {b} for {amount:.0}.{crit}"));
            }
            Some(s) if s != target => {
                let a = words::sentence(&self.called(s, content));
                self.log(format!("{a} hits {b} for {amount:.0}.{crit}"));
            }
            _ => {
                let what = words::sentence(&self.hurt_by(cause, hit.damage_type, content));
                self.log(format!("{what} hurts {b} for {amount:.0}."));
            }
        }
        self.land(hit);
    }

    /// `deal` without its log line, for harm that words itself (the lava that burns).
    pub(super) fn land(&mut self, hit: &Hit<'_>) {
        let Hit {
            source,
            target,
            amount,
            damage_type,
            critical,
            cause,
        } = *hit;
        let Some(c) = self.floor.creatures.get_mut(&target) else {
            return;
        };
        let was_alive = c.is_alive();
        c.health -= amount;
        let now_dead = !c.is_alive();
        // Harm a creature's own modifier does it (poison, burning) has no other party, so
        // triggers such as thorns cannot bounce it back onto the same creature.
        let source = source.filter(|&s| s != target);
        self.run.queue.push_back(Event::DamageDealt {
            source,
            target,
            amount,
            damage_type: damage_type.to_string(),
            critical,
        });
        if was_alive && now_dead {
            self.run.queue.push_back(Event::CreatureDied {
                creature: target,
                killer: source,
                ability: cause.map(str::to_string),
            });
        }
    }

    fn heal(&mut self, target: CreatureId, amount: f64, content: &Content) {
        let max = self.attribute(target, Attr::MaxHealth, content);
        if let Some(c) = self.floor.creatures.get_mut(&target) {
            let before = c.health;
            c.health = (c.health + amount).min(max);
            let healed = c.health - before;
            self.run.queue.push_back(Event::Healed {
                target,
                amount: healed,
            });
        }
    }
}

/// Who an action is aimed at (`self` for those that name nobody).
pub(super) fn action_target(a: &ActionDef) -> Target {
    match a {
        ActionDef::Damage { target, .. }
        | ActionDef::Heal { target, .. }
        | ActionDef::RestoreStamina { target, .. }
        | ActionDef::ApplyModifier { target, .. }
        | ActionDef::RemoveModifier { target, .. } => *target,
        ActionDef::GrantGold { .. }
        | ActionDef::Summon { .. }
        | ActionDef::Flee
        | ActionDef::Identify
        | ActionDef::Teleport
        | ActionDef::Aggravate => Target::SelfTarget,
    }
}
