//! Resolving one merged pack: every reference in its files names something that exists (each
//! kind's checks below, run over the declarations: `KindInfo::check`),
//! and the checks that need the whole registry (floors against their prefabs and traps,
//! where new entries say they appear: `place`).
use super::kinds::IdKind;
use super::kinds::KINDS;
use super::locate::find_key;
use super::place::PackPlacements;
use super::refs::Refs;
use super::refused::Refused;
use super::{Content, Parsed};
use crate::content::HERO_KIND;
use crate::content::diagnostics::{Diagnostic, Severity};
use crate::content::registry::damage_type_id;
use crate::content::schema::ContentFile;

/// Every reference names something that exists after this pack merged; what the pack's
/// entries say about where they appear, checked, is returned for after every pack.
pub(super) fn resolve<'a>(
    content: &Content,
    parsed: &Parsed<'a>,
    refused: &Refused,
    diags: &mut Vec<Diagnostic>,
) -> PackPlacements<'a> {
    // Key paths and the places of span-less strings are only worked out for a diagnostic:
    // the closures below run on the (rare) miss.
    let mut deferred = Vec::new();
    let mut placed = PackPlacements::default();
    for &(path, text, ref file) in &parsed.files {
        let mut r = Refs {
            content,
            pack: parsed.pack,
            path,
            text,
            diags,
            refused,
        };
        placed.check_file(&mut r, parsed.pack, path, text, file);
        for kind in KINDS {
            (kind.check)(&mut r, file, &mut deferred);
        }
    }
    diags.append(&mut deferred);
    if parsed.pack == "core" && !content.creatures.contains_key(HERO_KIND) {
        diags.push(Diagnostic {
            severity: Severity::Error,
            pack: parsed.pack.to_string(),
            file: String::new(),
            line: 0,
            column: 0,
            path: String::new(),
            message: "the core pack must define `core:hero`".into(),
            notes: Vec::new(),
            source_line: String::new(),
        });
    }
    placed
}

/// `[[creatures]]`: what its entries name exists.
pub(super) fn creatures(r: &mut Refs, file: &ContentFile, deferred: &mut Vec<Diagnostic>) {
    let (pack, path, text) = (r.pack, r.path, r.text);
    for (i, c) in file.creatures.iter().enumerate() {
        let def = c.get_ref();
        let span = c.span();
        let key = || format!("creatures[{i}]");
        for (j, a) in def.abilities.iter().enumerate() {
            r.check(IdKind::Abilities, a, || format!("{}.abilities[{j}]", key()));
        }
        for (j, t) in def.tags.iter().enumerate() {
            r.check(IdKind::Tags, t, || format!("{}.tags[{j}]", key()));
        }
        resistances(r, &def.base, &span, &key);
        if let Some(l) = &def.loot {
            r.check(IdKind::Loot, l, || format!("{}.loot", key()));
        }
        for (j, e) in def.ai.iter().enumerate() {
            r.check(IdKind::Abilities, &e.ability, || {
                format!("{}.ai[{j}].ability", key())
            });
            r.conditions(&e.condition, &span, &|| {
                format!("{}.ai[{j}].condition", key())
            });
        }
        r.triggers(&def.triggers, &span, &|| format!("{}.triggers", key()));
        let warning = |offset: usize, key: String, message: &str| {
            Diagnostic::at(Severity::Warning, pack, path, text, offset, key, message)
        };
        if def.ai.is_empty() && def.hostile && def.id.get_ref() != HERO_KIND {
            deferred.push(warning(
                def.id.span().start,
                key(),
                "a hostile creature without `ai` entries always waits in a fight",
            ));
        }
        ai_slips(r.content, def, &key, &mut |at, key, message| {
            deferred.push(warning(at, key, &message));
        });
        if let Some(last) = def.ai.last()
            && !last.condition.is_empty()
        {
            deferred.push(warning(
                last.ability.span().start,
                format!("{}.ai[{}]", key(), def.ai.len() - 1),
                "the last `ai` entry has a condition: when none holds the creature stands still",
            ));
        }
    }
}

