//! Hero classes as the rules read them, and the hero creature kind each one makes.
use serde::{Deserialize, Serialize};

use super::art::Picture;
use super::load::{Base, CreatureKind};
use super::numbers;
use super::registry::{AttrKey, FieldError, damage_type_id, level_gains};
use super::schema::{Attributes, ClassDef};

/// A class: the hero creature with its own attributes, abilities, kit and growth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Class {
    pub id: String,
    pub name: String,
    pub description: String,
    pub color: [u8; 3],
    /// What draws it: presentation only, so not hashed.
    #[serde(skip)]
    pub picture: Picture,
    pub order: i32,
    /// The attributes it gives, each replacing the hero creature's.
    pub base: Attributes,
    /// Empty: the hero creature's abilities.
    pub abilities: Vec<String>,
    pub wear: Vec<String>,
    pub carry: Vec<String>,
    pub gold: u32,
    /// What each level adds; `None`: `[progression]`'s.
    pub per_level: Option<Vec<(AttrKey, f64)>>,
    /// Scales the stealth range.
    pub stealth: f64,
    /// Its sneak attack's damage factor; `None`: `[balance]`'s.
    pub sneak_attack: Option<f64>,
}

/// One definition to its entry, its numbers checked (what it names is checked on resolve).
pub fn class(def: &ClassDef, color: [u8; 3]) -> Result<Class, FieldError> {
    numbers::attributes(&def.base, "base", false)?;
    if let Some(p) = &def.per_level {
        numbers::attributes(p, "per_level", true)?;
    }
    numbers::count_at_most("gold", def.gold, numbers::MAX_GOLD)
        .map_err(|m| numbers::unplaced("gold".into(), m))?;
    numbers::number_in("stealth", def.stealth, 0.1, 10.0)
        .map_err(|m| numbers::unplaced("stealth".into(), m))?;
    if let Some(f) = def.sneak_attack {
        numbers::number_in("sneak_attack", f, 1.0, 100.0)
            .map_err(|m| numbers::unplaced("sneak_attack".into(), m))?;
    }
    let names = |v: &[toml::Spanned<String>]| v.iter().map(|s| s.get_ref().clone()).collect();
    Ok(Class {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        description: def.description.clone(),
        color,
        picture: Picture::Glyph,
        order: def.order,
        base: def.base.clone(),
        abilities: names(&def.abilities),
        wear: names(&def.wear),
        carry: names(&def.carry),
        gold: def.gold,
        per_level: def.per_level.as_ref().map(level_gains),
        stealth: def.stealth,
        sneak_attack: def.sneak_attack,
    })
}

impl Class {
    /// The creature kind a hero of this class is: `hero` (the `core:hero` creature) with the
    /// class's id, look, attributes and abilities.
    pub fn hero(&self, hero: &CreatureKind) -> CreatureKind {
        let mut kind = hero.clone();
        kind.id = self.id.clone();
        kind.color = self.color;
        if self.picture != Picture::Glyph {
            kind.picture = self.picture.clone();
        }
        replace_attributes(&mut kind.base, &self.base);
        if !self.abilities.is_empty() {
            kind.abilities = self.abilities.clone();
        }
        kind
    }
}

/// Each attribute `a` gives replaces `base`'s; resistances one damage type at a time.
fn replace_attributes(base: &mut Base, a: &Attributes) {
    let fields = [
        (&mut base.max_health, a.max_health),
        (&mut base.max_stamina, a.max_stamina),
        (&mut base.damage, a.damage),
        (&mut base.hit_chance, a.hit_chance),
        (&mut base.critical_chance, a.critical_chance),
        (&mut base.critical_factor, a.critical_factor),
        (&mut base.dexterity, a.dexterity),
        (&mut base.luck, a.luck),
    ];
    for (field, value) in fields {
        if let Some(v) = value {
            *field = v;
        }
    }
    for (dt, v) in &a.resistance {
        base.resistance.insert(damage_type_id(dt), *v);
    }
}
