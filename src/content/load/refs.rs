//! Reference checks of one file against the content merged so far: what each kind of id
//! may name, located and with the nearest known name as a hint.
use std::collections::BTreeMap;

use toml::Spanned;

use super::locate::extent;
use super::{BUILTIN_ABILITIES, Content};
use crate::content::diagnostics::{Diagnostic, Severity, nearest};
use crate::content::registry::damage_type_id;
use crate::content::schema::{ActionDef, Condition};

/// What a reference points at.
#[derive(Clone, Copy)]
#[allow(
    clippy::enum_variant_names,
    reason = "`ItemKind` is the content kind `[[item_kinds]]`"
)]
pub(super) enum Kind {
    Creature,
    Ability,
    Modifier,
    Item,
    ItemKind,
    Loot,
    Trap,
    Prefab,
    DamageType,
    Tag,
    Terrain,
}

impl Kind {
    /// The registry it names entries of.
    pub(super) fn key(self) -> &'static str {
        match self {
            Kind::Creature => "creatures",
            Kind::Ability => "abilities",
            Kind::Modifier => "modifiers",
            Kind::Item => "items",
            Kind::ItemKind => "item_kinds",
            Kind::Loot => "loot",
            Kind::Trap => "traps",
            Kind::Prefab => "prefabs",
            Kind::DamageType => "damage_types",
            Kind::Tag => "tags",
            Kind::Terrain => "terrain",
        }
    }
}

/// The condition attributes: `health` and `stamina` as shares of their maximum, the others
/// as values.
pub(crate) const CONDITION_ATTRIBUTES: [&str; 9] = [
    "health",
    "stamina",
    "damage",
    "hit_chance",
    "critical_chance",
    "critical_factor",
    "dexterity",
    "luck",
    "max_health",
];

/// Reference checks of one file against the content merged so far.
pub(super) struct Refs<'a> {
    pub(super) content: &'a Content,
    pub(super) pack: &'a str,
    pub(super) path: &'a str,
    pub(super) text: &'a str,
    pub(super) diags: &'a mut Vec<Diagnostic>,
}

