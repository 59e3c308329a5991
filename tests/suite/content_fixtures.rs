//! Content diagnostics against fixture mods (tests/fixtures/mods/<case>/), override and
//! `[balance]` rules, load order, MODDING.md drift, and a loader fuzz.
//!
//! Each case folder is a mods folder; `expected.txt` beside its mods holds the report as
//! `delve check-mods` renders it. `UPDATE_FIXTURES=1 cargo test` rewrites those files; review
//! the diff before committing it.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use delve::content::art::Picture;
use delve::content::mods::{bundled, discover, load_folders, load_with_mods, read_folders};
use delve::content::{Content, LoadReport, MAX_FILE_BYTES, Pack, Severity, core_pack, load_packs};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mods")
}

/// A fresh copy of a fixture case in a temp folder, so a case can add generated files.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("delve-fixture-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub(crate) fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

fn load(dir: &Path) -> (Content, LoadReport) {
    load_with_mods(dir, &BTreeSet::new())
}

/// One line per diagnostic (for reading) followed by the rendered report.
fn render(report: &LoadReport) -> String {
    let mut out = String::new();
    for d in &report.diagnostics {
        out += &format!(
            "{:?} {} {}:{}:{} [{}] {}\n",
            d.severity, d.pack, d.file, d.line, d.column, d.path, d.message
        );
    }
    out += "----\n";
    out += &report.to_string();
    out.push('\n');
    out
}

/// Each class of located problem with its fixture: which packs must be skipped, which load.
const CASES: &[(&str, &[&str], &[&str])] = &[
    ("toml_syntax", &["broken"], &[]),
    ("unknown_field", &["typo"], &[]),
    ("wrong_type", &["types"], &[]),
    ("probability", &["odds"], &[]),
    ("negative_cost", &["costly"], &[]),
    ("duplicate_id", &["twice"], &[]),
    ("unresolved", &["dangling"], &[]),
    ("namespace", &["outsider"], &[]),
    ("missing_mod_toml", &["orphan"], &[]),
    ("invalid_mod_toml", &["bad_meta"], &[]),
    ("invalid_mod_id", &["bad_id"], &[]),
    ("engine_version", &["future"], &[]),
    ("load_after_cycle", &["alpha", "beta"], &[]),
    ("load_after_missing", &["lonely"], &["bestiary"]),
    ("symbol", &["glyphs"], &[]),
    ("not_utf8", &["latin"], &[]),
    ("too_large", &["huge"], &[]),
    ("nesting", &["deep"], &[]),
    ("balance_swapped_pair", &["clamped"], &[]),
    ("balance_not_finite", &["nancap"], &[]),
    ("balance_out_of_range", &["nofloors"], &[]),
    ("not_finite", &["infinite"], &[]),
    ("action_amount", &["drain"], &[]),
    ("ai_last_conditional", &[], &["cautious"]),
    ("override", &[], &["remix"]),
    ("unknown_icon", &["icons"], &[]),
    ("bad_sprite", &["sprites"], &[]),
    ("spawn_past_last_floor", &["deepdweller"], &[]),
    ("spawn_zero_weight", &["weightless"], &[]),
    ("loot_unknown_table", &["misplaced"], &[]),
    ("prefab_misfit", &["sprawl"], &[]),
    ("mod_conflicts", &["rival_a"], &["rival_b"]),
    ("floor_conflict", &[], &["gremlins", "newts"]),
];

