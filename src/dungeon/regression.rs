//! Step 2: regression (dead ends filled back in) and imperfection (loops).
//!
//! The baseline (`seed_style` in benches/dungeon_gen.rs) rescans the whole map for dead ends once
//! per round; here a worklist holds the current dead ends and filling one can only turn its single
//! neighbour into the next, so the whole regression is O(tiles).
//!
//! Imperfection reads the maze document's `Imp(percor, imp)` as: of the walls that separate two
//! passages in a straight line (the candidates, counted once before any is opened), open
//! `imp` percent, rounded. The document draws them uniformly, and so does a floor profile with
//! `loop_min_gap = 0`. The baseline opens only one orientation of separating wall; here both
//! are candidates. With a gap above 0 (the default is [`LOOP_MIN_GAP`]) the walls whose
//! walk-around is at least that long are opened first, as Brogue does, because a loop between
//! two tiles already a few steps apart changes little for the player; the short ones only make
//! up the share when too few long ones are left. That preference is this project's, not the
//! document's; docs/design/loops.md gives the measurements it is kept on.
use super::field::{Tree, Work, push_first, share};
use crate::map::{Tile, TileMap};
use crate::rng::{Rng, shuffle};
use std::hint::select_unpredictable;

/// The default `loop_min_gap`: a wall is opened first when the walk around it is at least
/// this long (in tiles).
pub const LOOP_MIN_GAP: u32 = 20;

/// The largest `loop_min_gap` a profile may ask for. The forest test (`Tree::close`) answers
/// below 128 only, and a longer gap would make every opening a search of half the map.
pub const MAX_LOOP_GAP: u32 = 100;
const _: () = assert!(MAX_LOOP_GAP < 128);

/// Fills dead ends (passable tiles with at most one passable neighbour) one at a time until
/// `percent` of the passable tiles are gone or no dead end is left. Returns tiles filled.
pub fn regress(map: &mut TileMap, percent: f64, rng: &mut Rng) -> usize {
    let mut work = Work::load(map);
    let n = regress_work(&mut work, percent, rng);
    work.store(map);
    n
}

pub(crate) fn regress_work(work: &mut Work, percent: f64, rng: &mut Rng) -> usize {
    let open = work.open_tiles();
    let target = share(open.len(), percent);
    if target == 0 {
        return 0;
    }
    // The dead ends among them, kept without a branch (as in `Work::select`).
    let mut queue = open;
    let mut len = 0;
    for k in 0..queue.len() {
        let i = queue[k];
        queue[len] = i;
        len += usize::from(work.open_neighbours(i as usize) <= 1);
    }
    queue.truncate(len);
    // The baseline shuffles each round's dead ends; first-in first-out keeps its round order
    // (a tile freed in round k is queued behind every dead end of round k).
    shuffle(rng, &mut queue);
    let (mut head, mut filled) = (0, 0);
    while filled < target && head < queue.len() {
        let i = queue[head] as usize;
        head += 1;
        if !work.open(i) {
            continue;
        }
        work.t[i] = Tile::WALL;
        filled += 1;
        // A dead end has at most one open neighbour; with exactly one left it has just become
        // a dead end itself (at zero it was queued already).
        let next = work
            .around(i)
            .into_iter()
            .fold(None, |f, n| if work.open(n) { Some(n) } else { f });
        if let Some(n) = next.filter(|&n| work.open_neighbours(n) == 1) {
            queue.push(n as u32);
        }
    }
    filled
}

/// Opens `percent` of the walls that separate two corridors in a straight line (wall on the
/// other two sides), horizontal and vertical alike, on the maze lattice. Walls whose two sides
/// are at least `min_gap` steps apart are opened first; with `min_gap` 0 every candidate is
/// equally likely. Returns walls opened.
pub fn imperfect(map: &mut TileMap, percent: f64, min_gap: u32, rng: &mut Rng) -> usize {
    let mut work = Work::load(map);
    let n = imperfect_work(&mut work, percent, min_gap, rng, None);
    work.store(map);
    n
}

