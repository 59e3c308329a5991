//! Entries made from other entries: `copy_from = "core:skeleton"` with a new `id` and only
//! the fields that change. A file that copies is read by toml's own parser, its copies kept
//! aside as TOML; when its pack merges, each copy is its source as loaded so far (chains
//! within the pack allowed) with the copy's fields written over it: a table key by key, a
//! list whole unless written `{ add = [...], remove = [...] }`. What the source gives is
//! placed at the `copy_from` value, so a problem with it is reported there.
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeArray, DeTable, DeValue};

use super::Parsed;
use super::kinds::{KINDS, MergeRule};
use super::parse::with_field_hint;
use super::refused::Refused;
use crate::content::Content;
use crate::content::diagnostics::{Diagnostic, Severity, nearest};
use crate::content::schema::ContentFile;

/// An entry written with `copy_from`, kept as TOML until its pack merges.
pub(super) struct CopyEntry<'a> {
    /// Its kind's place in `KINDS`, and its place in its file's list of that kind.
    kind: usize,
    index: usize,
    entry: Spanned<DeTable<'a>>,
}

/// An entry taken out of a file as it is read, for a mistake of its own: a root key, and
/// the place in its list as written (none: the key whole).
pub(super) type Taken = (String, Option<usize>);

/// A file read by toml's own parser without the entries in `taken`: its other entries as a
/// `ContentFile`, its copies aside (each with its place in its list as written). Syntax
/// errors stop it unless `past_syntax` (their entries are then among `taken`).
pub(super) fn read_with_copies<'a>(
    text: &'a str,
    taken: &[Taken],
    past_syntax: bool,
) -> Result<(ContentFile, Vec<CopyEntry<'a>>), Vec<toml::de::Error>> {
    let (root, syntax) = DeTable::parse_recoverable(text);
    if !syntax.is_empty() && !past_syntax {
        return Err(syntax);
    }
    let span = root.span();
    let mut root = root.into_inner();
    for (key, _) in taken.iter().filter(|(_, i)| i.is_none()) {
        root.remove(key.as_str());
    }
    let mut copies = Vec::new();
    for (kind, info) in KINDS.iter().enumerate() {
        let Some(list) = root.get_mut(info.key) else {
            continue;
        };
        let DeValue::Array(items) = list.get_mut() else {
            continue;
        };
        let copied = matches!(info.merge, MergeRule::ById | MergeRule::ByDepth);
        let mut plain = Vec::with_capacity(items.len());
        for (index, item) in std::mem::replace(items, DeArray::new())
            .into_iter()
            .enumerate()
        {
            if taken
                .iter()
                .any(|(t, i)| t == info.key && *i == Some(index))
            {
                continue;
            }
            let at = item.span();
            match item.into_inner() {
                // Only entries with an id or a depth are made by copying.
                DeValue::Table(t) if copied && t.contains_key("copy_from") => {
                    copies.push(CopyEntry {
                        kind,
                        index,
                        entry: Spanned::new(at, t),
                    })
                }
                other => plain.push(Spanned::new(at, other)),
            }
        }
        *items = plain.into_iter().collect();
    }
    let file = ContentFile::deserialize(toml::de::Deserializer::from(Spanned::new(span, root)))
        .map_err(|e| vec![e])?;
    Ok((file, copies))
}

/// One made entry, kept with its pack: the source of later copies and of `--show`.
pub(super) struct Made<'a> {
    kind: usize,
    id: String,
    table: DeTable<'a>,
    /// Whether it copied its own id: a patch of the entry loaded before, not a new one.
    patch: bool,
}

/// Whether the pack's entry `id` of `registry` (a kind's key) patched the one loaded before
/// by copying its own id.
pub(super) fn patched(made: &[Made], registry: &str, id: &str) -> bool {
    (made.iter()).any(|m| m.patch && KINDS[m.kind].key == registry && m.id == id)
}

