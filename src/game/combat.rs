//! Seed 002's combat: attributes, formulas, encounters and the initiative-ordered turn.
use serde::{Deserialize, Serialize};

use super::command::{Command, Outcome, Reason, RunOutcome};
use super::events::{CombatEnd, Event};
use super::state::{CreatureId, FRIGHTENED, Game};
use crate::content::schema::{ActionDef, Condition, Target, Who};
use crate::content::{Ability, BUILTIN_ABILITIES, Balance, Content};
use crate::map::Pos;
use crate::rng;

/// At most this many events are processed after one action (a trigger loop cannot hang a turn).
pub const QUEUE_LIMIT: usize = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Attr {
    MaxHealth,
    MaxStamina,
    Damage,
    HitChance,
    CriticalChance,
    CriticalFactor,
    Dexterity,
    Luck,
}

/// The pure formulas of GAME.md, over numbers only, so they can be table-tested.
pub struct Formulas;

/// p_hit = clamp(hit_chance(A vs B) − dexterity(B) × evasion, hit_clamp)
pub fn hit_chance(hit: f64, defender_dex: f64, b: &Balance) -> f64 {
    (hit - defender_dex * b.evasion).clamp(b.hit_clamp.0, b.hit_clamp.1)
}

/// final = max(1, round(raw × (1 − clamp(r, −1, cap))))
pub fn mitigate(raw: f64, resistance: f64, b: &Balance) -> f64 {
    let r = resistance.clamp(-1.0, b.resistance_cap);
    (raw * (1.0 - r)).round().max(1.0)
}

/// p_flee = clamp(0.5 + (dex(fleeing) − dex(fastest opponent)) × flee, 0.1, 0.9)
pub fn flee_chance(dex_fleeing: f64, dex_fastest: f64, b: &Balance) -> f64 {
    (0.5 + (dex_fleeing - dex_fastest) * b.flee).clamp(0.1, 0.9)
}

impl Formulas {
    /// Critical chance including luck: clamp(critical_chance + luck × luck_crit, 0, 1).
    pub fn crit_chance(crit: f64, luck: f64, b: &Balance) -> f64 {
        (crit + luck * b.luck_crit).clamp(0.0, 1.0)
    }
}

impl Game {
    /// The chance `a` hits `b` right now, as the UI shows it.
    pub fn hit_chance_against(&self, a: CreatureId, b: CreatureId, content: &Content) -> f64 {
        hit_chance(
            self.attribute_vs(a, Attr::HitChance, Some(b), content),
            self.attribute_vs(b, Attr::Dexterity, Some(a), content),
            &content.balance,
        )
    }

    /// The abilities a creature can try: its list plus flee and wait.
    pub fn known_abilities(&self, id: CreatureId, content: &Content) -> Vec<String> {
        let mut out: Vec<String> = self
            .creatures
            .get(&id)
            .and_then(|c| content.creature(&c.kind))
            .map(|k| k.abilities.clone())
            .unwrap_or_default();
        for b in BUILTIN_ABILITIES {
            if !out.iter().any(|a| a == b) {
                out.push(b.to_string());
            }
        }
        out
    }

    /// Why an ability is locked for `who`, or `None` when it is usable (the rule lives here).
    pub fn ability_lock(
        &self,
        who: CreatureId,
        ability: &str,
        target: Option<CreatureId>,
        content: &Content,
    ) -> Option<Reason> {
        if BUILTIN_ABILITIES.contains(&ability) {
            return None;
        }
        if !self
            .known_abilities(who, content)
            .iter()
            .any(|a| a == ability)
        {
            return Some(Reason::UnknownAbility(ability.to_string()));
        }
        let Some(def) = content.ability(ability) else {
            return Some(Reason::UnknownAbility(ability.to_string()));
        };
        let c = &self.creatures[&who];
        if c.stamina + 1e-9 < def.cost {
            return Some(Reason::NotEnoughStamina {
                need: def.cost,
                have: c.stamina,
            });
        }
        if let Some(&cd) = c.cooldowns.get(ability)
            && cd > 0
        {
            return Some(Reason::Cooldown(cd));
        }
        if !def
            .condition
            .iter()
            .all(|cond| self.condition_holds(cond, who, target, content))
        {
            return Some(Reason::ConditionFalse);
        }
        None
    }

