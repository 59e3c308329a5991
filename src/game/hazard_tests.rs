//! Hazard terrain in play: lava burns through resistance and names itself as the cause of
//! death, a chasm drops the hero a floor, monsters and travel keep off, a mod's harmful kind
//! works the same, and saves keep the kinds by id.
use std::collections::BTreeSet;

use super::pipeline_tests::content_with;
use super::travel::{Pickup, TravelGoal, known_path, travel_step};
use super::{Command, Game, Outcome, RunOutcome};
use crate::content::Content;
use crate::map::{Dir, Pos, Tile};

fn core() -> Content {
    Content::core().unwrap_or_else(|r| panic!("core content broken:\n{r}"))
}

fn kind(content: &Content, id: &str) -> Tile {
    content.terrains.tile(id).unwrap_or_else(|| panic!("{id}"))
}

/// A game on `ascii` (`@` the hero; `=` lava, `:` a chasm, `~` deep water) holding only the
/// hero, every tile explored, sight recomputed.
fn world(ascii: &str, content: &Content) -> Game {
    let mut g = super::door_tests::world(ascii, content);
    g.floor.encounter_rooms.clear();
    for (y, row) in ascii.lines().filter(|l| !l.is_empty()).enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Pos::new(x as i32, y as i32);
            match c {
                '=' => g.floor.map.set(p, kind(content, "core:lava")),
                ':' => g.floor.map.set(p, kind(content, "core:chasm")),
                '~' => g.floor.map.set(p, kind(content, "core:deep_water")),
                _ => {}
            }
        }
    }
    g.floor.explored = vec![true; g.floor.map.len()];
    g.floor.visible = vec![false; g.floor.map.len()];
    g.update_sight(content);
    g
}

fn health(g: &Game) -> f64 {
    g.hero().health
}

const LAVA_STEP: &str = "\
#######
#@=...#
#######";

#[test]
fn lava_burns_and_fire_resistance_lessens_it() {
    let content = core();
    let regen = content.balance.health_regen;
    let mut g = world(LAVA_STEP, &content);
    let before = health(&g);
    assert_eq!(
        g.execute(&Command::Move(Dir::Right), &content),
        Outcome::TurnPassed
    );
    assert_eq!(g.hero_pos(), Pos::new(2, 1), "lava is walked into");
    assert!((health(&g) - (before - 7.0 + regen)).abs() < 1e-9);
    assert!(
        g.log
            .lines
            .iter()
            .any(|l| l.text == "The lava burns you for 7!")
    );

    // A fire ward (0.4 fire resistance): 7 × 0.6 = 4.2, rounded to 4.
    let mut g = world(LAVA_STEP, &content);
    let hero = g.party.hero;
    g.apply_modifier(hero, "core:fire_ward", Some(50), &content);
    let before = health(&g);
    g.execute(&Command::Move(Dir::Right), &content);
    assert!((health(&g) - (before - 4.0 + regen)).abs() < 1e-9);
    assert!(
        g.log
            .lines
            .iter()
            .any(|l| l.text == "The lava burns you for 4!")
    );
}

#[test]
fn death_in_lava_names_the_lava() {
    let content = core();
    let mut g = world(LAVA_STEP, &content);
    let hero = g.party.hero;
    g.floor.creatures.get_mut(&hero).unwrap().health = 3.0;
    assert_eq!(
        g.execute(&Command::Move(Dir::Right), &content),
        Outcome::GameOver(RunOutcome::Died)
    );
    let death = g.run.death.as_ref().expect("a cause");
    assert_eq!(
        (death.killer.as_str(), death.ability.as_str()),
        ("the dungeon", "lava")
    );
}

/// A run on its first floor with a chasm right of the hero.
fn at_the_brink(content: &Content) -> (Game, Dir) {
    let mut g = Game::new(11, content).unwrap();
    let hero = g.hero_pos();
    let d = Dir::ALL
        .into_iter()
        .find(|&d| g.floor.map.can_stand(hero.offset(d)) && g.creature_at(hero.offset(d)).is_none())
        .expect("somewhere to step");
    g.floor.map.set(hero.offset(d), kind(content, "core:chasm"));
    (g, d)
}

