//! Damage types (`[[damage_types]]`): what resistances refer to.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::*;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageTypeDef {
    /// Namespaced id; content may write core types bare (`"blunt"`).
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
    /// Colour of its numbers (name or `#rrggbb`).
    #[serde(default = "default_ability_color")]
    #[schemars(with = "String")]
    pub color: Spanned<String>,
}
