//! Combat: the formulas (hit, mitigation, flee, critical), forming a fight, the lock rule for
//! abilities, the enemies' choices and the initiative-ordered round.
use serde::{Deserialize, Serialize};

use super::command::{Command, Reason};
use super::effects::Rolls;
use super::events::{CombatEnd, Event};
use super::state::{Awareness, CreatureId, FRIGHTENED, Game};
use super::words;
use crate::content::schema::{Condition, Who};
use crate::content::{Ability, BUILTIN_ABILITIES, Balance, Content};
use crate::rng;

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

/// The running fight: the creatures fighting the hero (only they act in a combat turn), not
/// every monster on the floor.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Fight {
    pub enemies: Vec<CreatureId>,
    /// The fight formed this turn and its first turn has not begun: `combat_started` waits
    /// for that turn's `turn_started`, so what it applies ticks once before the first round
    /// (not written while false, as in every save from before the rule).
    #[serde(rename = "combat_starting", skip_serializing_if = "std::ops::Not::not")]
    pub starting: bool,
}

/// The pure combat formulas, over numbers only, so they can be table-tested.
pub struct Formulas;

/// `v.clamp(lo, hi)` for bounds loading accepts; bounds it refuses (swapped, NaN) give a
/// number instead of `f64::clamp`'s panic. Loading is the real guard; this one keeps a
/// `Balance` built in code from crashing a fight.
pub fn clamp_or_bound(v: f64, lo: f64, hi: f64) -> f64 {
    if lo <= hi {
        v.clamp(lo, hi)
    } else {
        v.max(lo).min(hi)
    }
}

/// p_hit = clamp(hit_chance(A vs B) − dexterity(B) × evasion, hit_clamp)
pub fn hit_chance(hit: f64, defender_dex: f64, b: &Balance) -> f64 {
    aimed_hit_chance(hit, defender_dex, 1.0, b)
}

/// A blow from `aim` of the way (the range falloff, `throwing::falloff`): p_hit =
/// clamp((hit_chance(A vs B) − dexterity(B) × evasion) × aim, hit_clamp). The falloff scales
/// the chance inside the clamp, so a shot at the far end of its range keeps the clamp's
/// floor: no blow is ever certain to miss.
pub fn aimed_hit_chance(hit: f64, defender_dex: f64, aim: f64, b: &Balance) -> f64 {
    let raw = (hit - defender_dex * b.evasion) * aim;
    clamp_or_bound(raw, b.hit_clamp.0, b.hit_clamp.1)
}