/// The `ai` entries a creature can never take, each warned at its ability: one naming an
/// ability the creature does not list (a creature uses only what it knows), one whose ability
/// costs more than the creature's whole stamina, and one after an entry that always acts (no
/// condition, and an ability with no cost, cooldown or condition of its own: the first entry
/// that holds and can be used is taken, so nothing after it ever is). Checked against the
/// creature as merged (what `copy_from` gave it) and the abilities loaded so far.
fn ai_slips(
    content: &Content,
    def: &crate::content::schema::CreatureDef,
    key: &dyn Fn() -> String,
    warn: &mut dyn FnMut(usize, String, String),
) {
    let Some(kind) = content.creatures.get(def.id.get_ref()) else {
        return;
    };
    let mut always: Option<usize> = None;
    for (j, e) in def.ai.iter().enumerate() {
        let (id, at) = (e.ability.get_ref(), e.ability.span().start);
        let entry = || format!("{}.ai[{j}]", key());
        let builtin = crate::content::BUILTIN_ABILITIES.contains(&id.as_str());
        let listed = builtin || kind.abilities.contains(id);
        let ability = content.abilities.get(id);
        if let Some(before) = always {
            let message = format!(
                "this entry is never reached: `ai[{before}]` before it always acts (no condition, \
                 and its ability has no cost, cooldown or condition); move this one above it"
            );
            warn(at, entry(), message);
        } else if !listed {
            let message = format!(
                "`{id}` is not in this creature's `abilities`: it never uses it; add it there"
            );
            warn(at, entry(), message);
        } else if let Some(a) = ability.filter(|a| a.cost > kind.base.max_stamina) {
            let message = format!(
                "`{id}` costs {} stamina and this creature has {} at most: it never uses it",
                a.cost, kind.base.max_stamina
            );
            warn(at, entry(), message);
        }
        let free = builtin
            || ability.is_some_and(|a| a.cost == 0.0 && a.cooldown == 0 && a.condition.is_empty());
        if always.is_none() && listed && free && e.condition.is_empty() {
            always = Some(j);
        }
    }
}

/// `[[classes]]`: what its entries name exists, its kit can be worn as written, and its id
/// is no creature's (a hero of the class is a creature kind of that id).
pub(super) fn classes(r: &mut Refs, file: &ContentFile, _deferred: &mut Vec<Diagnostic>) {
    let content = r.content;
    for (i, c) in file.classes.iter().enumerate() {
        let def = c.get_ref();
        let span = c.span();
        let key = || format!("classes[{i}]");
        if content.creatures.contains_key(def.id.get_ref()) {
            r.error(
                def.id.span(),
                format!("{}.id", key()),
                format!(
                    "`{}` is a creature's id; a class needs its own (its hero is a creature \
                     kind of that id)",
                    def.id.get_ref()
                ),
            );
        }
        for (j, a) in def.abilities.iter().enumerate() {
            r.check(IdKind::Abilities, a, || format!("{}.abilities[{j}]", key()));
        }
        for (j, it) in def.carry.iter().enumerate() {
            r.check(IdKind::Items, it, || format!("{}.carry[{j}]", key()));
        }
        let mut worn = Vec::new();
        for (j, it) in def.wear.iter().enumerate() {
            let path = || format!("{}.wear[{j}]", key());
            if !r.check(IdKind::Items, it, path) {
                continue;
            }
            let slot = content.items[it.get_ref()].slot;
            if !slot.is_worn() {
                let msg = format!("`{}` is not worn: put it in `carry`", it.get_ref());
                r.error(it.span(), path(), msg);
            } else if worn.contains(&slot) {
                let msg = format!(
                    "a second item for the {} slot: one item a slot is worn",
                    format!("{slot:?}").to_lowercase()
                );
                r.error(it.span(), path(), msg);
            } else {
                worn.push(slot);
            }
        }
        resistances(r, &def.base, &span, &key);
    }
}

