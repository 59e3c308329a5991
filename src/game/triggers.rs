//! Triggers: creatures, their modifiers and the hero's worn items react to queued events.
use super::effects::Rolls;
use super::events::Event;
use super::state::{CreatureId, Game};
use crate::content::Content;
use crate::content::registry::{EventKind, Role};

impl Event {
    pub fn kind(&self) -> EventKind {
        match self {
            Event::TurnStarted { .. } => EventKind::TurnStarted,
            Event::TurnEnded { .. } => EventKind::TurnEnded,
            Event::CombatStarted { .. } => EventKind::CombatStarted,
            Event::CombatEnded { .. } => EventKind::CombatEnded,
            Event::DamageDealt { .. } => EventKind::DamageDealt,
            Event::Healed { .. } => EventKind::Healed,
            Event::CreatureDied { .. } => EventKind::CreatureDied,
            Event::AbilityUsed { .. } => EventKind::AbilityUsed,
            Event::ModifierApplied { .. } => EventKind::ModifierApplied,
            Event::ModifierExpired { .. } => EventKind::ModifierExpired,
            Event::FloorEntered { .. } => EventKind::FloorEntered,
            Event::HeroNoticed { .. } => EventKind::HeroNoticed,
        }
    }
}

impl Game {
    /// Who takes part in an event: (holder, its role, the other party, i.e. the trigger's
    /// `target`). Turn, fight and floor events reach the fight's sides, or outside a fight
    /// every creature on the floor, in id order.
    fn participants(&self, ev: &Event) -> Vec<(CreatureId, Role, Option<CreatureId>)> {
        match ev {
            Event::DamageDealt { source, target, .. } => {
                let mut v = vec![(*target, Role::Target, *source)];
                if let Some(s) = source {
                    v.push((*s, Role::Source, Some(*target)));
                }
                v
            }
            Event::CreatureDied {
                creature, killer, ..
            } => {
                let mut v = vec![(*creature, Role::Creature, *killer)];
                if let Some(k) = killer {
                    v.push((*k, Role::Killer, Some(*creature)));
                }
                v
            }
            Event::AbilityUsed { source, target, .. } => {
                let mut v = vec![(*source, Role::Source, *target)];
                if let Some(t) = target.filter(|t| t != source) {
                    v.push((t, Role::Target, Some(*source)));
                }
                v
            }
            Event::HeroNoticed { creature } => {
                vec![(*creature, Role::Creature, Some(self.party.hero))]
            }
            Event::Healed { target, .. }
            | Event::ModifierApplied { target, .. }
            | Event::ModifierExpired { target, .. } => vec![(*target, Role::Target, None)],
            Event::TurnStarted { .. }
            | Event::TurnEnded { .. }
            | Event::CombatStarted { .. }
            | Event::CombatEnded { .. }
            | Event::FloorEntered { .. } => {
                let hero = self.party.hero;
                let first_enemy = self.fight.enemies.first().copied();
                if self.in_combat() {
                    std::iter::once((hero, Role::Any, first_enemy))
                        .chain(
                            self.fight
                                .enemies
                                .iter()
                                .map(|&e| (e, Role::Any, Some(hero))),
                        )
                        .collect()
                } else {
                    self.floor
                        .creatures
                        .keys()
                        .map(|&id| (id, Role::Any, (id != hero).then_some(hero)))
                        .collect()
                }
            }
        }
    }

    /// Runs every trigger listening to `ev`: matching event and role, holder alive (a dying
    /// creature's own `creature_died` triggers still run: on-death bursts), condition true.
    /// Trigger actions never roll.
    pub(super) fn fire_triggers(&mut self, ev: &Event, content: &Content) {
        let kind = ev.kind();
        if !content.is_listened(kind) {
            return;
        }
        for (holder, role, other) in self.participants(ev) {
            let alive = self
                .floor
                .creatures
                .get(&holder)
                .is_some_and(|c| c.is_alive());
            if !alive && role != Role::Creature {
                continue;
            }
            for (trigger, origin, times) in self.triggers_of(holder, content) {
                if trigger.event != kind || trigger.role != role {
                    continue;
                }
                if !trigger
                    .condition
                    .iter()
                    .all(|c| self.condition_holds(c, holder, other, content))
                {
                    continue;
                }
                for _ in 0..times {
                    self.perform(
                        Some(holder),
                        &trigger.actions,
                        other,
                        Some(origin),
                        Rolls::No,
                        content,
                    );
                }
            }
        }
    }
}
