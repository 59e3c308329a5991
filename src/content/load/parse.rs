//! One file's bytes to its entries: the size, UTF-8 and nesting limits, the fast reader,
//! else `toml` with its located error and a hint for a misspelt field.
use crate::content::diagnostics::{Diagnostic, Severity, nearest};
use crate::content::schema::ContentFile;

use super::MAX_FILE_BYTES;
use super::copy::{CopyEntry, read_with_copies};

/// One file's outcome: its text, entries and entries made by copying, or the diagnostic
/// that stopped it.
pub(super) type FileResult<'a> =
    Result<(&'a str, ContentFile, Vec<CopyEntry<'a>>), Box<Diagnostic>>;

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
    // A file that copies entries is read by toml's own parser, which keeps them as TOML.
    let copies = text.contains("copy_from");
    // Almost every file takes the fast path; errors and the unusual take toml's own. The
    // browser takes toml's alone: same entries and errors, a smaller download (docs/BUILDING.md: sizes).
    #[cfg(not(target_arch = "wasm32"))]
    if !copies
        && let Some(file) = crate::content::fast_toml::from_str::<ContentFile>(text, MAX_NESTING)
    {
        return Ok((text, file, Vec::new()));
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
    let read = match copies {
        true => read_with_copies(text),
        false => toml::from_str::<ContentFile>(text).map(|file| (file, Vec::new())),
    };
    match read {
        Ok((file, copies)) => Ok((text, file, copies)),
        Err(e) => Err(located(
            e.span().map_or(0, |s| s.start),
            with_field_hint(e.message().trim()),
        )),
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
