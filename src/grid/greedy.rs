//! The ghost step (greedy ghost navigation, Pac-Man): look at the four neighbours only,
//! never reverse, and take the best by a score whose sign switches between chasing and
//! fleeing.
use crate::map::{Dir, Pos};
use crate::rng::{Rng, below};

/// One tile of Euclidean distance in the units of `Score::Noisy` (fixed point, 16 bits),
/// so noise and distance mix without floats.
pub const NOISE_UNIT: i64 = 1 << 16;

/// How a greedy step rates the candidate tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Smallest squared distance to the target.
    Chase,
    /// Largest squared distance to the target.
    Flee,
    /// Largest `noise[k] − distance`, where `k` is the candidate's place in `Dir::ALL` and the
    /// distance is Euclidean in `NOISE_UNIT`s (the ghost's wander: −hypot + random × 6).
    Noisy([i64; 4]),
}

/// What the monster does this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Move one tile this way; it becomes the new heading.
    Move(Dir),
    /// No legal candidate: face the other way, which uses up the move.
    TurnAround,
}

impl Step {
    /// The heading after taking this step from `heading`.
    pub const fn heading_after(self, heading: Dir) -> Dir {
        match self {
            Step::Move(d) => d,
            Step::TurnAround => heading.reverse(),
        }
    }
}

/// The greedy ghost step from `from`, facing `heading`, towards (or away from) `target`.
/// Candidates are the passable neighbours except the reverse of the heading; ties go up,
/// left, down, right. `passable` is asked about those neighbours only. `target` may lie off
/// the map (scatter corners).
pub fn greedy_step(
    passable: impl Fn(Pos) -> bool,
    from: Pos,
    heading: Dir,
    target: Pos,
    mode: Score,
) -> Step {
    let back = heading.reverse();
    // Every candidate is rated and the best kept by selects, not branches: which neighbours
    // are open and which scores best is a coin toss across a crowd (benches/ai.rs).
    let (mut have, mut best, mut step) = (false, 0, Dir::Up);
    for j in 0..3 {
        // The three candidates in `Dir::ALL` order, the reverse skipped by arithmetic.
        let k = j + (j >= back as usize) as usize;
        let dir = Dir::ALL[k];
        let next = from.offset(dir);
        let ok = passable(next);
        let score = match mode {
            Score::Chase => -dist2(next, target),
            Score::Flee => dist2(next, target),
            Score::Noisy(noise) => noise[k].saturating_sub(euclid(next, target)),
        };
        // Strictly better only: the earlier direction keeps a tie.
        let take = ok & (!have | (score > best));
        best = if take { score } else { best };
        step = if take { dir } else { step };
        have |= ok;
    }
    if have {
        Step::Move(step)
    } else {
        Step::TurnAround
    }
}

/// Frightened: a uniformly random legal non-reverse direction (one draw from `rng` whenever
/// there is a candidate), or `TurnAround` when there is none.
pub fn random_turn(passable: impl Fn(Pos) -> bool, from: Pos, heading: Dir, rng: &mut Rng) -> Step {
    let back = heading.reverse();
    let mut candidates = [Dir::Up; 4];
    let mut n = 0;
    // As in `greedy_step`: the reverse skipped by arithmetic, the open ones kept by counting.
    for j in 0..3 {
        let dir = Dir::ALL[j + (j >= back as usize) as usize];
        candidates[n] = dir;
        n += passable(from.offset(dir)) as usize;
    }
    if n == 0 {
        return Step::TurnAround;
    }
    Step::Move(candidates[below(rng, n as u32) as usize])
}

/// Noise for `Score::Noisy`: four draws, each uniform in `[0, amplitude)` tiles (the ghost's
/// wander uses 6). Always four draws, so the RNG stream does not depend on the walls.
pub fn wander_noise(rng: &mut Rng, amplitude: u32) -> [i64; 4] {
    let span = (amplitude as u64 * NOISE_UNIT as u64).min(u32::MAX as u64) as u32;
    if span == 0 {
        return [0; 4];
    }
    std::array::from_fn(|_| below(rng, span) as i64)
}

/// Squared distance in i64 throughout: targets may be far off the map.
fn dist2(a: Pos, b: Pos) -> i64 {
    let dx = a.x as i64 - b.x as i64;
    let dy = a.y as i64 - b.y as i64;
    dx * dx + dy * dy
}