#[test]
fn a_chasm_drops_the_hero_to_the_next_floor_hurt() {
    let content = core();
    let (mut g, d) = at_the_brink(&content);
    let before = health(&g);
    // Through the hero's resistance to physical harm (its armour's).
    let r = g.resistance(g.party.hero, "core:physical", &content);
    let fall = super::mitigate(content.balance.fall_damage, r, &content.balance);
    assert_eq!(g.execute(&Command::Move(d), &content), Outcome::TurnPassed);
    assert_eq!(g.floor.depth, 2);
    // The fall ends the turn as the stairs do: no monster moves, nothing regenerates.
    assert!((health(&g) - (before - fall)).abs() < 1e-9, "{fall}");
    // (The monster phase marks where the hero stood when it ran: not on floor 2.)
    assert!(g.hero().ai.turn_start.is_none_or(|(floor, _)| floor == 1));
    let at = g.hero_pos();
    assert_eq!(g.floor.map.get(at), Tile::FLOOR, "landed on plain floor");
    assert!(g.is_explored(at));
    assert!(
        g.log
            .lines
            .iter()
            .any(|l| l.text == "You fall into the chasm!")
    );
    assert!(g.log.lines.iter().any(|l| l.text == "You land on floor 2."));

    // The landing tile is the rules' draw: the same run lands on the same tile.
    let (mut again, d) = at_the_brink(&content);
    again.execute(&Command::Move(d), &content);
    assert_eq!(again.hero_pos(), at);
    assert_eq!(again, g);
}

#[test]
fn on_the_last_floor_a_chasm_only_hurts_and_a_deadly_fall_stays() {
    let content = core();
    let (mut g, d) = at_the_brink(&content);
    g.run.floors = 1;
    let before = health(&g);
    g.execute(&Command::Move(d), &content);
    assert_eq!(g.floor.depth, 1);
    assert!(health(&g) < before);

    let (mut g, d) = at_the_brink(&content);
    let hero = g.party.hero;
    g.floor.creatures.get_mut(&hero).unwrap().health = 1.0;
    assert_eq!(
        g.execute(&Command::Move(d), &content),
        Outcome::GameOver(RunOutcome::Died)
    );
    assert_eq!(g.floor.depth, 1);
    assert_eq!(g.run.death.as_ref().unwrap().ability, "chasm");
}

/// Rats on one side of a lava and chasm line, the hero on the other: the only way round is
/// the long corridor below.
const MOAT: &str = "\
#############
#@...=...r..#
#....:...r..#
#....=...r..#
#.###=#####.#
#...........#
#############";

#[test]
fn monsters_never_step_onto_lava_or_into_a_chasm() {
    let content = core();
    let mut g = world(MOAT, &content);
    let rat = content.creature("core:rat").unwrap().clone();
    for y in 1..=3 {
        let id = g.spawn(&rat, Pos::new(9, y));
        g.floor.creatures.get_mut(&id).unwrap().ai.awareness = super::Awareness::Hunting;
    }
    let mut moved = false;
    for _ in 0..60 {
        if g.is_over() {
            break;
        }
        g.execute(&Command::Wait, &content);
        for c in g.floor.creatures.values().filter(|c| c.id != g.party.hero) {
            assert!(
                !g.floor.map.is_hazard(c.pos),
                "{} stepped onto {:?}",
                c.kind,
                c.pos
            );
            moved |= c.pos.x != 9;
        }
    }
    assert!(moved, "the rats moved at all");
}

/// A lava line between the hero's side and a monster's, with the long way round below.
const LAVA_WALL: &str = "\
#############
#@...=......#
#....=......#
#....=......#
#.#########.#
#...........#
#############";

