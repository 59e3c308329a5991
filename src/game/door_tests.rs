//! Tests of doors and terrain kinds: a closed door blocks sight and opens when walked into,
//! the hero closes one, searching finds a hidden one, a mod's terrain kind is walked and seen
//! by its rules, and a save names its terrain by id.
use super::{Command, Game, Outcome, Reason};
use crate::content::{Content, Pack, core_pack, load_packs};
use crate::map::{Dir, Pos, Tile, TileMap};

pub(super) fn core() -> Content {
    Content::core().unwrap_or_else(|r| panic!("core content broken:\n{r}"))
}

/// A game on `ascii` (`@` the hero) holding only the hero, sight recomputed.
pub(super) fn world(ascii: &str, content: &Content) -> Game {
    let mut g = Game::new(7, content).expect("a run starts");
    g.floor.map = TileMap::from_ascii(ascii);
    g.bind_terrain(content).expect("engine terrain");
    let hero = g.party.hero;
    g.floor.creatures.retain(|&id, _| id == hero);
    g.floor.treasure.clear();
    g.floor.traps.clear();
    g.floor.ground.clear();
    g.fight.enemies.clear();
    g.floor.shop = None;
    let at = (ascii.lines().filter(|l| !l.is_empty()).enumerate())
        .find_map(|(y, row)| row.find('@').map(|x| Pos::new(x as i32, y as i32)))
        .expect("an @");
    g.floor.creatures.get_mut(&hero).unwrap().pos = at;
    g.floor.explored = vec![false; g.floor.map.len()];
    g.floor.visible = vec![false; g.floor.map.len()];
    g.update_sight(content);
    g
}

const CORRIDOR: &str = "\
#########
#@..+...#
#########";

#[test]
fn a_closed_door_blocks_sight_and_walking_into_it_opens_it() {
    let content = core();
    let mut g = world(CORRIDOR, &content);
    let (door, beyond) = (Pos::new(4, 1), Pos::new(6, 1));
    assert!(g.is_visible(door), "the door itself is seen");
    assert!(!g.is_visible(beyond), "nothing behind a closed door");
    for _ in 0..2 {
        assert_eq!(
            g.execute(&Command::Move(Dir::Right), &content),
            Outcome::TurnPassed
        );
    }
    let turn = g.run.turn;
    assert_eq!(
        g.execute(&Command::Move(Dir::Right), &content),
        Outcome::TurnPassed
    );
    assert_eq!(g.run.turn, turn + 1, "opening is the move");
    assert_eq!(g.hero_pos(), Pos::new(3, 1), "the hero stays");
    assert_eq!(g.floor.map.get(door), Tile::OPEN_DOOR);
    assert!(g.is_visible(beyond), "an open door is seen through");
    assert!(g.log.lines.iter().any(|l| l.text == "You open the door."));
    g.execute(&Command::Move(Dir::Right), &content);
    assert_eq!(g.hero_pos(), door, "then the hero walks in");
}

#[test]
fn the_hero_closes_an_open_door_beside_it_unless_something_is_in_the_way() {
    let content = core();
    let mut g = world("#######\n#.@'..#\n#######", &content);
    let door = Pos::new(3, 1);
    assert_eq!(g.closable_doors(), [Dir::Right]);
    assert_eq!(
        g.execute(&Command::CloseDoor(Dir::Left), &content),
        Outcome::Rejected(Reason::NoDoor)
    );
    g.floor.treasure.insert(door, 5);
    assert_eq!(
        g.execute(&Command::CloseDoor(Dir::Right), &content),
        Outcome::Rejected(Reason::DoorBlocked)
    );
    g.floor.treasure.clear();
    assert!(g.is_visible(Pos::new(5, 1)));
    assert_eq!(
        g.execute(&Command::CloseDoor(Dir::Right), &content),
        Outcome::TurnPassed
    );
    assert_eq!(g.floor.map.get(door), Tile::DOOR);
    assert!(
        !g.is_visible(Pos::new(5, 1)),
        "the closed door hides the rest"
    );
    assert!(g.closable_doors().is_empty());
}

/// A hidden door in the corridor's wall, four steps from the hero.
const HIDDEN: &str = "\
#########
#@......#
#####s###
#.......#
#########";

fn with_hidden(content: &Content) -> (Game, Pos) {
    let at = Pos::new(5, 2);
    let mut g = world(&HIDDEN.replace('s', "#"), content);
    g.floor.map.set(at, Tile::SECRET_DOOR);
    g.update_sight(content);
    (g, at)
}

