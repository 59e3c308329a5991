//! The engine's balance knobs with their defaults (they live in code, not in the core pack),
//! and the one table of their allowed ranges that loading and MODDING.md both read.
use serde::{Deserialize, Serialize};

use super::schema::BalancePatch;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Balance {
    pub evasion: f64,
    pub flee: f64,
    pub stamina_regen: f64,
    pub resistance_cap: f64,
    pub hit_clamp: (f64, f64),
    pub luck_crit: f64,
    pub encounter_radius: u32,
    pub flee_fright_turns: u32,
    pub floors: u32,
    pub forager_alarm: u32,
    /// Health the hero recovers per exploration turn.
    pub health_regen: f64,
    /// How many items the hero's pack holds.
    pub inventory_size: u32,
    /// The monsters' mode cycle: each phase's length in turns, `(fewest, most)`. The ghost
    /// cycle's are the greedy-navigation document's 150 + rand(200) and 90 steps, ÷10.
    pub chase_turns: (u32, u32),
    pub away_turns: (u32, u32),
    pub wander_turns: (u32, u32),
    /// Pac-Man's scatter phase.
    pub scatter_turns: (u32, u32),
    /// The share of an item's price a shopkeeper pays for it.
    pub sell_share: f64,
    /// What a shopkeeper pays for an item the hero does not know.
    pub unknown_sell_price: u32,
    /// The chance a turn of searching finds each hidden door within `search_radius`.
    pub search_chance: f64,
    /// How far searching reaches, in steps (diagonals count one).
    pub search_radius: u32,
    /// The chance each turn of finding a hidden door right beside the hero, unsearched.
    pub notice_hidden_chance: f64,
    /// How far, in tiles, a monster that can see the hero may notice it: halved while the
    /// hero keeps still (waits, searches, rests), doubled while it fights; a class scales it.
    pub stealth_range: f64,
    /// The chance a monster is asleep when it is placed.
    pub asleep_chance: f64,
    /// The chance each turn that a sleeper within the stealth range wakes.
    pub wake_chance: f64,
    /// The chance each turn that an unaware monster that sees the hero within the stealth
    /// range notices it.
    pub notice_chance: f64,
    /// Turns a hunting monster goes without seeing the hero before it loses track.
    pub lose_track_turns: u32,
    /// How far a fight is heard, in tiles: sleepers wake, and the unaware come to look.
    pub fight_noise: u32,
    /// How far opening or closing a door is heard, in tiles.
    pub door_noise: u32,
    /// How far the hero's shout is heard, in tiles.
    pub shout_noise: u32,
    /// How far a thrown item landing is heard, in tiles.
    pub throw_noise: u32,
    /// The share of its hit chance a shot or throw loses at its full range.
    pub range_falloff: f64,
    /// The damage factor of a sneak attack (a bump on a sleeping or unaware monster).
    pub sneak_attack: f64,
    /// Damage falling into a chasm deals, before resistance.
    pub fall_damage: f64,
}

impl Default for Balance {
    fn default() -> Self {
        Self {
            evasion: 0.02,
            flee: 0.05,
            stamina_regen: 2.0,
            resistance_cap: 0.8,
            hit_clamp: (0.05, 0.95),
            luck_crit: 0.005,
            encounter_radius: 8,
            flee_fright_turns: 8,
            floors: 8,
            forager_alarm: 5,
            health_regen: 0.2,
            inventory_size: 20,
            chase_turns: (15, 35),
            away_turns: (15, 35),
            wander_turns: (9, 9),
            scatter_turns: (7, 7),
            sell_share: 0.4,
            unknown_sell_price: 5,
            search_chance: 0.3,
            search_radius: 3,
            notice_hidden_chance: 0.05,
            stealth_range: 7.0,
            asleep_chance: 0.4,
            wake_chance: 0.1,
            notice_chance: 0.85,
            lose_track_turns: 20,
            fight_noise: 10,
            door_noise: 4,
            shout_noise: 15,
            throw_noise: 4,
            range_falloff: 0.3,
            sneak_attack: 3.0,
            fall_damage: 6.0,
        }
    }
}

