//! Located problems in content files: pack, file, line:column, key path, message.
use std::fmt;

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub pack: String,
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub path: String,
    pub message: String,
    /// Lines under the message: what else this problem stops (where a refused entry is
    /// named), each a sentence.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The offending source line, for a caret display.
    #[serde(skip)]
    pub source_line: String,
}

impl Diagnostic {
    pub fn at(
        severity: Severity,
        pack: &str,
        file: &str,
        text: &str,
        offset: usize,
        path: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        let (line, column, source_line) = line_col(text, offset);
        Self {
            severity,
            pack: pack.into(),
            file: file.into(),
            line,
            column,
            path: path.into(),
            message: message.into(),
            notes: Vec::new(),
            source_line,
        }
    }

    /// `pack/file:line:column`, as the report's `-->` line writes it.
    pub fn place(&self) -> String {
        match (self.file.is_empty(), self.line) {
            (false, line) if line > 0 => format!("{}:{line}:{}", self.origin(), self.column),
            _ => self.origin(),
        }
    }

    /// `pack/file`, or the pack alone for a problem of no file.
    fn origin(&self) -> String {
        match self.file.is_empty() {
            true => self.pack.clone(),
            false => format!("{}/{}", self.pack, self.file),
        }
    }
}

/// 1-based line and column (in characters) of a byte offset, and that line's text.
fn line_col(text: &str, offset: usize) -> (usize, usize, String) {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line = newlines(&text.as_bytes()[..offset]) + 1;
    let column = text[start..offset].chars().count() + 1;
    (
        line,
        column,
        text[start..end].trim_end_matches('\r').to_string(),
    )
}

/// The `\n`s in `b`, counted in blocks whose per-byte sum fits a `u8`, which the compiler
/// turns into vector code: diagnostics late in a large file count a lot of bytes.
fn newlines(b: &[u8]) -> usize {
    let mut blocks = b.chunks_exact(255);
    let mut n: usize = (&mut blocks)
        .map(|c| c.iter().map(|&x| u8::from(x == b'\n')).sum::<u8>() as usize)
        .sum();
    n += blocks.remainder().iter().filter(|&&x| x == b'\n').count();
    n
}

impl Diagnostic {
    /// Byte range of the token under the caret within `source_line`: a quoted string, a
    /// word, or one character, so the underline covers what the message is about.
    fn caret_span(&self) -> std::ops::Range<usize> {
        let line = &self.source_line;
        let start = line
            .char_indices()
            .nth(self.column.saturating_sub(1))
            .map_or(line.len(), |(i, _)| i);
        let rest = &line[start..];
        let len = match rest.chars().next() {
            None => 0,
            Some(q @ ('"' | '\'')) => rest[1..].find(q).map_or(rest.len(), |i| i + 2),
            // A word, an id, or a whole number with its sign.
            Some(c)
                if c.is_alphanumeric()
                    || c == '_'
                    || (c == '-' && rest[1..].starts_with(|d: char| d.is_ascii_digit())) =>
            {
                let body = &rest[c.len_utf8()..];
                c.len_utf8()
                    + body
                        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '-'))
                        .unwrap_or(body.len())
            }
            Some(c) => c.len_utf8(),
        };
        start..start + len
    }

    /// The report: title, `--> pack/file:line:col`, the source line with a caret under the
    /// offending token, and the key path and the notes as notes.
    pub fn render(&self) -> String {
        #[cfg(target_arch = "wasm32")]
        return self.render_plain();
        #[cfg(not(target_arch = "wasm32"))]
        self.render_snippet()
    }

    /// `render` without a crate: the layout annotate-snippets gives a one-line snippet, the
    /// source line whole (a test holds the two to the same text).
    pub fn render_plain(&self) -> String {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let origin = self.origin();
        let mut out = format!("{level}: {}\n", self.message);
        let mut notes: Vec<String> = Vec::new();
        if !self.path.is_empty() {
            notes.push(format!("at `{}`", self.path));
        }
        notes.extend(self.notes.iter().cloned());
        let pad = if self.line > 0 && !self.source_line.is_empty() {
            let pad = " ".repeat(self.line.to_string().len());
            let caret = self.caret_span();
            let before = self.source_line[..caret.start].chars().count();
            let under = self.source_line[caret.clone()].chars().count().max(1);
            out += &format!("{pad}--> {origin}:{}:{}\n", self.line, self.column);
            out += &format!("{pad} |\n{} | {}\n", self.line, self.source_line);
            out += &format!("{pad} | {}{}", " ".repeat(before), "^".repeat(under));
            if !notes.is_empty() {
                out += &format!("\n{pad} |");
            }
            pad
        } else {
            match self.line {
                0 => out += &format!("--> {origin}"),
                line => out += &format!("--> {origin}:{line}:{}", self.column),
            }
            String::new()
        };
        for note in notes {
            out += &format!("\n{pad} = note: {note}");
        }
        out
    }

    /// The report as annotate-snippets renders it.
    #[cfg(not(target_arch = "wasm32"))]
    fn render_snippet(&self) -> String {
        use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};
        let level = match self.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let origin = self.origin();
        let title = level.primary_title(self.message.as_str());
        let mut group: Group<'_> = if self.line > 0 && !self.source_line.is_empty() {
            title.element(
                Snippet::source(self.source_line.as_str())
                    .line_start(self.line)
                    .path(origin)
                    .annotation(AnnotationKind::Primary.span(self.caret_span())),
            )
        } else if self.line > 0 {
            title.element(
                Origin::path(origin)
                    .line(self.line)
                    .char_column(self.column),
            )
        } else {
            title.element(Origin::path(origin))
        };
        if !self.path.is_empty() {
            group = group.element(Level::NOTE.message(format!("at `{}`", self.path)));
        }
        for note in &self.notes {
            group = group.element(Level::NOTE.message(note.as_str()));
        }
        Renderer::plain().render(&[group])
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

