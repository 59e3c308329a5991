//! Stealth and noise (docs/design/stealth.md): how far away the hero may be noticed,
//! what a noise wakes, and the sneak attack on a monster that has not noticed the hero.
use super::command::Command;
use super::effects::Rolls;
use super::state::{Awareness, CreatureId, Game};
use crate::content::Content;
use crate::content::schema::ActionDef;
use crate::map::Pos;

/// The hero's basic attack: what a sneak attack strikes with when the hero knows it.
const BASIC_ATTACK: &str = "core:attack";

/// How the log begins a noise the hero hears but does not see (resting stops for one).
const HEARD: &str = "You hear ";
/// A monster opening a door out of the hero's sight, within `door_noise` of it.
pub(super) const HEARD_DOOR: &str = "You hear a door open.";

impl Game {
    /// How far, in tiles, a monster that sees the hero may notice it this turn, when the
    /// hero's command is `cmd` and `loud` says whether it was a loud one (a door, a shout):
    /// `[balance]`'s `stealth_range` scaled by the class's `stealth`, halved when the hero
    /// keeps still (waits or searches), doubled in a fight or a loud turn.
    pub fn stealth_range(&self, cmd: Option<&Command>, loud: bool, content: &Content) -> f64 {
        let class = content
            .classes
            .get(&self.origin.class)
            .map_or(1.0, |c| c.stealth);
        let mut range = content.balance.stealth_range * class;
        if self.in_combat() || self.fight.starting || loud {
            range *= 2.0;
        } else if matches!(cmd, Some(Command::Wait | Command::Search)) {
            range *= 0.5;
        }
        range
    }

    /// The stealth range of a quiet turn like the last one (what the map shades: a loud turn
    /// is the hero's choice, and passes).
    pub fn last_stealth_range(&self, content: &Content) -> f64 {
        self.stealth_range(self.log.record.last(), false, content)
    }

    /// A noise at `at` heard `radius` tiles around: sleepers within it wake, and every monster
    /// not hunting the hero (nor fighting it) comes to look where it came from. Nothing is
    /// drawn from the rules' stream: a noise is certain.
    pub(super) fn make_noise(&mut self, at: Pos, radius: u32) {
        let r2 = i64::from(radius) * i64::from(radius);
        let hero = self.party.hero;
        for c in self.floor.creatures.values_mut() {
            if c.id == hero
                || !c.is_alive()
                || self.fight.enemies.contains(&c.id)
                || c.ai.awareness == Awareness::Hunting
                || c.pos.dist2(at) > r2
            {
                continue;
            }
            c.ai.awareness = Awareness::LostTrack;
            c.ai.last_seen = at;
            c.ai.unseen = 0;
        }
    }

    /// Whether the last turn's log says the hero heard something it could not see.
    pub fn heard_last_turn(&self) -> bool {
        let last = self.run.turn.saturating_sub(1);
        (self.log.lines.iter().rev())
            .take_while(|l| l.turn >= last)
            .any(|l| l.turn == last && l.text.starts_with(HEARD))
    }

    /// Whether `id` has noticed the hero and hunts it.
    pub fn hunts_hero(&self, id: CreatureId) -> bool {
        (self.floor.creatures.get(&id)).is_some_and(|c| c.ai.awareness == Awareness::Hunting)
    }

    /// Whether bumping `id` is a sneak attack: a monster that sleeps or has not noticed the
    /// hero.
    pub fn catches_unaware(&self, id: CreatureId) -> bool {
        id != self.party.hero
            && self
                .floor
                .creatures
                .get(&id)
                .is_some_and(|c| c.is_alive() && c.ai.awareness.unaware())
    }

    /// The hero's bump on a monster that has not noticed it: the fight opens, and the bump
    /// is the hero's only action this turn, before anyone's initiative: its basic attack,
    /// sure to hit, its damage multiplied (the class's `sneak_attack`, else `[balance]`'s).
    pub(super) fn sneak_attack(&mut self, target: CreatureId, content: &Content) {
        let asleep = self
            .floor
            .creatures
            .get(&target)
            .is_some_and(|c| c.ai.awareness == Awareness::Asleep);
        let name = self.called(target, content);
        self.log(if asleep {
            format!("You catch {name} asleep!")
        } else {
            format!("You catch {name} unaware!")
        });
        let guards = self.guards_beside(target, content);
        self.start_combat(target, &guards, content);
        // The basic attack, or else the first blow the hero can strike now; like any use of
        // an ability it must be unlocked (stamina, cooldown, condition) and is paid for. With
        // none, the fight begins without the first strike.
        let hero = self.party.hero;
        let known = self.known_abilities(hero, content);
        let usable = |id: &String| {
            content.ability(id).filter(|def| {
                def.actions
                    .iter()
                    .any(|a| matches!(a, ActionDef::Damage { .. }))
                    && self.ability_lock(hero, id, Some(target), content).is_none()
            })
        };
        let ability = (known.iter().find(|a| *a == BASIC_ATTACK))
            .and_then(usable)
            .or_else(|| known.iter().find_map(usable));
        let factor = self.sneak_factor(content);
        if let Some(def) = ability {
            self.pay_for(hero, def);
            self.use_ability(hero, def, Some(target), Rolls::Landed(factor), content);
        }
    }

    /// How much harder a blow on a monster that has not noticed the hero strikes: the class's
    /// `sneak_attack`, else `[balance]`'s.
    pub(super) fn sneak_factor(&self, content: &Content) -> f64 {
        (content.classes.get(&self.origin.class))
            .and_then(|c| c.sneak_attack)
            .unwrap_or(content.balance.sneak_attack)
    }
}
