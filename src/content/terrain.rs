//! Terrain kinds as the rules and the map read them, and the table a floor's tiles index
//! (`Content::terrains`): the engine's kinds at their fixed indices, then the rest by id.
use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::art::Picture;
use super::registry::FieldError;
use super::schema::TerrainDef;
use crate::map::{Material, TerrainRules, Terrains, Tile};

/// At most this many terrain kinds (a tile is one byte).
pub const MAX_TERRAIN: usize = 256;
/// The loudest terrain: `noise` is a radius in tiles.
pub const MAX_NOISE: u32 = 20;
/// The most damage entering a terrain may deal.
pub const MAX_ENTER_DAMAGE: u32 = 1000;

/// What entering a terrain kind does (`on_enter`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OnEnter {
    /// Before resistance; 0 for none.
    pub damage: u32,
    /// A damage type id (`core:fire`).
    pub damage_type: String,
    pub fall: bool,
    /// The log line, `{amount}` for the damage dealt; `None` for the default one.
    pub message: Option<String>,
}

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
    pub blocks_projectiles: bool,
    pub material: Material,
    pub noise: u32,
    pub trampled_to: Option<String>,
    pub on_enter: Option<OnEnter>,
    /// The modifier whoever stands on it has, put on at each turn's ticks.
    pub while_standing: Option<String>,
}

impl TerrainKind {
    /// Entering it hurts or drops (`TerrainRules::hazard`).
    pub fn is_hazard(&self) -> bool {
        self.on_enter
            .as_ref()
            .is_some_and(|e| e.damage > 0 || e.fall)
    }
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
    let material = (Material::NAMES.iter())
        .find(|(name, _)| name == def.material.get_ref())
        .map(|&(_, m)| m)
        .ok_or_else(|| {
            let names: Vec<&str> = Material::NAMES.iter().map(|(n, _)| *n).collect();
            (
                def.material.span(),
                "material".to_string(),
                format!(
                    "`material` is one of {}, not `{}`",
                    names.join(", "),
                    def.material.get_ref()
                ),
            )
        })?;
    if def.noise > MAX_NOISE {
        let span = def.id.span();
        let msg = format!("`noise` is at most {MAX_NOISE}, not {}", def.noise);
        return Err((span, "noise".into(), msg));
    }
    let on_enter = match &def.on_enter {
        Some(e) if e.damage > MAX_ENTER_DAMAGE => {
            let msg = format!("`damage` is at most {MAX_ENTER_DAMAGE}, not {}", e.damage);
            return Err((def.id.span(), "on_enter.damage".into(), msg));
        }
        Some(e) if e.damage > 0 && e.fall => {
            let msg = "`on_enter` either deals `damage` or makes the walker `fall`".to_string();
            return Err((def.id.span(), "on_enter".into(), msg));
        }
        Some(e) => Some(OnEnter {
            damage: e.damage,
            damage_type: super::registry::damage_type_id(e.damage_type.get_ref()),
            fall: e.fall,
            message: e.message.clone(),
        }),
        None => None,
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
        blocks_projectiles: def.blocks_projectiles,
        material,
        noise: def.noise,
        trampled_to: id(&def.trampled_to),
        on_enter,
        while_standing: id(&def.while_standing),
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
                blocks_projectiles: k.blocks_projectiles,
                opens_to: tile(&k.opens_to),
                closes_to: tile(&k.closes_to),
                found_as: tile(&k.found_as),
                trampled_to: tile(&k.trampled_to),
                material: k.material,
                // `MAX_NOISE` fits a byte.
                noise: k.noise.min(u32::from(u8::MAX)) as u8,
                damage: k.on_enter.as_ref().map_or(0, |e| e.damage),
                falls: k.on_enter.as_ref().is_some_and(|e| e.fall),
                hazard: k.is_hazard(),
            },
            None => builtin
                .tile(id)
                .map_or(TerrainRules::SOLID, |t| *builtin.rules(t)),
        };
        (id.to_string(), rules)
    })))
}
