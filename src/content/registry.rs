//! Resolved entries of the registries beyond creatures and abilities: modifiers, items,
//! affixes, loot tables, traps, damage types, tags and the XP curve.
use serde::{Deserialize, Serialize};

use super::art::Picture;
use super::numbers::{MAX_AMOUNT, MAX_COUNT, count_at_most, gold_range, number_in};
use super::schema::{
    ActionDef, AffixDef, Attributes, Condition, DamageTypeDef, EffectDef, ItemDef, LootDef,
    ModifierDef, ProgressionDef, Slot, Stacking, TagDef, TrapDef, TriggerDef,
};

/// An attribute a modifier or condition can name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum AttrKey {
    MaxHealth,
    MaxStamina,
    Damage,
    HitChance,
    CriticalChance,
    CriticalFactor,
    Dexterity,
    Luck,
    /// Resistance to one damage type (its full id).
    Resistance(String),
}

/// The attribute names content may use, as written in TOML.
pub const ATTRIBUTE_NAMES: [&str; 9] = [
    "max_health",
    "max_stamina",
    "damage",
    "hit_chance",
    "critical_chance",
    "critical_factor",
    "dexterity",
    "luck",
    "resistance",
];

impl AttrKey {
    /// Parses a TOML attribute name; `resistance` needs the damage type.
    pub fn parse(name: &str, damage_type: Option<&str>) -> Option<AttrKey> {
        Some(match name {
            "max_health" => AttrKey::MaxHealth,
            "max_stamina" => AttrKey::MaxStamina,
            "damage" => AttrKey::Damage,
            "hit_chance" => AttrKey::HitChance,
            "critical_chance" => AttrKey::CriticalChance,
            "critical_factor" => AttrKey::CriticalFactor,
            "dexterity" => AttrKey::Dexterity,
            "luck" => AttrKey::Luck,
            "resistance" => AttrKey::Resistance(damage_type?.to_string()),
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    pub attribute: AttrKey,
    pub flat: f64,
    pub percent: f64,
    pub condition: Vec<Condition>,
}

/// The twelve events a trigger can listen to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum EventKind {
    TurnStarted,
    TurnEnded,
    CombatStarted,
    CombatEnded,
    DamageDealt,
    Healed,
    CreatureDied,
    AbilityUsed,
    ModifierApplied,
    ModifierExpired,
    FloorEntered,
    HeroNoticed,
}

pub const EVENT_NAMES: [(&str, EventKind); 12] = [
    ("turn_started", EventKind::TurnStarted),
    ("turn_ended", EventKind::TurnEnded),
    ("combat_started", EventKind::CombatStarted),
    ("combat_ended", EventKind::CombatEnded),
    ("damage_dealt", EventKind::DamageDealt),
    ("healed", EventKind::Healed),
    ("creature_died", EventKind::CreatureDied),
    ("ability_used", EventKind::AbilityUsed),
    ("modifier_applied", EventKind::ModifierApplied),
    ("modifier_expired", EventKind::ModifierExpired),
    ("floor_entered", EventKind::FloorEntered),
    ("hero_noticed", EventKind::HeroNoticed),
];

/// The part a trigger's holder plays in its event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// Every holder taking part (turn, fight and floor events).
    Any,
    Source,
    Target,
    Creature,
    Killer,
}

impl Role {
    /// The role in words, for MODDING.md.
    pub fn meaning(self) -> &'static str {
        match self {
            Role::Any => {
                "Every creature taking part: in a fight the hero and its enemies, outside one \
                 every creature on the floor. The hero's other party is the first enemy (none \
                 outside a fight), a monster's the hero."
            }
            Role::Source => "The one who dealt the damage or used the ability.",
            Role::Target => {
                "The one hurt, healed, given or rid of a modifier, or aimed at by an ability."
            }
            Role::Creature => {
                "The one that died (its own triggers still run), or the one that noticed the \
                 hero."
            }
            Role::Killer => "The one whose blow killed it (a trap kills with nobody behind it).",
        }
    }
}

