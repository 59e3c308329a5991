//! The content kinds that are not registries of ids, each declared once as a row of
//! `KINDS` (after the registries of `kinds!`) with the merge of its own: floor profiles by
//! depth, `[progression]` whole, `[balance]` field by field. Each keeps its value in the
//! pack's undo log before changing it, so a pack with errors puts it back.
use super::convert::check_floor;
use super::kinds::IdKind;
use super::kinds::{KindInfo, MergeRule};
use super::locate::{find_key, floor_field};
use super::merge::FileMerge;
use super::resolve;
use crate::content::diagnostics::Severity;
use crate::content::registry;

/// Declares a kind that is not a registry of ids: none of the id operations apply.
macro_rules! whole_kind {
    ($key:literal, $noun:literal, $merge:expr, $id_key:literal, $merge_whole:expr,
     uses $uses:expr, check $check:expr, $sample:literal) => {
        whole_kind!($key, $noun, $merge, $id_key, $merge_whole, |_, _| false,
                    |_, _, _| {}, uses $uses, check $check, $sample)
    };
    ($key:literal, $noun:literal, $merge:expr, $id_key:literal, $merge_whole:expr,
     $has:expr, $move_last:expr, uses $uses:expr, check $check:expr, $sample:literal) => {
        KindInfo {
            key: $key,
            noun: $noun,
            merge: $merge,
            id_key: $id_key,
            merge_whole: Some($merge_whole),
            has: $has,
            ids: |_| Vec::new(),
            file_ids: |_| Vec::new(),
            move_last: $move_last,
            uses: $uses,
            check: $check,
            #[cfg(test)]
            sample: $sample,
        }
    };
}

pub(super) const PROGRESSION: KindInfo = whole_kind!(
    "progression",
    "`[progression]`",
    MergeRule::Whole,
    "",
    progression,
    uses | _,
    _ | {},
    check | _,
    _,
    _ | {},
    "[progression]\nxp = [10, 30]\nper_level = { max_health = 5 }\n"
);

pub(super) const FLOORS: KindInfo = whole_kind!(
    "floors",
    "floor profile",
    MergeRule::ByDepth,
    "depth",
    floors,
    // `copy_from = 1` copies the profile of that depth loaded before the pack.
    |c, depth| c.floors.iter().any(|f| f.depth.to_string() == depth),
    // A profile made by copying goes where its file wrote it.
    |one, file, at| {
        if let Some(made) = one.floors.pop() {
            file.floors.insert(at.min(file.floors.len()), made);
        }
    },
    // A floor's spawns, trap kinds and prefabs are draws a disabled entry leaves; its
    // loot table is a reference.
    uses | c,
    each | {
        for f in &c.floors {
            if let Some(l) = &f.loot {
                each(&f.depth.to_string(), IdKind::Loot, l.get_ref());
            }
        }
    },
    check resolve::floors,
    "[[floors]]\ndepth = 1\nwidth = 41\nheight = 31\nrooms = 5\nmonsters = 2\n\
     spawns = [ { id = \"core:rat\", weight = 1 } ]\n"
);

pub(super) const BALANCE: KindInfo = whole_kind!(
    "balance",
    "`[balance]`",
    MergeRule::FieldByField,
    "",
    balance,
    uses | _,
    _ | {},
    check | _,
    _,
    _ | {},
    "[balance]\nflee = 0.05\n"
);

/// `[progression]`: read whole, and it replaces the one before.
fn progression(m: &mut FileMerge) {
    let Some(p) = &m.file.progression else {
        return;
    };
    match registry::progression(p.get_ref()) {
        Ok(prog) => {
            m.undo
                .keep("progression", m.content, |c| &mut c.progression);
            m.content.progression = prog;
            let replaced = !m.content.packs.is_empty();
            (m.note)("progression", "", replaced, p.span().start, 0);
        }
        Err((_, field, msg)) => {
            let last = field.rsplit('.').next().unwrap_or_default();
            let span = find_key(m.text, last, &p.span());
            (m.report)(span, format!("progression.{field}"), Severity::Error, msg);
        }
    }
}

/// `[[floors]]`: each profile checked, replacing the one of its depth.
fn floors(m: &mut FileMerge) {
    for (i, f) in m.file.floors.iter().enumerate() {
        let def = f.get_ref();
        if let Err((field, msg)) = check_floor(def) {
            let (span, key) = floor_field(m.text, f, i, &field);
            (m.report)(span, key, Severity::Error, msg);
            continue;
        }
        m.undo.keep("floors", m.content, |c| &mut c.floors);
        // Kept sorted by depth as it grows, so the profile in force at a depth can be
        // looked up while later packs are checked.
        let floors = &mut m.content.floors;
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
        let depth = find_key(m.text, "depth", &f.span());
        (m.note)("floors", &def.depth.to_string(), replaced, depth.start, i);
    }
}

/// `[balance]`: every knob in range, or none of the patch applies.
fn balance(m: &mut FileMerge) {
    let Some(patch) = &m.file.balance else {
        return;
    };
    let bad = crate::content::balance::out_of_range(patch.get_ref());
    for (key, msg) in &bad {
        // A knob without a row (an engine bug) has no key to point at.
        let span = match *key {
            "" => patch.span(),
            key => find_key(m.text, key, &patch.span()),
        };
        (m.report)(span, format!("balance.{key}"), Severity::Error, msg.clone());
    }
    if bad.is_empty() {
        m.undo.keep("balance", m.content, |c| &mut c.balance);
        m.content.balance.apply(patch.get_ref());
    }
}
