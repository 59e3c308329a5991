//! Floors that remember: a floor left and come back to is the floor as it was left, through
//! saves too, and going down and up with a save and reload at any turn ends in the same hash.
use proptest::prelude::*;

use super::bot;
use super::command::{Command, RunOutcome};
use super::depths::Stairs;
use super::floor::FloorState;
use super::state::Game;
use crate::content::Content;

fn core() -> Content {
    Content::core().unwrap()
}

/// The hero's next command towards the stairs `stairs` (fighting whoever stops it, as the
/// bot does), or the stairs themselves once on them; `None` when no way is known.
fn towards(g: &Game, stairs: Stairs, content: &Content) -> Option<Command> {
    if g.in_combat() {
        return Some(bot::explore(g, content));
    }
    let (goal, take) = match stairs {
        Stairs::Down => (g.floor.down, Command::Descend),
        Stairs::Up => (g.floor.up, Command::Ascend),
    };
    if g.hero_pos() == goal {
        return Some(take);
    }
    bot::step_towards(g, content, |p| p == goal, true)
}

/// Plays towards the stairs until the floor changes (or the run ends, or `limit` commands),
/// recording every command given.
fn take(g: &mut Game, stairs: Stairs, limit: usize, record: &mut Vec<Command>, c: &Content) {
    let floor = g.floor.depth;
    for _ in 0..limit {
        if g.is_over() || g.floor.depth != floor {
            return;
        }
        let Some(cmd) = towards(g, stairs, c) else {
            return;
        };
        g.execute(&cmd, c);
        record.push(cmd);
    }
}

/// A new run of `seed` whose hero is put on floor 1's down stairs (seeing from there), and the
/// tile of those stairs.
fn on_the_stairs_down(seed: u64, content: &Content) -> (Game, crate::map::Pos) {
    let mut g = Game::new(seed, content).unwrap();
    let (hero, down) = (g.party.hero, g.floor.down);
    g.floor.creatures.get_mut(&hero).unwrap().pos = down;
    g.update_sight(content);
    (g, down)
}

/// A floor as it is kept: without the hero, nothing in view.
fn as_kept(floor: &FloorState, hero: super::state::CreatureId) -> FloorState {
    let mut f = floor.clone();
    f.creatures.remove(&hero);
    f.visible.fill(false);
    f
}

/// The fields in which two floors differ, by name (a floor's `Debug` is too long to read).
fn differences(a: &FloorState, b: &FloorState) -> Vec<&'static str> {
    let same = [
        ("floor", a.depth == b.depth),
        ("map", a.map == b.map),
        ("stairs", (a.up, a.down) == (b.up, b.down)),
        ("explored", a.explored == b.explored),
        ("visible", a.visible == b.visible),
        ("creatures", a.creatures == b.creatures),
        ("treasure", a.treasure == b.treasure),
        ("traps", a.traps == b.traps),
        ("ground", a.ground == b.ground),
        ("encounter_rooms", a.encounter_rooms == b.encounter_rooms),
        ("shop", a.shop == b.shop),
        ("alarm", a.alarm == b.alarm),
    ];
    same.iter().filter(|(_, s)| !s).map(|(n, _)| *n).collect()
}

/// The game written and read back as a save is (its map bound to the content's terrain, as
/// loading a save does).
fn saved_and_read(g: &Game, content: &Content) -> Game {
    let mut back: Game = serde_json::from_slice(&serde_json::to_vec(g).unwrap()).unwrap();
    back.bind_terrain(content).unwrap();
    back
}

/// Floor 1 left by its down stairs, then floor 2 left by its up stairs (through a save and
/// reload in between), is floor 1 as it was left: every field, the monsters where they stood
/// and the dead still dead; the hero stands on its down stairs.
#[test]
fn a_floor_left_and_come_back_to_is_the_floor_as_left() {
    let content = core();
    let (mut g, down) = on_the_stairs_down(21, &content);
    let hero = g.party.hero;
    let before = as_kept(&g.floor, hero);
    g.execute(&Command::Descend, &content);
    assert_eq!(g.floor.depth, 2);
    assert!(
        differences(&g.depths.kept[&1], &before).is_empty(),
        "kept as left"
    );
    let mut g = saved_and_read(&g, &content);
    let up = g.floor.up;
    assert_eq!(g.hero_pos(), up);
    g.execute(&Command::Ascend, &content);
    assert_eq!(g.floor.depth, 1);
    assert_eq!(g.hero_pos(), down, "arrived on the down stairs");
    let after = as_kept(&g.floor, hero);
    // Coming back, the hero sees from the stairs it left by: nothing new to remember.
    assert_eq!(
        differences(&after, &before),
        [""; 0],
        "floor 1 as it was left"
    );
    assert_eq!(g.depths.kept.keys().copied().collect::<Vec<_>>(), [2]);
    assert_eq!(g.depths.deepest(g.floor.depth), 2);
    assert!(
        g.log
            .lines
            .iter()
            .any(|l| l.text == "You climb to floor 1.")
    );
}