#[test]
fn every_fixture_reports_located_diagnostics() {
    let update = std::env::var_os("UPDATE_FIXTURES").is_some();
    let mut failures = Vec::new();
    let listed: BTreeSet<String> = CASES.iter().map(|c| c.0.to_string()).collect();
    let on_disk: BTreeSet<String> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        listed, on_disk,
        "every fixture folder has a CASES line and back"
    );
    for &(case, skipped, loaded) in CASES {
        let src = fixtures().join(case);
        let dir = scratch(case);
        copy_dir(&src, &dir);
        std::fs::remove_file(dir.join("expected.txt")).ok();
        if case == "too_large" {
            // One comment line past the limit: the size check must fire before parsing.
            let big = format!("#{}\n", "x".repeat(MAX_FILE_BYTES));
            std::fs::write(dir.join("huge/big.toml"), big).unwrap();
        }
        let (content, report) = load(&dir);
        std::fs::remove_dir_all(&dir).ok();
        assert!(
            content.creature("core:hero").is_some(),
            "{case}: core still loads"
        );
        // The browser's renderer writes what annotate-snippets does (which cuts long lines).
        for d in report
            .diagnostics
            .iter()
            .filter(|d| d.source_line.len() < 100)
        {
            assert_eq!(d.render_plain(), d.render(), "{case}: the two renderers");
        }
        for s in skipped {
            assert!(
                report.skipped.iter().any(|p| p == s) && !report.loaded.iter().any(|p| p == s),
                "{case}: `{s}` must be skipped\n{report}"
            );
        }
        for l in loaded {
            assert!(
                report.loaded.iter().any(|p| p == l),
                "{case}: `{l}` must load\n{report}"
            );
        }
        let want_severity = if skipped.is_empty() {
            Severity::Warning
        } else {
            Severity::Error
        };
        assert!(
            report
                .diagnostics
                .iter()
                .any(|d| d.severity == want_severity),
            "{case}: expected a {want_severity:?}\n{report}"
        );
        for d in &report.diagnostics {
            assert!(
                !d.file.is_empty() && d.line >= 1 && d.column >= 1,
                "{case}: unlocated diagnostic {d:?}"
            );
        }
        let got = render(&report);
        let expected_path = src.join("expected.txt");
        if update {
            std::fs::write(&expected_path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if got != want {
            failures.push(format!("--- {case}: expected\n{want}\n--- got\n{got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "reports differ from expected.txt (rerun with UPDATE_FIXTURES=1 and review):\n{}",
        failures.join("\n")
    );
}

fn mod_dir(root: &Path, id: &str, load_after: &[&str], files: &[(&str, &str)]) {
    let dir = root.join(id);
    std::fs::create_dir_all(&dir).unwrap();
    let after: Vec<String> = load_after.iter().map(|a| format!("\"{a}\"")).collect();
    std::fs::write(
        dir.join("mod.toml"),
        format!(
            "id = \"{id}\"\nname = \"{id}\"\nversion = \"1.0.0\"\nengine = \"1\"\nload_after = [{}]\n",
            after.join(", ")
        ),
    )
    .unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
}

#[test]
fn the_bundled_example_mods_load_cleanly() {
    let (content, report) = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples"));
    assert!(!report.has_errors(), "{report}");
    assert_eq!(report.loaded, ["core", "bestiary", "hardcore"]);
    assert!(content.creature("bestiary:fire_imp").is_some());
}

#[test]
fn the_browser_carries_the_same_mods_and_loads_them_the_same_way() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples");
    let on_disk = read_folders(&dir);
    let embedded = bundled();
    assert_eq!(
        embedded.iter().map(|f| &f.folder).collect::<Vec<_>>(),
        ["bestiary", "hardcore"]
    );
    assert_eq!(
        embedded, on_disk,
        "build.rs embeds exactly the examples folder"
    );
    let (from_disk, disk_report) = load(&dir);
    let (from_binary, binary_report) = load_folders(&embedded, &BTreeSet::new());
    assert_eq!(binary_report, disk_report);
    assert_eq!(from_binary.fingerprint(), from_disk.fingerprint());
    // The sprites come along: the browser draws the mods' own pictures too.
    for (id, file) in [
        ("bestiary:fire_imp", "fire_imp.png"),
        ("core:rat", "plague_rat.png"),
    ] {
        let picture = &from_binary.creatures[id].picture;
        let Picture::Sprite(sprite) = picture else {
            panic!("{id}: {picture:?}");
        };
        assert_eq!(
            (sprite.file.as_str(), sprite.width, sprite.height),
            (file, 32, 32)
        );
        assert_eq!(picture, &from_disk.creatures[id].picture);
    }
}

#[test]
fn a_redefined_entry_replaces_the_old_one_whole_and_is_reported() {
    let core = Content::core().unwrap();
    let old = core.creature("core:skeleton").unwrap();
    assert!(
        !old.abilities.is_empty() && old.xp > 0,
        "the fixture needs a rich core entry"
    );
    let (content, report) = load(&fixtures().join("override"));
    let new = content.creature("core:skeleton").unwrap();
    assert_eq!(new.name, "Brittle Skeleton");
    // Whole replacement: fields the mod left out take their defaults, not core's values.
    assert!(new.abilities.is_empty());
    assert_eq!(new.xp, 0);
    assert!(new.ai.is_empty());
    assert_eq!(new.base.max_health, 10.0);
    let warning = report
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Warning && d.message.contains("replaces"))
        .expect("the override is listed");
    assert_eq!(
        (
            warning.pack.as_str(),
            warning.file.as_str(),
            warning.line,
            warning.column
        ),
        ("remix", "creatures.toml", 2, 6)
    );
    assert!(
        warning.message.contains("`core:skeleton` replaces"),
        "{}",
        warning.message
    );
}

#[test]
fn balance_merges_field_by_field_across_mods() {
    let root = scratch("balance");
    mod_dir(
        &root,
        "first",
        &[],
        &[("b.toml", "[balance]\nflee = 0.1\nfloors = 6\n")],
    );
    mod_dir(
        &root,
        "second",
        &["first"],
        &[("b.toml", "[balance]\nfloors = 5\n")],
    );
    let (content, report) = load(&root);
    std::fs::remove_dir_all(&root).ok();
    assert!(!report.has_errors(), "{report}");
    let defaults = delve::content::Balance::default();
    assert_eq!(content.balance.flee, 0.1, "kept from `first`");
    assert_eq!(content.balance.floors, 5, "`second` loads later and wins");
    assert_eq!(
        content.balance.evasion, defaults.evasion,
        "untouched knobs keep defaults"
    );
    assert_eq!(content.balance.hit_clamp, defaults.hit_clamp);
}

#[test]
fn load_after_orders_mods_and_ties_go_by_id() {
    let root = scratch("order");
    // Created in an order that differs from the expected one, to catch reliance on the
    // file system's listing order.
    mod_dir(&root, "zeta", &[], &[]);
    mod_dir(&root, "alpha", &["zeta"], &[]);
    mod_dir(&root, "mid", &[], &[]);
    mod_dir(&root, "beta", &["core"], &[]);
    let ids = |root: &Path| -> Vec<String> {
        let (mods, diags) = discover(root, &BTreeSet::new());
        assert!(diags.is_empty(), "{diags:?}");
        mods.into_iter().map(|m| m.meta.id).collect()
    };
    let first = ids(&root);
    assert_eq!(first, ["beta", "mid", "zeta", "alpha"]);
    for _ in 0..5 {
        assert_eq!(ids(&root), first, "the order is deterministic");
    }
    let (_, report) = load(&root);
    assert_eq!(report.loaded, ["core", "beta", "mid", "zeta", "alpha"]);
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn modding_md_matches_the_schema() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("MODDING.md");
    let want = delve::cli::modding_doc::modding_markdown();
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "MODDING.md is out of date with src/content/schema/: regenerate it with \
         `cargo run -- modding-doc > MODDING.md`"
    );
    // The reference covers every registry.
    for header in [
        "[[creatures]]",
        "[[abilities]]",
        "[[items]]",
        "[balance]",
        "[progression]",
    ] {
        assert!(want.contains(header), "MODDING.md lacks {header}");
    }
}

/// Every diagnostic about `file` is located in it: right pack and file, a line within the
/// text (≥ 1 when it has content) and a column ≥ 1.
fn assert_located(report: &LoadReport, pack: &str, file: &str, text: &[u8]) {
    let lines = text.split(|&b| b == b'\n').count();
    for d in report.diagnostics.iter().filter(|d| d.pack == pack) {
        assert_eq!(d.file, file, "{d:?}");
        if !text.is_empty() {
            assert!(d.line >= 1 && d.line <= lines && d.column >= 1, "{d:?}");
        }
        assert!(!d.message.is_empty());
        let _ = d.to_string(); // rendering must not panic either
    }
    if report.has_errors() {
        assert_eq!(report.skipped, [pack.to_string()]);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(crate::tier::cases(200)))]

    #[test]
    fn arbitrary_bytes_give_located_errors(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..600)) {
        let pack = Pack { id: "junk".into(), files: vec![("junk.toml".into(), bytes.clone())] };
        let (content, report) = load_packs(&[core_pack(), pack]);
        proptest::prop_assert!(content.creature("core:hero").is_some());
        assert_located(&report, "junk", "junk.toml", &bytes);
    }

    #[test]
    fn mutated_core_files_give_located_errors(
        file in 0usize..9,
        edits in proptest::collection::vec((0usize..100_000, 0u8..3, proptest::prelude::any::<u8>()), 1..6),
    ) {
        let core = core_pack();
        let (name, mut text) = core.files[file % core.files.len()].clone();
        for (at, op, byte) in edits {
            let at = at % (text.len() + 1);
            match op {
                0 => text.insert(at, byte),
                1 if at < text.len() => { text.remove(at); }
                _ if at < text.len() => text[at] = byte,
                _ => {}
            }
        }
        let pack = Pack { id: "mutant".into(), files: vec![(name.clone(), text.clone())] };
        let (content, report) = load_packs(&[core_pack(), pack]);
        proptest::prop_assert!(content.creature("core:hero").is_some());
        assert_located(&report, "mutant", &name, &text);
    }
}
