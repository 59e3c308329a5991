//! Loading packs: parse every file, merge registries in load order, resolve references.
//!
//! The stages, one file each: `pack` (the input: a pack's files, the embedded core pack),
//! `parse` (one file's bytes to its entries), `parallel` (every file parsed on all cores,
//! handed over pack by pack in load order), `merge` (registries merged with the id rules,
//! undone for a pack with errors), `convert` (one definition to its registry entry, its
//! fields checked), `resolve` and `refs` (every reference names something that exists),
//! `locate` (places for values without spans of their own), `refused` (entries refused for
//! a mistake, so that what names one is a note under its error), `place` (entries that say where
//! they appear, added to floors and loot tables after every pack), `conflicts` (entries
//! replaced between packs, reported with every pack involved), and the result: `content`
//! (the `Content` the rules read) and `report` (the `LoadReport` of what happened).
mod conflicts;
mod content;
mod convert;
mod copy;
#[cfg(test)]
mod copy_tests;
mod disable;
mod kinds;
mod locate;
mod merge;
mod pack;
mod parallel;
mod parse;
mod place;
mod refs;
mod refused;
mod report;
mod resolve;
#[cfg(test)]
mod tests;
mod uses;
mod whole;

pub use crate::content::colors::NAMED_COLORS;
pub use content::{Ability, AiRule, BUILTIN_ABILITIES, Base, Content, CreatureKind};
pub(crate) use kinds::{KINDS, KindInfo};
#[cfg(core_embedded)]
pub use pack::core_pack;
pub use pack::{CORE_FILES, MAX_FILE_BYTES, Pack, core_checked};
pub use parse::MAX_NESTING;
#[cfg(test)]
pub(super) use parse::too_deep;
pub(crate) use refs::CONDITION_ATTRIBUTES;
pub use report::LoadReport;

use super::diagnostics::Severity;
use super::schema::ContentFile;
use conflicts::Definitions;
use copy::{CopyEntry, Origins, make_copies, patched};
use disable::{disable, still_named};
use merge::{Undo, merge};
use parallel::parse_in_order;
use place::Placements;
use resolve::resolve;

/// Parsed, not yet resolved, entries of one pack with where they came from, and the pack's
/// pictures (PNG files, not parsed); paths, texts and bytes borrow from the `Pack`.
struct Parsed<'a> {
    pack: &'a str,
    files: Vec<(&'a str, &'a str, ContentFile)>,
    /// Entries written with `copy_from`, each with its file's place in `files`: made, and
    /// put in their files' lists, when the pack merges.
    copies: Vec<(usize, CopyEntry<'a>)>,
    pictures: Vec<(&'a str, &'a [u8])>,
}

/// Loads packs in the given order. A pack with any error is skipped whole; the rest load.
/// Once every pack has loaded, what entries say about where they appear is added to the
/// floors and loot tables, in load order, and replacements between packs are reported.
pub fn load_packs(packs: &[Pack]) -> (Content, LoadReport) {
    let (content, report, _) = load(packs, None);
    (content, report)
}

/// `load_packs`, and every loaded entry with the id `id` written out whole as TOML, one per
/// kind that has it (`delve check-mods --show`).
pub(crate) fn load_packs_showing(packs: &[Pack], id: &str) -> (Content, LoadReport, Vec<String>) {
    load(packs, Some(id))
}

fn load(packs: &[Pack], show: Option<&str>) -> (Content, LoadReport, Vec<String>) {
    let mut report = LoadReport::default();
    let mut content = Content::default();
    let mut placements = Placements::default();
    let mut definitions = Definitions::default();
    let mut origins = Origins::default();
    parse_in_order(packs, |pack, mut parsed, mut diags, mut refused| {
        // All or nothing without cloning the registries per pack: merge in place, keep an
        // undo log of the entries it touched (and of the floors, `[progression]` and
        // `[balance]` before it changed them), and roll back when the pack has errors.
        let mut undo = Undo::default();
        let mut defs = Vec::new();
        let made = make_copies(&mut parsed, &content, &origins, &mut refused, &mut diags);
        // From here on, a file's lists lack the entries refused so far: the key paths are
        // counted again as the files write them.
        let counted = diags.len();
        let gone = disable(&mut content, &parsed, &mut undo, &mut diags);
        merge(
            &mut content,
            &parsed,
            &mut undo,
            &mut defs,
            &mut refused,
            &mut diags,
        );
        let placed = resolve(&content, &parsed, &refused, &mut diags);
        still_named(&content, &parsed, &gone, &mut diags);
        refused.restore_paths(&mut diags[counted..]);
        refused::inherited(&mut diags);
        let failed = diags.iter().any(|d| d.severity == Severity::Error);
        report.diagnostics.extend(diags);
        if failed {
            undo.rollback(&mut content);
            report.skipped.push(pack.id.clone());
        } else {
            content.packs.push(pack.id.clone());
            report.loaded.push(pack.id.clone());
            placements.disabled(&gone);
            placements.loaded(&parsed, placed);
            for d in &mut defs {
                d.patched = patched(&made, d.registry, &d.id);
            }
            definitions.loaded(defs);
            origins.loaded(&parsed, made);
        }
    });
    content.floors.sort_by_key(|f| f.depth);
    placements.apply(&mut content, &mut report.diagnostics);
    definitions.report(&mut report.diagnostics);
    content.listened = content
        .creatures
        .values()
        .flat_map(|c| &c.triggers)
        .chain(content.modifiers.values().flat_map(|m| &m.triggers))
        .chain(content.items.values().flat_map(|i| &i.triggers))
        .fold(0, |bits, t| bits | 1 << t.event as u16);
    content.derive_heroes();
    content.derive_terrains();
    engine_terrain(&content, &mut report.diagnostics);
    let shown = show.map_or(Vec::new(), |id| copy::show(&origins, &content, id));
    (content, report, shown)
}

/// The engine places its own terrain kinds (walls, floor, doors, stairs): content that
/// lacks one, or has more kinds than a tile can index, cannot be played.
fn engine_terrain(content: &Content, out: &mut Vec<super::Diagnostic>) {
    let error = |message: String| super::Diagnostic {
        severity: Severity::Error,
        pack: String::new(),
        file: String::new(),
        line: 0,
        column: 0,
        path: "terrain".into(),
        message,
        notes: Vec::new(),
        source_line: String::new(),
    };
    for id in crate::map::Tile::ENGINE {
        if !content.terrain.contains_key(id) {
            out.push(error(format!(
                "terrain `{id}` is missing: the dungeon places it, so a loaded pack must \
                 define it (the core pack does)"
            )));
        }
    }
    let n = crate::content::terrain::tile_order(&content.terrain).len();
    if content.terrain.len() > n {
        out.push(error(format!(
            "{} terrain kinds are loaded; a floor can tell at most {} apart",
            content.terrain.len(),
            crate::content::terrain::MAX_TERRAIN
        )));
    }
}
