//! Entries refused for an error, remembered for the rest of their pack's load, so that one
//! mistake is one error: where another entry names a refused one, that is a note under the
//! refused entry's error ("was not loaded: see above"), not an error of its own, and never a
//! "did you mean" pointing at some other entry.
use std::collections::HashMap;

use crate::content::diagnostics::{Diagnostic, Severity};

/// One pack's refused entries, and the places their files' lists lost.
#[derive(Default)]
pub(super) struct Refused {
    /// (kind's key, id) → its error's place in the pack's diagnostics; the first error wins.
    ids: HashMap<(&'static str, String), usize>,
    /// (file, kind's key) → the places, in the file's list of that kind as written, of the
    /// entries taken out of it (refused while reading, or copies not made), ascending.
    holes: HashMap<(String, &'static str), Vec<usize>>,
}

impl Refused {
    /// Entry `id` of the kind keyed `kind` was refused for the error at `error` in the
    /// pack's diagnostics.
    pub(super) fn refuse(&mut self, kind: &'static str, id: &str, error: usize) {
        self.ids.entry((kind, id.to_string())).or_insert(error);
    }

    /// The entry at `index` of `file`'s list of `kind`, as written, is not in that list.
    pub(super) fn hole(&mut self, file: &str, kind: &'static str, index: usize) {
        let holes = self.holes.entry((file.to_string(), kind)).or_default();
        if let Err(at) = holes.binary_search(&index) {
            holes.insert(at, index);
        }
    }

    /// How many entries of `file`'s list of `kind` before `index` (as written) were taken
    /// out: a copy made later goes in that many places earlier.
    pub(super) fn holes_before(&self, file: &str, kind: &str, index: usize) -> usize {
        self.holes_of(file, kind).partition_point(|&i| i < index)
    }

    /// The places taken out of `file`'s list of `kind`, ascending.
    fn holes_of(&self, file: &str, kind: &str) -> &[usize] {
        (self.holes.iter())
            .find(|((f, k), _)| f == file && *k == kind)
            .map_or(&[], |(_, h)| h)
    }

    /// If `id` of `kind` was refused: a note under its error that `reference` (a place and
    /// key path, counted as the file writes its entries) names it, and that error's place
    /// in the pack's diagnostics.
    pub(super) fn named(
        &self,
        kind: &'static str,
        id: &str,
        reference: &Diagnostic,
        diags: &mut [Diagnostic],
    ) -> Option<usize> {
        let &at = self.ids.get(&(kind, id.to_string()))?;
        let note = format!(
            "`{id}` was not loaded (see above): `{}` names it at {}",
            reference.path,
            reference.place()
        );
        if let Some(d) = diags.get_mut(at)
            && !d.notes.contains(&note)
        {
            d.notes.push(note);
        }
        Some(at)
    }

    /// A key path counted in a list with entries taken out (`creatures[2].ai[0]`), counted
    /// in the file's list as written instead.
    pub(super) fn as_written(&self, file: &str, path: &str) -> String {
        let Some((kind, rest)) = path.split_once('[') else {
            return path.to_string();
        };
        let Some((index, rest)) = rest.split_once(']') else {
            return path.to_string();
        };
        let holes = self.holes_of(file, kind);
        let Ok(mut index) = index.parse::<usize>() else {
            return path.to_string();
        };
        if holes.is_empty() {
            return path.to_string();
        }
        for &h in holes {
            if h <= index {
                index += 1;
            }
        }
        format!("{kind}[{index}]{rest}")
    }

    /// The key paths of `diags` (made after the lists lost their refused entries) counted
    /// in the lists as written.
    pub(super) fn restore_paths(&self, diags: &mut [Diagnostic]) {
        if self.holes.is_empty() {
            return;
        }
        for d in diags {
            d.path = self.as_written(&d.file, &d.path);
        }
    }
}

/// An error a copy inherits with a value from its source (such values are placed at the
/// copy's `copy_from`) is its source's mistake again: made a note under the source's error.
pub(super) fn inherited(diags: &mut Vec<Diagnostic>) {
    let mut k = 0;
    while k < diags.len() {
        let d = &diags[k];
        let at_copy = d.severity == Severity::Error
            && (d.source_line.chars().take(d.column.saturating_sub(1)))
                .collect::<String>()
                .trim_end()
                .strip_suffix('=')
                .is_some_and(|key| key.trim_end().ends_with("copy_from"));
        let source = at_copy
            .then(|| {
                (diags[..k].iter())
                    .position(|e| e.severity == Severity::Error && e.message == d.message)
            })
            .flatten();
        match source {
            Some(s) => {
                let copy = diags.remove(k);
                let note = format!("`{}` copies it, at {}", copy.path, copy.place());
                diags[s].notes.push(note);
            }
            _ => k += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_path_counts_the_entries_taken_out_before_it() {
        let mut r = Refused::default();
        r.hole("a.toml", "creatures", 0);
        r.hole("a.toml", "creatures", 2);
        // As loaded: [1, 3, 4] as written.
        assert_eq!(
            r.as_written("a.toml", "creatures[0].ai[1]"),
            "creatures[1].ai[1]"
        );
        assert_eq!(r.as_written("a.toml", "creatures[1]"), "creatures[3]");
        assert_eq!(r.as_written("a.toml", "creatures[2].x"), "creatures[4].x");
        assert_eq!(r.as_written("b.toml", "creatures[1]"), "creatures[1]");
        assert_eq!(r.as_written("a.toml", "items[1]"), "items[1]");
        assert_eq!(r.holes_before("a.toml", "creatures", 3), 2);
    }
}
