//! `disable = ["core:troll"]`: a pack turns off entries loaded before it. The entry is gone
//! from its registry (every kind's entry with that id), the floors that spawn or draw it
//! lose it, and anything else that still names it once the pack has merged is an error at
//! the `disable` line.
use super::kinds::{EachKind, KINDS, Kind};
use super::merge::Undo;
use super::{Content, Parsed};
use crate::content::diagnostics::{Diagnostic, Severity, nearest};

/// One entry the pack turned off: its kind's registry key, its id, and where the
/// `disable` naming it is written (file in the pack, offset).
pub(super) struct Disabled<'p> {
    pub(super) key: &'static str,
    pub(super) id: &'p str,
    file: usize,
    offset: usize,
    index: usize,
}

/// Turns off every entry the pack's `disable` lists name; an id that names nothing loaded
/// is an error with the nearest id.
pub(super) fn disable<'p>(
    content: &mut Content,
    parsed: &'p Parsed,
    undo: &mut Undo<'p>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Disabled<'p>> {
    let mut gone = Vec::new();
    for (file, (path, text, f)) in parsed.files.iter().enumerate() {
        for (index, id) in f.disable.iter().enumerate() {
            let keys = {
                let mut off = Off {
                    content,
                    undo,
                    id: id.get_ref(),
                    keys: Vec::new(),
                };
                super::kinds::each_kind(&mut off);
                off.keys
            };
            if keys.is_empty() {
                let all = KINDS.iter().flat_map(|k| (k.ids)(content));
                let hint = nearest(id.get_ref(), all)
                    .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
                diags.push(Diagnostic::at(
                    Severity::Error,
                    parsed.pack,
                    path,
                    text,
                    id.span().start,
                    format!("disable[{index}]"),
                    format!(
                        "nothing to disable: no entry `{}` was loaded before this pack{hint}",
                        id.get_ref()
                    ),
                ));
            }
            for key in keys {
                gone.push(Disabled {
                    key,
                    id: id.get_ref(),
                    file,
                    offset: id.span().start,
                    index,
                });
            }
        }
    }
    if gone.is_empty() {
        return gone;
    }
    let off = |key: &str, id: &str| gone.iter().any(|d| d.key == key && d.id == id);
    undo.keep("floors", content, |c| &mut c.floors);
    for floor in &mut content.floors {
        floor.spawns.retain(|s| !off("creatures", s.id.get_ref()));
        floor.trap_kinds.retain(|s| !off("traps", s.id.get_ref()));
        floor.prefabs.retain(|p| !off("prefabs", p.get_ref()));
    }
    gone
}

/// Takes one id out of every kind's registry that holds it.
struct Off<'c, 'u, 'p> {
    content: &'c mut Content,
    undo: &'u mut Undo<'p>,
    id: &'p str,
    keys: Vec<&'static str>,
}

impl EachKind for Off<'_, '_, '_> {
    fn visit<K: Kind>(&mut self) {
        if let Some(old) = K::registry(self.content).remove(self.id) {
            self.undo.touched::<K>(self.id, Some(old));
            self.keys.push(K::KEY);
        }
    }
}

/// After the pack merged: an error at the `disable` for each entry (or floor) that still
/// names what it turned off.
pub(super) fn still_named(
    content: &Content,
    parsed: &Parsed,
    gone: &[Disabled],
    diags: &mut Vec<Diagnostic>,
) {
    if gone.is_empty() {
        return;
    }
    let mut report = |d: &Disabled, by: String| {
        let (path, text, _) = parsed.files[d.file];
        diags.push(Diagnostic::at(
            Severity::Error,
            parsed.pack,
            path,
            text,
            d.offset,
            format!("disable[{}]", d.index),
            format!(
                "`{}` is disabled but {by} still names it: disable or replace that too",
                d.id
            ),
        ));
    };
    for info in KINDS {
        (info.uses)(content, &mut |referrer, kind, id| {
            if let Some(d) = gone.iter().find(|d| d.key == kind.info().key && d.id == id) {
                report(d, info.describe(referrer));
            }
        });
    }
}
