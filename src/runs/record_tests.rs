//! A run's record as files: saves and replays written before `Game` was in parts read back
//! and write out to the same fields, and play again to their hashes; a replay of each
//! class, a daily run's and a run given up at once play again to their ends.
use std::path::{Path, PathBuf};

use crate::content::Content;
use crate::daily::{Date, daily_seed};
use crate::game::{Command, Game, RULES_VERSION, RunOutcome, bot};
use crate::runs::replay::{Replay, ReplayError};
use crate::runs::save;

fn core() -> Content {
    Content::core().unwrap()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/record")
}

/// The manifest's lines: a fixture's name and the state hash it was written with.
fn manifest() -> Vec<(String, u64)> {
    let text = std::fs::read_to_string(fixtures().join("manifest.txt")).unwrap();
    let rows: Vec<(String, u64)> = (text.lines())
        .map(|line| {
            let name = line.split(' ').next().unwrap().to_string();
            let hash = line
                .split(' ')
                .find_map(|w| w.strip_prefix("hash="))
                .unwrap();
            (name, u64::from_str_radix(hash, 16).unwrap())
        })
        .collect();
    assert_eq!(rows.len(), 7, "{text}");
    rows
}

/// A framed file's header lines and its JSON body.
fn split(bytes: &[u8]) -> (&str, &[u8]) {
    let at = bytes.windows(2).position(|w| w == b"\n\n").unwrap();
    (std::str::from_utf8(&bytes[..at]).unwrap(), &bytes[at + 2..])
}

/// Every save the build before the parts wrote (a fight, a later floor, a shop, a daily, a
/// fork, a death) loads and writes out to the same body but for the floor's explored and
/// visible flags, which are written four to a hexadecimal digit since floors were kept (and
/// hold the same flags); what it writes reads back to the same state and hash.
#[test]
fn saves_from_before_the_parts_load_and_write_the_same_fields() {
    let content = core();
    let mut seen = 0;
    for (name, _) in manifest() {
        let path = fixtures().join(format!("{name}.sav"));
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        seen += 1;
        let loaded = save::decode(&bytes, &content).unwrap_or_else(|e| panic!("{name}: {e}"));
        let game = loaded.game;
        let (header, body) = split(&bytes);
        assert!(header.starts_with("DELVE-SAVE 3\n"), "{name}: {header}");
        let written = serde_json::to_vec(&game).unwrap();
        let old: serde_json::Value = serde_json::from_slice(body).unwrap();
        let new: serde_json::Value = serde_json::from_slice(&written).unwrap();
        let (old, new) = (old.as_object().unwrap(), new.as_object().unwrap());
        assert_eq!(
            old.keys().collect::<Vec<_>>(),
            new.keys().collect::<Vec<_>>(),
            "{name}"
        );
        for (key, value) in old {
            if key == "explored" || key == "visible" {
                let flags: Vec<bool> = serde_json::from_value(value.clone()).unwrap();
                let digits = new[key].as_str().unwrap();
                assert_eq!(digits.len(), flags.len().div_ceil(4), "{name}: {key}");
                let set = |i: usize| {
                    let d = digits.as_bytes()[i / 4] as char;
                    d.to_digit(16).unwrap() & (1 << (i % 4)) != 0
                };
                assert!(
                    flags.iter().enumerate().all(|(i, &f)| set(i) == f),
                    "{name}: {key}"
                );
                assert!(
                    flags.iter().any(|&f| f) || key == "visible",
                    "{name}: {key}"
                );
            } else {
                assert_eq!(value, &new[key], "{name}: {key}");
            }
        }
        let back: Game = serde_json::from_slice(&written).unwrap();
        assert_eq!(
            (&back, back.state_hash()),
            (&game, game.state_hash()),
            "{name}"
        );
        match name.as_str() {
            "fight" => assert!(game.in_combat()),
            "shop" => assert!(game.floor.shop.is_some()),
            "daily" => assert_eq!(game.origin.daily.as_deref(), Some("2026-12-06")),
            "fork" => assert!(game.origin.fork.is_some()),
            "died" => assert_eq!(game.run.outcome, Some(RunOutcome::Died)),
            _ => {}
        }
    }
    assert_eq!(seen, 6, "a save of each kind");
}