    pub fn condition_holds(
        &self,
        cond: &Condition,
        me: CreatureId,
        target: Option<CreatureId>,
        content: &Content,
    ) -> bool {
        let pick = |who: &Who| match who {
            Who::SelfTarget => Some(me),
            Who::Target => target,
        };
        match cond {
            Condition::Attribute {
                who,
                attribute,
                below,
                above,
            } => {
                let Some(id) = pick(who) else { return false };
                let Some(c) = self.creatures.get(&id) else {
                    return false;
                };
                let value = match attribute.as_str() {
                    "health" => c.health / self.attribute(id, Attr::MaxHealth, content).max(1e-9),
                    "stamina" => {
                        c.stamina / self.attribute(id, Attr::MaxStamina, content).max(1e-9)
                    }
                    "max_health" => self.attribute(id, Attr::MaxHealth, content),
                    "damage" => self.attribute(id, Attr::Damage, content),
                    "hit_chance" => self.attribute(id, Attr::HitChance, content),
                    "critical_chance" => self.attribute(id, Attr::CriticalChance, content),
                    "critical_factor" => self.attribute(id, Attr::CriticalFactor, content),
                    "dexterity" => self.attribute(id, Attr::Dexterity, content),
                    "luck" => self.attribute(id, Attr::Luck, content),
                    // The loader refuses other names.
                    _ => return false,
                };
                below.is_none_or(|b| value < b) && above.is_none_or(|a| value > a)
            }
            Condition::Tag { who, tag } => pick(who)
                .and_then(|id| self.creatures.get(&id))
                .and_then(|c| content.creature(&c.kind))
                .is_some_and(|k| k.tags.iter().any(|t| t == tag)),
            Condition::HasModifier { who, modifier } => pick(who)
                .and_then(|id| self.creatures.get(&id))
                .is_some_and(|c| c.has_modifier(modifier)),
        }
    }

    /// Forms a fight with `trigger`, the `guards` of a prefab room, and every hostile within
    /// the radius that sees the hero.
    pub(super) fn start_combat(
        &mut self,
        trigger: CreatureId,
        guards: &[CreatureId],
        content: &Content,
    ) {
        let hero_pos = self.hero_pos();
        let radius = content.balance.encounter_radius as i64;
        let mut enemies = vec![trigger];
        for c in self.creatures.values() {
            if c.id == self.hero || c.id == trigger || !c.is_alive() || c.frightened > 0 {
                continue;
            }
            if guards.contains(&c.id) {
                enemies.push(c.id);
                continue;
            }
            let hostile = content.creature(&c.kind).is_some_and(|k| k.hostile);
            if hostile && c.pos.dist2(hero_pos) <= radius * radius && self.is_visible(c.pos) {
                enemies.push(c.id);
            }
        }
        // Initiative = dexterity + 1d10, rolled once per fight and kept on the creature.
        for id in std::iter::once(self.hero).chain(enemies.iter().copied()) {
            let dex = self.attribute(id, Attr::Dexterity, content);
            let roll = rng::range_inclusive(&mut self.rng, 1, 10);
            if let Some(c) = self.creatures.get_mut(&id) {
                c.initiative = dex.floor() as i32 + roll;
            }
        }
        let names: Vec<String> = enemies.iter().map(|&e| self.name(e, content)).collect();
        self.log(format!("A fight begins: {}.", names.join(", ")));
        self.enemies = enemies.clone();
        self.queue.push_back(Event::CombatStarted { enemies });
    }

    pub fn name(&self, id: CreatureId, content: &Content) -> String {
        self.creatures
            .get(&id)
            .and_then(|c| content.creature(&c.kind))
            .map_or_else(|| id.to_string(), |k| k.name.clone())
    }

