//! Merging one pack's parsed files into the registries in load order: the id rules
//! (namespace, no duplicates), whole-entry override with a warning, each entry's picture
//! (`icon`, `sprite`: content::art), and the undo log that puts everything back when the
//! pack has errors.
use std::collections::HashSet;
use std::collections::btree_map::Entry;

use super::conflicts::Definition;
use super::kinds::{Art, EachKind, KINDS, Kind, each_kind};
use super::locate::find_key;
use super::refused::Refused;
use super::{Content, Parsed};
use crate::content::art::Pictures;
use crate::content::diagnostics::{Diagnostic, Severity};
use crate::content::schema::ContentFile;

/// What a failed pack changed in the registries, put back last to first: for each entry it
/// touched, the entry it replaced, or its removal when it was new.
#[derive(Default)]
pub(super) struct Undo<'p>(Vec<PutBack<'p>>, Vec<&'static str>);

/// Puts one registry entry back as it was before the pack.
type PutBack<'p> = Box<dyn FnOnce(&mut Content) + 'p>;

impl<'p> Undo<'p> {
    /// The entry `id` of kind `K` changed (replaced, added, or taken out by `disable`):
    /// `old` is what it was.
    pub(super) fn touched<K: Kind>(&mut self, id: &'p str, old: Option<K::Entry>) {
        self.0.push(Box::new(move |c: &mut Content| {
            let registry = K::registry(c);
            match old {
                // In place when it is there: no key to allocate.
                Some(v) => match registry.get_mut(id) {
                    Some(slot) => *slot = v,
                    None => {
                        registry.insert(id.to_string(), v);
                    }
                },
                None => {
                    registry.remove(id);
                }
            }
        }));
    }

    /// A kind that is one value of `Content` (the floors, `[progression]`, `[balance]`) is
    /// about to change: the first time in the pack, its value is kept to put back.
    pub(super) fn keep<T: Clone + 'static>(
        &mut self,
        key: &'static str,
        content: &mut Content,
        field: fn(&mut Content) -> &mut T,
    ) {
        if self.1.contains(&key) {
            return;
        }
        self.1.push(key);
        let old = field(content).clone();
        self.0
            .push(Box::new(move |c: &mut Content| *field(c) = old));
    }

    pub(super) fn rollback(self, c: &mut Content) {
        for put_back in self.0.into_iter().rev() {
            put_back(c);
        }
    }
}

/// Merges one pack into `content`; every definition the pack makes, unless it is core's,
/// goes to `defs` for the report of replacements and conflicts.
pub(super) fn merge<'p, 'a>(
    content: &mut Content,
    parsed: &'p Parsed<'a>,
    undo: &mut Undo<'p>,
    defs: &mut Vec<Definition<'a>>,
    refused: &mut Refused,
    diags: &mut Vec<Diagnostic>,
) {
    // Each kind has its own ids: a creature and an ability may share a name. Sized for every
    // entry of the pack at once, so it never grows while merging.
    let mut seen = HashSet::with_capacity(count_entries(parsed));
    let art = Art(Pictures::new(parsed.pack, parsed.pictures.clone()));
    let pack = parsed.pack;
    for &(path, text, ref file) in &parsed.files {
        let at = |span: std::ops::Range<usize>, key: String, sev, msg: String| {
            Diagnostic::at(sev, parsed.pack, path, text, span.start, key, msg)
        };
        let mut report = |span, key, sev, msg| {
            diags.push(at(span, key, sev, msg));
            diags.len() - 1
        };
        // Core loads first and replaces nothing; a mod's definitions are few.
        let mut note =
            |registry: &'static str, id: &str, replaced: bool, offset: usize, index: usize| {
                if pack != "core" {
                    defs.push(Definition {
                        registry,
                        id: id.to_string(),
                        replaced,
                        patched: false,
                        pack,
                        path,
                        text,
                        offset,
                        index,
                    });
                }
            };
        let mut merging = FileMerge {
            content,
            undo,
            seen: &mut seen,
            file,
            pack,
            text,
            art: &art,
            refused: &mut *refused,
            report: &mut report,
            note: &mut note,
        };
        // The registries of ids, then each kind that merges by a rule of its own.
        each_kind(&mut merging);
        for kind in KINDS {
            if let Some(merge_whole) = kind.merge_whole {
                merge_whole(&mut merging);
            }
        }
    }
}

