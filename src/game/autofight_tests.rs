//! Tests of autofight and find: autofight walks the travel path to the nearest hostile and
//! bumps it, strikes the weakest enemy as the bot would, and refuses below the threshold or
//! with nobody to fight; find lists what the hero knows nearest first, and travel reaches the
//! chosen entry.
use super::autofight::{AutofightRefusal, autofight};
use super::bot::strike;
use super::door_tests::{core, world};
use super::find::{FoundKind, findable};
use super::state::{Awareness, ItemInstance};
use super::travel::{Pickup, TravelGoal, TravelStop, travel_step};
use super::{Attr, Command, CreatureId, Game, Outcome};
use crate::content::Content;
use crate::map::{Dir, Pos};
use std::collections::BTreeSet;

/// A room cut by a chasm (`C`: seen across, never walked) with one way round at its south
/// end: the goblin `g` is nearer in a straight line, the rat `r` nearer on foot.
const SPLIT: &str = "\
##########
#@...C.g.#
#....C...#
#r.......#
##########";

fn at(ascii: &str, ch: char) -> Pos {
    (ascii.lines().enumerate())
        .find_map(|(y, row)| row.find(ch).map(|x| Pos::new(x as i32, y as i32)))
        .expect("the mark is on the map")
}

fn hunting(g: &mut Game, content: &Content, kind: &str, pos: Pos) -> CreatureId {
    let id = g.spawn(content.creature(kind).expect("a core creature"), pos);
    g.floor.creatures.get_mut(&id).unwrap().ai.awareness = Awareness::Hunting;
    id
}

/// The map with the marked monsters on it, all of it in view.
fn split(content: &Content) -> (Game, CreatureId, CreatureId) {
    let mut g = world(&SPLIT.replace(['g', 'r', 'C'], "."), content);
    let chasm = g
        .floor
        .map
        .terrains()
        .tile("core:chasm")
        .expect("core has chasms");
    for (y, row) in SPLIT.lines().enumerate() {
        for (x, _) in row.match_indices('C') {
            g.floor.map.set(Pos::new(x as i32, y as i32), chasm);
        }
    }
    let goblin = hunting(&mut g, content, "core:goblin", at(SPLIT, 'g'));
    let rat = hunting(&mut g, content, "core:rat", at(SPLIT, 'r'));
    g.update_sight(content);
    (g, goblin, rat)
}

#[test]
fn autofight_walks_the_travel_path_to_the_nearest_hostile_and_bumps_it() {
    let content = core();
    let (mut g, goblin, rat) = split(&content);
    let first = autofight(&g, &content, 0.5).expect("a hostile in view");
    assert_eq!(first.target, Some(rat), "the rat is nearer on foot");
    assert_eq!(first.command, Command::Move(Dir::Down));
    // The goblin alone, asleep: pressed on, autofight goes round the chasm (a straight line
    // would step into it) and the last step is the bump.
    g.floor.creatures.remove(&rat);
    assert_eq!(autofight(&g, &content, 0.5).unwrap().target, Some(goblin));
    let mut presses = 0;
    while !g.in_combat() && g.creature(goblin).is_some_and(|c| c.is_alive()) {
        // A sound sleeper: it stays put, so the steps counted are autofight's own.
        g.floor.creatures.get_mut(&goblin).unwrap().ai.awareness = Awareness::Asleep;
        presses += 1;
        assert!(presses < 30, "autofight never reached the goblin");
        let choice = autofight(&g, &content, 0.5).expect("the goblin is in view");
        assert_eq!(g.execute(&choice.command, &content), Outcome::TurnPassed);
    }
    // Nine steps round the chasm (six as the crow flies), then the bump, unless the goblin,
    // woken by the hero beside it, strikes first.
    assert!((9..=10).contains(&presses), "{presses} presses");
}

#[test]
fn in_a_fight_autofight_strikes_the_weakest_enemy_as_the_bot_would() {
    let content = core();
    let (mut g, goblin, rat) = split(&content);
    for id in [goblin, rat] {
        g.fight.enemies.push(id);
    }
    let weakest =
        |g: &mut Game, id: CreatureId| g.floor.creatures.get_mut(&id).unwrap().health = 1.0;
    weakest(&mut g, goblin);
    let choice = autofight(&g, &content, 0.5).expect("a fight to fight");
    assert_eq!(choice.command, strike(&g, &content));
    assert_eq!(choice.target, Some(goblin), "the goblin has 1 health left");
    match &choice.command {
        Command::Ability { target, .. } => assert_eq!(*target, Some(goblin)),
        other => panic!("autofight in a fight strikes: {other:?}"),
    }
    g.floor.creatures.get_mut(&goblin).unwrap().health = 50.0;
    weakest(&mut g, rat);
    assert_eq!(autofight(&g, &content, 0.5).unwrap().target, Some(rat));
}

