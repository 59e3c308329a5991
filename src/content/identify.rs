//! Item kinds and appearances as the rules read them: which items start a run unknown, and
//! the looks dealt out to them.
use serde::{Deserialize, Serialize};

use super::art::Picture;
use super::registry::FieldError;
use super::schema::{AppearanceDef, ItemKindDef};

/// What `unknown` names stand for in an item kind's unknown name.
pub const WORDS: &str = "{words}";

/// A kind of item (potion, scroll, wand).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemKind {
    pub id: String,
    pub name: String,
    pub unidentified: bool,
    /// How an unknown item is named, with `{words}` for its appearance's words.
    pub unknown: String,
    /// What draws its unknown items: presentation only, so not hashed.
    #[serde(skip)]
    pub picture: Picture,
}

impl ItemKind {
    /// An unknown item's name under an appearance: "murky green potion".
    pub fn unknown_name(&self, words: &str) -> String {
        self.unknown.replace(WORDS, words)
    }
}

/// One look of an unidentified kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Appearance {
    pub id: String,
    pub kind: String,
    pub words: String,
    pub color: [u8; 3],
}

pub fn item_kind(def: &ItemKindDef) -> Result<ItemKind, FieldError> {
    if !def.unknown.get_ref().contains(WORDS) {
        return Err((
            def.unknown.span(),
            "unknown".into(),
            format!("the unknown name needs `{WORDS}` (where the appearance's words go)"),
        ));
    }
    Ok(ItemKind {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        unidentified: def.unidentified,
        unknown: def.unknown.get_ref().clone(),
        picture: Picture::Glyph,
    })
}

pub fn appearance(def: &AppearanceDef, color: [u8; 3]) -> Result<Appearance, FieldError> {
    if def.words.trim().is_empty() {
        return Err((def.id.span(), "words".into(), "`words` is empty".into()));
    }
    Ok(Appearance {
        id: def.id.get_ref().clone(),
        kind: def.kind.get_ref().clone(),
        words: def.words.clone(),
        color,
    })
}