    /// What the hero's command in a fight means, or why it is refused (checked before
    /// anything changes: a refusal costs nothing).
    pub(super) fn hero_action(
        &self,
        cmd: &Command,
        content: &Content,
    ) -> Result<HeroAction, Reason> {
        let hero = self.hero;
        let target_of = |target: &Option<CreatureId>| {
            let target = target.or_else(|| self.enemies.first().copied());
            match target {
                Some(t) if !self.enemies.contains(&t) => Err(Reason::NoTarget),
                _ => Ok(target),
            }
        };
        Ok(match cmd {
            Command::Ability { ability, target } => {
                let target = target_of(target)?;
                if let Some(reason) = self.ability_lock(hero, ability, target, content) {
                    return Err(reason);
                }
                HeroAction::Ability(ability.clone(), target)
            }
            Command::UseItem { index, target } => {
                let target = target_of(target)?;
                if let Some(reason) = self.item_refusal(cmd, content) {
                    return Err(reason);
                }
                HeroAction::Item(*index, target)
            }
            Command::Flee => HeroAction::Ability("core:flee".into(), None),
            Command::Wait => HeroAction::Ability("core:wait".into(), None),
            Command::Move(_)
            | Command::Descend
            | Command::PickUp
            | Command::Equip(_)
            | Command::Unequip(_)
            | Command::Drop(_) => return Err(Reason::InCombat),
        })
    }

    /// Seed 002's combat turn, for a command `hero_action` accepted.
    pub(super) fn combat_turn(&mut self, hero_action: HeroAction, content: &Content) -> Outcome {
        let hero = self.hero;
        self.queue.push_back(Event::TurnStarted { turn: self.turn });
        self.drain(content);
        self.tick(content);
        self.drain(content);

        let mut order: Vec<CreatureId> = std::iter::once(hero)
            .chain(self.enemies.iter().copied())
            .collect();
        // Highest initiative first; ties to the hero, then by id (stable and platform-free).
        order.sort_by_key(|id| {
            let c = &self.creatures[id];
            (-(c.initiative as i64), *id != hero, *id)
        });
        let mut fled = false;
        for actor in order {
            if fled || !self.hero().is_alive() {
                break;
            }
            if !self.creatures.get(&actor).is_some_and(|c| c.is_alive()) {
                continue;
            }
            if actor != hero && !self.enemies.contains(&actor) {
                continue;
            }
            if actor == hero {
                fled = match &hero_action {
                    HeroAction::Ability(ability, target) => {
                        self.act(hero, ability, *target, content)
                    }
                    HeroAction::Item(index, target) => self.use_item(*index, *target, content),
                };
            } else {
                let (ability, target) = self.enemy_choice(actor, content);
                self.act(actor, &ability, target, content);
            }
            self.drain(content);
        }

        // Dead enemies leave only now, so triggers above still saw them.
        self.remove_dead();
        if self.hero().is_alive() {
            if fled {
                self.end_combat(CombatEnd::Fled, content);
            } else if self.enemies.is_empty() {
                self.end_combat(CombatEnd::Victory, content);
            }
        }
        self.end_turn(content)
    }

    /// The dead leave the fight, the map and the rooms they guarded (every id the state names
    /// must resolve).
    pub(super) fn remove_dead(&mut self) {
        let hero = self.hero;
        let creatures = &self.creatures;
        self.enemies
            .retain(|id| creatures.get(id).is_some_and(|c| c.is_alive()));
        self.creatures.retain(|id, c| *id == hero || c.is_alive());
        for room in &mut self.encounter_rooms {
            room.guards.retain(|g| self.creatures.contains_key(g));
        }
    }

    fn end_combat(&mut self, outcome: CombatEnd, content: &Content) {
        if outcome == CombatEnd::Fled {
            let turns = content.balance.flee_fright_turns;
            for id in std::mem::take(&mut self.enemies) {
                self.apply_modifier(id, FRIGHTENED, Some(turns), content);
            }
            self.log("You got away.");
        } else {
            self.log("Victory!");
        }
        self.enemies.clear();
        self.queue.push_back(Event::CombatEnded { outcome });
        self.drain(content);
    }

    /// Step 2 of the turn: modifiers tick, stamina regenerates, cooldowns drop by one.
    fn tick(&mut self, content: &Content) {
        let ids: Vec<CreatureId> = std::iter::once(self.hero)
            .chain(self.enemies.iter().copied())
            .collect();
        for id in ids {
            self.tick_modifiers(id, content);
            if id == self.hero {
                self.tick_hero_fear();
            }
            let max = self.attribute(id, Attr::MaxStamina, content);
            if let Some(c) = self.creatures.get_mut(&id) {
                c.stamina = (c.stamina + content.balance.stamina_regen).min(max);
                for cd in c.cooldowns.values_mut() {
                    *cd = cd.saturating_sub(1);
                }
                c.cooldowns.retain(|_, cd| *cd > 0);
            }
        }
    }