/// Where every loaded entry was written, pack by pack in load order: the files' texts (an
/// entry is found again by reading its file, which only copying and `--show` do) and the
/// entries made by copying.
#[derive(Default)]
pub(super) struct Origins<'a> {
    packs: Vec<(Vec<&'a str>, Vec<Made<'a>>)>,
    /// The files read again so far, by where their text starts: a mod copying many of
    /// core's creatures reads `creatures.toml` once.
    read: RefCell<HashMap<usize, Option<DeTable<'a>>>>,
}

impl<'a> Origins<'a> {
    pub(super) fn loaded(&mut self, parsed: &Parsed<'a>, made: Vec<Made<'a>>) {
        let texts = parsed.files.iter().map(|&(_, text, _)| text).collect();
        self.packs.push((texts, made));
    }

    /// The entry of kind `kind` (its place in `KINDS`) as last defined.
    pub(super) fn find(&self, kind: usize, id: &str) -> Option<DeTable<'a>> {
        self.packs.iter().rev().find_map(|(texts, made)| {
            (made.iter())
                .find(|m| m.kind == kind && m.id == id)
                .map(|m| m.table.clone())
                .or_else(|| texts.iter().find_map(|text| self.in_text(text, kind, id)))
        })
    }
}

impl<'a> Origins<'a> {
    /// An entry as written in one file (entries that copy are found as made instead).
    fn in_text(&self, text: &'a str, kind: usize, id: &str) -> Option<DeTable<'a>> {
        if !text.contains(id) {
            return None;
        }
        let mut read = self.read.borrow_mut();
        let root = read
            .entry(text.as_ptr() as usize)
            // Recovered past a syntax error: the entries that are read are whole.
            .or_insert_with(|| Some(DeTable::parse_recoverable(text).0.into_inner()));
        find_in(root.as_ref()?, kind, id)
    }
}

/// The entry of kind `kind` with the id `id` (a floor profile's depth, written out) in a
/// file's table, unless it copies.
fn find_in<'a>(root: &DeTable<'a>, kind: usize, id: &str) -> Option<DeTable<'a>> {
    let info = &KINDS[kind];
    let DeValue::Array(items) = root.get(info.key)?.get_ref() else {
        return None;
    };
    items.iter().find_map(|item| match item.get_ref() {
        DeValue::Table(t)
            if !t.contains_key("copy_from")
                && t.get(info.id_key)
                    .and_then(|v| key_of(v.get_ref(), info.merge))
                    .as_deref()
                    == Some(id) =>
        {
            Some(t.clone())
        }
        _ => None,
    })
}

/// An entry's key as written: an id (a string), or a floor profile's depth (a whole number).
fn key_of(v: &DeValue, merge: MergeRule) -> Option<String> {
    match (merge, v) {
        (MergeRule::ByDepth, DeValue::Integer(n)) => {
            let depth = u32::from_str_radix(n.as_str(), n.radix()).ok()?;
            Some(depth.to_string())
        }
        (MergeRule::ByDepth, _) => None,
        (_, v) => v.as_str().map(str::to_string),
    }
}

/// Where a copy's source is.
enum Source {
    /// Another copy of the same pack.
    Copy(usize),
    /// An entry of the same pack, in this file.
    Pack(usize),
    /// An entry of a pack loaded before.
    Earlier,
    Missing,
}

enum State<'a> {
    Todo,
    Busy,
    Done(Option<DeTable<'a>>),
}

/// A copy with its id and source read.
struct Job<'a> {
    file: usize,
    copy: CopyEntry<'a>,
    id: String,
    from: Spanned<String>,
}

