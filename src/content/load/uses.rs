//! What loaded entries name: the ids a resolved entry refers to, by the kind they name.
//! Each kind declares its own (`kinds!`'s `uses`); disabling an entry reads them to find
//! what still names it.
use super::kinds::IdKind;
use crate::content::registry::{AttrKey, Effect, Trigger, damage_type_id};
use crate::content::schema::{ActionDef, Condition};

/// Receives one reference: the kind it names and the id.
pub(super) type Uses<'u> = dyn FnMut(IdKind, &str) + 'u;

pub(super) fn conditions(list: &[Condition], out: &mut Uses) {
    for c in list {
        match c {
            Condition::Tag { tag, .. } => out(IdKind::Tags, tag),
            Condition::HasModifier { modifier, .. } => out(IdKind::Modifiers, modifier),
            Condition::Attribute { .. } => {}
        }
    }
}

pub(super) fn actions(list: &[ActionDef], out: &mut Uses) {
    for a in list {
        match a {
            ActionDef::Damage { damage_type, .. } => {
                out(IdKind::DamageTypes, &damage_type_id(damage_type))
            }
            ActionDef::ApplyModifier { modifier, .. }
            | ActionDef::RemoveModifier { modifier, .. } => out(IdKind::Modifiers, modifier),
            ActionDef::Summon { creature, .. } => out(IdKind::Creatures, creature),
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

pub(super) fn triggers(list: &[Trigger], out: &mut Uses) {
    for t in list {
        conditions(&t.condition, out);
        actions(&t.actions, out);
    }
}

pub(super) fn effects(list: &[Effect], out: &mut Uses) {
    for e in list {
        if let AttrKey::Resistance(dt) = &e.attribute {
            out(IdKind::DamageTypes, dt);
        }
        conditions(&e.condition, out);
    }
}
