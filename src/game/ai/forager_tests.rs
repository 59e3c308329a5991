//! Tests of the forager: re-planning, the treasure field kept between turns, passing
//! through creatures, and the alarm its haul sounds.
use super::tests::{core, find, hunter, mon, mon_mut, play, room, world};
use super::*;
use crate::game::Command;
use crate::game::state::{AiMode, Awareness, Segment};
use crate::grid::DistanceField;
use crate::rng::{below, game_rng};

#[test]
fn the_forager_replans_when_treasure_appears_or_vanishes() {
    let content = core();
    let map = room(25, 5).replacen('.', "@", 1);
    let mut g = world(&map);
    let far = Pos::new(22, 2);
    g.floor.treasure.insert(far, 10);
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
    g.floor.treasure.insert(near, 5);
    g.monsters_act(&content);
    assert_eq!(
        (mon(&g, f).ai.target, mon(&g, f).pos),
        (near, Pos::new(12, 2))
    );
    // Someone takes it: back to the far one.
    g.floor.treasure.remove(&near);
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
            g.floor.treasure.insert(at, 1);
        }
        if turn % 7 == 3 {
            let first = g.floor.treasure.keys().next().copied();
            first.map(|p| g.floor.treasure.remove(&p));
        }
        g.monsters_act(&content);
        let s = SCRATCH.take();
        assert!(
            g.floor
                .treasure
                .keys()
                .all(|p| s.loot_piles.binary_search(p).is_ok())
        );
        assert_eq!(
            s.loot,
            DistanceField::bfs(&g.floor.map, &s.loot_piles),
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
    g.floor.treasure.insert(a, 3);
    g.floor.treasure.insert(b, 3);
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
    assert_eq!(mon(&g, first).body.len(), 1);
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
    g.floor.treasure.insert(find(map, '$'), 7);
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
    assert_eq!((mon(&g, f).body.len(), mon(&g, f).hoard), (1, 7));
    assert!(g.floor.treasure.is_empty());
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
    g.floor.treasure.insert(pile, 9);
    let f = g.spawn(
        content.creature("core:forager").expect("kind"),
        find(map, 'f'),
    );
    let gold = g.party.gold;
    play(&mut g, Command::Move(Dir::Right), &content);
    assert_eq!(g.hero_pos(), pile);
    assert_eq!(g.party.gold, gold + 9);
    assert_eq!((mon(&g, f).body.len(), mon(&g, f).hoard), (0, 0));
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
    let at = find(map, 'f');
    mon_mut(&mut g, f).body =
        vec![Segment { pos: at, gold: 0 }; content.balance.forager_alarm as usize - 1];
    g.floor.treasure.insert(find(map, '$'), 4);
    let m = g.spawn(
        content.creature("core:skeleton").expect("kind"),
        find(map, 'M'),
    );
    mon_mut(&mut g, m).ai.timer = 1000;
    g.monsters_act(&content);
    assert_eq!(mon(&g, f).body.len() as u32, content.balance.forager_alarm);
    assert_eq!(mon(&g, f).hoard, 4);
    assert!(g.floor.alarm);
    // The skeleton never saw the hero, yet it hunts now.
    g.monsters_act(&content);
    assert_eq!(mon(&g, m).ai.awareness, Awareness::Unaware);
    assert_eq!(mon(&g, m).ai.mode, AiMode::Chase);
    assert_eq!(mon(&g, m).ai.target, g.hero_pos());
}

#[test]
fn the_forager_body_grows_per_treasure_and_follows_the_head() {
    let content = core();
    let map = "\
##############
#f.$.$$.....@#
##############
";
    let mut g = world(map);
    let f = g.spawn(
        content.creature("core:forager").expect("kind"),
        find(map, 'f'),
    );
    for (x, gold) in [(3, 2), (5, 3), (6, 4)] {
        g.floor.treasure.insert(Pos::new(x, 1), gold);
    }
    let mut bodies = Vec::new();
    for _ in 0..6 {
        g.monsters_act(&content);
        let c = mon(&g, f);
        bodies.push((
            c.pos.x,
            c.body.iter().map(|s| (s.pos.x, s.gold)).collect::<Vec<_>>(),
        ));
    }
    // A segment per pile, grown on the tile the tail left, each holding its pile's gold; the
    // body walks the head's trail tile by tile.
    assert_eq!(
        bodies,
        vec![
            (2, vec![]),
            (3, vec![(2, 2)]),
            (4, vec![(3, 2)]),
            (5, vec![(4, 2), (3, 3)]),
            (6, vec![(5, 2), (4, 3), (3, 4)]),
            (6, vec![(5, 2), (4, 3), (3, 4)]),
        ]
    );
}

#[test]
fn everyone_passes_through_the_body_and_its_death_drops_the_hoard_along_it() {
    let content = core();
    let map = "\
###########
#.........#
#.@.......#
###########
";
    let mut g = world(map);
    let f = g.spawn(
        content.creature("core:forager").expect("kind"),
        Pos::new(5, 1),
    );
    let body = [
        (Pos::new(4, 1), 5),
        (Pos::new(3, 1), 6),
        (Pos::new(3, 2), 7),
    ];
    {
        let c = mon_mut(&mut g, f);
        c.body = body
            .iter()
            .map(|&(pos, gold)| Segment { pos, gold })
            .collect();
        c.hoard = 18;
    }
    // The hero walks onto a segment (it is no creature: no fight, no block).
    play(&mut g, Command::Move(Dir::Right), &content);
    assert_eq!(g.hero_pos(), Pos::new(3, 2));
    assert!(g.fight.enemies.is_empty());
    // Killed, it drops each segment's gold where the segment lay.
    g.run.queue.push_back(crate::game::Event::CreatureDied {
        creature: f,
        killer: None,
        ability: None,
    });
    g.drain(&content);
    for (pos, gold) in body {
        assert_eq!(g.floor.treasure.get(&pos), Some(&gold), "{pos:?}");
    }
}
