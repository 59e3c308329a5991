//! Tests of entries made from other entries (`copy_from`, list `add`/`remove`, chains,
//! cycles, missing sources), of `disable`, of `--show`, and of the copying reader agreeing
//! with the fast one.
use super::{Content, LoadReport, Pack, core_pack, load_packs, load_packs_showing};
use crate::content::diagnostics::{Diagnostic, Severity};
use crate::content::schema::ContentFile;

fn pack(id: &str, files: &[(&str, &str)]) -> Pack {
    Pack {
        id: id.into(),
        files: files
            .iter()
            .map(|(p, t)| (p.to_string(), t.as_bytes().to_vec()))
            .collect(),
    }
}

fn load(mods: Vec<Pack>) -> (Content, LoadReport) {
    let mut packs = vec![core_pack()];
    packs.extend(mods);
    load_packs(&packs)
}

fn errors(report: &LoadReport) -> Vec<&Diagnostic> {
    let errors = report.diagnostics.iter();
    errors.filter(|d| d.severity == Severity::Error).collect()
}

/// The only error of a load, checked for its file and line.
fn the_error<'r>(report: &'r LoadReport, file: &str, line: usize) -> &'r Diagnostic {
    let errors = errors(report);
    assert_eq!(errors.len(), 1, "{report}");
    assert_eq!(
        (errors[0].file.as_str(), errors[0].line),
        (file, line),
        "{report}"
    );
    errors[0]
}

const BONE_LORD: &str = r#"
[[creatures]]
id = "lords:bone_lord"
copy_from = "core:skeleton"
name = "Bone Lord"
abilities = { add = ["core:smash"], remove = ["core:bone_throw"] }

[creatures.base]
max_health = 60

[[creatures]]
id = "lords:bone_king"
copy_from = "lords:bone_lord"
name = "Bone King"
tags = { add = ["core:undead"] }
base = { damage = 9 }
"#;

/// A copy is its source with the copy's fields over it: a table key by key, a list edited
/// by `add`/`remove`, anything not written kept; a chain copies what the link before made.
#[test]
fn a_copy_keeps_what_it_does_not_write_and_chains() {
    let (content, report) = load(vec![pack("lords", &[("c.toml", BONE_LORD)])]);
    assert!(errors(&report).is_empty(), "{report}");
    let skeleton = content.creature("core:skeleton").unwrap();
    let lord = content.creature("lords:bone_lord").unwrap();
    assert_eq!(lord.name, "Bone Lord");
    assert_eq!((lord.symbol, lord.color), (skeleton.symbol, skeleton.color));
    assert_eq!(lord.base.max_health, 60.0);
    assert_eq!(lord.base.damage, skeleton.base.damage);
    assert_eq!(lord.base.hit_chance, skeleton.base.hit_chance);
    assert_eq!(lord.abilities, ["core:attack", "core:smash"]);
    assert_eq!(
        (&lord.ai, lord.xp, &lord.loot),
        (&skeleton.ai, skeleton.xp, &skeleton.loot)
    );
    assert_eq!(lord.picture, skeleton.picture);

    let king = content.creature("lords:bone_king").unwrap();
    assert_eq!(king.name, "Bone King");
    assert_eq!((king.base.max_health, king.base.damage), (60.0, 9.0));
    assert_eq!(king.abilities, lord.abilities);
    assert_eq!(king.tags, ["core:undead", "core:undead"]);
    // The skeleton itself is as it was.
    assert_eq!(
        content.creature("core:skeleton"),
        Content::core().unwrap().creature("core:skeleton")
    );
}

/// A later pack copies an entry an earlier pack made by copying; an entry copying its own
/// id patches the one loaded before.
#[test]
fn copies_chain_across_packs_and_an_entry_may_patch_itself() {
    let later = r#"
[[creatures]]
id = "later:bone_prince"
copy_from = "lords:bone_king"
name = "Bone Prince"

[[creatures]]
id = "core:rat"
copy_from = "core:rat"
name = "Big Rat"
"#;
    let (content, report) = load(vec![
        pack("lords", &[("c.toml", BONE_LORD)]),
        pack("later", &[("p.toml", later)]),
    ]);
    assert!(errors(&report).is_empty(), "{report}");
    let prince = content.creature("later:bone_prince").unwrap();
    assert_eq!(
        (prince.name.as_str(), prince.base.damage),
        ("Bone Prince", 9.0)
    );
    assert_eq!(prince.base.max_health, 60.0);
    let core = Content::core().unwrap();
    let rat = content.creature("core:rat").unwrap();
    assert_eq!(rat.name, "Big Rat");
    assert_eq!(rat.base, core.creature("core:rat").unwrap().base);
    // Its warning says it patched core's rat; a whole new definition replaces one. The bone
    // lords took the skeleton's `ai` but removed its bone throw: each copy in the chain is
    // warned that its `ai` names an ability it no longer has.
    let said: Vec<&str> = (report.diagnostics.iter())
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| d.message.as_str())
        .collect();
    let slip =
        "`core:bone_throw` is not in this creature's `abilities`: it never uses it; add it there";
    assert_eq!(
        said,
        [
            slip,
            slip,
            slip,
            "creature `core:rat` patches the definition from `core`"
        ]
    );
}