/// What a knob holds, so its row knows how to read and check the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnobKind {
    /// A finite number.
    Number,
    /// A finite number from `min` up to, not including, `max`.
    NumberBelowMax,
    /// A whole number (the schema makes it a `u32`).
    Count,
    /// `[low, high]` of finite numbers strictly inside `min..max`, low < high.
    NumberPair,
    /// `[low, high]` of whole numbers, low ≤ high.
    CountPair,
}

/// One `[balance]` knob's allowed range (inclusive); pairs hold each end in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KnobRange {
    pub key: &'static str,
    pub kind: KnobKind,
    pub min: f64,
    pub max: f64,
}

const fn knob(key: &'static str, kind: KnobKind, min: f64, max: f64) -> KnobRange {
    KnobRange {
        key,
        kind,
        min,
        max,
    }
}

/// Every `[balance]` knob with its allowed range: the loader refuses a value outside it
/// (the rules' `clamp`s panic on swapped or NaN bounds) and MODDING.md prints it. A new knob
/// needs its row here; a test checks that every `BalancePatch` field has one.
pub const BALANCE_RANGES: &[KnobRange] = {
    use KnobKind::*;
    &[
        knob("evasion", Number, 0.0, 1.0),
        knob("flee", Number, 0.0, 1.0),
        knob("stamina_regen", Number, 0.0, 1000.0),
        // A cap of 1 would let a resistance turn every hit into the 1-damage floor.
        knob("resistance_cap", NumberBelowMax, 0.0, 1.0),
        // Strictly inside 0..1: the clamp exists so that no blow is certain to land or miss.
        knob("hit_clamp", NumberPair, 0.0, 1.0),
        knob("luck_crit", Number, 0.0, 1.0),
        knob("encounter_radius", Count, 0.0, 100.0),
        knob("flee_fright_turns", Count, 0.0, 1000.0),
        knob("floors", Count, 1.0, 100.0),
        knob("forager_alarm", Count, 1.0, 1000.0),
        knob("health_regen", Number, 0.0, 1000.0),
        knob("inventory_size", Count, 1.0, 100.0),
        knob("chase_turns", CountPair, 1.0, 1000.0),
        knob("away_turns", CountPair, 1.0, 1000.0),
        knob("wander_turns", CountPair, 1.0, 1000.0),
        knob("scatter_turns", CountPair, 1.0, 1000.0),
        knob("sell_share", Number, 0.0, 1.0),
        knob("unknown_sell_price", Count, 0.0, 1000000.0),
        knob("search_chance", Number, 0.0, 1.0),
        knob("search_radius", Count, 0.0, 20.0),
        knob("notice_hidden_chance", Number, 0.0, 1.0),
        knob("stealth_range", Number, 0.0, 100.0),
        knob("asleep_chance", Number, 0.0, 1.0),
        knob("wake_chance", Number, 0.0, 1.0),
        knob("notice_chance", Number, 0.0, 1.0),
        knob("lose_track_turns", Count, 1.0, 10000.0),
        knob("fight_noise", Count, 0.0, 100.0),
        knob("door_noise", Count, 0.0, 100.0),
        knob("shout_noise", Count, 0.0, 100.0),
        knob("throw_noise", Count, 0.0, 100.0),
        knob("range_falloff", Number, 0.0, 1.0),
        knob("sneak_attack", Number, 1.0, 100.0),
        knob("fall_damage", Number, 0.0, 1000.0),
    ]
};