/// Every replay from before the parts reads and writes out to the same body; while the rules
/// and the core content are the ones it was recorded with, it plays again to its hash, and
/// after they change it is refused for that reason (the replay policy), never misread.
#[test]
fn replays_from_before_the_parts_read_write_the_same_and_verify() {
    let content = core();
    for (name, hash) in manifest() {
        let bytes = std::fs::read(fixtures().join(format!("{name}.replay"))).unwrap();
        let (header, body) = split(&bytes);
        assert!(header.starts_with("DELVE-REPLAY 4\n"), "{name}: {header}");
        let replay = Replay::peek(&bytes).unwrap_or_else(|| panic!("{name} reads"));
        assert!(
            serde_json::to_vec(&replay).unwrap() == body,
            "{name}: the body written again differs"
        );
        assert_eq!(replay.final_hash, hash, "{name}");
        let same_content = header.contains(&format!("fingerprint {:016x}", content.fingerprint()));
        match Replay::decode(&bytes, &content) {
            Ok(replay) => {
                assert!(replay.origin.rules == RULES_VERSION && same_content);
                let again = replay
                    .run(&content)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(again.state_hash(), hash, "{name} plays again to its hash");
            }
            Err(ReplayError::OtherRules { recorded }) => assert_ne!(recorded, RULES_VERSION),
            Err(ReplayError::OtherContent { .. }) => assert!(!same_content, "{name}"),
            Err(e) => panic!("{name}: {e}"),
        }
    }
}

#[test]
fn a_replay_of_each_class_plays_again_to_its_hash() {
    let content = core();
    let classes: Vec<String> = (content.classes_in_order().iter())
        .map(|c| c.id.clone())
        .collect();
    assert_eq!(classes.len(), 4);
    for id in &classes {
        let mut g = Game::new_as(11, id, &content).unwrap();
        while g.run.turn < 400 && !g.is_over() {
            let cmd = bot::explore(&g, &content);
            g.execute(&cmd, &content);
        }
        let bytes = Replay::of(&g, &content).encode(&content).unwrap();
        let replay = Replay::decode(&bytes, &content).unwrap();
        assert_eq!(&replay.origin.class, id);
        let again = replay.run(&content).unwrap();
        assert_eq!(again.state_hash(), g.state_hash(), "{id}");
        assert_eq!(again.origin, g.origin, "{id}");
    }
}

/// A daily run's seed is its date's, the date is in its state and its replay, and the
/// replay plays again to the same hash.
#[test]
fn a_daily_run_carries_its_date_into_its_replay() {
    let content = core();
    let date = Date::parse("2026-12-05").unwrap();
    let mut g = Game::new_daily(date, "core:rogue", &content).unwrap();
    assert_eq!(
        (g.origin.seed, g.origin.daily.as_deref()),
        (daily_seed(date), Some("2026-12-05"))
    );
    while g.run.turn < 200 && !g.is_over() {
        let cmd = bot::explore(&g, &content);
        g.execute(&cmd, &content);
    }
    let replay = Replay::of(&g, &content);
    let bytes = replay.encode(&content).unwrap();
    let back = Replay::decode(&bytes, &content).unwrap();
    assert_eq!(back.origin.daily.as_deref(), Some("2026-12-05"));
    assert_eq!(back.run(&content).unwrap().state_hash(), g.state_hash());
    // The same run without its date is another state.
    let mut plain = g.clone();
    plain.origin.daily = None;
    assert_ne!(plain.state_hash(), g.state_hash());
}

/// A run given up on its first turn replays to the same end.
#[test]
fn a_run_abandoned_at_once_replays_to_its_end() {
    let content = core();
    let mut run = Game::new(3, &content).expect("a run starts");
    run.execute(&Command::Abandon, &content);
    let replay = Replay::of(&run, &content);
    let played = replay.run(&content).expect("it replays");
    assert_eq!(played.state_hash(), run.state_hash());
    assert_eq!(played.run.outcome, Some(RunOutcome::Abandoned));
}

/// A save names its terrain by id: content without a kind the save uses refuses it, naming
/// the kind.
#[test]
fn a_save_with_terrain_the_content_lacks_is_refused_naming_it() {
    let mud = "[[terrain]]\nid = \"swamp:mud\"\nname = \"mud\"\ndescription = \"Deep mud.\"\n\
               glyph = \",\"\ncolor = \"brown\"\nwalkable = true\n";
    let pack = crate::content::Pack {
        id: "swamp".into(),
        files: vec![("terrain.toml".into(), mud.as_bytes().to_vec())],
    };
    let (with_mud, report) = crate::content::load_packs(&[crate::content::core_pack(), pack]);
    assert!(!report.has_errors(), "{report}");
    let mut g = Game::new(5, &with_mud).unwrap();
    let at = g.hero_pos();
    let tile = with_mud.terrains.tile("swamp:mud").unwrap();
    g.floor.map.set(at, tile);
    let bytes = save::encode(&g, &with_mud).unwrap();
    assert_eq!(save::decode(&bytes, &with_mud).unwrap().game, g);
    match save::decode(&bytes, &core()) {
        Err(save::SaveError::MissingContent(ids)) => assert_eq!(ids, ["swamp:mud"]),
        other => panic!("{:?}", other.map(|l| l.warning)),
    }
}

/// The record reads the core, never the other way: nothing under `src/game/`, tests
/// included, names `crate::runs`, so the rules build and test without the record.
#[test]
fn the_rules_never_read_the_record() {
    fn walk(dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                if text.contains("crate::runs") {
                    found.push(path.display().to_string());
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game"),
        &mut found,
    );
    assert!(found.is_empty(), "the rules read the record in {found:?}");
}