/// final = max(1, round(raw × (1 − clamp(r, −1, cap))))
pub fn mitigate(raw: f64, resistance: f64, b: &Balance) -> f64 {
    let r = clamp_or_bound(resistance, -1.0, b.resistance_cap);
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
        self.aimed_hit_chance_against(a, b, 1.0, content)
    }

    /// `hit_chance_against` from `aim` of the way (`aimed_hit_chance`).
    pub fn aimed_hit_chance_against(
        &self,
        a: CreatureId,
        b: CreatureId,
        aim: f64,
        content: &Content,
    ) -> f64 {
        aimed_hit_chance(
            self.attribute_vs(a, Attr::HitChance, Some(b), content),
            self.attribute_vs(b, Attr::Dexterity, Some(a), content),
            aim,
            &content.balance,
        )
    }

    /// The abilities a creature can try: its list plus flee and wait.
    pub fn known_abilities(&self, id: CreatureId, content: &Content) -> Vec<String> {
        let mut out: Vec<String> = self
            .floor
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
        self.use_lock(who, def, target, content)
    }

    /// What keeps `who` from using `def` now, known to it or not (a thrown item's ability, which
    /// the hero need not know): its stamina, its cooldown, its condition.
    pub(super) fn use_lock(
        &self,
        who: CreatureId,
        def: &Ability,
        target: Option<CreatureId>,
        content: &Content,
    ) -> Option<Reason> {
        let ability = def.id.as_str();
        let c = &self.floor.creatures[&who];
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
                let Some(c) = self.floor.creatures.get(&id) else {
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
                .and_then(|id| self.floor.creatures.get(&id))
                .and_then(|c| content.creature(&c.kind))
                .is_some_and(|k| k.tags.iter().any(|t| t == tag)),
            Condition::HasModifier { who, modifier } => pick(who)
                .and_then(|id| self.floor.creatures.get(&id))
                .is_some_and(|c| c.has_modifier(modifier)),
        }
    }

    /// Forms a fight with `trigger`, the `guards` of a prefab room, and every hostile within
    /// the radius that hunts the hero and that the hero sees.
    pub(super) fn start_combat(
        &mut self,
        trigger: CreatureId,
        guards: &[CreatureId],
        content: &Content,
    ) {
        let hero_pos = self.hero_pos();
        let radius = content.balance.encounter_radius as i64;
        let mut enemies = vec![trigger];
        for c in self.floor.creatures.values() {
            if c.id == self.party.hero || c.id == trigger || !c.is_alive() || c.frightened > 0 {
                continue;
            }
            if guards.contains(&c.id) {
                enemies.push(c.id);
                continue;
            }
            let hostile = content.creature(&c.kind).is_some_and(|k| k.hostile);
            // Only a hunter joins: a sleeper sleeps through it, and the unaware have not
            // noticed (the noise below sends them to look, too late to join).
            let hunting = c.ai.awareness == Awareness::Hunting;
            if hostile
                && hunting
                && c.pos.dist2(hero_pos) <= radius * radius
                && self.is_visible(c.pos)
            {
                enemies.push(c.id);
            }
        }
        // Initiative = dexterity + 1d10, rolled once per fight and kept on the creature.
        for id in std::iter::once(self.party.hero).chain(enemies.iter().copied()) {
            let dex = self.attribute(id, Attr::Dexterity, content);
            let roll = rng::range_inclusive(&mut self.run.rng, 1, 10);
            if let Some(c) = self.floor.creatures.get_mut(&id) {
                c.initiative = dex.floor() as i32 + roll;
            }
        }
        let names: Vec<String> = enemies.iter().map(|&e| self.called(e, content)).collect();
        self.log(format!("A fight begins with {}.", words::and_list(&names)));
        for id in &enemies {
            if let Some(c) = self.floor.creatures.get_mut(id) {
                c.alert(hero_pos);
            }
        }
        self.fight.enemies = enemies;
        // A fight is heard: sleepers near wake, the unaware come to look.
        self.make_noise(hero_pos, content.balance.fight_noise);
        // `combat_started` waits for the fight's first turn (step 1, after `turn_started`).
        self.fight.starting = true;
    }

    /// `combat_started` for a fight whose first turn begins now (or that ends before it had
    /// one, so its listeners still see it begin before it ends).
    pub(super) fn queue_combat_started(&mut self) {
        if std::mem::take(&mut self.fight.starting) {
            self.run.queue.push_back(Event::CombatStarted {
                enemies: self.fight.enemies.clone(),
            });
        }
    }

    pub fn name(&self, id: CreatureId, content: &Content) -> String {
        self.floor
            .creatures
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
        let hero = self.party.hero;
        let target_of = |target: &Option<CreatureId>| {
            let target = target.or_else(|| self.fight.enemies.first().copied());
            match target {
                Some(t) if !self.fight.enemies.contains(&t) => Err(Reason::NoTarget),
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
            Command::UseItem {
                index,
                target,
                item,
            } => {
                let target = target_of(target)?;
                if let Some(reason) = self.item_refusal(cmd, content) {
                    return Err(reason);
                }
                HeroAction::Item(*index, target, *item)
            }
            Command::Throw { index, at } => {
                if let Some(reason) = self.throw_refusal(*index, *at, content) {
                    return Err(reason);
                }
                let target = self.creature_at(*at).map(|c| c.id).ok_or(Reason::NotAnEnemy)?;
                HeroAction::Throw(*index, target)
            }
            Command::Flee => HeroAction::Ability("core:flee".into(), None),
            Command::Wait => HeroAction::Ability("core:wait".into(), None),
            Command::Move(_)
            | Command::Descend
            | Command::Ascend
            | Command::PickUp
            | Command::Equip(_)
            | Command::Unequip(_)
            | Command::Drop(_)
            | Command::CloseDoor(_)
            | Command::Search
            | Command::Shout
            // Done before any turn is judged (`Game::execute_no_turn`).
            | Command::Call { .. }
            | Command::Buy(_)
            | Command::Sell(_)
            | Command::Abandon => return Err(Reason::InCombat),
        })
    }

    /// The initiative-ordered round of a fight, for a command `hero_action` accepted: everyone
    /// acts once, highest initiative first, each action's events processed before the next;
    /// then the dead leave and the fight ends if it is over.
    pub(super) fn fight_round(&mut self, hero_action: &HeroAction, content: &Content) {
        let hero = self.party.hero;
        let mut order: Vec<CreatureId> = std::iter::once(hero)
            .chain(self.fight.enemies.iter().copied())
            .collect();
        // Highest initiative first; ties to the hero, then by id (stable and platform-free).
        order.sort_by_key(|id| {
            let c = &self.floor.creatures[id];
            (-(c.initiative as i64), *id != hero, *id)
        });
        let mut fled = false;
        for actor in order {
            if fled || !self.hero().is_alive() {
                break;
            }
            if !self
                .floor
                .creatures
                .get(&actor)
                .is_some_and(|c| c.is_alive())
            {
                continue;
            }
            if actor != hero && !self.fight.enemies.contains(&actor) {
                continue;
            }
            if actor == hero {
                fled = match hero_action {
                    // The lock again, at the hero's own slot: an enemy acting first may have
                    // taken what the command was accepted with; a lock now costs the action.
                    HeroAction::Ability(ability, target) => {
                        match self.ability_lock(hero, ability, *target, content) {
                            Some(reason) => {
                                self.log(match reason {
                                    Reason::NotEnoughStamina { .. } => {
                                        format!("You are too exhausted to strike. {reason}")
                                    }
                                    _ => format!(
                                        "You cannot use {} after all. {reason}",
                                        content.display_name(ability)
                                    ),
                                });
                                false
                            }
                            None => self.act(hero, ability, *target, content),
                        }
                    }
                    HeroAction::Item(index, target, item) => {
                        self.use_item(*index, *target, *item, content)
                    }
                    // The throw's ability is judged again here, as an ability is.
                    HeroAction::Throw(index, target) => {
                        match self.throw_lock(*index, Some(*target), content) {
                            Some(reason) => {
                                self.log(format!("You cannot throw it after all. {reason}"));
                            }
                            None => self.throw_in_fight(*index, *target, content),
                        }
                        false
                    }
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
            } else if self.fight.enemies.is_empty() {
                self.end_combat(CombatEnd::Victory, content);
            }
        }
    }

    /// The dead leave the fight, the map and the rooms they guarded (every id the state names
    /// must resolve).
    pub(super) fn remove_dead(&mut self) {
        let hero = self.party.hero;
        let creatures = &self.floor.creatures;
        self.fight
            .enemies
            .retain(|id| creatures.get(id).is_some_and(|c| c.is_alive()));
        self.floor
            .creatures
            .retain(|id, c| *id == hero || c.is_alive());
        for room in &mut self.floor.encounter_rooms {
            room.guards.retain(|g| self.floor.creatures.contains_key(g));
        }
    }

    pub(super) fn end_combat(&mut self, outcome: CombatEnd, content: &Content) {
        self.queue_combat_started();
        if outcome == CombatEnd::Fled {
            let turns = content.balance.flee_fright_turns;
            for id in std::mem::take(&mut self.fight.enemies) {
                self.apply_modifier(id, FRIGHTENED, Some(turns), content);
            }
            self.log("You got away.");
        } else {
            self.log("Victory!");
        }
        self.fight.enemies.clear();
        self.run.queue.push_back(Event::CombatEnded { outcome });
        self.drain(content);
    }

    /// Step 2 of the turn: modifiers tick, stamina regenerates, cooldowns drop by one.
    pub(super) fn tick(&mut self, content: &Content) {
        let ids: Vec<CreatureId> = std::iter::once(self.party.hero)
            .chain(self.fight.enemies.iter().copied())
            .collect();
        for &id in &ids {
            self.tick_modifiers(id, content);
            if id == self.party.hero {
                self.tick_hero_fear();
            }
            let max = self.attribute(id, Attr::MaxStamina, content);
            // The dead regain nothing (a modifier's tick may have just killed it).
            if let Some(c) = self.floor.creatures.get_mut(&id)
                && c.is_alive()
            {
                c.stamina = (c.stamina + content.balance.stamina_regen).min(max);
                for cd in c.cooldowns.values_mut() {
                    *cd = cd.saturating_sub(1);
                }
                c.cooldowns.retain(|_, cd| *cd > 0);
            }
        }
        self.stand(&ids, content);
    }

    /// The hero's fear runs down with its turns (the monsters' with their moves).
    pub(super) fn tick_hero_fear(&mut self) {
        let hero = self.party.hero;
        if let Some(h) = self.floor.creatures.get_mut(&hero)
            && h.frightened > 0
        {
            h.frightened -= 1;
            if h.frightened == 0 {
                self.run.queue.push_back(Event::ModifierExpired {
                    target: hero,
                    modifier: FRIGHTENED.into(),
                });
            }
        }
    }

    /// An enemy's choice: the first `ai` entry whose condition holds and whose ability is usable.
    pub fn enemy_choice(&self, me: CreatureId, content: &Content) -> (String, Option<CreatureId>) {
        let target = Some(self.party.hero);
        let Some(kind) = self
            .floor
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
                if actor == self.party.hero {
                    self.log("You wait.");
                }
                false
            }
            "core:flee" => self.try_flee(actor, content),
            _ => {
                let Some(def) = content.ability(ability) else {
                    return false;
                };
                self.pay_for(actor, def);
                self.use_ability(actor, def, target, Rolls::HitAndCrit, content)
                    .0
            }
        }
    }

    /// `actor` pays for using `def`: its stamina cost, and its cooldown starts.
    pub(super) fn pay_for(&mut self, actor: CreatureId, def: &Ability) {
        if let Some(c) = self.floor.creatures.get_mut(&actor) {
            c.stamina -= def.cost;
            if def.cooldown > 0 {
                c.cooldowns.insert(def.id.clone(), def.cooldown);
            }
        }
    }

    /// Who `all_enemies` means for `actor`: in a fight the other side; outside one, for the
    /// hero every hostile that sees it, for a monster the hero.
    pub(super) fn opponents(&self, actor: CreatureId, content: &Content) -> Vec<CreatureId> {
        if actor != self.party.hero {
            return vec![self.party.hero];
        }
        if self.in_combat() {
            return self.fight.enemies.clone();
        }
        let hp = self.hero_pos();
        self.floor
            .creatures
            .values()
            .filter(|c| c.id != self.party.hero && c.is_alive() && self.is_visible(c.pos))
            .filter(|c| {
                content.creature(&c.kind).is_some_and(|k| {
                    k.hostile && c.pos.dist2(hp) <= (k.movement.sight as i64).pow(2)
                })
            })
            .map(|c| c.id)
            .collect()
    }

    /// Returns true when the hero got away.
    pub(super) fn try_flee(&mut self, actor: CreatureId, content: &Content) -> bool {
        if !self.in_combat() {
            return false;
        }
        let dex = self.attribute(actor, Attr::Dexterity, content);
        let fastest = self
            .opponents(actor, content)
            .iter()
            .filter(|id| self.floor.creatures.get(id).is_some_and(|c| c.is_alive()))
            .map(|&id| self.attribute(id, Attr::Dexterity, content))
            .fold(f64::NEG_INFINITY, f64::max);
        let fastest = if fastest.is_finite() { fastest } else { dex };
        let p = flee_chance(dex, fastest, &content.balance);
        let ok = rng::unit(&mut self.run.rng) < p;
        let name = words::sentence(&self.called(actor, content));
        self.run.queue.push_back(Event::AbilityUsed {
            source: actor,
            ability: "core:flee".into(),
            target: None,
            hit: ok,
        });
        if actor == self.party.hero {
            self.log(if ok {
                "You flee!".to_string()
            } else {
                format!("You fail to flee ({:.0}%).", p * 100.0)
            });
            ok
        } else {
            if ok {
                self.log(format!("{name} flees."));
                self.fight.enemies.retain(|&e| e != actor);
                let turns = content.balance.flee_fright_turns;
                self.apply_modifier(actor, FRIGHTENED, Some(turns), content);
            }
            false
        }
    }

    /// An ability's actions with their rolls; then `ability_used`. Whether the hero fled, and
    /// whether any of its actions hit (as `perform` says).
    pub(super) fn use_ability(
        &mut self,
        actor: CreatureId,
        def: &Ability,
        target: Option<CreatureId>,
        rolls: Rolls,
        content: &Content,
    ) -> (bool, bool) {
        let (fled, any_hit) = self.perform(
            Some(actor),
            &def.actions,
            target,
            Some(&def.id),
            rolls,
            content,
        );
        self.run.queue.push_back(Event::AbilityUsed {
            source: actor,
            ability: def.id.clone(),
            target,
            hit: any_hit,
        });
        (fled, any_hit)
    }
}

