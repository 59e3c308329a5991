//! Merging one pack's parsed files into the registries in load order: the id rules
//! (namespace, no duplicates), whole-entry override with a warning, each entry's picture
//! (`icon`, `sprite`: content::art), and the undo log that puts everything back when the
//! pack has errors.
use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, HashSet};

use toml::Spanned;

use super::conflicts::Definition;
use super::convert::{ability, check_floor, creature_kind, look, prefab};
use super::locate::find_key;
use super::{Ability, Content, CreatureKind, Parsed};
use crate::content::art::Pictures;
use crate::content::colors::color;
use crate::content::diagnostics::{Diagnostic, Severity};
use crate::content::registry::{
    self, Affix, DamageType, FieldError, Item, LootTable, Modifier, Tag, Trap,
};
use crate::content::schema::{
    AbilityDef, AffixDef, CreatureDef, DamageTypeDef, ItemDef, LootDef, ModifierDef, PrefabDef,
    TagDef, TrapDef,
};
use crate::dungeon::Prefab;

/// What a failed pack changed in the registries: each touched id with the entry it
/// replaced (`None`: it was new), put back last to first.
#[derive(Default)]
pub(super) struct Undo<'p> {
    creatures: Vec<(&'p str, Option<CreatureKind>)>,
    abilities: Vec<(&'p str, Option<Ability>)>,
    prefabs: Vec<(&'p str, Option<Prefab>)>,
    modifiers: Vec<(&'p str, Option<Modifier>)>,
    items: Vec<(&'p str, Option<Item>)>,
    affixes: Vec<(&'p str, Option<Affix>)>,
    loot: Vec<(&'p str, Option<LootTable>)>,
    traps: Vec<(&'p str, Option<Trap>)>,
    damage_types: Vec<(&'p str, Option<DamageType>)>,
    tags: Vec<(&'p str, Option<Tag>)>,
}

impl Undo<'_> {
    pub(super) fn rollback(self, c: &mut Content) {
        fn back<T>(map: &mut BTreeMap<String, T>, log: Vec<(&str, Option<T>)>) {
            for (id, old) in log.into_iter().rev() {
                match old {
                    Some(v) => {
                        if let Some(slot) = map.get_mut(id) {
                            *slot = v;
                        }
                    }
                    None => {
                        map.remove(id);
                    }
                }
            }
        }
        back(&mut c.creatures, self.creatures);
        back(&mut c.abilities, self.abilities);
        back(&mut c.prefabs, self.prefabs);
        back(&mut c.modifiers, self.modifiers);
        back(&mut c.items, self.items);
        back(&mut c.affixes, self.affixes);
        back(&mut c.loot, self.loot);
        back(&mut c.traps, self.traps);
        back(&mut c.damage_types, self.damage_types);
        back(&mut c.tags, self.tags);
    }
}

/// Merges one pack into `content`; every definition the pack makes, unless it is core's,
/// goes to `defs` for the report of replacements and conflicts.
pub(super) fn merge<'p, 'a>(
    content: &mut Content,
    parsed: &'p Parsed<'a>,
    undo: &mut Undo<'p>,
    defs: &mut Vec<Definition<'a>>,
    diags: &mut Vec<Diagnostic>,
) {
    // Each registry has its own ids: a creature and an ability may share a name.
    let mut seen_creatures = HashSet::new();
    let mut seen_abilities = HashSet::new();
    let mut seen_prefabs = HashSet::new();
    let mut seen_modifiers = HashSet::new();
    let mut seen_items = HashSet::new();
    let mut seen_affixes = HashSet::new();
    let mut seen_loot = HashSet::new();
    let mut seen_traps = HashSet::new();
    let mut seen_damage_types = HashSet::new();
    let mut seen_tags = HashSet::new();
    let pictures = Pictures::new(parsed.pack, parsed.pictures.clone());
    let picture = |icon: &Option<Spanned<String>>, sprite: &Option<Spanned<String>>| {
        pictures
            .picture(name_of(icon), name_of(sprite))
            .map_err(|(field, msg)| {
                let at = if field == "icon" { icon } else { sprite };
                (
                    at.as_ref().map_or(0..0, |s| s.span()),
                    field.to_string(),
                    msg,
                )
            })
    };
    let pack = parsed.pack;
    for &(path, text, ref file) in &parsed.files {
        let at = |span: std::ops::Range<usize>, key: String, sev, msg: String| {
            Diagnostic::at(sev, parsed.pack, path, text, span.start, key, msg)
        };
        let mut report = |span, key, sev, msg| diags.push(at(span, key, sev, msg));
        // Core loads first and replaces nothing; a mod's definitions are few.
        let mut note =
            |registry: &'static str, id: &str, replaced: bool, offset: usize, index: usize| {
                if pack != "core" {
                    defs.push(Definition {
                        registry,
                        id: id.to_string(),
                        replaced,
                        pack,
                        path,
                        text,
                        offset,
                        index,
                    });
                }
            };
        merge_registry(
            content,
            |c: &mut Content| &mut c.creatures,
            &mut undo.creatures,
            &file.creatures,
            "creatures",
            parsed.pack,
            &mut seen_creatures,
            |d: &CreatureDef| &d.id,
            |d: &CreatureDef| {
                let entry = creature_kind(d)?;
                Ok(CreatureKind {
                    picture: picture(&d.icon, &d.sprite)?,
                    ..entry
                })
            },
            text,
            &mut report,
            &mut note,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.abilities,
            &mut undo.abilities,
            &file.abilities,
            "abilities",
            parsed.pack,
            &mut seen_abilities,
            |d: &AbilityDef| &d.id,
            |d: &AbilityDef| {
                let entry = ability(d)?;
                Ok(Ability {
                    picture: picture(&d.icon, &d.sprite)?,
                    ..entry
                })
            },
            text,
            &mut report,
            &mut note,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.prefabs,
            &mut undo.prefabs,
            &file.prefabs,
            "prefabs",
            parsed.pack,
            &mut seen_prefabs,
            |d: &PrefabDef| &d.id,
            prefab,
            text,
            &mut report,
            &mut note,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.modifiers,
            &mut undo.modifiers,
            &file.modifiers,
            "modifiers",
            pack,
            &mut seen_modifiers,
            |d: &ModifierDef| &d.id,
            registry::modifier,
            text,
            &mut report,
            &mut note,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.items,
            &mut undo.items,
            &file.items,
            "items",
            pack,
            &mut seen_items,
            |d: &ItemDef| &d.id,
            |d: &ItemDef| {
                let (s, c) = look(&d.symbol, &d.color)?;
                let entry = registry::item(d, s, c)?;
                Ok(Item {
                    picture: picture(&d.icon, &d.sprite)?,
                    ..entry
                })
            },
            text,
            &mut report,
            &mut note,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.affixes,
            &mut undo.affixes,
            &file.affixes,
            "affixes",
            pack,
            &mut seen_affixes,
            |d: &AffixDef| &d.id,
            registry::affix,
            text,
            &mut report,
            &mut note,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.loot,
            &mut undo.loot,
            &file.loot,
            "loot",
            pack,
            &mut seen_loot,
            |d: &LootDef| &d.id,
            registry::loot,
            text,
            &mut report,
            &mut note,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.traps,
            &mut undo.traps,
            &file.traps,
            "traps",
            pack,
            &mut seen_traps,
            |d: &TrapDef| &d.id,
            |d: &TrapDef| {
                let (s, c) = look(&d.symbol, &d.color)?;
                let entry = registry::trap(d, s, c)?;
                Ok(Trap {
                    picture: picture(&d.icon, &d.sprite)?,
                    ..entry
                })
            },
            text,
            &mut report,
            &mut note,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.damage_types,
            &mut undo.damage_types,
            &file.damage_types,
            "damage_types",
            pack,
            &mut seen_damage_types,
            |d: &DamageTypeDef| &d.id,
            |d: &DamageTypeDef| {
                let c =
                    color(d.color.get_ref()).map_err(|m| (d.color.span(), "color".into(), m))?;
                registry::damage_type(d, c)
            },
            text,
            &mut report,
            &mut note,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.tags,
            &mut undo.tags,
            &file.tags,
            "tags",
            pack,
            &mut seen_tags,
            |d: &TagDef| &d.id,
            registry::tag,
            text,
            &mut report,
            &mut note,
        );
        if let Some(p) = &file.progression {
            match registry::progression(p.get_ref()) {
                Ok(prog) => {
                    content.progression = prog;
                    let replaced = !content.packs.is_empty();
                    note("progression", "", replaced, p.span().start, 0);
                }
                Err((_, field, msg)) => {
                    let last = field.rsplit('.').next().unwrap_or_default();
                    let span = find_key(text, last, &p.span());
                    let key = format!("progression.{field}");
                    diags.push(at(span, key, Severity::Error, msg));
                }
            }
        }
        for (i, f) in file.floors.iter().enumerate() {
            let def = f.get_ref();
            if let Err(msg) = check_floor(def) {
                diags.push(at(f.span(), format!("floors[{i}]"), Severity::Error, msg));
                continue;
            }
            // Kept sorted by depth as it grows, so the profile in force at a depth can be
            // looked up while later packs are checked.
            let floors = &mut content.floors;
            let replaced = match floors.iter().position(|old| old.depth == def.depth) {
                Some(i) => {
                    floors[i] = def.clone();
                    true
                }
                None => {
                    let at = floors.partition_point(|old| old.depth < def.depth);
                    floors.insert(at, def.clone());
                    false
                }
            };
            let depth = find_key(text, "depth", &f.span());
            note("floors", &def.depth.to_string(), replaced, depth.start, i);
        }
        if let Some(patch) = &file.balance {
            let bad = crate::content::balance::out_of_range(patch.get_ref());
            for (key, msg) in &bad {
                // A knob without a row (an engine bug) has no key to point at.
                let span = match *key {
                    "" => patch.span(),
                    key => find_key(text, key, &patch.span()),
                };
                diags.push(at(
                    span,
                    format!("balance.{key}"),
                    Severity::Error,
                    msg.clone(),
                ));
            }
            if bad.is_empty() {
                content.balance.apply(patch.get_ref());
            }
        }
    }
}

/// The text of an optional name field.
fn name_of(v: &Option<Spanned<String>>) -> Option<&str> {
    v.as_ref().map(|s| s.get_ref().as_str())
}

type Report<'a> = dyn FnMut(std::ops::Range<usize>, String, Severity, String) + 'a;
/// Notes a definition: registry, id, whether it replaced one, its offset and its index in
/// the file's list.
type Note<'a> = dyn FnMut(&'static str, &str, bool, usize, usize) + 'a;

/// Merges one registry's entries from one file: id rules, conversion, whole-entry override.
#[allow(clippy::too_many_arguments)]
fn merge_registry<'p, D, T>(
    content: &mut Content,
    field: fn(&mut Content) -> &mut BTreeMap<String, T>,
    undo: &mut Vec<(&'p str, Option<T>)>,
    entries: &'p [Spanned<D>],
    name: &'static str,
    pack: &str,
    seen: &mut HashSet<&'p str>,
    id_of: impl Fn(&'p D) -> &'p Spanned<String>,
    convert: impl Fn(&D) -> Result<T, FieldError>,
    text: &str,
    report: &mut Report<'_>,
    note: &mut Note<'_>,
) {
    for (i, entry) in entries.iter().enumerate() {
        let def = entry.get_ref();
        // Key paths are only formatted for a diagnostic.
        let key = || format!("{name}[{i}]");
        let id_span = id_of(def);
        let id = id_span.get_ref();
        // One search of the registry per entry (the key is needed for a new one anyway).
        let slot = field(content).entry(id.clone());
        let exists = matches!(slot, Entry::Occupied(_));
        if !check_id(id, pack, exists, seen, &mut |m| {
            report(id_span.span(), format!("{}.id", key()), Severity::Error, m)
        }) {
            continue;
        }
        match convert(def) {
            Ok(value) => {
                let old = match slot {
                    Entry::Occupied(mut o) => Some(o.insert(value)),
                    Entry::Vacant(v) => {
                        v.insert(value);
                        None
                    }
                };
                let replaced = old.is_some();
                undo.push((id, old));
                note(name, id, replaced, id_span.span().start, i);
            }
            Err((mut span, field, msg)) => {
                // Values without spans of their own (plain numbers) are reported at the
                // entry's id; their key inside the entry is the better place.
                // So are errors with an empty span (numbers inside actions and conditions).
                if (span == id_span.span() || span.is_empty())
                    && let Some(last) = field.rsplit('.').next()
                    && last != "id"
                {
                    span = find_key(text, last, &entry.span());
                }
                report(span, format!("{}.{field}", key()), Severity::Error, msg)
            }
        }
    }
}

/// Namespacing and duplicate rules for a new id; reports through `report` and says if usable.
fn check_id<'p>(
    id: &'p str,
    pack: &str,
    exists: bool,
    seen: &mut HashSet<&'p str>,
    report: &mut dyn FnMut(String),
) -> bool {
    let Some((ns, name)) = id.split_once(':') else {
        report(format!("id `{id}` needs a namespace, e.g. `{pack}:{id}`"));
        return false;
    };
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        report(format!(
            "id `{id}`: the name after `:` must be letters, digits or `_`"
        ));
        return false;
    }
    if ns != pack && !exists {
        report(format!(
            "new id `{id}` is outside this pack's namespace: use `{pack}:{name}`"
        ));
        return false;
    }
    if !seen.insert(id) {
        report(format!("`{id}` is defined twice in this pack"));
        return false;
    }
    true
}