#[test]
fn a_missing_source_is_located_with_the_nearest_id() {
    let text = "[[creatures]]\nid = \"m:a\"\ncopy_from = \"core:skeletn\"\nname = \"A\"\n";
    let (content, report) = load(vec![pack("m", &[("a.toml", text)])]);
    let e = the_error(&report, "a.toml", 3);
    assert_eq!(e.path, "creatures[0].copy_from");
    assert!(
        e.message.contains("no creature `core:skeletn`"),
        "{}",
        e.message
    );
    assert!(
        e.message.contains("did you mean `core:skeleton`?"),
        "{}",
        e.message
    );
    assert_eq!(report.skipped, ["m"]);
    assert!(content.creature("m:a").is_none());
}

#[test]
fn a_copy_cycle_is_located_and_named() {
    let text = "[[abilities]]\nid = \"m:a\"\ncopy_from = \"m:b\"\n\n\
                [[abilities]]\nid = \"m:b\"\ncopy_from = \"m:c\"\n\n\
                [[abilities]]\nid = \"m:c\"\ncopy_from = \"m:a\"\n";
    let (_, report) = load(vec![pack("m", &[("a.toml", text)])]);
    let e = the_error(&report, "a.toml", 11);
    assert!(
        e.message.contains("cycle: `m:c` → `m:a` → `m:b` → `m:c`"),
        "{}",
        e.message
    );
}

/// What the copy writes is checked where it is written; what it keeps, at `copy_from`.
#[test]
fn a_copy_s_problems_are_located_where_written_or_at_copy_from() {
    let bad_symbol = "[[creatures]]\nid = \"m:a\"\ncopy_from = \"core:rat\"\nsymbol = \"ab\"\n";
    let (_, report) = load(vec![pack("m", &[("a.toml", bad_symbol)])]);
    let e = the_error(&report, "a.toml", 4);
    assert_eq!(e.path, "creatures[0].symbol");

    let typo = "[[creatures]]\nid = \"m:a\"\ncopy_from = \"core:rat\"\nnmae = \"A\"\n";
    let (_, report) = load(vec![pack("m", &[("a.toml", typo)])]);
    let e = the_error(&report, "a.toml", 4);
    assert!(e.message.contains("did you mean `name`?"), "{}", e.message);

    let absent = "[[creatures]]\nid = \"m:a\"\ncopy_from = \"core:rat\"\n\
                  abilities = { remove = [\"core:bight\"] }\n";
    let (_, report) = load(vec![pack("m", &[("a.toml", absent)])]);
    let e = the_error(&report, "a.toml", 4);
    assert_eq!(e.path, "creatures[0].abilities.remove");
    assert!(
        e.message.contains("did you mean `core:bite`?"),
        "{}",
        e.message
    );

    // The rat's `core:bite` is disabled and the copy keeps it: the error is at copy_from.
    let kept =
        "disable = [\"core:bite\"]\n\n[[creatures]]\nid = \"m:a\"\ncopy_from = \"core:rat\"\n";
    let (_, report) = load(vec![pack("m", &[("a.toml", kept)])]);
    let at_copy = errors(&report)
        .into_iter()
        .find(|d| d.path.starts_with("creatures[0]"))
        .unwrap_or_else(|| panic!("{report}"));
    assert_eq!(at_copy.line, 5, "{report}");
    assert!(
        at_copy.message.contains("unknown ability `core:bite`"),
        "{report}"
    );
}

