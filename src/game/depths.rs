//! The floors of a run the hero is not on, kept as it left them, and the way between floors by
//! their stairs (docs/design/the-run.md).
use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::events::Event;
use super::floor::FloorState;
use super::state::{Game, NewGameError};
use super::wire::pairs;
use crate::content::Content;
use crate::map::Pos;

/// Every floor the hero has been on and left, by depth, as it left it: the hero taken out and
/// nothing in its view. Time does not pass on a floor nobody is on, so going back finds it as
/// it was left (its map, doors, ground, treasure, traps, monsters where they stood, the dead
/// still dead, the forager's progress, its alarm).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Depths {
    /// Not written while empty, so a run still on its first floor encodes as it did before
    /// floors were kept.
    #[serde(with = "pairs", skip_serializing_if = "BTreeMap::is_empty")]
    pub kept: BTreeMap<u32, FloorState>,
}

impl Depths {
    /// The deepest floor reached: floors are reached one at a time from the top (a fall takes
    /// the hero one floor down), so it is the deepest kept one or the one the hero is on.
    pub fn deepest(&self, here: u32) -> u32 {
        self.kept.keys().next_back().map_or(here, |&d| d.max(here))
    }
}

/// Which stairs the hero takes: down arrives on the next floor's up stairs, up on the floor
/// above's down stairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stairs {
    Down,
    Up,
}

/// What climbing out of the first floor asks first: the run ends there.
pub const LEAVE_QUESTION: &str =
    "Leave the dungeon? The run ends, and it is not a win. Press < again to leave.";

impl Game {
    /// Whether `cmd` would take the hero out of the dungeon (the first floor's up stairs),
    /// which ends the run: the game asks first.
    pub fn leaves_the_dungeon(&self, cmd: &super::command::Command) -> bool {
        *cmd == super::command::Command::Ascend
            && self.floor.depth <= 1
            && self.hero_pos() == self.floor.up
            && !self.in_combat()
    }

    /// The hero leaves this floor for floor `to` by `stairs`: this floor is kept as it is,
    /// and `to` comes back as it was left, or is made from (seed, `to`) alone on the first
    /// visit. Says whether `to` was made anew. On an error nothing has changed but the dice.
    pub(super) fn change_floor(
        &mut self,
        to: u32,
        stairs: Stairs,
        content: &Content,
    ) -> Result<bool, NewGameError> {
        let hero = self.party.hero;
        let Some(walker) = self.floor.creatures.get(&hero).cloned() else {
            return Err(NewGameError::MissingHero);
        };
        let mut left = std::mem::replace(&mut self.floor, FloorState::empty());
        let fight = std::mem::take(&mut self.fight);
        let kept = self.depths.kept.remove(&to);
        let from_kept = kept.is_some();
        let made = match kept {
            Some(kept) => {
                self.floor = kept;
                self.arrive(walker, stairs, content).map(|()| false)
            }
            None => {
                self.floor.creatures.insert(hero, walker);
                self.enter_floor(to, content).map(|()| {
                    if stairs == Stairs::Up {
                        let at = self.floor.down;
                        self.put_hero(at, content);
                    }
                    true
                })
            }
        };
        match made {
            Ok(made) => {
                left.creatures.remove(&hero);
                left.visible.fill(false);
                self.depths.kept.insert(left.depth, left);
                Ok(made)
            }
            Err(e) => {
                // A kept floor fails only at binding, before the hero is put on it.
                let tried = std::mem::replace(&mut self.floor, left);
                if from_kept {
                    self.depths.kept.insert(to, tried);
                }
                self.fight = fight;
                Err(e)
            }
        }
    }

    /// The hero arrives on this kept floor by `stairs`: its map bound to the content's
    /// terrain, whoever stands on the stairs moved aside, the hero on them.
    fn arrive(
        &mut self,
        mut walker: super::state::Creature,
        stairs: Stairs,
        content: &Content,
    ) -> Result<(), NewGameError> {
        self.bind_terrain(content)
            .map_err(NewGameError::MissingTerrain)?;
        let at = match stairs {
            Stairs::Down => self.floor.up,
            Stairs::Up => self.floor.down,
        };
        walker.frightened = 0;
        walker.cooldowns.clear();
        self.floor.creatures.insert(walker.id, walker);
        self.put_hero(at, content);
        self.run.queue.push_back(Event::FloorEntered {
            floor: self.floor.depth,
        });
        Ok(())
    }

    /// The hero on `at` (whoever else stands there moved to the nearest free tile), and what
    /// it sees from there.
    fn put_hero(&mut self, at: Pos, content: &Content) {
        let hero = self.party.hero;
        let standing = (self.floor.creatures.values())
            .find(|c| c.id != hero && c.is_alive() && c.pos == at)
            .map(|c| c.id);
        if let Some(other) = standing
            && let Some(free) = self.nearest_free(at)
            && let Some(c) = self.floor.creatures.get_mut(&other)
        {
            c.pos = free;
        }
        if let Some(h) = self.floor.creatures.get_mut(&hero) {
            h.pos = at;
        }
        self.update_sight(content);
    }

    /// The nearest tile to `from` by the paths' breadth-first search (`grid::nearest`) that
    /// a creature may stand on and nobody living does.
    fn nearest_free(&self, from: Pos) -> Option<Pos> {
        let taken: BTreeSet<Pos> = (self.floor.creatures.values())
            .filter(|c| c.is_alive())
            .map(|c| c.pos)
            .collect();
        let map = &self.floor.map;
        let path = crate::grid::nearest(map, from, |p| {
            p != from && map.can_stand(p) && !taken.contains(&p)
        })?;
        path.last().copied()
    }
}
