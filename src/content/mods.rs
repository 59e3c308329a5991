//! Mods on disk: `mods/<folder>/mod.toml` plus content files and sprites, ordered by
//! `load_after`.
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::diagnostics::{Diagnostic, Severity};
use super::load::{MAX_FILE_BYTES, Pack};

/// The engine version mods declare compatibility with (`engine = "1"` or `"1.x"`).
pub const ENGINE_MAJOR: u32 = 1;
/// Deeper folders are not searched; a mod is a flat-ish folder, not a file tree.
const MAX_DEPTH: usize = 4;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModToml {
    pub id: String,
    pub name: String,
    pub version: String,
    pub engine: String,
    #[serde(default)]
    pub load_after: Vec<String>,
    /// Mods this one cannot load with: when one of them is enabled too, this one is left out.
    #[serde(default)]
    pub conflicts: Vec<String>,
}

/// `mod.toml` as parsed, with the spans diagnostics point at.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawModToml {
    id: Spanned<String>,
    name: String,
    version: String,
    engine: Spanned<String>,
    #[serde(default)]
    load_after: Vec<Spanned<String>>,
    #[serde(default)]
    conflicts: Vec<Spanned<String>>,
}

#[derive(Debug, Clone)]
pub struct ModInfo {
    pub folder: String,
    pub meta: ModToml,
    pub pack: Pack,
    /// The text of `mod.toml` and where each `load_after` and `conflicts` entry stands in
    /// it, so ordering problems point at the entry that causes them.
    pub meta_text: String,
    pub load_after_spans: Vec<std::ops::Range<usize>>,
    pub conflicts_spans: Vec<std::ops::Range<usize>>,
}

impl ModInfo {
    fn load_after_error(&self, target: &str, msg: String) -> Diagnostic {
        let (list, spans) = (&self.meta.load_after, &self.load_after_spans);
        self.entry_error("load_after", list, spans, target, msg)
    }

    /// An error at the entry `target` of the list `field` (`load_after`, `conflicts`).
    fn entry_error(
        &self,
        field: &str,
        list: &[String],
        spans: &[std::ops::Range<usize>],
        target: &str,
        msg: String,
    ) -> Diagnostic {
        let offset = list
            .iter()
            .position(|t| t == target)
            .and_then(|i| spans.get(i))
            .map_or(0, |s| s.start);
        let mut d = error(&self.meta.id, "mod.toml", &self.meta_text, offset, msg);
        d.path = field.into();
        d
    }
}

/// One mod folder's bytes, read from disk or embedded in the binary (the browser's bundled
/// mods): the loader works on these alone, so both places load the same way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModFolder {
    pub folder: String,
    /// `mod.toml`'s bytes, or why they could not be read.
    pub meta: Result<Vec<u8>, MetaMissing>,
    /// Every other `*.toml` and every `*.png` (sprites), relative paths with `/`, sorted.
    pub files: Vec<(String, Vec<u8>)>,
}

