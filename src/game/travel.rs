//! Travel and auto-explore: one ordinary move per turn (a whole turn: the monsters move too)
//! along a shortest path, stopping when a monster comes into view. The UI and the bot ask for
//! the next step.
use std::collections::BTreeSet;
use std::fmt;

use super::bot::{first_step, frontier_step, step_towards, treasure_step};
use super::combat::Attr;
use super::state::{CreatureId, Game};
use crate::content::Content;
use crate::grid::nearest;
use crate::map::{Dir, Pos, Tile, TileMap};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TravelGoal {
    /// The nearest remembered treasure, else the nearest unexplored edge.
    Explore,
    /// The down stairs, once found.
    Stairs,
    /// A tile the player pointed at (click to travel).
    Tile(Pos),
}

/// Why travel did not take (another) step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TravelStop {
    InCombat,
    /// A hostile monster came into view that was not in view at the last stop.
    MonsterComesIntoView(CreatureId),
    NothingLeft,
    StairsUnknown,
    NoPath,
    Arrived,
}

impl fmt::Display for TravelStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TravelStop::InCombat => "You are in a fight.",
            TravelStop::MonsterComesIntoView(_) => "A monster comes into view.",
            TravelStop::NothingLeft => "Nothing left to explore.",
            TravelStop::StairsUnknown => "You have not found the stairs down yet.",
            TravelStop::NoPath => "There is no known way there.",
            TravelStop::Arrived => "You are there.",
        })
    }
}

/// The hostile monsters the hero sees now.
pub fn hostiles_in_view(game: &Game, content: &Content) -> BTreeSet<CreatureId> {
    game.floor
        .creatures
        .values()
        .filter(|c| {
            c.id != game.party.hero
                && c.is_alive()
                && game.is_visible(c.pos)
                && content.creature(&c.kind).is_some_and(|k| k.hostile)
        })
        .map(|c| c.id)
        .collect()
}

/// The hostile monsters in view that hunt the hero: one more of them stops travel, searching
/// and resting.
pub fn watchers(game: &Game, content: &Content) -> BTreeSet<CreatureId> {
    let mut ids = hostiles_in_view(game, content);
    ids.retain(|id| game.hunts_hero(*id));
    ids
}

/// Whether resting has nothing left to give: the hero's health and stamina are full.
pub fn rested(game: &Game, content: &Content) -> bool {
    let h = game.hero();
    h.health >= game.attribute(h.id, Attr::MaxHealth, content)
        && h.stamina >= game.attribute(h.id, Attr::MaxStamina, content)
}

/// The next step towards `goal`, or why there is none. Travel stops for a hostile monster that
/// is not in `known` (those in view when the player last stopped or pressed on), so pressing
/// again with the same monsters in view goes on, as in Brogue.
pub fn travel_step(
    game: &Game,
    content: &Content,
    goal: TravelGoal,
    known: &BTreeSet<CreatureId>,
) -> Result<Dir, TravelStop> {
    if game.in_combat() {
        return Err(TravelStop::InCombat);
    }
    if let Some(&new) = hostiles_in_view(game, content).difference(known).next() {
        return Err(TravelStop::MonsterComesIntoView(new));
    }
    match goal {
        TravelGoal::Explore => treasure_step(game)
            .or_else(|| frontier_step(game))
            .ok_or(TravelStop::NothingLeft),
        TravelGoal::Stairs if game.hero_pos() == game.floor.down => Err(TravelStop::Arrived),
        TravelGoal::Stairs if !game.is_explored(game.floor.down) => Err(TravelStop::StairsUnknown),
        TravelGoal::Stairs => {
            step_towards(game, |p| p == game.floor.down).ok_or(TravelStop::NoPath)
        }
        TravelGoal::Tile(to) if to == game.hero_pos() => Err(TravelStop::Arrived),
        TravelGoal::Tile(to) => known_path(game, to)
            .and_then(|path| first_step(&path))
            .ok_or(TravelStop::NoPath),
    }
}

/// The shortest path from the hero to `to` over tiles the hero has seen (what the player
/// knows of the floor), hero's tile first; for travel and its preview.
pub fn known_path(game: &Game, to: Pos) -> Option<Vec<Pos>> {
    if !game.floor.map.in_bounds(to) || !game.is_explored(to) || !game.floor.map.is_passable(to) {
        return None;
    }
    let mut map = known_map(game);
    // Round the shopkeeper, unless it is where the hero goes (a bump opens its shop).
    if let Some(k) = (game.floor.shop.as_ref()).and_then(|s| game.creature(s.keeper))
        && k.is_alive()
        && k.pos != to
    {
        map.set(k.pos, Tile::WALL);
    }
    nearest(&map, game.hero_pos(), |p| p == to).filter(|path| path.len() >= 2)
}