/// Makes every copy of the pack and puts each in its file's list where it was written.
/// Problems are located errors; the entries made are returned for `Origins`.
pub(super) fn make_copies<'a>(
    parsed: &mut Parsed<'a>,
    content: &Content,
    origins: &Origins<'a>,
    refused: &mut Refused,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Made<'a>> {
    let copies = std::mem::take(&mut parsed.copies);
    if copies.is_empty() {
        return Vec::new();
    }
    let pack = parsed.pack;
    let files = &parsed.files;
    let error = |file: usize, span: Range<usize>, key: String, msg: String| {
        let (path, text, _) = files[file];
        Diagnostic::at(Severity::Error, pack, path, text, span.start, key, msg)
    };
    let mut jobs = Vec::with_capacity(copies.len());
    for (file, copy) in copies {
        let key = format!("{}[{}]", KINDS[copy.kind].key, copy.index);
        let t = copy.entry.get_ref();
        let from = t.get("copy_from").expect("kept for its `copy_from`");
        let Some(source) = key_of(from.get_ref(), KINDS[copy.kind].merge) else {
            let msg = match KINDS[copy.kind].merge {
                MergeRule::ByDepth => {
                    "`copy_from` is the depth of the floor profile to copy, a whole number"
                }
                _ => "`copy_from` is the id of the entry to copy, a string",
            };
            refused.hole(files[file].0, KINDS[copy.kind].key, copy.index);
            diags.push(error(
                file,
                from.span(),
                format!("{key}.copy_from"),
                msg.into(),
            ));
            continue;
        };
        let from = Spanned::new(from.span(), source);
        // A floor profile without a `depth` of its own patches the one it copies.
        let id_key = KINDS[copy.kind].id_key;
        let id = match t.get(id_key) {
            Some(v) => key_of(v.get_ref(), KINDS[copy.kind].merge),
            None if KINDS[copy.kind].merge == MergeRule::ByDepth => Some(from.get_ref().clone()),
            None => None,
        };
        let Some(id) = id else {
            let msg = "an entry with `copy_from` needs an `id` of its own (a string)".into();
            refused.hole(files[file].0, KINDS[copy.kind].key, copy.index);
            diags.push(error(
                file,
                copy.entry.span(),
                format!("{key}.{id_key}"),
                msg,
            ));
            continue;
        };
        jobs.push(Job {
            file,
            copy,
            id,
            from,
        });
    }
    let by_id: HashMap<(usize, &str), usize> = (jobs.iter().enumerate())
        .map(|(i, j)| ((j.copy.kind, j.id.as_str()), i))
        .collect();
    let source = |j: &Job| {
        let (kind, from) = (j.copy.kind, j.from.get_ref().as_str());
        // An entry that copies itself patches the one loaded before.
        if from != j.id {
            if let Some(&i) = by_id.get(&(kind, from)) {
                return Source::Copy(i);
            }
            if let Some(f) =
                (files.iter()).position(|(_, _, f)| (KINDS[kind].file_ids)(f).contains(&from))
            {
                return Source::Pack(f);
            }
        }
        if (KINDS[kind].has)(content, from) {
            Source::Earlier
        } else {
            Source::Missing
        }
    };
    let mut states: Vec<State<'a>> = jobs.iter().map(|_| State::Todo).collect();
    // Each copy not made: the place in the pack's diagnostics of the error it waits on.
    let mut failed: Vec<Option<usize>> = vec![None; jobs.len()];
    for start in 0..jobs.len() {
        if !matches!(states[start], State::Todo) {
            continue;
        }
        // The chain being made, each copying the next; made from the end back.
        let mut chain = vec![start];
        while let Some(&i) = chain.last() {
            states[i] = State::Busy;
            let job = &jobs[i];
            let kind = job.copy.kind;
            let key = || format!("{}[{}]", KINDS[kind].key, job.copy.index);
            let base = match source(job) {
                Source::Copy(j) => match &states[j] {
                    State::Todo => {
                        chain.push(j);
                        continue;
                    }
                    State::Busy => {
                        let from = chain.iter().position(|&c| c == j).unwrap_or(0);
                        // From the copy reported round to it again.
                        let ring: Vec<String> = ([&i].into_iter())
                            .chain(&chain[from..chain.len() - 1])
                            .chain([&i])
                            .map(|&c| format!("`{}`", jobs[c].id))
                            .collect();
                        let msg =
                            format!("`copy_from` goes round in a cycle: {}", ring.join(" → "));
                        diags.push(error(
                            job.file,
                            job.from.span(),
                            format!("{}.copy_from", key()),
                            msg,
                        ));
                        for &c in &chain {
                            states[c] = State::Done(None);
                            failed[c] = Some(diags.len() - 1);
                        }
                        break;
                    }
                    // A source that failed has its own error, which this copy waits on.
                    State::Done(made) => {
                        if made.is_none() {
                            failed[i] = failed[j];
                        }
                        made.clone()
                    }
                },
                Source::Pack(f) => origins.in_text(files[f].1, kind, job.from.get_ref()),
                Source::Earlier => origins.find(kind, job.from.get_ref()),
                Source::Missing => {
                    let from = job.from.get_ref();
                    let here = error(
                        job.file,
                        job.from.span(),
                        format!("{}.copy_from", key()),
                        String::new(),
                    );
                    let waits = refused.named(KINDS[kind].key, from, &here, diags);
                    if waits.is_some() {
                        failed[i] = waits;
                        states[i] = State::Done(None);
                        chain.pop();
                        continue;
                    }
                    let ids = (KINDS[kind].ids)(content);
                    let own = files.iter().flat_map(|(_, _, f)| (KINDS[kind].file_ids)(f));
                    let copies = jobs
                        .iter()
                        .filter(|j| j.copy.kind == kind)
                        .map(|j| j.id.as_str());
                    let hint = nearest(from, ids.into_iter().chain(own).chain(copies))
                        .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
                    let msg = format!(
                        "`copy_from`: there is no {} `{from}` to copy{hint}",
                        KINDS[kind].noun
                    );
                    failed[i] = Some(diags.len());
                    diags.push(Diagnostic {
                        message: msg,
                        ..here
                    });
                    None
                }
            };
            let made = base.map(|mut base| {
                respan(&mut base, &job.from.span());
                let mut problems = Vec::new();
                let mut over = job.copy.entry.get_ref().clone();
                over.remove("copy_from");
                overlay(&mut base, over, &key(), &mut problems);
                for (span, key, msg) in problems {
                    diags.push(error(job.file, span, key, msg));
                }
                base
            });
            states[i] = State::Done(made);
            chain.pop();
        }
    }
    // A copy not made leaves a hole in its file's list, and its id refused for its error.
    let mut done: Vec<(Job, DeTable)> = Vec::with_capacity(jobs.len());
    for ((job, state), error) in jobs.into_iter().zip(states).zip(failed) {
        match state {
            State::Done(Some(t)) => done.push((job, t)),
            _ => {
                let key = KINDS[job.copy.kind].key;
                refused.hole(files[job.file].0, key, job.copy.index);
                if let Some(error) = error {
                    refused.refuse(key, &job.id, error);
                }
            }
        }
    }
    // Into their files' lists in the order written, so each lands where its file had it.
    done.sort_by_key(|(j, _)| (j.file, j.copy.kind, j.copy.index));
    let mut made = Vec::with_capacity(done.len());
    for (job, table) in done {
        let info = &KINDS[job.copy.kind];
        let span = job.copy.entry.span();
        let mut root = DeTable::new();
        let entry = Spanned::new(span.clone(), DeValue::Table(table.clone()));
        root.insert(
            Spanned::new(span.clone(), Cow::Borrowed(info.key)),
            Spanned::new(span.clone(), DeValue::Array([entry].into_iter().collect())),
        );
        let whole = Spanned::new(0..parsed.files[job.file].1.len(), root);
        match ContentFile::deserialize(toml::de::Deserializer::from(whole)) {
            Ok(mut one) => {
                let path = parsed.files[job.file].0;
                let at = job.copy.index - refused.holes_before(path, info.key, job.copy.index);
                (info.move_last)(&mut one, &mut parsed.files[job.file].2, at);
                let patch = *job.from.get_ref() == job.id;
                made.push(Made {
                    kind: job.copy.kind,
                    id: job.id,
                    table,
                    patch,
                });
            }
            Err(e) => {
                let (path, text, _) = parsed.files[job.file];
                let key = format!("{}[{}]", info.key, job.copy.index);
                let at = e.span().unwrap_or(span).start;
                let msg = with_field_hint(e.message().trim());
                refused.hole(path, info.key, job.copy.index);
                refused.refuse(info.key, &job.id, diags.len());
                diags.push(Diagnostic::at(
                    Severity::Error,
                    pack,
                    path,
                    text,
                    at,
                    key,
                    msg,
                ));
            }
        }
    }
    made
}

