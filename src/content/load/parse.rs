//! One file's bytes to its entries: the size, UTF-8 and nesting limits, the fast reader,
//! else `toml` with its located errors and a hint for a misspelt field. An entry with a
//! mistake is taken out with its error and the file read again without it, so the rest of
//! the file is still read and checked, and what names the entry can be told it was refused.
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::content::diagnostics::{Diagnostic, Severity, nearest};
use crate::content::schema::ContentFile;

use super::MAX_FILE_BYTES;
use super::copy::{CopyEntry, Taken, read_with_copies};
use super::kinds::KINDS;

/// One file read: its text, its entries, its entries that copy (kept aside), and the
/// entries taken out for their mistakes.
pub(super) struct ReadFile<'a> {
    pub(super) text: &'a str,
    pub(super) file: ContentFile,
    pub(super) copies: Vec<CopyEntry<'a>>,
    pub(super) refused: Vec<RefusedEntry>,
}

/// Entries taken out of their file for one mistake: its error, and, when they are of a kind
/// with ids, the kind's key, the entry's place in its list as written (none when a whole
/// list was taken out) and the ids as written.
pub(super) struct RefusedEntry {
    pub(super) error: Diagnostic,
    pub(super) kind: Option<&'static str>,
    pub(super) index: Option<usize>,
    pub(super) ids: Vec<String>,
}

/// One file's outcome, or the diagnostic that stopped the whole file.
pub(super) type FileResult<'a> = Result<ReadFile<'a>, Box<Diagnostic>>;

pub(super) fn parse_file<'a>(pack: &str, path: &str, bytes: &'a [u8]) -> FileResult<'a> {
    let err =
        |offset, msg: String| Diagnostic::at(Severity::Error, pack, path, "", offset, "", msg);
    if bytes.len() > MAX_FILE_BYTES {
        return Err(Box::new(err(
            0,
            format!(
                "file is {} bytes; the limit is {MAX_FILE_BYTES}",
                bytes.len()
            ),
        )));
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            // Located at the bad byte: the valid prefix gives its line and column.
            let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
            return Err(Box::new(Diagnostic::at(
                Severity::Error,
                pack,
                path,
                valid,
                valid.len(),
                "",
                format!(
                    "file is not UTF-8 (invalid byte at offset {}): save it as UTF-8",
                    e.valid_up_to()
                ),
            )));
        }
    };
    // Almost every file takes the fast path; errors and the unusual take toml's own, and so
    // does a file that copies entries (toml's parser keeps them as TOML). The browser takes
    // toml's alone: same entries and errors, a smaller download (docs/BUILDING.md: sizes).
    #[cfg(not(target_arch = "wasm32"))]
    if !text.contains("copy_from")
        && let Some(file) = crate::content::fast_toml::from_str::<ContentFile>(text, MAX_NESTING)
    {
        return Ok(ReadFile {
            text,
            file,
            copies: Vec::new(),
            refused: Vec::new(),
        });
    }
    let located = |offset, msg: String| {
        Box::new(Diagnostic::at(
            Severity::Error,
            pack,
            path,
            text,
            offset,
            "",
            msg,
        ))
    };
    if let Some(offset) = too_deep(text, MAX_NESTING) {
        return Err(located(
            offset,
            format!("nesting deeper than {MAX_NESTING} levels of arrays, tables or dotted keys"),
        ));
    }
    read_entries(pack, path, text)
}

/// A file read by toml's own parser, its entries with mistakes taken out one at a time: a
/// syntax error or a field's error refuses the entry it is in (a second error in the same
/// entry is the same mistake); an error outside any entry stops the whole file.
fn read_entries<'a>(pack: &str, path: &str, text: &'a str) -> FileResult<'a> {
    let located = |offset, key: String, msg: String| {
        Diagnostic::at(Severity::Error, pack, path, text, offset, key, msg)
    };
    let mut taken: Vec<Taken> = Vec::new();
    let mut refused = Vec::new();
    // The file as written, parsed past its syntax errors on the first error only: where each
    // error is, and the ids of the entries refused.
    let mut written: Option<DeTable<'a>> = None;
    let mut past_syntax = false;
    loop {
        let errors = match read_with_copies(text, &taken, past_syntax) {
            Ok((file, copies)) => {
                return Ok(ReadFile {
                    text,
                    file,
                    copies,
                    refused,
                });
            }
            Err(errors) => errors,
        };
        let written =
            written.get_or_insert_with(|| DeTable::parse_recoverable(text).0.into_inner());
        let (before, mut first) = (taken.len(), None);
        for e in errors {
            let offset = e.span().map_or(0, |s| s.start);
            let msg = with_field_hint(e.message().trim());
            let Some((key, index)) = entry_at(written, offset) else {
                return Err(Box::new(located(offset, String::new(), msg)));
            };
            let mut kind = KINDS.iter().find(|k| k.key == key).map(|k| k.key);
            // A key that names no kind is taken out whole.
            let index = index.filter(|_| kind.is_some());
            let at = (key.to_string(), index);
            if taken.contains(&at) {
                first.get_or_insert((offset, msg));
                continue;
            }
            let items = match written.get(key).map(Spanned::get_ref) {
                Some(DeValue::Array(items)) => &items[..],
                _ => &[],
            };
            let (path, entries) = match index {
                Some(i) => match field_at(text, offset) {
                    Some(field) => (format!("{key}[{i}].{field}"), &items[i..=i]),
                    None => (format!("{key}[{i}]"), &items[i..=i]),
                },
                None => {
                    // A list under a misspelt kind's key (`[[creature]]`): its entries are
                    // refused as entries of the kind it nearly names.
                    let near = nearest(key, KINDS.iter().map(|k| k.key));
                    kind = kind.or_else(|| KINDS.iter().map(|k| k.key).find(|&k| Some(k) == near));
                    (key.to_string(), items)
                }
            };
            refused.push(RefusedEntry {
                error: located(offset, path, msg),
                kind,
                index,
                ids: entries.iter().filter_map(id_of).collect(),
            });
            taken.push(at);
        }
        if taken.len() == before {
            // Only errors in entries already taken out: stop rather than read them again.
            let (offset, msg) = first.unwrap_or_default();
            return Err(Box::new(located(offset, String::new(), msg)));
        }
        past_syntax = true;
    }
}

