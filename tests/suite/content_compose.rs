//! Mods that compose: entries that say where they appear (`spawn`, `loot`, a prefab's
//! `depths`) are added beside each other; replacements between mods are named as conflicts;
//! `delve new-mod` gives a mod that passes `delve check-mods` and meets its creature on floor
//! 1; the merged content depends only on the packs and their order.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use delve::content::mods::{ModFolder, load_folders, load_with_mods, read_folders};
use delve::content::{Content, LoadReport, Severity};
use delve::game::Game;

use super::content_fixtures::{copy_dir, scratch};

/// Runs the `delve` binary with `args`, as a modder would from a shell.
fn delve(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .output()
        .expect("the delve binary runs")
}

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
}

fn load(dir: &Path) -> (Content, LoadReport) {
    load_with_mods(dir, &BTreeSet::new())
}

/// A mod folder `root/id` with `mod.toml` (given its extra lines) and content files.
fn mod_dir(root: &Path, id: &str, meta: &str, files: &[(&str, &str)]) {
    let dir = root.join(id);
    std::fs::create_dir_all(&dir).unwrap();
    let head = format!("id = \"{id}\"\nname = \"{id}\"\nversion = \"1.0.0\"\nengine = \"1\"\n");
    std::fs::write(dir.join("mod.toml"), head + meta).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
}

fn creature(id: &str, extra: &str) -> String {
    format!(
        "[[creatures]]\nid = \"{id}\"\nname = \"{id}\"\nsymbol = \"x\"\ncolor = \"red\"\n{extra}\n"
    )
}

/// The creature ids of a floor's spawn table, in its order.
fn spawns(content: &Content, depth: u32) -> Vec<String> {
    let floor = content.floor_profile(depth).unwrap();
    floor
        .spawns
        .iter()
        .map(|s| s.id.get_ref().clone())
        .collect()
}

/// How many monsters of `kind` floor `depth` holds, summed over `seeds`.
fn spawned(content: &Content, depth: u32, kind: &str, seeds: std::ops::Range<u64>) -> usize {
    let profile = content.generator_profile(depth).unwrap();
    seeds
        .map(|seed| {
            let floor = delve::dungeon::generate(&profile, seed, depth);
            floor.monsters.iter().filter(|m| m.id == kind).count()
        })
        .sum()
}

#[test]
fn two_mods_adding_to_floor_three_by_spawn_both_have_their_creature_there() {
    let core = Content::core().unwrap();
    let (content, report) = load(&fixture("compose"));
    assert!(report.diagnostics.is_empty(), "{report}");
    assert_eq!(report.loaded, ["core", "gremlins", "newts"]);
    // Core's table first, then the additions in load order.
    let mut want = spawns(&core, 3);
    want.extend(["gremlins:gremlin".to_string(), "newts:newt".to_string()]);
    assert_eq!(spawns(&content, 3), want);
    assert_eq!(
        content
            .floor_profile(3)
            .unwrap()
            .spawns
            .last()
            .unwrap()
            .weight,
        4
    );
    // The floors around it are as core has them.
    for depth in [2, 4] {
        assert_eq!(
            content.floor_profile(depth),
            core.floor_profile(depth),
            "floor {depth}"
        );
    }
    let gremlins = spawned(&content, 3, "gremlins:gremlin", 0..20);
    let newts = spawned(&content, 3, "newts:newt", 0..20);
    assert!(
        gremlins > 0 && newts > 0,
        "gremlins {gremlins}, newts {newts}"
    );
    assert_eq!(spawned(&content, 2, "gremlins:gremlin", 0..20), 0);
}

#[test]
fn the_same_two_copying_floor_three_report_the_conflict_with_both_names() {
    let (content, report) = load(&fixture("mods/floor_conflict"));
    assert!(!report.has_errors(), "{report}");
    // Whole replacement: the later mod's floor wins and the earlier mod's creature is gone.
    assert!(spawns(&content, 3).contains(&"newts:newt".to_string()));
    assert!(!spawns(&content, 3).contains(&"gremlins:gremlin".to_string()));
    let conflicts: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.message.starts_with("conflict:"))
        .collect();
    assert_eq!(
        conflicts
            .iter()
            .map(|d| d.pack.as_str())
            .collect::<Vec<_>>(),
        ["gremlins", "newts"],
        "one warning at each definition"
    );
    for d in &conflicts {
        assert_eq!(d.severity, Severity::Warning);
        assert!(
            d.message
                .contains("`gremlins` and `newts` both define the floor profile of depth 3")
                && d.message.contains("`newts` loads later and wins"),
            "{}",
            d.message
        );
        assert_eq!(
            (d.file.as_str(), d.path.as_str()),
            ("creatures.toml", "floors[0].depth")
        );
    }
    assert!(
        conflicts[0]
            .message
            .ends_with("this definition from `gremlins` is not used")
    );
}