/// The damage types an entry's `base.resistance` names exist (`key`: the entry's path).
fn resistances(
    r: &mut Refs,
    base: &crate::content::schema::Attributes,
    span: &std::ops::Range<usize>,
    key: &dyn Fn() -> String,
) {
    let text = r.text;
    for dt in base.resistance.keys() {
        r.check_at(
            IdKind::DamageTypes,
            &damage_type_id(dt),
            || find_key(text, dt, span),
            || format!("{}.base.resistance.{dt}", key()),
        );
    }
}

/// `[[abilities]]`: what its entries name exists.
pub(super) fn abilities(r: &mut Refs, file: &ContentFile, _deferred: &mut Vec<Diagnostic>) {
    for (i, a) in file.abilities.iter().enumerate() {
        let def = a.get_ref();
        let span = a.span();
        r.conditions(&def.condition, &span, &|| {
            format!("abilities[{i}].condition")
        });
        r.actions(&def.actions, &span, &|| format!("abilities[{i}].actions"));
    }
}

/// `[[modifiers]]`: what its entries name exists.
pub(super) fn modifiers(r: &mut Refs, file: &ContentFile, _deferred: &mut Vec<Diagnostic>) {
    for (i, m) in file.modifiers.iter().enumerate() {
        let def = m.get_ref();
        let span = m.span();
        for (j, e) in def.effects.iter().enumerate() {
            if let Some(dt) = &e.damage_type {
                r.check_at(
                    IdKind::DamageTypes,
                    &damage_type_id(dt.get_ref()),
                    || dt.span(),
                    || format!("modifiers[{i}].effects[{j}].damage_type"),
                );
            }
            r.conditions(&e.condition, &span, &|| {
                format!("modifiers[{i}].effects[{j}].condition")
            });
        }
        r.triggers(&def.triggers, &span, &|| format!("modifiers[{i}].triggers"));
    }
}

/// `[[items]]`: what its entries name exists.
pub(super) fn items(r: &mut Refs, file: &ContentFile, deferred: &mut Vec<Diagnostic>) {
    let (pack, path, text) = (r.pack, r.path, r.text);
    let content = r.content;
    for (i, it) in file.items.iter().enumerate() {
        // An unknown item past its kind's appearances (by id) is known from the start.
        if let Some(kind) = it.get_ref().kind.as_ref()
            && content
                .item_kinds
                .get(kind.get_ref())
                .is_some_and(|k| k.unidentified)
            && !it.get_ref().known
        {
            let k = kind.get_ref();
            let looks = (content.appearances.values())
                .filter(|a| &a.kind == k)
                .count();
            let rank = (content.items.values())
                .filter(|d| d.kind.as_ref() == Some(k) && !d.known)
                .take_while(|d| d.id != *it.get_ref().id.get_ref())
                .count();
            if rank >= looks {
                let message = format!(
                    "`{k}` has {looks} appearance(s) for more unknown items: this one gets none \
                     and is known from the start; add `[[appearances]]` of the kind"
                );
                let key = format!("items[{i}].kind");
                let at = kind.span().start;
                deferred.push(Diagnostic::at(
                    Severity::Warning,
                    pack,
                    path,
                    text,
                    at,
                    key,
                    message,
                ));
            }
        }
        let def = it.get_ref();
        let span = it.span();
        for (j, m) in def.modifiers.iter().enumerate() {
            r.check(IdKind::Modifiers, m, || {
                format!("items[{i}].modifiers[{j}]")
            });
        }
        r.actions(&def.actions, &span, &|| format!("items[{i}].actions"));
        r.triggers(&def.triggers, &span, &|| format!("items[{i}].triggers"));
        if let Some(kind) = &def.kind {
            r.check(IdKind::ItemKinds, kind, || format!("items[{i}].kind"));
        }
        if let Some(throw) = &def.throw {
            r.check(IdKind::Abilities, &throw.ability, || {
                format!("items[{i}].throw.ability")
            });
        }
    }
}

/// `[[appearances]]`: the kind exists.
pub(super) fn appearances(r: &mut Refs, file: &ContentFile, _deferred: &mut Vec<Diagnostic>) {
    for (i, a) in file.appearances.iter().enumerate() {
        r.check(IdKind::ItemKinds, &a.get_ref().kind, || {
            format!("appearances[{i}].kind")
        });
    }
}

