//! The ghost rules (greedy ghost navigation): a monster's mode, its target tile by its
//! target rule, and its step, the greedy step over the four neighbours or downhill on a
//! distance field (`path`).
use super::occupancy::Cells;
use super::{Act, Kind, Phase, Planner};
use crate::content::Balance;
use crate::content::schema::{Cycle, Movement, Nav, TargetRule};
use crate::game::state::{AiMode, Awareness, Creature, CreatureId, CyclePhase};
use crate::grid::{
    DistanceField, Score, Step, greedy_step, nearest, random_turn, snap_to_safe, wander_noise,
};
use crate::map::{Dir, Pos, Tile, TileMap};

/// The wander noise amplitude of the greedy ghost navigation, in tiles
/// (`-dist + random * 6`).
const WANDER_NOISE: u32 = 6;
/// A guard hunts the hero while the hero is within this many tiles of its home.
const GUARD_RADIUS: i64 = 6;
/// Below this share of its health a monster outside the fight runs from the hero.
const FLEE_BELOW: f64 = 0.25;
/// Brogue's safety-map coefficient, for `path` monsters that flee.
const SAFETY: f32 = -1.2;

impl Phase<'_> {
    /// A ghost's move: mode, target, step.
    pub(super) fn ghost(&mut self, c: &mut Creature, slot: usize, kind: &Kind) {
        let mv = &kind.movement;
        if !self.perceive(c, mv.sight, kind.perception) {
            return;
        }
        // A closed door is a wall to a monster that cannot open it: it turns back at a dead
        // end behind one and wanders elsewhere, instead of waiting at it for ever.
        let walled = !kind.opens_doors;
        let hunting = c.ai.awareness == Awareness::Hunting;
        if hunting && let Some(ability) = self.takes_aim(c) {
            self.aiming.push((c.id, ability));
            return;
        }

        let frightened = c.frightened > 0;
        if frightened {
            c.frightened -= 1; // the cycle pauses meanwhile
        } else {
            c.ai.timer = c.ai.timer.saturating_sub(1);
            if c.ai.timer == 0 {
                c.ai.phase = next_phase(c.ai.phase, mv.cycle);
                c.ai.timer = phase_turns(self.balance, c.ai.phase, self.rng);
            }
        }
        let guard = mv.target == TargetRule::Guard;
        let mode = if frightened {
            AiMode::Frightened
        } else if *self.alarm {
            AiMode::Chase
        } else if c.health < FLEE_BELOW * kind.max_health {
            AiMode::Flee
        } else if !hunting && !guard {
            AiMode::Wander
        } else {
            match c.ai.phase {
                CyclePhase::Chase => AiMode::Chase,
                // A guard's only other place is home (its scatter).
                _ if guard => AiMode::Scatter,
                CyclePhase::Away => AiMode::Away,
                CyclePhase::Wander => AiMode::Wander,
                CyclePhase::Scatter => AiMode::Scatter,
            }
        };
        let old = c.ai.mode;
        if mode != old {
            c.ai.best = i64::MAX;
            c.ai.stuck = 0;
            c.ai.pathing = false;
        }
        c.ai.mode = mode;
        let (target, own) = self.target_tile(c, mv.target, mode);
        c.ai.target = target;

        let act = if mode != old && old != AiMode::Frightened {
            // The forced reversal (Pac-Man): back the way it came, or turn where it stands.
            let back = c.heading.reverse();
            if self.can_step(c.pos.offset(back), walled) {
                Act::Go(back)
            } else {
                Act::TurnAround
            }
        } else {
            self.choose(c, mv, mode, target, own, walled)
        };
        let act = match act {
            Act::Go(d) if self.door_stops(c.pos.offset(d), kind.opens_doors) => {
                c.heading = d;
                Act::Stay
            }
            act => act,
        };
        self.apply(c, slot, act);

        // A greedy monster that has not come closer in `stuck_turns` turns paths until it
        // has. Waiting for others to make way is not being stuck: a search would not help.
        if mv.nav == Nav::Greedy && matches!(mode, AiMode::Chase | AiMode::Scatter) {
            let d = c.pos.dist2(target);
            if d < c.ai.best {
                c.ai.best = d;
                c.ai.stuck = 0;
                c.ai.pathing = false;
            } else if !c.ai.pathing && act != Act::Stay {
                c.ai.stuck += 1;
                if c.ai.stuck >= mv.stuck_turns {
                    c.ai.pathing = true;
                    c.ai.best = d;
                    c.ai.stuck = 0;
                }
            }
        }
    }

    /// The tile a monster aims at (may lie outside the walls), and whether it is its own
    /// (a guard's home, a pincer's mirror tile) rather than one many monsters share.
    fn target_tile(&self, c: &Creature, rule: TargetRule, mode: AiMode) -> (Pos, bool) {
        let hero = self.hero;
        match mode {
            AiMode::Chase => {}
            AiMode::Scatter if rule == TargetRule::Guard => return (c.ai.home, true),
            AiMode::Scatter | AiMode::Frightened => return (c.ai.scatter, false),
            // Before it has noticed the hero it wanders about home; once it has lost track,
            // about where it saw the hero last; while hunting, it is its cycle's wander
            // phase, which lurches towards its chase target.
            AiMode::Wander if c.ai.awareness == Awareness::Unaware => return (c.ai.home, true),
            AiMode::Wander if c.ai.awareness == Awareness::LostTrack => {
                return (c.ai.last_seen, true);
            }
            AiMode::Wander | AiMode::Away => {}
            AiMode::Flee => return (hero.pos, false),
        }
        match rule {
            TargetRule::Hero | TargetRule::Treasure => (hero.pos, false),
            TargetRule::Ahead(n) => (hero.ahead(n), false),
            TargetRule::Pincer => match self.partner(c.pos) {
                // 2 × (two ahead of the hero) − the partner's tile.
                Some(p) => {
                    let pivot = hero.ahead(2);
                    let x = pivot.x.saturating_mul(2).saturating_sub(p.x);
                    let y = pivot.y.saturating_mul(2).saturating_sub(p.y);
                    (Pos::new(x, y), true)
                }
                None => (hero.pos, false),
            },
            TargetRule::Shy(r) => {
                if c.pos.dist2(hero.pos) > (r as i64).pow(2) {
                    (hero.pos, false)
                } else {
                    (c.ai.scatter, false)
                }
            }
            TargetRule::Guard => {
                if *self.alarm || c.ai.home.dist2(hero.pos) <= GUARD_RADIUS * GUARD_RADIUS {
                    (hero.pos, false)
                } else {
                    (c.ai.home, true)
                }
            }
        }
    }

    /// The pincer's partner: the `hero` monster nearest to `at` (ties to the lower id).
    fn partner(&self, at: Pos) -> Option<Pos> {
        let key = |&(id, p): &(CreatureId, Pos)| (p.dist2(at), id);
        let list = &self.hunters.list;
        if self.hunters.grid.is_empty() {
            return list.iter().min_by_key(|h| key(h)).map(|&(_, p)| p);
        }
        // Rings of growing Chebyshev radius r: every tile of ring r is at least r² away, so
        // once the best is nearer than that, nothing farther out can beat or tie it. A tile's
        // slot is its hunter's place in `list`, which is in id order, and the hunter stands on
        // that tile: (distance, slot) is the key, from the tile alone, and the least is kept
        // by a minimum instead of a branch on each tile (whether a hunter stands there is a
        // coin toss in a crowd). Distances on a floor fit in 48 bits.
        const NONE: u64 = u64::MAX;
        let mut best = NONE;
        let visit = |p: Pos, best: &mut u64| {
            if let Some(i) = self.cells.idx(p) {
                let slot = self.hunters.grid[i];
                let k = ((p.dist2(at) as u64) << 16) | u64::from(slot);
                *best = (*best).min(if slot != 0 { k } else { NONE });
            }
        };
        visit(at, &mut best);
        for r in 1..=self.cells.width.max(self.cells.height) {
            if best != NONE && (best >> 16) < (r as u64).pow(2) {
                break;
            }
            for x in at.x - r..=at.x + r {
                visit(Pos::new(x, at.y - r), &mut best);
                visit(Pos::new(x, at.y + r), &mut best);
            }
            for y in at.y - r + 1..at.y + r {
                visit(Pos::new(at.x - r, y), &mut best);
                visit(Pos::new(at.x + r, y), &mut best);
            }
        }
        (best != NONE).then(|| {
            let hunter = list[(best & 0xFFFF) as usize - 1];
            debug_assert_eq!(
                hunter.1.dist2(at) as u64,
                best >> 16,
                "a hunter on its tile"
            );
            hunter.1
        })
    }

    /// The step of a monster that is not being forced to reverse.
    /// `walled`: closed doors are walls to it (it cannot open them).
    fn choose(
        &mut self,
        c: &Creature,
        mv: &Movement,
        mode: AiMode,
        target: Pos,
        own: bool,
        walled: bool,
    ) -> Act {
        let (from, heading) = (c.pos, c.heading);
        let pathing = mv.nav == Nav::Path || c.ai.pathing;
        let (cells, map, opened) = (&self.cells, self.map, &self.opened);
        let free = |p| cells.free(p) && !shut(walled, map, opened, p);
        let step = match mode {
            AiMode::Frightened => random_turn(free, from, heading, self.rng),
            AiMode::Wander => {
                let noise = wander_noise(self.rng, WANDER_NOISE);
                greedy_step(free, from, heading, target, Score::Noisy(noise))
            }
            AiMode::Flee | AiMode::Away => {
                if pathing {
                    // Snapped here, where the few targets off the floor are remembered: every
                    // monster making off from the same one asks again.
                    let threat = snap_shared(&mut self.snaps, self.map, &self.cells, target);
                    let safety = self
                        .scratch
                        .fields
                        .safety_or_build(self.map, threat, SAFETY);
                    if let Some(act) = downhill(safety, from, free) {
                        return act;
                    }
                }
                greedy_step(free, from, heading, target, Score::Flee)
            }
            AiMode::Chase | AiMode::Scatter => {
                // A scatter corner is the same tile every turn: its field outlives the turn.
                let fixed = mode == AiMode::Scatter && target == c.ai.scatter;
                if pathing && let Some(act) = self.path_step(from, target, own, fixed, walled) {
                    return act;
                }
                // Greedy, or its target is out of reach: the greedy step still gets nearer.
                greedy_step(
                    |p| self.can_step(p, walled),
                    from,
                    heading,
                    target,
                    Score::Chase,
                )
            }
        };
        match step {
            Step::Move(d) => Act::Go(d),
            // A dead end only when the walls make it one; creatures filling the open tiles
            // make it wait instead.
            Step::TurnAround => {
                let back = heading.reverse();
                let (map, opened) = (self.map, &self.opened);
                let open = Dir::ALL.into_iter().any(|d| {
                    let p = from.offset(d);
                    d != back && self.cells.open(p) && !shut(walled, map, opened, p)
                });
                if open { Act::Stay } else { Act::TurnAround }
            }
        }
    }

    /// `path` navigation towards `target`; `None` when it cannot be followed this turn.
    ///
    /// A shared target gets its whole distance field (built once this turn and reused by
    /// every monster aiming there). A monster's own target is searched from the target only
    /// as far as the monster: the same distances around it, so the same step, without a
    /// map-wide field per guard or pincer.
    fn path_step(
        &mut self,
        from: Pos,
        target: Pos,
        own: bool,
        fixed: bool,
        walled: bool,
    ) -> Option<Act> {
        let (cells, map, opened) = (&self.cells, self.map, &self.opened);
        let free = |p| cells.free(p) && !shut(walled, map, opened, p);
        match self.planner {
            Planner::PerMonsterBfs => {
                let goal = snap_to_safe(self.map, target);
                let path = nearest(self.map, from, |p| p == goal)?;
                Some(match path.get(1) {
                    Some(&next) if free(next) => {
                        Act::Go(Dir::from_delta(next.x - from.x, next.y - from.y)?)
                    }
                    _ => Act::Stay,
                })
            }
            // Its own target (or, in the capped baseline, any): searched within the budget.
            _ if own || self.planner == Planner::CappedPerMonster => {
                let goal = snap_to_safe(self.map, target);
                self.scratch.probe.step(cells, goal, from, &mut self.budget)
            }
            _ if fixed => {
                let field = self.scratch.fields.get_or_build_fixed(self.map, target);
                downhill(field, from, free)
            }
            _ => {
                let goal = snap_shared(&mut self.snaps, self.map, cells, target);
                downhill(self.scratch.fields.get_or_build(self.map, goal), from, free)
            }
        }
    }

    fn apply(&mut self, c: &mut Creature, slot: usize, act: Act) {
        match act {
            Act::Go(d) => {
                let to = c.pos.offset(d);
                debug_assert!(self.cells.free(to), "{:?} steps onto {to:?}", c.id);
                self.cells.leave(c.pos);
                self.cells.enter(to);
                let hunter = self.hunter_slot[slot];
                if hunter != u32::MAX {
                    self.hunters.list[hunter as usize].1 = to;
                    if !self.hunters.grid.is_empty() {
                        // The grid is built only for fewer than u16::MAX hunters.
                        let own = (hunter + 1) as u16;
                        if let Some(i) = self.cells.idx(c.pos)
                            && self.hunters.grid[i] == own
                        {
                            self.hunters.grid[i] = 0;
                        }
                        if let Some(i) = self.cells.idx(to) {
                            self.hunters.grid[i] = own;
                        }
                    }
                }
                c.pos = to;
                c.heading = d;
            }
            Act::TurnAround => c.heading = c.heading.reverse(),
            Act::Stay => {}
        }
    }
}

