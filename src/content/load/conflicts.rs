//! Whole-entry replacement between packs, reported once every pack has loaded: an entry a mod
//! replaces names the pack it came from, and an entry that two or more mods define is a
//! conflict that names every one of them and the one that won (the last in load order).
use std::collections::{HashMap, HashSet};

use super::kinds::kind;
use crate::content::diagnostics::{Diagnostic, Severity};

/// One definition a pack other than core made, and where it stands.
pub(super) struct Definition<'a> {
    /// The registry's key (`creatures`, `floors`, `progression`…) and the entry's id (a
    /// floor's depth).
    pub(super) registry: &'static str,
    pub(super) id: String,
    /// Whether an earlier pack had defined it.
    pub(super) replaced: bool,
    /// Whether it copied its own id, changing only what it names (`copy_from`).
    pub(super) patched: bool,
    pub(super) pack: &'a str,
    pub(super) path: &'a str,
    pub(super) text: &'a str,
    pub(super) offset: usize,
    /// Its place in the file's list of that registry (the key path is worked out only for
    /// a warning).
    pub(super) index: usize,
}

/// Every definition of the loaded packs, in load order.
#[derive(Default)]
pub(super) struct Definitions<'a>(Vec<Definition<'a>>);

impl<'a> Definitions<'a> {
    /// A loaded pack's definitions (a skipped pack's replace nothing).
    pub(super) fn loaded(&mut self, pack: Vec<Definition<'a>>) {
        self.0.extend(pack);
    }

    /// A warning at every definition that replaced another pack's, in load order.
    pub(super) fn report(self, diags: &mut Vec<Diagnostic>) {
        // Only entries some pack replaced are grouped: most definitions are new ids.
        let replaced: HashSet<(&str, &str)> = (self.0.iter())
            .filter(|d| d.replaced)
            .map(|d| (d.registry, d.id.as_str()))
            .collect();
        let mut groups: Vec<Vec<&Definition>> = Vec::new();
        let mut index: HashMap<(&str, &str), usize> = HashMap::new();
        for d in &self.0 {
            let key = (d.registry, d.id.as_str());
            if !replaced.contains(&key) {
                continue;
            }
            match index.get(&key) {
                Some(&i) => groups[i].push(d),
                None => {
                    index.insert(key, groups.len());
                    groups.push(vec![d]);
                }
            }
        }
        for group in groups {
            let first = group[0];
            // Only packs other than core are noted: a first definition that replaced one
            // replaced core's.
            let mut mods: Vec<&str> = Vec::new();
            for d in &group {
                if !mods.contains(&d.pack) {
                    mods.push(d.pack);
                }
            }
            let entry = describe(first.registry, &first.id);
            if mods.len() < 2 {
                if first.replaced {
                    for d in &group {
                        let verb = if d.patched { "patches" } else { "replaces" };
                        let msg = format!("{entry} {verb} the definition from `core`");
                        diags.push(warning(d, msg));
                    }
                }
                continue;
            }
            let winner = *mods.last().expect("two or more");
            let (verb, both) = if mods.len() == 2 {
                ("loads later", "both")
            } else {
                ("loads last", "all")
            };
            let from_core = if first.replaced {
                " (replacing core's)"
            } else {
                ""
            };
            let said = format!(
                "conflict: {} {both} define {entry}{from_core}; `{winner}` {verb} and wins",
                list(&mods)
            );
            for d in &group {
                let msg = if d.pack == winner {
                    said.clone()
                } else {
                    format!("{said}, so this definition from `{}` is not used", d.pack)
                };
                diags.push(warning(d, msg));
            }
        }
    }
}

fn warning(d: &Definition, message: String) -> Diagnostic {
    Diagnostic::at(
        Severity::Warning,
        d.pack,
        d.path,
        d.text,
        d.offset,
        key_path(d.registry, d.index),
        message,
    )
}

/// The key path of a definition's id: `creatures[0].id`, `floors[1].depth`.
fn key_path(registry: &str, index: usize) -> String {
    kind(registry).map_or_else(|| registry.to_string(), |k| k.id_path(index))
}

/// How the report names an entry: "creature `core:rat`", "the floor profile of depth 3".
fn describe(registry: &str, id: &str) -> String {
    kind(registry).map_or_else(|| format!("{registry} `{id}`"), |k| k.describe(id))
}

/// "`a` and `b`", "`a`, `b` and `c`".
fn list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}