/// The root key, and the place in its list, of the entry the byte at `offset` is in; no
/// place when it is in a root key's value that is not a list of entries. An entry owns the
/// text from where it starts to where the next one does: an `[[array]]` entry's span covers
/// only its header, and a syntax error may lie past its last value.
fn entry_at<'t>(root: &'t DeTable, offset: usize) -> Option<(&'t str, Option<usize>)> {
    let mut owner = None;
    let mut consider = |start: usize, at: (&'t str, Option<usize>)| {
        if start <= offset && owner.is_none_or(|(s, _)| s < start) {
            owner = Some((start, at));
        }
    };
    for (k, v) in root.iter() {
        let key = k.get_ref().as_ref();
        let items = match v.get_ref() {
            DeValue::Array(items) => &items[..],
            _ => &[],
        };
        // `[[key]]` writes its key inside its first entry's header: only a key written
        // before its value starts where the key's text does.
        if items
            .first()
            .is_none_or(|first| k.span().start < first.span().start)
        {
            consider(k.span().start, (key, None));
        }
        for (i, item) in items.iter().enumerate() {
            consider(item.span().start, (key, Some(i)));
        }
    }
    owner.map(|(_, at)| at)
}

/// The key a line starts with (`xp = "lots"`: `xp`), for an error on that line.
fn field_at(text: &str, offset: usize) -> Option<&str> {
    let start = text[..offset.min(text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let (key, _) = text[start..].split_once('=')?;
    let key = key.trim();
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    (!key.is_empty() && key.chars().all(word)).then_some(key)
}

/// An entry's id as written, when it has one.
fn id_of(entry: &Spanned<DeValue>) -> Option<String> {
    match entry.get_ref() {
        DeValue::Table(t) => t.get("id")?.get_ref().as_str().map(str::to_string),
        _ => None,
    }
}

/// Deeper TOML than this is refused before parsing: no content needs it, and it keeps a
/// hostile file from exhausting the parser's stack.
pub const MAX_NESTING: usize = 32;

/// The byte offset where `text` first nests deeper than `limit`, counting open `[`/`{` of
/// values and the dots of a dotted key; strings and comments are skipped.
pub(crate) fn too_deep(text: &str, limit: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut dots = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            q @ (b'"' | b'\'') => {
                let triple = b[i..].starts_with(&[q, q, q]);
                i += if triple { 3 } else { 1 };
                while i < b.len() {
                    if q == b'"' && b[i] == b'\\' {
                        i += 2;
                        continue;
                    }
                    if triple && b[i..].starts_with(&[q, q, q]) {
                        // Up to two quotes before the closing three belong to the string.
                        let run = b[i..].iter().take_while(|&&c| c == q).count();
                        i += run.min(5);
                        break;
                    }
                    if !triple && (b[i] == q || b[i] == b'\n') {
                        i += 1;
                        break;
                    }
                    i += 1;
                }
                continue;
            }
            b'[' | b'{' => {
                depth += 1;
                dots = 0;
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b'.' => dots += 1,
            b'=' | b',' | b'\n' => dots = 0,
            _ => {}
        }
        if depth + dots > limit {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// serde's "unknown field `x`, expected one of `a`, `b`" plus the nearest expected name.
pub(super) fn with_field_hint(message: &str) -> String {
    let Some(rest) = message.strip_prefix("unknown field `") else {
        return message.to_string();
    };
    let Some((field, expected)) = rest.split_once('`') else {
        return message.to_string();
    };
    let names: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    match nearest(field, names.iter().copied()) {
        Some(n) => format!("{message}; did you mean `{n}`?"),
        None => message.to_string(),
    }
}