    /// The hero's fear runs down with its turns (the monsters' with their moves).
    pub(super) fn tick_hero_fear(&mut self) {
        let hero = self.hero;
        if let Some(h) = self.creatures.get_mut(&hero)
            && h.frightened > 0
        {
            h.frightened -= 1;
            if h.frightened == 0 {
                self.queue.push_back(Event::ModifierExpired {
                    target: hero,
                    modifier: FRIGHTENED.into(),
                });
            }
        }
    }

    /// An enemy's choice: the first `ai` entry whose condition holds and whose ability is usable.
    pub fn enemy_choice(&self, me: CreatureId, content: &Content) -> (String, Option<CreatureId>) {
        let target = Some(self.hero);
        let Some(kind) = self
            .creatures
            .get(&me)
            .and_then(|c| content.creature(&c.kind))
        else {
            return ("core:wait".into(), None);
        };
        for rule in &kind.ai {
            let holds = rule
                .condition
                .iter()
                .all(|c| self.condition_holds(c, me, target, content));
            if holds
                && self
                    .ability_lock(me, &rule.ability, target, content)
                    .is_none()
            {
                return (rule.ability.clone(), target);
            }
        }
        ("core:wait".into(), None)
    }

    /// One action. Returns true when the hero fled successfully.
    fn act(
        &mut self,
        actor: CreatureId,
        ability: &str,
        target: Option<CreatureId>,
        content: &Content,
    ) -> bool {
        match ability {
            "core:wait" => {
                if actor == self.hero {
                    self.log("You wait.");
                }
                false
            }
            "core:flee" => self.try_flee(actor, content),
            _ => {
                let Some(def) = content.ability(ability) else {
                    return false;
                };
                if let Some(c) = self.creatures.get_mut(&actor) {
                    c.stamina -= def.cost;
                    if def.cooldown > 0 {
                        c.cooldowns.insert(ability.to_string(), def.cooldown);
                    }
                }
                self.use_ability(actor, def, target, content)
            }
        }
    }

    /// Who `all_enemies` means for `actor`: in a fight the other side; outside one, for the
    /// hero every hostile that sees it, for a monster the hero.
    fn opponents(&self, actor: CreatureId, content: &Content) -> Vec<CreatureId> {
        if actor != self.hero {
            return vec![self.hero];
        }
        if self.in_combat() {
            return self.enemies.clone();
        }
        let hp = self.hero_pos();
        self.creatures
            .values()
            .filter(|c| c.id != self.hero && c.is_alive() && self.is_visible(c.pos))
            .filter(|c| {
                content.creature(&c.kind).is_some_and(|k| {
                    k.hostile && c.pos.dist2(hp) <= (k.movement.sight as i64).pow(2)
                })
            })
            .map(|c| c.id)
            .collect()
    }

    /// Returns true when the hero got away.
    fn try_flee(&mut self, actor: CreatureId, content: &Content) -> bool {
        if !self.in_combat() {
            return false;
        }
        let dex = self.attribute(actor, Attr::Dexterity, content);
        let fastest = self
            .opponents(actor, content)
            .iter()
            .filter(|id| self.creatures.get(id).is_some_and(|c| c.is_alive()))
            .map(|&id| self.attribute(id, Attr::Dexterity, content))
            .fold(f64::NEG_INFINITY, f64::max);
        let fastest = if fastest.is_finite() { fastest } else { dex };
        let p = flee_chance(dex, fastest, &content.balance);
        let ok = rng::unit(&mut self.rng) < p;
        let name = self.name(actor, content);
        self.queue.push_back(Event::AbilityUsed {
            source: actor,
            ability: "core:flee".into(),
            target: None,
            hit: ok,
        });
        if actor == self.hero {
            self.log(if ok {
                "You flee!".to_string()
            } else {
                format!("You fail to flee ({:.0}%).", p * 100.0)
            });
            ok
        } else {
            if ok {
                self.log(format!("The {name} flees."));
                self.enemies.retain(|&e| e != actor);
                let turns = content.balance.flee_fright_turns;
                self.apply_modifier(actor, FRIGHTENED, Some(turns), content);
            }
            false
        }
    }

