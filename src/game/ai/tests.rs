//! Tests of the monster phase: the shared helpers (ASCII worlds, chasing monsters), the
//! ghost targets and modes, and the schedule.
use super::*;
use crate::content::schema::Cycle;
use crate::game::Command;
use crate::game::state::{AiMode, Awareness, Creature, CyclePhase};
use crate::rng::{below, game_rng};

pub(super) fn core() -> Content {
    Content::core().unwrap_or_else(|r| panic!("core content broken:\n{r}"))
}

/// Every tile drawn as `ch` on an ASCII map, row by row.
pub(super) fn all(ascii: &str, ch: char) -> Vec<Pos> {
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

pub(super) fn find(ascii: &str, ch: char) -> Pos {
    all(ascii, ch)[0]
}

/// A `w`×`h` room: a wall ring around floor.
pub(super) fn room(w: usize, h: usize) -> String {
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
pub(super) fn world(ascii: &str) -> Game {
    let content = core();
    let mut g = Game::new(7, &content).expect("a run starts");
    g.floor.map = TileMap::from_ascii(ascii);
    let hero = g.party.hero;
    g.floor.creatures.retain(|&id, _| id == hero);
    g.floor.treasure.clear();
    g.floor.traps.clear();
    g.fight.enemies.clear();
    g.floor.alarm = false;
    let (floor, at) = (g.floor.depth, find(ascii, '@'));
    let h = g.floor.creatures.get_mut(&hero).expect("the hero");
    h.pos = at;
    h.heading = Dir::Right;
    h.ai.turn_start = Some((floor, at));
    g.floor.explored = vec![false; g.floor.map.len()];
    g.floor.visible = vec![false; g.floor.map.len()];
    g.update_sight(&content);
    g
}

/// A monster that has seen the hero and is chasing, its schedule far from switching.
pub(super) fn hunter(
    g: &mut Game,
    content: &Content,
    kind: &str,
    at: Pos,
    heading: Dir,
) -> CreatureId {
    let id = g.spawn(content.creature(kind).expect("core kind"), at);
    let c = g.floor.creatures.get_mut(&id).expect("spawned");
    c.heading = heading;
    c.ai.awareness = Awareness::Hunting;
    c.ai.mode = AiMode::Chase;
    c.ai.phase = CyclePhase::Chase;
    c.ai.timer = 1000;
    id
}

pub(super) fn play(g: &mut Game, cmd: Command, content: &Content) {
    assert_eq!(g.execute(&cmd, content), crate::game::Outcome::TurnPassed);
}

pub(super) fn mon(g: &Game, id: CreatureId) -> &Creature {
    &g.floor.creatures[&id]
}

pub(super) fn mon_mut(g: &mut Game, id: CreatureId) -> &mut Creature {
    g.floor.creatures.get_mut(&id).expect("exists")
}

/// The hero steps from `from` along `heading`, as if it had moved there this turn.
pub(super) fn hero_moved(g: &mut Game, from: Pos, heading: Dir) {
    let (floor, hero) = (g.floor.depth, g.party.hero);
    let h = g.floor.creatures.get_mut(&hero).expect("the hero");
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
        if g.floor.map.is_passable(p) && g.creature_at(p).is_none() {
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
        .floor
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
    let hero = g.party.hero;
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
        let h = g.party.hero;
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
        let h = g.party.hero;
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
    // Its timer runs out: away, and the first move goes back the way it came.
    assert_eq!(
        setup(AiMode::Chase, 1, 0),
        (AiMode::Away, at.offset(Dir::Left))
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
            let id = hunter(&mut g, &content, "core:shade", Pos::new(x, y), Dir::Up);
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
    other.run.rng = game_rng(99);
    assert_ne!(a, walk(other), "another seed, other moves");
}

/// `n` hunting monsters of `kind` in a wide room, moved `turns` times: each one's mode turn
/// by turn. They never lose track of the hero, whether they see it or not.
fn cycle_modes(content: &Content, kind: &str, n: i32, turns: usize) -> Vec<Vec<AiMode>> {
    let mut content = content.clone();
    content.balance.lose_track_turns = u32::MAX;
    let content = &content;
    let mut g = world(&room(41, 21).replacen('.', "@", 1));
    let ids: Vec<_> = (0..n)
        .map(|k| {
            let id = g.spawn(
                content.creature(kind).expect("core kind"),
                Pos::new(4 + 4 * k, 15),
            );
            let c = mon_mut(&mut g, id);
            assert!(
                (1..=20).contains(&c.ai.timer),
                "starts 1 to 20 turns into a chase"
            );
            assert_eq!(c.ai.phase, CyclePhase::Chase);
            c.ai.awareness = Awareness::Hunting;
            c.ai.mode = AiMode::Chase;
            id
        })
        .collect();
    let mut modes: Vec<Vec<AiMode>> = vec![Vec::new(); ids.len()];
    for _ in 0..turns {
        g.monsters_act(content);
        for (m, &id) in modes.iter_mut().zip(&ids) {
            m.push(mon(&g, id).ai.mode);
        }
    }
    modes
}

/// A run of modes as (mode, turns) pieces; the first and last may be cut short.
fn pieces(modes: &[AiMode]) -> Vec<(AiMode, usize)> {
    let mut out: Vec<(AiMode, usize)> = Vec::new();
    for &m in modes {
        match out.last_mut() {
            Some((last, n)) if *last == m => *n += 1,
            _ => out.push((m, 1)),
        }
    }
    out
}

#[test]
fn the_ghost_cycle_is_chase_away_wander_with_lengths_drawn_at_each_switch() {
    let content = core();
    assert_eq!(
        content.creature("core:shade").map(|k| k.movement.cycle),
        Some(Cycle::Ghost),
        "the default cycle"
    );
    let b = &content.balance;
    let modes = cycle_modes(&content, "core:shade", 8, 300);
    let first_switch: Vec<usize> = modes
        .iter()
        .map(|m| {
            m.iter()
                .position(|&x| x != AiMode::Chase)
                .expect("switches")
        })
        .collect();
    assert!(
        first_switch.iter().any(|&t| t != first_switch[0]),
        "not in lockstep: {first_switch:?}"
    );
    let mut chase_lengths = std::collections::BTreeSet::new();
    for m in &modes {
        let p = pieces(m);
        assert!(p.len() >= 6, "several phases in 300 turns: {p:?}");
        for (k, w) in p.windows(2).enumerate() {
            let next = match w[0].0 {
                AiMode::Chase => AiMode::Away,
                AiMode::Away => AiMode::Wander,
                AiMode::Wander => AiMode::Chase,
                other => panic!("a mode outside the cycle: {other:?}"),
            };
            assert_eq!(w[1].0, next, "{p:?}");
            // Whole phases only: not the first (a random offset) nor the last (cut off).
            if k > 0 {
                let (mode, n) = (w[0].0, w[0].1 as u32);
                let (lo, hi) = match mode {
                    AiMode::Chase => b.chase_turns,
                    AiMode::Away => b.away_turns,
                    _ => b.wander_turns,
                };
                assert!((lo..=hi).contains(&n), "{mode:?} for {n} turns: {p:?}");
                if mode == AiMode::Chase {
                    chase_lengths.insert(n);
                }
            }
        }
    }
    assert!(chase_lengths.len() > 2, "drawn anew: {chase_lengths:?}");
}

#[test]
fn the_scatter_cycle_and_the_phase_lengths_are_content() {
    let mut content = core();
    content.balance.chase_turns = (3, 3);
    content.balance.scatter_turns = (2, 2);
    let kind = content.creatures.get_mut("core:shade").expect("shade");
    kind.movement.cycle = Cycle::Scatter;
    let modes = cycle_modes(&content, "core:shade", 4, 40);
    for m in &modes {
        let p = pieces(m);
        for (k, w) in p.windows(2).enumerate() {
            let (next, len) = match w[0].0 {
                AiMode::Chase => (AiMode::Scatter, 3),
                AiMode::Scatter => (AiMode::Chase, 2),
                other => panic!("a mode outside the cycle: {other:?}"),
            };
            assert_eq!(w[1].0, next, "{p:?}");
            if k > 0 {
                assert_eq!(w[0].1, len, "{p:?}");
            }
        }
    }
}

#[test]
fn away_makes_off_from_the_target_and_cycle_wander_lurches_towards_it() {
    let content = core();
    let map = room(31, 15).replacen('.', "@", 1);
    let at = Pos::new(15, 7);
    let run = |phase: CyclePhase, mode: AiMode, seed: u64| {
        let mut g = world(&map);
        g.run.rng = game_rng(seed);
        let h = g.party.hero;
        mon_mut(&mut g, h).pos = Pos::new(27, 7);
        let s = hunter(&mut g, &content, "core:shade", at, Dir::Up);
        let c = mon_mut(&mut g, s);
        (c.ai.phase, c.ai.mode) = (phase, mode);
        let mut dists = Vec::new();
        for _ in 0..6 {
            g.monsters_act(&content);
            dists.push(mon(&g, s).pos.dist2(g.hero_pos()));
        }
        (mon(&g, s).ai.mode, dists)
    };
    let start = at.dist2(Pos::new(27, 7));
    let (mode, away) = run(CyclePhase::Away, AiMode::Away, 1);
    assert_eq!(mode, AiMode::Away);
    assert!(
        away.windows(2).all(|w| w[1] >= w[0]) && away[0] > start,
        "{away:?}"
    );
    // Wandering it still closes in over a few turns, but not by the same steps every seed.
    let walks: Vec<_> = (0..6)
        .map(|seed| run(CyclePhase::Wander, AiMode::Wander, seed))
        .collect();
    for (mode, d) in &walks {
        assert_eq!(*mode, AiMode::Wander);
        assert!(d[5] < start, "{d:?}");
    }
    assert!(
        walks.iter().any(|w| w.1 != walks[0].1),
        "noise from the seed"
    );
}
