//! What the player learns by pointing at a tile: terrain, treasure, and a creature's health
//! and hit chances. Only what the hero has seen; a tile never seen tells nothing.
use super::combat::Attr;
use super::state::{Awareness, Game};
use crate::content::Content;
use crate::map::Pos;

/// The lines describing tile `p`, or `None` for a tile the hero has never seen.
pub fn describe(game: &Game, content: &Content, p: Pos) -> Option<Vec<String>> {
    if !game.map.in_bounds(p) || !game.is_explored(p) {
        return None;
    }
    let mut lines = vec![
        content
            .terrain_of(game.map.get(p))
            .map_or_else(|| "Rock.".to_string(), |t| t.description.clone()),
    ];
    if let Some(gold) = game.treasure.get(&p) {
        lines.push(format!("Treasure: {gold} gold."));
    }
    if let Some(pile) = game.ground.get(&p) {
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
    if c.id == game.hero {
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
        100.0 * game.hit_chance_against(game.hero, c.id, content),
        100.0 * game.hit_chance_against(c.id, game.hero, content)
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
            format!(" ×{}", m.stacks)
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
        let unseen = (0..g.map.len())
            .map(|i| g.map.pos(i))
            .find(|&p| !g.is_explored(p))
            .unwrap();
        assert_eq!(describe(&g, &content, unseen), None);
        // A skeleton next to the hero: its name, health and both hit chances.
        let next = Dir::ALL
            .into_iter()
            .map(|d| hero.offset(d))
            .find(|&p| g.map.is_passable(p) && g.creature_at(p).is_none())
            .unwrap();
        let kind = content.creature("core:skeleton").unwrap().clone();
        let id = g.spawn(&kind, next);
        let lines = describe(&g, &content, next).unwrap();
        assert!(
            lines[1].starts_with("Skeleton (hostile): 30 of 30 health"),
            "{lines:?}"
        );
        let mine = (100.0 * g.hit_chance_against(g.hero, id, &content)).round();
        assert!(
            lines[2].contains(&format!("You hit it {mine:.0}%")),
            "{lines:?}"
        );
    }
}
