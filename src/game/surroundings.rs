//! The hero's surroundings in words, for playing by ear: where the hero stands, the four
//! neighbouring tiles, each monster in view with its direction, distance and what it is doing,
//! what lies here, and the way to the nearest unexplored tile and to the stairs down. Only what
//! the hero has seen; ways are found over the tiles the hero knows, as travel finds them.
use super::combat::Attr;
use super::state::{AiMode, Awareness, Creature, CreatureId, Game};
use super::travel::known_map;
use crate::content::Content;
use crate::content::schema::TargetRule;
use crate::grid::nearest;
use crate::map::{Dir, Pos, Tile};

/// The compass word of a direction (the map's rows grow southwards).
pub fn compass(d: Dir) -> &'static str {
    match d {
        Dir::Up => "north",
        Dir::Down => "south",
        Dir::Left => "west",
        Dir::Right => "east",
    }
}

/// An offset in compass words, north/south first: "12 north, 4 east"; "here" for none.
pub fn offset_words(dx: i32, dy: i32) -> String {
    let mut parts = Vec::new();
    if dy != 0 {
        parts.push(format!(
            "{} {}",
            dy.abs(),
            if dy < 0 { "north" } else { "south" }
        ));
    }
    if dx != 0 {
        parts.push(format!(
            "{} {}",
            dx.abs(),
            if dx < 0 { "west" } else { "east" }
        ));
    }
    if parts.is_empty() {
        "here".into()
    } else {
        parts.join(", ")
    }
}

fn tile_words(content: &Content, t: Tile) -> &str {
    content.terrain_of(t).map_or("rock", |t| t.name.as_str())
}

/// What a monster is doing, in the player's words (the sidebar says the same).
pub fn doing(game: &Game, content: &Content, id: CreatureId) -> &'static str {
    let Some(c) = game.creature(id) else {
        return "gone";
    };
    let forager = content
        .creature(&c.kind)
        .is_some_and(|k| k.movement.target == TargetRule::Treasure);
    if game.is_shopkeeper(id, content) {
        return "minding the shop";
    }
    match c.ai.mode {
        AiMode::Frightened => "frightened",
        AiMode::Flee => "fleeing",
        _ if game.fight.enemies.contains(&id) => "fighting",
        _ if forager => "foraging",
        _ if c.ai.awareness == Awareness::Asleep => "asleep",
        _ if c.ai.awareness == Awareness::Unaware => "has not noticed you",
        _ if c.ai.awareness == Awareness::LostTrack => "lost you",
        AiMode::Chase => "hunting you",
        AiMode::Away => "keeping away",
        AiMode::Scatter => "circling",
        AiMode::Wander => "wandering",
    }
}

/// One neighbouring tile in words: what stands or lies there, else its terrain.
fn neighbour(game: &Game, content: &Content, p: Pos) -> String {
    if !game.is_explored(p) {
        return "unexplored".into();
    }
    if game.is_visible(p)
        && let Some(c) = game.creature_at(p).filter(|c| c.id != game.party.hero)
    {
        // Mid-sentence, beside "wall" and "floor": the log's lower case.
        return game.kind_called(c.id, content, super::words::common);
    }
    let mut s = tile_words(content, game.floor.map.get(p)).to_string();
    if game.floor.treasure.contains_key(&p) {
        s += " with treasure";
    } else if game
        .floor
        .ground
        .get(&p)
        .is_some_and(|pile| !pile.is_empty())
    {
        s += " with an item";
    }
    s
}

/// The way to the nearest known tile that `goal` accepts: its offset and the steps to it.
fn way(game: &Game, goal: impl Fn(Pos) -> bool) -> Option<String> {
    let known = known_map(game);
    let path = nearest(&known, game.hero_pos(), goal)?;
    let (from, to) = (path[0], *path.last()?);
    let steps = path.len() - 1;
    if steps == 0 {
        return Some("here".into());
    }
    let first = path
        .get(1)
        .and_then(|n| Dir::from_delta(n.x - from.x, n.y - from.y))
        .map_or("", compass);
    Some(format!(
        "{} ({steps} step{}, first {first})",
        offset_words(to.x - from.x, to.y - from.y),
        if steps == 1 { "" } else { "s" }
    ))
}