impl Phase<'_> {
    /// Whether a monster may step onto `p` now: nobody there, and, for one that cannot open
    /// doors (`walled`), no closed door.
    fn can_step(&self, p: Pos, walled: bool) -> bool {
        self.cells.free(p) && !shut(walled, self.map, &self.opened, p)
    }
}

/// Whether `p` is shut to a monster: it cannot open doors (`walled`) and `p` is a closed
/// door not opened earlier this phase.
fn shut(walled: bool, map: &TileMap, opened: &[(Pos, Tile)], p: Pos) -> bool {
    walled && map.rules(map.get(p)).opens_to.is_some() && !opened.iter().any(|&(o, _)| o == p)
}

/// `snap_to_safe`, remembered for the few shared targets that need it (scatter corners
/// are asked for by every monster scattering there).
fn snap_shared(snaps: &mut Vec<(Pos, Pos)>, map: &TileMap, cells: &Cells, target: Pos) -> Pos {
    if cells.open(target) {
        return target;
    }
    if let Some(&(_, s)) = snaps.iter().find(|(t, _)| *t == target) {
        return s;
    }
    let s = snap_to_safe(map, target);
    if snaps.len() < 16 {
        snaps.push((target, s));
    }
    s
}

/// Downhill on `field` to the lowest free neighbour (ties up, left, down, right); stays at a
/// minimum or when creatures block every way down. `None` where the field does not reach.
pub(super) fn downhill(
    field: &DistanceField,
    from: Pos,
    free: impl Fn(Pos) -> bool,
) -> Option<Act> {
    let (here, around) = field.around(from)?;
    // Kept by selects, not branches: which way is down and free is a coin toss in a crowd.
    let (mut best, mut step) = (here, None);
    for (d, v) in Dir::ALL.into_iter().zip(around) {
        let take = (v < best) & free(from.offset(d));
        best = if take { v } else { best };
        step = if take { Some(d) } else { step };
    }
    Some(step.map_or(Act::Stay, Act::Go))
}