#[test]
fn autofight_refuses_below_the_threshold_and_with_nobody_in_view() {
    let content = core();
    let (mut g, _, _) = split(&content);
    let (hero, max) = (
        g.party.hero,
        g.attribute(g.party.hero, Attr::MaxHealth, &content),
    );
    g.floor.creatures.get_mut(&hero).unwrap().health = max * 0.4;
    let refused = autofight(&g, &content, 0.5).expect_err("40% is below 50%");
    assert!(matches!(refused, AutofightRefusal::HealthLow { .. }));
    assert!(refused.to_string().contains("below 50%"), "{refused}");
    assert!(autofight(&g, &content, 0.3).is_ok(), "40% is above 30%");
    assert!(autofight(&g, &content, 0.0).is_ok(), "0 never refuses");
    // In a fight too: autofight never fights on at low health.
    g.fight.enemies = g
        .floor
        .creatures
        .keys()
        .copied()
        .filter(|&id| id != g.party.hero)
        .collect();
    assert!(autofight(&g, &content, 0.5).is_err());
    g.fight.enemies.clear();
    g.floor.visible.fill(false);
    assert_eq!(
        autofight(&g, &content, 0.0),
        Err(AutofightRefusal::NoHostileInView)
    );
}

/// Treasure, an item, a door and the stairs at known distances.
const STORE: &str = "\
###########
#@.$......#
#.#######+#
#.i.....>.#
###########";

fn store(content: &Content) -> Game {
    let mut g = world(&STORE.replace(['$', 'i', '>'], "."), content);
    g.floor.treasure.insert(at(STORE, '$'), 12);
    (g.floor.ground.entry(at(STORE, 'i')).or_default())
        .push(ItemInstance::new("core:dart", content));
    g.floor.down = at(STORE, '>');
    g.floor.map.set(g.floor.down, crate::map::Tile::STAIRS_DOWN);
    g.floor.explored.fill(true);
    g
}

#[test]
fn find_lists_what_the_hero_knows_nearest_first() {
    let content = core();
    let g = store(&content);
    let list = findable(&g, &content);
    let kinds: Vec<FoundKind> = list.iter().map(|f| f.kind).collect();
    // Gold 2 steps, the item 3; the stairs and the door 9 each and as far in a straight
    // line, so the stairs come first, by kind.
    assert_eq!(
        kinds,
        [
            FoundKind::Treasure,
            FoundKind::Item,
            FoundKind::Stairs,
            FoundKind::Door
        ],
        "{list:?}"
    );
    assert_eq!(list[0].steps, Some(2));
    assert_eq!(list[0].line(), "12 gold: 2 steps, 2 east");
    assert_eq!(list[2].line(), "Stairs down: 9 steps, 2 south, 7 east");
    assert_eq!(list[3].name, "Closed door");
}

#[test]
fn find_lists_monsters_in_view_only_and_travel_reaches_the_chosen_entry() {
    let content = core();
    let mut g = store(&content);
    let rat = g.spawn(content.creature("core:rat").unwrap(), Pos::new(6, 1));
    g.floor.creatures.get_mut(&rat).unwrap().ai.awareness = Awareness::Asleep;
    g.update_sight(&content);
    let list = findable(&g, &content);
    assert!(
        list.iter()
            .any(|f| f.kind == FoundKind::Monster && f.name.contains("asleep"))
    );
    g.floor.visible.fill(false);
    assert!(
        !findable(&g, &content)
            .iter()
            .any(|f| f.kind == FoundKind::Monster)
    );
    g.floor.creatures.remove(&rat);
    let stairs = findable(&g, &content)
        .into_iter()
        .find(|f| f.kind == FoundKind::Stairs)
        .expect("the stairs are known");
    let known = BTreeSet::new();
    for _ in 0..30 {
        match travel_step(
            &g,
            &content,
            TravelGoal::Tile(stairs.at),
            &known,
            &Pickup::default(),
        ) {
            Ok(cmd) => assert_eq!(g.execute(&cmd, &content), Outcome::TurnPassed),
            Err(TravelStop::Arrived) => break,
            Err(e) => panic!("travel stopped: {e}"),
        }
    }
    assert_eq!(g.hero_pos(), stairs.at);
}
