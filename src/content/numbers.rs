//! The allowed ranges of content's numbers outside `[balance]` (whose table is in
//! `balance.rs`): finite always, non-negative or within bounds where the meaning needs it.
//! The bounds are far beyond any sane design; they keep sums finite and loops short, and the
//! schema's doc comments state them for MODDING.md.
use super::registry::FieldError;
use super::schema::{ActionDef, Attributes, Condition};

/// Largest health, stamina, damage or amount an action deals (and an attribute's `flat`).
pub const MAX_AMOUNT: f64 = 1e6;
/// Largest gold a range or action names: far below `u32::MAX`, so totals cannot wrap.
pub const MAX_GOLD: u32 = 1_000_000;
/// Most experience one creature grants: a run's total stays far below `u32::MAX`.
pub const MAX_XP: u32 = 1_000_000;
/// Largest `scale` of a damage action, `critical_factor`, dexterity and luck (either sign).
pub const MAX_FACTOR: f64 = 1000.0;
/// Most creatures one `summon` calls, draws one loot table makes, or distance in tiles.
pub const MAX_COUNT: u32 = 1000;
/// Farthest an ability reaches, in tiles (1 is melee).
pub const MAX_RANGE: u32 = 20;

/// `v` when it is finite and in `min..=max`; else the message naming `what` and the range
/// (a 0..1 range is called a probability).
pub fn number_in(what: &str, v: f64, min: f64, max: f64) -> Result<f64, String> {
    if v.is_finite() && (min..=max).contains(&v) {
        return Ok(v);
    }
    // Written out only for the message: a content load checks tens of thousands of numbers.
    let shown = as_toml(v);
    if (min, max) == (0.0, 1.0) {
        Err(format!(
            "`{what}` = {shown} is a probability: expected 0..1"
        ))
    } else {
        Err(format!(
            "`{what}` = {shown} is out of range: expected {min}..={max}"
        ))
    }
}

/// A number as TOML writes it (`nan`, `inf`, `-inf`), as short as a modder writes it: plain
/// digits (`2`, `0.5`, `1000`), or with an exponent when the digits would run long (`1e308`,
/// not 309 digits; `1e-12`).
pub fn as_toml(v: f64) -> String {
    match v {
        v if v.is_nan() => "nan".into(),
        v if v.is_infinite() => (if v > 0.0 { "inf" } else { "-inf" }).into(),
        v => {
            let plain = v.to_string();
            let exponent = format!("{v:e}");
            if plain.len() > 12 && exponent.len() < plain.len() {
                exponent
            } else {
                plain
            }
        }
    }
}

/// A whole number at most `max`.
pub fn count_at_most(what: &str, v: u32, max: u32) -> Result<u32, String> {
    count_in(what, v, 0, max)
}

/// A whole number in `min..=max`.
pub fn count_in(what: &str, v: u32, min: u32, max: u32) -> Result<u32, String> {
    if (min..=max).contains(&v) {
        Ok(v)
    } else {
        Err(format!(
            "`{what}` = {v} is out of range: expected {min}..={max}"
        ))
    }
}

/// An inclusive `[low, high]` of gold: low ≤ high ≤ `MAX_GOLD`.
pub fn gold_range(what: &str, (lo, hi): (u32, u32)) -> Result<(), String> {
    if lo > hi {
        return Err(format!("{what} range [{lo}, {hi}] runs backwards"));
    }
    count_at_most(what, hi, MAX_GOLD).map(|_| ())
}

/// A field error without a span of its own: the loader finds the last key of `field`
/// inside the entry (see `merge_registry`).
pub(crate) fn unplaced(field: String, msg: String) -> FieldError {
    (0..0, field, msg)
}

/// Creature base attributes, or with `per_level` what a level adds (which may be 0 health).
/// `key` is the table's path (`base`, `per_level`).
pub fn attributes(a: &Attributes, key: &str, per_level: bool) -> Result<(), FieldError> {
    let health_min = if per_level { 0.0 } else { f64::MIN_POSITIVE };
    let (prob_min, crit_min) = if per_level {
        (-1.0, -MAX_FACTOR)
    } else {
        (0.0, 0.0)
    };
    let rows = [
        ("max_health", a.max_health, health_min, MAX_AMOUNT),
        ("max_stamina", a.max_stamina, 0.0, MAX_AMOUNT),
        ("damage", a.damage, 0.0, MAX_AMOUNT),
        ("hit_chance", a.hit_chance, prob_min, 1.0),
        ("critical_chance", a.critical_chance, prob_min, 1.0),
        ("critical_factor", a.critical_factor, crit_min, MAX_FACTOR),
        ("dexterity", a.dexterity, -MAX_FACTOR, MAX_FACTOR),
        ("luck", a.luck, -MAX_FACTOR, MAX_FACTOR),
    ];
    for (name, v, min, max) in rows {
        if let Some(v) = v {
            let checked = if name == "max_health" && min > 0.0 {
                // "Above 0" reads better than the smallest positive float.
                match v.is_finite() && v > 0.0 && v <= max {
                    true => Ok(v),
                    false => Err(format!(
                        "`max_health` = {} is out of range: expected above 0, at most {max}",
                        as_toml(v)
                    )),
                }
            } else {
                number_in(name, v, min, max)
            };
            checked.map_err(|m| unplaced(format!("{key}.{name}"), m))?;
        }
    }
    for (dt, &v) in &a.resistance {
        number_in(dt, v, -1.0, 1.0).map_err(|m| unplaced(format!("{key}.resistance.{dt}"), m))?;
    }
    Ok(())
}

