//! Monster movement on the map: ghost targets and modes (seed 000), the forager (seed 001).
//!
//! One monster phase per exploration turn, after the hero has moved. Every live monster that
//! is not in the fight moves once, in id order:
//! - its mode: frightened while `core:frightened` lasts (its schedule pauses meanwhile);
//!   chase under the forager's alarm; flee when badly hurt; wander while it has not seen the
//!   hero (a `guard` guards instead); else its own chase/scatter schedule, whose timer
//!   started at a random offset at spawn;
//! - a mode change forces a reversal (it steps back the way it came, or turns where it
//!   stands), except leaving frightened;
//! - its target tile by its target rule, then one step: the greedy ghost step over the four
//!   neighbours, or `path`: downhill on a distance field shared by every monster with the same
//!   target this turn (a safety map when fleeing).
//!
//! Monsters do not walk into one another or onto the hero (a per-tile occupancy count kept for
//! the whole phase); the forager passes through everyone.
use std::collections::BTreeMap;

use super::state::{AiMode, Creature, CreatureId, Game};
use crate::content::Content;
use crate::content::schema::{Movement, Nav, TargetRule};
use crate::grid::{
    DistanceField, FieldCache, Repair, Score, Step, Terrain, UNREACHED, greedy_step, nearest,
    random_turn, snap_to_passable, wander_noise,
};
use crate::map::{Dir, Pos, TileMap};
use crate::rng::Rng;

/// Turns of chase and of scatter in a monster's own cycle.
const CHASE_TURNS: u32 = 20;
const SCATTER_TURNS: u32 = 7;
/// Seed 000's wander noise amplitude, in tiles (`-dist + random * 6`).
const WANDER_NOISE: u32 = 6;
/// A guard hunts the hero while the hero is within this many tiles of its home.
const GUARD_RADIUS: i64 = 6;
/// Below this share of its health a monster outside the fight runs from the hero.
const FLEE_BELOW: f64 = 0.25;
/// Brogue's safety-map coefficient, for `path` monsters that flee.
const SAFETY: f32 = -1.2;
/// Up to this many `hero` monsters the pincer's partner is found by a scan, beyond by rings.
const SCAN_HUNTERS: usize = 64;
/// Tiles the searches towards monsters' own targets may label per turn, in all (a few whole
/// core floors' worth). Ordinary floors never come near it; in a crowd of thousands, the
/// monsters past it take the greedy step for that turn instead of a search each.
const PROBE_BUDGET: usize = 1 << 14;

/// How `path` navigation finds the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Planner {
    /// Downhill on one distance field per distinct target per turn (GAME.md).
    SharedFields,
    /// Every monster runs its own breadth-first search (seed 001's way): the benchmark's
    /// baseline.
    PerMonsterBfs,
}

/// What a monster does with its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Go(Dir),
    /// Face the other way; uses up the move (a dead end, a blocked reversal).
    TurnAround,
    /// Stay put: creatures block the way, or it stands on its `path` target.
    Stay,
}

/// What the phase needs of a creature kind, looked up once per kind per turn.
struct Kind {
    movement: Movement,
    max_health: f64,
}

/// The hero as the monsters see it this turn.
#[derive(Clone, Copy)]
struct HeroView {
    id: CreatureId,
    pos: Pos,
    /// Its tile before this turn's move.
    from: Pos,
    heading: Dir,
}

impl HeroView {
    /// `n` tiles along the hero's heading from its tile before it moved.
    fn ahead(self, n: u32) -> Pos {
        let (dx, dy) = self.heading.delta();
        let n = n.min(i32::MAX as u32 / 2) as i32;
        Pos::new(
            self.from.x.saturating_add(dx * n),
            self.from.y.saturating_add(dy * n),
        )
    }
}

/// Marks a wall in `Cells`.
const WALL: u8 = u8::MAX;

/// The floor for one phase, one byte per tile: `WALL`, or how many creatures stand there
/// (more than one only where the forager passes). Row-major with a border of walls around
/// the map, so neighbours need no bounds checks.
struct Cells {
    width: i32,
    height: i32,
    /// Row length: `width + 2`.
    stride: usize,
    cell: Vec<u8>,
}

impl Cells {
    #[cfg(test)]
    fn new(map: &TileMap) -> Self {
        Self::new_in(map, Vec::new())
    }

    /// `new`, reusing `cell`'s storage.
    fn new_in(map: &TileMap, mut cell: Vec<u8>) -> Self {
        let (width, height) = (map.width() as i32, map.height() as i32);
        let stride = width as usize + 2;
        cell.clear();
        cell.resize(stride * (height as usize + 2), WALL);
        for (row, tiles) in map.tiles().chunks(width.max(1) as usize).enumerate() {
            let start = (row + 1) * stride + 1;
            for (c, t) in cell[start..start + tiles.len()].iter_mut().zip(tiles) {
                *c = if t.is_passable() { 0 } else { WALL };
            }
        }
        Self {
            width,
            height,
            stride,
            cell,
        }
    }

    fn idx(&self, p: Pos) -> Option<usize> {
        // As unsigned, negative coordinates are huge: one comparison per axis.
        ((p.x as u32) < self.width as u32 && (p.y as u32) < self.height as u32)
            .then(|| (p.y as usize + 1) * self.stride + p.x as usize + 1)
    }

    fn pos(&self, i: usize) -> Pos {
        Pos::new((i % self.stride) as i32 - 1, (i / self.stride) as i32 - 1)
    }

    /// The four neighbours of an index inside the border, up, left, down, right.
    fn around(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + self.stride, i + 1]
    }

    /// Passable and nobody standing there.
    fn free(&self, p: Pos) -> bool {
        self.idx(p).is_some_and(|i| self.cell[i] == 0)
    }

    /// Passable (whoever stands there).
    fn open(&self, p: Pos) -> bool {
        self.idx(p).is_some_and(|i| self.cell[i] != WALL)
    }

    fn enter(&mut self, p: Pos) {
        if let Some(i) = self.idx(p)
            && self.cell[i] < WALL - 1
        {
            self.cell[i] += 1;
        }
    }

    fn leave(&mut self, p: Pos) {
        if let Some(i) = self.idx(p)
            && self.cell[i] != WALL
        {
            self.cell[i] = self.cell[i].saturating_sub(1);
        }
    }
}

/// Positions of the monsters whose target rule is `hero` (the pincer's partners), kept up to
/// date while they move; `grid` (one slot per tile, `index + 1`) is filled only when there
/// are enough of them for a ring search to beat a scan.
#[derive(Default)]
struct Hunters {
    list: Vec<(CreatureId, Pos)>,
    grid: Vec<u32>,
}

/// The world of one monster phase: the parts of `Game` it reads and writes (borrowed apart
/// from `creatures`, which it walks) and the turn's scratch.
struct Phase<'g> {
    map: &'g TileMap,
    cells: Cells,
    visible: &'g [bool],
    rng: &'g mut Rng,
    treasure: &'g mut BTreeMap<Pos, u32>,
    alarm: &'g mut bool,
    forager_alarm: u32,
    hero: HeroView,
    planner: Planner,
    hunters: Hunters,
    /// Per creature, in id order: its index in `hunters.list`, if it is one.
    hunter_slot: Vec<u32>,
    /// This turn's shared distance fields, a probe and the treasure field.
    scratch: Scratch,
    /// Tiles the probe may still label this turn.
    budget: usize,
    /// Shared targets off the floor and where they snap to (a few scatter corners).
    snaps: Vec<(Pos, Pos)>,
    /// Whether `scratch.loot` holds this turn's treasure distances yet.
    loot_built: bool,
    /// Piles taken since `scratch.loot` was last brought up to date.
    taken: Vec<Pos>,
    logs: Vec<&'static str>,
}