impl EventKind {
    /// When the event happens and who the other party (a trigger's `target`) is, for
    /// MODDING.md.
    pub fn meaning(self) -> &'static str {
        match self {
            EventKind::TurnStarted => {
                "A turn begins (exploring or fighting), before anything else."
            }
            EventKind::TurnEnded => {
                "A turn is over: after the monsters' moves and the modifiers' countdown when \
                 exploring, after every actor's action and the fight's end when fighting. Not \
                 in the turn the hero dies."
            }
            EventKind::CombatStarted => {
                "A fight begins: the hero bumped into a creature, a hostile monster ended its \
                 move next to the hero, or the hero walked into a prefab room with guards. It \
                 fires in the fight's first turn, right after `turn_started` and before the \
                 tick, so a modifier it applies runs down once before the first round."
            }
            EventKind::CombatEnded => {
                "A fight is over: no enemy is left in it (also when the last one fell to a \
                 `turn_ended` or `modifier_expired` trigger), or the hero fled (not when the \
                 hero dies). The fight has ended: every creature on the floor takes part."
            }
            EventKind::DamageDealt => {
                "Damage was dealt, by anything. Each party's other party is the other one; harm \
                 from a trap or from a creature's own modifier has no source."
            }
            EventKind::Healed => {
                "A `heal` action restored health (regeneration and levelling up do not count). \
                 No other party."
            }
            EventKind::CreatureDied => {
                "A creature's health fell to 0 or below. Each party's other party is the other \
                 one."
            }
            EventKind::AbilityUsed => {
                "A creature used an ability in a fight, after its actions (`core:flee` counts, \
                 `core:wait` does not; items and triggers do not). Each party's other party \
                 is the other one; a user aiming at itself has only the `source` part."
            }
            EventKind::ModifierApplied => {
                "A modifier was put on a creature, also when it refreshed or stacked (not when \
                 `stacking = \"ignore\"` turned it away). No other party."
            }
            EventKind::ModifierExpired => {
                "A modifier ran out or was removed, fear included. No other party."
            }
            EventKind::FloorEntered => {
                "The hero arrived on a floor, the first one included; the creatures of the new \
                 floor take part."
            }
            EventKind::HeroNoticed => {
                "A monster noticed the hero (woke and saw it, or saw it while unaware or \
                 looking for it) and hunts it now, before the fight rules apply; its other \
                 party is the hero. Not when a noise, a fight or an item alerts it."
            }
        }
    }

    /// The roles the event offers; the first is the default.
    pub fn roles(self) -> &'static [(&'static str, Role)] {
        match self {
            EventKind::DamageDealt => &[("target", Role::Target), ("source", Role::Source)],
            EventKind::CreatureDied => &[("creature", Role::Creature), ("killer", Role::Killer)],
            EventKind::HeroNoticed => &[("creature", Role::Creature)],
            EventKind::AbilityUsed => &[("source", Role::Source), ("target", Role::Target)],
            EventKind::Healed | EventKind::ModifierApplied | EventKind::ModifierExpired => {
                &[("target", Role::Target)]
            }
            _ => &[("any", Role::Any)],
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trigger {
    pub event: EventKind,
    pub role: Role,
    pub condition: Vec<Condition>,
    pub actions: Vec<ActionDef>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Modifier {
    pub id: String,
    pub name: String,
    pub duration: u32,
    pub stacking: Stacking,
    pub max_stacks: u32,
    pub effects: Vec<Effect>,
    pub triggers: Vec<Trigger>,
    /// The hero's steps go a random way while it lasts.
    pub confused: bool,
    /// The hero sees at most this far while it lasts.
    pub sight: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Item {
    pub id: String,
    pub name: String,
    /// A proper name keeps its capital in the log (`crate::game::words`).
    pub proper_name: bool,
    pub symbol: char,
    pub color: [u8; 3],
    /// What draws it: presentation only, so not hashed (a new picture keeps saves valid).
    #[serde(skip)]
    pub picture: Picture,
    pub slot: Slot,
    /// Its item kind's id, if any.
    pub kind: Option<String>,
    /// Known from the start even when its kind is unidentified.
    pub known: bool,
    /// Uses before it is used up (a wand); 0: used up at once.
    pub charges: u32,
    /// Its shop price; 0: not traded.
    pub value: u32,
    /// How it flies when thrown, if it can be.
    pub throw: Option<Throw>,
    /// How many come in one find (thrown items; 1 for the rest).
    pub stack: u32,
    pub modifiers: Vec<String>,
    pub actions: Vec<ActionDef>,
    pub triggers: Vec<Trigger>,
    pub description: String,
}

/// A throwable item's flight: the ability a hit strikes with (its `range` is the item's) and
/// the chance the item breaks where it lands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Throw {
    pub ability: String,
    pub break_chance: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Affix {
    pub id: String,
    pub prefix: Option<String>,
    pub suffix: Option<String>,
    pub slots: Vec<Slot>,
    pub modifiers: Vec<String>,
    pub weight: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LootTable {
    pub id: String,
    pub rolls: u32,
    pub gold: (u32, u32),
    pub affix_chance: f64,
    /// (item or nothing, weight)
    pub entries: Vec<(Option<String>, u32)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trap {
    pub id: String,
    pub name: String,
    pub symbol: char,
    pub color: [u8; 3],
    /// What draws it: presentation only, so not hashed (a new picture keeps saves valid).
    #[serde(skip)]
    pub picture: Picture,
    pub actions: Vec<ActionDef>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DamageType {
    pub id: String,
    pub name: String,
    pub color: [u8; 3],
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tag {
    pub id: String,
    pub name: String,
}

/// The XP curve and the attributes each level adds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progression {
    /// `xp[i]`: total XP to reach level i + 2.
    pub xp: Vec<u32>,
    pub per_level: Vec<(AttrKey, f64)>,
}

impl Default for Progression {
    /// The engine's curve when no pack gives one: 20 × (1 + 2 + … + (level − 1)).
    fn default() -> Self {
        Progression {
            xp: (1..30u32).map(|l| 20 * l * (l + 1) / 2).collect(),
            per_level: Vec::new(),
        }
    }
}

impl Progression {
    /// Total XP needed to reach `level` (level 1 needs none; past the curve, never).
    pub fn xp_for_level(&self, level: u32) -> u32 {
        match level {
            0 | 1 => 0,
            l => self.xp.get(l as usize - 2).copied().unwrap_or(u32::MAX),
        }
    }
}

/// A conversion problem: (byte span, field path below the entry, message).
pub type FieldError = (std::ops::Range<usize>, String, String);

/// Damage type ids may be written bare (`"blunt"`): they mean `core:blunt`.
pub fn damage_type_id(name: &str) -> String {
    if name.contains(':') {
        name.to_string()
    } else {
        format!("core:{name}")
    }
}

/// `key` names the effect; it is only formatted for an error.
fn effect(e: &EffectDef, key: &dyn Fn() -> String) -> Result<Effect, FieldError> {
    let name = e.attribute.get_ref();
    let dt = e.damage_type.as_ref().map(|d| damage_type_id(d.get_ref()));
    let Some(attribute) = AttrKey::parse(name, dt.as_deref()) else {
        let msg = if name == "resistance" {
            "`resistance` needs a `damage_type`".to_string()
        } else {
            let hint = super::diagnostics::nearest(name, ATTRIBUTE_NAMES)
                .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
            format!(
                "unknown attribute `{name}` (expected one of {}){hint}",
                ATTRIBUTE_NAMES.join(", ")
            )
        };
        return Err((e.attribute.span(), format!("{}.attribute", key()), msg));
    };
    let field =
        |name: &str, r: Result<f64, String>| r.map_err(|m| (0..0, format!("{}.{name}", key()), m));
    field("flat", number_in("flat", e.flat, -MAX_AMOUNT, MAX_AMOUNT))?;
    // −100% takes the whole attribute away; less would turn it negative.
    field("percent", number_in("percent", e.percent, -100.0, 10_000.0))?;
    super::numbers::conditions(&e.condition, &|| format!("{}.condition", key()))?;
    Ok(Effect {
        attribute,
        flat: e.flat,
        percent: e.percent,
        condition: e.condition.clone(),
    })
}

pub fn trigger(t: &TriggerDef, key: &str) -> Result<Trigger, FieldError> {
    trigger_at(t, &|| key.to_string())
}

/// `key` names the trigger; it is only formatted for an error.
fn trigger_at(t: &TriggerDef, key: &dyn Fn() -> String) -> Result<Trigger, FieldError> {
    let name = t.event.get_ref();
    let Some(&(_, event)) = EVENT_NAMES.iter().find(|(n, _)| n == name) else {
        let hint = super::diagnostics::nearest(name, EVENT_NAMES.iter().map(|(n, _)| *n))
            .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
        return Err((
            t.event.span(),
            format!("{}.event", key()),
            format!("unknown event `{name}`{hint}"),
        ));
    };
    let roles = event.roles();
    let role = match &t.role {
        None => roles[0].1,
        Some(r) => match roles.iter().find(|(n, _)| n == r.get_ref()) {
            Some(&(_, role)) => role,
            None => {
                let names: Vec<&str> = roles.iter().map(|(n, _)| *n).collect();
                return Err((
                    r.span(),
                    format!("{}.role", key()),
                    format!(
                        "`{name}` has no role `{}`: expected {}",
                        r.get_ref(),
                        names.join(" or ")
                    ),
                ));
            }
        },
    };
    super::numbers::conditions(&t.condition, &|| format!("{}.condition", key()))?;
    super::numbers::actions(&t.actions, &|| format!("{}.actions", key()))?;
    Ok(Trigger {
        event,
        role,
        condition: t.condition.clone(),
        actions: t.actions.iter().map(normalize_action).collect(),
    })
}

pub fn triggers(list: &[TriggerDef], key: &str) -> Result<Vec<Trigger>, FieldError> {
    list.iter()
        .enumerate()
        .map(|(i, t)| trigger_at(t, &|| format!("{key}[{i}]")))
        .collect()
}

/// Bare damage type names become full ids, so the rules compare ids only.
pub fn normalize_action(a: &ActionDef) -> ActionDef {
    let mut a = a.clone();
    if let ActionDef::Damage { damage_type, .. } = &mut a {
        *damage_type = damage_type_id(damage_type);
    }
    a
}

pub fn modifier(def: &ModifierDef) -> Result<Modifier, FieldError> {
    if def.max_stacks == 0 {
        return Err((
            def.id.span(),
            "max_stacks".into(),
            "`max_stacks` must be at least 1".into(),
        ));
    }
    let effects = def
        .effects
        .iter()
        .enumerate()
        .map(|(i, e)| effect(e, &|| format!("effects[{i}]")))
        .collect::<Result<_, _>>()?;
    Ok(Modifier {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        duration: def.duration,
        stacking: def.stacking,
        max_stacks: def.max_stacks,
        effects,
        triggers: triggers(&def.triggers, "triggers")?,
        confused: def.confused,
        sight: match def.sight {
            Some(s) if !(1..=100).contains(&s) => {
                let msg = format!("`sight` = {s} is out of range: expected 1..=100");
                return Err((def.id.span(), "sight".into(), msg));
            }
            s => s,
        },
    })
}

pub fn item(def: &ItemDef, symbol: char, color: [u8; 3]) -> Result<Item, FieldError> {
    if def.slot == Slot::Consumable && def.actions.is_empty() {
        return Err((
            def.id.span(),
            "actions".into(),
            "a consumable needs `actions` (what using it does)".into(),
        ));
    }
    if def.slot != Slot::Consumable && !def.actions.is_empty() {
        return Err((
            def.id.span(),
            "actions".into(),
            "only consumables have `actions`; equipment works through `modifiers`".into(),
        ));
    }
    super::numbers::actions(&def.actions, &|| "actions".into())?;
    if def.charges > 0 && def.slot != Slot::Consumable {
        return Err((
            def.id.span(),
            "charges".into(),
            "only consumables have `charges`".into(),
        ));
    }
    count_at_most("charges", def.charges, 1000)
        .map_err(|m| (def.id.span(), "charges".into(), m))?;
    let throw = match &def.throw {
        None if def.slot == Slot::Thrown => {
            let msg = "a thrown item needs `throw` (the ability it strikes with)".into();
            return Err((def.id.span(), "throw".into(), msg));
        }
        Some(_) if def.slot.is_worn() => {
            let msg = "only thrown items and consumables have `throw`".into();
            return Err((def.id.span(), "throw".into(), msg));
        }
        None => None,
        Some(t) => Some(Throw {
            ability: t.ability.get_ref().clone(),
            break_chance: number_in("break_chance", t.break_chance, 0.0, 1.0)
                .map_err(|m| (def.id.span(), "throw.break_chance".into(), m))?,
        }),
    };
    if !(1..=99).contains(&def.stack) {
        let msg = format!("`stack` = {} is out of range: expected 1..=99", def.stack);
        return Err((def.id.span(), "stack".into(), msg));
    }
    if def.stack > 1 && def.slot != Slot::Thrown {
        let msg = "only thrown items stack".into();
        return Err((def.id.span(), "stack".into(), msg));
    }
    Ok(Item {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        proper_name: def.proper_name,
        symbol,
        color,
        picture: Picture::Glyph,
        slot: def.slot,
        kind: def.kind.as_ref().map(|k| k.get_ref().clone()),
        known: def.known,
        charges: def.charges,
        value: count_at_most("value", def.value, super::numbers::MAX_GOLD)
            .map_err(|m| (def.id.span(), "value".into(), m))?,
        throw,
        stack: def.stack,
        modifiers: def.modifiers.iter().map(|m| m.get_ref().clone()).collect(),
        actions: def.actions.iter().map(normalize_action).collect(),
        triggers: triggers(&def.triggers, "triggers")?,
        description: def.description.clone(),
    })
}

pub fn affix(def: &AffixDef) -> Result<Affix, FieldError> {
    if def.prefix.is_none() == def.suffix.is_none() {
        return Err((
            def.id.span(),
            "prefix".into(),
            "an affix has exactly one of `prefix` or `suffix`".into(),
        ));
    }
    if def.slots.iter().any(|s| !s.is_worn()) {
        return Err((
            def.id.span(),
            "slots".into(),
            "affixes roll on equipment only (weapon, armour, trinket)".into(),
        ));
    }
    Ok(Affix {
        id: def.id.get_ref().clone(),
        prefix: def.prefix.clone(),
        suffix: def.suffix.clone(),
        slots: def.slots.clone(),
        modifiers: def.modifiers.iter().map(|m| m.get_ref().clone()).collect(),
        weight: def.weight,
    })
}

pub fn loot(def: &LootDef) -> Result<LootTable, FieldError> {
    let chance = *def.affix_chance.get_ref();
    let affix_chance = number_in("affix_chance", chance, 0.0, 1.0)
        .map_err(|m| (def.affix_chance.span(), "affix_chance".to_string(), m))?;
    gold_range("gold", def.gold).map_err(|m| (def.id.span(), "gold".to_string(), m))?;
    // Each roll is a draw when the table drops: a huge count would stall the game.
    count_at_most("rolls", def.rolls, MAX_COUNT)
        .map_err(|m| (def.id.span(), "rolls".to_string(), m))?;
    if !def.entries.is_empty() && def.entries.iter().all(|e| e.weight == 0) {
        return Err((
            def.id.span(),
            "entries".into(),
            "every entry has weight 0: nothing can ever drop".into(),
        ));
    }
    Ok(LootTable {
        id: def.id.get_ref().clone(),
        rolls: def.rolls,
        gold: def.gold,
        affix_chance,
        entries: def
            .entries
            .iter()
            .map(|e| (e.item.as_ref().map(|i| i.get_ref().clone()), e.weight))
            .collect(),
    })
}

pub fn trap(def: &TrapDef, symbol: char, color: [u8; 3]) -> Result<Trap, FieldError> {
    super::numbers::actions(&def.actions, &|| "actions".into())?;
    Ok(Trap {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        symbol,
        color,
        picture: Picture::Glyph,
        actions: def.actions.iter().map(normalize_action).collect(),
    })
}

pub fn damage_type(def: &DamageTypeDef, color: [u8; 3]) -> Result<DamageType, FieldError> {
    Ok(DamageType {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        color,
    })
}

pub fn tag(def: &TagDef) -> Result<Tag, FieldError> {
    Ok(Tag {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
    })
}

/// The XP curve and what a level adds; an error names the field below `[progression]`.
pub fn progression(def: &ProgressionDef) -> Result<Progression, FieldError> {
    if def.xp.windows(2).any(|w| w[1] <= w[0]) {
        return Err((
            0..0,
            "xp".into(),
            "`xp` must rise strictly from level to level".into(),
        ));
    }
    super::numbers::attributes(&def.per_level, "per_level", true)?;
    let per_level = level_gains(&def.per_level);
    Ok(Progression {
        xp: def.xp.clone(),
        per_level,
    })
}

/// What a `per_level` table adds each level, attribute by attribute (those it gives).
pub fn level_gains(b: &Attributes) -> Vec<(AttrKey, f64)> {
    let mut gains = Vec::new();
    for (key, v) in [
        (AttrKey::MaxHealth, b.max_health),
        (AttrKey::MaxStamina, b.max_stamina),
        (AttrKey::Damage, b.damage),
        (AttrKey::HitChance, b.hit_chance),
        (AttrKey::CriticalChance, b.critical_chance),
        (AttrKey::CriticalFactor, b.critical_factor),
        (AttrKey::Dexterity, b.dexterity),
        (AttrKey::Luck, b.luck),
    ] {
        if let Some(v) = v {
            gains.push((key, v));
        }
    }
    for (dt, v) in &b.resistance {
        gains.push((AttrKey::Resistance(damage_type_id(dt)), *v));
    }
    gains
}