/// What the hero does in its place in the initiative order.
#[derive(Clone, Debug)]
pub(super) enum HeroAction {
    Ability(String, Option<CreatureId>),
    /// The pack's item, the creature and the pack item it works on.
    Item(usize, Option<CreatureId>, Option<usize>),
    /// One of the pack's item thrown at an enemy.
    Throw(usize, CreatureId),
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

    /// The range falloff scales the chance inside the clamp: a far shot keeps the floor (it
    /// once fell to 0.05 × 0.7 = 0.035, and to nothing with `range_falloff = 1`).
    #[test]
    fn the_range_falloff_works_inside_the_hit_clamp() {
        let b = Balance::default();
        let far = 1.0 - b.range_falloff;
        assert_eq!(aimed_hit_chance(0.0, 10.0, far, &b), 0.05);
        assert_eq!(aimed_hit_chance(0.7, 5.0, 0.0, &b), 0.05);
        assert!((aimed_hit_chance(0.7, 5.0, 0.5, &b) - 0.3).abs() < 1e-12);
        assert_eq!(aimed_hit_chance(2.0, 0.0, far, &b), 0.95);
        assert_eq!(
            aimed_hit_chance(0.7, 5.0, 1.0, &b),
            hit_chance(0.7, 5.0, &b)
        );
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

    /// Bounds loading refuses (swapped, NaN) must not panic a fight (`f64::clamp` would).
    #[test]
    fn formulas_survive_bounds_loading_refuses() {
        let b = Balance {
            hit_clamp: (0.9, 0.1),
            resistance_cap: f64::NAN,
            ..Balance::default()
        };
        assert_eq!(hit_chance(0.5, 0.0, &b), 0.1);
        assert!(mitigate(10.0, 0.5, &b) >= 1.0);
        let below = Balance {
            resistance_cap: -2.0,
            ..Balance::default()
        };
        assert_eq!(mitigate(10.0, 0.5, &below), 30.0);
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