#[test]
fn a_floor_replaced_whole_later_keeps_what_earlier_mods_added() {
    let root = scratch("replaced_floor");
    let floor = "[[floors]]\ndepth = 3\nwidth = 31\nheight = 31\nmonsters = 3\nspawns = [ { id = \"core:rat\", weight = 1 } ]\n";
    mod_dir(
        &root,
        "adder",
        "",
        &[(
            "c.toml",
            &creature("adder:imp", "spawn = [ { depths = [3, 4] } ]"),
        )],
    );
    mod_dir(
        &root,
        "remodel",
        "load_after = [\"adder\"]\n",
        &[("f.toml", floor)],
    );
    let (content, report) = load(&root);
    std::fs::remove_dir_all(&root).ok();
    assert!(!report.has_errors(), "{report}");
    assert_eq!(
        content.floor_profile(3).unwrap().width,
        31,
        "remodel's floor"
    );
    assert_eq!(spawns(&content, 3), ["core:rat", "adder:imp"]);
    assert!(spawns(&content, 4).ends_with(&["adder:imp".to_string()]));
}

#[test]
fn an_entry_replaced_whole_takes_its_additions_with_it() {
    let root = scratch("replaced_entry");
    mod_dir(
        &root,
        "first",
        "",
        &[(
            "c.toml",
            &creature("first:imp", "spawn = [ { depths = 2 } ]"),
        )],
    );
    mod_dir(
        &root,
        "second",
        "load_after = [\"first\"]\n",
        &[("c.toml", &creature("first:imp", ""))],
    );
    let (content, report) = load(&root);
    std::fs::remove_dir_all(&root).ok();
    assert!(!spawns(&content, 2).contains(&"first:imp".to_string()));
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.pack == "second" && d.message.starts_with("conflict"))
        .expect("a conflict warning");
    assert_eq!(
        d.message,
        "conflict: `first` and `second` both define creature `first:imp`; `second` loads later and wins"
    );
}

#[test]
fn items_traps_and_prefabs_are_added_where_they_say() {
    let root = scratch("kinds");
    let files = [
        (
            "a.toml",
            "[[items]]\nid = \"kinds:lamp\"\nname = \"Lamp\"\nsymbol = \"!\"\ncolor = \"gold\"\nslot = \"trinket\"\nloot = [ { table = \"core:floor_deep\", weight = 2 } ]\n\n[[traps]]\nid = \"kinds:pit\"\nname = \"pit\"\nsymbol = \"^\"\ncolor = \"grey\"\nactions = [ { action = \"damage\", amount = 3, target = \"self\" } ]\nspawn = [ { depths = [1, 8], weight = 5 } ]\n",
        ),
        (
            "b.toml",
            "[[prefabs]]\nid = \"kinds:cell\"\nrows = [\"#####\", \"#.r.#\", \"##+##\"]\nlegend = { r = \"core:rat\" }\ndepths = 2\nweight = 2\n",
        ),
    ];
    mod_dir(&root, "kinds", "", &files);
    let (content, report) = load(&root);
    std::fs::remove_dir_all(&root).ok();
    assert!(report.diagnostics.is_empty(), "{report}");
    let core = Content::core().unwrap();
    let deep = &content.loot["core:floor_deep"].entries;
    assert_eq!(deep.last(), Some(&(Some("kinds:lamp".to_string()), 2)));
    assert_eq!(deep.len(), core.loot["core:floor_deep"].entries.len() + 1);
    // Floor 8 had no profile of its own (it used floor 7's): it gets one, floor 7 keeps its.
    assert_eq!(core.floors.len(), 7);
    let eight = content
        .floors
        .iter()
        .find(|f| f.depth == 8)
        .expect("floor 8's own profile");
    let seven = content.floor_profile(7).unwrap();
    assert_eq!(eight.width, seven.width);
    for depth in [1, 2, 7, 8] {
        let last = content
            .floor_profile(depth)
            .unwrap()
            .trap_kinds
            .last()
            .unwrap();
        assert_eq!((last.id.get_ref().as_str(), last.weight), ("kinds:pit", 5));
    }
    assert_eq!(spawns(&content, 1), spawns(&core, 1));
    let lines = |depth| {
        let f = content.floor_profile(depth).unwrap();
        f.prefabs
            .iter()
            .filter(|p| p.get_ref() == "kinds:cell")
            .count()
    };
    assert_eq!((lines(2), lines(3)), (2, 0));
    // The game lays the new trap kind: over some seeds, floor 1 has one.
    let laid = (0..30).any(|seed| {
        let game = Game::new(seed, &content).unwrap();
        game.floor.traps.values().any(|t| t == "kinds:pit")
    });
    assert!(laid);
}

