//! Archers on the map (DESIGN.md, "Range and throwing"): a hunting monster with a ranged
//! ability that has the hero in its sights stands and takes aim instead of stepping; when the
//! phase ends, the first of them (in id order) shoots, and the shot opens the fight as its
//! action, before anyone's initiative. Fights have no positions: range only decides who
//! strikes first, and from where.
use super::{Kind, Phase};
use crate::content::Content;
use crate::game::effects::Rolls;
use crate::game::state::{Creature, CreatureId, Game};
use crate::game::throwing::falloff;
use crate::grid::line;

/// A ranged ability of a creature kind: its id, its `range` and what it costs.
#[derive(Clone, Debug)]
pub(super) struct Shot {
    pub ability: String,
    pub range: u32,
    pub cost: f64,
}

/// The ranged abilities (`range` above 1) of a kind's ability list, as the phase reads them.
pub(super) fn shots_of(abilities: &[String], content: &Content) -> Vec<Shot> {
    (abilities.iter())
        .filter_map(|id| content.ability(id))
        .filter(|a| a.range > 1)
        .map(|a| Shot {
            ability: a.id.clone(),
            range: a.range,
            cost: a.cost,
        })
        .collect()
}

impl Phase<'_> {
    /// The ranged ability `c` would shoot the hero with now, if any: it hunts the hero, the
    /// hero sees it (sight goes both ways), the hero is within the ability's range along a
    /// line that nothing blocks and nobody stands on, and the ability is ready (no cooldown,
    /// stamina enough).
    pub(super) fn takes_aim(&self, c: &Creature, kind: &Kind) -> Option<String> {
        if kind.shots.is_empty() || c.frightened > 0 {
            return None;
        }
        let distance = c.pos.chebyshev(self.hero.pos);
        let seen = self.map.idx(c.pos).is_some_and(|i| self.visible[i]);
        if distance < 2 || !seen {
            return None;
        }
        let shot = kind.shots.iter().find(|s| {
            distance <= s.range
                && c.stamina >= s.cost
                && c.cooldowns.get(&s.ability).is_none_or(|&t| t <= 1)
        })?;
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
    /// `shooter`'s shot with `ability` at the hero from across the map: it pays for it as for
    /// any ability, the fight opens with it, and the shot (its hit chance less the range
    /// falloff) is its action before anyone's initiative.
    pub(super) fn monster_shoots(&mut self, shooter: CreatureId, ability: &str, content: &Content) {
        let (Some(def), Some(from)) = (
            content.ability(ability),
            self.floor.creatures.get(&shooter).map(|c| c.pos),
        ) else {
            return;
        };
        self.pay_for(shooter, def);
        let name = self.name(shooter, content);
        self.log(format!("The {name} uses {} on you from afar!", def.name));
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