#[test]
fn a_monster_that_paths_goes_round_lava_instead_of_stalling_at_its_edge() {
    // Its shared distance field once ran through the lava: downhill led to the brink,
    // where the monster may not step, and it waited there for ever.
    let content = core();
    let mut g = world(LAVA_WALL, &content);
    let goblin = content.creature("core:goblin").unwrap().clone();
    let id = g.spawn(&goblin, Pos::new(8, 2));
    g.floor.creatures.get_mut(&id).unwrap().ai.awareness = super::Awareness::Hunting;
    // Its cycle takes it away and back: in chase it must take the corridor below and never
    // wait at the brink.
    let (mut still_in_chase, mut round_in_chase) = (0, false);
    for turn in 0..60 {
        let was = g.floor.creatures[&id].pos;
        g.execute(&Command::Wait, &content);
        let c = &g.floor.creatures[&id];
        assert!(
            !g.floor.map.is_hazard(c.pos),
            "onto the lava at {:?}",
            c.pos
        );
        let chasing = c.ai.mode == super::AiMode::Chase;
        still_in_chase = if c.pos == was && chasing {
            still_in_chase + 1
        } else {
            0
        };
        assert!(
            still_in_chase < 3,
            "turn {turn}: waiting in chase at {:?}",
            c.pos
        );
        round_in_chase |= chasing && c.pos.y == 5;
    }
    assert!(round_in_chase, "the goblin chased along the corridor below");
}

#[test]
fn the_forager_goes_round_lava_to_the_treasure() {
    // The treasure field once ran through the lava, and the forager, which follows it
    // without asking the map, walked across unharmed.
    let content = core();
    let mut g = world(LAVA_WALL, &content);
    let pile = Pos::new(2, 2);
    g.floor.treasure.insert(pile, 10);
    let forager = content.creature("core:forager").unwrap().clone();
    let id = g.spawn(&forager, Pos::new(8, 2));
    for _ in 0..40 {
        if !g.floor.treasure.contains_key(&pile) || g.is_over() {
            break;
        }
        g.execute(&Command::Wait, &content);
        let c = &g.floor.creatures[&id];
        for p in std::iter::once(c.pos).chain(c.body.iter().map(|s| s.pos)) {
            assert!(!g.floor.map.is_hazard(p), "onto the lava at {p:?}");
        }
    }
    assert!(
        !g.floor.treasure.contains_key(&pile),
        "it reached the pile the long way"
    );
}

#[test]
fn travel_goes_round_known_lava() {
    let content = core();
    let map = "\
#########
#@..=..>#
#.#####.#
#.......#
#########";
    let mut g = world(map, &content);
    let stairs = Pos::new(7, 1);
    let path = known_path(&g, &content, stairs).expect("a way round");
    assert!(path.iter().all(|&p| !g.floor.map.is_hazard(p)), "{path:?}");
    assert_eq!(path.len(), 11, "down, along and up: {path:?}");
    let before = health(&g);
    let none = BTreeSet::new();
    let pickup = Pickup::default();
    while let Ok(cmd) = travel_step(&g, &content, TravelGoal::Tile(stairs), &none, &pickup) {
        g.execute(&cmd, &content);
    }
    assert_eq!(g.hero_pos(), stairs);
    assert!(health(&g) >= before, "never burnt on the way");
    // Auto-explore and the way to the stairs keep off it too.
    let mut g = world(map, &content);
    g.floor.explored = vec![false; g.floor.map.len()];
    g.update_sight(&content);
    for _ in 0..40 {
        let Ok(cmd) = travel_step(&g, &content, TravelGoal::Explore, &none, &pickup) else {
            break;
        };
        g.execute(&cmd, &content);
        assert!(!g.floor.map.is_hazard(g.hero_pos()));
    }
    let mut g = world(map, &content);
    g.floor.down = stairs;
    while let Ok(cmd) = travel_step(&g, &content, TravelGoal::Stairs, &none, &pickup) {
        g.execute(&cmd, &content);
        assert!(!g.floor.map.is_hazard(g.hero_pos()));
    }
    assert_eq!(g.hero_pos(), stairs);
}