impl KnobRange {
    /// The range in words, as MODDING.md and the load error state it.
    pub fn allowed(&self) -> String {
        let (lo, hi) = (self.min, self.max);
        match self.kind {
            KnobKind::Number => format!("a number in {lo:?}..={hi:?}"),
            KnobKind::NumberBelowMax => format!("a number at least {lo:?} and below {hi:?}"),
            KnobKind::Count => format!("a whole number in {lo}..={hi}"),
            KnobKind::NumberPair => format!("[low, high] with {lo:?} < low < high < {hi:?}"),
            KnobKind::CountPair => {
                format!("[low, high] of whole numbers, {lo} ≤ low ≤ high ≤ {hi}")
            }
        }
    }

    /// Whether `value` (as TOML holds it) fits the row.
    fn admits(&self, value: &toml::Value) -> bool {
        let within = |v: f64| v.is_finite() && (self.min..=self.max).contains(&v);
        let number = |v: &toml::Value| match v {
            toml::Value::Float(f) => Some(*f),
            toml::Value::Integer(i) => Some(*i as f64),
            _ => None,
        };
        let whole = |v: &toml::Value| v.as_integer().map(|i| i as f64);
        let read: &dyn Fn(&toml::Value) -> Option<f64> = match self.kind {
            KnobKind::Number | KnobKind::NumberBelowMax | KnobKind::NumberPair => &number,
            KnobKind::Count | KnobKind::CountPair => &whole,
        };
        match self.kind {
            KnobKind::Number | KnobKind::Count => read(value).is_some_and(within),
            KnobKind::NumberBelowMax => read(value).is_some_and(|v| within(v) && v < self.max),
            KnobKind::NumberPair | KnobKind::CountPair => match value.as_array().map(Vec::as_slice)
            {
                // A clamp of numbers keeps off its range's ends and leaves room between its
                // bounds (a 0 would let blows certainly miss, a 1 certainly land, `[0.5, 0.5]`
                // fix every chance); counts may be fixed (`[9, 9]`).
                Some([lo, hi]) => match (read(lo), read(hi)) {
                    (Some(lo), Some(hi)) if self.kind == KnobKind::NumberPair => {
                        within(lo) && within(hi) && self.min < lo && lo < hi && hi < self.max
                    }
                    (Some(lo), Some(hi)) => within(lo) && within(hi) && lo <= hi,
                    _ => false,
                },
                _ => false,
            },
        }
    }
}

/// The knobs of `patch` outside their `BALANCE_RANGES` row, in the table's order: (key,
/// message). A knob without a row is refused too (a missing row is a bug the tests catch).
pub fn out_of_range(patch: &BalancePatch) -> Vec<(&'static str, String)> {
    let table = match toml::Value::try_from(patch) {
        Ok(toml::Value::Table(t)) => t,
        _ => return vec![("", "`[balance]` could not be read back".to_string())],
    };
    let mut bad = Vec::new();
    for row in BALANCE_RANGES {
        if let Some(v) = table.get(row.key)
            && !row.admits(v)
        {
            bad.push((
                row.key,
                format!(
                    "`{}` = {} is out of range: expected {}",
                    row.key,
                    shown(v),
                    row.allowed()
                ),
            ));
        }
    }
    for key in table.keys() {
        if !BALANCE_RANGES.iter().any(|r| r.key == key) {
            bad.push(("", format!("`{key}` has no allowed range (an engine bug)")));
        }
    }
    bad
}

/// A value as the modder wrote it (`nan`, `inf`, `[0.9, 0.1]`).
fn shown(v: &toml::Value) -> String {
    match v {
        toml::Value::Float(f) if !f.is_finite() => super::numbers::as_toml(*f),
        toml::Value::Float(f) => format!("{f:?}"),
        toml::Value::Array(a) => {
            format!("[{}]", a.iter().map(shown).collect::<Vec<_>>().join(", "))
        }
        other => other.to_string(),
    }
}

