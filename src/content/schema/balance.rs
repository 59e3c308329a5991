//! `[balance]` as written: the engine knobs, each one optional.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `[balance]` as written in a file: every knob optional, merged field by field.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BalancePatch {
    /// Hit chance lost per point of the defender's dexterity.
    pub evasion: Option<f64>,
    /// Flee chance gained per point of dexterity over the fastest opponent.
    pub flee: Option<f64>,
    /// Stamina regained per turn.
    pub stamina_regen: Option<f64>,
    /// Highest resistance counted.
    pub resistance_cap: Option<f64>,
    /// Lowest and highest hit chance, `[low, high]`.
    pub hit_clamp: Option<(f64, f64)>,
    /// Critical chance gained per point of luck.
    pub luck_crit: Option<f64>,
    /// Tiles within which hostiles join a fight.
    pub encounter_radius: Option<u32>,
    /// Turns enemies stay frightened after the hero flees.
    pub flee_fright_turns: Option<u32>,
    /// Floors in a run.
    pub floors: Option<u32>,
    /// Piles a forager may take before the floor's alarm sounds.
    pub forager_alarm: Option<u32>,
    /// Health the hero recovers per exploration turn.
    pub health_regen: Option<f64>,
    /// How many items the hero's pack holds.
    pub inventory_size: Option<u32>,
    /// Turns a monster chases in its cycle, `[fewest, most]`, drawn at each switch.
    pub chase_turns: Option<(u32, u32)>,
    /// Turns a `ghost`-cycle monster makes off from its target, `[fewest, most]`.
    pub away_turns: Option<(u32, u32)>,
    /// Turns a `ghost`-cycle monster wanders towards its target, `[fewest, most]`.
    pub wander_turns: Option<(u32, u32)>,
    /// Turns a `scatter`-cycle monster heads for its corner, `[fewest, most]`.
    pub scatter_turns: Option<(u32, u32)>,
    /// The share of an item's price a shopkeeper pays for it.
    pub sell_share: Option<f64>,
    /// What a shopkeeper pays for an item the hero does not know.
    pub unknown_sell_price: Option<u32>,
    /// The chance a turn of searching finds each hidden door within `search_radius`.
    pub search_chance: Option<f64>,
    /// How far searching reaches, in steps (diagonals count one).
    pub search_radius: Option<u32>,
    /// The chance each turn of finding a hidden door right beside the hero, unsearched.
    pub notice_hidden_chance: Option<f64>,
    /// How far, in tiles, a monster that sees the hero may notice it (see Stealth): halved
    /// while the hero keeps still, doubled while it fights; a class's `stealth` scales it.
    pub stealth_range: Option<f64>,
    /// The chance (0..=1) that a monster is asleep when it is placed.
    pub asleep_chance: Option<f64>,
    /// The chance each turn that a sleeper within the stealth range wakes.
    pub wake_chance: Option<f64>,
    /// The chance each turn that an unaware monster that sees the hero within the stealth
    /// range notices it.
    pub notice_chance: Option<f64>,
    /// Turns a hunting monster goes without seeing the hero before it loses track and goes
    /// to look where it saw the hero last.
    pub lose_track_turns: Option<u32>,
    /// How far a fight is heard, in tiles: sleepers within it wake, and the unaware come to
    /// look.
    pub fight_noise: Option<u32>,
    /// How far the hero opening or closing a door is heard, in tiles (and the stealth range
    /// doubles that turn).
    pub door_noise: Option<u32>,
    /// How far the hero's shout is heard, in tiles: it wakes sleepers and brings the unaware
    /// to look.
    pub shout_noise: Option<u32>,
    /// How far a thrown item landing is heard, in tiles (a throw that hits nobody can lure
    /// a monster to where it lands).
    pub throw_noise: Option<u32>,
    /// How much a shot or throw at its full range loses of its hit chance: none next to the
    /// target, this share at the ability's `range`, in a straight line between.
    pub range_falloff: Option<f64>,
    /// The damage factor of a sneak attack: the hero's bump on a sleeping or unaware monster,
    /// which always hits. A class's `sneak_attack` replaces it.
    pub sneak_attack: Option<f64>,
    /// Damage falling into a chasm deals (physical, less the faller's resistance to it),
    /// on top of landing on the floor below.
    pub fall_damage: Option<f64>,
}