impl Refs<'_> {
    fn known(&self, kind: Kind) -> (&'static str, Vec<&str>) {
        let c = self.content;
        fn keys<T>(m: &BTreeMap<String, T>) -> Vec<&str> {
            m.keys().map(String::as_str).collect()
        }
        match kind {
            Kind::Creature => ("creature", keys(&c.creatures)),
            Kind::Ability => (
                "ability",
                keys(&c.abilities)
                    .into_iter()
                    .chain(BUILTIN_ABILITIES)
                    .collect(),
            ),
            Kind::Modifier => ("modifier", keys(&c.modifiers)),
            Kind::Item => ("item", keys(&c.items)),
            Kind::ItemKind => ("item kind", keys(&c.item_kinds)),
            Kind::Loot => ("loot table", keys(&c.loot)),
            Kind::Trap => ("trap", keys(&c.traps)),
            Kind::Prefab => ("prefab", keys(&c.prefabs)),
            Kind::DamageType => ("damage type", keys(&c.damage_types)),
            Kind::Tag => ("tag", keys(&c.tags)),
            Kind::Terrain => ("terrain kind", keys(&c.terrain)),
        }
    }

    /// A map lookup: building the list of known names is left to the (rare) miss.
    fn contains(&self, kind: Kind, id: &str) -> bool {
        let c = self.content;
        match kind {
            Kind::Creature => c.creatures.contains_key(id),
            Kind::Ability => c.abilities.contains_key(id) || BUILTIN_ABILITIES.contains(&id),
            Kind::Modifier => c.modifiers.contains_key(id),
            Kind::Item => c.items.contains_key(id),
            Kind::ItemKind => c.item_kinds.contains_key(id),
            Kind::Loot => c.loot.contains_key(id),
            Kind::Trap => c.traps.contains_key(id),
            Kind::Prefab => c.prefabs.contains_key(id),
            Kind::DamageType => c.damage_types.contains_key(id),
            Kind::Tag => c.tags.contains_key(id),
            Kind::Terrain => c.terrain.contains_key(id),
        }
    }

    pub(super) fn check(
        &mut self,
        kind: Kind,
        id: &Spanned<String>,
        key: impl FnOnce() -> String,
    ) -> bool {
        self.check_at(kind, id.get_ref(), || id.span(), key)
    }

    /// Reports an unknown id with the nearest known one; says whether it was known. The
    /// place and key path are worked out only for a miss.
    pub(super) fn check_at(
        &mut self,
        kind: Kind,
        id: &str,
        span: impl FnOnce() -> std::ops::Range<usize>,
        key: impl FnOnce() -> String,
    ) -> bool {
        if self.contains(kind, id) {
            return true;
        }
        let (what, known) = self.known(kind);
        let hint = nearest(id, known.iter().copied())
            .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
        self.error(span(), key(), format!("unknown {what} `{id}`{hint}"));
        false
    }

    pub(super) fn error(&mut self, span: std::ops::Range<usize>, key: String, msg: String) {
        self.diags.push(Diagnostic::at(
            Severity::Error,
            self.pack,
            self.path,
            self.text,
            span.start,
            key,
            msg,
        ));
    }

    /// Where a string stands inside the entry spanning `within` (serde's internally tagged
    /// enums keep no spans of their own): the quoted string's first place, else the entry.
    fn find(&self, needle: &str, within: &std::ops::Range<usize>) -> std::ops::Range<usize> {
        Refs::find_in(self.text, needle, within)
    }

    fn check_in(
        &mut self,
        kind: Kind,
        id: &str,
        within: &std::ops::Range<usize>,
        key: impl FnOnce() -> String,
    ) {
        let text = self.text;
        let span = || Refs::find_in(text, id, within);
        self.check_at(kind, id, span, key);
    }

    /// `find` without borrowing `self`, for the lazy places.
    fn find_in(
        text: &str,
        needle: &str,
        within: &std::ops::Range<usize>,
    ) -> std::ops::Range<usize> {
        let (start, end) = extent(text, within);
        let hay = &text[start..end];
        for quoted in [format!("\"{needle}\""), format!("'{needle}'")] {
            if let Some(i) = hay.find(&quoted) {
                return start + i + 1..start + i + 1 + needle.len();
            }
        }
        within.clone()
    }

    pub(super) fn conditions(
        &mut self,
        list: &[Condition],
        within: &std::ops::Range<usize>,
        key: &dyn Fn() -> String,
    ) {
        for (i, c) in list.iter().enumerate() {
            let key = || format!("{}[{i}]", key());
            match c {
                Condition::Attribute {
                    attribute,
                    below,
                    above,
                    ..
                } => {
                    let unknown = !CONDITION_ATTRIBUTES.contains(&attribute.as_str());
                    let open = below.is_none() && above.is_none();
                    if !unknown && !open {
                        continue;
                    }
                    let span = self.find(attribute, within);
                    if unknown {
                        let hint = nearest(attribute, CONDITION_ATTRIBUTES)
                            .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
                        self.error(
                            span.clone(),
                            format!("{}.attribute", key()),
                            format!("unknown condition attribute `{attribute}`{hint}"),
                        );
                    }
                    if open {
                        self.error(
                            span,
                            key(),
                            "an attribute check needs `below`, `above` or both".into(),
                        );
                    }
                }
                Condition::Tag { tag, .. } => {
                    self.check_in(Kind::Tag, tag, within, || format!("{}.tag", key()));
                }
                Condition::HasModifier { modifier, .. } => {
                    self.check_in(Kind::Modifier, modifier, within, || {
                        format!("{}.modifier", key())
                    });
                }
            }
        }
    }

    pub(super) fn actions(
        &mut self,
        list: &[ActionDef],
        within: &std::ops::Range<usize>,
        key: &dyn Fn() -> String,
    ) {
        for (i, a) in list.iter().enumerate() {
            let key = || format!("{}[{i}]", key());
            match a {
                ActionDef::Damage { damage_type, .. } => {
                    let text = self.text;
                    let id = damage_type_id(damage_type);
                    self.check_at(
                        Kind::DamageType,
                        &id,
                        || Refs::find_in(text, damage_type, within),
                        || format!("{}.damage_type", key()),
                    );
                }
                ActionDef::ApplyModifier { modifier, .. }
                | ActionDef::RemoveModifier { modifier, .. } => {
                    self.check_in(Kind::Modifier, modifier, within, || {
                        format!("{}.modifier", key())
                    });
                }
                ActionDef::Summon { creature, .. } => {
                    self.check_in(Kind::Creature, creature, within, || {
                        format!("{}.creature", key())
                    });
                }
                ActionDef::Heal { .. }
                | ActionDef::RestoreStamina { .. }
                | ActionDef::GrantGold { .. }
                | ActionDef::Flee
                | ActionDef::Identify
                | ActionDef::Teleport
                | ActionDef::Aggravate => {}
            }
        }
    }

    pub(super) fn triggers(
        &mut self,
        list: &[crate::content::schema::TriggerDef],
        within: &std::ops::Range<usize>,
        key: &dyn Fn() -> String,
    ) {
        for (i, t) in list.iter().enumerate() {
            self.conditions(&t.condition, within, &|| {
                format!("{}[{i}].condition", key())
            });
            self.actions(&t.actions, within, &|| format!("{}[{i}].actions", key()));
        }
    }
}