#[test]
fn declaring_each_other_as_conflicts_leaves_both_out() {
    let root = scratch("mutual");
    mod_dir(&root, "cats", "conflicts = [\"dogs\"]\n", &[]);
    mod_dir(&root, "dogs", "conflicts = [\"cats\"]\n", &[]);
    mod_dir(&root, "birds", "load_after = [\"cats\"]\n", &[]);
    let (_, report) = load(&root);
    let quiet = load_with_mods(&root, &BTreeSet::from(["dogs".to_string()])).1;
    std::fs::remove_dir_all(&root).ok();
    assert_eq!(report.loaded, ["core"]);
    let skipped: BTreeSet<&str> = report.skipped.iter().map(String::as_str).collect();
    assert_eq!(skipped, BTreeSet::from(["birds", "cats", "dogs"]));
    // With one of the two turned off, the other loads.
    assert_eq!(quiet.loaded, ["core", "cats", "birds"]);
    assert!(!quiet.has_errors(), "{quiet}");
}

#[test]
fn shuffled_folder_and_file_order_gives_the_same_content() {
    let root = scratch("shuffle");
    for (from, to) in [("compose/gremlins", "gremlins"), ("compose/newts", "newts")] {
        copy_dir(&fixture(from), &root.join(to));
    }
    let mods = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples");
    for m in ["bestiary", "hardcore"] {
        copy_dir(&mods.join(m), &root.join(m));
    }
    mod_dir(
        &root,
        "zlast",
        "",
        &[
            (
                "b.toml",
                &creature("zlast:b", "spawn = [ { depths = [1, 3] } ]"),
            ),
            (
                "a.toml",
                &creature("zlast:a", "spawn = [ { depths = [2, 3], weight = 2 } ]"),
            ),
        ],
    );
    let folders = read_folders(&root);
    std::fs::remove_dir_all(&root).ok();
    let (want, want_report) = load_folders(&folders, &BTreeSet::new());
    assert!(!want_report.has_errors(), "{want_report}");
    let floor3 = spawns(&want, 3);
    assert!(
        floor3.ends_with(
            &[
                "bestiary:fire_imp",
                "gremlins:gremlin",
                "newts:newt",
                "zlast:a",
                "zlast:b"
            ]
            .map(String::from)
        )
    );
    // A fixed shuffle of folders and of the files within them, several times over.
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    for _ in 0..8 {
        let mut shuffled: Vec<ModFolder> = folders.clone();
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, next(i + 1));
        }
        for f in &mut shuffled {
            for i in (1..f.files.len()).rev() {
                let j = next(i + 1);
                f.files.swap(i, j);
            }
        }
        let (got, report) = load_folders(&shuffled, &BTreeSet::new());
        assert_eq!(got.fingerprint(), want.fingerprint());
        assert_eq!(got, want);
        assert_eq!(report, want_report);
    }
}