/// A disabled entry is gone, the floors that spawn it lose it, and loading goes on.
#[test]
fn disable_takes_an_entry_out_of_its_floors() {
    let text = "disable = [\"core:troll\", \"core:troll_lair\"]\n";
    let (content, report) = load(vec![pack("m", &[("d.toml", text)])]);
    assert!(errors(&report).is_empty(), "{report}");
    assert!(content.creature("core:troll").is_none());
    assert!(!content.prefabs.contains_key("core:troll_lair"));
    let floors = content.floors.iter();
    for f in floors {
        assert!(f.spawns.iter().all(|s| s.id.get_ref() != "core:troll"));
        assert!(f.prefabs.iter().all(|p| p.get_ref() != "core:troll_lair"));
    }
    let core = Content::core().unwrap();
    let spawned = |c: &Content| c.floors.iter().map(|f| f.spawns.len()).sum::<usize>();
    assert_eq!(spawned(&content), spawned(&core) - 2);
    // A run on that content is a run: every floor still has something to spawn.
    for f in &content.floors {
        assert!(!f.spawns.is_empty(), "floor {}", f.depth);
    }
}

/// What still names a disabled entry is an error at the `disable`, naming it; an id that
/// names nothing is an error with the nearest id; a later pack naming it is told it is
/// unknown.
#[test]
fn disable_errors_are_located() {
    let text = "# trolls out\ndisable = [\"core:troll\"]\n";
    let (content, report) = load(vec![pack("m", &[("d.toml", text)])]);
    let e = the_error(&report, "d.toml", 2);
    assert_eq!(e.path, "disable[0]");
    assert!(
        e.message
            .contains("prefab `core:troll_lair` still names it"),
        "{}",
        e.message
    );
    assert!(
        content.creature("core:troll").is_some(),
        "the pack is undone"
    );
    assert_eq!(content, Content::core().unwrap_or_else(|r| panic!("{r}")));

    let (_, report) = load(vec![pack(
        "m",
        &[("d.toml", "disable = [\"core:trol\"]\n")],
    )]);
    let e = the_error(&report, "d.toml", 1);
    assert!(
        e.message.contains("did you mean `core:troll`?"),
        "{}",
        e.message
    );

    let later = "[[prefabs]]\nid = \"n:den\"\nrows = [\"###\", \"#W#\", \"#+#\"]\nlegend = { W = \"core:wisp\" }\n";
    let (_, report) = load(vec![
        pack("m", &[("d.toml", "disable = [\"core:wisp\"]\n")]),
        pack("n", &[("p.toml", later)]),
    ]);
    let e = the_error(&report, "p.toml", 4);
    assert!(
        e.message.contains("unknown creature `core:wisp`"),
        "{}",
        e.message
    );
    assert_eq!(report.loaded, ["core", "m"]);
}

/// `--show` writes the entry out whole as TOML: read back, it is the entry.
#[test]
fn show_writes_a_made_entry_out_whole() {
    let packs = [core_pack(), pack("lords", &[("c.toml", BONE_LORD)])];
    let (content, report, shown) = load_packs_showing(&packs, "lords:bone_king");
    assert!(errors(&report).is_empty(), "{report}");
    assert_eq!(shown.len(), 1);
    assert!(shown[0].starts_with("[[creatures]]\n"), "{}", shown[0]);
    assert!(!shown[0].contains("copy_from"), "{}", shown[0]);
    let again = shown[0].replace("lords:bone_king", "lords:bone_echo");
    let (echo, report) = load_packs(&[
        core_pack(),
        pack("lords", &[("c.toml", BONE_LORD), ("echo.toml", &again)]),
    ]);
    assert!(errors(&report).is_empty(), "{report}\n{again}");
    let (king, echo) = (
        content.creature("lords:bone_king").unwrap(),
        echo.creature("lords:bone_echo").unwrap(),
    );
    assert_eq!(
        (&echo.name, &echo.base, &echo.abilities),
        (&king.name, &king.base, &king.abilities)
    );

    let (_, _, shown) = load_packs_showing(&[core_pack()], "core:rat");
    assert!(
        shown[0].starts_with("[[creatures]]\nid = \"core:rat\"\n"),
        "{}",
        shown[0]
    );
    assert!(
        shown[0].contains("\nname = \"Giant rat\"\n"),
        "{}",
        shown[0]
    );
    let (_, _, shown) = load_packs_showing(&[core_pack()], "core:nothing");
    assert!(shown.is_empty());
}

