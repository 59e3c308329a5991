//! Attributes with their modifiers (base, then flat, then percent; conditional ones against
//! a target), and modifiers coming, stacking, ticking and going.
use super::combat::Attr;
use super::events::Event;
use super::state::{ActiveModifier, CreatureId, FRIGHTENED, Game};
use crate::content::Content;
use crate::content::registry::{AttrKey, Effect, Modifier, Trigger};
use crate::content::schema::Stacking;

impl Attr {
    pub fn key(self) -> AttrKey {
        match self {
            Attr::MaxHealth => AttrKey::MaxHealth,
            Attr::MaxStamina => AttrKey::MaxStamina,
            Attr::Damage => AttrKey::Damage,
            Attr::HitChance => AttrKey::HitChance,
            Attr::CriticalChance => AttrKey::CriticalChance,
            Attr::CriticalFactor => AttrKey::CriticalFactor,
            Attr::Dexterity => AttrKey::Dexterity,
            Attr::Luck => AttrKey::Luck,
        }
    }
}

impl Game {
    /// Every modifier definition in force on `id`, with its stacks: its own modifiers, fear,
    /// and for the hero what it wears (the items' modifiers and their affixes').
    pub(super) fn modifiers_on<'c>(
        &self,
        id: CreatureId,
        content: &'c Content,
        mut f: impl FnMut(&'c Modifier, f64),
    ) {
        let Some(c) = self.floor.creatures.get(&id) else {
            return;
        };
        if c.frightened > 0
            && let Some(m) = content.modifier(FRIGHTENED)
        {
            f(m, 1.0);
        }
        for m in &c.modifiers {
            if let Some(def) = content.modifier(&m.id) {
                f(def, m.stacks as f64);
            }
        }
        if id == self.party.hero {
            for it in self.party.equipment.values() {
                let Some(item) = content.item(&it.item) else {
                    continue;
                };
                let affix_mods = it
                    .affixes
                    .iter()
                    .filter_map(|a| content.affixes.get(a))
                    .flat_map(|a| a.modifiers.iter());
                for mid in item.modifiers.iter().chain(affix_mods) {
                    if let Some(def) = content.modifier(mid) {
                        f(def, 1.0);
                    }
                }
            }
        }
    }

    /// Sums the flat and percent parts of the effects on `key` that hold against `against`.
    fn effect_sums(
        &self,
        id: CreatureId,
        key: &AttrKey,
        against: Option<CreatureId>,
        content: &Content,
    ) -> (f64, f64) {
        let (mut flat, mut pct) = (0.0, 0.0);
        let mut add = |e: &Effect, stacks: f64| {
            if &e.attribute == key
                && e.condition
                    .iter()
                    .all(|c| self.condition_holds(c, id, against, content))
            {
                flat += e.flat * stacks;
                pct += e.percent * stacks;
            }
        };
        self.modifiers_on(id, content, |m, stacks| {
            for e in &m.effects {
                add(e, stacks);
            }
        });
        (flat, pct)
    }

    /// An attribute of `id` acting against `against` (conditional modifiers are read with it
    /// as their target): (base + level bonus + flat) × (1 + percent / 100).
    pub fn attribute_vs(
        &self,
        id: CreatureId,
        attr: Attr,
        against: Option<CreatureId>,
        content: &Content,
    ) -> f64 {
        let Some(c) = self.floor.creatures.get(&id) else {
            return 0.0;
        };
        let Some(kind) = content.creature(&c.kind) else {
            return 0.0;
        };
        let b = &kind.base;
        let base = match attr {
            Attr::MaxHealth => b.max_health,
            Attr::MaxStamina => b.max_stamina,
            Attr::Damage => b.damage,
            Attr::HitChance => b.hit_chance,
            Attr::CriticalChance => b.critical_chance,
            Attr::CriticalFactor => b.critical_factor,
            Attr::Dexterity => b.dexterity,
            Attr::Luck => b.luck,
        };
        let key = attr.key();
        let levels = if id == self.party.hero {
            self.party.level.saturating_sub(1) as f64
        } else {
            0.0
        };
        let base = base + content.level_bonus(&self.origin.class, &key, levels);
        if c.modifiers.is_empty()
            && c.frightened == 0
            && (id != self.party.hero || self.party.equipment.is_empty())
        {
            return base;
        }
        let (flat, pct) = self.effect_sums(id, &key, against, content);
        (base + flat) * (1.0 + pct / 100.0)
    }

    /// An attribute with no particular opponent in mind.
    pub fn attribute(&self, id: CreatureId, attr: Attr, content: &Content) -> f64 {
        self.attribute_vs(id, attr, None, content)
    }

    /// Resistance of `id` to a damage type (bare names mean `core:`), before the clamp.
    pub fn resistance(&self, id: CreatureId, damage_type: &str, content: &Content) -> f64 {
        let dt = crate::content::registry::damage_type_id(damage_type);
        let Some(c) = self.floor.creatures.get(&id) else {
            return 0.0;
        };
        let base = content
            .creature(&c.kind)
            .and_then(|k| k.base.resistance.get(&dt).copied())
            .unwrap_or(0.0);
        let key = AttrKey::Resistance(dt);
        let levels = if id == self.party.hero {
            self.party.level.saturating_sub(1) as f64
        } else {
            0.0
        };
        let base = base + content.level_bonus(&self.origin.class, &key, levels);
        let (flat, pct) = self.effect_sums(id, &key, None, content);
        (base + flat) * (1.0 + pct / 100.0)
    }