/// Euclidean distance in `NOISE_UNIT`s, rounded down: `isqrt(d² · 2³²)`.
fn euclid(a: Pos, b: Pos) -> i64 {
    let x = (dist2(a, b) as u128) << 32;
    // On a floor's distances the float root is within one of the exact one (d² · 2³² < 2⁷²
    // rounds to f64 with a relative error of 2⁻⁵³), and the integer checks make it exact:
    // a fraction of the cost of the integer root, taken for every wandering monster's four
    // candidates.
    if x < 1 << 72 {
        let mut s = (x as f64).sqrt() as u128;
        while s * s > x {
            s -= 1;
        }
        while (s + 1) * (s + 1) <= x {
            s += 1;
        }
        return s as i64;
    }
    x.isqrt() as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::TileMap;
    use crate::rng::game_rng;
    use std::cell::RefCell;

    fn step(map: &TileMap, from: Pos, heading: Dir, target: Pos, mode: Score) -> Step {
        greedy_step(|p| map.is_passable(p), from, heading, target, mode)
    }

    const OPEN: &str = "\
#####
#...#
#...#
#...#
#####
";

    #[test]
    fn chase_takes_the_closest_candidate() {
        let map = TileMap::from_ascii(OPEN);
        let c = Pos::new(2, 2);
        assert_eq!(
            step(&map, c, Dir::Up, Pos::new(9, 2), Score::Chase),
            Step::Move(Dir::Right)
        );
        assert_eq!(
            step(&map, c, Dir::Up, Pos::new(2, -9), Score::Chase),
            Step::Move(Dir::Up)
        );
        assert_eq!(
            step(&map, c, Dir::Down, Pos::new(-3, 3), Score::Chase),
            Step::Move(Dir::Left)
        );
    }

    #[test]
    fn never_reverses_even_towards_the_target() {
        let map = TileMap::from_ascii(OPEN);
        let c = Pos::new(2, 2);
        // The target is straight behind: the best allowed is a side step, not the reverse.
        assert_eq!(
            step(&map, c, Dir::Up, Pos::new(2, 9), Score::Chase),
            Step::Move(Dir::Left)
        );
        assert_eq!(
            step(&map, c, Dir::Right, Pos::new(-9, 2), Score::Chase),
            Step::Move(Dir::Up)
        );
    }

    #[test]
    fn dead_end_turns_around() {
        let map = TileMap::from_ascii("#####\n#...#\n#####\n");
        let end = Pos::new(3, 1);
        let s = step(&map, end, Dir::Right, Pos::new(3, 1), Score::Chase);
        assert_eq!(s, Step::TurnAround);
        assert_eq!(s.heading_after(Dir::Right), Dir::Left);
        // Next turn, facing back, it can move again.
        assert_eq!(
            step(&map, end, Dir::Left, Pos::new(9, 1), Score::Chase),
            Step::Move(Dir::Left)
        );
    }

    #[test]
    fn ties_go_up_left_down_right() {
        let map = TileMap::from_ascii(OPEN);
        let c = Pos::new(2, 2);
        // Target on a diagonal: the two candidates towards it are equally close.
        let up_left = Pos::new(0, 0);
        assert_eq!(
            step(&map, c, Dir::Up, up_left, Score::Chase),
            Step::Move(Dir::Up)
        );
        let down_left = Pos::new(0, 4);
        assert_eq!(
            step(&map, c, Dir::Left, down_left, Score::Chase),
            Step::Move(Dir::Left)
        );
        let down_right = Pos::new(4, 4);
        assert_eq!(
            step(&map, c, Dir::Down, down_right, Score::Chase),
            Step::Move(Dir::Down)
        );
        // Target on the tile itself: all four are equally far.
        assert_eq!(
            step(&map, c, Dir::Down, c, Score::Chase),
            Step::Move(Dir::Left)
        );
        assert_eq!(
            step(&map, c, Dir::Right, c, Score::Flee),
            Step::Move(Dir::Up)
        );
    }

    #[test]
    fn flee_takes_the_farthest_candidate() {
        let map = TileMap::from_ascii(OPEN);
        let c = Pos::new(2, 2);
        assert_eq!(
            step(&map, c, Dir::Up, Pos::new(3, 2), Score::Flee),
            Step::Move(Dir::Left)
        );
        assert_eq!(
            step(&map, c, Dir::Left, Pos::new(1, 1), Score::Flee),
            Step::Move(Dir::Down)
        );
        // A wall where the best tile would be: the next best.
        let walled = TileMap::from_ascii("#####\n#...#\n#..##\n#...#\n#####\n");
        assert_eq!(
            step(&walled, c, Dir::Right, Pos::new(1, 2), Score::Flee),
            Step::Move(Dir::Up)
        );
    }

    #[test]
    fn noise_can_outweigh_distance() {
        let map = TileMap::from_ascii(OPEN);
        let c = Pos::new(2, 2);
        let target = Pos::new(9, 2);
        assert_eq!(
            step(&map, c, Dir::Up, target, Score::Noisy([0; 4])),
            Step::Move(Dir::Right)
        );
        // Up is about 1.07 tiles worse than right; one and a half tiles of noise win it.
        let noise = [NOISE_UNIT * 3 / 2, 0, 0, 0];
        assert_eq!(
            step(&map, c, Dir::Up, target, Score::Noisy(noise)),
            Step::Move(Dir::Up)
        );
        // Left is a whole two tiles worse: a tenth of a tile does not.
        let noise = [0, NOISE_UNIT / 10, 0, 0];
        assert_eq!(
            step(&map, c, Dir::Up, target, Score::Noisy(noise)),
            Step::Move(Dir::Right)
        );
        assert_eq!(euclid(Pos::new(0, 0), Pos::new(3, 4)), 5 * NOISE_UNIT);
    }

    #[test]
    fn wander_noise_is_seeded_and_bounded() {
        let a = wander_noise(&mut game_rng(5), 6);
        assert_eq!(a, wander_noise(&mut game_rng(5), 6));
        assert_ne!(a, wander_noise(&mut game_rng(6), 6));
        assert!(a.iter().all(|&n| (0..6 * NOISE_UNIT).contains(&n)));
        assert_eq!(wander_noise(&mut game_rng(5), 0), [0; 4]);
    }

    #[test]
    fn euclid_is_the_exact_integer_root() {
        let o = Pos::new(0, 0);
        let exact = |p: Pos| ((dist2(p, o) as u128) << 32).isqrt() as i64;
        for x in -300..=300 {
            for y in -300..=300 {
                let p = Pos::new(x * 7, y * 5);
                assert_eq!(euclid(p, o), exact(p), "{p:?}");
            }
        }
        // Past the float's range the integer root answers.
        let far = Pos::new(i32::MAX / 2, i32::MIN / 2);
        assert_eq!(euclid(far, o), exact(far));
    }

    #[test]
    fn reads_only_the_four_neighbours() {
        let map = TileMap::from_ascii(OPEN);
        let c = Pos::new(2, 2);
        let asked = RefCell::new(Vec::new());
        let passable = |p: Pos| {
            asked.borrow_mut().push(p);
            map.is_passable(p)
        };
        greedy_step(passable, c, Dir::Up, Pos::new(0, 0), Score::Chase);
        random_turn(passable, c, Dir::Up, &mut game_rng(1));
        assert!(asked.borrow().iter().all(|&p| p.manhattan(c) == 1));
        assert!(
            !asked.borrow().contains(&c.offset(Dir::Down)),
            "the reverse is never asked"
        );
    }

    #[test]
    fn random_turn_is_uniform_over_legal_non_reverse_moves() {
        // A T-junction, heading right: up is a wall and left the reverse.
        let map = TileMap::from_ascii("#####\n#...#\n##.##\n#####\n");
        let at = Pos::new(2, 1);
        let mut rng = game_rng(3);
        let mut seen = [0u32; 4];
        for _ in 0..3000 {
            match random_turn(|p| map.is_passable(p), at, Dir::Right, &mut rng) {
                Step::Move(d) => seen[d as usize] += 1,
                Step::TurnAround => panic!("had candidates"),
            }
        }
        // Only down and right, about half each.
        assert_eq!((seen[Dir::Up as usize], seen[Dir::Left as usize]), (0, 0));
        assert!(
            seen[Dir::Down as usize] > 1300 && seen[Dir::Right as usize] > 1300,
            "{seen:?}"
        );

        let again: Vec<Step> = (0..20)
            .scan(game_rng(9), |r, _| {
                Some(random_turn(|p| map.is_passable(p), at, Dir::Up, r))
            })
            .collect();
        let same: Vec<Step> = (0..20)
            .scan(game_rng(9), |r, _| {
                Some(random_turn(|p| map.is_passable(p), at, Dir::Up, r))
            })
            .collect();
        assert_eq!(again, same);

        let end = Pos::new(1, 1);
        assert_eq!(
            random_turn(|p| map.is_passable(p), end, Dir::Left, &mut rng),
            Step::TurnAround
        );
    }
}
