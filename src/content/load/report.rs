//! The `LoadReport`: every diagnostic of a load, and which packs loaded or were skipped.
use serde::Serialize;

use crate::content::diagnostics::{Diagnostic, Severity};

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LoadReport {
    pub diagnostics: Vec<Diagnostic>,
    /// Packs skipped because of errors.
    pub skipped: Vec<String>,
    pub loaded: Vec<String>,
}

impl LoadReport {
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

impl LoadReport {
    /// One line: what loaded, what was skipped, how many problems.
    pub fn summary(&self) -> String {
        let errors = self
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        let mut s = format!("Content: {}", self.loaded.join(", "));
        if !self.skipped.is_empty() {
            s += &format!("  (skipped: {})", self.skipped.join(", "));
        }
        if !self.diagnostics.is_empty() {
            s += &format!(
                "  {errors} error(s), {} warning(s): run `delve check-mods`",
                self.diagnostics.len() - errors
            );
        }
        s
    }
}

impl std::fmt::Display for LoadReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for d in &self.diagnostics {
            writeln!(f, "{d}\n")?;
        }
        let errors = self
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        write!(
            f,
            "{} pack(s) loaded ({}), {} skipped, {} error(s), {} warning(s)",
            self.loaded.len(),
            self.loaded.join(", "),
            self.skipped.len(),
            errors,
            self.diagnostics.len() - errors
        )
    }
}