/// Every value and key of `table` placed at `at`.
fn respan(table: &mut DeTable, at: &Range<usize>) {
    let old = std::mem::take(table);
    for (k, mut v) in old {
        respan_value(v.get_mut(), at);
        table.insert(
            Spanned::new(at.clone(), k.into_inner()),
            Spanned::new(at.clone(), v.into_inner()),
        );
    }
}

fn respan_value(v: &mut DeValue, at: &Range<usize>) {
    match v {
        DeValue::Table(t) => respan(t, at),
        DeValue::Array(items) => {
            for item in items.iter_mut() {
                let mut v = std::mem::replace(item.get_mut(), DeValue::Boolean(false));
                respan_value(&mut v, at);
                *item = Spanned::new(at.clone(), v);
            }
        }
        _ => {}
    }
}

/// A located problem: its place, key path and message.
type Problem = (Range<usize>, String, String);

/// `over` written over `base`: a table key by key, a list whole unless written as
/// `{ add = [...], remove = [...] }`, anything else replaced.
fn overlay<'a>(base: &mut DeTable<'a>, over: DeTable<'a>, path: &str, problems: &mut Vec<Problem>) {
    for (key, value) in over {
        let here = format!("{path}.{}", key.get_ref());
        let span = value.span();
        match (base.get_mut(key.get_ref().as_ref()), value.into_inner()) {
            (Some(old), DeValue::Table(new)) if old.get_ref().is_table() => {
                if let DeValue::Table(old) = old.get_mut() {
                    overlay(old, new, &here, problems);
                }
            }
            (old, DeValue::Table(new))
                if is_list_edit(&new) && old.as_ref().is_none_or(|o| o.get_ref().is_array()) =>
            {
                let list = match old {
                    Some(o) => match std::mem::replace(o.get_mut(), DeValue::Boolean(false)) {
                        DeValue::Array(a) => a.into_iter().collect(),
                        _ => Vec::new(),
                    },
                    None => Vec::new(),
                };
                let edited = edit_list(list, new, &here, problems);
                let value = Spanned::new(span, DeValue::Array(edited.into_iter().collect()));
                match base.get_mut(key.get_ref().as_ref()) {
                    Some(slot) => *slot = value,
                    None => {
                        base.insert(key, value);
                    }
                }
            }
            (Some(old), new) => *old = Spanned::new(span, new),
            (None, new) => {
                base.insert(key, Spanned::new(span, new));
            }
        }
    }
}

