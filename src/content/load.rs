//! Loading packs: parse every file, merge registries in load order, resolve references.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::balance::Balance;
use super::diagnostics::{Diagnostic, Severity, nearest};
use super::schema::{
    AbilityDef, ActionDef, Condition, ContentFile, CreatureDef, FloorDef, Movement, PrefabDef,
};
use crate::dungeon::Prefab;

/// Files larger than this are refused before parsing (a modder's accident, not content).
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// A pack of content files: the core pack or one mod.
#[derive(Clone, Debug)]
pub struct Pack {
    pub id: String,
    /// (path relative to the pack, raw bytes)
    pub files: Vec<(String, Vec<u8>)>,
}

/// The core pack, embedded so that the browser build and a moved binary carry it.
pub fn core_pack() -> Pack {
    macro_rules! embed {
        ($($name:literal),*) => {
            vec![$(($name.to_string(), include_bytes!(concat!("../../assets/core/", $name)).to_vec())),*]
        };
    }
    Pack {
        id: "core".into(),
        files: embed!(
            "creatures.toml",
            "abilities.toml",
            "prefabs.toml",
            "floors.toml"
        ),
    }
}

/// Resolved base attributes (engine defaults filled in).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Base {
    pub max_health: f64,
    pub max_stamina: f64,
    pub damage: f64,
    pub hit_chance: f64,
    pub critical_chance: f64,
    pub critical_factor: f64,
    pub dexterity: f64,
    pub luck: f64,
    pub resistance: BTreeMap<String, f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AiRule {
    pub condition: Vec<Condition>,
    pub ability: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CreatureKind {
    pub id: String,
    pub name: String,
    pub symbol: char,
    pub color: [u8; 3],
    pub tags: Vec<String>,
    pub base: Base,
    pub abilities: Vec<String>,
    pub ai: Vec<AiRule>,
    pub xp: u32,
    pub gold: (u32, u32),
    pub hostile: bool,
    pub movement: Movement,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    pub id: String,
    pub name: String,
    pub symbol: char,
    pub color: [u8; 3],
    pub cost: f64,
    pub cooldown: u32,
    pub condition: Vec<Condition>,
    pub actions: Vec<ActionDef>,
}

/// Everything the rules read: immutable during a turn, passed to `execute` by reference.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Content {
    pub creatures: BTreeMap<String, CreatureKind>,
    pub abilities: BTreeMap<String, Ability>,
    /// Floor profiles sorted by depth.
    pub floors: Vec<FloorDef>,
    pub prefabs: BTreeMap<String, Prefab>,
    pub balance: Balance,
    /// Pack ids in load order.
    pub packs: Vec<String>,
}

/// Every creature knows these without listing them (seed 002).
pub const BUILTIN_ABILITIES: [&str; 2] = ["core:flee", "core:wait"];

impl Content {
    pub fn creature(&self, id: &str) -> Option<&CreatureKind> {
        self.creatures.get(id)
    }

    pub fn ability(&self, id: &str) -> Option<&Ability> {
        self.abilities.get(id)
    }

    /// The generator's profile of floor `k`, prefabs resolved.
    pub fn generator_profile(&self, k: u32) -> Option<crate::dungeon::FloorProfile> {
        self.floor_profile(k).map(|f| f.profile(&self.prefabs))
    }

    /// The profile of floor `k`: the last one whose depth is ≤ k.
    pub fn floor_profile(&self, k: u32) -> Option<&FloorDef> {
        self.floors
            .iter()
            .rev()
            .find(|f| f.depth <= k)
            .or(self.floors.first())
    }

    /// A fingerprint of the loaded content and its load order, for saves and replays.
    pub fn fingerprint(&self) -> u64 {
        crate::game::hash::canonical_hash(self)
    }

    /// The core pack alone; a broken core pack is a bug caught by the test suite.
    pub fn core() -> Result<Content, LoadReport> {
        let (content, report) = load_packs(&[core_pack()]);
        if report.has_errors() {
            Err(report)
        } else {
            Ok(content)
        }
    }
}

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

/// Parsed, not yet resolved, entries of one pack with where they came from.
struct Parsed {
    pack: String,
    files: Vec<(String, String, ContentFile)>,
}

