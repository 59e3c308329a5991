//! Loading packs: parse every file, merge registries in load order, resolve references.
use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::balance::Balance;
use super::diagnostics::{Diagnostic, Severity, nearest};
use super::registry::{
    self, Affix, DamageType, FieldError, Item, LootTable, Modifier, Progression, Tag, Trap,
    Trigger, damage_type_id,
};
use super::schema::{
    AbilityDef, ActionDef, AffixDef, Condition, ContentFile, CreatureDef, DamageTypeDef, FloorDef,
    ItemDef, LootDef, ModifierDef, Movement, PrefabDef, TagDef, TrapDef,
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
            "modifiers.toml",
            "items.toml",
            "loot.toml",
            "traps.toml",
            "types.toml",
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
    pub loot: Option<String>,
    pub triggers: Vec<Trigger>,
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
    pub modifiers: BTreeMap<String, Modifier>,
    pub items: BTreeMap<String, Item>,
    pub affixes: BTreeMap<String, Affix>,
    pub loot: BTreeMap<String, LootTable>,
    pub traps: BTreeMap<String, Trap>,
    pub damage_types: BTreeMap<String, DamageType>,
    pub tags: BTreeMap<String, Tag>,
    pub progression: Progression,
    pub balance: Balance,
    /// The events some trigger listens to, one bit per `EventKind`: the rules skip the
    /// search for listeners of the others (derived from the registries, so not hashed).
    #[serde(skip)]
    pub listened: u16,
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

    /// Whether any trigger listens to this kind of event.
    pub fn is_listened(&self, kind: super::registry::EventKind) -> bool {
        self.listened & (1 << kind as u16) != 0
    }

    pub fn modifier(&self, id: &str) -> Option<&Modifier> {
        self.modifiers.get(id)
    }

    pub fn item(&self, id: &str) -> Option<&Item> {
        self.items.get(id)
    }

    /// The shown name of whatever an id names (an ability, item, modifier, trap, creature).
    pub fn display_name(&self, id: &str) -> String {
        let names = [
            self.abilities.get(id).map(|a| &a.name),
            self.items.get(id).map(|a| &a.name),
            self.modifiers.get(id).map(|a| &a.name),
            self.traps.get(id).map(|a| &a.name),
            self.creatures.get(id).map(|a| &a.name),
        ];
        match names.into_iter().flatten().next() {
            Some(n) => n.clone(),
            None => match id {
                "core:flee" => "Flee".into(),
                "core:wait" => "Wait".into(),
                _ => id.to_string(),
            },
        }
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

/// Parsed, not yet resolved, entries of one pack with where they came from; paths and
/// texts borrow from the `Pack`.
struct Parsed<'a> {
    pack: &'a str,
    files: Vec<(&'a str, &'a str, ContentFile)>,
}

/// Loads packs in the given order. A pack with any error is skipped whole; the rest load.
pub fn load_packs(packs: &[Pack]) -> (Content, LoadReport) {
    let mut report = LoadReport::default();
    let mut content = Content::default();
    parse_in_order(packs, |pack, parsed, mut diags| {
        // All or nothing without cloning the registries per pack: merge in place, keep an
        // undo log of the entries it touched, and roll back when the pack has errors.
        let floors = content.floors.clone();
        let progression = content.progression.clone();
        let balance = content.balance.clone();
        let mut undo = Undo::default();
        merge(&mut content, &parsed, &mut undo, &mut diags);
        resolve(&content, &parsed, &mut diags);
        let failed = diags.iter().any(|d| d.severity == Severity::Error);
        report.diagnostics.extend(diags);
        if failed {
            undo.rollback(&mut content);
            content.floors = floors;
            content.progression = progression;
            content.balance = balance;
            report.skipped.push(pack.id.clone());
        } else {
            content.packs.push(pack.id.clone());
            report.loaded.push(pack.id.clone());
        }
    });
    content.floors.sort_by_key(|f| f.depth);
    content.listened = content
        .creatures
        .values()
        .flat_map(|c| &c.triggers)
        .chain(content.modifiers.values().flat_map(|m| &m.triggers))
        .chain(content.items.values().flat_map(|i| &i.triggers))
        .fold(0, |bits, t| bits | 1 << t.event as u16);
    (content, report)
}

/// One file's outcome: its text and entries, or the diagnostic that stopped it.
type FileResult<'a> = Result<(&'a str, ContentFile), Box<Diagnostic>>;

