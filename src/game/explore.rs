//! The exploration turn's rules: what the hero's command does outside a fight, the encounter
//! by adjacency and the exploration ticks (the steps that run them are in `turn.rs`).
use super::command::{Command, Reason};
use super::effects::Rolls;
use super::state::{Awareness, CreatureId, Game};
use crate::content::Content;
use crate::map::Pos;
use crate::rng;

impl Game {
    /// The exploration refusals, checked before anything changes.
    pub(super) fn refusal(&self, cmd: &Command, content: &Content) -> Option<Reason> {
        if let Some(reason) = self.item_refusal(cmd, content) {
            return Some(reason);
        }
        let hero = self.hero();
        match cmd {
            Command::Move(d) => {
                let to = hero.pos.offset(*d);
                (!self.floor.map.is_passable(to)).then_some(Reason::Wall)
            }
            Command::Descend => (hero.pos != self.floor.down).then_some(Reason::NoStairs),
            Command::Ascend => (hero.pos != self.floor.up).then_some(Reason::NoStairs),
            Command::CloseDoor(d) => self.close_refusal(*d),
            Command::Ability { .. } | Command::Flee => Some(Reason::NotInCombat),
            Command::Throw { index, at } => self.throw_refusal(*index, *at, content),
            Command::Wait
            | Command::PickUp
            | Command::Equip(_)
            | Command::Unequip(_)
            | Command::Drop(_)
            | Command::UseItem { .. }
            | Command::Call { .. }
            | Command::Buy(_)
            | Command::Sell(_)
            | Command::Abandon
            | Command::Search
            | Command::Shout => None,
        }
    }

    /// The hero's command outside a fight, except descending (the dungeon's step).
    pub(super) fn explore_command(&mut self, cmd: &Command, content: &Content) {
        let hero = self.party.hero;
        match cmd {
            Command::Move(d) => {
                let d = if self.hero_confused(content) {
                    crate::map::Dir::ALL[rng::below(&mut self.run.rng, 4) as usize]
                } else {
                    *d
                };
                let to = self.hero_pos().offset(d);
                if let Some(h) = self.floor.creatures.get_mut(&hero) {
                    h.heading = d;
                }
                if !self.floor.map.is_passable(to) {
                    self.log("You stumble into the wall.");
                    return;
                }
                // Nobody stands in a closed doorway: opening it is the move.
                if let Some(open) = self.opens_to(to) {
                    self.hero_opens(to, open, content);
                    return;
                }
                match self.creature_at(to).map(|c| c.id) {
                    // Bumping a shopkeeper opens its shop (the app's business) and never a
                    // fight.
                    Some(other) if self.is_shopkeeper(other, content) => {
                        self.log("The shopkeeper shows you the wares.");
                    }
                    // A monster that has not noticed the hero: the bump is a sneak attack.
                    Some(other) if self.catches_unaware(other) => self.sneak_attack(other, content),
                    Some(other) if other != hero => self.start_combat(other, &[], content),
                    _ => {
                        self.hero_steps(to, content);
                        self.enter_encounter_room(content);
                    }
                }
            }
            Command::Wait | Command::Descend | Command::Ascend => {}
            Command::CloseDoor(d) => self.close_door(*d, content),
            Command::Search => self.search(content),
            Command::Shout => {
                self.log("You shout!");
                self.make_noise(self.hero_pos(), content.balance.shout_noise);
            }
            Command::PickUp | Command::Equip(_) | Command::Unequip(_) | Command::Drop(_) => {
                self.handle_item(cmd, content)
            }
            Command::UseItem {
                index,
                target,
                item,
            } => {
                self.use_item(*index, *target, *item, content);
            }
            Command::Throw { index, at } => self.throw_item(*index, *at, content),
            // Refused when judged: outside a fight these are `NotInCombat`; a call is done
            // before any turn (`Game::execute_no_turn`).
            Command::Ability { .. }
            | Command::Flee
            | Command::Call { .. }
            | Command::Buy(_)
            | Command::Sell(_)
            | Command::Abandon => {}
        }
    }