const ACID: &str = r#"
[[terrain]]
id = "test:acid"
name = "acid pool"
description = "A pool of acid."
glyph = "%"
color = "green"
walkable = true
material = "water"
noise = 2
on_enter = { damage = 5, damage_type = "poison" }
"#;

#[test]
fn a_mods_harmful_kind_hurts_and_is_kept_off() {
    let content = content_with(ACID);
    let acid = kind(&content, "test:acid");
    let rules = content.terrains.rules(acid);
    assert!(rules.hazard && rules.walkable && rules.damage == 5);
    assert_eq!(
        (rules.material, rules.noise),
        (crate::map::Material::Water, 2)
    );
    let mut g = world(&LAVA_STEP.replace('=', "."), &content);
    g.floor.map.set(Pos::new(2, 1), acid);
    let before = health(&g);
    g.execute(&Command::Move(Dir::Right), &content);
    assert!(health(&g) < before - 4.0);
    assert!(
        g.log
            .lines
            .iter()
            .any(|l| l.text == "The acid pool hurts you for 5!")
    );
    assert!(
        !g.floor.map.can_stand(Pos::new(2, 1)),
        "nothing is put on it"
    );
}

#[test]
fn core_kinds_say_what_they_do() {
    let content = core();
    let rules = |id: &str| *content.terrains.rules(kind(&content, id));
    use crate::map::Material::*;
    let shallow = rules("core:shallow_water");
    assert!(shallow.safe() && shallow.material == Water && shallow.noise > 0);
    let deep = rules("core:deep_water");
    assert!(!deep.walkable && !deep.blocks_sight && !deep.blocks_projectiles);
    assert!(rules("core:chasm").falls && rules("core:chasm").hazard);
    assert!(rules("core:lava").damage > 0 && rules("core:lava").hazard);
    assert_eq!(rules("core:grass").material, Grass);
    let tall = rules("core:tall_grass");
    assert!(tall.safe() && tall.blocks_sight);
    assert_eq!(tall.trampled_to, Some(kind(&content, "core:grass")));
    assert!(rules("core:wall").blocks_projectiles && !rules("core:floor").blocks_projectiles);
    assert_eq!(rules("core:door").material, Wood);
}

#[test]
fn tall_grass_is_trampled_flat_and_then_seen_through() {
    let content = core();
    let mut g = world("#######\n#@....#\n#######", &content);
    let tall = kind(&content, "core:tall_grass");
    g.floor.map.set(Pos::new(2, 1), tall);
    g.update_sight(&content);
    assert!(
        !g.is_visible(Pos::new(4, 1)),
        "tall grass hides what is behind"
    );
    g.execute(&Command::Move(Dir::Right), &content);
    assert_eq!(
        g.floor.map.get(Pos::new(2, 1)),
        kind(&content, "core:grass")
    );
    assert!(g.is_visible(Pos::new(4, 1)));
}

#[test]
fn saves_keep_the_hazard_kinds_by_id() {
    let content = core();
    let mut g = world(LAVA_STEP, &content);
    g.floor
        .map
        .set(Pos::new(4, 1), kind(&content, "core:chasm"));
    g.floor
        .map
        .set(Pos::new(5, 1), kind(&content, "core:shallow_water"));
    let loaded = super::pipeline_tests::through_a_save(&g, &content).unwrap();
    assert_eq!(loaded, g);
    let id = |p: Pos| {
        loaded
            .floor
            .map
            .terrains()
            .id(loaded.floor.map.get(p))
            .map(str::to_string)
    };
    assert_eq!(id(Pos::new(2, 1)).as_deref(), Some("core:lava"));
    assert_eq!(id(Pos::new(4, 1)).as_deref(), Some("core:chasm"));
    assert!(
        loaded.floor.map.is_hazard(Pos::new(2, 1)),
        "bound to the content's rules"
    );
    assert!(
        loaded
            .floor
            .map
            .rules(loaded.floor.map.get(Pos::new(5, 1)))
            .safe()
    );
}

