//! One mistake, one error: single mistakes of many kinds seeded one at a time into a working
//! mod whose entries name each other across files (tests/fixtures/mistakes/frostfell), each
//! giving exactly one error, at the file and line of the mistake; what names a refused entry
//! is a note under its error.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use delve::content::mods::load_with_mods;
use delve::content::{Diagnostic, LoadReport, Severity};

use super::content_fixtures::{copy_dir, scratch};

fn working_mod() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mistakes")
}

/// A mistake: what it is, the file it is made in, the text it changes there, and to what.
type Mistake = (&'static str, &'static str, &'static str, &'static str);

/// Twenty-two mistakes a modder makes, of different kinds: field names, values out of range,
/// wrong types, TOML syntax, unknown names of every kind, a misspelt table.
const MISTAKES: &[Mistake] = &[
    (
        "a misspelt field in a creature's base",
        "creatures.toml",
        "max_health = 12",
        "max_helth = 12",
    ),
    (
        "a misspelt field of a creature",
        "creatures.toml",
        "abilities = [\"core:attack\", \"frostfell:rime_touch\"]\nai",
        "abilites = [\"core:attack\", \"frostfell:rime_touch\"]\nai",
    ),
    (
        "a misspelt field of a modifier",
        "modifiers.toml",
        "duration = 3",
        "duratoin = 3",
    ),
    (
        "an ability's cost below 0",
        "abilities.toml",
        "cost = 4",
        "cost = -4",
    ),
    (
        "an ability's range past the limit",
        "abilities.toml",
        "cooldown = 2\n",
        "cooldown = 2\nrange = 25\n",
    ),
    (
        "a missing closing quote",
        "creatures.toml",
        "name = \"Rime sprite\"",
        "name = \"Rime sprite",
    ),
    (
        "an unknown colour",
        "creatures.toml",
        "symbol = \"s\"\ncolor = \"cyan\"",
        "symbol = \"s\"\ncolor = \"cyann\"",
    ),
    (
        "a symbol of two characters",
        "creatures.toml",
        "symbol = \"s\"",
        "symbol = \"ss\"",
    ),
    (
        "a loot table naming an unknown item",
        "loot.toml",
        "item = \"frostfell:frost_potion\"",
        "item = \"frostfell:frost_potoin\"",
    ),
    (
        "a misspelt field of a class",
        "classes.toml",
        "base = { max_health = 40, max_stamina = 50 }",
        "base = { max_health = 40, max_stamina = 50 }\nper_levle = { max_health = 5 }",
    ),
    (
        "an ability naming an unknown modifier",
        "abilities.toml",
        "modifier = \"frostfell:chilled\", target = \"target\"",
        "modifier = \"frostfell:chiled\", target = \"target\"",
    ),
    (
        "an unknown slot",
        "items.toml",
        "slot = \"consumable\"",
        "slot = \"consumible\"",
    ),
    (
        "a negative number of loot rolls",
        "loot.toml",
        "rolls = 1",
        "rolls = -1",
    ),
    (
        "a spawn on floor 0",
        "creatures.toml",
        "depths = [1, 2]",
        "depths = [0, 2]",
    ),
    ("negative experience", "creatures.toml", "xp = 6", "xp = -5"),
    ("a misspelt table name", "loot.toml", "[[loot]]", "[[lot]]"),
    (
        "an unknown damage type",
        "abilities.toml",
        "damage_type = \"cold\"",
        "damage_type = \"cld\"",
    ),
    (
        "a class wearing an unknown item",
        "classes.toml",
        "wear = [\"core:warded_robe\"]",
        "wear = [\"core:warded_rob\"]",
    ),
    (
        "a misspelt attribute in a modifier's effect",
        "modifiers.toml",
        "attribute = \"dexterity\"",
        "attribute = \"dexterty\"",
    ),
    (
        "a number written as a string",
        "items.toml",
        "value = 20",
        "value = \"20\"",
    ),
    (
        "a copy of an unknown creature",
        "creatures.toml",
        "copy_from = \"core:rat\"",
        "copy_from = \"core:ratt\"",
    ),
    (
        "a creature naming an unknown loot table",
        "creatures.toml",
        "loot = \"frostfell:frost_loot\"",
        "loot = \"frostfell:frostloot\"",
    ),
];

fn load(dir: &Path) -> LoadReport {
    load_with_mods(dir, &BTreeSet::new()).1
}

fn errors(report: &LoadReport) -> Vec<&Diagnostic> {
    (report.diagnostics.iter())
        .filter(|d| d.severity == Severity::Error)
        .collect()
}

/// The working mod with `changes` made, each (file, text, replacement) once.
fn with_changes(name: &str, changes: &[(&str, &str, &str)]) -> PathBuf {
    let dir = scratch(name);
    copy_dir(&working_mod(), &dir);
    for (file, from, to) in changes {
        let path = dir.join("frostfell").join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.matches(from).count(), 1, "{file} writes `{from}` once");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    }
    dir
}

