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
            source_line,
        }
    }
}

/// 1-based line and column (in characters) of a byte offset, and that line's text.
fn line_col(text: &str, offset: usize) -> (usize, usize, String) {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line = text[..offset].matches('\n').count() + 1;
    let column = text[start..offset].chars().count() + 1;
    (
        line,
        column,
        text[start..end].trim_end_matches('\r').to_string(),
    )
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(
            f,
            "{kind}: {}\n  --> {}/{}:{}:{}",
            self.message, self.pack, self.file, self.line, self.column
        )?;
        if !self.path.is_empty() {
            write!(f, " (at `{}`)", self.path)?;
        }
        if !self.source_line.is_empty() {
            let gutter = self.line.to_string();
            let pad = " ".repeat(gutter.len());
            let caret = " ".repeat(self.column.saturating_sub(1));
            write!(
                f,
                "\n{pad} |\n{gutter} | {}\n{pad} | {caret}^",
                self.source_line
            )?;
        }
        Ok(())
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
    fn locates_offsets() {
        let text = "a = 1\nbb = 2\n";
        assert_eq!(line_col(text, 6), (2, 1, "bb = 2".into()));
        assert_eq!(line_col(text, 11), (2, 6, "bb = 2".into()));
    }

    #[test]
    fn suggests_near_misses_only() {
        let known = ["core:attack", "core:flee"];
        assert_eq!(nearest("core:atack", known), Some("core:attack"));
        assert_eq!(nearest("core:zzzzzzzzz", known), None);
    }
}
