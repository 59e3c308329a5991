//! Reference checks of one file against the content merged so far: what each kind of id
//! may name, located and with the nearest known name as a hint.
use toml::Spanned;

use super::kinds::IdKind;
use super::locate::extent;
use super::refused::Refused;
use super::{BUILTIN_ABILITIES, Content};
use crate::content::diagnostics::{Diagnostic, Severity, nearest};
use crate::content::registry::damage_type_id;
use crate::content::schema::{ActionDef, Condition};

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
    /// The pack's entries refused so far: naming one is a note under its error.
    pub(super) refused: &'a Refused,
}

impl Refs<'_> {
    /// Whether the content holds `id` of `kind`; an ability may also be a built-in one.
    fn contains(&self, kind: IdKind, id: &str) -> bool {
        (kind.info().has)(self.content, id)
            || (kind == IdKind::Abilities && BUILTIN_ABILITIES.contains(&id))
    }

    /// The ids of `kind` a miss's hint is chosen from.
    fn known(&self, kind: IdKind) -> Vec<&str> {
        let mut ids = (kind.info().ids)(self.content);
        if kind == IdKind::Abilities {
            ids.extend(BUILTIN_ABILITIES);
        }
        ids
    }

    pub(super) fn check(
        &mut self,
        kind: IdKind,
        id: &Spanned<String>,
        key: impl FnOnce() -> String,
    ) -> bool {
        self.check_at(kind, id.get_ref(), || id.span(), key)
    }

    /// Reports an unknown id with the nearest known one, or, when the pack refused an entry
    /// with that id, notes under that entry's error that this place names it; says whether
    /// it was known. The place and key path are worked out only for a miss.
    pub(super) fn check_at(
        &mut self,
        kind: IdKind,
        id: &str,
        span: impl FnOnce() -> std::ops::Range<usize>,
        key: impl FnOnce() -> String,
    ) -> bool {
        if self.contains(kind, id) {
            return true;
        }
        let here = self.at(span(), key(), String::new());
        // This stage counts a file's entries without those refused so far.
        let written = Diagnostic {
            path: self.refused.as_written(self.path, &here.path),
            ..here.clone()
        };
        if (self.refused)
            .named(kind.info().key, id, &written, self.diags)
            .is_some()
        {
            return false;
        }
        let (what, known) = (kind.info().noun, self.known(kind));
        let hint = nearest(id, known.iter().copied())
            .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
        self.diags.push(Diagnostic {
            message: format!("unknown {what} `{id}`{hint}"),
            ..here
        });
        false
    }

    pub(super) fn error(&mut self, span: std::ops::Range<usize>, key: String, msg: String) {
        let error = self.at(span, key, msg);
        self.diags.push(error);
    }

    /// An error of this file at `span`.
    fn at(&self, span: std::ops::Range<usize>, key: String, msg: String) -> Diagnostic {
        Diagnostic::at(
            Severity::Error,
            self.pack,
            self.path,
            self.text,
            span.start,
            key,
            msg,
        )
    }

    /// Where a string stands inside the entry spanning `within` (serde's internally tagged
    /// enums keep no spans of their own): the quoted string's first place, else the entry.
    fn find(&self, needle: &str, within: &std::ops::Range<usize>) -> std::ops::Range<usize> {
        Refs::find_in(self.text, needle, within)
    }

    fn check_in(
        &mut self,
        kind: IdKind,
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
                    self.check_in(IdKind::Tags, tag, within, || format!("{}.tag", key()));
                }
                Condition::HasModifier { modifier, .. } => {
                    self.check_in(IdKind::Modifiers, modifier, within, || {
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
                        IdKind::DamageTypes,
                        &id,
                        || Refs::find_in(text, damage_type, within),
                        || format!("{}.damage_type", key()),
                    );
                }
                ActionDef::ApplyModifier { modifier, .. }
                | ActionDef::RemoveModifier { modifier, .. } => {
                    self.check_in(IdKind::Modifiers, modifier, within, || {
                        format!("{}.modifier", key())
                    });
                }
                ActionDef::Summon { creature, .. } => {
                    self.check_in(IdKind::Creatures, creature, within, || {
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
