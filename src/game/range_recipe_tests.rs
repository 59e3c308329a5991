//! MODDING.md's range recipes: "A ranged monster" loads beside core and its monster shoots
//! from across a room; "A throwing item" loads, stacks, and flies as far as its ability says.
use super::door_tests::world;
use super::state::{Awareness, ItemInstance};
use super::throwing_tests::HALL;
use super::{Command, Event, Outcome, Reason};
use crate::map::Pos;

#[test]
fn modding_mds_ranged_monster_shoots_from_across_the_room() {
    let content = super::pipeline_tests::recipe_content("## A ranged monster", "spitter.toml");
    assert_eq!(content.abilities["mymod:spit"].range, 4);
    let mut g = world(HALL, &content);
    let id = g.spawn(&content.creatures["mymod:spitter"], Pos::new(5, 2));
    g.floor.creatures.get_mut(&id).unwrap().ai.awareness = Awareness::Hunting;
    g.update_sight(&content);
    g.log.last_events.clear();
    g.execute(&Command::Wait, &content);
    assert!(g.in_combat(), "{:?}", g.log.lines);
    assert!(g.log.last_events.iter().any(|e| matches!(e,
        Event::AbilityUsed { source, ability, .. } if *source == id && ability == "mymod:spit")));
}

#[test]
fn modding_mds_throwing_item_stacks_and_flies_its_abilitys_range() {
    let content = super::pipeline_tests::recipe_content("## A throwing item", "shuriken.toml");
    let mut g = world(HALL, &content);
    g.party
        .inventory
        .insert(0, ItemInstance::new("mymod:shuriken", &content));
    assert_eq!(g.party.inventory[0].count, 5);
    let too_far = Command::Throw {
        index: 0,
        at: Pos::new(7, 2),
    };
    assert_eq!(
        g.execute(&too_far, &content),
        Outcome::Rejected(Reason::OutOfRange {
            distance: 6,
            range: 5
        })
    );
    let at = Pos::new(6, 2);
    assert_eq!(
        g.execute(&Command::Throw { index: 0, at }, &content),
        Outcome::TurnPassed
    );
    assert_eq!(g.party.inventory[0].count, 4);
}
