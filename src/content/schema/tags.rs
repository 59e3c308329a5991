//! Tags (`[[tags]]`): what creatures carry and conditions test.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toml::Spanned;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagDef {
    /// Namespaced id.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Shown name.
    pub name: String,
}
