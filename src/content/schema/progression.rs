//! `[progression]`: the XP curve and what a level gives.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::*;

/// `xp[i]` is the total XP needed for level i + 2; each level adds `per_level`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProgressionDef {
    /// Total XP for each level from 2 on; strictly rising.
    pub xp: Vec<u32>,
    /// Attributes every level adds.
    #[serde(default)]
    pub per_level: Attributes,
}