    /// Every trigger `id` carries, with where it comes from and how often it fires (a
    /// modifier's once per stack): its kind's, its modifiers', and what the hero wears.
    pub(super) fn triggers_of<'c>(
        &self,
        id: CreatureId,
        content: &'c Content,
    ) -> Vec<(&'c Trigger, &'c str, u32)> {
        let mut out = Vec::new();
        let Some(c) = self.floor.creatures.get(&id) else {
            return out;
        };
        if let Some(k) = content.creature(&c.kind) {
            out.extend(k.triggers.iter().map(|t| (t, k.id.as_str(), 1)));
        }
        self.modifiers_on(id, content, |m, stacks| {
            out.extend(m.triggers.iter().map(|t| (t, m.id.as_str(), stacks as u32)));
        });
        if id == self.party.hero {
            for it in self.party.equipment.values() {
                if let Some(item) = content.item(&it.item) {
                    out.extend(item.triggers.iter().map(|t| (t, item.id.as_str(), 1)));
                }
            }
        }
        out
    }

    /// Puts a modifier on `target` by its stacking rule; `turns` overrides its duration.
    pub(super) fn apply_modifier(
        &mut self,
        target: CreatureId,
        id: &str,
        turns: Option<u32>,
        content: &Content,
    ) {
        let Some(def) = content.modifier(id) else {
            return;
        };
        if !self
            .floor
            .creatures
            .get(&target)
            .is_some_and(|c| c.is_alive())
        {
            return;
        }
        let duration = turns.unwrap_or(def.duration);
        if id == FRIGHTENED {
            let turns = if duration == 0 {
                content.balance.flee_fright_turns
            } else {
                duration
            };
            if let Some(c) = self.floor.creatures.get_mut(&target) {
                c.frightened = c.frightened.max(turns);
            }
            // A frightened enemy runs from the fight; frightened monsters start none.
            if target != self.party.hero && self.fight.enemies.contains(&target) {
                self.fight.enemies.retain(|&e| e != target);
                let name = super::words::sentence(&self.called(target, content));
                self.log(format!("{name} panics and runs."));
            }
        } else {
            let Some(c) = self.floor.creatures.get_mut(&target) else {
                return;
            };
            match c.modifiers.iter_mut().find(|m| m.id == id) {
                Some(m) => match def.stacking {
                    Stacking::Ignore => return,
                    Stacking::Refresh => m.turns = duration,
                    Stacking::Stack => {
                        m.stacks = (m.stacks + 1).min(def.max_stacks);
                        m.turns = duration;
                    }
                },
                None => c.modifiers.push(ActiveModifier {
                    id: id.to_string(),
                    turns: duration,
                    stacks: 1,
                }),
            }
        }
        self.run.queue.push_back(Event::ModifierApplied {
            target,
            modifier: id.to_string(),
        });
    }

    pub(super) fn remove_modifier(&mut self, target: CreatureId, id: &str, content: &Content) {
        let Some(c) = self.floor.creatures.get_mut(&target) else {
            return;
        };
        let had = c.has_modifier(id);
        if id == FRIGHTENED {
            c.frightened = 0;
        } else {
            c.modifiers.retain(|m| m.id != id);
        }
        if had {
            self.run.queue.push_back(Event::ModifierExpired {
                target,
                modifier: id.to_string(),
            });
            self.clamp_pools(target, content);
        }
    }

    /// One turn passes for `id`'s timed modifiers; those that run out go, with an event.
    pub(super) fn tick_modifiers(&mut self, id: CreatureId, content: &Content) {
        let Some(c) = self.floor.creatures.get_mut(&id) else {
            return;
        };
        if c.modifiers.is_empty() {
            return;
        }
        let mut expired = Vec::new();
        for m in &mut c.modifiers {
            if m.turns > 0 {
                m.turns -= 1;
                if m.turns == 0 {
                    expired.push(m.id.clone());
                }
            }
        }
        if expired.is_empty() {
            return;
        }
        c.modifiers.retain(|m| !expired.contains(&m.id));
        for modifier in expired {
            self.run.queue.push_back(Event::ModifierExpired {
                target: id,
                modifier,
            });
        }
        self.clamp_pools(id, content);
    }

    /// Health and stamina never stay above a maximum that just fell.
    pub(super) fn clamp_pools(&mut self, id: CreatureId, content: &Content) {
        let mh = self.attribute(id, Attr::MaxHealth, content);
        let ms = self.attribute(id, Attr::MaxStamina, content);
        if let Some(c) = self.floor.creatures.get_mut(&id)
            && c.is_alive()
        {
            c.health = c.health.min(mh);
            c.stamina = c.stamina.min(ms);
        }
    }
}