/// Loads packs in the given order. A pack with any error is skipped whole; the rest load.
pub fn load_packs(packs: &[Pack]) -> (Content, LoadReport) {
    let mut report = LoadReport::default();
    let mut content = Content::default();
    for pack in packs {
        let mut diags = Vec::new();
        let parsed = parse_pack(pack, &mut diags);
        let mut trial = content.clone();
        merge(&mut trial, &parsed, &mut diags);
        resolve(&trial, &parsed, &mut diags);
        let failed = diags.iter().any(|d| d.severity == Severity::Error);
        report.diagnostics.extend(diags);
        if failed {
            report.skipped.push(pack.id.clone());
        } else {
            trial.packs.push(pack.id.clone());
            content = trial;
            report.loaded.push(pack.id.clone());
        }
    }
    content.floors.sort_by_key(|f| f.depth);
    (content, report)
}

fn parse_pack(pack: &Pack, diags: &mut Vec<Diagnostic>) -> Parsed {
    let mut files = Vec::new();
    for (path, bytes) in &pack.files {
        let err = |offset, msg: String| {
            Diagnostic::at(Severity::Error, &pack.id, path, "", offset, "", msg)
        };
        if bytes.len() > MAX_FILE_BYTES {
            diags.push(err(
                0,
                format!(
                    "file is {} bytes; the limit is {MAX_FILE_BYTES}",
                    bytes.len()
                ),
            ));
            continue;
        }
        let text = match std::str::from_utf8(bytes) {
            Ok(t) => t.to_string(),
            Err(e) => {
                diags.push(err(
                    0,
                    format!(
                        "file is not UTF-8 (invalid byte at offset {})",
                        e.valid_up_to()
                    ),
                ));
                continue;
            }
        };
        match toml::from_str::<ContentFile>(&text) {
            Ok(file) => files.push((path.clone(), text, file)),
            Err(e) => {
                let offset = e.span().map_or(0, |s| s.start);
                diags.push(Diagnostic::at(
                    Severity::Error,
                    &pack.id,
                    path,
                    &text,
                    offset,
                    "",
                    e.message().trim().to_string(),
                ));
            }
        }
    }
    Parsed {
        pack: pack.id.clone(),
        files,
    }
}

fn merge(content: &mut Content, parsed: &Parsed, diags: &mut Vec<Diagnostic>) {
    // Each registry has its own ids: a creature and an ability may share a name.
    let mut seen_creatures = BTreeMap::new();
    let mut seen_abilities = BTreeMap::new();
    let mut seen_prefabs = BTreeMap::new();
    for (path, text, file) in &parsed.files {
        let at = |span: std::ops::Range<usize>, key: String, sev, msg: String| {
            Diagnostic::at(sev, &parsed.pack, path, text, span.start, key, msg)
        };
        let mut report = |span, key, sev, msg| diags.push(at(span, key, sev, msg));
        merge_registry(
            &mut content.creatures,
            &file.creatures,
            "creatures",
            &parsed.pack,
            &mut seen_creatures,
            |d: &CreatureDef| &d.id,
            creature_kind,
            &mut report,
        );
        merge_registry(
            &mut content.abilities,
            &file.abilities,
            "abilities",
            &parsed.pack,
            &mut seen_abilities,
            |d: &AbilityDef| &d.id,
            ability,
            &mut report,
        );
        merge_registry(
            &mut content.prefabs,
            &file.prefabs,
            "prefabs",
            &parsed.pack,
            &mut seen_prefabs,
            |d: &PrefabDef| &d.id,
            prefab,
            &mut report,
        );
        for (i, f) in file.floors.iter().enumerate() {
            let def = f.get_ref();
            if let Err(msg) = check_floor(def) {
                diags.push(at(f.span(), format!("floors[{i}]"), Severity::Error, msg));
                continue;
            }
            content.floors.retain(|old| old.depth != def.depth);
            content.floors.push(def.clone());
        }
        if let Some(patch) = &file.balance {
            content.balance.apply(patch);
        }
    }
}

type Report<'a> = dyn FnMut(std::ops::Range<usize>, String, Severity, String) + 'a;