/// Conditions' thresholds are finite (a NaN threshold would hold never, silently).
pub fn conditions(list: &[Condition], key: &dyn Fn() -> String) -> Result<(), FieldError> {
    for (i, c) in list.iter().enumerate() {
        if let Condition::Attribute { below, above, .. } = c {
            for (name, v) in [("below", below), ("above", above)] {
                if let Some(v) = *v
                    && !v.is_finite()
                {
                    return Err(unplaced(
                        format!("{}[{i}].{name}", key()),
                        format!("`{name}` = {} is not a finite number", as_toml(v)),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Actions' amounts: non-negative and finite, gold and summons within their limits.
pub fn actions(list: &[ActionDef], key: &dyn Fn() -> String) -> Result<(), FieldError> {
    for (i, a) in list.iter().enumerate() {
        let at = |name: &str, r: Result<(), String>| {
            r.map_err(|m| unplaced(format!("{}[{i}].{name}", key()), m))
        };
        match a {
            ActionDef::Damage { amount, scale, .. } => {
                at(
                    "amount",
                    number_in("amount", *amount, 0.0, MAX_AMOUNT).map(drop),
                )?;
                at(
                    "scale",
                    number_in("scale", *scale, 0.0, MAX_FACTOR).map(drop),
                )?;
            }
            ActionDef::Heal { amount, .. } | ActionDef::RestoreStamina { amount, .. } => {
                at(
                    "amount",
                    number_in("amount", *amount, 0.0, MAX_AMOUNT).map(drop),
                )?;
            }
            ActionDef::GrantGold { amount } => {
                at(
                    "amount",
                    count_at_most("amount", *amount, MAX_GOLD).map(drop),
                )?;
            }
            ActionDef::Summon { count, .. } => {
                at("count", count_at_most("count", *count, MAX_COUNT).map(drop))?;
            }
            ActionDef::ApplyModifier { .. }
            | ActionDef::RemoveModifier { .. }
            | ActionDef::Flee
            | ActionDef::Identify
            | ActionDef::Teleport
            | ActionDef::Aggravate => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_outside_their_range_or_not_finite_are_refused() {
        assert_eq!(number_in("x", 0.5, 0.0, 1.0), Ok(0.5));
        for v in [f64::NAN, f64::INFINITY, -0.1, 1.1] {
            assert!(number_in("x", v, 0.0, 1.0).is_err(), "{v}");
        }
        let e = number_in("scale", -2.0, 0.0, 1000.0).unwrap_err();
        assert_eq!(e, "`scale` = -2 is out of range: expected 0..=1000");
        assert!(gold_range("gold", (3, 2)).is_err());
        assert!(gold_range("gold", (0, MAX_GOLD + 1)).is_err());
        assert!(gold_range("gold", (2, 3)).is_ok());
    }

    /// Out-of-range numbers are echoed as written, however large or small.
    #[test]
    fn numbers_are_echoed_as_a_modder_writes_them() {
        let e = number_in("amount", 1e308, 0.0, MAX_AMOUNT).unwrap_err();
        assert_eq!(e, "`amount` = 1e308 is out of range: expected 0..=1000000");
        let shown = |v: f64| as_toml(v);
        assert_eq!(shown(-1.5e300), "-1.5e300");
        assert_eq!(shown(1e-12), "1e-12");
        assert_eq!(shown(2.0), "2");
        assert_eq!(shown(0.5), "0.5");
        assert_eq!(shown(1000.0), "1000");
        assert_eq!(shown(1_000_001.0), "1000001");
        assert_eq!(shown(f64::NEG_INFINITY), "-inf");
    }

    #[test]
    fn attributes_name_the_bad_field() {
        let mut a = Attributes {
            max_health: Some(0.0),
            ..Default::default()
        };
        assert_eq!(
            attributes(&a, "base", false).unwrap_err().1,
            "base.max_health"
        );
        assert!(
            attributes(&a, "per_level", true).is_ok(),
            "a level may add no health"
        );
        a.max_health = None;
        a.resistance.insert("fire".into(), f64::NAN);
        assert_eq!(
            attributes(&a, "base", false).unwrap_err().1,
            "base.resistance.fire"
        );
    }
}
