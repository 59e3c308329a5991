//! Appearances (`[[appearances]]`): the looks an unknown item can have, drawn per run.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// One look of an unidentified item kind: its words and colour. Each run deals a kind's
/// appearances out to its unknown items, one each; a mod adds words by adding entries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppearanceDef {
    /// Namespaced id, e.g. `core:murky_green`.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// The item kind it is a look of (an `[[item_kinds]]` id).
    #[schemars(with = "String")]
    pub kind: Spanned<String>,
    /// The words put into the kind's `unknown` name: `"murky green"`, `"XOBA ZUN"`.
    pub words: String,
    /// The colour the unknown item is drawn in (name or `#rrggbb`).
    #[schemars(with = "String")]
    pub color: Spanned<String>,
}