/// `{ add = [...], remove = [...] }`: a table of those keys alone, each a list, with `add`'s
/// place in the list given by `at` (an index) or `before` (a value) if at all.
fn is_list_edit(t: &DeTable) -> bool {
    let lists = t
        .iter()
        .any(|(k, _)| matches!(k.get_ref().as_ref(), "add" | "remove"));
    lists
        && t.iter().all(|(k, v)| match k.get_ref().as_ref() {
            "add" | "remove" => v.get_ref().is_array(),
            "at" => v.get_ref().is_integer(),
            "before" => true,
            _ => false,
        })
}

/// Whether a list's element is what `before` names: equal to it, or (an `ai` entry, a spawn)
/// a table with a value equal to it (`before = "core:attack"` finds the entry whose `ability`
/// is the attack).
fn named_by(element: &DeValue, before: &DeValue) -> bool {
    same(element, before)
        || element
            .as_table()
            .is_some_and(|t| t.values().any(|v| same(v.get_ref(), before)))
}

/// Where `add` goes: the end, the index `at` (0 is the front; at most the list's length), or
/// before the first element `before` names (which must be there).
fn add_place(
    list: &[Spanned<DeValue>],
    edit: &mut DeTable,
    path: &str,
    problems: &mut Vec<Problem>,
) -> usize {
    if let Some(at) = edit.remove("at") {
        let n = at
            .get_ref()
            .as_integer()
            .and_then(|i| i64::from_str_radix(i.as_str(), i.radix()).ok());
        return match n
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n <= list.len())
        {
            Some(n) => n,
            None => {
                let message = format!(
                    "`at` = {} is out of range: expected 0..={} (the copied list's length)",
                    show_value(at.get_ref()).trim_matches('`'),
                    list.len()
                );
                problems.push((at.span(), format!("{path}.at"), message));
                list.len()
            }
        };
    }
    if let Some(before) = edit.remove("before") {
        if let Some(i) = list
            .iter()
            .position(|v| named_by(v.get_ref(), before.get_ref()))
        {
            return i;
        }
        let message = format!(
            "`before`: {} is not in the copied list",
            show_value(before.get_ref())
        );
        problems.push((before.span(), format!("{path}.before"), message));
    }
    list.len()
}