    /// An ability's actions, rolled to hit; then `ability_used`. True when the hero fled.
    fn use_ability(
        &mut self,
        actor: CreatureId,
        def: &Ability,
        target: Option<CreatureId>,
        content: &Content,
    ) -> bool {
        let (fled, any_hit) = self.perform(
            Some(actor),
            &def.actions,
            target,
            Some(&def.id),
            true,
            content,
        );
        self.queue.push_back(Event::AbilityUsed {
            source: actor,
            ability: def.id.clone(),
            target,
            hit: any_hit,
        });
        fled
    }

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

    /// Runs actions of an ability (`rolls`: damage rolls hit and crit), of a trigger, an item or
    /// a trap (never roll). A target missed by the ability's first damage action on it takes
    /// none of its actions. `cause` names the ability, item, modifier or trap for the log and
    /// for `creature_died`. Returns (the hero fled, anything hit).
    pub(super) fn perform(
        &mut self,
        actor: Option<CreatureId>,
        actions: &[ActionDef],
        target: Option<CreatureId>,
        cause: Option<&str>,
        rolls: bool,
        content: &Content,
    ) -> (bool, bool) {
        let mut missed: Vec<CreatureId> = Vec::new();
        let mut any_hit = false;
        let mut fled = false;
        if rolls && let Some(a) = actor {
            // One hit roll per target, before anything happens to it.
            let mut rolled: Vec<CreatureId> = Vec::new();
            for action in actions {
                if !matches!(action, ActionDef::Damage { .. }) {
                    continue;
                }
                for t in self.action_targets(action, actor, target, content) {
                    if rolled.contains(&t) || !self.creatures.get(&t).is_some_and(|c| c.is_alive())
                    {
                        continue;
                    }
                    rolled.push(t);
                    let p = self.hit_chance_against(a, t, content);
                    if rng::unit(&mut self.rng) >= p {
                        missed.push(t);
                        let (an, bn) = (self.name(a, content), self.name(t, content));
                        let what = cause.map_or_else(String::new, |c| content.display_name(c));
                        self.log(format!("{an} uses {what} on {bn} and misses."));
                    }
                }
            }
        }
        for action in actions {
            for t in self.action_targets(action, actor, target, content) {
                if missed.contains(&t) || !self.creatures.get(&t).is_some_and(|c| c.is_alive()) {
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
                        let mut raw = amount + scale * damage;
                        let mut critical = false;
                        if rolls && let Some(a) = actor {
                            let crit_p = Formulas::crit_chance(
                                self.attribute_vs(a, Attr::CriticalChance, Some(t), content),
                                self.attribute_vs(a, Attr::Luck, Some(t), content),
                                &content.balance,
                            );
                            critical = rng::unit(&mut self.rng) < crit_p;
                            if critical {
                                raw *= self.attribute_vs(a, Attr::CriticalFactor, Some(t), content);
                            }
                        }
                        let r = self.resistance(t, damage_type, content);
                        let dealt = mitigate(raw, r, &content.balance);
                        self.deal(actor, t, dealt, damage_type, critical, cause, content);
                    }
                    ActionDef::Heal { amount, .. } => self.heal(t, *amount, content),
                    ActionDef::RestoreStamina { amount, .. } => {
                        let max = self.attribute(t, Attr::MaxStamina, content);
                        if let Some(c) = self.creatures.get_mut(&t) {
                            c.stamina = (c.stamina + amount).min(max);
                        }
                    }
                    ActionDef::GrantGold { amount } => {
                        if t == self.hero {
                            self.gold += amount;
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
                        fled |= self.try_flee(t, content) && t == self.hero;
                    }
                }
            }
        }
        (fled, any_hit)
    }