/// Parses every file and hands each pack to `each` in load order. Parsing is independent
/// per file and most of the loading time (the TOML parser), so on native targets every
/// core takes the next unparsed file (files, not packs: a pack's files differ a lot in
/// size) while this thread merges the packs already parsed, helping with the parsing
/// whenever the next pack is not ready yet.
fn parse_in_order<'a>(
    packs: &'a [Pack],
    mut each: impl FnMut(&'a Pack, Parsed<'a>, Vec<Diagnostic>),
) {
    let jobs: Vec<(&'a str, &'a str, &'a [u8])> = packs
        .iter()
        .flat_map(|p| {
            p.files
                .iter()
                .map(|(path, b)| (p.id.as_str(), path.as_str(), b.as_slice()))
        })
        .collect();
    let run = |i: usize| {
        let (pack, path, bytes) = jobs[i];
        parse_file(pack, path, bytes)
    };
    let mut assemble = |pack: &'a Pack, results: &mut dyn Iterator<Item = FileResult<'a>>| {
        let mut files = Vec::with_capacity(pack.files.len());
        let mut diags = Vec::new();
        for ((path, _), r) in pack.files.iter().zip(results) {
            match r {
                Ok((text, file)) => files.push((path.as_str(), text, file)),
                Err(d) => diags.push(*d),
            }
        }
        let parsed = Parsed {
            pack: &pack.id,
            files,
        };
        each(pack, parsed, diags);
    };
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(jobs.len());
        if threads > 1 {
            let queue = Queue::new(jobs.len());
            std::thread::scope(|s| {
                for _ in 1..threads {
                    s.spawn(|| {
                        while let Some(i) = queue.claim() {
                            // A panic is handed to the merging thread, which would
                            // otherwise wait for this file forever.
                            let r =
                                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(i)));
                            queue.put(i, r);
                        }
                    });
                }
                let mut next = 0;
                for pack in packs {
                    let n = pack.files.len();
                    let mut results = (next..next + n).map(|k| queue.take(k, &run));
                    assemble(pack, &mut results);
                    next += n;
                }
            });
            return;
        }
    }
    let mut next = 0;
    for pack in packs {
        let n = pack.files.len();
        assemble(pack, &mut (next..next + n).map(run));
        next += n;
    }
}

/// Files parsed by any thread, each claimed once in load order and collected by index.
#[cfg(not(target_arch = "wasm32"))]
struct Queue<T> {
    next: std::sync::atomic::AtomicUsize,
    len: usize,
    done: std::sync::Mutex<Vec<Option<std::thread::Result<T>>>>,
    ready: std::sync::Condvar,
}

#[cfg(not(target_arch = "wasm32"))]
impl<T> Queue<T> {
    fn new(len: usize) -> Self {
        Self {
            next: std::sync::atomic::AtomicUsize::new(0),
            len,
            done: std::sync::Mutex::new((0..len).map(|_| None).collect()),
            ready: std::sync::Condvar::new(),
        }
    }

