//! What the player learns by pointing at a tile: terrain, treasure, and a creature's health
//! and hit chances. Only what the hero has seen; a tile never seen tells nothing.
use super::combat::Attr;
use super::state::{Awareness, Game};
use crate::content::Content;
use crate::map::Pos;

/// The lines describing tile `p`, or `None` for a tile the hero has never seen.
pub fn describe(game: &Game, content: &Content, p: Pos) -> Option<Vec<String>> {
    if !game.floor.map.in_bounds(p) || !game.is_explored(p) {
        return None;
    }
    let terrain = content.terrain_of(game.floor.map.get(p));
    let mut lines = vec![terrain.map_or_else(|| "Rock.".to_string(), |t| t.description.clone())];
    // What standing there does, in the modifier's own name (the sidebar's word for it).
    if let Some(m) = terrain
        .and_then(|t| t.while_standing.as_deref())
        .and_then(|id| content.modifier(id))
    {
        lines.push(format!("Standing here: {}.", m.name));
    }
    if let Some(gold) = game.floor.treasure.get(&p) {
        lines.push(format!("Treasure: {gold} gold."));
    }
    if let Some(pile) = game.floor.ground.get(&p) {
        let names: Vec<String> = pile.iter().map(|it| game.item_name(it, content)).collect();
        lines.push(format!("Lying here: {}.", names.join(", ")));
    }
    if !game.is_visible(p) {
        lines.push("(remembered, out of sight)".into());
        return Some(lines);
    }
    let Some(c) = game.creature_at(p).filter(|c| c.is_alive()) else {
        return Some(lines);
    };
    if c.id == game.party.hero {
        lines.push("You.".into());
        return Some(lines);
    }
    let Some(kind) = content.creature(&c.kind) else {
        return Some(lines);
    };
    let max = game.attribute(c.id, Attr::MaxHealth, content);
    lines.push(format!(
        "{} ({}): {:.0} of {max:.0} health, damage {:.0}",
        kind.name,
        if kind.hostile {
            "hostile"
        } else {
            "not hostile"
        },
        c.health,
        game.attribute(c.id, Attr::Damage, content)
    ));
    lines.push(format!(
        "You hit it {:.0}% of the time; it hits you {:.0}%.",
        100.0 * game.hit_chance_against(game.party.hero, c.id, content),
        100.0 * game.hit_chance_against(c.id, game.party.hero, content)
    ));
    if kind.hostile {
        lines.push(
            match c.ai.awareness {
                Awareness::Asleep => "Asleep: walk into it for a sneak attack.",
                Awareness::Unaware => "It has not noticed you: walk into it for a sneak attack.",
                Awareness::Hunting => "It is hunting you.",
                Awareness::LostTrack => "It has lost you and is searching.",
            }
            .into(),
        );
    }
    if c.frightened > 0 {
        lines.push(format!("Frightened for {} more turns.", c.frightened));
    }
    for m in &c.modifiers {
        let name = content.display_name(&m.id);
        let stacks = if m.stacks > 1 {
            format!(" x{}", m.stacks)
        } else {
            String::new()
        };
        let turns = if m.turns > 0 {
            format!(" ({} turns)", m.turns)
        } else {
            String::new()
        };
        lines.push(format!("{name}{stacks}{turns}."));
    }
    Some(lines)
}

/// The look cursor's Tab order: the creatures the hero sees, nearest first, then the tiles
/// with items it sees, nearest first; ties go by position (x, then y). Distance is counted in
/// steps of eight directions, as a throw's range is, so the order is the one a player reads
/// off the map.
pub fn look_targets(game: &Game) -> Vec<Pos> {
    let hero = game.hero_pos();
    let near = |p: &Pos| ((p.x - hero.x).abs().max((p.y - hero.y).abs()), *p);
    let mut creatures: Vec<Pos> = (game.floor.creatures.values())
        .filter(|c| c.id != game.party.hero && c.is_alive() && game.is_visible(c.pos))
        .map(|c| c.pos)
        .collect();
    creatures.sort_by_key(near);
    let mut items: Vec<Pos> = (game.floor.ground.iter())
        .filter(|(p, pile)| !pile.is_empty() && game.is_visible(**p))
        .map(|(p, _)| *p)
        .collect();
    items.sort_by_key(near);
    creatures.into_iter().chain(items).collect()
}

