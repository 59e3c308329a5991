//! Monsters at closed doors: one that opens doors opens it (that is its move) and walks
//! through after; an animal waits there.
use super::tests::{core, find, hunter, world};
use crate::map::{Dir, Tile};

const HALL: &str = "#@.......+..m#\n";

#[test]
fn a_monster_opens_a_door_and_an_animal_waits_at_it() {
    let content = core();
    for (kind, opens) in [("core:goblin", true), ("core:rat", false)] {
        assert_eq!(content.creature(kind).unwrap().opens_doors, opens, "{kind}");
        let mut g = world(HALL);
        let (door, start) = (find(HALL, '+'), find(HALL, 'm'));
        let id = hunter(&mut g, &content, kind, start, Dir::Left);
        for _ in 0..2 {
            g.monsters_act(&content);
        }
        assert_eq!(
            g.floor.creatures[&id].pos,
            door.offset(Dir::Right),
            "{kind} at the door"
        );
        g.monsters_act(&content);
        let expected = if opens { Tile::OPEN_DOOR } else { Tile::DOOR };
        assert_eq!(g.floor.map.get(door), expected, "{kind}");
        assert_eq!(
            g.floor.creatures[&id].pos,
            door.offset(Dir::Right),
            "{kind} stays"
        );
        g.monsters_act(&content);
        let beyond = if opens { door } else { door.offset(Dir::Right) };
        assert_eq!(g.floor.creatures[&id].pos, beyond, "{kind} then");
    }
}