/// The list with `remove`'s values taken out (each must be there), then `add`'s put in at
/// its place (`add_place`: the end unless `at` or `before` says).
fn edit_list<'a>(
    mut list: Vec<Spanned<DeValue<'a>>>,
    mut edit: DeTable<'a>,
    path: &str,
    problems: &mut Vec<Problem>,
) -> Vec<Spanned<DeValue<'a>>> {
    if let Some(remove) = edit.remove("remove")
        && let DeValue::Array(remove) = remove.into_inner()
    {
        for gone in remove.iter() {
            match list.iter().position(|v| same(v.get_ref(), gone.get_ref())) {
                Some(i) => {
                    list.remove(i);
                }
                None => {
                    let shown = show_value(gone.get_ref());
                    let strings = list.iter().filter_map(|v| v.get_ref().as_str());
                    let hint = match gone.get_ref().as_str().and_then(|g| nearest(g, strings)) {
                        Some(n) => format!(", did you mean `{n}`?"),
                        None => String::new(),
                    };
                    problems.push((
                        gone.span(),
                        format!("{path}.remove"),
                        format!("`remove`: {shown} is not in the copied list{hint}"),
                    ));
                }
            }
        }
    }
    let place = add_place(&list, &mut edit, path, problems);
    if let Some(add) = edit.remove("add")
        && let DeValue::Array(add) = add.into_inner()
    {
        list.splice(place..place, add);
    }
    list
}

/// Whether two TOML values are equal (numbers by value, tables key by key).
fn same(a: &DeValue, b: &DeValue) -> bool {
    match (a, b) {
        (DeValue::String(x), DeValue::String(y)) => x == y,
        (DeValue::Integer(x), DeValue::Integer(y)) => {
            i64::from_str_radix(x.as_str(), x.radix()).ok()
                == i64::from_str_radix(y.as_str(), y.radix()).ok()
        }
        (DeValue::Float(x), DeValue::Float(y)) => {
            x.as_str().parse::<f64>().ok() == y.as_str().parse::<f64>().ok()
        }
        (DeValue::Boolean(x), DeValue::Boolean(y)) => x == y,
        (DeValue::Datetime(x), DeValue::Datetime(y)) => x == y,
        (DeValue::Array(x), DeValue::Array(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|(a, b)| same(a.get_ref(), b.get_ref()))
        }
        (DeValue::Table(x), DeValue::Table(y)) => {
            x.len() == y.len()
                && x.iter().all(|(k, v)| {
                    y.get(k.get_ref().as_ref())
                        .is_some_and(|w| same(v.get_ref(), w.get_ref()))
                })
        }
        _ => false,
    }
}