/// The phase after `phase` in a monster's cycle (a phase of the other cycle, as a creature
/// whose content changed on reload may hold, goes on to chase).
fn next_phase(phase: CyclePhase, cycle: Cycle) -> CyclePhase {
    match (cycle, phase) {
        (Cycle::Ghost, CyclePhase::Chase) => CyclePhase::Away,
        (Cycle::Ghost, CyclePhase::Away) => CyclePhase::Wander,
        (Cycle::Scatter, CyclePhase::Chase) => CyclePhase::Scatter,
        _ => CyclePhase::Chase,
    }
}

/// A length in turns for `phase`, drawn anew at each switch from its `[balance]` range (no
/// draw when the range is one value); at least 1, so the timer always runs.
fn phase_turns(b: &Balance, phase: CyclePhase, rng: &mut crate::rng::Rng) -> u32 {
    let (lo, hi) = match phase {
        CyclePhase::Chase => b.chase_turns,
        CyclePhase::Away => b.away_turns,
        CyclePhase::Wander => b.wander_turns,
        CyclePhase::Scatter => b.scatter_turns,
    };
    let (lo, hi) = (lo.max(1), hi.max(lo.max(1)));
    if lo == hi {
        lo
    } else {
        lo + crate::rng::below(rng, hi - lo + 1)
    }
}
