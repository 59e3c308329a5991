//! The explore bot: plays from the game state alone (no memory outside it).
use super::combat::Attr;
use super::command::Command;
use super::state::Game;
use crate::content::Content;
use crate::grid::nearest;
use crate::map::{Dir, Pos};

/// Below this share of health the bot rests when no monster is in view.
const REST_BELOW: f64 = 0.7;
const FLEE_BELOW: f64 = 0.2;

/// The bot's next command.
pub fn explore(game: &Game, content: &Content) -> Command {
    if game.in_combat() {
        return fight(game, content);
    }
    let hero = game.hero();
    let health = hero.health / game.attribute(game.hero, Attr::MaxHealth, content);
    let monster_in_view = game
        .creatures
        .values()
        .any(|c| c.id != game.hero && game.is_visible(c.pos));
    if health < REST_BELOW && !monster_in_view {
        return Command::Wait;
    }
    if hero.pos == game.down
        && (health >= REST_BELOW || monster_in_view)
        && frontier_step(game).is_none()
    {
        return Command::Descend;
    }
    let step = treasure_step(game)
        .or_else(|| frontier_step(game))
        .or_else(|| step_towards(game, |p| p == game.down));
    match step {
        Some(d) => Command::Move(d),
        None if hero.pos == game.down => Command::Descend,
        None => Command::Wait,
    }
}

/// Next step of the hero's travel to the nearest tile satisfying `goal` (shortest path).
pub fn step_towards(game: &Game, goal: impl Fn(Pos) -> bool) -> Option<Dir> {
    first_step(&nearest(&game.map, game.hero_pos(), goal)?)
}

/// The direction of a path's first step (the path starts on the walker's tile).
pub(super) fn first_step(path: &[Pos]) -> Option<Dir> {
    let (from, next) = (path.first()?, path.get(1)?);
    Dir::from_delta(next.x - from.x, next.y - from.y)
}

/// Towards the nearest treasure the hero has seen. Remembered, not just visible: chasing only
/// visible piles made the bot step back and forth across the edge of its view.
pub(super) fn treasure_step(game: &Game) -> Option<Dir> {
    if !game.treasure.keys().any(|&p| game.is_explored(p)) {
        return None;
    }
    step_towards(game, |p| {
        game.is_explored(p) && game.treasure.contains_key(&p)
    })
}

/// Auto-explore: towards the nearest explored tile that borders an unexplored one.
pub fn frontier_step(game: &Game) -> Option<Dir> {
    step_towards(game, |p| {
        Dir::ALL.iter().any(|&d| {
            let q = p.offset(d);
            game.map.in_bounds(q) && !game.is_explored(q)
        })
    })
}

fn fight(game: &Game, content: &Content) -> Command {
    let hero = game.hero;
    let h = game.hero();
    let health = h.health / game.attribute(hero, Attr::MaxHealth, content);
    let usable = |a: &str| game.ability_lock(hero, a, None, content).is_none();
    if health < 0.45 && usable("core:second_wind") {
        return ability("core:second_wind", None);
    }
    if health < FLEE_BELOW {
        return Command::Flee;
    }
    let target = game.enemies.iter().copied().min_by(|a, b| {
        let ha = game.creature(*a).map_or(0.0, |c| c.health);
        let hb = game.creature(*b).map_or(0.0, |c| c.health);
        ha.total_cmp(&hb).then(a.cmp(b))
    });
    if game.enemies.len() >= 2 && usable("core:cleave") {
        return ability("core:cleave", target);
    }
    if usable("core:power_strike") {
        return ability("core:power_strike", target);
    }
    ability("core:attack", target)
}

fn ability(id: &str, target: Option<super::state::CreatureId>) -> Command {
    Command::Ability {
        ability: id.to_string(),
        target,
    }
}

/// A new run of `seed` played by the bot for `turns` turns, or to its end (for tests).
#[cfg(test)]
pub(crate) fn played(seed: u64, turns: u64, content: &Content) -> Game {
    let mut g = Game::new(seed, content).expect("a run starts");
    while g.turn < turns && !g.is_over() {
        let cmd = explore(&g, content);
        g.execute(&cmd, content);
    }
    g
}