/// The line, in the changed file, of the first line of `to` that `from` did not write.
fn line_of_change(path: &Path, from: &str, to: &str) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let new = (to.lines())
        .find(|l| !from.lines().any(|f| f == *l))
        .unwrap_or(to);
    1 + text[..text.find(new).unwrap()].matches('\n').count()
}

#[test]
fn each_single_mistake_is_one_error_at_its_place() {
    let report = load(&working_mod());
    assert!(
        errors(&report).is_empty(),
        "the working mod loads: {report}"
    );
    assert_eq!(report.loaded, ["core", "frostfell"]);
    let mut failures = Vec::new();
    for (i, &(what, file, from, to)) in MISTAKES.iter().enumerate() {
        let dir = with_changes(&format!("mistake-{i}"), &[(file, from, to)]);
        let report = load(&dir);
        let errors = errors(&report);
        let line = line_of_change(&dir.join("frostfell").join(file), from, to);
        match errors.as_slice() {
            [one]
                if one.file == file
                    && one.line == line
                    && !report.loaded.contains(&"frostfell".to_string()) => {}
            _ => failures.push(format!(
                "{what} ({file}:{line}): {} error(s)\n{report}",
                errors.len()
            )),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn what_names_a_refused_entry_is_a_note_under_its_error() {
    // The ability is named by the creature (twice), its copy and the class, in two other
    // files.
    let dir = with_changes(
        "refused-notes",
        &[("abilities.toml", "cost = 4", "cost = -4")],
    );
    let report = load(&dir);
    let [error] = errors(&report)[..] else {
        panic!("one error: {report}")
    };
    let named: Vec<&str> = error.notes.iter().map(String::as_str).collect();
    // The creature's copy inherits both names, at its `copy_from`.
    assert_eq!(named.len(), 5, "{report}");
    for (path, place) in [
        ("creatures[2].abilities[1]", "frostfell/creatures.toml:22:"),
        ("creatures[2].ai[0].ability", "frostfell/creatures.toml:22:"),
        ("creatures[0].abilities[1]", "frostfell/creatures.toml:7:"),
        ("creatures[0].ai[0].ability", "frostfell/creatures.toml:8:"),
        ("classes[0].abilities[1]", "frostfell/classes.toml:8:"),
    ] {
        assert!(
            named.iter().any(|n| n
                .starts_with("`frostfell:rime_touch` was not loaded (see above)")
                && n.contains(&format!("`{path}`"))
                && n.contains(place)),
            "a note for {path}: {named:?}"
        );
    }
    assert!(
        report
            .to_string()
            .contains("= note: `frostfell:rime_touch` was not loaded"),
        "{report}"
    );
    // A copy of a refused creature waits on its error too.
    let dir = with_changes(
        "refused-copy",
        &[("creatures.toml", "max_health = 12", "max_helth = 12")],
    );
    let report = load(&dir);
    let [error] = errors(&report)[..] else {
        panic!("one error: {report}")
    };
    assert!(
        error
            .notes
            .iter()
            .any(|n| n.contains("`creatures[2].copy_from`")),
        "{report}"
    );
}

#[test]
fn two_mistakes_in_one_file_are_two_errors_counted_as_the_file_writes_them() {
    // The first creature is refused as it is read (and the third, its copy, waits on it);
    // the second's unknown ability is still found, its key path counted as the file writes
    // the entries.
    let dir = with_changes(
        "two-mistakes",
        &[
            ("creatures.toml", "max_health = 12", "max_helth = 12"),
            (
                "creatures.toml",
                "name = \"Ice rat\"",
                "name = \"Ice rat\"\nabilities = [\"core:atack\"]",
            ),
        ],
    );
    let report = load(&dir);
    let paths: Vec<&str> = errors(&report).iter().map(|d| d.path.as_str()).collect();
    assert_eq!(
        paths,
        ["creatures[0].base", "creatures[1].abilities[0]"],
        "{report}"
    );
}

#[test]
fn a_room_features_chance_out_of_range_is_one_error_at_that_chance() {
    let dir = scratch("feature-chance");
    let floor = "[[floors]]\ndepth = 2\nwidth = 41\nheight = 31\nrooms = 5\nmonsters = 2\n\
                 spawns = [ { id = \"core:rat\", weight = 1 } ]\nfeatures = [\n  \
                 { terrain = \"core:grass\", chance = 0.2, shape = \"patch\" },\n  \
                 { terrain = \"core:lava\", chance = 1.5, shape = \"pool\" },\n]\n";
    std::fs::create_dir_all(dir.join("hot")).unwrap();
    std::fs::write(
        dir.join("hot/mod.toml"),
        "id = \"hot\"\nname = \"Hot\"\nversion = \"1.0.0\"\nengine = \"1\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("hot/floors.toml"), floor).unwrap();
    let report = load(&dir);
    let [error] = errors(&report)[..] else {
        panic!("one error: {report}")
    };
    assert_eq!(error.path, "floors[0].features[1].chance", "{report}");
    assert_eq!((error.line, error.column), (10, 28), "{report}");
    assert!(
        error.message.starts_with("`chance` = 1.5 is a probability"),
        "{report}"
    );
}
