//! Tests of monster navigation: stuck greedy monsters, shared fields and the probe,
//! wandering, waiting behind one another and fleeing.
use super::ghost::downhill;
use super::probe::Probe;
use super::tests::{core, find, hunter, mon, mon_mut, room, world};
use super::*;
use crate::game::state::{AiMode, Awareness};
use crate::grid::DistanceField;
use crate::rng::{below, game_rng};

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
    let s = hunter(&mut g, content, "core:shade", find(CUP, 'M'), Dir::Up);
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
        .get("core:shade")
        .expect("shade")
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
        .get_mut("core:shade")
        .expect("shade")
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
    let field = DistanceField::bfs(&g.floor.map, &[g.hero_pos()]);
    let expected: Vec<Pos> = goblins
        .iter()
        .map(|&id| {
            let at = mon(&g, id).pos;
            at.offset(field.downhill(at).expect("reachable"))
        })
        .collect();
    // Goblins and the orc share the hero's field; the wraith has its own (two ahead).
    assert_eq!(g.monster_phase(&content, Planner::SharedFields, 7.0).0, 2);
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
            map.set(p, crate::map::Tile::WALL);
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
    let mut content = core();
    // Noticing is certain here: when it notices is the stealth tests' business.
    content.balance.notice_chance = 1.0;
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
        content.creature("core:shade").expect("kind"),
        find(map, 'M'),
    );
    mon_mut(&mut g, id).ai.timer = 1000;
    g.monsters_act(&content);
    assert_eq!(mon(&g, id).ai.mode, AiMode::Wander);
    assert_eq!(mon(&g, id).ai.awareness, Awareness::Unaware);
    // The wall comes down: it sees the hero and hunts from then on.
    for y in 1..5 {
        g.floor.map.set(Pos::new(7, y), crate::map::Tile::FLOOR);
    }
    g.update_sight(&content);
    let hero = g.party.hero;
    mon_mut(&mut g, hero).pos = Pos::new(6, 3);
    g.update_sight(&content);
    g.monsters_act(&content);
    assert_eq!(mon(&g, id).ai.awareness, Awareness::Hunting);
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
    for kind in ["core:shade", "core:goblin"] {
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
