//! Where a new entry appears, as its own file says it: `spawn` on creatures and traps, `loot`
//! on items, `depths` on prefabs. The loader adds these to the floors and loot tables once
//! every pack has loaded (`load/place.rs`), so adding something never means copying a floor.
use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// The floors an entry appears on: one depth (`3`) or an inclusive range (`[3, 5]`), as
/// written; the loader checks that they lie within the run's floors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Depths {
    pub first: u32,
    pub last: u32,
}

impl Depths {
    /// Every depth of the range, first to last.
    pub fn iter(self) -> impl Iterator<Item = u32> {
        self.first..=self.last
    }
}

impl<'de> Deserialize<'de> for Depths {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Depths;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a depth (`3`) or an inclusive range of depths (`[3, 5]`)")
            }

            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Depths, E> {
                let d = u32::try_from(v)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(v), &self))?;
                Ok(Depths { first: d, last: d })
            }

            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Depths, E> {
                let d = u32::try_from(v)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))?;
                Ok(Depths { first: d, last: d })
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Depths, A::Error> {
                let first: u32 = seq
                    .next_element()?
                    .ok_or_else(|| serde::de::Error::invalid_length(0, &self))?;
                let last: u32 = seq.next_element()?.unwrap_or(first);
                if seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    return Err(serde::de::Error::invalid_length(3, &self));
                }
                Ok(Depths { first, last })
            }
        }
        d.deserialize_any(Visit)
    }
}

impl JsonSchema for Depths {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "Depths".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "anyOf": [
                { "type": "integer", "minimum": 1 },
                {
                    "type": "array",
                    "prefixItems": [
                        { "type": "integer", "minimum": 1 },
                        { "type": "integer", "minimum": 1 }
                    ]
                }
            ]
        })
    }
}

/// Where a creature or trap appears: it is added to the spawn table (a creature) or the trap
/// kinds (a trap) of every floor in `depths`, beside what the floor lists itself and what
/// other packs add. See "Adding without copying".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpawnRule {
    /// One depth (`3`) or an inclusive range (`[3, 5]`), from 1 to the run's last floor
    /// (`[balance] floors`).
    #[schemars(with = "Depths")]
    pub depths: Spanned<Depths>,
    /// Relative weight among the floor's spawns (or trap kinds), above 0.
    #[serde(default = "weight_one")]
    #[schemars(with = "u32")]
    pub weight: Spanned<u32>,
}

/// A loot table an item is added to, beside the table's own entries and what other packs
/// add. See "Adding without copying".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LootRule {
    /// Loot table id, e.g. `core:floor_deep`.
    #[schemars(with = "String")]
    pub table: Spanned<String>,
    /// Relative weight among the table's entries, above 0.
    #[serde(default = "weight_one")]
    #[schemars(with = "u32")]
    pub weight: Spanned<u32>,
}

pub(crate) fn weight_one() -> Spanned<u32> {
    Spanned::new(0..0, 1)
}

/// The most times a prefab may be listed on one floor by its `weight`: each is a line of the
/// floor's list, and no layout needs more.
pub const MAX_PREFAB_WEIGHT: u32 = 100;