/// The copying reader (toml's parser, copies aside) reads every core file as the fast
/// reader does; a file with `disable` reads alike on both readers.
#[test]
fn the_copying_reader_agrees_with_the_fast_one() {
    let mut files: Vec<(String, String)> = core_pack()
        .files
        .into_iter()
        .map(|(p, b)| (p, String::from_utf8(b).unwrap()))
        .collect();
    files.push((
        "d.toml".into(),
        "disable = [\"core:troll\", 'core:troll_lair']\n".into(),
    ));
    for (name, text) in &files {
        let fast = crate::content::fast_toml::from_str::<ContentFile>(text, super::MAX_NESTING)
            .unwrap_or_else(|| panic!("{name} missed the fast path"));
        let (copying, copies) = super::copy::read_with_copies(text, &[], false).unwrap();
        assert!(copies.is_empty());
        assert_eq!(format!("{fast:?}"), format!("{copying:?}"), "{name}");
        let slow: ContentFile = toml::from_str(text).unwrap();
        assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{name}");
    }
    // With copies, the other entries keep their places and spans.
    let text = format!(
        "{BONE_LORD}\n[[creatures]]\nid = \"lords:plain\"\nname = \"P\"\nsymbol = \"p\"\ncolor = \"red\"\n"
    );
    let (file, copies) = super::copy::read_with_copies(&text, &[], false).unwrap();
    assert_eq!(copies.len(), 2);
    let plain = &file.creatures[0];
    assert_eq!(&text[plain.get_ref().id.span()], "\"lords:plain\"");
}