    fn claim(&self) -> Option<usize> {
        let i = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        (i < self.len).then_some(i)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Option<std::thread::Result<T>>>> {
        // Parsing runs outside the lock, so a poisoned lock still holds whole results.
        self.done.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn put(&self, i: usize, r: std::thread::Result<T>) {
        self.lock()[i] = Some(r);
        self.ready.notify_all();
    }

    /// Result `k`: parses other files while it is not done, waits once none are left.
    fn take(&self, k: usize, run: &dyn Fn(usize) -> T) -> T {
        loop {
            {
                let mut done = self.lock();
                while self.next.load(std::sync::atomic::Ordering::Relaxed) >= self.len
                    && done[k].is_none()
                {
                    done = self.ready.wait(done).unwrap_or_else(|e| e.into_inner());
                }
                if let Some(r) = done[k].take() {
                    return r.unwrap_or_else(|e| std::panic::resume_unwind(e));
                }
            }
            if let Some(i) = self.claim() {
                let r = run(i);
                if i == k {
                    return r;
                }
                self.put(i, Ok(r));
            }
        }
    }
}

fn parse_file<'a>(pack: &str, path: &str, bytes: &'a [u8]) -> FileResult<'a> {
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
    // Almost every file takes the fast path; errors and the unusual take toml's own.
    if let Some(file) = super::fast_toml::from_str::<ContentFile>(text, MAX_NESTING) {
        return Ok((text, file));
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
    match toml::from_str::<ContentFile>(text) {
        Ok(file) => Ok((text, file)),
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
pub(super) fn too_deep(text: &str, limit: usize) -> Option<usize> {
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
fn with_field_hint(message: &str) -> String {
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

/// What a failed pack changed in the registries: each touched id with the entry it
/// replaced (`None`: it was new), put back last to first.
#[derive(Default)]
struct Undo<'p> {
    creatures: Vec<(&'p str, Option<CreatureKind>)>,
    abilities: Vec<(&'p str, Option<Ability>)>,
    prefabs: Vec<(&'p str, Option<Prefab>)>,
    modifiers: Vec<(&'p str, Option<Modifier>)>,
    items: Vec<(&'p str, Option<Item>)>,
    affixes: Vec<(&'p str, Option<Affix>)>,
    loot: Vec<(&'p str, Option<LootTable>)>,
    traps: Vec<(&'p str, Option<Trap>)>,
    damage_types: Vec<(&'p str, Option<DamageType>)>,
    tags: Vec<(&'p str, Option<Tag>)>,
}

impl Undo<'_> {
    fn rollback(self, c: &mut Content) {
        fn back<T>(map: &mut BTreeMap<String, T>, log: Vec<(&str, Option<T>)>) {
            for (id, old) in log.into_iter().rev() {
                match old {
                    Some(v) => {
                        if let Some(slot) = map.get_mut(id) {
                            *slot = v;
                        }
                    }
                    None => {
                        map.remove(id);
                    }
                }
            }
        }
        back(&mut c.creatures, self.creatures);
        back(&mut c.abilities, self.abilities);
        back(&mut c.prefabs, self.prefabs);
        back(&mut c.modifiers, self.modifiers);
        back(&mut c.items, self.items);
        back(&mut c.affixes, self.affixes);
        back(&mut c.loot, self.loot);
        back(&mut c.traps, self.traps);
        back(&mut c.damage_types, self.damage_types);
        back(&mut c.tags, self.tags);
    }
}

fn merge<'p>(
    content: &mut Content,
    parsed: &'p Parsed<'_>,
    undo: &mut Undo<'p>,
    diags: &mut Vec<Diagnostic>,
) {
    // Each registry has its own ids: a creature and an ability may share a name.
    let mut seen_creatures = HashSet::new();
    let mut seen_abilities = HashSet::new();
    let mut seen_prefabs = HashSet::new();
    let mut seen_modifiers = HashSet::new();
    let mut seen_items = HashSet::new();
    let mut seen_affixes = HashSet::new();
    let mut seen_loot = HashSet::new();
    let mut seen_traps = HashSet::new();
    let mut seen_damage_types = HashSet::new();
    let mut seen_tags = HashSet::new();
    for (path, text, file) in &parsed.files {
        let at = |span: std::ops::Range<usize>, key: String, sev, msg: String| {
            Diagnostic::at(sev, parsed.pack, path, text, span.start, key, msg)
        };
        let mut report = |span, key, sev, msg| diags.push(at(span, key, sev, msg));
        merge_registry(
            content,
            |c: &mut Content| &mut c.creatures,
            &mut undo.creatures,
            &file.creatures,
            "creatures",
            parsed.pack,
            &mut seen_creatures,
            |d: &CreatureDef| &d.id,
            creature_kind,
            text,
            &mut report,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.abilities,
            &mut undo.abilities,
            &file.abilities,
            "abilities",
            parsed.pack,
            &mut seen_abilities,
            |d: &AbilityDef| &d.id,
            ability,
            text,
            &mut report,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.prefabs,
            &mut undo.prefabs,
            &file.prefabs,
            "prefabs",
            parsed.pack,
            &mut seen_prefabs,
            |d: &PrefabDef| &d.id,
            prefab,
            text,
            &mut report,
        );
        let pack = parsed.pack;
        merge_registry(
            content,
            |c: &mut Content| &mut c.modifiers,
            &mut undo.modifiers,
            &file.modifiers,
            "modifiers",
            pack,
            &mut seen_modifiers,
            |d: &ModifierDef| &d.id,
            registry::modifier,
            text,
            &mut report,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.items,
            &mut undo.items,
            &file.items,
            "items",
            pack,
            &mut seen_items,
            |d: &ItemDef| &d.id,
            |d: &ItemDef| {
                let (s, c) = look(&d.symbol, &d.color)?;
                registry::item(d, s, c)
            },
            text,
            &mut report,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.affixes,
            &mut undo.affixes,
            &file.affixes,
            "affixes",
            pack,
            &mut seen_affixes,
            |d: &AffixDef| &d.id,
            registry::affix,
            text,
            &mut report,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.loot,
            &mut undo.loot,
            &file.loot,
            "loot",
            pack,
            &mut seen_loot,
            |d: &LootDef| &d.id,
            registry::loot,
            text,
            &mut report,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.traps,
            &mut undo.traps,
            &file.traps,
            "traps",
            pack,
            &mut seen_traps,
            |d: &TrapDef| &d.id,
            |d: &TrapDef| {
                let (s, c) = look(&d.symbol, &d.color)?;
                registry::trap(d, s, c)
            },
            text,
            &mut report,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.damage_types,
            &mut undo.damage_types,
            &file.damage_types,
            "damage_types",
            pack,
            &mut seen_damage_types,
            |d: &DamageTypeDef| &d.id,
            |d: &DamageTypeDef| {
                let c =
                    color(d.color.get_ref()).map_err(|m| (d.color.span(), "color".into(), m))?;
                registry::damage_type(d, c)
            },
            text,
            &mut report,
        );
        merge_registry(
            content,
            |c: &mut Content| &mut c.tags,
            &mut undo.tags,
            &file.tags,
            "tags",
            pack,
            &mut seen_tags,
            |d: &TagDef| &d.id,
            registry::tag,
            text,
            &mut report,
        );
        if let Some(p) = &file.progression {
            match registry::progression(p.get_ref()) {
                Ok(prog) => content.progression = prog,
                Err(msg) => diags.push(at(p.span(), "progression".into(), Severity::Error, msg)),
            }
        }
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
fn merge_registry<'p, D, T>(
    content: &mut Content,
    field: fn(&mut Content) -> &mut BTreeMap<String, T>,
    undo: &mut Vec<(&'p str, Option<T>)>,
    entries: &'p [Spanned<D>],
    name: &str,
    pack: &str,
    seen: &mut HashSet<&'p str>,
    id_of: impl Fn(&'p D) -> &'p Spanned<String>,
    convert: impl Fn(&D) -> Result<T, FieldError>,
    text: &str,
    report: &mut Report<'_>,
) {
    for (i, entry) in entries.iter().enumerate() {
        let def = entry.get_ref();
        // Key paths are only formatted for a diagnostic.
        let key = || format!("{name}[{i}]");
        let id_span = id_of(def);
        let id = id_span.get_ref();
        // One search of the registry per entry (the key is needed for a new one anyway).
        let slot = field(content).entry(id.clone());
        let exists = matches!(slot, Entry::Occupied(_));
        if !check_id(id, pack, exists, seen, &mut |m| {
            report(id_span.span(), format!("{}.id", key()), Severity::Error, m)
        }) {
            continue;
        }
        match convert(def) {
            Ok(value) => {
                let old = match slot {
                    Entry::Occupied(mut o) => Some(o.insert(value)),
                    Entry::Vacant(v) => {
                        v.insert(value);
                        None
                    }
                };
                let replaced = old.is_some();
                undo.push((id, old));
                if replaced {
                    report(
                        id_span.span(),
                        format!("{}.id", key()),
                        Severity::Warning,
                        format!("`{id}` replaces the definition from an earlier pack"),
                    );
                }
            }
            Err((mut span, field, msg)) => {
                // Values without spans of their own (plain numbers) are reported at the
                // entry's id; their key inside the entry is the better place.
                if span == id_span.span()
                    && let Some(last) = field.rsplit('.').next()
                    && last != "id"
                {
                    span = find_key(text, last, &entry.span());
                }
                report(span, format!("{}.{field}", key()), Severity::Error, msg)
            }
        }
    }
}

/// Namespacing and duplicate rules for a new id; reports through `report` and says if usable.
fn check_id<'p>(
    id: &'p str,
    pack: &str,
    exists: bool,
    seen: &mut HashSet<&'p str>,
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
    if !seen.insert(id) {
        report(format!("`{id}` is defined twice in this pack"));
        return false;
    }
    true
}

/// A symbol and a colour, checked.
fn look(sym: &Spanned<String>, col: &Spanned<String>) -> Result<(char, [u8; 3]), FieldError> {
    let s = symbol(sym).map_err(|m| (sym.span(), "symbol".to_string(), m))?;
    let c = color(col.get_ref()).map_err(|m| (col.span(), "color".to_string(), m))?;
    Ok((s, c))
}

fn creature_kind(def: &CreatureDef) -> Result<CreatureKind, FieldError> {
    let b = &def.base;
    let mut base = Base {
        max_health: b.max_health.unwrap_or(10.0),
        max_stamina: b.max_stamina.unwrap_or(0.0),
        damage: b.damage.unwrap_or(1.0),
        hit_chance: b.hit_chance.unwrap_or(0.7),
        critical_chance: b.critical_chance.unwrap_or(0.05),
        critical_factor: b.critical_factor.unwrap_or(1.5),
        dexterity: b.dexterity.unwrap_or(0.0),
        luck: b.luck.unwrap_or(0.0),
        resistance: BTreeMap::new(),
    };
    // Inserted one by one: `collect` sorts through a buffer, costly for the usual one key.
    for (k, v) in &b.resistance {
        base.resistance.insert(damage_type_id(k), *v);
    }
    let span = || def.id.span();
    for (name, v) in [
        ("hit_chance", base.hit_chance),
        ("critical_chance", base.critical_chance),
    ] {
        if !(0.0..=1.0).contains(&v) {
            return Err((
                span(),
                format!("base.{name}"),
                format!("`{name}` = {v} is a probability: expected 0..1"),
            ));
        }
    }
    if base.max_health <= 0.0 {
        return Err((
            span(),
            "base.max_health".into(),
            format!("`max_health` = {} must be above 0", base.max_health),
        ));
    }
    for (name, v) in [("max_stamina", base.max_stamina), ("damage", base.damage)] {
        if v < 0.0 {
            return Err((
                span(),
                format!("base.{name}"),
                format!("`{name}` = {v} must not be negative"),
            ));
        }
    }
    let (symbol, color) = look(&def.symbol, &def.color)?;
    Ok(CreatureKind {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        symbol,
        color,
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
        loot: def.loot.as_ref().map(|l| l.get_ref().clone()),
        triggers: registry::triggers(&def.triggers, "triggers")?,
        hostile: def.hostile,
        movement: def.movement.clone(),
    })
}

fn ability(def: &AbilityDef) -> Result<Ability, FieldError> {
    let cost = *def.cost.get_ref();
    if cost < 0.0 {
        return Err((
            def.cost.span(),
            "cost".into(),
            format!("cost {cost} must not be negative"),
        ));
    }
    let (symbol, color) = look(&def.symbol, &def.color)?;
    Ok(Ability {
        id: def.id.get_ref().clone(),
        name: def.name.clone(),
        symbol,
        color,
        cost,
        cooldown: def.cooldown,
        condition: def.condition.clone(),
        actions: def.actions.iter().map(registry::normalize_action).collect(),
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
                "legend".into(),
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
        .map_err(|(field, msg)| (def.id.span(), "rows".into(), format!("{field}: {msg}")))?;
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
    // Key paths and the places of span-less strings are only worked out for a diagnostic:
    // the closures below run on the (rare) miss.
    let mut deferred = Vec::new();
    for (path, text, file) in &parsed.files {
        let mut r = Refs {
            content,
            pack: parsed.pack,
            path,
            text,
            diags,
        };
        for (i, c) in file.creatures.iter().enumerate() {
            let def = c.get_ref();
            let span = c.span();
            let key = || format!("creatures[{i}]");
            for (j, a) in def.abilities.iter().enumerate() {
                r.check(Kind::Ability, a, || format!("{}.abilities[{j}]", key()));
            }
            for (j, t) in def.tags.iter().enumerate() {
                r.check(Kind::Tag, t, || format!("{}.tags[{j}]", key()));
            }
            for dt in def.base.resistance.keys() {
                r.check_at(
                    Kind::DamageType,
                    &damage_type_id(dt),
                    || find_key(text, dt, &span),
                    || format!("{}.base.resistance.{dt}", key()),
                );
            }
            if let Some(l) = &def.loot {
                r.check(Kind::Loot, l, || format!("{}.loot", key()));
            }
            for (j, e) in def.ai.iter().enumerate() {
                r.check(Kind::Ability, &e.ability, || {
                    format!("{}.ai[{j}].ability", key())
                });
                r.conditions(&e.condition, &span, &|| {
                    format!("{}.ai[{j}].condition", key())
                });
            }
            r.triggers(&def.triggers, &span, &|| format!("{}.triggers", key()));
            if let Some(last) = def.ai.last()
                && !last.condition.is_empty()
            {
                deferred.push(Diagnostic::at(
                    Severity::Warning,
                    parsed.pack,
                    path,
                    text,
                    last.ability.span().start,
                    format!("{}.ai[{}]", key(), def.ai.len() - 1),
                    "the last `ai` entry has a condition: when none holds the creature stands still",
                ));
            }
        }
        for (i, a) in file.abilities.iter().enumerate() {
            let def = a.get_ref();
            let span = a.span();
            r.conditions(&def.condition, &span, &|| {
                format!("abilities[{i}].condition")
            });
            r.actions(&def.actions, &span, &|| format!("abilities[{i}].actions"));
        }
        for (i, m) in file.modifiers.iter().enumerate() {
            let def = m.get_ref();
            let span = m.span();
            for (j, e) in def.effects.iter().enumerate() {
                if let Some(dt) = &e.damage_type {
                    r.check_at(
                        Kind::DamageType,
                        &damage_type_id(dt.get_ref()),
                        || dt.span(),
                        || format!("modifiers[{i}].effects[{j}].damage_type"),
                    );
                }
                r.conditions(&e.condition, &span, &|| {
                    format!("modifiers[{i}].effects[{j}].condition")
                });
            }
            r.triggers(&def.triggers, &span, &|| format!("modifiers[{i}].triggers"));
        }
        for (i, it) in file.items.iter().enumerate() {
            let def = it.get_ref();
            let span = it.span();
            for (j, m) in def.modifiers.iter().enumerate() {
                r.check(Kind::Modifier, m, || format!("items[{i}].modifiers[{j}]"));
            }
            r.actions(&def.actions, &span, &|| format!("items[{i}].actions"));
            r.triggers(&def.triggers, &span, &|| format!("items[{i}].triggers"));
        }
        for (i, a) in file.affixes.iter().enumerate() {
            for (j, m) in a.get_ref().modifiers.iter().enumerate() {
                r.check(Kind::Modifier, m, || format!("affixes[{i}].modifiers[{j}]"));
            }
        }
        for (i, l) in file.loot.iter().enumerate() {
            for (j, e) in l.get_ref().entries.iter().enumerate() {
                if let Some(item) = &e.item {
                    r.check(Kind::Item, item, || format!("loot[{i}].entries[{j}].item"));
                }
            }
        }
        for (i, t) in file.traps.iter().enumerate() {
            r.actions(&t.get_ref().actions, &t.span(), &|| {
                format!("traps[{i}].actions")
            });
        }
        for (i, p) in file.prefabs.iter().enumerate() {
            for (key, id) in &p.get_ref().legend {
                r.check(Kind::Creature, id, || format!("prefabs[{i}].legend.{key}"));
            }
        }
        for (i, f) in file.floors.iter().enumerate() {
            let def = f.get_ref();
            let key = format!("floors[{i}]");
            let mut known = true;
            for (j, id) in def.prefabs.iter().enumerate() {
                known &= r.check(Kind::Prefab, id, || format!("{key}.prefabs[{j}]"));
            }
            let floor_error = |at: String, msg: String| {
                Diagnostic::at(
                    Severity::Error,
                    parsed.pack,
                    path,
                    text,
                    f.span().start,
                    at,
                    msg,
                )
            };
            if known && let Err(msg) = def.profile(&content.prefabs).validate() {
                deferred.push(floor_error(key.clone(), msg));
            }
            for (j, s) in def.spawns.iter().enumerate() {
                r.check(Kind::Creature, &s.id, || format!("{key}.spawns[{j}].id"));
            }
            for (j, s) in def.trap_kinds.iter().enumerate() {
                r.check(Kind::Trap, &s.id, || format!("{key}.trap_kinds[{j}].id"));
            }
            if def.traps > 0 && def.trap_kinds.iter().all(|s| s.weight == 0) {
                deferred.push(floor_error(
                    format!("{key}.trap_kinds"),
                    format!(
                        "the floor places {} trap(s) but `trap_kinds` names none to draw from",
                        def.traps
                    ),
                ));
            }
            if let Some(l) = &def.loot {
                r.check(Kind::Loot, l, || format!("{key}.loot"));
            }
        }
    }
    diags.append(&mut deferred);
    if parsed.pack == "core" && !content.creatures.contains_key("core:hero") {
        diags.push(Diagnostic {
            severity: Severity::Error,
            pack: parsed.pack.to_string(),
            file: String::new(),
            line: 0,
            column: 0,
            path: String::new(),
            message: "the core pack must define `core:hero`".into(),
            source_line: String::new(),
        });
    }
}

/// The text an entry owns: an `[[array]]` entry's span covers only its header, so its body
/// runs on to the next table header (or the end of the file).
fn extent(text: &str, within: &std::ops::Range<usize>) -> (usize, usize) {
    let start = within.start.min(text.len());
    let end = within.end.clamp(start, text.len());
    let body_end = text[end..].find("\n[").map_or(text.len(), |i| end + i + 1);
    (start, body_end.max(end))
}

/// Where a table key (`physical = 0.3`) stands inside the span `within`; else `within`.
fn find_key(text: &str, key: &str, within: &std::ops::Range<usize>) -> std::ops::Range<usize> {
    let (start, end) = extent(text, within);
    let hay = &text[start..end];

    let mut from = 0;
    while let Some(i) = hay[from..].find(key) {
        let at = from + i;
        let before = hay[..at].chars().last();
        let after = hay[at + key.len()..].trim_start().chars().next();
        if !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after == Some('=') {
            return start + at..start + at + key.len();
        }
        from = at + key.len();
    }
    within.clone()
}

/// What a reference points at.
#[derive(Clone, Copy)]
enum Kind {
    Creature,
    Ability,
    Modifier,
    Item,
    Loot,
    Trap,
    Prefab,
    DamageType,
    Tag,
}

/// The condition attributes: `health` and `stamina` as shares of their maximum, the others
/// as values.
pub(crate) const CONDITION_ATTRIBUTES: [&str; 9] = [
    "health",
    "stamina",
    "damage",
    "hit_chance",
    "critical_chance",
    "critical_factor",
    "dexterity",
    "luck",
    "max_health",
];

/// Reference checks of one file against the content merged so far.
struct Refs<'a> {
    content: &'a Content,
    pack: &'a str,
    path: &'a str,
    text: &'a str,
    diags: &'a mut Vec<Diagnostic>,
}

impl Refs<'_> {
    fn known(&self, kind: Kind) -> (&'static str, Vec<&str>) {
        let c = self.content;
        fn keys<T>(m: &BTreeMap<String, T>) -> Vec<&str> {
            m.keys().map(String::as_str).collect()
        }
        match kind {
            Kind::Creature => ("creature", keys(&c.creatures)),
            Kind::Ability => (
                "ability",
                keys(&c.abilities)
                    .into_iter()
                    .chain(BUILTIN_ABILITIES)
                    .collect(),
            ),
            Kind::Modifier => ("modifier", keys(&c.modifiers)),
            Kind::Item => ("item", keys(&c.items)),
            Kind::Loot => ("loot table", keys(&c.loot)),
            Kind::Trap => ("trap", keys(&c.traps)),
            Kind::Prefab => ("prefab", keys(&c.prefabs)),
            Kind::DamageType => ("damage type", keys(&c.damage_types)),
            Kind::Tag => ("tag", keys(&c.tags)),
        }
    }

    /// A map lookup: building the list of known names is left to the (rare) miss.
    fn contains(&self, kind: Kind, id: &str) -> bool {
        let c = self.content;
        match kind {
            Kind::Creature => c.creatures.contains_key(id),
            Kind::Ability => c.abilities.contains_key(id) || BUILTIN_ABILITIES.contains(&id),
            Kind::Modifier => c.modifiers.contains_key(id),
            Kind::Item => c.items.contains_key(id),
            Kind::Loot => c.loot.contains_key(id),
            Kind::Trap => c.traps.contains_key(id),
            Kind::Prefab => c.prefabs.contains_key(id),
            Kind::DamageType => c.damage_types.contains_key(id),
            Kind::Tag => c.tags.contains_key(id),
        }
    }

    fn check(&mut self, kind: Kind, id: &Spanned<String>, key: impl FnOnce() -> String) -> bool {
        self.check_at(kind, id.get_ref(), || id.span(), key)
    }

    /// Reports an unknown id with the nearest known one; says whether it was known. The
    /// place and key path are worked out only for a miss.
    fn check_at(
        &mut self,
        kind: Kind,
        id: &str,
        span: impl FnOnce() -> std::ops::Range<usize>,
        key: impl FnOnce() -> String,
    ) -> bool {
        if self.contains(kind, id) {
            return true;
        }
        let (what, known) = self.known(kind);
        let hint = nearest(id, known.iter().copied())
            .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
        self.error(span(), key(), format!("unknown {what} `{id}`{hint}"));
        false
    }

    fn error(&mut self, span: std::ops::Range<usize>, key: String, msg: String) {
        self.diags.push(Diagnostic::at(
            Severity::Error,
            self.pack,
            self.path,
            self.text,
            span.start,
            key,
            msg,
        ));
    }

    /// Where a string stands inside the entry spanning `within` (serde's internally tagged
    /// enums keep no spans of their own): the quoted string's first place, else the entry.
    fn find(&self, needle: &str, within: &std::ops::Range<usize>) -> std::ops::Range<usize> {
        Refs::find_in(self.text, needle, within)
    }

    fn check_in(
        &mut self,
        kind: Kind,
        id: &str,
        within: &std::ops::Range<usize>,
        key: impl FnOnce() -> String,
    ) {
        let text = self.text;
        let span = || Refs::find_in(text, id, within);
        self.check_at(kind, id, span, key);
    }

    /// `find` without borrowing `self`, for the lazy places.
    fn find_in(
        text: &str,
        needle: &str,
        within: &std::ops::Range<usize>,
    ) -> std::ops::Range<usize> {
        let (start, end) = extent(text, within);
        let hay = &text[start..end];
        for quoted in [format!("\"{needle}\""), format!("'{needle}'")] {
            if let Some(i) = hay.find(&quoted) {
                return start + i + 1..start + i + 1 + needle.len();
            }
        }
        within.clone()
    }

    fn conditions(
        &mut self,
        list: &[Condition],
        within: &std::ops::Range<usize>,
        key: &dyn Fn() -> String,
    ) {
        for (i, c) in list.iter().enumerate() {
            let key = || format!("{}[{i}]", key());
            match c {
                Condition::Attribute {
                    attribute,
                    below,
                    above,
                    ..
                } => {
                    let unknown = !CONDITION_ATTRIBUTES.contains(&attribute.as_str());
                    let open = below.is_none() && above.is_none();
                    if !unknown && !open {
                        continue;
                    }
                    let span = self.find(attribute, within);
                    if unknown {
                        let hint = nearest(attribute, CONDITION_ATTRIBUTES)
                            .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
                        self.error(
                            span.clone(),
                            format!("{}.attribute", key()),
                            format!("unknown condition attribute `{attribute}`{hint}"),
                        );
                    }
                    if open {
                        self.error(
                            span,
                            key(),
                            "an attribute check needs `below`, `above` or both".into(),
                        );
                    }
                }
                Condition::Tag { tag, .. } => {
                    self.check_in(Kind::Tag, tag, within, || format!("{}.tag", key()));
                }
                Condition::HasModifier { modifier, .. } => {
                    self.check_in(Kind::Modifier, modifier, within, || {
                        format!("{}.modifier", key())
                    });
                }
            }
        }
    }

    fn actions(
        &mut self,
        list: &[ActionDef],
        within: &std::ops::Range<usize>,
        key: &dyn Fn() -> String,
    ) {
        for (i, a) in list.iter().enumerate() {
            let key = || format!("{}[{i}]", key());
            match a {
                ActionDef::Damage { damage_type, .. } => {
                    let text = self.text;
                    let id = damage_type_id(damage_type);
                    self.check_at(
                        Kind::DamageType,
                        &id,
                        || Refs::find_in(text, damage_type, within),
                        || format!("{}.damage_type", key()),
                    );
                }
                ActionDef::ApplyModifier { modifier, .. }
                | ActionDef::RemoveModifier { modifier, .. } => {
                    self.check_in(Kind::Modifier, modifier, within, || {
                        format!("{}.modifier", key())
                    });
                }
                ActionDef::Summon { creature, .. } => {
                    self.check_in(Kind::Creature, creature, within, || {
                        format!("{}.creature", key())
                    });
                }
                ActionDef::Heal { .. }
                | ActionDef::RestoreStamina { .. }
                | ActionDef::GrantGold { .. }
                | ActionDef::Flee => {}
            }
        }
    }

    fn triggers(
        &mut self,
        list: &[super::schema::TriggerDef],
        within: &std::ops::Range<usize>,
        key: &dyn Fn() -> String,
    ) {
        for (i, t) in list.iter().enumerate() {
            self.conditions(&t.condition, within, &|| {
                format!("{}[{i}].condition", key())
            });
            self.actions(&t.actions, within, &|| format!("{}[{i}].actions", key()));
        }
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
    fn a_floor_with_traps_must_say_which() {
        let floor = "[[floors]]\ndepth = 1\nwidth = 21\nheight = 21\ntraps = 2\n";
        let (content, report) = load_packs(&[core_pack(), pack(&[("f.toml", floor)])]);
        let d = &report.diagnostics[0];
        assert_eq!((d.line, d.path.as_str()), (1, "floors[0].trap_kinds"));
        assert!(d.message.contains("places 2 trap(s)"), "{}", d.message);
        assert_eq!(report.skipped.len(), 1, "the pack is skipped");
        assert_eq!(content.floors, Content::core().unwrap().floors);
        let fine = format!("{floor}trap_kinds = [{{ id = \"core:spike_trap\", weight = 1 }}]\n");
        let (_, report) = load_packs(&[core_pack(), pack(&[("f.toml", &fine)])]);
        assert!(!report.has_errors(), "{report}");
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