/// Merges one registry's entries from one file: id rules, conversion, whole-entry override.
#[allow(clippy::too_many_arguments)]
fn merge_registry<D, T>(
    registry: &mut BTreeMap<String, T>,
    entries: &[Spanned<D>],
    name: &str,
    pack: &str,
    seen: &mut BTreeMap<String, ()>,
    id_of: impl Fn(&D) -> &Spanned<String>,
    convert: impl Fn(&D) -> Result<T, FieldError>,
    report: &mut Report<'_>,
) {
    for (i, entry) in entries.iter().enumerate() {
        let def = entry.get_ref();
        let key = format!("{name}[{i}]");
        let id_span = id_of(def);
        let id = id_span.get_ref();
        let exists = registry.contains_key(id);
        if !check_id(id, pack, exists, seen, &mut |m| {
            report(id_span.span(), format!("{key}.id"), Severity::Error, m)
        }) {
            continue;
        }
        match convert(def) {
            Ok(value) => {
                if registry.insert(id.clone(), value).is_some() {
                    report(
                        id_span.span(),
                        format!("{key}.id"),
                        Severity::Warning,
                        format!("`{id}` replaces the definition from an earlier pack"),
                    );
                }
            }
            Err((span, field, msg)) => report(span, format!("{key}.{field}"), Severity::Error, msg),
        }
    }
}

/// Namespacing and duplicate rules for a new id; reports through `report` and says if usable.
fn check_id(
    id: &str,
    pack: &str,
    exists: bool,
    seen: &mut BTreeMap<String, ()>,
    report: &mut dyn FnMut(String),
) -> bool {
    let Some((ns, name)) = id.split_once(':') else {
        report(format!("id `{id}` needs a namespace, e.g. `{pack}:{id}`"));
        return false;
    };
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        report(format!(
            "id `{id}`: the name after `:` must be letters, digits or `_`"
        ));
        return false;
    }
    if ns != pack && !exists {
        report(format!(
            "new id `{id}` is outside this pack's namespace: use `{pack}:{name}`"
        ));
        return false;
    }
    if seen.insert(id.to_string(), ()).is_some() {
        report(format!("`{id}` is defined twice in this pack"));
        return false;
    }
    true
}

type FieldError = (std::ops::Range<usize>, &'static str, String);

fn creature_kind(def: &CreatureDef) -> Result<CreatureKind, FieldError> {
    let b = &def.base;
    let base = Base {
        max_health: b.max_health.unwrap_or(10.0),
        max_stamina: b.max_stamina.unwrap_or(0.0),
        damage: b.damage.unwrap_or(1.0),
        hit_chance: b.hit_chance.unwrap_or(0.7),
        critical_chance: b.critical_chance.unwrap_or(0.05),
        critical_factor: b.critical_factor.unwrap_or(1.5),
        dexterity: b.dexterity.unwrap_or(0.0),
        luck: b.luck.unwrap_or(0.0),
        resistance: b.resistance.clone(),
    };
    let span = || 0..0;
    for (name, v) in [
        ("hit_chance", base.hit_chance),
        ("critical_chance", base.critical_chance),
    ] {
        if !(0.0..=1.0).contains(&v) {
            return Err((
                span(),
                "base",
                format!("`{name}` = {v} is a probability: expected 0..1"),
            ));
        }
    }
    if base.max_health <= 0.0 {
        return Err((span(), "base", "`max_health` must be above 0".into()));
    }
    if base.max_stamina < 0.0 || base.damage < 0.0 {
        return Err((
            span(),
            "base",
            "`max_stamina` and `damage` must not be negative".into(),
        ));
    }
    Ok(CreatureKind {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        symbol: symbol(&def.symbol).map_err(|m| (def.symbol.span(), "symbol", m))?,
        color: color(def.color.get_ref()).map_err(|m| (def.color.span(), "color", m))?,
        tags: def.tags.iter().map(|t| t.get_ref().clone()).collect(),
        base,
        abilities: def.abilities.iter().map(|a| a.get_ref().clone()).collect(),
        ai: def
            .ai
            .iter()
            .map(|e| AiRule {
                condition: e.condition.clone(),
                ability: e.ability.get_ref().clone(),
            })
            .collect(),
        xp: def.xp,
        gold: def.gold,
        hostile: def.hostile,
        movement: def.movement.clone(),
    })
}

fn ability(def: &AbilityDef) -> Result<Ability, FieldError> {
    let cost = *def.cost.get_ref();
    if cost < 0.0 {
        return Err((
            def.cost.span(),
            "cost",
            format!("cost {cost} must not be negative"),
        ));
    }
    Ok(Ability {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        symbol: symbol(&def.symbol).map_err(|m| (def.symbol.span(), "symbol", m))?,
        color: color(def.color.get_ref()).map_err(|m| (def.color.span(), "color", m))?,
        cost,
        cooldown: def.cooldown,
        condition: def.condition.clone(),
        actions: def.actions.clone(),
    })
}

/// The generator's own validation, so content and `delve gen` agree on what is a valid floor.
/// Prefabs are checked against the floor once every pack's prefabs are known (`resolve`).
fn check_floor(f: &FloorDef) -> Result<(), String> {
    let mut profile = f.profile(&BTreeMap::new());
    profile.prefab_count = 0;
    profile.validate()
}

fn prefab(def: &PrefabDef) -> Result<Prefab, FieldError> {
    let mut legend = BTreeMap::new();
    for (key, id) in &def.legend {
        let mut chars = key.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err((
                id.span(),
                "legend",
                format!("legend key `{key}` must be one character"),
            ));
        };
        legend.insert(c, id.get_ref().clone());
    }
    let prefab = Prefab {
        id: def.id.get_ref().clone(),
        rows: def.rows.clone(),
        legend,
    };
    prefab
        .check()
        .map_err(|(field, msg)| (def.id.span(), "rows", format!("{field}: {msg}")))?;
    Ok(prefab)
}