/// `[[affixes]]`: what its entries name exists.
pub(super) fn affixes(r: &mut Refs, file: &ContentFile, _deferred: &mut Vec<Diagnostic>) {
    for (i, a) in file.affixes.iter().enumerate() {
        for (j, m) in a.get_ref().modifiers.iter().enumerate() {
            r.check(IdKind::Modifiers, m, || {
                format!("affixes[{i}].modifiers[{j}]")
            });
        }
    }
}

/// `[[loot]]`: what its entries name exists.
pub(super) fn loot(r: &mut Refs, file: &ContentFile, _deferred: &mut Vec<Diagnostic>) {
    for (i, l) in file.loot.iter().enumerate() {
        for (j, e) in l.get_ref().entries.iter().enumerate() {
            if let Some(item) = &e.item {
                r.check(IdKind::Items, item, || {
                    format!("loot[{i}].entries[{j}].item")
                });
            }
        }
    }
}

/// `[[traps]]`: what its entries name exists.
pub(super) fn traps(r: &mut Refs, file: &ContentFile, _deferred: &mut Vec<Diagnostic>) {
    for (i, t) in file.traps.iter().enumerate() {
        r.actions(&t.get_ref().actions, &t.span(), &|| {
            format!("traps[{i}].actions")
        });
    }
}

/// `[[prefabs]]`: what its entries name exists: each legend id a creature or a terrain kind.
pub(super) fn prefabs(r: &mut Refs, file: &ContentFile, _deferred: &mut Vec<Diagnostic>) {
    for (i, p) in file.prefabs.iter().enumerate() {
        for (key, id) in &p.get_ref().legend {
            if !r.content.terrain.contains_key(id.get_ref()) {
                r.check(IdKind::Creatures, id, || {
                    format!("prefabs[{i}].legend.{key}")
                });
            }
        }
    }
}

/// `[[floors]]`: what its entries name exists.
pub(super) fn floors(r: &mut Refs, file: &ContentFile, deferred: &mut Vec<Diagnostic>) {
    let (pack, path, text) = (r.pack, r.path, r.text);
    let content = r.content;
    for (i, f) in file.floors.iter().enumerate() {
        let def = f.get_ref();
        let key = format!("floors[{i}]");
        let mut known = true;
        for (j, id) in def.prefabs.iter().enumerate() {
            known &= r.check(IdKind::Prefabs, id, || format!("{key}.prefabs[{j}]"));
        }
        // At the key the path ends in (`chance` of `floors[0].shop.chance`), inside the entry.
        let floor_error = |at: String, msg: String| {
            let last = at.rsplit('.').next().unwrap_or_default();
            let key = last.split('[').next().unwrap_or(last);
            let span = find_key(text, key, &f.span());
            Diagnostic::at(Severity::Error, pack, path, text, span.start, at, msg)
        };
        // A floor refused when it merged was reported then; only what its prefabs change is
        // new here.
        if known
            && super::convert::check_floor(def).is_ok()
            && let Err(msg) = def.profile(&content.prefabs).validate()
        {
            let (field, msg) = super::convert::generator_field(&msg);
            let (span, at) = super::locate::floor_field(text, f, i, &field);
            deferred.push(Diagnostic::at(
                Severity::Error,
                pack,
                path,
                text,
                span.start,
                at,
                msg,
            ));
        }
        for (j, s) in def.spawns.iter().enumerate() {
            r.check(IdKind::Creatures, &s.id, || format!("{key}.spawns[{j}].id"));
        }
        for (j, s) in def.trap_kinds.iter().enumerate() {
            r.check(IdKind::Traps, &s.id, || format!("{key}.trap_kinds[{j}].id"));
        }
        for (j, feature) in def.features.iter().enumerate() {
            r.check(IdKind::Terrain, &feature.terrain, || {
                format!("{key}.features[{j}].terrain")
            });
            if let Some(middle) = &feature.middle {
                r.check(IdKind::Terrain, middle, || {
                    format!("{key}.features[{j}].middle")
                });
            }
        }
        if def.traps > 0 && def.trap_kinds.iter().all(|s| s.weight == 0) {
            deferred.push(floor_error(
                format!("{key}.trap_kinds"),
                format!(
                    "the floor places {} trap(s) but `trap_kinds` names none to draw from",
                    def.traps
                ),
            ));
        }
        if let Some(l) = &def.loot {
            r.check(IdKind::Loot, l, || format!("{key}.loot"));
        }
        if let Some(shop) = &def.shop {
            r.check(IdKind::Loot, &shop.stock, || format!("{key}.shop.stock"));
            let keeper = r.check(IdKind::Creatures, &shop.keeper, || {
                format!("{key}.shop.keeper")
            });
            if keeper && !(content.creature(shop.keeper.get_ref())).is_some_and(|k| k.shopkeeper) {
                deferred.push(floor_error(
                    format!("{key}.shop.keeper"),
                    format!(
                        "`{}` is not a shopkeeper (a creature with `shopkeeper = true`)",
                        shop.keeper.get_ref()
                    ),
                ));
            }
            if let Err(msg) = crate::content::numbers::number_in("chance", shop.chance, 0.0, 1.0) {
                deferred.push(floor_error(format!("{key}.shop.chance"), msg));
            }
            if shop.items > 40 {
                let msg = format!("`items` = {} is out of range: expected 0..=40", shop.items);
                deferred.push(floor_error(format!("{key}.shop.items"), msg));
            }
        }
    }
}