/// MODDING.md's recipes for copies and `disable`, each block a file of one mod, load.
#[test]
fn the_modding_recipes_load() {
    let modding = include_str!("../../../MODDING.md");
    let start = modding.find("## Entries made from other entries").unwrap();
    let end = start + modding[start..].find("## A new class").unwrap();
    let blocks: Vec<String> = modding[start..end]
        .split("```toml\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap().to_string())
        .collect();
    assert_eq!(blocks.len(), 5);
    let names: Vec<String> = (0..blocks.len()).map(|i| format!("{i}.toml")).collect();
    let files: Vec<(&str, &str)> = names
        .iter()
        .map(String::as_str)
        .zip(blocks.iter().map(String::as_str))
        .collect();
    let (content, report) = load(vec![pack("mymod", &files)]);
    assert!(errors(&report).is_empty(), "{report}");
    assert!(content.creature("mymod:bone_brute").is_some());
    let smasher = content.creature("mymod:bone_smasher").unwrap();
    let order: Vec<&str> = smasher.ai.iter().map(|r| r.ability.as_str()).collect();
    assert_eq!(
        order,
        ["core:flee", "core:bone_throw", "core:smash", "core:attack"]
    );
    assert!(content.creature("core:troll").is_none());
    // The floor copies: floor 1 with the bone lord among its spawns, floor 2 core's third's.
    let one = content.floors.iter().find(|f| f.depth == 1).unwrap();
    assert!(
        one.spawns
            .iter()
            .any(|s| s.id.get_ref() == "mymod:bone_lord")
    );
    let two = content.floors.iter().find(|f| f.depth == 2).unwrap();
    let core = Content::core().unwrap();
    let three = core.floors.iter().find(|f| f.depth == 3).unwrap();
    assert_eq!((two.width, two.monsters), (three.width, 12));
}

/// A list edit puts `add` where it says: `before` an element (an `ai` entry found by its
/// ability), or `at` an index; one naming nothing in the list, or past its end, is an error
/// at that key.
#[test]
fn a_list_edit_adds_before_an_element_or_at_an_index() {
    let brute = r#"
[[creatures]]
id = "t:brute"
copy_from = "core:skeleton"
abilities = { add = ["core:smash"] }
ai = { add = [ { ability = "core:smash" } ], before = "core:attack" }
tags = { add = ["core:beast"], at = 0 }
"#;
    let (content, report) = load(vec![pack("t", &[("c.toml", brute)])]);
    assert!(errors(&report).is_empty(), "{report}");
    let brute = content.creature("t:brute").unwrap();
    let order: Vec<&str> = brute.ai.iter().map(|r| r.ability.as_str()).collect();
    assert_eq!(
        order,
        ["core:flee", "core:bone_throw", "core:smash", "core:attack"]
    );
    assert_eq!(brute.tags, ["core:beast", "core:undead"]);
    for (edit, line, message) in [
        (
            r#"ai = { add = [ { ability = "core:smash" } ], before = "core:atack" }"#,
            6,
            "`before`: `core:atack` is not in the copied list",
        ),
        (
            r#"ai = { add = [ { ability = "core:smash" } ], at = 4 }"#,
            6,
            "`at` = 4 is out of range: expected 0..=3 (the copied list's length)",
        ),
    ] {
        let text = format!(
            "\n[[creatures]]\nid = \"t:brute\"\ncopy_from = \"core:skeleton\"\n\
             abilities = {{ add = [\"core:smash\"] }}\n{edit}\n"
        );
        let (_, report) = load(vec![pack("t", &[("c.toml", &text)])]);
        assert_eq!(the_error(&report, "c.toml", line).message, message);
    }
}

/// `--show floor:N`, `balance` and `progression` write out what every pack left: floor 1's
/// profile with a mod's `spawn` rule in its spawns, and the balance with a mod's change.
#[test]
fn show_writes_a_floor_profile_the_balance_and_the_progression() {
    let text = r#"
[balance]
flee_fright_turns = 7

[[creatures]]
id = "t:newt"
name = "Newt"
symbol = "n"
color = "green"
ai = [ { ability = "core:attack" } ]
abilities = ["core:attack"]
spawn = [ { depths = 1, weight = 5 } ]
"#;
    let packs = vec![core_pack(), pack("t", &[("c.toml", text)])];
    let shown = |id: &str| load_packs_showing(&packs, id).2;
    let floor = shown("floor:1");
    assert_eq!(floor.len(), 1, "{floor:?}");
    let parsed: toml::Table = toml::from_str(&floor[0]).unwrap();
    let profile = &parsed["floors"].as_array().unwrap()[0];
    assert_eq!(profile["depth"].as_integer(), Some(1));
    let spawns = profile["spawns"].as_array().unwrap();
    assert!(
        spawns
            .iter()
            .any(|s| s["id"].as_str() == Some("t:newt") && s["weight"].as_integer() == Some(5)),
        "{}",
        floor[0]
    );
    let balance: toml::Table = toml::from_str(&shown("balance")[0]).unwrap();
    assert_eq!(
        balance["balance"]["flee_fright_turns"].as_integer(),
        Some(7)
    );
    assert!(shown("progression")[0].starts_with("[progression]"));
    assert!(shown("floor:0").is_empty() && shown("floor:x").is_empty());
}

#[test]
fn a_floor_profile_is_made_from_another_by_depth() {
    let core = Content::core().unwrap();
    let core_one = core.floors.iter().find(|f| f.depth == 1).unwrap().clone();
    let core_three = core.floors.iter().find(|f| f.depth == 3).unwrap().clone();
    let floors = "[[floors]]\ncopy_from = 1\npool_chance = 0.4\n\
                  spawns = { add = [ { id = \"core:orc\", weight = 2 } ] }\n\n\
                  [[floors]]\ncopy_from = 3\ndepth = 2\nmonsters = 12\n";
    let (content, report) = load(vec![pack("f", &[("f.toml", floors)])]);
    assert!(errors(&report).is_empty(), "{report}");
    // Depth 1 patched: what it writes changes, the rest is core's, its spawns edited.
    let one = content.floors.iter().find(|f| f.depth == 1).unwrap();
    assert_eq!(one.pool_chance, 0.4);
    assert_eq!(
        (one.width, one.monsters),
        (core_one.width, core_one.monsters)
    );
    assert_eq!(one.spawns.len(), core_one.spawns.len() + 1);
    assert_eq!(one.spawns.last().unwrap().id.get_ref(), "core:orc");
    // Depth 2 made from depth 3: its size, its own monsters.
    let two = content.floors.iter().find(|f| f.depth == 2).unwrap();
    assert_eq!(
        (two.width, two.height),
        (core_three.width, core_three.height)
    );
    assert_eq!(two.monsters, 12);
    // Patching names itself so.
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.message.contains("depth 1 patches")),
        "{report}"
    );

    let missing = "[[floors]]\ncopy_from = 40\n";
    let (_, report) = load(vec![pack("f", &[("f.toml", missing)])]);
    let e = the_error(&report, "f.toml", 2);
    assert!(
        e.message.contains("there is no floor profile `40` to copy"),
        "{}",
        e.message
    );
    let by_name = "[[floors]]\ncopy_from = \"core:one\"\n";
    let (_, report) = load(vec![pack("f", &[("f.toml", by_name)])]);
    let e = the_error(&report, "f.toml", 2);
    assert!(
        e.message.contains("the depth of the floor profile to copy"),
        "{}",
        e.message
    );
}
