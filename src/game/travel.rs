//! Travel and auto-explore: one ordinary command per turn (a whole turn: the monsters move
//! too) along a shortest path, stopping when a monster comes into view. Auto-explore picks up
//! what it finds. None of them ever walks into a creature that is not hostile: they go round it
//! or wait for it to pass. The UI and the bot ask for the next command.
use std::collections::BTreeSet;
use std::fmt;

use super::bot::{first_step, frontier_step, step_towards};
use super::combat::Attr;
use super::command::Command;
use super::state::{CreatureId, Game};
use crate::content::Content;
use crate::grid::nearest;
use crate::map::{Dir, Pos, Tile, TileMap};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TravelGoal {
    /// The nearest remembered gold or item (see [`Pickup`]), else the nearest unexplored edge.
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
    /// Nothing left to explore but items the pack has no room for (how many piles).
    PackFull(usize),
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
            TravelStop::PackFull(1) => {
                "Nothing left to explore but an item your pack has no room for."
            }
            TravelStop::PackFull(_) => {
                "Nothing left to explore but items your pack has no room for."
            }
            TravelStop::StairsUnknown => "You have not found the stairs down yet.",
            TravelStop::NoPath => "There is no known way there.",
            TravelStop::Arrived => "You are there.",
        })
    }
}

/// What auto-explore picks up besides gold: the items on the tiles the hero has seen, unless
/// the player turned that off, and never a pile on a tile the player left it on (dropped it
/// there, or marked it to be left).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pickup {
    /// The player's setting: auto-explore leaves every item alone.
    pub off: bool,
    /// The tiles of this floor whose piles the player left.
    pub left: BTreeSet<Pos>,
}

impl Pickup {
    /// Whether auto-explore goes for the pile at `at`, if there is one there.
    pub fn takes(&self, at: Pos) -> bool {
        !self.off && !self.left.contains(&at)
    }
}

/// Where the living creatures stand that are not hostile (the forager, a shopkeeper): travel,
/// auto-explore, autofight and the bot never step into one, since the bump would attack it (or
/// open the shop) though the player only meant to walk. Walking into one by hand still does.
pub fn bystanders(game: &Game, content: &Content) -> Vec<Pos> {
    (game.floor.creatures.values())
        .filter(|c| c.id != game.party.hero && c.is_alive())
        .filter(|c| content.creature(&c.kind).is_some_and(|k| !k.hostile))
        .map(|c| c.pos)
        .collect()
}

/// `map` with the bystanders standing in `standing` as walls, but for the tiles `keep` accepts
/// (a goal: a bump on the shopkeeper opens its shop).
pub(super) fn walled_round(map: &TileMap, standing: &[Pos], keep: impl Fn(Pos) -> bool) -> TileMap {
    let mut round = map.clone();
    for &p in standing.iter().filter(|&&p| !keep(p)) {
        round.set(p, Tile::WALL);
    }
    round
}

/// The hero's command on the way over `map` to the nearest tile `goal` accepts, round the
/// bystanders (their tiles walls, unless one is the goal: a click on the shopkeeper opens its
/// shop). With `through`, a way they close is taken too: when one stands on its next tile the
/// hero steps aside to let it pass (a free tile off the way), or waits where there is none.
pub(super) fn step_round(
    game: &Game,
    content: &Content,
    map: &TileMap,
    goal: impl Fn(Pos) -> bool,
    through: bool,
) -> Option<Command> {
    let hero = game.hero_pos();
    let standing = bystanders(game, content);
    let round = walled_round(map, &standing, &goal);
    if let Some(path) = nearest(&round, hero, &goal) {
        return first_step(&path).map(Command::Move);
    }
    if !through {
        return None;
    }
    let path = nearest(map, hero, &goal)?;
    let next = *path.get(1)?;
    if !standing.contains(&next) {
        return first_step(&path).map(Command::Move);
    }
    let aside = Dir::ALL.into_iter().find(|&d| {
        let to = hero.offset(d);
        to != next
            && map.is_passable(to)
            && !game.floor.map.is_hazard(to)
            && game.opens_to(to).is_none()
            && game.creature_at(to).is_none()
    });
    Some(aside.map_or(Command::Wait, Command::Move))
}