/// The tile atlas draws printable ASCII; anything else would be an invisible monster.
fn symbol(s: &Spanned<String>) -> Result<char, String> {
    let mut chars = s.get_ref().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_graphic() => Ok(c),
        _ => Err(format!(
            "symbol `{}` must be one printable ASCII character the tile atlas can draw",
            s.get_ref()
        )),
    }
}

pub const NAMED_COLORS: [(&str, [u8; 3]); 14] = [
    ("white", [230, 230, 230]),
    ("grey", [150, 150, 150]),
    ("black", [40, 40, 40]),
    ("red", [220, 60, 50]),
    ("orange", [240, 150, 40]),
    ("yellow", [240, 220, 70]),
    ("green", [80, 200, 90]),
    ("cyan", [80, 210, 220]),
    ("blue", [80, 130, 240]),
    ("purple", [170, 90, 220]),
    ("pink", [240, 130, 190]),
    ("brown", [160, 110, 60]),
    ("gold", [250, 200, 50]),
    ("bone", [225, 215, 190]),
];

fn color(s: &str) -> Result<[u8; 3], String> {
    if let Some(hex) = s.strip_prefix('#')
        && hex.len() == 6
        && let Ok(v) = u32::from_str_radix(hex, 16)
    {
        return Ok([(v >> 16) as u8, (v >> 8) as u8, v as u8]);
    }
    if let Some((_, c)) = NAMED_COLORS.iter().find(|(n, _)| *n == s) {
        return Ok(*c);
    }
    let hint = nearest(s, NAMED_COLORS.iter().map(|(n, _)| *n))
        .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
    Err(format!("unknown color `{s}` (a name or #rrggbb){hint}"))
}

