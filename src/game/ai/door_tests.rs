//! Monsters at closed doors: one that opens doors opens it (that is its move) and walks
//! through after; to an animal a closed door is a wall, so it turns back at a dead end
//! behind one instead of waiting there for ever.
use super::tests::{core, find, hunter, world};
use crate::game::state::{AiMode, Awareness};
use crate::map::{Dir, Tile};

const HALL: &str = "#@.......+..m#\n";

#[test]
fn a_monster_opens_a_door_and_an_animal_turns_back_at_it() {
    let content = core();
    for (kind, opens) in [("core:goblin", true), ("core:rat", false)] {
        assert_eq!(content.creature(kind).unwrap().opens_doors, opens, "{kind}");
        let mut g = world(HALL);
        let (door, start) = (find(HALL, '+'), find(HALL, 'm'));
        let id = hunter(&mut g, &content, kind, start, Dir::Left);
        for _ in 0..2 {
            g.monsters_act(&content);
        }
        let before = door.offset(Dir::Right);
        assert_eq!(g.floor.creatures[&id].pos, before, "{kind} at the door");
        g.monsters_act(&content);
        let expected = if opens { Tile::OPEN_DOOR } else { Tile::DOOR };
        assert_eq!(g.floor.map.get(door), expected, "{kind}");
        let c = &g.floor.creatures[&id];
        assert_eq!(c.pos, before, "{kind} stays this turn");
        if !opens {
            // The door is a wall to it: a dead end, where the greedy step turns back.
            assert_eq!(c.heading, Dir::Right, "{kind} turned round");
        }
        g.monsters_act(&content);
        let then = if opens {
            door
        } else {
            before.offset(Dir::Right)
        };
        assert_eq!(g.floor.creatures[&id].pos, then, "{kind} then");
    }
}

#[test]
fn an_unaware_animal_wanders_off_from_a_closed_door() {
    // Its home lies beyond the door: it once stood at the door, facing it, for ever.
    let content = core();
    let mut g = world(HALL);
    let id = hunter(&mut g, &content, "core:rat", find(HALL, 'm'), Dir::Left);
    let c = g.floor.creatures.get_mut(&id).unwrap();
    c.ai.awareness = Awareness::Unaware;
    c.ai.mode = AiMode::Wander;
    c.ai.home = find(HALL, '@').offset(Dir::Right);
    let mut still = 0;
    for turn in 0..20 {
        let was = g.floor.creatures[&id].pos;
        g.monsters_act(&content);
        let c = &g.floor.creatures[&id];
        assert_eq!(c.ai.awareness, Awareness::Unaware, "turn {turn}");
        still = if c.pos == was { still + 1 } else { 0 };
        assert!(still < 2, "turn {turn}: still at {:?}", c.pos);
    }
}