/// A TOML value as plain data, for `--show` and messages.
fn to_value(v: &DeValue) -> toml::Value {
    match v {
        DeValue::String(s) => toml::Value::String(s.to_string()),
        DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) => toml::Value::Integer(n),
            Err(_) => toml::Value::String(i.to_string()),
        },
        DeValue::Float(f) => {
            toml::Value::Float(f.as_str().replace('_', "").parse().unwrap_or(f64::NAN))
        }
        DeValue::Boolean(b) => toml::Value::Boolean(*b),
        DeValue::Datetime(d) => toml::Value::Datetime(*d),
        DeValue::Array(a) => toml::Value::Array(a.iter().map(|v| to_value(v.get_ref())).collect()),
        DeValue::Table(t) => toml::Value::Table(to_table(t)),
    }
}

fn to_table(t: &DeTable) -> toml::Table {
    t.iter()
        .map(|(k, v)| (k.get_ref().to_string(), to_value(v.get_ref())))
        .collect()
}

fn show_value(v: &DeValue) -> String {
    match v {
        DeValue::String(s) => format!("`{s}`"),
        other => format!("`{}`", to_value(other)),
    }
}

/// Every loaded entry with the id `id` as TOML, as its kind's `[[key]]` table: what copies
/// made it of, written out whole.
pub(super) fn show(origins: &Origins, content: &Content, id: &str) -> Vec<String> {
    if let Some(whole) = show_whole(content, id) {
        return vec![whole];
    }
    (KINDS.iter().enumerate())
        .filter(|(_, info)| (info.has)(content, id))
        .filter_map(|(kind, info)| {
            let table = origins.find(kind, id)?;
            let mut doc = toml::Table::new();
            let entry = toml::Value::Table(to_table(&table));
            doc.insert(info.key.to_string(), toml::Value::Array(vec![entry]));
            let text = toml::to_string(&doc).ok()?;
            Some(id_first(&text))
        })
        .collect()
}

/// What every pack's merge ended with for the tables that have no id, as TOML: `floor:N`
/// (the profile floor N is made from, its `spawns` with every pack's `spawn` rules in),
/// `balance` and `progression`. None for any other id.
fn show_whole(content: &Content, id: &str) -> Option<String> {
    let (key, value) = match id {
        "balance" => ("balance", toml::Value::try_from(&content.balance).ok()?),
        "progression" => (
            "progression",
            toml::Value::try_from(&content.progression).ok()?,
        ),
        _ => {
            let depth: u32 = id
                .strip_prefix("floor:")?
                .parse()
                .ok()
                .filter(|&d| d >= 1)?;
            let floor = toml::Value::try_from(content.floor_profile(depth)?).ok()?;
            ("floors", toml::Value::Array(vec![floor]))
        }
    };
    let mut doc = toml::Table::new();
    doc.insert(key.to_string(), value);
    toml::to_string(&doc).ok()
}

/// The entry's `id` line moved up to its header (toml writes keys in name order).
fn id_first(text: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let body_end = (lines.iter().skip(1))
        .position(|l| l.starts_with('['))
        .map_or(lines.len(), |i| i + 1);
    if let Some(i) = (1..body_end).find(|&i| lines[i].starts_with("id = ")) {
        let id = lines.remove(i);
        lines.insert(1, id);
    }
    lines.join("\n") + "\n"
}