/// Which way `i` separates two corridors: 1 left/right, 2 up/down, 0 not at all (it is
/// passable, or the pattern of its four neighbours is anything else). Branch-free.
fn separates(work: &Work, i: usize) -> u8 {
    let [up, left, down, right] = work.around(i).map(|j| u8::from(work.open(j)));
    let wall = u8::from(!work.open(i));
    let across = left & right & (1 ^ up) & (1 ^ down);
    let along = up & down & (1 ^ left) & (1 ^ right);
    wall * (across | along << 1)
}

/// The two opposite passable sides of a separating wall, if `i` is one.
fn sides(work: &Work, i: usize) -> Option<(usize, usize)> {
    let [up, left, down, right] = work.around(i);
    match separates(work, i) {
        1 => Some((left, right)),
        2 => Some((up, down)),
        _ => None,
    }
}

/// Separating walls at passage positions (x + y odd), in row-major order.
pub(crate) fn separators(work: &Work) -> Vec<u32> {
    // Branch-free per row, as in `Work::select`.
    let (mut out, mut row) = (Vec::new(), vec![0u32; work.w + 1]);
    for y in 1..work.h.saturating_sub(1) {
        let mut len = 0;
        for x in (1 + y % 2..work.w.saturating_sub(1)).step_by(2) {
            let i = y * work.w + x;
            row[len] = i as u32;
            len += usize::from(separates(work, i) != 0);
        }
        out.extend_from_slice(&row[..len]);
    }
    out
}

/// Scratch for the exact test "are `a` and `b` fewer than `limit` steps apart?".
struct Near {
    /// Two bytes a tile keep the marks in cache; they start over when the stamps run out.
    mark: Vec<u16>,
    stamp: u16,
    front_a: Vec<u32>,
    front_b: Vec<u32>,
    next: Vec<u32>,
}

/// The mark of a wall: above every stamp, so "fresh" is one comparison.
const WALL_MARK: u16 = u16::MAX;

impl Near {
    fn new(work: &Work) -> Self {
        let mut near = Near {
            mark: Vec::new(),
            stamp: 0,
            front_a: Vec::new(),
            front_b: Vec::new(),
            next: Vec::new(),
        };
        near.clear(work);
        near
    }

    /// Marks every wall, and no stamp yet on anything else.
    fn clear(&mut self, work: &Work) {
        self.mark.clear();
        let wall = |t: &Tile| if t.builtin_walkable() { 0 } else { WALL_MARK };
        self.mark.extend(work.t.iter().map(wall));
        self.stamp = 0;
    }

    /// The wall at `i` has been opened.
    fn open(&mut self, i: usize) {
        self.mark[i] = 0;
    }

    /// Bidirectional breadth-first search: two balls of half the radius visit far fewer
    /// tiles than one of the whole. `mark` holds 2·stamp for `a`'s side, 2·stamp + 1 for
    /// `b`'s; anything below 2·stamp is unvisited by this search.
    fn search(&mut self, work: &Work, a: usize, b: usize, limit: u32) -> bool {
        if self.stamp == WALL_MARK / 2 - 1 {
            self.clear(work);
        }
        self.stamp += 1;
        let (sa, sb) = (2 * self.stamp, 2 * self.stamp + 1);
        self.mark[a] = sa;
        self.mark[b] = sb;
        self.front_a.clear();
        self.front_a.push(a as u32);
        self.front_b.clear();
        self.front_b.push(b as u32);
        // Each round grows the smaller side by a level; round k finds every path of length k,
        // so `limit - 1` rounds decide "shorter than `limit`".
        for _ in 1..limit {
            let a_side = self.front_a.len() <= self.front_b.len();
            let (front, own, other) = if a_side {
                (&mut self.front_a, sa, sb)
            } else {
                (&mut self.front_b, sb, sa)
            };
            self.next.clear();
            for &i in front.iter() {
                let (mut add, mut len, mut met) = ([0u32; 4], 0, false);
                for n in work.around(i as usize) {
                    let m = self.mark[n];
                    met |= m == other;
                    let fresh = m < sa;
                    self.mark[n] = select_unpredictable(fresh, own, m);
                    add[len] = n as u32;
                    len += usize::from(fresh);
                }
                if met {
                    return true;
                }
                push_first(&mut self.next, add, len);
            }
            if self.next.is_empty() {
                return false;
            }
            std::mem::swap(front, &mut self.next);
        }
        false
    }
}