#[test]
fn bad_hazard_fields_are_refused_naming_the_field() {
    let base = (ACID.replace("on_enter = { damage = 5, damage_type = \"poison\" }\n", ""))
        .replace("material = \"water\"\nnoise = 2\n", "");
    for (bad, field) in [
        ("material = \"lava\"", "material"),
        ("noise = 99", "noise"),
        ("on_enter = { damage = 3, fall = true }", "on_enter"),
        (
            "on_enter = { damage = 3, damage_type = \"acid\" }",
            "damage_type",
        ),
        ("trampled_to = \"test:nothing\"", "trampled_to"),
    ] {
        let pack = crate::content::Pack {
            id: "test".into(),
            files: vec![("test.toml".into(), format!("{base}{bad}\n").into_bytes())],
        };
        let (_, report) = crate::content::load_packs(&[crate::content::core_pack(), pack]);
        assert!(report.has_errors(), "{bad} loads");
        let named = (report.diagnostics.iter()).any(|d| d.path.contains(field));
        assert!(named, "{bad}: {report}");
    }
}

/// Ice that chills whoever stands on it, for a turn at a time: terrain that matters without
/// harming.
const ICE: &str = r##"
[[modifiers]]
id = "test:chilled"
name = "Chilled"
duration = 1
effects = [ { attribute = "dexterity", flat = -3 } ]

[[terrain]]
id = "test:ice"
name = "ice"
description = "Ice: it chills whoever stands on it."
glyph = "_"
color = "#a0d8f0"
walkable = true
while_standing = "test:chilled"
"##;

#[test]
fn terrain_with_a_modifier_gives_it_while_standing_and_is_no_hazard() {
    let content = content_with(ICE);
    let ice = kind(&content, "test:ice");
    assert!(
        content.terrains.rules(ice).safe(),
        "ice is walked, not feared"
    );
    let mut g = world("#####\n#@..#\n#####", &content);
    g.floor.map.set(Pos::new(2, 1), ice);
    let hero = g.party.hero;
    let dexterity = |g: &Game| g.attribute(hero, super::combat::Attr::Dexterity, &content);
    let plain = dexterity(&g);
    g.execute(&Command::Move(Dir::Right), &content);
    assert_eq!(g.hero_pos(), Pos::new(2, 1));
    assert!(
        g.hero().has_modifier("test:chilled"),
        "chilled the turn it steps on"
    );
    assert_eq!(dexterity(&g), plain - 3.0);
    g.execute(&Command::Wait, &content);
    assert!(g.hero().has_modifier("test:chilled"), "and while it stays");
    g.execute(&Command::Move(Dir::Right), &content);
    assert!(
        !g.hero().has_modifier("test:chilled"),
        "gone once it steps off"
    );
    assert_eq!(dexterity(&g), plain);
    // Looking at the ice says what standing there does.
    let lines = super::examine::describe(&g, &content, Pos::new(2, 1)).unwrap();
    assert!(
        lines.contains(&"Standing here: Chilled.".to_string()),
        "{lines:?}"
    );
    // Core's kinds give nothing: the rules skip the look underfoot.
    assert!(!core().standing);
}

#[test]
fn while_standing_names_a_known_modifier() {
    let pack = crate::content::Pack {
        id: "test".into(),
        files: vec![(
            "test.toml".into(),
            ICE.replace(
                "while_standing = \"test:chilled\"",
                "while_standing = \"test:chiled\"",
            )
            .into_bytes(),
        )],
    };
    let (_, report) = crate::content::load_packs(&[crate::content::core_pack(), pack]);
    let named = (report.diagnostics.iter())
        .any(|d| d.path == "terrain[0].while_standing" && d.message.contains("test:chilled"));
    assert!(named, "{report}");
}