    /// `count` creatures of `kind` on the free tiles nearest `near`; in a fight they join the
    /// enemies (creatures are never the hero's allies) with their own initiative.
    fn summon(&mut self, near: CreatureId, kind: &str, count: u32, content: &Content) {
        let (Some(def), Some(anchor)) = (content.creature(kind), self.creatures.get(&near)) else {
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
                    if !self.map.is_passable(p) || self.creature_at(p).is_some() {
                        continue;
                    }
                    let id = self.spawn(def, p);
                    if let Some(c) = self.creatures.get_mut(&id) {
                        c.ai.alerted = true;
                    }
                    placed += 1;
                    let name = def.name.clone();
                    self.log(format!("A {name} appears!"));
                    if self.in_combat() && def.hostile {
                        let dex = self.attribute(id, Attr::Dexterity, content);
                        let roll = rng::range_inclusive(&mut self.rng, 1, 10);
                        if let Some(c) = self.creatures.get_mut(&id) {
                            c.initiative = dex.floor() as i32 + roll;
                        }
                        self.enemies.push(id);
                    }
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn deal(
        &mut self,
        source: Option<CreatureId>,
        target: CreatureId,
        amount: f64,
        damage_type: &str,
        critical: bool,
        cause: Option<&str>,
        content: &Content,
    ) {
        let Some(c) = self.creatures.get_mut(&target) else {
            return;
        };
        let was_alive = c.is_alive();
        c.health -= amount;
        let now_dead = !c.is_alive();
        let b = self.name(target, content);
        let crit = if critical { " Critical!" } else { "" };
        match source {
            Some(s) if s != target => {
                let a = self.name(s, content);
                self.log(format!("{a} hits {b} for {amount:.0}.{crit}"));
            }
            _ => {
                let what = cause.map_or_else(|| "Something".into(), |c| content.display_name(c));
                self.log(format!("{what} hurts {b} for {amount:.0}."));
            }
        }
        // Harm a creature's own modifier does it (poison, burning) has no other party, so
        // triggers such as thorns cannot bounce it back onto the same creature.
        let source = source.filter(|&s| s != target);
        self.queue.push_back(Event::DamageDealt {
            source,
            target,
            amount,
            damage_type: damage_type.to_string(),
            critical,
        });
        if was_alive && now_dead {
            self.queue.push_back(Event::CreatureDied {
                creature: target,
                killer: source,
                ability: cause.map(str::to_string),
            });
        }
    }

    fn heal(&mut self, target: CreatureId, amount: f64, content: &Content) {
        let max = self.attribute(target, Attr::MaxHealth, content);
        if let Some(c) = self.creatures.get_mut(&target) {
            let before = c.health;
            c.health = (c.health + amount).min(max);
            let healed = c.health - before;
            self.queue.push_back(Event::Healed {
                target,
                amount: healed,
            });
        }
    }

    /// Processes queued events in order (at most `QUEUE_LIMIT` per call): the rules' own
    /// reactions first, then every trigger listening to it.
    pub(super) fn drain(&mut self, content: &Content) {
        let mut n = 0;
        while let Some(ev) = self.queue.pop_front() {
            n += 1;
            if n > QUEUE_LIMIT {
                self.queue.clear();
                self.log("(too many chained effects; the rest fizzle)");
                break;
            }
            if let Event::CreatureDied {
                creature,
                killer,
                ability,
            } = &ev
            {
                self.on_death(*creature, *killer, ability.clone(), content);
            }
            self.fire_triggers(&ev, content);
            self.last_events.push(ev);
        }
    }

    fn on_death(
        &mut self,
        creature: CreatureId,
        killer: Option<CreatureId>,
        ability: Option<String>,
        content: &Content,
    ) {
        if creature == self.hero {
            let killer_name = killer.map_or("the dungeon".to_string(), |k| self.name(k, content));
            let ability_name = ability
                .as_deref()
                .map_or("misfortune".to_string(), |a| content.display_name(a));
            self.log(format!("You are killed by {killer_name} ({ability_name})."));
            self.death = Some(super::state::Death {
                killer: killer_name,
                ability: ability_name,
            });
            self.outcome = Some(RunOutcome::Died);
            return;
        }
        let Some(c) = self.creatures.get(&creature) else {
            return;
        };
        let name = self.name(creature, content);
        let (hoard, pos) = (c.hoard, c.pos);
        let kind = content.creature(&c.kind);
        if killer == Some(self.hero) {
            self.kills += 1;
            let (xp, range, loot) =
                kind.map_or((0, (0, 0), None), |k| (k.xp, k.gold, k.loot.clone()));
            let mut gold =
                rng::range_inclusive(&mut self.rng, range.0 as i32, range.1 as i32).max(0) as u32;
            let drop = loot
                .map(|l| self.drop_loot(&l, pos, content))
                .unwrap_or_default();
            gold += drop.gold;
            self.gold += gold;
            self.log(format!("The {name} dies. (+{xp} XP, +{gold} gold)"));
            for it in &drop.items {
                let item = super::items::item_name(it, content);
                self.log(format!("It drops a {item}."));
            }
            self.gain_xp(xp, content);
        } else {
            self.log(format!("The {name} dies."));
        }
        if hoard > 0 {
            *self.treasure.entry(pos).or_default() += hoard;
        }
    }

    fn gain_xp(&mut self, xp: u32, content: &Content) {
        self.xp += xp;
        while self.xp >= content.progression.xp_for_level(self.level + 1) {
            self.level += 1;
            let hero = self.hero;
            let max = self.attribute(hero, Attr::MaxHealth, content);
            if let Some(h) = self.creatures.get_mut(&hero) {
                h.health = max;
            }
            self.log(format!("You reach level {}!", self.level));
        }
    }

    /// Final step of any turn: `turn_ended`, turn += 1, and the run's end if it came.
    pub(super) fn end_turn(&mut self, content: &Content) -> Outcome {
        self.queue.push_back(Event::TurnEnded { turn: self.turn });
        self.drain(content);
        self.remove_dead();
        self.turn += 1;
        match self.outcome {
            Some(o) => {
                self.enemies.clear();
                Outcome::GameOver(o)
            }
            None => Outcome::TurnPassed,
        }
    }
}

/// What the hero does in its place in the initiative order.
pub(super) enum HeroAction {
    Ability(String, Option<CreatureId>),
    Item(usize, Option<CreatureId>),
}

fn action_target(a: &ActionDef) -> Target {
    match a {
        ActionDef::Damage { target, .. }
        | ActionDef::Heal { target, .. }
        | ActionDef::RestoreStamina { target, .. }
        | ActionDef::ApplyModifier { target, .. }
        | ActionDef::RemoveModifier { target, .. } => *target,
        ActionDef::GrantGold { .. } | ActionDef::Summon { .. } | ActionDef::Flee => {
            Target::SelfTarget
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_clamps_at_both_edges() {
        let b = Balance::default();
        assert!((hit_chance(0.7, 5.0, &b) - 0.6).abs() < 1e-12);
        assert_eq!(hit_chance(2.0, 0.0, &b), 0.95);
        assert_eq!(hit_chance(0.0, 10.0, &b), 0.05);
    }

    #[test]
    fn mitigation_caps_floors_and_rounds() {
        let b = Balance::default();
        assert_eq!(mitigate(10.0, 0.5, &b), 5.0);
        assert_eq!(mitigate(10.0, 0.95, &b), 2.0); // capped at 0.8
        assert_eq!(mitigate(10.0, -3.0, &b), 20.0); // floored at -1.0
        assert_eq!(mitigate(0.2, 0.0, &b), 1.0); // a hit never does 0
        assert_eq!(mitigate(2.5, 0.0, &b), 3.0); // round half away from zero
    }

    #[test]
    fn flee_clamps() {
        let b = Balance::default();
        assert_eq!(flee_chance(5.0, 5.0, &b), 0.5);
        assert_eq!(flee_chance(0.0, 100.0, &b), 0.1);
        assert_eq!(flee_chance(100.0, 0.0, &b), 0.9);
        assert!((flee_chance(7.0, 5.0, &b) - 0.6).abs() < 1e-12);
    }

    #[test]
    fn crit_with_luck_clamps() {
        let b = Balance::default();
        assert!((Formulas::crit_chance(0.05, 10.0, &b) - 0.1).abs() < 1e-12);
        assert_eq!(Formulas::crit_chance(0.9, 1000.0, &b), 1.0);
        assert_eq!(Formulas::crit_chance(0.0, -1000.0, &b), 0.0);
    }

    #[test]
    fn default_xp_curve_grows() {
        let p = crate::content::registry::Progression::default();
        assert_eq!(p.xp_for_level(1), 0);
        assert_eq!(p.xp_for_level(2), 20);
        assert_eq!(p.xp_for_level(3), 60);
    }
}
