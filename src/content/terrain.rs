//! Terrain kinds as the rules and the map read them, and the table a floor's tiles index
//! (`Content::terrains`): the engine's kinds at their fixed indices, then the rest by id.
use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::art::Picture;
use super::registry::FieldError;
use super::schema::TerrainDef;
use crate::map::{TerrainRules, Terrains, Tile};

/// At most this many terrain kinds (a tile is one byte).
pub const MAX_TERRAIN: usize = 256;

/// How the map draws the ground of a terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Surface {
    /// A block, joined to its neighbours.
    Wall,
    /// Flagstones.
    Floor,
}

/// One kind of terrain.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainKind {
    pub id: String,
    pub name: String,
    pub description: String,
    pub glyph: char,
    pub surface: Surface,
    pub color: [u8; 3],
    pub remembered: Option<[u8; 3]>,
    /// What draws it over the ground: presentation only, so not hashed.
    #[serde(skip)]
    pub picture: Picture,
    pub walkable: bool,
    pub blocks_sight: bool,
    pub opens_to: Option<String>,
    pub closes_to: Option<String>,
    pub found_as: Option<String>,
}

/// One `[[terrain]]` entry to its kind; `color` and `remembered` already read.
pub fn terrain(
    def: &TerrainDef,
    color: [u8; 3],
    remembered: Option<[u8; 3]>,
) -> Result<TerrainKind, FieldError> {
    let mut chars = def.glyph.get_ref().chars();
    let glyph = match (chars.next(), chars.next()) {
        (Some(c), None) => c,
        _ => {
            return Err((
                def.glyph.span(),
                "glyph".into(),
                "`glyph` must be one character".into(),
            ));
        }
    };
    let surface = match def.surface.get_ref().as_str() {
        "wall" => Surface::Wall,
        "floor" => Surface::Floor,
        other => {
            return Err((
                def.surface.span(),
                "surface".into(),
                format!("`surface` is `wall` or `floor`, not `{other}`"),
            ));
        }
    };
    let id = |v: &Option<toml::Spanned<String>>| v.as_ref().map(|s| s.get_ref().clone());
    Ok(TerrainKind {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        description: def.description.clone(),
        glyph,
        surface,
        color,
        remembered,
        picture: Picture::Glyph,
        walkable: def.walkable,
        blocks_sight: def.blocks_sight,
        opens_to: id(&def.opens_to),
        closes_to: id(&def.closes_to),
        found_as: id(&def.found_as),
    })
}

/// The ids in tile order: the engine's kinds first (each whether or not `kinds` has it),
/// then `kinds`' others by id; at most `MAX_TERRAIN`.
pub fn tile_order(kinds: &BTreeMap<String, TerrainKind>) -> Vec<&str> {
    let engine = Tile::ENGINE.iter().copied();
    let others = (kinds.keys().map(String::as_str)).filter(|id| !Tile::ENGINE.contains(id));
    engine.chain(others).take(MAX_TERRAIN).collect()
}

/// The table a floor's tiles index. An engine kind `kinds` lacks keeps the engine's rules
/// (the loader refuses such content; tests' hand-made content has no terrain at all).
pub fn table(kinds: &BTreeMap<String, TerrainKind>) -> Arc<Terrains> {
    let order = tile_order(kinds);
    let builtin = Terrains::builtin();
    let tile = |id: &Option<String>| {
        id.as_deref()
            .and_then(|id| order.iter().position(|o| *o == id))
            .map(|i| Tile(i as u8))
    };
    Arc::new(Terrains::new(order.iter().map(|&id| {
        let rules = match kinds.get(id) {
            Some(k) => TerrainRules {
                walkable: k.walkable,
                blocks_sight: k.blocks_sight,
                opens_to: tile(&k.opens_to),
                closes_to: tile(&k.closes_to),
                found_as: tile(&k.found_as),
            },
            None => builtin
                .tile(id)
                .map_or(TerrainRules::SOLID, |t| *builtin.rules(t)),
        };
        (id.to_string(), rules)
    })))
}