/// Where `p` lies from the hero, as a player says it: "3 east, 2 north", or "here".
pub fn bearing(game: &Game, p: Pos) -> String {
    let hero = game.hero_pos();
    let (dx, dy) = (p.x - hero.x, p.y - hero.y);
    let mut parts = Vec::new();
    if dx != 0 {
        parts.push(format!(
            "{} {}",
            dx.abs(),
            if dx > 0 { "east" } else { "west" }
        ));
    }
    if dy != 0 {
        parts.push(format!(
            "{} {}",
            dy.abs(),
            if dy > 0 { "south" } else { "north" }
        ));
    }
    if parts.is_empty() {
        "here".into()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Dir;

    #[test]
    fn unseen_tiles_tell_nothing_and_monsters_show_their_odds() {
        let content = Content::core().unwrap();
        let mut g = Game::new(21, &content).unwrap();
        let hero = g.hero_pos();
        assert_eq!(
            describe(&g, &content, hero).unwrap().last().unwrap(),
            "You."
        );
        let unseen = (0..g.floor.map.len())
            .map(|i| g.floor.map.pos(i))
            .find(|&p| !g.is_explored(p))
            .unwrap();
        assert_eq!(describe(&g, &content, unseen), None);
        // A skeleton next to the hero: its name, health and both hit chances.
        let next = Dir::ALL
            .into_iter()
            .map(|d| hero.offset(d))
            .find(|&p| g.floor.map.is_passable(p) && g.creature_at(p).is_none())
            .unwrap();
        let kind = content.creature("core:skeleton").unwrap().clone();
        let id = g.spawn(&kind, next);
        let lines = describe(&g, &content, next).unwrap();
        assert!(
            lines[1].starts_with("Skeleton (hostile): 30 of 30 health"),
            "{lines:?}"
        );
        let mine = (100.0 * g.hit_chance_against(g.party.hero, id, &content)).round();
        assert!(
            lines[2].contains(&format!("You hit it {mine:.0}%")),
            "{lines:?}"
        );
    }

    #[test]
    fn the_look_order_is_creatures_nearest_first_then_items_and_only_what_is_seen() {
        let content = Content::core().unwrap();
        let mut g = Game::new(21, &content).unwrap();
        let hero = g.hero_pos();
        // Every visible floor tile but the hero's, nearest first as the order counts it.
        let mut free: Vec<Pos> = (0..g.floor.map.len())
            .map(|i| g.floor.map.pos(i))
            .filter(|&p| {
                p != hero
                    && g.is_visible(p)
                    && g.floor.map.is_passable(p)
                    && g.creature_at(p).is_none()
            })
            .collect();
        let steps = |p: &Pos| (p.x - hero.x).abs().max((p.y - hero.y).abs());
        free.sort_by_key(|p| (steps(p), *p));
        assert!(free.len() >= 4, "the start room has room");
        let seen: Vec<Pos> = (0..g.floor.map.len())
            .map(|i| g.floor.map.pos(i))
            .filter(|&p| g.is_visible(p))
            .collect();
        let hero_id = g.party.hero;
        g.floor
            .creatures
            .retain(|_, c| c.id == hero_id || !seen.contains(&c.pos));
        g.floor.ground.retain(|p, _| !seen.contains(p));
        let skeleton = content.creature("core:skeleton").unwrap().clone();
        let (far, near) = (free[free.len() - 1], free[0]);
        g.spawn(&skeleton, far);
        g.spawn(&skeleton, near);
        let item = g
            .party
            .inventory
            .first()
            .cloned()
            .expect("the hero starts with a kit");
        let (item_far, item_near) = (free[free.len() - 2], free[1]);
        g.floor.ground.insert(item_far, vec![item.clone()]);
        g.floor.ground.insert(item_near, vec![item]);
        assert_eq!(look_targets(&g), [near, far, item_near, item_far]);
        // A creature out of sight is not offered.
        let unseen = (0..g.floor.map.len())
            .map(|i| g.floor.map.pos(i))
            .find(|&p| g.floor.map.is_passable(p) && !g.is_visible(p))
            .unwrap();
        g.spawn(&skeleton, unseen);
        assert_eq!(look_targets(&g).len(), 4);
        assert_eq!(bearing(&g, hero), "here");
        let east_north = Pos {
            x: hero.x + 3,
            y: hero.y - 2,
        };
        assert_eq!(bearing(&g, east_north), "3 east, 2 north");
    }
}
