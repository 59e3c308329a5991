//! What the smoke's pictures wait to see: plain reads of the game, no Bevy.
use crate::app::turn::first_thrown;
use crate::content::Content;
use crate::game::Game;
use crate::map::Pos;

/// The terrain the terrain's picture waits to see at once (the fixture puts doors, pools and
/// grass on floor 1): a door, shallow water and grass of either height.
const TERRAIN_SHOWN: [&[&str]; 3] = [
    &["core:door", "core:open_door"],
    &["core:shallow_water"],
    &["core:grass", "core:tall_grass"],
];

/// Whether the log says an item was picked up since `turn` (auto-explore's picture waits for
/// it).
pub(super) fn picked_up_since(game: &Game, turn: u64) -> bool {
    (game.log.lines.iter()).any(|l| l.turn >= turn && l.text.starts_with("You pick up the "))
}

/// The farthest seen floor tile within eight steps of the hero: where the AI picture points,
/// so that it shows the examine panel and the path preview too.
pub(super) fn known_tile_near_hero(game: &Game) -> Option<Pos> {
    let hero = game.hero_pos();
    (0..game.floor.map.len())
        .map(|i| game.floor.map.pos(i))
        .filter(|&p| game.is_explored(p) && game.floor.map.is_passable(p))
        .filter(|&p| p.manhattan(hero) <= 8)
        .max_by_key(|&p| (p.manhattan(hero), std::cmp::Reverse((p.y, p.x))))
}

/// The nearest hostile in view that the pack's first thrown item reaches (two tiles or more
/// away, so that the line shows), if any.
pub(super) fn hostile_in_throw_range(game: &Game, content: &Content) -> Option<Pos> {
    let index = first_thrown(game, content)?;
    let throw = content
        .item(&game.party.inventory[index].item)?
        .throw
        .as_ref()?;
    let range = crate::game::throwing::throw_range(throw, content);
    let hero = game.hero_pos();
    (crate::game::travel::hostiles_in_view(game, content).into_iter())
        .filter_map(|id| game.creature(id).map(|c| c.pos))
        .filter(|p| (2..=range).contains(&hero.chebyshev(*p)))
        .min_by_key(|p| (hero.chebyshev(*p), (p.y, p.x)))
}

/// Whether a monster with a ranged ability is in view.
pub(super) fn shooter_in_view(game: &Game, content: &Content) -> bool {
    (crate::game::travel::hostiles_in_view(game, content).into_iter()).any(|id| {
        (game.creature(id))
            .and_then(|c| content.creature(&c.kind))
            .is_some_and(|k| {
                (k.abilities.iter()).any(|a| content.ability(a).is_some_and(|d| d.range > 1))
            })
    })
}

/// Whether a monster shot at the hero from across the map in the last turn.
pub(super) fn monster_shot(game: &Game, content: &Content) -> bool {
    let pos = |id| game.creature(id).map(|c| c.pos);
    game.log.last_events.iter().any(|e| match e {
        crate::game::Event::AbilityUsed {
            source,
            ability,
            target: Some(t),
            ..
        } => {
            *source != game.party.hero
                && content.ability(ability).is_some_and(|a| a.range > 1)
                && pos(*source)
                    .zip(pos(*t))
                    .is_some_and(|(a, b)| a.chebyshev(b) > 1)
        }
        _ => false,
    })
}

/// Whether the hero sees one tile of each of `TERRAIN_SHOWN`'s groups.
pub(super) fn shows_terrain(game: &Game) -> bool {
    let terrains = game.floor.map.terrains();
    let seen: std::collections::BTreeSet<&str> = (0..game.floor.map.len())
        .filter(|&i| game.floor.visible[i])
        .filter_map(|i| terrains.id(game.floor.map.get(game.floor.map.pos(i))))
        .collect();
    TERRAIN_SHOWN
        .iter()
        .all(|group| group.iter().any(|id| seen.contains(id)))
}

/// Whether two ghosts stand where the hero sees them, apart from the hero and each other.
pub(super) fn ghosts_apart(game: &Game, race: &crate::runs::race::Race) -> bool {
    let mut at: Vec<Pos> = (race.views(game.floor.depth).into_iter())
        .filter_map(|v| v.pos)
        .filter(|&p| game.is_visible(p) && p != game.hero_pos())
        .collect();
    at.sort();
    at.dedup();
    at.len() >= 2
}