impl Game {
    /// Every monster not in the fight moves once, in id order.
    pub(super) fn monsters_act(&mut self, content: &Content) {
        // Fear runs down with the monsters' moves; its end is an event like any modifier's.
        let (_, ending) = self.monster_phase(content, Planner::SharedFields);
        for id in ending {
            if self.creatures.get(&id).is_some_and(|c| c.frightened == 0) {
                self.queue.push_back(super::events::Event::ModifierExpired {
                    target: id,
                    modifier: super::state::FRIGHTENED.into(),
                });
            }
        }
    }

    /// Benchmark hook: one monster phase, as an exploration turn runs it.
    #[doc(hidden)]
    pub fn bench_ai_turn(&mut self, content: &Content) {
        self.monsters_act(content);
    }

    /// Benchmark hook: the same phase with every `path` step (and every stuck greedy
    /// monster's) found by the monster's own breadth-first search instead of shared fields.
    #[doc(hidden)]
    pub fn bench_ai_turn_per_monster_bfs(&mut self, content: &Content) {
        self.monster_phase(content, Planner::PerMonsterBfs);
    }

    /// The monster phase; returns how many shared distance fields it built, and the monsters
    /// (in id order) whose fear it ran down from its last turn.
    fn monster_phase(&mut self, content: &Content, planner: Planner) -> (usize, Vec<CreatureId>) {
        let hero = self.hero_view();
        let floor = self.floor;

        // Each kind is looked up once; creatures refer to it by index. Names are told apart
        // by a key first (length and last bytes: ids share their `pack:` prefix), so most
        // creatures cost one string comparison, not one per kind seen before.
        let mut kinds: Vec<(u64, &str, Option<Kind>)> = Vec::new();
        // The per-creature and per-tile buffers are last turn's, refilled.
        let mut scratch = SCRATCH.take();
        // Last turn's table is the first guess at each creature's kind: the same creatures
        // meet their kinds in the same order, so get the same indices.
        let kind_was = std::mem::take(&mut scratch.kind_of);
        let mut kind_of = std::mem::take(&mut scratch.kind_was);
        kind_of.clear();
        let mut cells = Cells::new_in(&self.map, std::mem::take(&mut scratch.cells));
        let mut hunters = Hunters {
            list: std::mem::take(&mut scratch.hunters),
            grid: Vec::new(),
        };
        hunters.list.clear();
        let mut hunter_slot = std::mem::take(&mut scratch.hunter_slot);
        hunter_slot.clear();
        for (n, c) in self.creatures.values().enumerate() {
            let guess = kind_was.get(n).copied().filter(|&k| {
                kinds
                    .get(k)
                    .is_some_and(|&(_, name, _)| same_name(name, &c.kind))
            });
            let key = || name_key(&c.kind);
            let k = match guess.or_else(|| {
                let key = key();
                kinds
                    .iter()
                    .position(|&(k, name, _)| k == key && same_name(name, &c.kind))
            }) {
                Some(k) => k,
                None => {
                    let kind = content.creature(&c.kind).map(|k| Kind {
                        movement: k.movement.clone(),
                        max_health: k.base.max_health,
                    });
                    kinds.push((key(), &c.kind, kind));
                    kinds.len() - 1
                }
            };
            kind_of.push(k);
            let mut slot = u32::MAX;
            if c.is_alive() {
                cells.enter(c.pos);
                let rule = kinds[k].2.as_ref().map(|k| k.movement.target);
                if rule == Some(TargetRule::Hero) && c.id != hero.id {
                    slot = hunters.list.len() as u32;
                    hunters.list.push((c.id, c.pos));
                }
            }
            hunter_slot.push(slot);
        }
        let pincers = kinds.iter().any(|(_, _, k)| {
            k.as_ref()
                .is_some_and(|k| k.movement.target == TargetRule::Pincer)
        });
        if pincers && hunters.list.len() > SCAN_HUNTERS {
            // Kept zeroed between turns: only the hunters' tiles are ever set.
            hunters.grid = std::mem::take(&mut scratch.hunter_grid);
            if hunters.grid.len() != cells.cell.len() {
                hunters.grid = vec![0; cells.cell.len()];
            }
            for (i, &(_, p)) in hunters.list.iter().enumerate() {
                if let Some(t) = cells.idx(p)
                    && hunters.grid[t] == 0
                {
                    hunters.grid[t] = i as u32 + 1;
                }
            }
        }
        // `kinds` borrows the creatures' names; keep only what the moves need.
        let kinds: Vec<Option<Kind>> = kinds.into_iter().map(|(_, _, k)| k).collect();

        let Game {
            creatures,
            map,
            visible,
            rng,
            treasure,
            alarm,
            enemies,
            ..
        } = self;
        let mut phase = Phase {
            map,
            cells,
            visible,
            rng,
            treasure,
            alarm,
            forager_alarm: content.balance.forager_alarm,
            hero,
            planner,
            hunters,
            hunter_slot,
            scratch,
            budget: PROBE_BUDGET,
            snaps: Vec::new(),
            loot_built: false,
            taken: Vec::new(),
            logs: Vec::new(),
        };
        let mut ending = Vec::new();
        for (slot, (c, &k)) in creatures.values_mut().zip(&kind_of).enumerate() {
            if c.id == hero.id || !c.is_alive() || enemies.contains(&c.id) {
                continue;
            }
            let Some(kind) = &kinds[k] else {
                continue; // a kind the content no longer has stays where it is
            };
            // Both moves below run its fear down by one: this is its last frightened turn.
            if c.frightened == 1 {
                ending.push(c.id);
            }
            if kind.movement.target == TargetRule::Treasure {
                phase.forage(c);
            } else {
                phase.ghost(c, slot, kind);
            }
        }
        if phase.loot_built {
            // What the field holds: the piles left, and those taken since its last repair.
            let s = &mut phase.scratch;
            s.loot_piles.clear();
            s.loot_piles.extend(phase.treasure.keys().copied());
            s.loot_piles.append(&mut phase.taken);
            s.loot_piles.sort_unstable();
        }
        let (logs, built) = (std::mem::take(&mut phase.logs), phase.scratch.fields.len());
        phase.scratch.fields.clear();
        if !phase.hunters.grid.is_empty() {
            for &(_, p) in &phase.hunters.list {
                if let Some(i) = phase.cells.idx(p) {
                    phase.hunters.grid[i] = 0;
                }
            }
            phase.scratch.hunter_grid = phase.hunters.grid;
        }
        let mut scratch = phase.scratch;
        (scratch.cells, scratch.hunters) = (phase.cells.cell, phase.hunters.list);
        (scratch.hunter_slot, scratch.kind_of) = (phase.hunter_slot, kind_of);
        scratch.kind_was = kind_was;
        SCRATCH.set(scratch);

        if let Some(h) = self.creatures.get_mut(&hero.id) {
            h.ai.turn_start = Some((floor, h.pos));
        }
        for line in logs {
            self.log(line);
        }
        // Moving queues no events, so draining once here is draining after every actor.
        self.drain(content);
        (built, ending)
    }

    /// The hero's position, heading and tile before this turn's move.
    fn hero_view(&self) -> HeroView {
        let h = self.hero();
        // Recorded at the end of the last monster phase; the hero has moved at most one tile
        // (along its heading) since, unless it changed floors.
        let from = match h.ai.turn_start {
            Some((floor, p))
                if floor == self.floor && (p == h.pos || p.offset(h.heading) == h.pos) =>
            {
                p
            }
            _ => h.pos,
        };
        HeroView {
            id: h.id,
            pos: h.pos,
            from,
            heading: h.heading,
        }
    }
}

