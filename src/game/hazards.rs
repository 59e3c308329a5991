//! Terrain underfoot: lava burns, a chasm drops the hero to the floor below, tall grass is
//! trampled flat. What a kind does is its content's `on_enter`; monsters never step onto a
//! hazard (the AI's `Cells` take only safe tiles), so the hero's step is the one that lands
//! here.
use super::combat::mitigate;
use super::effects::Hit;
use super::state::{CreatureId, Game};
use crate::content::Content;
use crate::content::terrain::TerrainKind;
use crate::map::{Pos, Tile};
use crate::rng;

/// The damage type of a fall.
const FALL_DAMAGE_TYPE: &str = "core:physical";

/// What the tile the hero stepped onto did with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Underfoot {
    /// The hero is still where it stepped (hurt or not).
    Stayed,
    /// The hero fell to the next floor: the step's other business is over.
    Fell,
}

impl Game {
    /// The hero has just stepped onto `at`: its terrain's `on_enter` (damage through the
    /// hero's resistance, or the fall), then its trampling.
    pub(super) fn hero_enters_terrain(&mut self, at: Pos, content: &Content) -> Underfoot {
        let rules = *self.floor.map.rules(self.floor.map.get(at));
        if let Some(kind) = self.kind_at(at, content)
            && let Some(on) = &kind.on_enter
        {
            if rules.damage > 0 {
                let hero = self.party.hero;
                let r = self.resistance(hero, &on.damage_type, content);
                let amount = mitigate(f64::from(rules.damage), r, &content.balance);
                let line = on.message.as_deref().map_or_else(
                    || format!("The {} hurts you for {amount:.0}!", kind.name),
                    |m| m.replace("{amount}", &format!("{amount:.0}")),
                );
                self.log(line);
                self.land(&Hit {
                    source: None,
                    target: hero,
                    amount,
                    damage_type: &on.damage_type,
                    critical: false,
                    cause: Some(&kind.id),
                });
            }
            if rules.falls {
                let line = (on.message.clone())
                    .unwrap_or_else(|| format!("You fall into the {}!", kind.name));
                self.log(line);
                if self.fall(&kind.id, content) {
                    return Underfoot::Fell;
                }
            }
        }
        if let Some(flat) = rules.trampled_to
            && self.hero().is_alive()
        {
            self.floor.map.set(at, flat);
        }
        // A loud step (splashing through shallows) is heard around it.
        if rules.noise > 0 {
            self.make_noise(at, u32::from(rules.noise));
        }
        Underfoot::Stayed
    }

    /// The terrain kind of the tile at `at`, by the floor's own table.
    fn kind_at<'c>(&self, at: Pos, content: &'c Content) -> Option<&'c TerrainKind> {
        let tile = self.floor.map.get(at);
        (self.floor.map.terrains().id(tile)).and_then(|id| content.terrain.get(id))
    }

    /// Each of `ids` standing on a kind with a `while_standing` modifier has it put on, by
    /// the modifier's own duration and stacking: terrain that matters without harming.
    pub(super) fn stand(&mut self, ids: &[CreatureId], content: &Content) {
        if !content.standing {
            return;
        }
        for &id in ids {
            let Some(c) = self.floor.creatures.get(&id).filter(|c| c.is_alive()) else {
                continue;
            };
            let kind = self.kind_at(c.pos, content);
            if let Some(modifier) = kind.and_then(|k| k.while_standing.as_deref()) {
                self.apply_modifier(id, modifier, None, content);
            }
        }
    }

    /// The hero falls from the floor: `fall_damage`, then the next floor, landing on a
    /// random floor tile of it. On the last floor (nothing below) and when the fall kills,
    /// the hero stays. Says whether the hero reached the next floor.
    fn fall(&mut self, cause: &str, content: &Content) -> bool {
        let hero = self.party.hero;
        let raw = content.balance.fall_damage;
        if raw > 0.0 {
            let r = self.resistance(hero, FALL_DAMAGE_TYPE, content);
            let amount = mitigate(raw, r, &content.balance);
            self.log(format!("The fall hurts you for {amount:.0}."));
            self.land(&Hit {
                source: None,
                target: hero,
                amount,
                damage_type: FALL_DAMAGE_TYPE,
                critical: false,
                cause: Some(cause),
            });
        }
        if !self.hero().is_alive() || self.floor.depth >= self.run.floors {
            return false;
        }
        let next = self.floor.depth + 1;
        let made = match self.change_floor(next, super::depths::Stairs::Down, content) {
            Ok(made) => made,
            Err(e) => {
                self.log(format!("The fall is broken: {e}"));
                return false;
            }
        };
        self.land_on_random_floor();
        // On a new floor only what the hero sees from where it landed is known (not the up
        // stairs' view); a floor it was on before it remembers.
        if made {
            self.floor.explored.fill(false);
        }
        self.update_sight(content);
        self.log(format!("You land on floor {next}."));
        true
    }

    /// Puts the hero on a floor tile of this floor that nobody stands on, drawn from the
    /// rules' stream (the up stairs when there is none).
    fn land_on_random_floor(&mut self) {
        let taken: std::collections::BTreeSet<Pos> =
            self.floor.creatures.values().map(|c| c.pos).collect();
        let tiles: Vec<Pos> = (0..self.floor.map.len())
            .map(|i| self.floor.map.pos(i))
            .filter(|&p| {
                self.floor.map.get(p) == Tile::FLOOR
                    && self.floor.map.can_stand(p)
                    && !taken.contains(&p)
            })
            .collect();
        if tiles.is_empty() {
            return;
        }
        let at = tiles[rng::below(&mut self.run.rng, tiles.len() as u32) as usize];
        let hero = self.party.hero;
        if let Some(h) = self.floor.creatures.get_mut(&hero) {
            h.pos = at;
        }
    }
}