#[test]
fn a_new_mod_passes_check_mods_and_its_creature_spawns_on_floor_one() {
    let root = scratch("new_mod");
    let dir = delve::cli::new_mod("toads", &root).unwrap();
    assert_eq!(dir, root.join("toads"));
    let (content, report) = load(&root);
    assert!(report.diagnostics.is_empty(), "{report}");
    assert_eq!(report.loaded, ["core", "toads"]);
    let toad = content
        .creature("toads:cave_toad")
        .expect("the scaffold's creature");
    assert!(toad.abilities.contains(&"toads:venom_spit".to_string()));
    assert!(
        matches!(toad.picture, delve::content::art::Picture::Icon(_)),
        "{:?}",
        toad.picture
    );
    // A run meets it on floor 1: the games the sim starts hold toads there.
    let met: usize = (1..=10)
        .map(|seed| {
            let game = Game::new(seed, &content).unwrap();
            assert_eq!(game.floor.depth, 1);
            game.floor
                .creatures
                .values()
                .filter(|c| c.kind == "toads:cave_toad")
                .count()
        })
        .sum();
    assert!(met >= 5, "{met} toads over ten floor 1s");
    // Never over an existing folder; names are checked as mod ids.
    assert!(matches!(
        delve::cli::new_mod("toads", &root),
        Err(delve::cli::NewModError::Write(m)) if m.contains("already exists")
    ));
    assert!(matches!(
        delve::cli::new_mod("Toads!", &root),
        Err(delve::cli::NewModError::Usage(_))
    ));
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn delve_new_mod_then_check_mods_exits_zero() {
    let root = scratch("new_mod_cli");
    let mods = root.join("mods");
    let dir = mods.to_str().unwrap();
    let made = delve(&["new-mod", "first", "--mods", dir]);
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    assert!(mods.join("first/mod.toml").is_file() && mods.join("first/creatures.toml").is_file());
    let checked = delve(&["check-mods", "--mods", dir]);
    assert_eq!(
        checked.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&checked.stdout)
    );
    let before = std::fs::read(mods.join("first/creatures.toml")).unwrap();
    let again = delve(&["new-mod", "first", "--mods", dir]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    assert_eq!(
        std::fs::read(mods.join("first/creatures.toml")).unwrap(),
        before
    );
    let bad = delve(&["new-mod", "Not-An-Id", "--mods", dir]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("mod id `Not-An-Id`"));
    assert!(!mods.join("Not-An-Id").exists());
    std::fs::remove_dir_all(&root).ok();
}

/// `delve check-mods --show ID` prints the report, then a copy made with `copy_from` written
/// out whole as TOML; an id nothing has is exit 1.
#[test]
fn check_mods_show_prints_a_copy_whole() {
    let root = scratch("show_cli");
    let lords = root.join("mods/lords");
    std::fs::create_dir_all(&lords).unwrap();
    std::fs::write(
        lords.join("mod.toml"),
        "id = \"lords\"\nname = \"Lords\"\nversion = \"1.0.0\"\nengine = \"1\"\n",
    )
    .unwrap();
    std::fs::write(
        lords.join("creatures.toml"),
        "[[creatures]]\nid = \"lords:bone_lord\"\ncopy_from = \"core:skeleton\"\n\
         name = \"Bone Lord\"\nbase = { max_health = 60 }\n",
    )
    .unwrap();
    let mods = root.join("mods");
    let dir = mods.to_str().unwrap();
    let shown = delve(&["check-mods", "--mods", dir, "--show", "lords:bone_lord"]);
    let out = String::from_utf8_lossy(&shown.stdout);
    assert_eq!(shown.status.code(), Some(0), "{out}");
    assert!(
        out.contains("\n[[creatures]]\nid = \"lords:bone_lord\"\n"),
        "{out}"
    );
    assert!(out.contains("name = \"Bone Lord\""), "{out}");
    // The skeleton's own fields, kept, and its base merged key by key.
    assert!(
        out.contains("symbol = \"s\"") && out.contains("max_health = 60"),
        "{out}"
    );
    assert!(
        out.contains("damage = 6") && !out.contains("copy_from"),
        "{out}"
    );
    let none = delve(&["check-mods", "--mods", dir, "--show", "lords:nobody"]);
    assert_eq!(none.status.code(), Some(1));
    std::fs::remove_dir_all(&root).ok();
}

/// `delve gen --mods` makes floors from the mods too: the scaffold's cave toad (`t`, on floor
/// 1 by its spawn rule) stands on some first floor of the first twenty seeds, and on none of
/// them without the mod.
#[test]
fn delve_gen_with_mods_shows_a_mods_monster() {
    let root = scratch("gen_mods_cli");
    let mods = root.join("mods");
    let dir = mods.to_str().unwrap();
    assert!(delve(&["new-mod", "toads", "--mods", dir]).status.success());
    let floor = |seed: u32, with: bool| {
        let seed = seed.to_string();
        let mut args = vec!["gen", "--seed", &seed, "--floor", "1"];
        if with {
            args.extend(["--mods", dir]);
        }
        let out = delve(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(
        (1..=20).any(|s| floor(s, true).contains('t')),
        "no toad on twenty floors"
    );
    assert!(
        (1..=20).all(|s| !floor(s, false).contains('t')),
        "a `t` without the mod"
    );
    let missing = delve(&["gen", "--mods", root.join("nowhere").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no such mods folder"));
    std::fs::remove_dir_all(&root).ok();
}

/// `delve sim --runs N --format json` says, per creature kind and per ability, whether a mod's
/// monster appears and acts: the scaffold's cave toad turns up, fights and dies.
#[test]
fn sim_json_counts_a_mods_monster_and_its_abilities() {
    let root = scratch("sim_mods_json");
    let mods = root.join("mods");
    let dir = mods.to_str().unwrap();
    assert!(delve(&["new-mod", "toads", "--mods", dir]).status.success());
    let out = delve(&[
        "sim", "--runs", "6", "--seed", "1", "--turns", "3000", "--mods", dir, "--format", "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let toad = &summary["creatures"]["toads:cave_toad"];
    assert!(toad["appeared"].as_u64().unwrap() > 0, "{toad}");
    assert!(toad["died"].as_u64().unwrap() > 0, "{toad}");
    assert!(toad["acted"].as_u64().unwrap() > 0, "{toad}");
    let attack = &summary["abilities"]["core:attack"];
    assert!(attack["used"].as_u64().unwrap() >= attack["hit"].as_u64().unwrap());
    let hero = &summary["creatures"]["core:fighter"];
    assert_eq!(hero["appeared"].as_u64(), Some(6), "{hero}");
    std::fs::remove_dir_all(&root).ok();
}

/// A one-folder mod puts new terrain on floor 1: ice pools and strewn snow among floor 1's
/// room features (a floor made by `copy_from = 1` with a list edit of `features`), and ice
/// in its prefab's legend; `delve gen --mods` shows it; core's floor 1 is unchanged.
#[test]
fn a_mods_new_terrain_appears_on_floor_one() {
    let mods = fixture("frost_floor");
    let (content, report) = load(&mods);
    assert!(!report.has_errors(), "{report}");
    assert!(
        (report.diagnostics.iter()).all(|d| !d.message.contains("never placed")),
        "{report}"
    );
    let count = |id: &str, seeds: std::ops::Range<u64>| -> usize {
        let tile = content.terrains.tile(id).unwrap();
        seeds
            .map(|seed| {
                let profile = content.generator_profile(1).unwrap();
                let floor = delve::dungeon::generate_in(&profile, seed, 1, &content.terrains);
                floor.map.tiles().iter().filter(|&&t| t == tile).count()
            })
            .sum()
    };
    assert!(count("frost:ice", 0..20) > 0, "no ice on twenty floors");
    assert!(count("frost:snow", 0..20) > 0, "no snow on twenty floors");
    // The ice cave's legend lays ice around its skeleton.
    let profile = content.generator_profile(1).unwrap();
    let cave = profile
        .prefabs
        .iter()
        .find(|p| p.id == "frost:ice_cave")
        .unwrap();
    assert_eq!(
        cave.terrain.get(&'_').map(String::as_str),
        Some("frost:ice")
    );
    assert_eq!(
        cave.legend.get(&'s').map(String::as_str),
        Some("core:skeleton")
    );
    let caves = (0..30u64).filter(|&seed| {
        let floor = delve::dungeon::generate_in(&profile, seed, 1, &content.terrains);
        let ice = content.terrains.tile("frost:ice").unwrap();
        (floor.encounters.iter()).any(|e| {
            let r = floor.rooms[e.room];
            e.prefab == "frost:ice_cave"
                && (r.y..r.y + r.h).any(|y| {
                    (r.x..r.x + r.w).any(|x| floor.map.get(delve::map::Pos::new(x, y)) == ice)
                })
        })
    });
    assert!(
        caves.count() > 0,
        "no ice cave with its ice on thirty floors"
    );
    let out = delve(&["gen", "--seed", "1", "--mods", mods.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains('_'), "ice drawn as its glyph:\n{text}");
    let core = delve(&["gen", "--seed", "1"]);
    assert!(!String::from_utf8(core.stdout).unwrap().contains('_'));
    // MODDING.md's "New terrain" shows this mod's content file as it is.
    let modding = include_str!("../../MODDING.md");
    let recipe = &modding[modding.find("## New terrain").unwrap()..];
    let block = recipe
        .split("```toml\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let file = std::fs::read_to_string(mods.join("frost/content.toml")).unwrap();
    assert_eq!(
        block, file,
        "MODDING.md's New terrain block is the fixture's file"
    );
}
