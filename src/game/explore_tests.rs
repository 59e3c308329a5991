//! Auto-explore picks up what it finds (with the pack's limits, leaving what the player left),
//! and travel, auto-explore and autofight never walk into a creature that is not hostile.
use std::collections::BTreeSet;

use super::autofight::autofight;
use super::command::Command;
use super::door_tests::world;
use super::state::{Game, ItemInstance};
use super::travel::{Pickup, TravelGoal, TravelStop, travel_step};
use crate::content::Content;
use crate::map::Pos;

fn core() -> Content {
    Content::core().expect("core loads")
}

const HALL: &str = "\
###########
#@........#
###########";

const POTION: &str = "core:potion_of_darkness";

/// The hall with a potion at x 5 and gold at x 8, all of it in view.
fn hall(content: &Content) -> Game {
    let mut g = world(HALL, content);
    g.floor
        .ground
        .insert(Pos::new(5, 1), vec![ItemInstance::new(POTION, content)]);
    g.floor.treasure.insert(Pos::new(8, 1), 7);
    g
}

/// Auto-explore to its end: the stop, and every command it gave.
fn explore(g: &mut Game, content: &Content, pickup: &Pickup) -> (TravelStop, Vec<Command>) {
    let mut sent = Vec::new();
    for _ in 0..200 {
        match travel_step(g, content, TravelGoal::Explore, &BTreeSet::new(), pickup) {
            Ok(cmd) => {
                g.execute(&cmd, content);
                sent.push(cmd);
            }
            Err(stop) => return (stop, sent),
        }
    }
    panic!("auto-explore does not end: {sent:?}");
}

#[test]
fn auto_explore_picks_up_items_and_gold_it_knows_of() {
    let content = core();
    let mut g = hall(&content);
    let (stop, sent) = explore(&mut g, &content, &Pickup::default());
    assert_eq!(stop, TravelStop::NothingLeft);
    assert!(sent.contains(&Command::PickUp), "{sent:?}");
    assert_eq!(
        g.party.inventory.last().map(|it| it.item.as_str()),
        Some(POTION)
    );
    assert!(g.floor.ground.is_empty() && g.floor.treasure.is_empty());
}

#[test]
fn a_pile_the_player_left_or_every_pile_with_the_setting_off_stays() {
    let content = core();
    let at = Pos::new(5, 1);
    for pickup in [
        Pickup {
            left: BTreeSet::from([at]),
            ..Pickup::default()
        },
        Pickup {
            off: true,
            ..Pickup::default()
        },
    ] {
        let mut g = hall(&content);
        let (stop, sent) = explore(&mut g, &content, &pickup);
        assert_eq!(stop, TravelStop::NothingLeft, "{pickup:?}");
        assert!(!sent.contains(&Command::PickUp), "{pickup:?}: {sent:?}");
        assert!(g.floor.ground.contains_key(&at), "{pickup:?}");
        assert!(g.floor.treasure.is_empty(), "gold is always taken");
    }
}

#[test]
fn a_full_pack_leaves_the_item_and_says_so() {
    let content = core();
    let mut g = hall(&content);
    let size = content.balance.inventory_size as usize;
    while g.party.inventory.len() < size {
        g.party
            .inventory
            .push(ItemInstance::new("core:potion_of_weakness", &content));
    }
    let (stop, sent) = explore(&mut g, &content, &Pickup::default());
    assert_eq!(stop, TravelStop::PackFull(1));
    assert_eq!(
        stop.to_string(),
        "Nothing left to explore but an item your pack has no room for."
    );
    assert!(!sent.contains(&Command::PickUp));
    assert!(g.floor.ground.contains_key(&Pos::new(5, 1)));
}

