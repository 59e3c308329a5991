//! One definition to its registry entry, its fields checked: creature kinds (engine
//! defaults filled in), abilities, floors, prefabs, symbols and colours.
use std::collections::BTreeMap;

use toml::Spanned;

use super::{Ability, AiRule, Base, CreatureKind};
use crate::content::art::Picture;
use crate::content::colors::color;
use crate::content::numbers;
use crate::content::registry::{self, FieldError, damage_type_id};
use crate::content::schema::{AbilityDef, CreatureDef, FloorDef, PrefabDef, TargetRule};
use crate::dungeon::Prefab;

/// A symbol and a colour, checked.
pub(super) fn look(
    sym: &Spanned<String>,
    col: &Spanned<String>,
) -> Result<(char, [u8; 3]), FieldError> {
    let s = symbol(sym).map_err(|m| (sym.span(), "symbol".to_string(), m))?;
    let c = color(col.get_ref()).map_err(|m| (col.span(), "color".to_string(), m))?;
    Ok((s, c))
}

pub(super) fn creature_kind(def: &CreatureDef) -> Result<CreatureKind, FieldError> {
    let b = &def.base;
    let mut base = Base {
        max_health: b.max_health.unwrap_or(10.0),
        max_stamina: b.max_stamina.unwrap_or(0.0),
        damage: b.damage.unwrap_or(1.0),
        hit_chance: b.hit_chance.unwrap_or(0.7),
        critical_chance: b.critical_chance.unwrap_or(0.05),
        critical_factor: b.critical_factor.unwrap_or(1.5),
        dexterity: b.dexterity.unwrap_or(0.0),
        luck: b.luck.unwrap_or(0.0),
        resistance: BTreeMap::new(),
    };
    // Inserted one by one: `collect` sorts through a buffer, costly for the usual one key.
    for (k, v) in &b.resistance {
        base.resistance.insert(damage_type_id(k), *v);
    }
    numbers::attributes(b, "base", false)?;
    let unplaced =
        |field: &str, r: Result<(), String>| r.map_err(|m| numbers::unplaced(field.into(), m));
    unplaced("gold", numbers::gold_range("gold", def.gold))?;
    unplaced(
        "xp",
        numbers::count_at_most("xp", def.xp, numbers::MAX_XP).map(drop),
    )?;
    let mv = &def.movement;
    let sight = numbers::count_at_most("sight", mv.sight, numbers::MAX_COUNT);
    unplaced("movement.sight", sight.map(drop))?;
    if let TargetRule::Ahead(n) | TargetRule::Shy(n) = mv.target {
        let tiles = numbers::count_at_most("target", n, numbers::MAX_COUNT);
        unplaced("movement.target", tiles.map(drop))?;
    }
    for (i, e) in def.ai.iter().enumerate() {
        numbers::conditions(&e.condition, &|| format!("ai[{i}].condition"))?;
    }
    let (symbol, color) = look(&def.symbol, &def.color)?;
    Ok(CreatureKind {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        proper_name: def.proper_name,
        symbol,
        color,
        picture: Picture::Glyph,
        tags: def.tags.iter().map(|t| t.get_ref().clone()).collect(),
        base,
        abilities: def.abilities.iter().map(|a| a.get_ref().clone()).collect(),
        ai: def
            .ai
            .iter()
            .map(|e| AiRule {
                condition: e.condition.clone(),
                ability: e.ability.get_ref().clone(),
            })
            .collect(),
        xp: def.xp,
        gold: def.gold,
        loot: def.loot.as_ref().map(|l| l.get_ref().clone()),
        triggers: registry::triggers(&def.triggers, "triggers")?,
        hostile: def.hostile && !def.shopkeeper,
        shopkeeper: def.shopkeeper,
        opens_doors: def.opens_doors,
        movement: def.movement.clone(),
        perception: match &def.perception {
            Some(p) => numbers::number_in("perception", *p.get_ref(), 0.0, 10.0)
                .map_err(|m| (p.span(), "perception".to_string(), m))?,
            None => 1.0,
        },
        starts: def.starts,
    })
}