#[test]
fn searching_finds_a_hidden_door_within_its_reach_and_not_beyond() {
    let mut content = core();
    content.balance.search_chance = 1.0;
    content.balance.notice_hidden_chance = 0.0;
    let (mut g, at) = with_hidden(&content);
    assert!(
        !g.floor.map.is_passable(at),
        "a hidden door is wall until found"
    );
    g.execute(&Command::Search, &content);
    assert_eq!(
        g.floor.map.get(at),
        Tile::SECRET_DOOR,
        "4 steps away: out of reach"
    );
    g.execute(&Command::Move(Dir::Right), &content);
    g.execute(&Command::Search, &content);
    assert_eq!(g.floor.map.get(at), Tile::DOOR, "3 steps away: found");
    assert!(
        g.log
            .lines
            .iter()
            .any(|l| l.text == "You find a hidden door!")
    );

    content.balance.search_chance = 0.0;
    let (mut g, at) = with_hidden(&content);
    for _ in 0..20 {
        g.execute(&Command::Search, &content);
    }
    assert_eq!(
        g.floor.map.get(at),
        Tile::SECRET_DOOR,
        "a chance of 0 never finds"
    );
}

#[test]
fn standing_beside_a_hidden_door_may_find_it_and_elsewhere_draws_nothing() {
    let mut content = core();
    content.balance.notice_hidden_chance = 1.0;
    let (mut g, at) = with_hidden(&content);
    let rng = g.run.rng.clone();
    g.execute(&Command::Wait, &content);
    assert_eq!(g.floor.map.get(at), Tile::SECRET_DOOR);
    assert_eq!(
        g.run.rng, rng,
        "no hidden door beside the hero: the rules' stream is untouched"
    );
    for _ in 0..3 {
        g.execute(&Command::Move(Dir::Right), &content);
    }
    assert_eq!(
        g.floor.map.get(at),
        Tile::DOOR,
        "found on passing beside it"
    );
}

fn mod_pack(id: &str, text: &str) -> Pack {
    Pack {
        id: id.into(),
        files: vec![("terrain.toml".into(), text.as_bytes().to_vec())],
    }
}

const BUSH: &str = r#"
[[terrain]]
id = "garden:hedge"
name = "a hedge"
description = "A thick hedge: you can push through it, but not see through it."
glyph = "%"
color = "green"
walkable = true
blocks_sight = true
"#;

#[test]
fn a_mod_adds_a_terrain_kind_the_rules_walk_and_see_by() {
    let (content, report) = load_packs(&[core_pack(), mod_pack("garden", BUSH)]);
    assert!(!report.has_errors(), "{report}");
    let hedge = content
        .terrains
        .tile("garden:hedge")
        .expect("the mod's kind");
    assert!(
        usize::from(hedge.0) >= Tile::ENGINE.len(),
        "after the engine's kinds"
    );
    let mut g = world(CORRIDOR, &content);
    g.floor.map.set(Pos::new(4, 1), hedge);
    g.update_sight(&content);
    assert!(!g.is_visible(Pos::new(5, 1)), "it blocks sight");
    for _ in 0..3 {
        g.execute(&Command::Move(Dir::Right), &content);
    }
    assert_eq!(g.hero_pos(), Pos::new(4, 1), "and is walked on");
    let lines = crate::game::examine::describe(&g, &content, Pos::new(4, 1)).unwrap();
    assert!(lines[0].starts_with("A thick hedge"), "{lines:?}");
}

#[test]
fn the_engine_kinds_cannot_be_taken_away() {
    let (_, report) = load_packs(&[
        core_pack(),
        mod_pack(
            "bare",
            "disable = [\"core:door\", \"core:open_door\", \"core:secret_door\"]\n",
        ),
    ]);
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.message.contains("terrain `core:door` is missing")),
        "{report}"
    );
}

#[test]
fn a_save_names_its_terrain_by_id_and_loads_under_content_that_orders_it_otherwise() {
    let (mud_only, report) = load_packs(&[
        core_pack(),
        mod_pack("swamp", &BUSH.replace("garden:hedge", "swamp:mud")),
    ]);
    assert!(!report.has_errors(), "{report}");
    let mud = mud_only.terrains.tile("swamp:mud").unwrap();
    let mut g = world(CORRIDOR, &mud_only);
    let at = Pos::new(5, 1);
    g.floor.map.set(at, mud);

    // Another pack's kind sorts before the mud: the mud's index moves, its id does not.
    let (both, report) = load_packs(&[
        core_pack(),
        mod_pack("garden", BUSH),
        mod_pack("swamp", &BUSH.replace("garden:hedge", "swamp:mud")),
    ]);
    assert!(!report.has_errors(), "{report}");
    assert_ne!(both.terrains.tile("swamp:mud"), Some(mud));
    let loaded = super::pipeline_tests::through_a_save(&g, &both).unwrap();
    assert_eq!(
        loaded.floor.map.terrains().id(loaded.floor.map.get(at)),
        Some("swamp:mud")
    );
    assert_eq!(loaded.floor.map.get(Pos::new(4, 1)), Tile::DOOR);

    // Content without the mud cannot load it, and says which kind is missing.
    assert_eq!(
        super::pipeline_tests::through_a_save(&g, &core()).map(|_| ()),
        Err(vec!["swamp:mud".to_string()])
    );
}