impl Balance {
    /// `[balance]` merges field by field (the deliberate exception to whole overrides).
    pub fn apply(&mut self, patch: &BalancePatch) {
        macro_rules! merge {
            ($($f:ident),*) => { $( if let Some(v) = patch.$f { self.$f = v; } )* };
        }
        merge!(
            evasion,
            flee,
            stamina_regen,
            resistance_cap,
            hit_clamp,
            luck_crit,
            encounter_radius,
            flee_fright_turns,
            floors,
            forager_alarm,
            health_regen,
            inventory_size,
            chase_turns,
            away_turns,
            wander_turns,
            scatter_turns,
            sell_share,
            unknown_sell_price,
            search_chance,
            search_radius,
            notice_hidden_chance,
            stealth_range,
            asleep_chance,
            wake_chance,
            notice_chance,
            lose_track_turns,
            fight_noise,
            door_noise,
            shout_noise,
            throw_noise,
            range_falloff,
            sneak_attack,
            fall_damage
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine defaults (MODDING.md's `[balance]` table), knob by knob.
    #[test]
    fn defaults_are_the_engine_defaults() {
        let b = Balance::default();
        assert_eq!(
            (b.evasion, b.flee, b.stamina_regen, b.resistance_cap),
            (0.02, 0.05, 2.0, 0.8)
        );
        assert_eq!((b.hit_clamp, b.luck_crit), ((0.05, 0.95), 0.005));
        assert_eq!(
            (b.encounter_radius, b.flee_fright_turns, b.floors),
            (8, 8, 8)
        );
        // Attribute defaults: a creature that sets none.
        let text = "[[creatures]]\nid = \"t:x\"\nname = \"X\"\nsymbol = \"x\"\ncolor = \"red\"\n";
        let pack = crate::content::Pack {
            id: "t".into(),
            files: vec![("x.toml".into(), text.as_bytes().to_vec())],
        };
        let (c, report) = crate::content::load_packs(&[crate::content::core_pack(), pack]);
        assert!(!report.has_errors(), "{report}");
        let base = &c.creatures["t:x"].base;
        assert_eq!(
            (base.critical_chance, base.critical_factor, base.luck),
            (0.05, 1.5, 0.0)
        );
        assert!(base.resistance.is_empty());
    }

    /// Adding a knob without its row would leave it unchecked and undocumented.
    #[test]
    fn every_knob_has_one_range_row_and_the_defaults_fit() {
        let schema = serde_json::to_value(schemars::schema_for!(BalancePatch)).unwrap();
        let mut fields: Vec<&str> = schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut rows: Vec<&str> = BALANCE_RANGES.iter().map(|r| r.key).collect();
        fields.sort();
        rows.sort();
        assert_eq!(fields, rows);
        let d = Balance::default();
        let all = BalancePatch {
            evasion: Some(d.evasion),
            flee: Some(d.flee),
            stamina_regen: Some(d.stamina_regen),
            resistance_cap: Some(d.resistance_cap),
            hit_clamp: Some(d.hit_clamp),
            luck_crit: Some(d.luck_crit),
            encounter_radius: Some(d.encounter_radius),
            flee_fright_turns: Some(d.flee_fright_turns),
            floors: Some(d.floors),
            forager_alarm: Some(d.forager_alarm),
            health_regen: Some(d.health_regen),
            inventory_size: Some(d.inventory_size),
            chase_turns: Some(d.chase_turns),
            away_turns: Some(d.away_turns),
            wander_turns: Some(d.wander_turns),
            scatter_turns: Some(d.scatter_turns),
            sell_share: Some(d.sell_share),
            unknown_sell_price: Some(d.unknown_sell_price),
            search_chance: Some(d.search_chance),
            search_radius: Some(d.search_radius),
            notice_hidden_chance: Some(d.notice_hidden_chance),
            stealth_range: Some(d.stealth_range),
            asleep_chance: Some(d.asleep_chance),
            wake_chance: Some(d.wake_chance),
            notice_chance: Some(d.notice_chance),
            lose_track_turns: Some(d.lose_track_turns),
            fight_noise: Some(d.fight_noise),
            door_noise: Some(d.door_noise),
            shout_noise: Some(d.shout_noise),
            throw_noise: Some(d.throw_noise),
            range_falloff: Some(d.range_falloff),
            sneak_attack: Some(d.sneak_attack),
            fall_damage: Some(d.fall_damage),
        };
        assert_eq!(out_of_range(&all), []);
    }

    #[test]
    fn knobs_outside_their_range_are_named() {
        let bad = |patch: BalancePatch| -> Vec<&str> {
            out_of_range(&patch).into_iter().map(|(k, _)| k).collect()
        };
        let swapped = BalancePatch {
            hit_clamp: Some((0.9, 0.1)),
            ..Default::default()
        };
        assert_eq!(bad(swapped.clone()), ["hit_clamp"]);
        let msg = &out_of_range(&swapped)[0].1;
        assert!(
            msg.contains("[0.9, 0.1]") && msg.contains("low < high"),
            "{msg}"
        );
        for cap in [f64::NAN, f64::INFINITY, -0.1, 1.5] {
            let p = BalancePatch {
                resistance_cap: Some(cap),
                ..Default::default()
            };
            assert_eq!(bad(p), ["resistance_cap"], "{cap}");
        }
        let p = BalancePatch {
            floors: Some(0),
            evasion: Some(-1.0),
            hit_clamp: Some((0.1, f64::NAN)),
            ..Default::default()
        };
        assert_eq!(bad(p), ["evasion", "hit_clamp", "floors"]);
    }

    /// A resistance cap of 1 and a hit clamp without room between its bounds are refused.
    #[test]
    fn the_resistance_cap_stays_below_one_and_the_hit_clamp_keeps_room() {
        for cap in [1.0, 1.5] {
            let p = BalancePatch {
                resistance_cap: Some(cap),
                ..Default::default()
            };
            let bad = out_of_range(&p);
            assert_eq!(bad.len(), 1, "{cap}: {bad:?}");
            assert!(bad[0].1.contains("below 1.0"), "{}", bad[0].1);
        }
        // An end at 0 or 1 allows a certain miss or a certain hit: what the clamp prevents.
        for clamp in [
            (0.0, 0.0),
            (1.0, 1.0),
            (0.5, 0.5),
            (0.6, 0.4),
            (0.0, 1.0),
            (0.0, 0.9),
        ] {
            let p = BalancePatch {
                hit_clamp: Some(clamp),
                ..Default::default()
            };
            assert_eq!(out_of_range(&p).len(), 1, "{clamp:?}");
        }
        let p = BalancePatch {
            hit_clamp: Some((0.1, 1.0)),
            ..Default::default()
        };
        assert!(out_of_range(&p)[0].1.contains("0.0 < low < high < 1.0"));
        let fine = BalancePatch {
            resistance_cap: Some(0.99),
            hit_clamp: Some((0.01, 0.99)),
            ..Default::default()
        };
        assert_eq!(out_of_range(&fine), []);
    }

    #[test]
    fn pairs_of_counts_hold_low_at_most_high() {
        let row = knob("timer", KnobKind::CountPair, 1.0, 50.0);
        let arr = |a: i64, b: i64| toml::Value::Array(vec![a.into(), b.into()]);
        assert!(row.admits(&arr(3, 9)) && row.admits(&arr(5, 5)));
        assert!(!row.admits(&arr(9, 3)) && !row.admits(&arr(0, 3)) && !row.admits(&arr(3, 51)));
        assert!(!row.admits(&toml::Value::Float(3.0)));
    }

    #[test]
    fn patch_merges_only_given_fields() {
        let mut b = Balance::default();
        b.apply(&BalancePatch {
            evasion: Some(0.03),
            ..Default::default()
        });
        assert_eq!(b.evasion, 0.03);
        assert_eq!(b.flee, 0.05);
        assert_eq!(b.floors, 8);
    }
}