pub(super) fn ability(def: &AbilityDef) -> Result<Ability, FieldError> {
    let cost = numbers::number_in("cost", *def.cost.get_ref(), 0.0, numbers::MAX_AMOUNT)
        .map_err(|m| (def.cost.span(), "cost".to_string(), m))?;
    numbers::conditions(&def.condition, &|| "condition".into())?;
    numbers::actions(&def.actions, &|| "actions".into())?;
    let range = numbers::count_in("range", def.range, 1, numbers::MAX_RANGE)
        .map_err(|m| numbers::unplaced("range".into(), m))?;
    let (symbol, color) = look(&def.symbol, &def.color)?;
    Ok(Ability {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        symbol,
        color,
        picture: Picture::Glyph,
        cost,
        cooldown: def.cooldown,
        range,
        condition: def.condition.clone(),
        actions: def.actions.iter().map(registry::normalize_action).collect(),
    })
}

/// A floor's numbers in their ranges (in the words of every other number's error), then the
/// generator's own validation, so content and `delve gen` agree on what is a valid floor:
/// `(field, message)`, the field as the message's own first word names it. Prefabs are checked
/// against the floor once every pack's prefabs are known (`resolve`).
pub(super) fn check_floor(f: &FloorDef) -> Result<(), (String, String)> {
    fn at(field: &'static str) -> impl Fn(String) -> (String, String) {
        move |m| (field.to_string(), m)
    }
    for (name, v) in [
        ("door_chance", f.door_chance),
        ("secret_door_chance", f.secret_door_chance),
        ("lake_chance", f.lake_chance),
        ("pool_chance", f.pool_chance),
        ("chasm_chance", f.chasm_chance),
        ("lava_chance", f.lava_chance),
        ("grass_chance", f.grass_chance),
    ] {
        numbers::number_in(name, v, 0.0, 1.0).map_err(at(name))?;
    }
    for (i, feature) in f.features.iter().enumerate() {
        numbers::number_in("chance", feature.chance, 0.0, 1.0)
            .map_err(|m| (format!("features[{i}].chance"), m))?;
    }
    for (name, v) in [
        ("regression", f.regression),
        ("imperfection", f.imperfection),
    ] {
        numbers::number_in(name, v, 0.0, 100.0).map_err(at(name))?;
    }
    let mut profile = f.profile(&BTreeMap::new());
    profile.prefab_count = 0;
    profile.validate().map_err(|m| generator_field(&m))?;
    // Item piles are the game's, not the generator's: each one rolls its loot table.
    numbers::count_at_most("items", f.items, numbers::MAX_COUNT).map_err(at("items"))?;
    numbers::gold_range("gold", f.gold).map_err(at("gold"))?;
    Ok(())
}

/// The generator's message `field: what is wrong` as `(field, message)`.
pub(super) fn generator_field(message: &str) -> (String, String) {
    match message.split_once(": ") {
        Some((field, rest)) if !field.contains(' ') => {
            (field.to_string(), format!("`{field}`: {rest}"))
        }
        _ => (String::new(), message.to_string()),
    }
}

pub(super) fn prefab(def: &PrefabDef) -> Result<Prefab, FieldError> {
    let mut legend = BTreeMap::new();
    for (key, id) in &def.legend {
        let mut chars = key.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err((
                id.span(),
                "legend".into(),
                format!("legend key `{key}` must be one character"),
            ));
        };
        legend.insert(c, id.get_ref().clone());
    }
    let prefab = Prefab {
        id: def.id.get_ref().clone(),
        rows: def.rows.iter().map(|r| r.get_ref().clone()).collect(),
        legend,
        // Which legend ids are terrain kinds is known once every pack has loaded
        // (`Content::generator_profile`).
        terrain: BTreeMap::new(),
    };
    prefab.check().map_err(|(field, msg)| {
        // A stray character is pointed at in its row (past the row's opening quote).
        let span = match prefab.stray() {
            Some((r, col, c)) => {
                let row = &def.rows[r];
                let at = row.span().start
                    + 1
                    + row
                        .get_ref()
                        .chars()
                        .take(col)
                        .map(char::len_utf8)
                        .sum::<usize>();
                at..at + c.len_utf8()
            }
            None => def.id.span(),
        };
        (span, field, msg)
    })?;
    Ok(prefab)
}

/// The tile atlas draws printable ASCII; anything else would be an invisible monster.
fn symbol(s: &Spanned<String>) -> Result<char, String> {
    let mut chars = s.get_ref().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_graphic() => Ok(c),
        _ => Err(format!(
            "symbol `{}` must be one printable ASCII character the tile atlas can draw",
            s.get_ref()
        )),
    }
}