impl Phase<'_> {
    /// A ghost's move: mode, target, step.
    fn ghost(&mut self, c: &mut Creature, slot: usize, kind: &Kind) {
        let mv = &kind.movement;
        let hero = self.hero;
        if !c.ai.alerted {
            let sight = mv.sight as i64;
            c.ai.alerted = self.map.idx(c.pos).is_some_and(|i| self.visible[i])
                && c.pos.dist2(hero.pos) <= sight * sight;
        }

        let frightened = c.frightened > 0;
        if frightened {
            c.frightened -= 1; // the schedule pauses meanwhile
        } else {
            c.ai.timer = c.ai.timer.saturating_sub(1);
            if c.ai.timer == 0 {
                c.ai.scattering = !c.ai.scattering;
                c.ai.timer = if c.ai.scattering {
                    SCATTER_TURNS
                } else {
                    CHASE_TURNS
                };
            }
        }
        let mode = if frightened {
            AiMode::Frightened
        } else if *self.alarm {
            AiMode::Chase
        } else if c.health < FLEE_BELOW * kind.max_health {
            AiMode::Flee
        } else if !c.ai.alerted && mv.target != TargetRule::Guard {
            AiMode::Wander
        } else if c.ai.scattering {
            AiMode::Scatter
        } else {
            AiMode::Chase
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
            if self.cells.free(c.pos.offset(back)) {
                Act::Go(back)
            } else {
                Act::TurnAround
            }
        } else {
            self.choose(c, mv, mode, target, own)
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
            AiMode::Wander => return (c.ai.home, true),
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
        // once the best is nearer than that, nothing farther out can beat or tie it.
        let mut best: Option<((i64, CreatureId), Pos)> = None;
        let visit = |p: Pos, best: &mut Option<((i64, CreatureId), Pos)>| {
            let Some(i) = self.cells.idx(p) else {
                return;
            };
            let slot = self.hunters.grid[i];
            if slot != 0 {
                let hunter = &list[slot as usize - 1];
                let k = key(hunter);
                if best.is_none_or(|(b, _)| k < b) {
                    *best = Some((k, hunter.1));
                }
            }
        };
        visit(at, &mut best);
        for r in 1..=self.cells.width.max(self.cells.height) {
            if best.is_some_and(|((d, _), _)| d < (r as i64).pow(2)) {
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
        best.map(|(_, p)| p)
    }

    /// The step of a monster that is not being forced to reverse.
    fn choose(&mut self, c: &Creature, mv: &Movement, mode: AiMode, target: Pos, own: bool) -> Act {
        let (from, heading) = (c.pos, c.heading);
        let pathing = mv.nav == Nav::Path || c.ai.pathing;
        let cells = &self.cells;
        let free = |p| cells.free(p);
        let step = match mode {
            AiMode::Frightened => random_turn(free, from, heading, self.rng),
            AiMode::Wander => {
                let noise = wander_noise(self.rng, WANDER_NOISE);
                greedy_step(free, from, heading, target, Score::Noisy(noise))
            }
            AiMode::Flee => {
                if pathing {
                    let safety = self
                        .scratch
                        .fields
                        .safety_or_build(self.map, target, SAFETY);
                    if let Some(act) = downhill(safety, from, free) {
                        return act;
                    }
                }
                greedy_step(free, from, heading, target, Score::Flee)
            }
            AiMode::Chase | AiMode::Scatter => {
                // A scatter corner is the same tile every turn: its field outlives the turn.
                let fixed = mode == AiMode::Scatter && target == c.ai.scatter;
                if pathing && let Some(act) = self.path_step(from, target, own, fixed) {
                    return act;
                }
                // Greedy, or its target is out of reach: the greedy step still gets nearer.
                greedy_step(|p| self.cells.free(p), from, heading, target, Score::Chase)
            }
        };
        match step {
            Step::Move(d) => Act::Go(d),
            // A dead end only when the walls make it one; creatures filling the open tiles
            // make it wait instead.
            Step::TurnAround => {
                let back = heading.reverse();
                let open = Dir::ALL
                    .into_iter()
                    .any(|d| d != back && self.cells.open(from.offset(d)));
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
    fn path_step(&mut self, from: Pos, target: Pos, own: bool, fixed: bool) -> Option<Act> {
        let cells = &self.cells;
        let free = |p| cells.free(p);
        match self.planner {
            Planner::SharedFields if own => {
                let goal = snap_to_passable(self.map, target);
                self.scratch.probe.step(cells, goal, from, &mut self.budget)
            }
            Planner::SharedFields if fixed => {
                let field = self.scratch.fields.get_or_build_fixed(self.map, target);
                downhill(field, from, free)
            }
            Planner::SharedFields => {
                let goal = snap_shared(&mut self.snaps, self.map, cells, target);
                downhill(self.scratch.fields.get_or_build(self.map, goal), from, free)
            }
            Planner::PerMonsterBfs => {
                let goal = snap_to_passable(self.map, target);
                let path = nearest(self.map, from, |p| p == goal)?;
                Some(match path.get(1) {
                    Some(&next) if free(next) => {
                        Act::Go(Dir::from_delta(next.x - from.x, next.y - from.y)?)
                    }
                    _ => Act::Stay,
                })
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
                        let own = hunter + 1;
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

    /// Seed 001's rival: breadth-first to the nearest treasure, through every creature.
    fn forage(&mut self, c: &mut Creature) {
        c.frightened = c.frightened.saturating_sub(1);
        if self.treasure.is_empty() {
            return;
        }
        let from = c.pos;
        let plan = match self.planner {
            Planner::SharedFields => self.forage_plan(from),
            Planner::PerMonsterBfs => nearest(self.map, from, |p| self.treasure.contains_key(&p))
                .map(|path| (path.get(1).copied().unwrap_or(from), path[path.len() - 1])),
        };
        let Some((next, goal)) = plan else {
            return; // no treasure it can reach
        };
        c.ai.target = goal;
        if next != from {
            if let Some(d) = Dir::from_delta(next.x - from.x, next.y - from.y) {
                c.heading = d;
            }
            self.cells.leave(from);
            self.cells.enter(next);
            c.pos = next;
        }
        if let Some(gold) = self.treasure.remove(&next) {
            if self.loot_built {
                self.taken.push(next);
            }
            c.hoard += gold;
            c.treasures += 1;
            self.logs.push("The forager snatches a treasure.");
            if c.treasures >= self.forager_alarm && !*self.alarm {
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
        let same = s.loot_terrain.same_or_take(self.map);
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

/// Storage the monster phase reuses from turn to turn, so a steady turn allocates little.
/// Never state: every turn clears or overwrites what it reads.
#[derive(Default)]
struct Scratch {
    fields: FieldCache,
    probe: Probe,
    /// Breadth-first distances from every pile in `loot_piles` (sorted), on `loot_terrain`;
    /// brought up to date by the turn's first forager.
    loot: DistanceField,
    loot_piles: Vec<Pos>,
    loot_terrain: Terrain,
    /// Piles gone and new since the last turn, and a repair's scratch.
    gone: Vec<Pos>,
    new: Vec<Pos>,
    repair: Repair,
    queue: Vec<u32>,
    /// `Hunters::grid`, all zero between turns.
    hunter_grid: Vec<u32>,
    /// Storage of the phase's `Cells::cell`, `Hunters::list`, `Phase::hunter_slot` and
    /// creature-to-kind table.
    cells: Vec<u8>,
    hunters: Vec<(CreatureId, Pos)>,
    hunter_slot: Vec<u32>,
    kind_of: Vec<usize>,
    /// The table before `kind_of` (its storage, and during a phase last turn's table).
    kind_was: Vec<usize>,
}

thread_local! {
    static SCRATCH: std::cell::Cell<Scratch> = std::cell::Cell::default();
}

/// `snap_to_passable`, remembered for the few shared targets that need it (scatter corners
/// are asked for by every monster scattering there).
fn snap_shared(snaps: &mut Vec<(Pos, Pos)>, map: &TileMap, cells: &Cells, target: Pos) -> Pos {
    if cells.open(target) {
        return target;
    }
    if let Some(&(_, s)) = snaps.iter().find(|(t, _)| *t == target) {
        return s;
    }
    let s = snap_to_passable(map, target);
    if snaps.len() < 16 {
        snaps.push((target, s));
    }
    s
}

/// A creature kind's name in a word: its length and its last (up to) eight bytes.
fn name_key(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let tail = &bytes[bytes.len().saturating_sub(8)..];
    let mut word = [0u8; 8];
    word[..tail.len()].copy_from_slice(tail);
    u64::from_le_bytes(word) ^ (bytes.len() as u64).rotate_right(8)
}

/// `a == b`: names of 8 to 16 bytes (most ids) in two word compares instead of a call.
fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if !(8..=16).contains(&n) {
        return a == b;
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().expect("8 bytes"));
    word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8)
}

/// Downhill on `loot` from `from`: the next tile and the pile at the bottom.
fn follow(loot: &DistanceField, from: Pos) -> Option<(Pos, Pos)> {
    if loot.get(from) == UNREACHED {
        return None;
    }
    let next = loot.downhill(from).map_or(from, |d| from.offset(d));
    Some((next, loot.roll(next)))
}

/// Downhill on `field` to the lowest free neighbour (ties up, left, down, right); stays at a
/// minimum or when creatures block every way down. `None` where the field does not reach.
fn downhill(field: &DistanceField, from: Pos, free: impl Fn(Pos) -> bool) -> Option<Act> {
    let (here, around) = field.around(from)?;
    let mut best = (here, Act::Stay);
    for (d, v) in Dir::ALL.into_iter().zip(around) {
        if v < best.0 && free(from.offset(d)) {
            best = (v, Act::Go(d));
        }
    }
    Some(best.1)
}

/// How a probe search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Search {
    /// The first tile (map index) the stop test accepted.
    Found(usize),
    /// Every reachable tile labelled, none accepted.
    Exhausted,
    /// The turn's budget ran out first.
    OverBudget,
}

/// Breadth-first searches that stop early: towards one monster's own target, or from a
/// forager to the nearest pile. The scratch is stamped per search instead of cleared, so a
/// short search costs only the tiles it labels.
#[derive(Default)]
struct Probe {
    /// Per tile: the search that labelled it.
    stamp: Vec<u32>,
    dist: Vec<u32>,
    queue: Vec<u32>,
    search: u32,
}

impl Probe {
    /// Labels open tiles with their distance from `source` until `stop` accepts one.
    fn search(
        &mut self,
        cells: &Cells,
        source: Pos,
        budget: &mut usize,
        stop: impl Fn(usize) -> bool,
    ) -> Search {
        let Some(start) = cells.idx(source).filter(|&i| cells.cell[i] != WALL) else {
            return Search::Exhausted;
        };
        let n = cells.cell.len();
        if self.stamp.len() != n {
            self.stamp = vec![0; n];
            self.dist = vec![0; n];
            self.search = 0;
        }
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            self.stamp.fill(0);
            self.search = 1;
        }
        let search = self.search;
        // Each tile is queued at most once: a slot per tile is the whole queue.
        if self.queue.len() < n {
            self.queue.resize(n, 0);
        }
        let (stamp, dist, queue) = (&mut self.stamp[..], &mut self.dist[..], &mut self.queue[..]);
        let cell = &cells.cell[..];
        queue[0] = start as u32;
        stamp[start] = search;
        dist[start] = 0;
        let (mut head, mut tail, mut left) = (0, 1, *budget);
        let end = 'search: loop {
            if head == tail {
                break Search::Exhausted;
            }
            // SAFETY: `head < tail`, and `tail` counts the tiles queued, each once (stamped
            // first), so fewer than `n` = the length of `cell`, `stamp`, `dist` and `queue`.
            // Only open tiles are queued and the border is wall, so `i` is interior and its
            // four neighbours are below `n`.
            unsafe {
                let i = *queue.get_unchecked(head) as usize;
                head += 1;
                let next = *dist.get_unchecked(i) + 1;
                for t in cells.around(i) {
                    if *stamp.get_unchecked(t) != search && *cell.get_unchecked(t) != WALL {
                        if left == 0 {
                            break 'search Search::OverBudget;
                        }
                        left -= 1;
                        *stamp.get_unchecked_mut(t) = search;
                        *dist.get_unchecked_mut(t) = next;
                        if stop(t) {
                            break 'search Search::Found(t);
                        }
                        *queue.get_unchecked_mut(tail) = t as u32;
                        tail += 1;
                    }
                }
            }
        };
        *budget = left;
        end
    }

    /// Distance labelled by the last search, if it reached `i`.
    fn dist(&self, i: usize) -> Option<u32> {
        (self.stamp.get(i) == Some(&self.search)).then(|| self.dist[i])
    }

    /// The step `downhill` would take from `from` on the distance field of `goal`, searched
    /// from `goal` only until it reaches `from` (level by level, so by then every neighbour
    /// one step nearer is labelled). `None` when `goal` cannot be reached or over budget.
    fn step(&mut self, cells: &Cells, goal: Pos, from: Pos, budget: &mut usize) -> Option<Act> {
        if goal == from {
            return Some(Act::Stay);
        }
        let start = cells.idx(from)?;
        let Search::Found(_) = self.search(cells, goal, budget, |i| i == start) else {
            return None;
        };
        let mut best = (self.dist(start)?, Act::Stay);
        for d in Dir::ALL {
            let p = from.offset(d);
            if let Some(v) = cells.idx(p).and_then(|i| self.dist(i))
                && v < best.0
                && cells.free(p)
            {
                best = (v, Act::Go(d));
            }
        }
        Some(best.1)
    }

    /// After a search that found `goal`: the first tile of a shortest way there
    /// (walking back from `goal`, the first neighbour one step nearer, up, left, down, right).
    fn first_step(&self, cells: &Cells, goal: usize) -> Pos {
        let mut at = cells.pos(goal);
        while let Some(d) = self
            .dist(cells.idx(at).expect("labelled"))
            .filter(|&d| d > 1)
        {
            at = Dir::ALL
                .into_iter()
                .map(|dir| at.offset(dir))
                .find(|&p| cells.idx(p).and_then(|i| self.dist(i)) == Some(d - 1))
                .expect("a labelled tile has a neighbour one step nearer");
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Command;
    use crate::grid::DistanceField;
    use crate::rng::{below, game_rng};

    fn core() -> Content {
        Content::core().unwrap_or_else(|r| panic!("core content broken:\n{r}"))
    }

    /// Every tile drawn as `ch` on an ASCII map, row by row.
    fn all(ascii: &str, ch: char) -> Vec<Pos> {
        let rows = ascii.lines().filter(|l| !l.is_empty());
        rows.enumerate()
            .flat_map(|(y, row)| {
                row.chars()
                    .enumerate()
                    .filter(move |&(_, c)| c == ch)
                    .map(move |(x, _)| Pos::new(x as i32, y as i32))
            })
            .collect()
    }

    fn find(ascii: &str, ch: char) -> Pos {
        all(ascii, ch)[0]
    }

    /// A `w`×`h` room: a wall ring around floor.
    fn room(w: usize, h: usize) -> String {
        (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| {
                        if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }

    /// A game on `ascii` holding only the hero, on the `@` tile, facing right, standing
    /// still since the last turn; no treasure, no traps, sight recomputed.
    fn world(ascii: &str) -> Game {
        let mut g = Game::new(7, &core()).expect("a run starts");
        g.map = TileMap::from_ascii(ascii);
        let hero = g.hero;
        g.creatures.retain(|&id, _| id == hero);
        g.treasure.clear();
        g.traps.clear();
        g.enemies.clear();
        g.alarm = false;
        let (floor, at) = (g.floor, find(ascii, '@'));
        let h = g.creatures.get_mut(&hero).expect("the hero");
        h.pos = at;
        h.heading = Dir::Right;
        h.ai.turn_start = Some((floor, at));
        g.explored = vec![false; g.map.len()];
        g.visible = vec![false; g.map.len()];
        g.update_sight();
        g
    }

    /// A monster that has seen the hero and is chasing, its schedule far from switching.
    fn hunter(g: &mut Game, content: &Content, kind: &str, at: Pos, heading: Dir) -> CreatureId {
        let id = g.spawn(content.creature(kind).expect("core kind"), at);
        let c = g.creatures.get_mut(&id).expect("spawned");
        c.heading = heading;
        c.ai.alerted = true;
        c.ai.mode = AiMode::Chase;
        c.ai.scattering = false;
        c.ai.timer = 1000;
        id
    }

    fn play(g: &mut Game, cmd: Command, content: &Content) {
        assert_eq!(g.execute(&cmd, content), crate::game::Outcome::TurnPassed);
    }

    fn mon(g: &Game, id: CreatureId) -> &Creature {
        &g.creatures[&id]
    }

    fn mon_mut(g: &mut Game, id: CreatureId) -> &mut Creature {
        g.creatures.get_mut(&id).expect("exists")
    }

    /// The hero steps from `from` along `heading`, as if it had moved there this turn.
    fn hero_moved(g: &mut Game, from: Pos, heading: Dir) {
        let (floor, hero) = (g.floor, g.hero);
        let h = g.creatures.get_mut(&hero).expect("the hero");
        h.ai.turn_start = Some((floor, from));
        h.pos = from.offset(heading);
        h.heading = heading;
    }

    #[test]
    fn same_name_is_string_equality() {
        let names: Vec<String> = (0..20)
            .flat_map(|n| {
                let base = "core:abcdefghijklmnop"[..n].to_string();
                let mut first = base.clone().into_bytes();
                let mut last = base.clone().into_bytes();
                if n > 0 {
                    first[0] ^= 1;
                    last[n - 1] ^= 1;
                }
                let mut mid = base.clone().into_bytes();
                if n > 2 {
                    mid[n / 2] ^= 1;
                }
                let text = |b: Vec<u8>| String::from_utf8(b).expect("ascii");
                [base.clone(), text(first), text(last), text(mid)]
            })
            .collect();
        for a in &names {
            for b in &names {
                assert_eq!(same_name(a, b), a == b, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn hero_rule_aims_at_the_hero() {
        let content = core();
        let map = room(15, 9);
        let mut g = world(&map.replacen('.', "@", 1));
        let shade = hunter(&mut g, &content, "core:shade", Pos::new(12, 6), Dir::Left);
        let goblin = hunter(&mut g, &content, "core:goblin", Pos::new(10, 2), Dir::Left);
        g.monsters_act(&content);
        for id in [shade, goblin] {
            assert_eq!(mon(&g, id).ai.target, g.hero_pos());
            assert_eq!(mon(&g, id).ai.mode, AiMode::Chase);
        }
    }

    #[test]
    fn ahead_aims_from_the_heros_tile_before_it_moved() {
        let content = core();
        let map = "\
###############
#.............#
#.@...........#
#.............#
#.............#
#.............#
#.............#
#.............#
###############
";
        let mut g = world(map);
        let start = g.hero_pos();
        let lurker = hunter(&mut g, &content, "core:lurker", Pos::new(13, 7), Dir::Up);
        // Waiting: four tiles along the heading from where the hero stands.
        play(&mut g, Command::Wait, &content);
        assert_eq!(mon(&g, lurker).ai.target, Pos::new(start.x + 4, start.y));
        // Moving right: from the tile it left, not the one it reached.
        play(&mut g, Command::Move(Dir::Right), &content);
        assert_eq!(g.hero_pos(), Pos::new(start.x + 1, start.y));
        assert_eq!(mon(&g, lurker).ai.target, Pos::new(start.x + 4, start.y));
        // Turning down: along the new heading, from the tile before this move.
        play(&mut g, Command::Move(Dir::Down), &content);
        assert_eq!(
            mon(&g, lurker).ai.target,
            Pos::new(start.x + 1, start.y + 4)
        );
    }

    #[test]
    fn pincer_mirrors_its_partner_through_two_ahead_of_the_hero() {
        let content = core();
        let mut g = world(&room(17, 11).replacen('.', "@", 1));
        hero_moved(&mut g, Pos::new(5, 5), Dir::Right); // now on (6, 5)
        let stalker = hunter(&mut g, &content, "core:stalker", Pos::new(2, 2), Dir::Right);
        // Nearer to the stalker, but it aims `ahead`: not a partner.
        hunter(&mut g, &content, "core:lurker", Pos::new(3, 2), Dir::Right);
        hunter(&mut g, &content, "core:shade", Pos::new(3, 8), Dir::Up);
        hunter(&mut g, &content, "core:goblin", Pos::new(10, 1), Dir::Up);
        g.monsters_act(&content);
        // Two ahead of (5, 5) facing right is (7, 5); mirrored from the shade's (3, 8).
        assert_eq!(mon(&g, stalker).ai.target, Pos::new(11, 2));

        // Without any `hero` monster it acts as `hero`.
        let mut g = world(&room(17, 11).replacen('.', "@", 1));
        let stalker = hunter(&mut g, &content, "core:stalker", Pos::new(2, 2), Dir::Right);
        hunter(&mut g, &content, "core:lurker", Pos::new(3, 2), Dir::Right);
        g.monsters_act(&content);
        assert_eq!(mon(&g, stalker).ai.target, g.hero_pos());
    }

    #[test]
    fn pincer_partner_by_rings_matches_a_scan() {
        // More `hero` monsters than `SCAN_HUNTERS`: the ring search runs; it must pick what
        // a scan by (squared distance, id) picks, ties included.
        let content = core();
        let mut g = world(&room(64, 64).replacen('.', "@", 1));
        let hero = g.hero_pos();
        let mut rng = game_rng(11);
        let mut free: Vec<Pos> = (2..62)
            .flat_map(|y| (2..62).map(move |x| Pos::new(x, y)))
            .filter(|&p| p.manhattan(hero) > 2)
            .collect();
        let mut take = |rng: &mut Rng| free.swap_remove(below(rng, free.len() as u32) as usize);
        // Sparse enough that partners are often several rings away.
        let stalkers: Vec<_> = (0..40)
            .map(|_| {
                let at = take(&mut rng);
                hunter(&mut g, &content, "core:stalker", at, Dir::Up)
            })
            .collect();
        // A tie: two shades equally near the first stalker, the lower id must win.
        let s0 = mon(&g, stalkers[0]).pos;
        for dx in [-2, 2] {
            let p = Pos::new(s0.x + dx, s0.y);
            if g.map.is_passable(p) && g.creature_at(p).is_none() {
                hunter(&mut g, &content, "core:shade", p, Dir::Up);
            }
        }
        for _ in 0..SCAN_HUNTERS + 6 {
            let at = take(&mut rng);
            if g.creature_at(at).is_none() {
                hunter(&mut g, &content, "core:shade", at, Dir::Up);
            }
        }
        let shades: Vec<(CreatureId, Pos)> = g
            .creatures
            .values()
            .filter(|c| c.kind == "core:shade")
            .map(|c| (c.id, c.pos))
            .collect();
        assert!(shades.len() > SCAN_HUNTERS);
        // Stalkers have the lowest ids: they all move before any shade does.
        let pivot = Pos::new(hero.x + 2, hero.y);
        let expected: Vec<Pos> = stalkers
            .iter()
            .map(|&s| {
                let at = mon(&g, s).pos;
                let &(_, p) = shades
                    .iter()
                    .min_by_key(|&&(id, p)| (p.dist2(at), id))
                    .expect("shades");
                Pos::new(2 * pivot.x - p.x, 2 * pivot.y - p.y)
            })
            .collect();
        g.monsters_act(&content);
        let got: Vec<Pos> = stalkers.iter().map(|&s| mon(&g, s).ai.target).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn shy_chases_from_afar_and_scatters_up_close() {
        let content = core();
        let mut g = world(&room(30, 9).replacen('.', "@", 1));
        let far = hunter(&mut g, &content, "core:wisp", Pos::new(27, 6), Dir::Up);
        let near = hunter(&mut g, &content, "core:wisp", Pos::new(5, 4), Dir::Up);
        g.monsters_act(&content);
        assert_eq!(mon(&g, far).ai.target, g.hero_pos());
        assert_eq!(mon(&g, near).ai.target, mon(&g, near).ai.scatter);
    }

    #[test]
    fn guard_holds_its_home_until_the_hero_comes_near() {
        let content = core();
        let mut g = world(&room(30, 9).replacen('.', "@", 1));
        let home = Pos::new(25, 4);
        let troll = g.spawn(content.creature("core:troll").expect("troll"), home);
        mon_mut(&mut g, troll).ai.timer = 1000;
        g.monsters_act(&content);
        // It has not seen the hero, yet it guards (no wandering), and aims home.
        assert_eq!(mon(&g, troll).ai.mode, AiMode::Chase);
        assert_eq!(mon(&g, troll).ai.target, home);
        // The hero within reach of its home: it is the target.
        let hero = g.hero;
        mon_mut(&mut g, hero).pos = Pos::new(21, 4);
        g.monsters_act(&content);
        assert_eq!(mon(&g, troll).ai.target, Pos::new(21, 4));
        // Scattering, a guard goes home rather than to a corner.
        mon_mut(&mut g, hero).pos = Pos::new(2, 2);
        mon_mut(&mut g, troll).ai.timer = 1;
        g.monsters_act(&content);
        assert_eq!(mon(&g, troll).ai.mode, AiMode::Scatter);
        assert_eq!(mon(&g, troll).ai.target, home);
    }

    #[test]
    fn greedy_never_reverses_and_breaks_ties_up_left_down_right() {
        let content = core();
        let map = room(21, 21).replacen('.', "@", 1);
        let centre = Pos::new(10, 10);
        // (hero, heading) -> expected step.
        let cases = [
            // Hero straight behind: not the reverse; left and right tie, left wins.
            (Pos::new(10, 18), Dir::Up, Dir::Left),
            // Up-left diagonal: up and left tie, up wins.
            (Pos::new(6, 6), Dir::Left, Dir::Up),
            // Down-left: left and down tie, left wins.
            (Pos::new(6, 14), Dir::Down, Dir::Left),
            // Down-right: down and right tie, down wins.
            (Pos::new(14, 14), Dir::Right, Dir::Down),
        ];
        for (hero, heading, step) in cases {
            let mut g = world(&map);
            let h = g.hero;
            mon_mut(&mut g, h).pos = hero;
            let s = hunter(&mut g, &content, "core:shade", centre, heading);
            g.monsters_act(&content);
            assert_eq!(
                mon(&g, s).pos,
                centre.offset(step),
                "hero {hero:?} {heading:?}"
            );
            assert_eq!(mon(&g, s).heading, step);
        }
    }

    #[test]
    fn a_dead_end_turns_around_and_costs_the_move() {
        let content = core();
        let map = "\
#########
#@......#
#######.#
#######M#
#########
";
        let mut g = world(map);
        let end = find(map, 'M');
        let s = hunter(&mut g, &content, "core:shade", end, Dir::Down);
        g.monsters_act(&content);
        assert_eq!(mon(&g, s).pos, end, "turning around uses the move");
        assert_eq!(mon(&g, s).heading, Dir::Up);
        g.monsters_act(&content);
        assert_eq!(mon(&g, s).pos, end.offset(Dir::Up));
    }

    #[test]
    fn a_mode_change_forces_a_reversal_except_leaving_frightened() {
        let content = core();
        let map = room(21, 9).replacen('.', "@", 1);
        let at = Pos::new(8, 4);
        let setup = |mode: AiMode, timer: u32, frightened: u32| {
            let mut g = world(&map);
            let h = g.hero;
            mon_mut(&mut g, h).pos = Pos::new(18, 4); // ahead, to the right
            let s = hunter(&mut g, &content, "core:shade", at, Dir::Right);
            let c = mon_mut(&mut g, s);
            (c.ai.mode, c.ai.timer, c.frightened) = (mode, timer, frightened);
            g.monsters_act(&content);
            let c = mon(&g, s);
            (c.ai.mode, c.pos)
        };
        // Chasing on: straight on towards the hero.
        assert_eq!(
            setup(AiMode::Chase, 50, 0),
            (AiMode::Chase, at.offset(Dir::Right))
        );
        // Its timer runs out: scatter, and the first move goes back the way it came.
        assert_eq!(
            setup(AiMode::Chase, 1, 0),
            (AiMode::Scatter, at.offset(Dir::Left))
        );
        // Becoming frightened reverses too.
        assert_eq!(
            setup(AiMode::Chase, 50, 3),
            (AiMode::Frightened, at.offset(Dir::Left))
        );
        // Scatter back to chase reverses ...
        assert_eq!(
            setup(AiMode::Scatter, 50, 0),
            (AiMode::Chase, at.offset(Dir::Left))
        );
        // ... but leaving frightened does not.
        assert_eq!(
            setup(AiMode::Frightened, 50, 0),
            (AiMode::Chase, at.offset(Dir::Right))
        );
    }

    #[test]
    fn frightened_moves_come_from_the_seed_and_pause_the_schedule() {
        let content = core();
        let mut g = world(&room(21, 15).replacen('.', "@", 1));
        let ids: Vec<_> = [(5, 5), (12, 9), (16, 3), (9, 12)]
            .into_iter()
            .map(|(x, y)| {
                let id = hunter(&mut g, &content, "core:skeleton", Pos::new(x, y), Dir::Up);
                let c = mon_mut(&mut g, id);
                (c.frightened, c.ai.mode, c.ai.timer) = (40, AiMode::Frightened, 5);
                id
            })
            .collect();
        let walk = |mut g: Game| {
            let mut trail = Vec::new();
            for _ in 0..30 {
                let before: Vec<(Pos, Dir)> = ids
                    .iter()
                    .map(|&i| (mon(&g, i).pos, mon(&g, i).heading))
                    .collect();
                g.monsters_act(&content);
                for (&i, (pos, heading)) in ids.iter().zip(before) {
                    let c = mon(&g, i);
                    assert_eq!(c.ai.mode, AiMode::Frightened);
                    assert_eq!(c.ai.timer, 5, "the schedule pauses while frightened");
                    if c.pos != pos {
                        assert_eq!(c.pos.manhattan(pos), 1);
                        assert_ne!(c.heading, heading.reverse(), "never back the way it came");
                    }
                    trail.push(c.pos);
                }
            }
            trail
        };
        let a = walk(g.clone());
        assert_eq!(a, walk(g.clone()), "same seed, same moves");
        let mut other = g.clone();
        other.rng = game_rng(99);
        assert_ne!(a, walk(other), "another seed, other moves");
    }

    #[test]
    fn each_monster_runs_its_own_schedule_from_a_random_offset() {
        let content = core();
        let mut g = world(&room(41, 21).replacen('.', "@", 1));
        let ids: Vec<_> = (0..8)
            .map(|k| {
                let id = g.spawn(
                    content.creature("core:skeleton").expect("skeleton"),
                    Pos::new(4 + 4 * k, 15),
                );
                let c = mon_mut(&mut g, id);
                assert!((1..=CHASE_TURNS).contains(&c.ai.timer));
                c.ai.alerted = true;
                c.ai.mode = AiMode::Chase;
                id
            })
            .collect();
        let mut modes: Vec<Vec<AiMode>> = vec![Vec::new(); ids.len()];
        for _ in 0..60 {
            g.monsters_act(&content);
            for (m, &id) in modes.iter_mut().zip(&ids) {
                m.push(mon(&g, id).ai.mode);
            }
        }
        let first_scatter: Vec<usize> = modes
            .iter()
            .map(|m| {
                m.iter()
                    .position(|&x| x == AiMode::Scatter)
                    .expect("scatters")
            })
            .collect();
        assert!(
            first_scatter.iter().any(|&t| t != first_scatter[0]),
            "not in lockstep: {first_scatter:?}"
        );
        // Each cycle: scatter for SCATTER_TURNS, then chase for CHASE_TURNS.
        for (m, &t) in modes.iter().zip(&first_scatter) {
            let cycle = &m[t..];
            let scatter = cycle.iter().take_while(|&&x| x == AiMode::Scatter).count();
            assert_eq!(scatter, SCATTER_TURNS as usize);
            let chase = cycle[scatter..]
                .iter()
                .take_while(|&&x| x == AiMode::Chase)
                .count();
            assert!(chase == CHASE_TURNS as usize || t + scatter + chase == m.len());
        }
    }

    /// A cup open at the bottom, the hero above it: the greedy step circles inside.
    const CUP: &str = "\
###############
#......@......#
#.............#
#..#########..#
#..#.......#..#
#..#...M...#..#
#..#.......#..#
#.............#
#.............#
###############
";

    fn cup_run(content: &Content, turns: usize) -> (Vec<(Pos, bool)>, Game) {
        let mut g = world(CUP);
        let s = hunter(&mut g, content, "core:skeleton", find(CUP, 'M'), Dir::Up);
        let trail = (0..turns)
            .map(|_| {
                g.monsters_act(content);
                (mon(&g, s).pos, mon(&g, s).ai.pathing)
            })
            .collect();
        (trail, g)
    }

    #[test]
    fn a_stuck_greedy_monster_paths_until_it_comes_closer() {
        let mut content = core();
        let hero = find(CUP, '@');
        let stuck = content
            .creatures
            .get("core:skeleton")
            .expect("skeleton")
            .movement
            .stuck_turns as usize;
        let (trail, _) = cup_run(&content, 40);
        let switched = trail
            .iter()
            .position(|&(_, p)| p)
            .expect("switches to path");
        assert!(
            switched >= stuck,
            "only after {stuck} turns without progress"
        );
        let reached = trail
            .iter()
            .position(|&(p, _)| p.manhattan(hero) == 1)
            .expect("reaches the hero");
        assert!(reached > switched);
        assert!(
            trail[switched..].iter().any(|&(_, p)| !p),
            "back to greedy once closer"
        );

        // The same monster never allowed to switch circles in the cup for good.
        content
            .creatures
            .get_mut("core:skeleton")
            .expect("skeleton")
            .movement
            .stuck_turns = u32::MAX;
        let (trail, _) = cup_run(&content, 60);
        assert!(
            trail
                .iter()
                .all(|&(p, pathing)| !pathing && p.y >= 4 && p.manhattan(hero) > 1)
        );
    }

    #[test]
    fn path_monsters_share_one_field_per_target() {
        let content = core();
        let map = "\
#################
#...............#
#..######.......#
#.......#...@...#
#.......#.......#
#..######.......#
#...............#
#################
";
        let mut g = world(map);
        let goblins: Vec<_> = [(2, 3), (3, 4), (6, 3), (5, 1)]
            .into_iter()
            .map(|(x, y)| hunter(&mut g, &content, "core:goblin", Pos::new(x, y), Dir::Right))
            .collect();
        hunter(&mut g, &content, "core:orc", Pos::new(2, 6), Dir::Up);
        hunter(&mut g, &content, "core:wraith", Pos::new(15, 6), Dir::Up);
        let field = DistanceField::bfs(&g.map, &[g.hero_pos()]);
        let expected: Vec<Pos> = goblins
            .iter()
            .map(|&id| {
                let at = mon(&g, id).pos;
                at.offset(field.downhill(at).expect("reachable"))
            })
            .collect();
        // Goblins and the orc share the hero's field; the wraith has its own (two ahead).
        assert_eq!(g.monster_phase(&content, Planner::SharedFields).0, 2);
        let got: Vec<Pos> = goblins.iter().map(|&id| mon(&g, id).pos).collect();
        assert_eq!(got, expected, "downhill on the shortest-path field");
    }

    #[test]
    fn own_targets_search_only_as_far_as_needed_and_step_the_same() {
        // The probe's step equals `downhill` on the target's whole field, on random maps.
        let mut rng = game_rng(5);
        for _ in 0..200 {
            let mut map = TileMap::from_ascii(&room(23, 17));
            for _ in 0..90 {
                let p = Pos::new(
                    1 + below(&mut rng, 21) as i32,
                    1 + below(&mut rng, 15) as i32,
                );
                map.set(p, crate::map::Tile::Wall);
            }
            let open: Vec<Pos> = (0..map.len())
                .map(|i| map.pos(i))
                .filter(|&p| map.is_passable(p))
                .collect();
            let pick = |rng: &mut Rng| open[below(rng, open.len() as u32) as usize];
            let (from, goal) = (pick(&mut rng), pick(&mut rng));
            let cells = Cells::new(&map);
            let field = DistanceField::bfs(&map, &[goal]);
            let want = downhill(&field, from, |p| cells.free(p));
            let mut budget = PROBE_BUDGET;
            let got = Probe::default().step(&cells, goal, from, &mut budget);
            assert_eq!(got, want, "from {from:?} to {goal:?}\n{}", map.to_ascii());
        }
    }

    #[test]
    fn monsters_wander_until_they_see_the_hero() {
        let content = core();
        let map = "\
###############
#@.....#......#
#......#......#
#......#..M...#
#......#......#
###############
";
        let mut g = world(map);
        let id = g.spawn(
            content.creature("core:skeleton").expect("kind"),
            find(map, 'M'),
        );
        mon_mut(&mut g, id).ai.timer = 1000;
        g.monsters_act(&content);
        assert_eq!(mon(&g, id).ai.mode, AiMode::Wander);
        assert!(!mon(&g, id).ai.alerted);
        // The wall comes down: it sees the hero and hunts from then on.
        for y in 1..5 {
            g.map.set(Pos::new(7, y), crate::map::Tile::Floor);
        }
        g.update_sight();
        let hero = g.hero;
        mon_mut(&mut g, hero).pos = Pos::new(6, 3);
        g.update_sight();
        g.monsters_act(&content);
        assert!(mon(&g, id).ai.alerted);
        assert_eq!(mon(&g, id).ai.mode, AiMode::Chase);
    }

    #[test]
    fn monsters_wait_behind_one_another_and_never_step_on_the_hero() {
        let content = core();
        let map = "\
##########
#@.......#
##########
";
        let mut g = world(map);
        let a = hunter(&mut g, &content, "core:shade", Pos::new(3, 1), Dir::Left);
        let b = hunter(&mut g, &content, "core:shade", Pos::new(4, 1), Dir::Left);
        g.monsters_act(&content);
        assert_eq!(
            (mon(&g, a).pos, mon(&g, b).pos),
            (Pos::new(2, 1), Pos::new(3, 1))
        );
        g.monsters_act(&content);
        // Blocked, not a dead end: they wait facing on.
        assert_eq!(
            (mon(&g, a).pos, mon(&g, b).pos),
            (Pos::new(2, 1), Pos::new(3, 1))
        );
        assert_eq!(
            (mon(&g, a).heading, mon(&g, b).heading),
            (Dir::Left, Dir::Left)
        );
    }

    #[test]
    fn badly_hurt_monsters_run_from_the_hero() {
        let content = core();
        for kind in ["core:skeleton", "core:goblin"] {
            let mut g = world(&room(21, 11).replacen('.', "@", 1));
            let id = hunter(&mut g, &content, kind, Pos::new(5, 4), Dir::Up);
            mon_mut(&mut g, id).health = 1.0;
            let mut last = mon(&g, id).pos.dist2(g.hero_pos());
            for _ in 0..6 {
                g.monsters_act(&content);
                let d = mon(&g, id).pos.dist2(g.hero_pos());
                assert_eq!(mon(&g, id).ai.mode, AiMode::Flee);
                assert!(d >= last, "{kind} keeps away");
                last = d;
            }
            assert!(last > 25, "{kind} got away ({last})");
        }
    }

    #[test]
    fn the_forager_replans_when_treasure_appears_or_vanishes() {
        let content = core();
        let map = room(25, 5).replacen('.', "@", 1);
        let mut g = world(&map);
        let far = Pos::new(22, 2);
        g.treasure.insert(far, 10);
        let f = g.spawn(
            content.creature("core:forager").expect("forager"),
            Pos::new(12, 2),
        );
        g.monsters_act(&content);
        assert_eq!(
            (mon(&g, f).ai.target, mon(&g, f).pos),
            (far, Pos::new(13, 2))
        );
        // A nearer pile appears behind it.
        let near = Pos::new(10, 2);
        g.treasure.insert(near, 5);
        g.monsters_act(&content);
        assert_eq!(
            (mon(&g, f).ai.target, mon(&g, f).pos),
            (near, Pos::new(12, 2))
        );
        // Someone takes it: back to the far one.
        g.treasure.remove(&near);
        g.monsters_act(&content);
        assert_eq!(
            (mon(&g, f).ai.target, mon(&g, f).pos),
            (far, Pos::new(13, 2))
        );
    }

    #[test]
    fn the_treasure_field_kept_between_turns_equals_a_fresh_one() {
        // Piles come and go between turns and foragers take some during them; whatever the
        // turn's field was repaired from, it must hold the distances from the piles it lists.
        let content = core();
        let mut g = world(&room(31, 15).replacen('.', "@", 1));
        let mut rng = game_rng(3);
        let tile = |rng: &mut Rng| Pos::new(1 + below(rng, 29) as i32, 1 + below(rng, 13) as i32);
        for _ in 0..6 {
            let at = tile(&mut rng);
            if g.creature_at(at).is_none() {
                g.spawn(content.creature("core:forager").expect("kind"), at);
            }
        }
        for turn in 0..40 {
            for _ in 0..below(&mut rng, 4) {
                let at = tile(&mut rng);
                g.treasure.insert(at, 1);
            }
            if turn % 7 == 3 {
                let first = g.treasure.keys().next().copied();
                first.map(|p| g.treasure.remove(&p));
            }
            g.monsters_act(&content);
            let s = SCRATCH.take();
            assert!(
                g.treasure
                    .keys()
                    .all(|p| s.loot_piles.binary_search(p).is_ok())
            );
            assert_eq!(
                s.loot,
                DistanceField::bfs(&g.map, &s.loot_piles),
                "turn {turn}"
            );
            SCRATCH.set(s);
        }
    }

    #[test]
    fn two_foragers_chasing_one_pile_replan_in_the_same_turn() {
        let content = core();
        let map = room(25, 5).replacen('.', "@", 1);
        let mut g = world(&map);
        let (a, b) = (Pos::new(12, 2), Pos::new(20, 2));
        g.treasure.insert(a, 3);
        g.treasure.insert(b, 3);
        let first = g.spawn(
            content.creature("core:forager").expect("kind"),
            Pos::new(13, 2),
        );
        let second = g.spawn(
            content.creature("core:forager").expect("kind"),
            Pos::new(14, 2),
        );
        g.monsters_act(&content);
        // The first takes pile a; the second, which was heading there too, turns to b.
        assert_eq!(mon(&g, first).treasures, 1);
        assert_eq!(
            (mon(&g, second).ai.target, mon(&g, second).pos),
            (b, Pos::new(15, 2))
        );
    }

    #[test]
    fn the_forager_passes_through_monsters_and_the_hero() {
        let content = core();
        let map = "\
###########
#f.@.....$#
###########
";
        let mut g = world(map);
        let f = g.spawn(
            content.creature("core:forager").expect("kind"),
            find(map, 'f'),
        );
        g.treasure.insert(find(map, '$'), 7);
        let s = hunter(
            &mut g,
            &content,
            "core:skeleton",
            Pos::new(2, 1),
            Dir::Right,
        );
        mon_mut(&mut g, s).frightened = 20;
        let mut trail = Vec::new();
        for _ in 0..8 {
            g.monsters_act(&content);
            trail.push(mon(&g, f).pos.x);
        }
        assert_eq!(trail, (2..=9).collect::<Vec<_>>());
        assert_eq!((mon(&g, f).treasures, mon(&g, f).hoard), (1, 7));
        assert!(g.treasure.is_empty());
    }

    #[test]
    fn the_hero_wins_a_tie_for_treasure() {
        let content = core();
        let map = "\
#########
#..@$f..#
#########
";
        let mut g = world(map);
        let pile = find(map, '$');
        g.treasure.insert(pile, 9);
        let f = g.spawn(
            content.creature("core:forager").expect("kind"),
            find(map, 'f'),
        );
        let gold = g.gold;
        play(&mut g, Command::Move(Dir::Right), &content);
        assert_eq!(g.hero_pos(), pile);
        assert_eq!(g.gold, gold + 9);
        assert_eq!((mon(&g, f).treasures, mon(&g, f).hoard), (0, 0));
    }

    #[test]
    fn the_forager_grows_and_its_haul_sounds_the_alarm() {
        let content = core();
        let map = "\
###############
#@....#.......#
#.....#.f$....#
#.....#....M..#
###############
";
        let mut g = world(map);
        let f = g.spawn(
            content.creature("core:forager").expect("kind"),
            find(map, 'f'),
        );
        mon_mut(&mut g, f).treasures = content.balance.forager_alarm - 1;
        g.treasure.insert(find(map, '$'), 4);
        let m = g.spawn(
            content.creature("core:skeleton").expect("kind"),
            find(map, 'M'),
        );
        mon_mut(&mut g, m).ai.timer = 1000;
        g.monsters_act(&content);
        assert_eq!(mon(&g, f).treasures, content.balance.forager_alarm);
        assert_eq!(mon(&g, f).hoard, 4);
        assert!(g.alarm);
        // The skeleton never saw the hero, yet it hunts now.
        g.monsters_act(&content);
        assert!(!mon(&g, m).ai.alerted);
        assert_eq!(mon(&g, m).ai.mode, AiMode::Chase);
        assert_eq!(mon(&g, m).ai.target, g.hero_pos());
    }
}