/// The known name nearest to `name` when it is a near miss (edit distance ≤ 2 or a third).
pub fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(2);
    known
        .into_iter()
        .map(|k| (levenshtein(name, k), k))
        .filter(|(d, _)| *d <= limit)
        .min()
        .map(|(_, k)| k)
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_newlines_across_blocks() {
        let text = "ab\n".repeat(300);
        assert_eq!(newlines(text.as_bytes()), 300);
        assert_eq!(newlines(&text.as_bytes()[..766]), 255);
    }

    #[test]
    fn locates_offsets() {
        let text = "a = 1\nbb = 2\n";
        assert_eq!(line_col(text, 6), (2, 1, "bb = 2".into()));
        assert_eq!(line_col(text, 11), (2, 6, "bb = 2".into()));
    }

    #[test]
    fn renders_the_source_line_with_a_caret() {
        let text = "[[creatures]]\nabilities = [\"core:atack\"]\n";
        let d = Diagnostic::at(
            Severity::Error,
            "test",
            "rat.toml",
            text,
            27,
            "creatures[0].abilities[0]",
            "unknown ability `core:atack`",
        );
        let shown = d.to_string();
        assert!(
            shown.starts_with("error: unknown ability `core:atack`"),
            "{shown}"
        );
        assert!(shown.contains("--> test/rat.toml:2:14"), "{shown}");
        assert!(
            shown.contains("2 | abilities = [\"core:atack\"]"),
            "{shown}"
        );
        assert!(shown.contains("             ^^^^^^^^^^^^"), "{shown}");
        assert!(
            shown.contains("note: at `creatures[0].abilities[0]`"),
            "{shown}"
        );
    }

    #[test]
    fn the_plain_renderer_writes_what_annotate_snippets_does() {
        let text = "a = 1\n".repeat(11) + "abilities = [\"core:atack\"]\n";
        let mut cases = Vec::new();
        for (offset, path) in [(0, ""), (2, "a"), (80, "creatures[3].abilities[0]")] {
            let d = Diagnostic::at(Severity::Warning, "p", "f.toml", &text, offset, path, "m");
            cases.push(d.clone());
            let mut noted = d;
            noted.notes = vec!["one".into(), "two".into()];
            cases.push(noted);
        }
        let mut bare = cases[0].clone();
        bare.source_line.clear();
        cases.push(bare.clone());
        bare.line = 0;
        bare.file.clear();
        cases.push(bare);
        for d in cases {
            assert_eq!(d.render_plain(), d.render_snippet(), "{d:?}");
        }
    }

    #[test]
    fn suggests_near_misses_only() {
        let known = ["core:attack", "core:flee"];
        assert_eq!(nearest("core:atack", known), Some("core:attack"));
        assert_eq!(nearest("core:zzzzzzzzz", known), None);
    }
}
