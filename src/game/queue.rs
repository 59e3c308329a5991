//! The event queue: events are processed in order, the rules' own reactions first (a death's
//! experience, gold and loot; level-ups), then every trigger listening to it.
use super::combat::Attr;
use super::command::RunOutcome;
use super::events::Event;
use super::state::{CreatureId, Game};
use super::words;
use crate::content::Content;
use crate::rng;

/// At most this many events are processed after one action (a trigger loop cannot hang a turn).
pub const QUEUE_LIMIT: usize = 100;

impl Game {
    /// Processes queued events in order (at most `QUEUE_LIMIT` per call): the rules' own
    /// reactions first, then every trigger listening to it.
    pub(super) fn drain(&mut self, content: &Content) {
        let mut n = 0;
        while let Some(ev) = self.run.queue.pop_front() {
            n += 1;
            if n > QUEUE_LIMIT {
                self.run.queue.clear();
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
            self.log.last_events.push(ev);
        }
    }

    fn on_death(
        &mut self,
        creature: CreatureId,
        killer: Option<CreatureId>,
        ability: Option<String>,
        content: &Content,
    ) {
        if creature == self.party.hero {
            // The log says "the skeleton"; the record, read after the run, "a skeleton".
            let (said, killer_name) = match killer {
                None => ("the dungeon".to_string(), "the dungeon".to_string()),
                Some(k) if k == creature => ("yourself".into(), "yourself".into()),
                Some(k) => (self.called(k, content), self.called_a(k, content)),
            };
            let ability_name = ability
                .as_deref()
                .map_or("misfortune".to_string(), |a| content.display_name(a));
            self.log(format!("You are killed by {said} ({ability_name})."));
            self.run.death = Some(super::state::Death {
                killer: killer_name,
                ability: ability_name,
            });
            self.run.outcome = Some(RunOutcome::Died);
            return;
        }
        let Some(c) = self.floor.creatures.get(&creature) else {
            return;
        };
        let name = words::sentence(&self.called(creature, content));
        let (hoard, pos, body) = (c.hoard, c.pos, c.body.clone());
        let kind = content.creature(&c.kind);
        if killer == Some(self.party.hero) {
            self.party.kills += 1;
            let (xp, range, loot) =
                kind.map_or((0, (0, 0), None), |k| (k.xp, k.gold, k.loot.clone()));
            let mut gold = rng::range_inclusive(&mut self.run.rng, range.0 as i32, range.1 as i32)
                .max(0) as u32;
            let drop = loot
                .map(|l| self.drop_loot(&l, pos, content))
                .unwrap_or_default();
            gold = gold.saturating_add(drop.gold);
            self.party.gold = self.party.gold.saturating_add(gold);
            self.log(format!("{name} dies. (+{xp} XP, +{gold} gold)"));
            for it in &drop.items {
                let item = self.item_called_a(it, content);
                self.log(format!("It drops {item}."));
            }
            self.gain_xp(xp, content);
        } else {
            self.log(format!("{name} dies."));
        }
        // The forager's hoard falls where its body lay: each segment's treasure on its
        // tile, anything else where the head died.
        let mut head = hoard;
        for seg in body.iter().filter(|s| s.gold > 0) {
            let pile = self.floor.treasure.entry(seg.pos).or_default();
            *pile = pile.saturating_add(seg.gold);
            head = head.saturating_sub(seg.gold);
        }
        if head > 0 {
            let pile = self.floor.treasure.entry(pos).or_default();
            *pile = pile.saturating_add(head);
        }
    }

    fn gain_xp(&mut self, xp: u32, content: &Content) {
        self.party.xp = self.party.xp.saturating_add(xp);
        // Past the curve a level needs `u32::MAX`, which saturated XP would otherwise reach.
        loop {
            let need = content.progression.xp_for_level(self.party.level + 1);
            if need == u32::MAX || self.party.xp < need {
                break;
            }
            self.party.level += 1;
            let hero = self.party.hero;
            let max = self.attribute(hero, Attr::MaxHealth, content);
            if let Some(h) = self.floor.creatures.get_mut(&hero) {
                h.health = max;
            }
            self.log(format!("You reach level {}!", self.party.level));
        }
    }
}
