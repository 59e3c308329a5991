//! Item kinds (`[[item_kinds]]`): potion, scroll, wand and what mods add; whether items of a
//! kind start a run unknown, and how an unknown one is named and drawn.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// A kind of item. Items name it with their `kind`; when `unidentified`, each run gives each
/// of its items (except those `known` from the start) one of the kind's `[[appearances]]`,
/// shown instead of the item until it is used or identified.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ItemKindDef {
    /// Namespaced id, e.g. `core:potion`.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name of the kind, in the singular (`potion`): the Discoveries list's headings.
    pub name: String,
    /// Items of this kind start each run unknown (those marked `known` excepted).
    #[serde(default)]
    pub unidentified: bool,
    /// How an unknown item of the kind is named: `{words}` stands for its appearance's
    /// words, e.g. `"{words} potion"` → "murky green potion".
    #[serde(default = "words_only")]
    #[schemars(with = "String")]
    pub unknown: Spanned<String>,
    /// An icon of the atlas by name (see Pictures): every unknown item of the kind is drawn
    /// with it, in its appearance's colour.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub icon: Option<Spanned<String>>,
}

fn words_only() -> Spanned<String> {
    Spanned::new(0..0, "{words}".into())
}