/// A full pack still takes thrown items that stack with some it carries, as picking up by
/// hand does: auto-explore goes for them (walking onto them gathers them) rather than saying
/// the pack is full. No gold on the way: only the darts draw it there.
#[test]
fn a_full_pack_still_takes_darts_that_stack() {
    let content = core();
    let mut g = hall(&content);
    g.floor.ground.clear();
    g.floor.treasure.clear();
    g.floor.ground.insert(
        Pos::new(5, 1),
        vec![ItemInstance::new("core:dart", &content)],
    );
    g.party
        .inventory
        .insert(0, ItemInstance::new("core:dart", &content));
    let size = content.balance.inventory_size as usize;
    while g.party.inventory.len() < size {
        g.party
            .inventory
            .push(ItemInstance::new("core:potion_of_weakness", &content));
    }
    let before = g.party.inventory[0].count;
    let (stop, sent) = explore(&mut g, &content, &Pickup::default());
    assert_eq!(stop, TravelStop::NothingLeft, "{sent:?}");
    assert!(g.floor.ground.is_empty(), "{sent:?}");
    assert!(
        g.party.inventory[0].count > before,
        "the darts joined the stack"
    );
}

const CORRIDOR: &str = "\
##########
#@.......#
##########";

/// The forager on the only corridor between the hero and the rest of the floor.
fn blocked(content: &Content) -> (Game, Pos) {
    let mut g = world(CORRIDOR, content);
    let forager = content
        .creature("core:forager")
        .expect("core's forager")
        .clone();
    let at = Pos::new(2, 1);
    g.spawn(&forager, at);
    // The corridor's far end is not known yet: there is something left to explore.
    for x in 6..9 {
        let i = g.floor.map.idx(Pos::new(x, 1)).expect("on the map");
        g.floor.explored[i] = false;
    }
    (g, at)
}

#[test]
fn auto_explore_and_autofight_wait_for_the_forager_and_never_bump_it() {
    let content = core();
    let (g, at) = blocked(&content);
    // Next to it on the only way: both wait for it to pass.
    let none = BTreeSet::new();
    let explore = travel_step(&g, &content, TravelGoal::Explore, &none, &Pickup::default());
    assert_eq!(explore, Ok(Command::Wait));
    let to = TravelGoal::Tile(Pos::new(4, 1));
    assert_eq!(
        travel_step(&g, &content, to, &none, &Pickup::default()),
        Ok(Command::Wait)
    );
    let (mut fighting, forager) = blocked(&content);
    let rat = content.creature("core:rat").expect("core's rat").clone();
    let rat_id = fighting.spawn(&rat, Pos::new(5, 1));
    fighting.update_sight(&content);
    let choice = autofight(&fighting, &content, 0.5).expect("a rat in view");
    assert_eq!(
        (choice.command, choice.target),
        (Command::Wait, Some(rat_id))
    );
    assert_eq!(forager, at);
    // Played on, turn by turn, neither ever steps into the forager or starts a fight with it.
    for (mut g, fight) in [(g, false), (fighting, true)] {
        for _ in 0..60 {
            let cmd = if fight {
                match autofight(&g, &content, 0.0) {
                    Ok(choice) => choice.command,
                    Err(_) => break,
                }
            } else {
                match travel_step(&g, &content, TravelGoal::Explore, &none, &Pickup::default()) {
                    Ok(cmd) => cmd,
                    Err(_) => break,
                }
            };
            let forager_at = (g.floor.creatures.values())
                .find(|c| c.kind == "core:forager")
                .map(|c| c.pos);
            if let Command::Move(d) = cmd {
                assert_ne!(
                    Some(g.hero_pos().offset(d)),
                    forager_at,
                    "a step into the forager"
                );
            }
            g.execute(&cmd, &content);
            let fought = (g.fight.enemies.iter())
                .any(|id| g.creature(*id).is_some_and(|c| c.kind == "core:forager"));
            assert!(!fought, "a fight with the forager");
        }
        assert!(
            (g.floor.creatures.values()).any(|c| c.kind == "core:forager" && c.is_alive()),
            "the forager lives"
        );
    }
}
