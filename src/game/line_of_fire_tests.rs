//! Tests of the line of fire: a wall or a closed door stops it and an open door or tall grass
//! does not, the creatures on it come nearest first, and on generated floors it follows the
//! line, stops at the first blocking tile and is open both ways or neither.
use super::door_tests::{core, world};
use super::{CreatureId, Game};
use crate::content::Content;
use crate::grid::line;
use crate::map::{Pos, Tile};
use crate::rng::{Rng, below};
use rand_xoshiro::rand_core::SeedableRng;

fn goblin(g: &mut Game, content: &Content, at: Pos) -> CreatureId {
    g.spawn(content.creature("core:goblin").expect("core goblin"), at)
}

const PILLAR: &str = "\
#########
#.......#
#@..#...#
#.......#
#########";

#[test]
fn a_wall_between_stops_the_shot_at_the_wall() {
    let content = core();
    let mut g = world(PILLAR, &content);
    let behind = goblin(&mut g, &content, Pos::new(6, 2));
    let shot = g.line_of_fire(Pos::new(1, 2), Pos::new(7, 2));
    assert_eq!(shot.path, [Pos::new(2, 2), Pos::new(3, 2)]);
    assert_eq!(shot.blocked_at, Some(Pos::new(4, 2)));
    assert!(!shot.reaches_target());
    assert!(shot.creatures.is_empty(), "the goblin behind is sheltered");
    assert_eq!(shot.range, 6, "the range is the target's, blocked or not");
    // Past the pillar's corner the line is open, and the goblin is struck.
    let above = g.line_of_fire(Pos::new(3, 1), Pos::new(6, 2));
    assert!(above.reaches_target(), "{above:?}");
    assert_eq!(above.creatures, [behind]);
    assert_eq!(above.path.last(), Some(&Pos::new(6, 2)));
}

const ROOM: &str = "\
###########
#.........#
#.........#
#@........#
#.........#
###########";

#[test]
fn the_creatures_on_the_line_come_nearest_first_the_dead_and_those_beside_left_out() {
    let content = core();
    let mut g = world(ROOM, &content);
    let hero = g.party.hero;
    let (from, to) = (Pos::new(1, 3), Pos::new(9, 1));
    let tiles = line(from, to);
    // Spawned far first, so ids alone would list them the wrong way round.
    let far = goblin(&mut g, &content, tiles[6]);
    let near = goblin(&mut g, &content, tiles[2]);
    let dead = goblin(&mut g, &content, tiles[4]);
    g.floor.creatures.get_mut(&dead).unwrap().health = 0.0;
    let beside = goblin(&mut g, &content, Pos::new(4, 3));
    assert!(!tiles.contains(&Pos::new(4, 3)));
    let shot = g.line_of_fire(from, to);
    assert!(shot.reaches_target());
    assert_eq!(shot.path, tiles[1..]);
    assert_eq!(shot.creatures, [near, far]);
    assert_eq!(shot.first_creature(), Some(near));
    assert!(!shot.creatures.contains(&beside) && !shot.creatures.contains(&hero));
    // Shot back from the target's tile, the same two meet it the other way round, and the
    // hero standing at the end of the line is struck last.
    let back = g.line_of_fire(to, from);
    assert_eq!(back.creatures, [far, near, hero]);
    assert_eq!(back.range, 8);
}

const CORRIDOR: &str = "\
#########
#@..+...#
#########";

#[test]
fn a_closed_door_blocks_the_shot_and_an_open_one_does_not() {
    let content = core();
    let mut g = world(CORRIDOR, &content);
    let (door, target) = (Pos::new(4, 1), Pos::new(7, 1));
    let foe = goblin(&mut g, &content, Pos::new(6, 1));
    let shut = g.line_of_fire(g.hero_pos(), target);
    assert_eq!(shut.blocked_at, Some(door));
    assert_eq!(shut.path, [Pos::new(2, 1), Pos::new(3, 1)]);
    assert!(shut.creatures.is_empty());
    g.floor.map.set(door, Tile::OPEN_DOOR);
    let open = g.line_of_fire(g.hero_pos(), target);
    assert_eq!(open.blocked_at, None);
    assert_eq!(open.path.len(), 6);
    assert_eq!(open.creatures, [foe]);
}

#[test]
fn tall_grass_hides_but_lets_a_shot_through() {
    let content = core();
    let mut g = world(CORRIDOR, &content);
    let grass = g
        .floor
        .map
        .terrains()
        .tile("core:tall_grass")
        .expect("core tall grass");
    g.floor.map.set(Pos::new(4, 1), grass);
    assert!(g.floor.map.blocks_sight(Pos::new(4, 1)));
    let foe = goblin(&mut g, &content, Pos::new(6, 1));
    let shot = g.line_of_fire(g.hero_pos(), Pos::new(6, 1));
    assert!(shot.reaches_target());
    assert_eq!(shot.creatures, [foe]);
}

#[test]
fn on_generated_floors_the_shot_follows_the_line_to_its_first_block_and_is_open_both_ways() {
    let content = core();
    let (mut open, mut blocked, mut met) = (0, 0, 0);
    for seed in 0..4 {
        let g = Game::new(seed, &content).expect("a run starts");
        let standable: Vec<Pos> = (0..g.floor.map.len())
            .map(|i| g.floor.map.pos(i))
            .filter(|&p| g.floor.map.can_stand(p))
            .collect();
        let mut rng = Rng::seed_from_u64(seed);
        for _ in 0..100 {
            // Shots within a bow's reach: across a maze, nearly every line is walled off.
            let a = standable[below(&mut rng, standable.len() as u32) as usize];
            let near: Vec<Pos> = (standable.iter().copied())
                .filter(|&p| p != a && a.chebyshev(p) <= 8)
                .collect();
            let b = near[below(&mut rng, near.len() as u32) as usize];
            let there = g.line_of_fire(a, b);
            let tiles = line(a, b);
            let flown = there.path.len();
            assert_eq!(there.range, a.chebyshev(b));
            assert_eq!(there.path, tiles[1..1 + flown], "{a:?} to {b:?}");
            assert!(
                there
                    .path
                    .iter()
                    .all(|&p| !g.floor.map.blocks_projectiles(p))
            );
            match there.blocked_at {
                Some(wall) => {
                    assert_eq!(wall, tiles[1 + flown]);
                    assert!(g.floor.map.blocks_projectiles(wall));
                    blocked += 1;
                }
                None => {
                    assert_eq!(flown as u32, there.range);
                    open += 1;
                }
            }
            let on_path: Vec<CreatureId> = (there.path.iter())
                .flat_map(|&p| g.floor.creatures.values().filter(move |c| c.pos == p))
                .filter(|c| c.is_alive())
                .map(|c| c.id)
                .collect();
            assert_eq!(there.creatures, on_path, "{a:?} to {b:?}");
            met += usize::from(!on_path.is_empty());
            // Standing tiles never block, so the way back is open exactly when the way
            // there is, along the same tiles.
            let back = g.line_of_fire(b, a);
            assert_eq!(back.reaches_target(), there.reaches_target(), "{a:?} {b:?}");
            if there.reaches_target() {
                let mut back_tiles = back.path.clone();
                back_tiles.insert(0, b);
                back_tiles.reverse();
                let mut there_tiles = there.path.clone();
                there_tiles.insert(0, a);
                assert_eq!(back_tiles, there_tiles);
            }
        }
    }
    assert!(
        open > 20 && blocked > 20 && met > 0,
        "{open} open, {blocked} blocked, {met} met someone"
    );
}
