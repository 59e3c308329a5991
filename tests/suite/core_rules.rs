//! The rules through the public API: refusals change nothing, moves cost one turn.
use delve::content::Content;
use delve::game::{Command, Game, Outcome, Reason};
use delve::map::Dir;

fn content() -> Content {
    Content::core().unwrap_or_else(|r| panic!("core content broken:\n{r}"))
}

/// A direction the hero can walk, and one that is a wall, from the start.
fn open_and_wall(game: &Game) -> (Option<Dir>, Option<Dir>) {
    let p = game.hero_pos();
    let open = Dir::ALL.into_iter().find(|&d| {
        game.floor.map.is_passable(p.offset(d)) && game.creature_at(p.offset(d)).is_none()
    });
    let wall = Dir::ALL
        .into_iter()
        .find(|&d| !game.floor.map.is_passable(p.offset(d)));
    (open, wall)
}

#[test]
fn refused_move_changes_nothing_and_says_why() {
    let content = content();
    let mut tried = 0;
    for seed in 0..20 {
        let mut game = Game::new(seed, &content).unwrap();
        let (_, wall) = open_and_wall(&game);
        let Some(wall) = wall else { continue };
        tried += 1;
        let before = game.clone();
        let out = game.execute(&Command::Move(wall), &content);
        assert_eq!(out, Outcome::Rejected(Reason::Wall));
        assert_eq!(game, before, "a refused move changed the state");
        assert_eq!(game.state_hash(), before.state_hash());
    }
    // Most starts have a wall beside them: a test that found none would check nothing.
    assert!(
        tried >= 10,
        "only {tried} of 20 starts had a wall to walk into"
    );
}

#[test]
fn accepted_move_costs_exactly_one_turn() {
    let content = content();
    let mut game = Game::new(3, &content).unwrap();
    let (open, _) = open_and_wall(&game);
    let dir = open.expect("the start has an open neighbour");
    let from = game.hero_pos();
    let turn = game.run.turn;
    let out = game.execute(&Command::Move(dir), &content);
    assert_eq!(out, Outcome::TurnPassed);
    assert_eq!(game.run.turn, turn + 1);
    assert!(game.in_combat() || game.hero_pos() == from.offset(dir));
}

#[test]
fn combat_commands_outside_a_fight_are_refused() {
    let content = content();
    let mut game = Game::new(5, &content).unwrap();
    let before = game.clone();
    assert_eq!(
        game.execute(&Command::Flee, &content),
        Outcome::Rejected(Reason::NotInCombat)
    );
    assert_eq!(
        game.execute(&Command::Descend, &content),
        Outcome::Rejected(Reason::NoStairs)
    );
    assert_eq!(game, before);
}

#[test]
fn hero_starts_on_the_up_stairs_of_floor_one() {
    let content = content();
    let game = Game::new(11, &content).unwrap();
    assert_eq!(game.floor.depth, 1);
    assert_eq!(game.hero_pos(), game.floor.up);
    assert!(game.is_visible(game.hero_pos()));
}

/// Puts the hero just outside an encounter room's entrance; returns the step in.
fn outside_encounter_room(game: &mut Game) -> Option<Dir> {
    let room = game.floor.encounter_rooms.first()?.room;
    for y in room.y..room.y + room.h {
        for x in room.x..room.x + room.w {
            let inside = delve::map::Pos::new(x, y);
            for d in Dir::ALL {
                let outside = inside.offset(d.reverse());
                if !room.contains(outside)
                    && game.floor.map.is_passable(outside)
                    && game.creature_at(inside).is_none()
                    && game.creature_at(outside).is_none()
                {
                    let hero = game.party.hero;
                    game.floor.creatures.get_mut(&hero).unwrap().pos = outside;
                    return Some(d);
                }
            }
        }
    }
    None
}

#[test]
fn entering_a_prefab_room_starts_its_encounter_once() {
    let mut content = content();
    // With no radius only the room's own guards can join, so the fight is the prefab's doing.
    content.balance.encounter_radius = 0;
    let mut tried = 0;
    for seed in 0..40 {
        let mut game = Game::new(seed, &content).unwrap();
        let Some(step) = outside_encounter_room(&mut game) else {
            continue;
        };
        let guards = game.floor.encounter_rooms[0].guards.clone();
        // A guard next to the doorway would start the fight by adjacency instead.
        let entry = game.hero_pos().offset(step);
        if guards
            .iter()
            .any(|g| game.floor.creatures[g].pos.manhattan(entry) <= 1)
        {
            continue;
        }
        tried += 1;
        assert!(
            !guards.is_empty(),
            "seed {seed}: an encounter room without guards"
        );
        assert_eq!(
            game.execute(&Command::Move(step), &content),
            Outcome::TurnPassed
        );
        assert!(game.in_combat(), "seed {seed}: walking in started no fight");
        let mut enemies = game.fight.enemies.clone();
        enemies.sort();
        let mut expected = guards.clone();
        expected.sort();
        assert_eq!(
            enemies, expected,
            "seed {seed}: the fight is the room's guards"
        );
        assert!(
            game.floor.encounter_rooms.is_empty(),
            "seed {seed}: a room triggers once"
        );
    }
    assert!(
        tried >= 10,
        "only {tried} seeds had a usable encounter room"
    );
}