/// The floor as the hero knows it: the tiles seen, walls everywhere else.
pub fn known_map(game: &Game) -> TileMap {
    let mut known = TileMap::new(game.floor.map.width(), game.floor.map.height(), Tile::WALL);
    for i in 0..game.floor.map.len() {
        if game.floor.explored[i] {
            let p = game.floor.map.pos(i);
            known.set(p, game.floor.map.get(p));
        }
    }
    known
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Command, Outcome};

    /// No monster was in view at the last stop.
    const NONE: BTreeSet<CreatureId> = BTreeSet::new();

    fn content() -> Content {
        Content::core().unwrap()
    }

    /// A run with every monster gone, so nothing interrupts travel.
    fn alone(seed: u64, content: &Content) -> Game {
        let mut g = Game::new(seed, content).unwrap();
        let hero = g.party.hero;
        g.floor.creatures.retain(|id, _| *id == hero);
        g.floor.encounter_rooms.clear();
        g
    }

    #[test]
    fn auto_explore_sees_the_whole_floor_then_says_so() {
        let content = content();
        let mut g = alone(3, &content);
        let mut steps = 0;
        let stop = loop {
            match travel_step(&g, &content, TravelGoal::Explore, &NONE) {
                Ok(d) => {
                    assert_eq!(g.execute(&Command::Move(d), &content), Outcome::TurnPassed);
                    steps += 1;
                    assert!(steps < 20_000, "auto-explore does not end");
                }
                Err(stop) => break stop,
            }
        };
        assert_eq!(stop, TravelStop::NothingLeft);
        assert!(
            g.floor.treasure.is_empty(),
            "every pile on the way is picked up"
        );
        // Every floor tile reachable from the start has been seen.
        let unseen = (0..g.floor.map.len())
            .filter(|&i| g.floor.map.walkable(g.floor.map.tiles()[i]) && !g.floor.explored[i])
            .count();
        assert_eq!(unseen, 0);
        assert_eq!(g.run.turn, steps);
    }

    #[test]
    fn travel_to_a_tile_goes_over_known_tiles_only() {
        let content = content();
        let mut g = alone(6, &content);
        let unknown = (0..g.floor.map.len())
            .map(|i| g.floor.map.pos(i))
            .find(|&p| g.floor.map.is_passable(p) && !g.is_explored(p))
            .unwrap();
        assert_eq!(known_path(&g, unknown), None);
        assert_eq!(
            travel_step(&g, &content, TravelGoal::Tile(unknown), &NONE),
            Err(TravelStop::NoPath)
        );
        // Explore first; then the far tile is known and travel walks there turn by turn.
        while let Ok(d) = travel_step(&g, &content, TravelGoal::Explore, &NONE) {
            g.execute(&Command::Move(d), &content);
        }
        let path = known_path(&g, unknown).unwrap();
        assert_eq!(path[0], g.hero_pos());
        let turns = g.run.turn;
        while let Ok(d) = travel_step(&g, &content, TravelGoal::Tile(unknown), &NONE) {
            g.execute(&Command::Move(d), &content);
        }
        assert_eq!(g.hero_pos(), unknown);
        assert_eq!(
            g.run.turn - turns,
            path.len() as u64 - 1,
            "the preview is the walk"
        );
    }

    #[test]
    fn travel_to_the_stairs_arrives_and_stops_for_monsters() {
        let content = content();
        let mut g = alone(4, &content);
        assert_eq!(
            travel_step(&g, &content, TravelGoal::Stairs, &NONE),
            Err(TravelStop::StairsUnknown)
        );
        g.floor.explored.iter_mut().for_each(|e| *e = true);
        while let Ok(d) = travel_step(&g, &content, TravelGoal::Stairs, &NONE) {
            g.execute(&Command::Move(d), &content);
        }
        assert_eq!(g.hero_pos(), g.floor.down);
        assert_eq!(
            travel_step(&g, &content, TravelGoal::Stairs, &NONE),
            Err(TravelStop::Arrived)
        );
        // A hostile monster in view stops it; the forager (not hostile) does not.
        let rat = content.creature("core:rat").unwrap().clone();
        let hero = g.hero_pos();
        let next = Dir::ALL
            .into_iter()
            .map(|d| hero.offset(d))
            .find(|&p| g.floor.map.is_passable(p))
            .unwrap();
        let rat_id = g.spawn(&rat, next);
        let seen = hostiles_in_view(&g, &content);
        assert_eq!(seen, BTreeSet::from([rat_id]));
        assert_eq!(
            travel_step(&g, &content, TravelGoal::Explore, &NONE),
            Err(TravelStop::MonsterComesIntoView(rat_id))
        );
        // Pressed again with the same rat in view, travel goes on; another one stops it again.
        assert!(travel_step(&g, &content, TravelGoal::Explore, &seen).is_ok());
        // (On the same tile: only whether it is in view matters here.)
        g.spawn(&rat, next);
        assert!(matches!(
            travel_step(&g, &content, TravelGoal::Explore, &seen),
            Err(TravelStop::MonsterComesIntoView(id)) if id != rat_id
        ));
    }
}