impl ModFolder {
    /// A folder from its files (relative paths with `/`, `mod.toml` among them or not): the
    /// metadata apart, the rest sorted, as `read_folders` gives a folder on disk. The bundled
    /// mods and the browser player's own come this way.
    pub fn from_files(folder: String, files: Vec<(String, Vec<u8>)>) -> ModFolder {
        let mut meta = Err(MetaMissing::NotFound);
        let mut rest = Vec::new();
        for (path, bytes) in files {
            if path == "mod.toml" {
                meta = Ok(bytes);
            } else {
                rest.push((path, bytes));
            }
        }
        rest.sort_by(|a, b| a.0.cmp(&b.0));
        ModFolder {
            folder,
            meta,
            files: rest,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MetaMissing {
    NotFound,
    Unreadable(String),
}

/// The mod folders under `dir`, sorted by folder name; no folder means no mods.
pub fn read_folders(dir: &Path) -> Vec<ModFolder> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut folders: Vec<_> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    folders
        .into_iter()
        .map(|folder| {
            let path = dir.join(&folder);
            let meta = std::fs::read(path.join("mod.toml")).map_err(|e| {
                if e.kind() == std::io::ErrorKind::NotFound {
                    MetaMissing::NotFound
                } else {
                    MetaMissing::Unreadable(e.to_string())
                }
            });
            let mut files = Vec::new();
            collect_files(&path, &path, 0, &mut files);
            files.sort_by(|a, b| a.0.cmp(&b.0));
            ModFolder {
                folder,
                meta,
                files,
            }
        })
        .collect()
}

/// The mods the game loads: the bundled ones, then the player's own (in the browser, the
/// folders added to the page; on the desktop, `mods/` in the data folder); a player's folder of
/// the same name as a bundled one replaces it (a newer copy of that mod).
pub fn merge_folders(bundled: Vec<ModFolder>, user: Vec<ModFolder>) -> Vec<ModFolder> {
    let mut out: Vec<_> = bundled
        .into_iter()
        .filter(|b| !user.iter().any(|u| u.folder == b.folder))
        .collect();
    out.extend(user);
    out
}

/// The core pack as `dir` holds it now (the desktop's `assets/core`, edited by a modder), or
/// why it cannot be read: the same files as the embedded pack, in the same order.
pub fn core_from_folder(dir: &Path) -> Result<Pack, String> {
    let files = (super::load::CORE_FILES.iter())
        .map(|(name, _)| {
            let path = dir.join(name);
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok((name.to_string(), bytes))
        })
        .collect::<Result<_, String>>()?;
    Ok(Pack {
        id: "core".into(),
        files,
    })
}

/// The example mods (`assets/examples/`), embedded at build time (build.rs), for the browser.
pub fn bundled() -> Vec<ModFolder> {
    include!(concat!(env!("OUT_DIR"), "/bundled_mods.rs"))
        .iter()
        .map(|(folder, files): &(&str, &[(&str, &[u8])])| {
            ModFolder::from_files(
                folder.to_string(),
                files
                    .iter()
                    .map(|(path, bytes)| (path.to_string(), bytes.to_vec()))
                    .collect(),
            )
        })
        .collect()
}

/// Every mod folder with its `mod.toml` read, or the diagnostic that keeps it from loading:
/// what the Mods screen lists, disabled mods included.
pub fn catalogue(folders: &[ModFolder]) -> Vec<(String, Result<ModToml, Diagnostic>)> {
    folders
        .iter()
        .map(|f| {
            // Only the metadata: the content files are not copied for a listing.
            let meta = read_meta(f).map(|(m, ..)| m).map_err(|d| *d);
            (f.folder.clone(), meta)
        })
        .collect()
}

/// Reads every mod folder under `dir`; returns the loadable ones in load order.
/// Problems (bad `mod.toml`, cycles, missing targets) are diagnostics; such mods are left out.
pub fn discover(dir: &Path, disabled: &BTreeSet<String>) -> (Vec<ModInfo>, Vec<Diagnostic>) {
    discover_in(&read_folders(dir), disabled)
}

/// `discover` over folders already in memory.
pub fn discover_in(
    folders: &[ModFolder],
    disabled: &BTreeSet<String>,
) -> (Vec<ModInfo>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut mods = Vec::new();
    for folder in folders {
        match read_mod(folder) {
            Ok(info) => {
                if !disabled.contains(&info.meta.id) {
                    mods.push(info);
                }
            }
            Err(d) => diags.push(*d),
        }
    }
    let ordered = order(mods, &mut diags);
    (ordered, diags)
}

fn error(pack: &str, file: &str, text: &str, offset: usize, msg: String) -> Diagnostic {
    Diagnostic::at(Severity::Error, pack, file, text, offset, "", msg)
}

fn boxed(pack: &str, file: &str, text: &str, offset: usize, msg: String) -> Box<Diagnostic> {
    Box::new(error(pack, file, text, offset, msg))
}

fn read_mod(f: &ModFolder) -> Result<ModInfo, Box<Diagnostic>> {
    let (meta, meta_text, load_after_spans, conflicts_spans) = read_meta(f)?;
    // Files in path order whatever order they came in: within a pack, what loads first
    // decides the order of what it adds to floors and tables.
    let mut files = f.files.clone();
    files.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(ModInfo {
        folder: f.folder.clone(),
        pack: Pack {
            id: meta.id.clone(),
            files,
        },
        meta,
        meta_text,
        load_after_spans,
        conflicts_spans,
    })
}

/// A folder's `mod.toml`, checked, with its text and where each `load_after` and
/// `conflicts` entry stands.
type Meta = (
    ModToml,
    String,
    Vec<std::ops::Range<usize>>,
    Vec<std::ops::Range<usize>>,
);

/// Why `id` cannot be a mod's id, if it cannot: the namespace of every id the mod adds.
pub fn check_mod_id(id: &str) -> Result<(), String> {
    let well_formed = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if well_formed && id != "core" {
        Ok(())
    } else {
        Err(format!(
            "mod id `{id}` must be lowercase letters, digits or `_`, and not `core`"
        ))
    }
}

fn read_meta(f: &ModFolder) -> Result<Meta, Box<Diagnostic>> {
    let folder = f.folder.as_str();
    let bytes = f.meta.clone().map_err(|e| {
        boxed(
            folder,
            "mod.toml",
            "",
            0,
            match e {
                MetaMissing::NotFound => "missing mod.toml: a mod folder needs one with `id`, `name`, `version` and `engine`".to_string(),
                MetaMissing::Unreadable(e) => format!("cannot read mod.toml: {e}"),
            },
        )
    })?;
    let text = String::from_utf8(bytes)
        .map_err(|_| boxed(folder, "mod.toml", "", 0, "mod.toml is not UTF-8".into()))?;
    if text.trim().is_empty() {
        return Err(boxed(
            folder,
            "mod.toml",
            &text,
            0,
            "mod.toml is empty: it needs `id`, `name`, `version` and `engine`".into(),
        ));
    }
    let raw: RawModToml = toml::from_str(&text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        boxed(
            folder,
            "mod.toml",
            &text,
            offset,
            e.message().trim().to_string(),
        )
    })?;
    let id = raw.id.get_ref();
    if let Err(msg) = check_mod_id(id) {
        let mut d = boxed(folder, "mod.toml", &text, raw.id.span().start, msg);
        d.path = "id".into();
        return Err(d);
    }
    let engine = raw.engine.get_ref();
    let major = engine.split('.').next().and_then(|m| m.parse::<u32>().ok());
    if major != Some(ENGINE_MAJOR) {
        let mut d = boxed(
            id,
            "mod.toml",
            &text,
            raw.engine.span().start,
            format!(
                "engine `{engine}` is not supported: this game runs mods for engine \"{ENGINE_MAJOR}\""
            ),
        );
        d.path = "engine".into();
        return Err(d);
    }
    let load_after_spans = raw.load_after.iter().map(|t| t.span()).collect();
    let conflicts_spans = raw.conflicts.iter().map(|t| t.span()).collect();
    let meta = ModToml {
        id: id.clone(),
        name: raw.name,
        version: raw.version,
        engine: engine.clone(),
        load_after: raw.load_after.into_iter().map(|t| t.into_inner()).collect(),
        conflicts: raw.conflicts.into_iter().map(|t| t.into_inner()).collect(),
    };
    Ok((meta, text, load_after_spans, conflicts_spans))
}

/// Every `*.toml` but `mod.toml`, and every `*.png` (sprites), relative paths with `/`.
/// Oversized files are kept (the loader reports them) but not read past the limit.
fn collect_files(root: &Path, dir: &Path, depth: usize, out: &mut Vec<(String, Vec<u8>)>) {
    if depth > MAX_DEPTH {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            collect_files(root, &p, depth + 1, out);
            continue;
        }
        let rel = p
            .strip_prefix(root)
            .map(|r| r.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        let picture = super::art::is_picture_file(&rel);
        if rel == "mod.toml" || !(picture || p.extension().is_some_and(|x| x == "toml")) {
            continue;
        }
        let limit = if picture {
            super::art::MAX_SPRITE_BYTES
        } else {
            MAX_FILE_BYTES
        };
        let size = e.metadata().map(|m| m.len() as usize).unwrap_or(0);
        let bytes = if size > limit {
            vec![0; size.min(limit + 1)]
        } else {
            std::fs::read(&p).unwrap_or_default()
        };
        out.push((rel, bytes));
    }
}

/// Load order: by `load_after`, ties by id (Kahn's algorithm over a BTreeSet, so it is stable).
fn order(mods: Vec<ModInfo>, diags: &mut Vec<Diagnostic>) -> Vec<ModInfo> {
    let mut by_id: BTreeMap<String, ModInfo> = BTreeMap::new();
    for m in mods {
        if by_id.contains_key(&m.meta.id) {
            let offset = m.meta_text.find(&format!("\"{}\"", m.meta.id)).unwrap_or(0);
            let mut d = error(
                &m.meta.id,
                m.folder.as_str(),
                &m.meta_text,
                offset,
                format!(
                    "two mod folders use the id `{}` (second: {})",
                    m.meta.id, m.folder
                ),
            );
            d.file = format!("{}/mod.toml", m.folder);
            d.path = "id".into();
            diags.push(d);
            continue;
        }
        by_id.insert(m.meta.id.clone(), m);
    }
    // A mod that declares a conflict with another enabled mod is left out (both, when each
    // names the other); mods that load after it then go too, as below.
    let clashes: Vec<(String, String)> = by_id
        .values()
        .filter_map(|m| {
            let other = m
                .meta
                .conflicts
                .iter()
                .find(|t| **t != m.meta.id && by_id.contains_key(*t))?;
            Some((m.meta.id.clone(), other.clone()))
        })
        .collect();
    for (id, other) in clashes {
        if let Some(m) = by_id.remove(&id) {
            let (list, spans) = (&m.meta.conflicts, &m.conflicts_spans);
            diags.push(m.entry_error(
                "conflicts",
                list,
                spans,
                &other,
                format!(
                    "`{id}` conflicts with `{other}`, which is enabled too: `{id}` is not loaded; turn one of them off"
                ),
            ));
        }
    }
    // Missing targets drop the mod (and, transitively, those after it).
    loop {
        let missing: Vec<(String, String)> = by_id
            .values()
            .flat_map(|m| {
                m.meta
                    .load_after
                    .iter()
                    .filter(|t| *t != "core" && !by_id.contains_key(*t))
                    .map(|t| (m.meta.id.clone(), t.clone()))
            })
            .collect();
        if missing.is_empty() {
            break;
        }
        for (id, target) in missing {
            if let Some(m) = by_id.remove(&id) {
                let known = by_id.keys().map(String::as_str).chain(["core"]);
                let hint = super::diagnostics::nearest(&target, known)
                    .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
                diags.push(m.load_after_error(
                    &target,
                    format!("load_after names `{target}`, which is not a loadable mod{hint}"),
                ));
            }
        }
    }
    let mut done: Vec<ModInfo> = Vec::new();
    let mut placed: BTreeSet<String> = BTreeSet::new();
    loop {
        let ready: Option<String> = by_id
            .values()
            .find(|m| {
                m.meta
                    .load_after
                    .iter()
                    .all(|t| t == "core" || placed.contains(t))
            })
            .map(|m| m.meta.id.clone());
        match ready {
            Some(id) => {
                let m = by_id.remove(&id).expect("found above");
                placed.insert(id);
                done.push(m);
            }
            None => break,
        }
    }
    for m in by_id.values() {
        // Point at an entry that is itself unplaced: that is the edge of the cycle.
        let target = m
            .meta
            .load_after
            .iter()
            .find(|t| by_id.contains_key(*t))
            .cloned()
            .unwrap_or_default();
        let ring: Vec<&str> = by_id.keys().map(String::as_str).collect();
        diags.push(m.load_after_error(
            &target,
            format!(
                "`{}` is part of a load_after cycle ({})",
                m.meta.id,
                ring.join(", ")
            ),
        ));
    }
    done
}

/// Core plus the healthy mods under `dir`, in load order, with one report for all of it.
#[cfg(core_embedded)]
pub fn load_with_mods(
    dir: &Path,
    disabled: &BTreeSet<String>,
) -> (super::Content, super::LoadReport) {
    load_folders(&read_folders(dir), disabled)
}

/// `load_with_mods` over folders already in memory (the browser's bundled mods).
#[cfg(core_embedded)]
pub fn load_folders(
    folders: &[ModFolder],
    disabled: &BTreeSet<String>,
) -> (super::Content, super::LoadReport) {
    load_over(super::core_pack(), folders, disabled)
}

/// `load_folders` over a given core pack (one read from disk for a hot reload).
pub fn load_over(
    core: Pack,
    folders: &[ModFolder],
    disabled: &BTreeSet<String>,
) -> (super::Content, super::LoadReport) {
    let (content, report, _) = load_over_showing(core, folders, disabled, None);
    (content, report)
}

/// `load_with_mods`, and every loaded entry with the id `id` written out whole as TOML
/// (`delve check-mods --show`).
#[cfg(core_embedded)]
pub fn show_with_mods(dir: &Path, id: &str) -> (super::LoadReport, Vec<String>) {
    let folders = read_folders(dir);
    let (_, report, shown) =
        load_over_showing(super::core_pack(), &folders, &BTreeSet::new(), Some(id));
    (report, shown)
}

fn load_over_showing(
    core: Pack,
    folders: &[ModFolder],
    disabled: &BTreeSet<String>,
    show: Option<&str>,
) -> (super::Content, super::LoadReport, Vec<String>) {
    let (mods, mut found) = discover_in(folders, disabled);
    let mut packs = vec![core];
    packs.extend(mods.into_iter().map(|m| m.pack));
    let (content, mut report, shown) = match show {
        Some(id) => super::load::load_packs_showing(&packs, id),
        None => {
            let (c, r) = super::load_packs(&packs);
            (c, r, Vec::new())
        }
    };
    for d in &found {
        if !report.skipped.contains(&d.pack) && d.severity == Severity::Error {
            report.skipped.push(d.pack.clone());
        }
    }
    found.append(&mut report.diagnostics);
    report.diagnostics = found;
    (content, report, shown)
}
