//! Monster movement on the map: ghost targets and modes (greedy ghost navigation), the
//! forager (breadth-first search for a computer rival).
//!
//! One monster phase per exploration turn, after the hero has moved. Every live monster that
//! is not in the fight moves once, in id order:
//! - its mode: frightened while `core:frightened` lasts (its schedule pauses meanwhile);
//!   chase under the forager's alarm; flee when badly hurt; wander while it has not seen the
//!   hero (a `guard` guards instead); else its own cycle (greedy ghost navigation's chase,
//!   away, wander; or Pac-Man's chase and scatter), each phase's length drawn anew at each
//!   switch, its timer started at a random offset at spawn;
//! - a mode change forces a reversal (it steps back the way it came, or turns where it
//!   stands), except leaving frightened;
//! - its target tile by its target rule, then one step: the greedy ghost step over the four
//!   neighbours, or `path`: downhill on a distance field shared by every monster with the same
//!   target this turn (a safety map when fleeing).
//!
//! Monsters do not walk into one another or onto the hero (a per-tile occupancy count kept for
//! the whole phase); the forager passes through everyone.
mod awareness;
mod forager;
mod ghost;
mod occupancy;
mod probe;
mod scratch;
mod shots;

#[cfg(test)]
mod door_tests;
#[cfg(test)]
mod forager_tests;
#[cfg(test)]
mod path_tests;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::collections::BTreeMap;

use super::combat::Fight;
use super::floor::FloorState;
use super::state::{CreatureId, Game, Run};
use super::words;
use crate::content::schema::{Movement, TargetRule};
use crate::content::{Balance, Content};
use crate::map::{Dir, Pos, Tile, TileMap};
use crate::rng::Rng;

use occupancy::{Cells, Hunters};
use scratch::{SCRATCH, Scratch};

/// Up to this many `hero` monsters the pincer's partner is found by a scan, beyond by rings.
const SCAN_HUNTERS: usize = 64;
/// Tiles the searches towards monsters' own targets may label per turn, in all (a few whole
/// core floors' worth). Ordinary floors never come near it; in a crowd of thousands, the
/// monsters past it take the greedy step for that turn instead of a search each.
const PROBE_BUDGET: usize = 1 << 14;

/// How `path` navigation finds the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Planner {
    /// Downhill on one distance field per distinct target per turn.
    SharedFields,
    /// Every monster runs its own breadth-first search (as the breadth-first computer
    /// rival does): the benchmark's baseline.
    PerMonsterBfs,
    /// Every monster searches for itself as `SharedFields` searches for a monster's own
    /// target: from the target out to the monster, within the turn's shared budget of tiles,
    /// the greedy step after it runs out. The benchmark's second baseline, doing the capped
    /// work `SharedFields` does, without the shared fields.
    CappedPerMonster,
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
    opens_doors: bool,
    /// Scales its chances to wake and to notice the hero.
    perception: f64,
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

/// The world of one monster phase: the parts of `Game` it reads and writes (borrowed apart
/// from `creatures`, which it walks) and the turn's scratch.
struct Phase<'g> {
    map: &'g TileMap,
    cells: Cells,
    visible: &'g [bool],
    rng: &'g mut Rng,
    treasure: &'g mut BTreeMap<Pos, u32>,
    alarm: &'g mut bool,
    /// The knobs the moves read (the forager's alarm, the mode cycle's phase lengths).
    balance: &'g Balance,
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
    /// Closed doors monsters opened this phase, and what they became: the map is read-only
    /// while the monsters move, so they open when the phase ends (a monster after the
    /// opener walks through already).
    opened: Vec<(Pos, Tile)>,
    /// The stealth range this turn, squared (tiles²).
    stealth2: f64,
    /// Monsters that noticed the hero this phase, in id order: the log names those in view.
    noticed: Vec<CreatureId>,
    /// Monsters that took aim at the hero instead of stepping, in id order, with the ability
    /// each would shoot: the first shoots when the phase ends.
    aiming: Vec<(CreatureId, String)>,
    /// The monsters whose `ai` list would shoot now (`Game::ready_shots`), in id order.
    shots: Vec<shots::ReadyShot>,
}

impl Phase<'_> {
    /// Whether a monster stepping onto `to` stops at a closed door there: one that opens
    /// doors opens it (that is its move), another waits. A door opened earlier this phase
    /// is open.
    fn door_stops(&mut self, to: Pos, opens_doors: bool) -> bool {
        let Some(open) = self.map.rules(self.map.get(to)).opens_to else {
            return false;
        };
        if self.opened.iter().any(|&(p, _)| p == to) {
            return false;
        }
        if opens_doors {
            self.opened.push((to, open));
            let heard = i64::from(self.balance.door_noise);
            if self.map.idx(to).is_some_and(|i| self.visible[i]) {
                self.logs.push("A door opens.");
            } else if self.hero.pos.dist2(to) <= heard * heard {
                self.logs.push(super::stealth::HEARD_DOOR);
            }
        }
        true
    }
}