/// Every reference names something that exists after this pack merged.
fn resolve(content: &Content, parsed: &Parsed, diags: &mut Vec<Diagnostic>) {
    let abilities =
        |id: &str| content.abilities.contains_key(id) || BUILTIN_ABILITIES.contains(&id);
    let known_abilities: Vec<&str> = content
        .abilities
        .keys()
        .map(String::as_str)
        .chain(BUILTIN_ABILITIES)
        .collect();
    let known_creatures: Vec<&str> = content.creatures.keys().map(String::as_str).collect();
    let known_prefabs: Vec<&str> = content.prefabs.keys().map(String::as_str).collect();
    let mut deferred = Vec::new();
    for (path, text, file) in &parsed.files {
        let mut unknown =
            |span: std::ops::Range<usize>, key: String, what: &str, id: &str, known: &[&str]| {
                let hint = nearest(id, known.iter().copied())
                    .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
                diags.push(Diagnostic::at(
                    Severity::Error,
                    &parsed.pack,
                    path,
                    text,
                    span.start,
                    key,
                    format!("unknown {what} `{id}`{hint}"),
                ));
            };
        for (i, c) in file.creatures.iter().enumerate() {
            let def = c.get_ref();
            for (j, a) in def.abilities.iter().enumerate() {
                if !abilities(a.get_ref()) {
                    unknown(
                        a.span(),
                        format!("creatures[{i}].abilities[{j}]"),
                        "ability",
                        a.get_ref(),
                        &known_abilities,
                    );
                }
            }
            for (j, e) in def.ai.iter().enumerate() {
                if !abilities(e.ability.get_ref()) {
                    unknown(
                        e.ability.span(),
                        format!("creatures[{i}].ai[{j}].ability"),
                        "ability",
                        e.ability.get_ref(),
                        &known_abilities,
                    );
                }
            }
            if let Some(last) = def.ai.last()
                && !last.condition.is_empty()
            {
                deferred.push(Diagnostic::at(
                    Severity::Warning,
                    &parsed.pack,
                    path,
                    text,
                    last.ability.span().start,
                    format!("creatures[{i}].ai[{}]", def.ai.len() - 1),
                    "the last `ai` entry has a condition: when none holds the creature stands still",
                ));
            }
        }
        for (i, p) in file.prefabs.iter().enumerate() {
            for (key, id) in &p.get_ref().legend {
                if !content.creatures.contains_key(id.get_ref()) {
                    unknown(
                        id.span(),
                        format!("prefabs[{i}].legend.{key}"),
                        "creature",
                        id.get_ref(),
                        &known_creatures,
                    );
                }
            }
        }
        for (i, f) in file.floors.iter().enumerate() {
            let def = f.get_ref();
            let mut known = true;
            for (j, id) in def.prefabs.iter().enumerate() {
                if !content.prefabs.contains_key(id.get_ref()) {
                    known = false;
                    unknown(
                        id.span(),
                        format!("floors[{i}].prefabs[{j}]"),
                        "prefab",
                        id.get_ref(),
                        &known_prefabs,
                    );
                }
            }
            if known && let Err(msg) = def.profile(&content.prefabs).validate() {
                deferred.push(Diagnostic::at(
                    Severity::Error,
                    &parsed.pack,
                    path,
                    text,
                    f.span().start,
                    format!("floors[{i}]"),
                    msg,
                ));
            }
            for (j, s) in def.spawns.iter().enumerate() {
                if !content.creatures.contains_key(s.id.get_ref()) {
                    unknown(
                        s.id.span(),
                        format!("floors[{i}].spawns[{j}].id"),
                        "creature",
                        s.id.get_ref(),
                        &known_creatures,
                    );
                }
            }
        }
    }
    diags.append(&mut deferred);
    if parsed.pack == "core" && !content.creatures.contains_key("core:hero") {
        diags.push(Diagnostic {
            severity: Severity::Error,
            pack: parsed.pack.clone(),
            file: String::new(),
            line: 0,
            column: 0,
            path: String::new(),
            message: "the core pack must define `core:hero`".into(),
            source_line: String::new(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(files: &[(&str, &str)]) -> Pack {
        Pack {
            id: "test".into(),
            files: files
                .iter()
                .map(|(p, t)| (p.to_string(), t.as_bytes().to_vec()))
                .collect(),
        }
    }

    #[test]
    fn core_pack_loads_without_errors() {
        let content = Content::core().unwrap_or_else(|r| panic!("{r}"));
        assert!(content.creature("core:hero").is_some());
        assert!(content.creature("core:skeleton").is_some());
        assert!(content.ability("core:power_strike").is_some());
        assert!(!content.floors.is_empty());
    }

    #[test]
    fn unknown_ability_is_located_with_a_suggestion() {
        let text = "[[creatures]]\nid = \"test:rat\"\nname = \"Rat\"\nsymbol = \"r\"\ncolor = \"brown\"\nabilities = [\"core:atack\"]\n";
        let (_, report) = load_packs(&[core_pack(), pack(&[("rat.toml", text)])]);
        let d = report
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
            .expect("an error");
        assert_eq!((d.file.as_str(), d.line, d.column), ("rat.toml", 6, 14));
        assert!(
            d.message.contains("did you mean `core:attack`"),
            "{}",
            d.message
        );
        assert_eq!(report.skipped, vec!["test".to_string()]);
    }

    #[test]
    fn syntax_error_has_line_and_column() {
        let (_, report) = load_packs(&[pack(&[("bad.toml", "[[creatures]]\nid = \n")])]);
        let d = &report.diagnostics[0];
        assert_eq!(d.line, 2);
        assert!(report.has_errors());
    }

    #[test]
    fn bad_symbol_and_color_are_errors() {
        let text =
            "[[creatures]]\nid = \"test:x\"\nname = \"X\"\nsymbol = \"xx\"\ncolor = \"gren\"\n";
        let (_, report) = load_packs(&[pack(&[("x.toml", text)])]);
        assert!(report.diagnostics[0].message.contains("symbol"));
    }

    #[test]
    fn prefabs_load_and_floors_draw_from_them() {
        let content = Content::core().unwrap();
        assert!(content.prefabs.len() >= 8);
        let crypt = &content.prefabs["core:crypt"];
        assert_eq!(crypt.legend[&'w'], "core:wraith");
        let profile = content.generator_profile(5).unwrap();
        assert!(profile.prefab_count > 0);
        assert!(profile.prefabs.iter().any(|p| p.id == "core:crypt"));
    }

    #[test]
    fn prefab_errors_are_located() {
        let floor = "[[floors]]\ndepth = 1\nwidth = 21\nheight = 21\nprefabs = [\"core:rat_dem\"]\nprefab_count = 1\n";
        let (_, report) = load_packs(&[core_pack(), pack(&[("f.toml", floor)])]);
        let d = &report.diagnostics[0];
        assert_eq!((d.line, d.path.as_str()), (5, "floors[0].prefabs[0]"));
        assert!(
            d.message.contains("did you mean `core:rat_den`"),
            "{}",
            d.message
        );

        let legend = "[[prefabs]]\nid = \"test:den\"\nrows = [\"###\", \"#x#\", \"#+#\"]\nlegend = { x = \"core:ratt\" }\n";
        let (_, report) = load_packs(&[core_pack(), pack(&[("p.toml", legend)])]);
        let d = &report.diagnostics[0];
        assert_eq!(d.path, "prefabs[0].legend.x");
        assert!(
            d.message.contains("unknown creature `core:ratt`"),
            "{}",
            d.message
        );

        let stray = "[[prefabs]]\nid = \"test:den\"\nrows = [\"###\", \"#y#\", \"#+#\"]\n";
        let (_, report) = load_packs(&[core_pack(), pack(&[("p.toml", stray)])]);
        assert!(
            report.diagnostics[0]
                .message
                .contains("'y' is neither terrain")
        );

        let big = format!(
            "{}{}",
            legend
                .replace("core:ratt", "core:rat")
                .replace("\"###\", ", "\"###########################\", "),
            floor.replace("core:rat_dem", "test:den")
        );
        let (_, report) = load_packs(&[core_pack(), pack(&[("p.toml", &big)])]);
        assert!(report.has_errors());
        assert!(
            report.diagnostics[0].message.contains("does not fit"),
            "{}",
            report.diagnostics[0].message
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

        /// Whatever bytes a mod file holds, loading reports and never panics; a pack that
        /// failed is skipped whole and the core stays loaded.
        #[test]
        fn arbitrary_bytes_never_panic_the_loader(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
            let junk = Pack { id: "junk".into(), files: vec![("junk.toml".into(), bytes)] };
            let (content, report) = load_packs(&[core_pack(), junk]);
            proptest::prop_assert!(content.creature("core:hero").is_some());
            if report.has_errors() {
                proptest::prop_assert_eq!(report.skipped, vec!["junk".to_string()]);
            }
        }

        /// Mutated copies of a real content file: the same promise, closer to what a modder types.
        #[test]
        fn mutated_content_never_panics_the_loader(at in 0usize..2000, byte in proptest::prelude::any::<u8>(), cut in 0usize..2000) {
            let mut text = include_bytes!("../../assets/core/prefabs.toml").to_vec();
            let at = at % text.len();
            text[at] = byte;
            text.truncate(cut.max(at + 1));
            let pack = Pack { id: "core".into(), files: vec![("prefabs.toml".into(), text)] };
            let _ = load_packs(&[core_pack(), pack]);
        }
    }
}