/// The surroundings, one sentence a line, in the order a listener wants them.
pub fn surroundings(game: &Game, content: &Content) -> Vec<String> {
    let hero = game.hero_pos();
    let h = game.hero();
    let max = game.attribute(game.party.hero, Attr::MaxHealth, content);
    let mut lines = vec![format!(
        "Floor {} of {}, turn {}. You stand on {} at column {}, row {}. Health {:.0} of {max:.0}.",
        game.floor.depth,
        game.run.floors,
        game.run.turn,
        tile_words(content, game.floor.map.get(hero)),
        hero.x,
        hero.y,
        h.health.max(0.0)
    )];
    let around: Vec<String> = [Dir::Up, Dir::Right, Dir::Down, Dir::Left]
        .into_iter()
        .map(|d| {
            let (dx, dy) = d.delta();
            let w = neighbour(game, content, Pos::new(hero.x + dx, hero.y + dy));
            let name = compass(d);
            let mut cap = name.chars();
            let first = cap
                .next()
                .map_or(String::new(), |c| c.to_uppercase().collect());
            format!("{first}{}: {w}", cap.as_str())
        })
        .collect();
    lines.push(format!("{}.", around.join(". ")));
    let mut seen: Vec<&Creature> = game
        .floor
        .creatures
        .values()
        .filter(|c| c.id != game.party.hero && c.is_alive() && game.is_visible(c.pos))
        .collect();
    let dist = |c: &Creature| (c.pos.x - hero.x).abs() + (c.pos.y - hero.y).abs();
    seen.sort_by_key(|c| (dist(c), c.id));
    if seen.is_empty() {
        lines.push("No monsters in view.".into());
    }
    for c in seen {
        let hostile = content.creature(&c.kind).is_some_and(|k| k.hostile);
        let what = if hostile {
            doing(game, content, c.id)
        } else {
            "not hostile"
        };
        let cmax = game.attribute(c.id, Attr::MaxHealth, content);
        lines.push(format!(
            "{}: {}, {} away, {}, {:.0} of {cmax:.0} health.",
            game.name(c.id, content),
            offset_words(c.pos.x - hero.x, c.pos.y - hero.y),
            dist(c),
            what,
            c.health.max(0.0)
        ));
    }
    let mut here = Vec::new();
    if let Some(gold) = game.floor.treasure.get(&hero) {
        here.push(format!("{gold} gold"));
    }
    for it in game.floor.ground.get(&hero).into_iter().flatten() {
        here.push(game.item_name(it, content));
    }
    if !here.is_empty() {
        lines.push(format!("Lying here: {}.", here.join(", ")));
    }
    if let Some(w) = way(game, |p| {
        p != hero && game.is_explored(p) && game.floor.treasure.contains_key(&p)
    }) {
        lines.push(format!("Nearest treasure seen: {w}."));
    }
    let unexplored = way(game, |p| {
        Dir::ALL.iter().any(|&d| {
            let q = p.offset(d);
            game.floor.map.in_bounds(q) && !game.is_explored(q)
        })
    });
    lines.push(unexplored.map_or_else(
        || "Everything you can reach is explored.".into(),
        |w| format!("Nearest unexplored: {w}."),
    ));
    lines.push(if hero == game.floor.down {
        "Stairs down: you stand on them.".into()
    } else if !game.is_explored(game.floor.down) {
        "Stairs down: not found yet.".into()
    } else {
        way(game, |p| p == game.floor.down).map_or_else(
            || "Stairs down: seen, but no known way there.".into(),
            |w| format!("Stairs down: {w}."),
        )
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::TileMap;

    /// A hand-made floor: `@` the hero, `>` the stairs down, `g` a goblin, `$` treasure; the
    /// hero has seen every tile but the right-hand room, which `?` marks.
    const FLOOR: &str = "\
###########
#.....#???#
#.$...+???#
#..@..#???#
#.....#???#
#g...>#???#
###########";

    fn hand_made() -> (Game, Content) {
        let content = Content::core().unwrap();
        let mut g = Game::new(3, &content).unwrap();
        let hero = g.party.hero;
        g.floor.creatures.retain(|id, _| *id == hero);
        g.fight.enemies.clear();
        g.floor.treasure.clear();
        g.floor.ground.clear();
        // `from_ascii` reads `>` as the stairs and every letter or mark as floor.
        g.floor.map = TileMap::from_ascii(FLOOR);
        let mut goblin_at = Pos::new(0, 0);
        for (y, row) in FLOOR.lines().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let p = Pos::new(x as i32, y as i32);
                match ch {
                    '@' => g.floor.creatures.get_mut(&hero).unwrap().pos = p,
                    'g' => goblin_at = p,
                    '$' => _ = g.floor.treasure.insert(p, 12),
                    '>' => g.floor.down = p,
                    _ => {}
                }
            }
        }
        g.floor.explored = (0..g.floor.map.len())
            .map(|i| FLOOR.lines().flat_map(|l| l.chars()).nth(i) != Some('?'))
            .collect();
        g.floor.visible = g.floor.explored.clone();
        let kind = content.creature("core:goblin").unwrap().clone();
        g.spawn(&kind, goblin_at);
        (g, content)
    }

    #[test]
    fn the_hand_made_floor_is_described_with_ways_and_monsters() {
        let (g, content) = hand_made();
        let lines = surroundings(&g, &content);
        let text = lines.join("\n");
        assert!(
            lines[0].contains("You stand on floor at column 3, row 3"),
            "{text}"
        );
        assert_eq!(
            lines[1], "North: floor. East: floor. South: floor. West: floor.",
            "{text}"
        );
        // The goblin: 2 south, 2 west of the hero, 4 steps, not yet alerted.
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("Goblin: 2 south, 2 west, 4 away, has not noticed you")),
            "{text}"
        );
        assert!(
            text.contains("Nearest treasure seen: 1 north, 1 west (2 steps"),
            "{text}"
        );
        // The unexplored room lies behind the door at column 6, row 2.
        assert!(
            text.contains("Nearest unexplored: 1 north, 3 east (4 steps"),
            "{text}"
        );
        assert!(
            text.contains("Stairs down: 2 south, 2 east (4 steps"),
            "{text}"
        );
    }

    #[test]
    fn unseen_stairs_and_neighbours_say_so() {
        let (mut g, content) = hand_made();
        let down = g.floor.map.idx(g.floor.down).unwrap();
        g.floor.explored[down] = false;
        g.floor.visible[down] = false;
        let hero = g.party.hero;
        g.floor.creatures.get_mut(&hero).unwrap().pos = Pos::new(5, 2);
        let lines = surroundings(&g, &content);
        assert_eq!(
            lines[1], "North: floor. East: a closed door. South: floor. West: floor.",
            "{lines:?}"
        );
        assert!(lines.contains(&"Stairs down: not found yet.".to_string()));
        assert_eq!(offset_words(0, 0), "here");
        assert_eq!(offset_words(4, -12), "12 north, 4 east");
    }
}
