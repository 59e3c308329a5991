//! The forager, the computer rival that runs a breadth-first search to the nearest
//! treasure: its move, the treasure field shared by every forager of the turn, and its
//! re-planning when its pile is taken.
use super::probe::Search;
use super::{Phase, Planner};
use crate::game::state::{Creature, Segment};
use crate::grid::{DistanceField, UNREACHED, nearest};
use crate::map::{Dir, Pos};

impl Phase<'_> {
    /// The computer rival: breadth-first to the nearest treasure, through every creature.
    pub(super) fn forage(&mut self, c: &mut Creature, opens_doors: bool) {
        c.frightened = c.frightened.saturating_sub(1);
        if self.treasure.is_empty() {
            return;
        }
        let from = c.pos;
        let plan = match self.planner {
            Planner::SharedFields | Planner::CappedPerMonster => self.forage_plan(from),
            Planner::PerMonsterBfs => nearest(self.map, from, |p| self.treasure.contains_key(&p))
                .map(|path| (path.get(1).copied().unwrap_or(from), path[path.len() - 1])),
        };
        let Some((next, goal)) = plan else {
            return; // no treasure it can reach
        };
        c.ai.target = goal;
        if next != from && self.door_stops(next, opens_doors) {
            return;
        }
        // Where a new segment grows: the tile its tail leaves (a snake grows by keeping it).
        let mut left = from;
        if next != from {
            if let Some(d) = Dir::from_delta(next.x - from.x, next.y - from.y) {
                c.heading = d;
            }
            self.cells.leave(from);
            self.cells.enter(next);
            c.pos = next;
            // The body follows the head: each segment moves onto the tile ahead of it.
            for seg in &mut c.body {
                std::mem::swap(&mut seg.pos, &mut left);
            }
        } else if let Some(tail) = c.body.last() {
            left = tail.pos;
        }
        if let Some(gold) = self.treasure.remove(&next) {
            if self.loot_built {
                self.taken.push(next);
            }
            c.hoard = c.hoard.saturating_add(gold);
            c.body.push(Segment { pos: left, gold });
            self.logs.push("The forager snatches a treasure.");
            if c.body.len() as u32 >= self.balance.forager_alarm && !*self.alarm {
                *self.alarm = true;
                self.logs
                    .push("An alarm sounds: every monster on this floor hunts you now!");
            }
        }
    }

    /// Brings `scratch.loot` to the distances from this turn's piles. The piles change little
    /// from turn to turn, so on the same map the last turn's field is repaired where piles
    /// went or came; it is rebuilt when the map changed or most piles did.
    fn sync_loot(&mut self) {
        let s = &mut self.scratch;
        let same = s.loot_on_map;
        s.gone.clear();
        s.new.clear();
        if same {
            // Both sorted: one merge finds the piles that went and those that came.
            let mut old = s.loot_piles.iter().peekable();
            for &p in self.treasure.keys() {
                while let Some(&&o) = old.peek().filter(|&&&o| o < p) {
                    s.gone.push(o);
                    old.next();
                }
                if old.peek() == Some(&&p) {
                    old.next();
                } else {
                    s.new.push(p);
                }
            }
            s.gone.extend(old);
        }
        s.loot_piles.clear();
        s.loot_piles.extend(self.treasure.keys().copied());
        if same && s.gone.len() + s.new.len() <= s.loot_piles.len() / 2 {
            s.loot.remove_sources(self.map, &s.gone, &mut s.repair);
            s.loot.add_sources(self.map, &s.new, &mut s.queue);
        } else {
            s.loot.bfs_into(self.map, &s.loot_piles, &mut s.queue);
            s.loot_on_map = true;
        }
    }

    /// The forager's next tile and the pile it heads for. Re-planned every turn, and again
    /// when its pile has been taken this turn.
    fn forage_plan(&mut self, from: Pos) -> Option<(Pos, Pos)> {
        // One field from every pile, shared by all foragers of the turn.
        if !self.loot_built {
            self.sync_loot();
            self.loot_built = true;
        }
        let plan = follow(&self.scratch.loot, from)?;
        // Taking piles only lengthens distances: a plan whose pile is still there is still a
        // nearest one.
        if self.treasure.contains_key(&plan.1) {
            return Some(plan);
        }
        if self.treasure.contains_key(&from) {
            return Some((from, from));
        }
        let treasure = &*self.treasure;
        let cells = &self.cells;
        match self
            .scratch
            .probe
            .search(cells, from, &mut self.budget, |i| {
                treasure.contains_key(&cells.pos(i))
            }) {
            Search::Found(goal) => {
                Some((self.scratch.probe.first_step(cells, goal), cells.pos(goal)))
            }
            Search::Exhausted => None,
            Search::OverBudget => {
                // The field from the piles left, repaired where the taken ones lay.
                let scratch = &mut self.scratch;
                scratch
                    .loot
                    .remove_sources(self.map, &self.taken, &mut scratch.repair);
                self.taken.clear();
                follow(&scratch.loot, from)
            }
        }
    }
}

/// Downhill on `loot` from `from`: the next tile and the pile at the bottom.
fn follow(loot: &DistanceField, from: Pos) -> Option<(Pos, Pos)> {
    if loot.get(from) == UNREACHED {
        return None;
    }
    let next = loot.downhill(from).map_or(from, |d| from.offset(d));
    Some((next, loot.roll(next)))
}