/// `[[terrain]]`: the terrain a kind becomes exists; a kind nothing can place is warned of.
pub(super) fn terrain(r: &mut Refs, file: &ContentFile, deferred: &mut Vec<Diagnostic>) {
    if file.terrain.is_empty() {
        return;
    }
    // What puts terrain on a floor: generation's own kinds, the room features of the floor
    // profiles loaded so far (this pack's among them), the prefabs' legends, and what
    // another kind turns into.
    let content = r.content;
    let placed: std::collections::BTreeSet<String> = (content.floors.iter())
        .flat_map(|f| f.features())
        .flat_map(|f| [Some(f.terrain), f.middle])
        .flatten()
        .chain(
            content
                .prefabs
                .values()
                .flat_map(|p| p.legend.values().cloned()),
        )
        .collect();
    let becomes: Vec<&str> = (file.terrain.iter())
        .flat_map(|t| {
            let t = t.get_ref();
            [&t.opens_to, &t.closes_to, &t.found_as, &t.trampled_to]
        })
        .filter_map(|id| id.as_ref().map(|s| s.get_ref().as_str()))
        .collect();
    for (i, t) in file.terrain.iter().enumerate() {
        let t = t.get_ref();
        let id = t.id.get_ref().as_str();
        if !(crate::map::Tile::ENGINE.contains(&id) || becomes.contains(&id) || placed.contains(id))
        {
            deferred.push(Diagnostic::at(
                Severity::Warning,
                r.pack,
                r.path,
                r.text,
                t.id.span().start,
                format!("terrain[{i}].id"),
                format!(
                    "`{id}` is never placed: no floor profile's `features` and no prefab's \
                     `legend` names it, and no terrain kind turns into it; add it to a floor \
                     (`features = {{ add = [ {{ terrain = \"{id}\", chance = 0.2, shape = \
                     \"pool\" }} ] }}` in a `[[floors]]` entry with `copy_from`)"
                ),
            ));
        }
        for (field, id) in [
            ("opens_to", &t.opens_to),
            ("closes_to", &t.closes_to),
            ("found_as", &t.found_as),
            ("trampled_to", &t.trampled_to),
        ] {
            if let Some(id) = id {
                r.check(IdKind::Terrain, id, || format!("terrain[{i}].{field}"));
            }
        }
        if let Some(m) = &t.while_standing {
            r.check(IdKind::Modifiers, m, || {
                format!("terrain[{i}].while_standing")
            });
        }
        if let Some(on) = &t.on_enter
            && on.damage > 0
        {
            r.check_at(
                IdKind::DamageTypes,
                &damage_type_id(on.damage_type.get_ref()),
                || on.damage_type.span(),
                || format!("terrain[{i}].on_enter.damage_type"),
            );
        }
    }
}