    fn hero_steps(&mut self, to: Pos, content: &Content) {
        let hero = self.party.hero;
        if let Some(h) = self.floor.creatures.get_mut(&hero) {
            h.pos = to;
        }
        if self.hero_enters_terrain(to, content) == super::hazards::Underfoot::Fell {
            return;
        }
        if let Some(gold) = self.floor.treasure.remove(&to) {
            self.party.gold = self.party.gold.saturating_add(gold);
            self.log(format!("You pick up {gold} gold."));
        }
        self.gather_thrown(to, content);
        if let Some(kind) = self.floor.traps.remove(&to) {
            // A trap acts with nobody behind it: `self` and `target` are the victim.
            let name = content.display_name(&kind);
            self.log(format!("You set off {}!", super::words::a(&name, false)));
            if let Some(trap) = content.traps.get(&kind) {
                self.perform(
                    None,
                    &trap.actions,
                    Some(hero),
                    Some(&trap.id),
                    Rolls::No,
                    content,
                );
            }
        }
        if let Some(pile) = self.floor.ground.get(&to) {
            let names: Vec<String> = (pile.iter())
                .map(|it| self.item_common(it, content))
                .collect();
            self.log(format!("Here: {}.", names.join(", ")));
        }
        if to == self.floor.down {
            self.log("Stairs lead down here (press > to descend).");
        } else if to == self.floor.up {
            self.log("Stairs lead up here (press < to climb).");
        }
    }

    /// Walking into a prefab room wakes its encounter: the living, hostile, non-frightened
    /// guards still in the room fight together (those that wandered off join by the radius
    /// rule). A room triggers once; an empty one just quietens.
    fn enter_encounter_room(&mut self, content: &Content) {
        let hp = self.hero_pos();
        let Some(k) = self
            .floor
            .encounter_rooms
            .iter()
            .position(|e| e.room.contains(hp))
        else {
            return;
        };
        let guards = self.wake_encounter_room(k, content);
        if let Some(&trigger) = guards.first() {
            self.start_combat(trigger, &guards, content);
        }
    }

    /// The guards that fight beside `target` when the hero strikes it from afar: a blow at one
    /// guard of an encounter room wakes the whole room, as walking in would (else a thrower
    /// would pick a den apart one by one). None for a creature that guards no room.
    pub(super) fn guards_beside(
        &mut self,
        target: CreatureId,
        content: &Content,
    ) -> Vec<CreatureId> {
        match (self.floor.encounter_rooms.iter()).position(|e| e.guards.contains(&target)) {
            Some(k) => self.wake_encounter_room(k, content),
            None => Vec::new(),
        }
    }

    /// Takes encounter room `k` off the floor (it triggers once) and gives its guards that
    /// are still in the room, alive, hostile and not frightened.
    fn wake_encounter_room(&mut self, k: usize, content: &Content) -> Vec<CreatureId> {
        let room = self.floor.encounter_rooms.remove(k);
        room.guards
            .iter()
            .copied()
            .filter(|id| {
                self.floor.creatures.get(id).is_some_and(|c| {
                    room.room.contains(c.pos)
                        && c.is_alive()
                        && c.frightened == 0
                        && content.creature(&c.kind).is_some_and(|k| k.hostile)
                })
            })
            .collect()
    }

    /// The hostile, non-frightened monster orthogonally next to the hero with the lowest id.
    pub(super) fn adjacent_hostile(&self, content: &Content) -> Option<CreatureId> {
        let hp = self.hero_pos();
        self.floor
            .creatures
            .values()
            .filter(|c| c.id != self.party.hero && c.is_alive() && c.frightened == 0)
            // Only one that has noticed the hero attacks it.
            .filter(|c| c.ai.awareness == Awareness::Hunting)
            .filter(|c| c.pos.manhattan(hp) == 1)
            .find(|c| content.creature(&c.kind).is_some_and(|k| k.hostile))
            .map(|c| c.id)
    }

    /// Outside combat every creature's modifiers run down (the monsters' fear runs down with
    /// their moves); only the hero regenerates health and stamina and sees its cooldowns drop:
    /// a monster's stamina and cooldowns stand still between fights.
    pub(super) fn tick_exploration(&mut self, content: &Content) {
        let carriers: Vec<CreatureId> = self
            .floor
            .creatures
            .values()
            .filter(|c| !c.modifiers.is_empty())
            .map(|c| c.id)
            .collect();
        for id in carriers {
            self.tick_modifiers(id, content);
        }
        if content.standing {
            let everyone: Vec<CreatureId> = self.floor.creatures.keys().copied().collect();
            self.stand(&everyone, content);
        }
        self.tick_hero_fear();
        self.notice_hidden(content);
        self.drain(content);
        let hero = self.party.hero;
        let max = self.attribute(hero, super::combat::Attr::MaxStamina, content);
        let max_health = self.attribute(hero, super::combat::Attr::MaxHealth, content);
        // The dead regain nothing (a `modifier_expired` trigger above may have killed it).
        if let Some(h) = self.floor.creatures.get_mut(&hero)
            && h.is_alive()
        {
            h.health = (h.health + content.balance.health_regen).min(max_health);
            h.stamina = (h.stamina + content.balance.stamina_regen).min(max);
            for cd in h.cooldowns.values_mut() {
                *cd = cd.saturating_sub(1);
            }
            h.cooldowns.retain(|_, cd| *cd > 0);
        }
    }
}