/// Auto-explore's next command: pick up the pile underfoot, else towards the nearest known
/// gold or pile it takes, else towards the nearest unexplored edge (first the ways no bystander
/// closes, then the others); or why there is none.
pub fn explore_step(
    game: &Game,
    content: &Content,
    pickup: &Pickup,
) -> Result<Command, TravelStop> {
    if let Some(cmd) = pick_up_here(game, content, pickup) {
        return Ok(cmd);
    }
    if let Some(cmd) = [false, true]
        .into_iter()
        .find_map(|through| explore_towards(game, content, pickup, through))
    {
        return Ok(cmd);
    }
    // Piles left only for want of room: said, so the player knows what is still there.
    let full = (game.floor.ground.iter())
        .filter(|&(&p, pile)| {
            game.is_explored(p) && pickup.takes(p) && !game.pack_takes_any(pile, content)
        })
        .count();
    Err(match full {
        0 => TravelStop::NothingLeft,
        n => TravelStop::PackFull(n),
    })
}

/// Whether auto-explore goes for the pile at `at`: one lies there, the player did not leave
/// it, and the pack takes some of it (the pick-up's own rule, `Game::pack_takes_any`: a free
/// slot, or a stack of its like for a thrown item).
fn takes_pile(game: &Game, content: &Content, pickup: &Pickup, at: Pos) -> bool {
    pickup.takes(at)
        && (game.floor.ground.get(&at)).is_some_and(|pile| game.pack_takes_any(pile, content))
}

/// Auto-explore's pick-up of the pile underfoot, if it takes it and the pack has room for it.
pub(super) fn pick_up_here(game: &Game, content: &Content, pickup: &Pickup) -> Option<Command> {
    takes_pile(game, content, pickup, game.hero_pos()).then_some(Command::PickUp)
}

/// A step towards the nearest known gold or pile auto-explore takes, else towards the nearest
/// unexplored edge; `through` as in [`step_round`].
pub(super) fn explore_towards(
    game: &Game,
    content: &Content,
    pickup: &Pickup,
    through: bool,
) -> Option<Command> {
    let items = |p: Pos| takes_pile(game, content, pickup, p);
    let wanted = |p: Pos| game.is_explored(p) && (game.floor.treasure.contains_key(&p) || items(p));
    let any = (game.floor.treasure.keys().chain(game.floor.ground.keys())).any(|&p| wanted(p));
    let map = &game.floor.map;
    any.then(|| step_round(game, content, map, wanted, through))
        .flatten()
        .or_else(|| frontier_step(game, content, through))
}