/// The first floor's up stairs lead out: the run ends, left, not won.
#[test]
fn climbing_off_the_first_floor_ends_the_run_left() {
    let content = core();
    let mut g = Game::new(4, &content).unwrap();
    assert_eq!(g.hero_pos(), g.floor.up);
    g.execute(&Command::Ascend, &content);
    assert_eq!(g.run.outcome, Some(RunOutcome::Left));
    let mut other = Game::new(4, &content).unwrap();
    let step = bot::frontier_step(&other, &content, true).unwrap();
    other.execute(&step, &content);
    assert_ne!(other.hero_pos(), other.floor.up);
    let refused = other.execute(&Command::Ascend, &content);
    assert!(matches!(refused, super::command::Outcome::Rejected(_)));
}

/// Someone standing on the stairs the hero arrives by is moved aside to the nearest free
/// tile; nobody else moves.
#[test]
fn whoever_stands_on_the_arrival_stairs_steps_aside() {
    let content = core();
    let (mut g, down) = on_the_stairs_down(8, &content);
    g.execute(&Command::Descend, &content);
    let mut kept = g.depths.kept[&1].clone();
    let (&id, _) = kept.creatures.iter().find(|(_, c)| c.is_alive()).unwrap();
    kept.creatures.get_mut(&id).unwrap().pos = down;
    g.depths.kept.insert(1, kept.clone());
    g.execute(&Command::Ascend, &content);
    assert_eq!(g.hero_pos(), down);
    let moved = g.floor.creatures[&id].pos;
    assert!(moved != down && (moved.x - down.x).abs() + (moved.y - down.y).abs() <= 2);
    for (other, c) in &kept.creatures {
        if *other != id {
            assert_eq!(g.floor.creatures[other].pos, c.pos);
        }
    }
}

/// A kept floor whose flags do not fit its map is refused by name, never read as another.
#[test]
fn a_damaged_kept_floor_is_a_located_error() {
    let content = core();
    let (mut g, _) = on_the_stairs_down(2, &content);
    g.execute(&Command::Descend, &content);
    let mut json: serde_json::Value = serde_json::to_value(&g).unwrap();
    json["kept"][0][1]["explored"] = serde_json::Value::String("f".into());
    let err = serde_json::from_value::<Game>(json.clone())
        .unwrap_err()
        .to_string();
    assert!(err.contains("kept floor 1's explored"), "{err}");
    json["kept"][0][0] = 3.into();
    let err = serde_json::from_value::<Game>(json)
        .unwrap_err()
        .to_string();
    assert!(err.contains("kept floor 3 says it is floor 1"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// Down and up any number of times, with a save and reload after any command: the same
    /// commands end in the same state and hash as the run never saved.
    #[test]
    fn down_and_up_with_a_reload_anywhere_ends_the_same(
        seed in 0u64..1000,
        ways in prop::collection::vec(any::<bool>(), 1..6),
        at in 0usize..400,
    ) {
        let content = core();
        let mut g = Game::new(seed, &content).unwrap();
        let mut record = Vec::new();
        for down in ways {
            let stairs = if down || g.floor.depth == 1 { Stairs::Down } else { Stairs::Up };
            take(&mut g, stairs, 300, &mut record, &content);
        }
        let mut again = Game::new(seed, &content).unwrap();
        for (i, cmd) in record.iter().enumerate() {
            if i == at.min(record.len()) {
                again = saved_and_read(&again, &content);
            }
            again.execute(cmd, &content);
        }
        prop_assert_eq!(
            (again.floor.depth, again.run.turn, again.log.record.len()),
            (g.floor.depth, g.run.turn, g.log.record.len()),
            "{} commands, reload at {}", record.len(), at
        );
        prop_assert_eq!(differences(&again.floor, &g.floor), [""; 0]);
        prop_assert!(again.depths.kept.keys().eq(g.depths.kept.keys()));
        for (depth, floor) in &g.depths.kept {
            prop_assert_eq!(differences(&again.depths.kept[depth], floor), [""; 0], "kept {}", depth);
        }
        prop_assert_eq!(again.state_hash(), g.state_hash());
        prop_assert!(again == g);
    }
}

/// Floors are kept by depth, never twice, and never the one the hero is on.
#[test]
fn the_floor_the_hero_is_on_is_never_kept() {
    let content = core();
    let mut g = Game::new(33, &content).unwrap();
    let mut record = Vec::new();
    for stairs in [
        Stairs::Down,
        Stairs::Down,
        Stairs::Up,
        Stairs::Down,
        Stairs::Up,
    ] {
        take(&mut g, stairs, 400, &mut record, &content);
        assert!(!g.depths.kept.contains_key(&g.floor.depth));
        for (depth, floor) in &g.depths.kept {
            assert_eq!(floor.depth, *depth);
            assert!(!floor.creatures.contains_key(&g.party.hero));
            assert!(floor.visible.iter().all(|v| !v));
        }
    }
    assert!(record.contains(&Command::Ascend), "it climbed");
    assert!(g.depths.deepest(g.floor.depth) >= g.floor.depth);
}
