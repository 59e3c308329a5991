//! The line of fire (docs/design/line-of-fire.md): where a shot from one tile at
//! another flies on the floor as it stands, what stops it, and whom it passes, nearest first.
//! Geometry only: no rule shoots yet.
use super::state::{CreatureId, Game};
use crate::grid::line;
use crate::map::Pos;

/// A shot's flight from a shooter's tile towards a target tile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineOfFire {
    /// The tiles the shot flies through, in order: from the one after the shooter's up to the
    /// target, or up to the tile before the one that stops it.
    pub path: Vec<Pos>,
    /// The first tile of the line that stops projectiles (a wall, a closed door, off the
    /// map; the terrain's `blocks_projectiles`), which may be the target's own: the shot
    /// breaks on it, and nothing standing in it is struck. `None` when the line is open.
    pub blocked_at: Option<Pos>,
    /// The living creatures standing on `path`, nearest first (on one tile, by id): the first
    /// is struck first, and a miss flies on and may strike the next.
    pub creatures: Vec<CreatureId>,
    /// How far the target is, in tiles: the line's Chebyshev length, blocked or not.
    pub range: u32,
}

impl LineOfFire {
    /// Nothing stops the shot before it reaches the target's tile.
    pub fn reaches_target(&self) -> bool {
        self.blocked_at.is_none()
    }

    /// Whom the shot meets first, if anyone.
    pub fn first_creature(&self) -> Option<CreatureId> {
        self.creatures.first().copied()
    }
}

impl Game {
    /// The line of fire from `from` to `to` on the current floor (`grid::line`, so the same
    /// tiles both ways: what stops the hero's shot at a monster stops the monster's back).
    /// The shooter's own tile is left out: nothing there blocks or is struck. The forager's
    /// body is passed through, as everyone passes it.
    pub fn line_of_fire(&self, from: Pos, to: Pos) -> LineOfFire {
        let mut path = Vec::new();
        let mut blocked_at = None;
        for p in line(from, to).into_iter().skip(1) {
            if self.floor.map.blocks_projectiles(p) {
                blocked_at = Some(p);
                break;
            }
            path.push(p);
        }
        // One pass over the creatures, each placed by its step along the path; the map of
        // creatures is ordered by id, and the sort is stable, so one tile's keep that order.
        let mut on_path: Vec<(usize, CreatureId)> = (self.floor.creatures.values())
            .filter(|c| c.is_alive())
            .filter_map(|c| path.iter().position(|&p| p == c.pos).map(|i| (i, c.id)))
            .collect();
        on_path.sort_by_key(|&(step, _)| step);
        LineOfFire {
            path,
            blocked_at,
            creatures: on_path.into_iter().map(|(_, id)| id).collect(),
            range: from.chebyshev(to),
        }
    }
}
