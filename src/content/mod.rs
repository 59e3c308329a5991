//! Content registries loaded from TOML: creatures, abilities, floor profiles and `[balance]`.
pub mod art;
mod balance;
pub mod class;
pub mod colors;
pub mod diagnostics;
pub mod identify;
// Desktop only: the browser loads a few packs, where its speed is not worth its download.
#[cfg(not(target_arch = "wasm32"))]
pub mod fast_toml;
pub(crate) mod load;
pub mod mods;
pub mod numbers;
pub mod placement;
pub mod registry;
pub mod scaffold;
pub mod schema;
pub mod terrain;

/// The creature every hero is made from: a class fills in what it changes.
pub const HERO_KIND: &str = "core:hero";

pub use balance::{BALANCE_RANGES, Balance, KnobKind, KnobRange};
pub use diagnostics::{Diagnostic, Severity};
#[cfg(core_embedded)]
pub use load::core_pack;
pub use load::{
    Ability, AiRule, BUILTIN_ABILITIES, Base, Content, CreatureKind, LoadReport, MAX_FILE_BYTES,
    MAX_NESTING, NAMED_COLORS, Pack, core_checked, load_packs,
};
