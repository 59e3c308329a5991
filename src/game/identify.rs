//! Identification: the looks the run dealt to unknown items, what the hero has learned, the
//! names the player gave, and how an item shows (its name, colour, picture and description)
//! to someone who knows only what the hero knows.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::state::{Game, ItemInstance};
use crate::content::Content;
use crate::content::art::Picture;
use crate::content::identify::{Appearance, ItemKind};
use crate::rng;

/// Salt of the stream that deals the looks: a function of the seed alone, apart from the
/// floors' streams, so a seed's floors stay as they were before items had looks.
const LOOKS_STREAM: u64 = 0x4C4F_4F4B_5300_0000;

/// The longest name the player may give an item, in characters.
pub const CALL_MAX: usize = 30;

/// What the hero knows of the items of unidentified kinds. Empty for runs from before
/// identification (and content without such kinds), and then not written: every item is known.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identification {
    /// The appearance (an `[[appearances]]` id) each item started the run under, by item id.
    /// An item without one is known.
    #[serde(default)]
    pub looks: BTreeMap<String, String>,
    /// Items learned this run, in the order they were learned.
    #[serde(default)]
    pub learned: Vec<String>,
    /// The names the player gave unknown items, by item id.
    #[serde(default)]
    pub called: BTreeMap<String, String>,
}

impl Identification {
    pub fn is_empty(&self) -> bool {
        self.looks.is_empty() && self.learned.is_empty() && self.called.is_empty()
    }

    /// Deals each unidentified kind's appearances to its items that are not known from the
    /// start, in id order after a shuffle drawn from the seed. A kind with fewer appearances
    /// than items leaves the last items known (the loader warns).
    pub fn deal(seed: u64, content: &Content) -> Identification {
        let mut rng = rng::game_rng(seed ^ LOOKS_STREAM);
        let mut looks = BTreeMap::new();
        for kind in content.item_kinds.values().filter(|k| k.unidentified) {
            let mut pool: Vec<&str> = (content.appearances.values())
                .filter(|a| a.kind == kind.id)
                .map(|a| a.id.as_str())
                .collect();
            rng::shuffle(&mut rng, &mut pool);
            let unknown = (content.items.values())
                .filter(|i| i.kind.as_deref() == Some(kind.id.as_str()) && !i.known);
            for (item, look) in unknown.zip(pool) {
                looks.insert(item.id.clone(), look.to_string());
            }
        }
        Identification {
            looks,
            ..Identification::default()
        }
    }

    /// Whether the hero knows what the item is.
    pub fn knows(&self, item: &str) -> bool {
        !self.looks.contains_key(item) || self.learned.iter().any(|l| l == item)
    }

    /// Learns an item; true when it was unknown until now.
    pub fn learn(&mut self, item: &str) -> bool {
        if self.knows(item) {
            return false;
        }
        self.learned.push(item.to_string());
        self.called.remove(item);
        true
    }
}

/// How an item shows to the player: what the hero knows of it.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemLook<'c> {
    /// Its shown name: the item's ("Keen dagger", "Wand of sparks (3)"), or its appearance's
    /// with the player's name for it ("murky green potion (called heal?)").
    pub name: String,
    pub symbol: char,
    pub color: [u8; 3],
    /// The item's picture, or its kind's while unknown.
    pub picture: &'c Picture,
    /// The item's description; `None` while unknown.
    pub description: Option<&'c str>,
    pub known: bool,
}

/// What an item with no picture of its own draws.
static GLYPH: Picture = Picture::Glyph;

impl Game {
    /// Whether the hero knows what this item is.
    pub fn knows(&self, item: &str) -> bool {
        self.party.ident.knows(item)
    }

    /// The appearance this run dealt an item, with its kind, whether the hero knows the item
    /// by now or not; `None` for an item that started the run known.
    fn dealt<'c>(
        &self,
        item: &str,
        content: &'c Content,
    ) -> Option<(&'c Appearance, &'c ItemKind)> {
        let a = content.appearances.get(self.party.ident.looks.get(item)?)?;
        Some((a, content.item_kinds.get(&a.kind)?))
    }

    /// The name an item went by before it was known ("murky green potion"), known by now or
    /// not; `None` for an item that started the run known.
    pub fn unknown_name(&self, item: &str, content: &Content) -> Option<String> {
        self.dealt(item, content)
            .map(|(a, kind)| kind.unknown_name(&a.words))
    }

    /// An item as the player sees it, everywhere the game shows one.
    pub fn look<'c>(&self, it: &ItemInstance, content: &'c Content) -> ItemLook<'c> {
        let def = content.item(&it.item);
        let symbol = def.map_or('?', |d| d.symbol);
        let unknown = Some(&it.item)
            .filter(|i| !self.knows(i))
            .and_then(|i| self.dealt(i, content));
        match unknown {
            Some((appearance, kind)) => {
                let mut name = kind.unknown_name(&appearance.words);
                if let Some(call) = self.party.ident.called.get(&it.item) {
                    name += &format!(" (called {call})");
                }
                ItemLook {
                    name,
                    symbol,
                    color: appearance.color,
                    picture: &kind.picture,
                    description: None,
                    known: false,
                }
            }
            None => {
                let mut name = super::items::true_name(it, content);
                if def.is_some_and(|d| d.charges > 0) {
                    name += &format!(" ({})", it.charges);
                }
                if it.count > 1 {
                    name += &format!(" x{}", it.count);
                }
                ItemLook {
                    name,
                    symbol,
                    color: def.map_or([200, 200, 200], |d| d.color),
                    picture: def.map_or(&GLYPH, |d| &d.picture),
                    description: def.map(|d| d.description.as_str()),
                    known: true,
                }
            }
        }
    }

    /// An item's shown name (`look`'s).
    pub fn item_name(&self, it: &ItemInstance, content: &Content) -> String {
        self.look(it, content).name
    }

    /// Learns what an item is, saying so in the log; true when it was unknown.
    pub(super) fn learn_item(&mut self, it: &ItemInstance, content: &Content) -> bool {
        let before = super::words::sentence(&self.item_called(it, content));
        if !self.party.ident.learn(&it.item) {
            return false;
        }
        let now = super::items::true_name(it, content);
        let proper = content.item(&it.item).is_some_and(|i| i.proper_name);
        self.log(format!("{before} is {}.", super::words::a(&now, proper)));
        true
    }

    /// The first item in the pack the hero does not know, after `skip`.
    pub(super) fn first_unknown(&self, skip: Option<usize>) -> Option<usize> {
        (0..self.party.inventory.len())
            .find(|&i| Some(i) != skip && !self.knows(&self.party.inventory[i].item))
    }
}

/// "closed door" → "Closed door", for the start of a sentence or a list's line.
pub fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| {
        f.to_uppercase().chain(c).collect::<String>()
    })
}

/// "Potion of confusion" → "potion of confusion", for the middle of a sentence.
pub fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| {
        f.to_lowercase().chain(c).collect::<String>()
    })
}