impl Game {
    /// Every monster not in the fight moves once, in id order.
    /// Every monster not in the fight moves once, as if the hero had moved.
    pub(super) fn monsters_act(&mut self, content: &Content) {
        let stealth = self.stealth_range(None, false, content);
        self.monsters_act_with(content, stealth);
    }

    /// Every monster not in the fight moves once; `stealth` is the turn's stealth range
    /// ([`Game::stealth_range`]).
    pub(super) fn monsters_act_with(&mut self, content: &Content, stealth: f64) {
        // Fear runs down with the monsters' moves; its end is an event like any modifier's.
        let (_, ending) = self.monster_phase(content, Planner::SharedFields, stealth);
        for id in ending {
            if self
                .floor
                .creatures
                .get(&id)
                .is_some_and(|c| c.frightened == 0)
            {
                self.run
                    .queue
                    .push_back(super::events::Event::ModifierExpired {
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
        let stealth = self.stealth_range(None, false, content);
        self.monster_phase(content, Planner::PerMonsterBfs, stealth);
    }

    /// Benchmark hook: the same phase with every `path` step searched for by the monster
    /// alone within the turn's budget of tiles, as `delve` searches for an own target.
    #[doc(hidden)]
    pub fn bench_ai_turn_capped_per_monster(&mut self, content: &Content) {
        let stealth = self.stealth_range(None, false, content);
        self.monster_phase(content, Planner::CappedPerMonster, stealth);
    }

    /// The monster phase; returns how many shared distance fields it built, and the monsters
    /// (in id order) whose fear it ran down from its last turn.
    fn monster_phase(
        &mut self,
        content: &Content,
        planner: Planner,
        stealth: f64,
    ) -> (usize, Vec<CreatureId>) {
        let hero = self.hero_view();
        let floor = self.floor.depth;
        let shots = self.ready_shots(content);

        let Game {
            floor:
                FloorState {
                    creatures,
                    map,
                    visible,
                    treasure,
                    alarm,
                    ..
                },
            run: Run { rng, .. },
            fight: Fight { enemies, .. },
            ..
        } = self;
        // Each kind is looked up once; creatures refer to it by index. Names are told apart
        // by a key first (length and last bytes: ids share their `pack:` prefix), so most
        // creatures cost one string comparison, not one per kind seen before. A kind's name is
        // the content's copy (or the creature's own, for a kind the content lacks), so the
        // creatures stay free to be walked mutably below.
        let mut kinds: Vec<(u64, Cow<'_, str>, Option<Kind>)> = Vec::new();
        // The per-creature and per-tile buffers are last turn's, refilled.
        let mut scratch = SCRATCH.take();
        // One look at the map a turn for everything kept on the last one's: the probe's
        // walls, the treasure field and the empty floor `Cells` starts from.
        if !scratch.terrain.same_or_take(map) {
            scratch.probe.forget_walls();
            scratch.loot_on_map = false;
            scratch.walls.clear();
        }
        // Last turn's table is the first guess at each creature's kind: the same creatures
        // meet their kinds in the same order, so get the same indices.
        let kind_was = std::mem::take(&mut scratch.kind_of);
        let mut kind_of = std::mem::take(&mut scratch.kind_was);
        kind_of.clear();
        let mut cells = Cells::new_in(map, std::mem::take(&mut scratch.cells), &mut scratch.walls);
        let mut hunters = Hunters {
            list: std::mem::take(&mut scratch.hunters),
            grid: Vec::new(),
        };
        hunters.list.clear();
        let mut hunter_slot = std::mem::take(&mut scratch.hunter_slot);
        hunter_slot.clear();
        // The moves below walk this list instead of the tree again: one walk of the tree a
        // turn, and the second pass over 10,000 creatures reads no tree nodes.
        let mut movers = Vec::with_capacity(creatures.len());
        for (n, c) in creatures.values_mut().enumerate() {
            let guess = kind_was.get(n).copied().filter(|&k| {
                kinds
                    .get(k)
                    .is_some_and(|(_, name, _)| same_name(name, &c.kind))
            });
            let key = || name_key(&c.kind);
            let k = match guess.or_else(|| {
                let key = key();
                kinds
                    .iter()
                    .position(|(k, name, _)| *k == key && same_name(name, &c.kind))
            }) {
                Some(k) => k,
                None => {
                    let found = content.creature(&c.kind);
                    let name = match found {
                        Some(kind) if kind.id == c.kind => Cow::Borrowed(kind.id.as_str()),
                        _ => Cow::Owned(c.kind.clone()),
                    };
                    // A shopkeeper stands in its shop: no kind to move by.
                    let kind = found.filter(|k| !k.shopkeeper).map(|k| Kind {
                        movement: k.movement.clone(),
                        max_health: k.base.max_health,
                        opens_doors: k.opens_doors,
                        perception: k.perception,
                    });
                    kinds.push((key(), name, kind));
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
            movers.push(c);
        }
        let pincers = kinds.iter().any(|(_, _, k)| {
            k.as_ref()
                .is_some_and(|k| k.movement.target == TargetRule::Pincer)
        });
        // The grid's slots are u16 (half the cache a u32 grid takes): beyond `u16::MAX - 1`
        // hunters, more than a 255×255 floor has tiles, the pincers scan the list instead.
        if pincers && (SCAN_HUNTERS + 1..usize::from(u16::MAX)).contains(&hunters.list.len()) {
            // Kept zeroed between turns: only the hunters' tiles are ever set.
            hunters.grid = std::mem::take(&mut scratch.hunter_grid);
            if hunters.grid.len() != cells.cell.len() {
                hunters.grid = vec![0; cells.cell.len()];
            }
            for (i, &(_, p)) in hunters.list.iter().enumerate() {
                if let Some(t) = cells.idx(p)
                    && hunters.grid[t] == 0
                {
                    hunters.grid[t] = (i + 1) as u16; // below u16::MAX: checked above
                }
            }
        }
        // Only what the moves need of each kind.
        let kinds: Vec<Option<Kind>> = kinds.into_iter().map(|(_, _, k)| k).collect();

        let mut phase = Phase {
            map,
            cells,
            visible,
            rng,
            treasure,
            alarm,
            balance: &content.balance,
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
            opened: Vec::new(),
            stealth2: stealth * stealth,
            noticed: Vec::new(),
            aiming: Vec::new(),
            shots,
        };
        let mut ending = Vec::new();
        for (slot, &k) in kind_of.iter().enumerate() {
            if let Some(next) = movers.get(slot + PREFETCH_AHEAD) {
                prefetch(&**next);
            }
            let c = &mut *movers[slot];
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
                if phase.perceive(c, kind.movement.sight, kind.perception) {
                    phase.forage(c, kind.opens_doors);
                }
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
        let opened = std::mem::take(&mut phase.opened);
        let noticed = std::mem::take(&mut phase.noticed);
        let aiming = std::mem::take(&mut phase.aiming);
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

        if let Some(h) = self.floor.creatures.get_mut(&hero.id) {
            h.ai.turn_start = Some((floor, h.pos));
        }
        for (p, open) in opened {
            self.floor.map.set(p, open);
        }
        for line in logs {
            self.log(line);
        }
        for id in noticed {
            if let Some(c) = self.floor.creatures.get(&id)
                && self.is_visible(c.pos)
            {
                let name = words::sentence(&self.called(id, content));
                self.log(format!("{name} notices you!"));
            }
            self.run
                .queue
                .push_back(super::events::Event::HeroNoticed { creature: id });
        }
        // Noticing comes before the shot it allows: its triggers act first.
        self.drain(content);
        // The others who took aim held their step; one shot opens the fight.
        if let Some((shooter, ability)) = aiming.first() {
            self.monster_shoots(*shooter, ability, content);
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
                if floor == self.floor.depth && (p == h.pos || p.offset(h.heading) == h.pos) =>
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

/// How many creatures ahead of the one moving the phase asks the cache for.
const PREFETCH_AHEAD: usize = 8;

/// Asks the cache for `*p` ahead of its use: a moving creature's fields are far apart and
/// its turn is branchy enough that the processor runs little ahead on its own. A no-op off
/// x86_64.
#[inline(always)]
#[allow(
    unsafe_code,
    reason = "a prefetch hint in the monster phase (benches/ai.rs); the SAFETY note says why it holds"
)]
fn prefetch<T>(p: &T) {
    #[cfg(target_arch = "x86_64")]
    for offset in (0..size_of::<T>()).step_by(64) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let at = (p as *const T).cast::<i8>().wrapping_add(offset);
        // SAFETY: a prefetch only hints the cache: it reads nothing the program sees and
        // faults on no address; `at` lies inside `*p` anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(at) };
    }
    // Elsewhere (the browser's wasm) there is nothing to hint.
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
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