/// Shuffles `tiles`, then groups them by 32×32 block, the blocks in random order: still a
/// random order, but one in which consecutive searches reuse the same few blocks of memory.
fn shuffle_by_block(rng: &mut Rng, work: &Work, tiles: &mut Vec<u32>) {
    const B: usize = 32;
    let across = work.w.div_ceil(B);
    let mut rank: Vec<u32> = (0..across * work.h.div_ceil(B)).map(|b| b as u32).collect();
    shuffle(rng, &mut rank);
    shuffle(rng, tiles);
    let block =
        |i: u32| rank[(i as usize / work.w / B) * across + (i as usize % work.w) / B] as usize;
    // Counting sort by block rank, stable, so each block keeps its shuffled order.
    let mut start = vec![0usize; rank.len() + 1];
    for &i in tiles.iter() {
        start[block(i) + 1] += 1;
    }
    for k in 1..start.len() {
        start[k] += start[k - 1];
    }
    let mut out = vec![0u32; tiles.len()];
    for &i in tiles.iter() {
        let b = block(i);
        out[start[b]] = i;
        start[b] += 1;
    }
    *tiles = out;
}

/// `tree` is a spanning forest of the passable tiles (the maze walk's, when there is one);
/// without it a breadth-first forest is built. `min_gap` is clamped to [`MAX_LOOP_GAP`].
pub(crate) fn imperfect_work(
    work: &mut Work,
    percent: f64,
    min_gap: u32,
    rng: &mut Rng,
    tree: Option<&Tree>,
) -> usize {
    let mut walls = separators(work);
    let target = share(walls.len(), percent);
    if target == 0 {
        return 0;
    }
    let gap = min_gap.min(MAX_LOOP_GAP);
    if gap == 0 {
        // The document's choice: a uniform sample of the candidates. Opening one never makes
        // another stop separating (see below), so no check is needed.
        shuffle(rng, &mut walls);
        for &i in &walls[..target] {
            work.t[i as usize] = Tile::FLOOR;
        }
        return target;
    }
    // Most separators close only a short loop (a U-turn of the maze). A forest path is never
    // shorter than the true one, so a short forest path proves a short loop without a search;
    // sorting those out first, in map order, also keeps the forest walks in cache.
    let built;
    let tree = match tree {
        Some(t) => t,
        None => {
            built = Tree::of(work);
            &built
        }
    };
    let (mut long, mut short) = (Vec::new(), Vec::new());
    for &i in &walls {
        let Some((a, b)) = sides(work, i as usize) else {
            continue;
        };
        if tree.close(work, a, b, gap) {
            short.push(i);
        } else {
            long.push(i);
        }
    }
    shuffle_by_block(rng, work, &mut long);
    shuffle(rng, &mut short);
    let mut near = Near::new(work);
    // Opening a separator changes only separator-parity tiles, never the four tiles that
    // decide whether another separator still separates, so the lists stay valid throughout.
    let mut opened = 0;
    let mut deferred = Vec::new();
    for &i in &long {
        if opened == target {
            return opened;
        }
        let Some((a, b)) = sides(work, i as usize) else {
            continue;
        };
        // Far in the forest; the loops opened since may have brought the two sides near.
        if near.search(work, a, b, gap) {
            deferred.push(i);
        } else {
            work.t[i as usize] = Tile::FLOOR;
            near.open(i as usize);
            opened += 1;
        }
    }
    // Not enough long loops left: the short ones make up the share, in random order.
    for &i in deferred.iter().chain(&short).take(target - opened) {
        work.t[i as usize] = Tile::FLOOR;
        opened += 1;
    }
    opened
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::maze::carve_maze;
    use crate::dungeon::testutil::{components, passable_count, path_distance};
    use crate::map::Pos;
    use crate::rng::floor_rng;
    use proptest::prelude::*;

    #[test]
    fn regression_removes_the_requested_share_and_keeps_one_piece() {
        for (percent, seed) in [
            (0.0, 1),
            (10.0, 2),
            (35.0, 3),
            (50.0, 4),
            (90.0, 5),
            (99.0, 6),
        ] {
            let mut map = carve_maze(41, 31, &mut floor_rng(seed, 1));
            let before = passable_count(&map);
            let filled = regress(&mut map, percent, &mut floor_rng(seed, 2));
            assert_eq!(filled, (before as f64 * percent / 100.0).round() as usize);
            assert_eq!(passable_count(&map), before - filled);
            assert_eq!(components(&map), 1, "filling dead ends never splits a tree");
        }
    }

    #[test]
    fn full_regression_leaves_nothing() {
        let mut map = carve_maze(21, 11, &mut floor_rng(1, 1));
        let before = passable_count(&map);
        assert_eq!(regress(&mut map, 100.0, &mut floor_rng(1, 2)), before);
        assert_eq!(passable_count(&map), 0);
    }

    #[test]
    fn regression_stops_at_loops() {
        // A ring with one spur: only the spur is a dead end, the ring must survive.
        let text = "#######\n#.....#\n#.###.#\n#.....#\n###.###\n###.###\n#######\n";
        let mut map = TileMap::from_ascii(text);
        assert_eq!(regress(&mut map, 100.0, &mut floor_rng(1, 1)), 2);
        assert_eq!(map.get(Pos::new(3, 4)), Tile::WALL);
        assert_eq!(passable_count(&map), 12);
    }

    #[test]
    fn imperfection_opens_both_orientations_and_the_share() {
        let mut map = carve_maze(41, 41, &mut floor_rng(4, 1));
        regress(&mut map, 20.0, &mut floor_rng(4, 2));
        let candidates = separators(&Work::load(&map)).len();
        let before = map.clone();
        let opened = imperfect(&mut map, 30.0, LOOP_MIN_GAP, &mut floor_rng(4, 3));
        assert_eq!(opened, (candidates as f64 * 0.3).round() as usize);
        assert_eq!(passable_count(&map), passable_count(&before) + opened);
        let (mut horizontal, mut vertical) = (0, 0);
        for (i, (a, b)) in before.tiles().iter().zip(map.tiles()).enumerate() {
            if a != b {
                let p = before.pos(i);
                assert_eq!((p.x + p.y) % 2, 1, "opened off the lattice at {p:?}");
                if p.x % 2 == 0 {
                    horizontal += 1
                } else {
                    vertical += 1
                }
            }
        }
        assert!(
            horizontal > 0 && vertical > 0,
            "{horizontal} horizontal, {vertical} vertical"
        );
    }

    #[test]
    fn imperfection_prefers_long_walks() {
        // At a low share every opening found a long walk: in the original maze (which has
        // fewer shortcuts than the map at the time of each check) the sides are far apart.
        let mut map = carve_maze(61, 61, &mut floor_rng(8, 1));
        let original = map.clone();
        let opened = imperfect(&mut map, 5.0, LOOP_MIN_GAP, &mut floor_rng(8, 2));
        assert!(opened > 20);
        for gap in opened_gaps(&original, &map) {
            assert!(gap >= LOOP_MIN_GAP);
        }
    }

    /// The walls `map` opened against `original`, each with the walk around it in `original`.
    fn opened_gaps(original: &TileMap, map: &TileMap) -> Vec<u32> {
        let mut gaps = Vec::new();
        for (i, (a, b)) in original.tiles().iter().zip(map.tiles()).enumerate() {
            if a != b {
                let p = original.pos(i);
                let (s, t) = if p.x % 2 == 0 {
                    (Pos::new(p.x - 1, p.y), Pos::new(p.x + 1, p.y))
                } else {
                    (Pos::new(p.x, p.y - 1), Pos::new(p.x, p.y + 1))
                };
                gaps.push(path_distance(original, s, t).unwrap());
            }
        }
        gaps
    }

    #[test]
    fn zero_gap_draws_every_candidate_alike() {
        // Over many mazes, the opened walls are short as often as the candidates are; the
        // preferring rule opens none short while long candidates remain.
        let (mut candidates, mut short_candidates) = (0, 0);
        let (mut opened, mut short_opened, mut short_preferred) = (0, 0, 0);
        for seed in 0..30 {
            let original = carve_maze(41, 41, &mut floor_rng(seed, 1));
            let all = opened_gaps(&original, &{
                let mut m = original.clone();
                imperfect(&mut m, 100.0, 0, &mut floor_rng(seed, 2));
                m
            });
            candidates += all.len();
            short_candidates += all.iter().filter(|&&g| g < LOOP_MIN_GAP).count();
            let mut map = original.clone();
            let n = imperfect(&mut map, 10.0, 0, &mut floor_rng(seed, 2));
            let gaps = opened_gaps(&original, &map);
            assert_eq!(gaps.len(), n);
            assert_eq!(n, (all.len() as f64 * 0.1).round() as usize);
            opened += n;
            short_opened += gaps.iter().filter(|&&g| g < LOOP_MIN_GAP).count();
            let mut map = original.clone();
            imperfect(&mut map, 5.0, LOOP_MIN_GAP, &mut floor_rng(seed, 2));
            let gaps = opened_gaps(&original, &map);
            short_preferred += gaps.iter().filter(|&&g| g < LOOP_MIN_GAP).count();
        }
        let expected = short_candidates as f64 / candidates as f64;
        let got = short_opened as f64 / opened as f64;
        assert!(
            expected > 0.3,
            "many candidates close a short loop: {expected}"
        );
        assert!(
            (got - expected).abs() < 0.05,
            "{got} short, {expected} expected"
        );
        assert_eq!(short_preferred, 0, "with the gap, long walls come first");
    }

    #[test]
    fn the_maze_walks_tree_survives_regression() {
        // `generate` hands the carving walk's tree to the imperfection step after dead ends
        // were filled; it must answer as a fresh breadth-first forest of what is left does.
        for seed in 0..10 {
            let mut rng = floor_rng(seed, 1);
            let (mut work, tree) = crate::dungeon::maze::carve(41, 31, &mut rng, true);
            regress_work(&mut work, 40.0, &mut rng);
            let (mut a, mut b) = (work.clone(), work.clone());
            let mut rng = floor_rng(seed, 2);
            let opened = imperfect_work(&mut a, 25.0, LOOP_MIN_GAP, &mut rng, tree.as_ref());
            let mut rng = floor_rng(seed, 2);
            assert_eq!(
                opened,
                imperfect_work(&mut b, 25.0, LOOP_MIN_GAP, &mut rng, None)
            );
            assert_eq!(a.t, b.t);
        }
    }

    #[test]
    fn full_imperfection_opens_every_separator() {
        let mut map = carve_maze(15, 11, &mut floor_rng(2, 1));
        let candidates = separators(&Work::load(&map)).len();
        assert_eq!(
            imperfect(&mut map, 100.0, LOOP_MIN_GAP, &mut floor_rng(2, 2)),
            candidates
        );
        assert!(separators(&Work::load(&map)).is_empty());
        assert_eq!(
            imperfect(&mut map, 0.0, LOOP_MIN_GAP, &mut floor_rng(2, 2)),
            0
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(crate::test_tier::cases(300)))]
        #[test]
        fn thinning_keeps_the_maze_connected(seed: u64, w in 5u32..=25, h in 5u32..=25, r in 0.0..=100.0f64, i in 0.0..=100.0f64, gap in 0u32..=40) {
            let mut map = carve_maze(2 * w + 1, 2 * h + 1, &mut floor_rng(seed, 1));
            let mut rng = floor_rng(seed, 2);
            regress(&mut map, r, &mut rng);
            imperfect(&mut map, i, gap, &mut rng);
            prop_assert!(components(&map) <= 1);
        }
    }
}
