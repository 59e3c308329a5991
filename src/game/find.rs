//! Find: what the hero knows of this floor, by name and nearest first: the monsters in view,
//! the items and treasure on tiles seen, the stairs, the shop and the doors, each with its
//! steps (over the tiles the hero knows, as travel walks them) and its direction. The find
//! list shows and reads these (its filter is the UI kit's); choosing one travels there.
use super::identify::upper_first;
use super::state::Game;
use super::surroundings::{doing, offset_words};
use super::travel::known_map;
use crate::content::Content;
use crate::grid::{DistanceField, UNREACHED};
use crate::map::Pos;

/// What kind of thing a found entry is (also its order among things equally near).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FoundKind {
    Monster,
    Item,
    Treasure,
    Stairs,
    Shop,
    Door,
}

/// One thing the hero can go to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub kind: FoundKind,
    /// Its name as the player reads it.
    pub name: String,
    pub at: Pos,
    /// Steps from the hero over the known tiles; `None` when no known way leads there.
    pub steps: Option<u32>,
    /// The offset from the hero in compass words ("3 north, 1 east").
    pub offset: String,
}

impl Found {
    /// The entry as a line of the list: name, steps and direction.
    pub fn line(&self) -> String {
        let steps = match self.steps {
            Some(0) => return format!("{}: here", self.name),
            Some(1) => "1 step".to_string(),
            Some(n) => format!("{n} steps"),
            None => "no known way".to_string(),
        };
        format!("{}: {steps}, {}", self.name, self.offset)
    }
}

/// Everything the hero can find on this floor, nearest first (by steps, then straight-line
/// distance for those with no known way, then kind and position so the order is stable).
pub fn findable(game: &Game, content: &Content) -> Vec<Found> {
    let hero = game.hero_pos();
    let field = DistanceField::bfs(&known_map(game), &[hero]);
    let mut out = Vec::new();
    let mut add = |kind, name: String, at: Pos| {
        let steps = Some(field.get(at)).filter(|&d| d != UNREACHED);
        out.push(Found {
            kind,
            name,
            at,
            steps,
            offset: offset_words(at.x - hero.x, at.y - hero.y),
        });
    };
    for c in game.floor.creatures.values() {
        if c.id == game.party.hero || !c.is_alive() || !game.is_visible(c.pos) {
            continue;
        }
        let hostile = content.creature(&c.kind).is_some_and(|k| k.hostile);
        let what = if hostile {
            doing(game, content, c.id)
        } else {
            "not hostile"
        };
        add(
            FoundKind::Monster,
            format!("{} ({what})", game.name(c.id, content)),
            c.pos,
        );
    }
    for (&at, pile) in &game.floor.ground {
        if game.is_explored(at) {
            for it in pile {
                add(FoundKind::Item, game.item_name(it, content), at);
            }
        }
    }
    for (&at, &gold) in &game.floor.treasure {
        if game.is_explored(at) {
            add(FoundKind::Treasure, format!("{gold} gold"), at);
        }
    }
    if game.is_explored(game.floor.down) {
        add(FoundKind::Stairs, "Stairs down".into(), game.floor.down);
    }
    if game.is_explored(game.floor.up) {
        add(FoundKind::Stairs, "Stairs up".into(), game.floor.up);
    }
    if let Some(shop) = &game.floor.shop
        && let Some(keeper) = game.creature(shop.keeper)
        && keeper.is_alive()
        && game.is_explored(keeper.pos)
    {
        add(
            FoundKind::Shop,
            format!("Shop of {}", game.name(keeper.id, content)),
            keeper.pos,
        );
    }
    for i in 0..game.floor.map.len() {
        let p = game.floor.map.pos(i);
        if game.floor.explored[i] && game.floor.map.rules(game.floor.map.get(p)).is_door() {
            let name = content
                .terrain_of(game.floor.map.get(p))
                .map_or("door".to_string(), |t| t.name.clone());
            // "a closed door" reads "Closed door" in a list.
            let bare =
                (name.strip_prefix("an ").or_else(|| name.strip_prefix("a "))).unwrap_or(&name);
            add(FoundKind::Door, upper_first(bare), p);
        }
    }
    out.sort_by(|a, b| {
        let key = |f: &Found| {
            (
                f.steps.unwrap_or(u32::MAX),
                f.at.manhattan(hero),
                f.kind,
                (f.at.y, f.at.x),
            )
        };
        key(a).cmp(&key(b)).then_with(|| a.name.cmp(&b.name))
    });
    out
}