/// Whether travel to a place stops after stepping to `to`: a pile lies there that auto-explore
/// would take (the player passes nothing by without knowing).
pub fn stops_at_pile(game: &Game, to: Pos, pickup: &Pickup) -> bool {
    game.floor.ground.contains_key(&to) && pickup.takes(to)
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

/// The next command towards `goal` (a step, a wait for a bystander to pass, auto-explore's
/// pick-up), or why there is none. Travel stops for a hostile monster that is not in `known`
/// (those in view when the player last stopped or pressed on), so pressing again with the same
/// monsters in view goes on, as in Brogue.
pub fn travel_step(
    game: &Game,
    content: &Content,
    goal: TravelGoal,
    known: &BTreeSet<CreatureId>,
    pickup: &Pickup,
) -> Result<Command, TravelStop> {
    if game.in_combat() {
        return Err(TravelStop::InCombat);
    }
    if let Some(&new) = hostiles_in_view(game, content).difference(known).next() {
        return Err(TravelStop::MonsterComesIntoView(new));
    }
    match goal {
        TravelGoal::Explore => explore_step(game, content, pickup),
        TravelGoal::Stairs if game.hero_pos() == game.floor.down => Err(TravelStop::Arrived),
        TravelGoal::Stairs if !game.is_explored(game.floor.down) => Err(TravelStop::StairsUnknown),
        TravelGoal::Stairs => {
            step_towards(game, content, |p| p == game.floor.down, true).ok_or(TravelStop::NoPath)
        }
        TravelGoal::Tile(to) if to == game.hero_pos() => Err(TravelStop::Arrived),
        TravelGoal::Tile(to) if !known_goal(game, to) => Err(TravelStop::NoPath),
        TravelGoal::Tile(to) => {
            step_round(game, content, &known_map(game), |p| p == to, true).ok_or(TravelStop::NoPath)
        }
    }
}

/// Whether `to` is a tile travel may head for: seen and passable.
fn known_goal(game: &Game, to: Pos) -> bool {
    game.floor.map.in_bounds(to) && game.is_explored(to) && game.floor.map.is_passable(to)
}

/// The shortest path from the hero to `to` over tiles the hero has seen (what the player
/// knows of the floor), round the bystanders unless one stands at `to` (a bump on the
/// shopkeeper opens its shop), hero's tile first; for the preview of travel and autofight.
pub fn known_path(game: &Game, content: &Content, to: Pos) -> Option<Vec<Pos>> {
    if !known_goal(game, to) {
        return None;
    }
    let map = walled_round(&known_map(game), &bystanders(game, content), |p| p == to);
    nearest(&map, game.hero_pos(), |p| p == to).filter(|path| path.len() >= 2)
}

/// `known_path` through the bystanders too: the way they close (autofight waits on it).
pub(super) fn known_path_through(game: &Game, to: Pos) -> Option<Vec<Pos>> {
    known_goal(game, to)
        .then(|| nearest(&known_map(game), game.hero_pos(), |p| p == to))
        .flatten()
        .filter(|path| path.len() >= 2)
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
    use crate::game::Outcome;

    /// No monster was in view at the last stop.
    const NONE: BTreeSet<CreatureId> = BTreeSet::new();

    /// Auto-explore's defaults: it takes every item, and none was left.
    fn takes() -> Pickup {
        Pickup::default()
    }

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
            match travel_step(&g, &content, TravelGoal::Explore, &NONE, &takes()) {
                Ok(cmd) => {
                    assert_eq!(g.execute(&cmd, &content), Outcome::TurnPassed);
                    steps += 1;
                    assert!(steps < 20_000, "auto-explore does not end");
                }
                Err(stop) => break stop,
            }
        };
        assert_eq!(stop, TravelStop::NothingLeft);
        assert!(
            g.floor.treasure.is_empty(),
            "every pile of gold on the way is picked up"
        );
        // Every item that fits is in the pack; what is left lies where the pack was full.
        let size = content.balance.inventory_size as usize;
        assert!(
            g.floor.ground.is_empty() || g.party.inventory.len() == size,
            "{} left with {} of {size} in the pack",
            g.floor.ground.len(),
            g.party.inventory.len()
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
        assert_eq!(known_path(&g, &content, unknown), None);
        assert_eq!(
            travel_step(&g, &content, TravelGoal::Tile(unknown), &NONE, &takes()),
            Err(TravelStop::NoPath)
        );
        // Explore first; then the far tile is known and travel walks there turn by turn.
        // (Nothing to pick up: the tile counts turns of walking.)
        g.floor.ground.clear();
        while let Ok(cmd) = travel_step(&g, &content, TravelGoal::Explore, &NONE, &takes()) {
            g.execute(&cmd, &content);
        }
        let path = known_path(&g, &content, unknown).unwrap();
        assert_eq!(path[0], g.hero_pos());
        let turns = g.run.turn;
        while let Ok(cmd) = travel_step(&g, &content, TravelGoal::Tile(unknown), &NONE, &takes()) {
            g.execute(&cmd, &content);
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
            travel_step(&g, &content, TravelGoal::Stairs, &NONE, &takes()),
            Err(TravelStop::StairsUnknown)
        );
        g.floor.explored.iter_mut().for_each(|e| *e = true);
        while let Ok(cmd) = travel_step(&g, &content, TravelGoal::Stairs, &NONE, &takes()) {
            g.execute(&cmd, &content);
        }
        assert_eq!(g.hero_pos(), g.floor.down);
        assert_eq!(
            travel_step(&g, &content, TravelGoal::Stairs, &NONE, &takes()),
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
            travel_step(&g, &content, TravelGoal::Explore, &NONE, &takes()),
            Err(TravelStop::MonsterComesIntoView(rat_id))
        );
        // Pressed again with the same rat in view, travel goes on; another one stops it again.
        assert!(travel_step(&g, &content, TravelGoal::Explore, &seen, &takes()).is_ok());
        // (On the same tile: only whether it is in view matters here.)
        g.spawn(&rat, next);
        assert!(matches!(
            travel_step(&g, &content, TravelGoal::Explore, &seen, &takes()),
            Err(TravelStop::MonsterComesIntoView(id)) if id != rat_id
        ));
    }
}