/// Reports a problem: its place in the file, key path, severity and message; gives its place
/// in the pack's diagnostics.
pub(super) type Report<'a> =
    dyn FnMut(std::ops::Range<usize>, String, Severity, String) -> usize + 'a;
/// Notes a definition: registry, id, whether it replaced one, its offset and its index in
/// the file's list.
pub(super) type Note<'a> = dyn FnMut(&'static str, &str, bool, usize, usize) + 'a;

/// One file's entries of every kind, merged with what `merge` keeps for the whole pack.
pub(super) struct FileMerge<'m, 'p, 'r, 'x> {
    pub(super) content: &'m mut Content,
    pub(super) undo: &'m mut Undo<'p>,
    /// (kind's place in `KINDS`, id) of every entry the pack defined so far.
    seen: &'m mut HashSet<(usize, &'p str)>,
    pub(super) file: &'p ContentFile,
    pack: &'m str,
    pub(super) text: &'m str,
    art: &'m Art<'x>,
    /// Entries refused here, for what names them.
    refused: &'m mut Refused,
    pub(super) report: &'m mut Report<'r>,
    pub(super) note: &'m mut Note<'r>,
}

impl EachKind for FileMerge<'_, '_, '_, '_> {
    /// The file's entries of kind `K`: id rules, reading, whole-entry override.
    fn visit<K: Kind>(&mut self) {
        let text = self.text;
        let kind = KINDS
            .iter()
            .position(|k| k.key == K::KEY)
            .unwrap_or(usize::MAX);
        for (i, entry) in K::defs(self.file).iter().enumerate() {
            let def = entry.get_ref();
            // Key paths are only formatted for a diagnostic.
            let key = || format!("{}[{i}]", K::KEY);
            let id_span = K::id(def);
            let id = id_span.get_ref();
            // One search of the registry per entry (the key is needed for a new one anyway).
            let slot = K::registry(self.content).entry(id.clone());
            let exists = matches!(slot, Entry::Occupied(_));
            let report = &mut *self.report;
            let mut error = None;
            if !check_id(id, self.pack, exists, kind, self.seen, &mut |m| {
                error = Some(report(
                    id_span.span(),
                    format!("{}.id", key()),
                    Severity::Error,
                    m,
                ));
            }) {
                if let Some(error) = error {
                    self.refused.refuse(K::KEY, id, error);
                }
                continue;
            }
            match K::read(def, self.art) {
                Ok(value) => {
                    let old = match slot {
                        Entry::Occupied(mut o) => Some(o.insert(value)),
                        Entry::Vacant(v) => {
                            v.insert(value);
                            None
                        }
                    };
                    let replaced = old.is_some();
                    self.undo.touched::<K>(id, old);
                    (self.note)(K::KEY, id, replaced, id_span.span().start, i);
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
                    let error = report(span, format!("{}.{field}", key()), Severity::Error, msg);
                    self.refused.refuse(K::KEY, id, error);
                }
            }
        }
    }
}

/// How many entries of every kind the pack's files hold.
fn count_entries(parsed: &Parsed) -> usize {
    struct Count<'f>(&'f ContentFile, usize);
    impl EachKind for Count<'_> {
        fn visit<K: Kind>(&mut self) {
            self.1 += K::defs(self.0).len();
        }
    }
    (parsed.files.iter())
        .map(|(_, _, file)| {
            let mut count = Count(file, 0);
            each_kind(&mut count);
            count.1
        })
        .sum()
}

/// Namespacing and duplicate rules for a new id; reports through `report` and says if usable.
fn check_id<'p>(
    id: &'p str,
    pack: &str,
    exists: bool,
    kind: usize,
    seen: &mut HashSet<(usize, &'p str)>,
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
    if !seen.insert((kind, id)) {
        report(format!("`{id}` is defined twice in this pack"));
        return false;
    }
    true
}
