//! Archers on the map (docs/design/throwing.md): a hunting monster whose `ai` list
//! would choose a ranged ability now, with the hero in its sights, takes aim instead of
//! stepping; when the phase ends, the first of them (in id order) shoots, and the shot opens
//! the fight as its action, before anyone's initiative. Fights have no positions: range only
//! decides who strikes first, and from where.
use super::Phase;
use crate::content::Content;
use crate::game::effects::Rolls;
use crate::game::state::{Creature, CreatureId, Game};
use crate::game::throwing::falloff;
use crate::game::words;
use crate::grid::line;

/// A monster's shot as its `ai` list would choose it now: the ability and its reach.
#[derive(Clone, Debug)]
pub(super) struct ReadyShot {
    pub id: CreatureId,
    pub ability: String,
    pub range: u32,
}

impl Phase<'_> {
    /// The ranged ability `c` would shoot the hero with now, if any: it hunts the hero, the
    /// hero sees it (sight goes both ways), its `ai` list chooses a ranged ability
    /// (`ready_shots`), and the hero is within that ability's range along a line that
    /// nothing blocks and nobody stands on.
    pub(super) fn takes_aim(&self, c: &Creature) -> Option<String> {
        if c.frightened > 0 {
            return None;
        }
        let at = self.shots.binary_search_by_key(&c.id, |s| s.id).ok()?;
        let shot = &self.shots[at];
        let distance = c.pos.chebyshev(self.hero.pos);
        let seen = self.map.idx(c.pos).is_some_and(|i| self.visible[i]);
        if distance < 2 || distance > shot.range || !seen {
            return None;
        }
        let tiles = line(c.pos, self.hero.pos);
        let clear = tiles[1..tiles.len() - 1].iter().all(|&p| {
            !self.map.blocks_projectiles(p)
                && self
                    .cells
                    .idx(p)
                    .is_some_and(|i| self.cells.cell[i] == 0 || !self.cells.open(p))
        });
        clear.then(|| shot.ability.clone())
    }
}

impl Game {
    /// The monsters the hero sees (outside the fight, in id order) whose choice in a fight
    /// would now be a ranged ability: the first `ai` entry whose condition holds and whose
    /// ability is usable (`enemy_choice`, so its conditions, cooldown and stamina count as
    /// in a fight). A monster whose list would flee or strike in melee first takes no aim:
    /// a badly hurt archer runs instead of shooting. Judged before the moves, from the tiles
    /// the hero sees: a monster out of sight cannot shoot.
    pub(super) fn ready_shots(&self, content: &Content) -> Vec<ReadyShot> {
        (self.floor.creatures.values())
            .filter(|c| c.id != self.party.hero && c.is_alive() && self.is_visible(c.pos))
            .filter(|c| !self.fight.enemies.contains(&c.id))
            .filter_map(|c| {
                let (ability, _) = self.enemy_choice(c.id, content);
                let def = content.ability(&ability).filter(|a| a.range > 1)?;
                Some(ReadyShot {
                    id: c.id,
                    ability,
                    range: def.range,
                })
            })
            .collect()
    }

    /// `shooter`'s shot with `ability` at the hero from across the map: it pays for it as for
    /// any ability, the fight opens with it, and the shot (its hit chance less the range
    /// falloff) is its action before anyone's initiative.
    pub(super) fn monster_shoots(&mut self, shooter: CreatureId, ability: &str, content: &Content) {
        // A noticing trigger may have felled it, or the hero, before it looses.
        let (Some(def), Some(from), false) = (
            content.ability(ability),
            (self.floor.creatures.get(&shooter))
                .filter(|c| c.is_alive())
                .map(|c| c.pos),
            self.is_over(),
        ) else {
            return;
        };
        self.pay_for(shooter, def);
        let name = self.called(shooter, content);
        self.log(format!(
            "{} uses {} on you from afar!",
            words::sentence(&name),
            def.name
        ));
        self.start_combat(shooter, &[], content);
        let aim = falloff(from.chebyshev(self.hero_pos()), def.range, content);
        self.use_ability(
            shooter,
            def,
            Some(self.party.hero),
            Rolls::Aimed(aim),
            content,
        );
    }
}
