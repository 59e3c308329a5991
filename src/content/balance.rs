//! The engine's balance knobs with their defaults (they live in code, not in the core pack).
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
            encounter_radius: 6,
            flee_fright_turns: 8,
            floors: 8,
            forager_alarm: 5,
            health_regen: 0.2,
            inventory_size: 20,
            chase_turns: (15, 35),
            away_turns: (15, 35),
            wander_turns: (9, 9),
            scatter_turns: (7, 7),
        }
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
            scatter_turns
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
            (6, 8, 8)
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
