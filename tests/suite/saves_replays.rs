//! Saves and replays through the `delve` binary: the command-line spellings scripts rely on,
//! saves that survive being killed mid-write, and a long soak with the invariants checked.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use delve::content::Content;
use delve::game::Game;

fn delve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .output()
        .expect("the delve binary runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("delve-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn hash_of(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let v: serde_json::Value = serde_json::from_str(text.trim()).expect("JSON report");
    v["state_hash"].as_str().unwrap().to_string()
}

fn content() -> Content {
    Content::core().unwrap_or_else(|r| panic!("core content broken:\n{r}"))
}

#[test]
fn half_save_load_half_equals_straight_and_replay_reproduces() {
    let dir = scratch("halves");
    let (save, rec) = (dir.join("half.sav"), dir.join("run.replay"));
    let (save, rec) = (save.to_str().unwrap(), rec.to_str().unwrap());
    for seed in ["4", "17"] {
        let j = ["--format", "json"];
        let straight = delve(&[&["sim", "--seed", seed, "--turns", "1200"][..], &j].concat());
        let first = delve(
            &[
                &["sim", "--seed", seed, "--turns", "600", "--save", save][..],
                &j,
            ]
            .concat(),
        );
        assert!(first.status.success());
        let second = delve(
            &[
                &["sim", "--load", save, "--turns", "600", "--record", rec][..],
                &j,
            ]
            .concat(),
        );
        assert_eq!(hash_of(&straight), hash_of(&second), "seed {seed}");
        // The replay recorded after a load still starts from the seed and covers the whole run.
        let replayed = delve(&["replay", rec, "--format", "json"]);
        assert_eq!(hash_of(&replayed), hash_of(&straight), "seed {seed}");
    }
}

/// A bug report can say which build it came from: the version and the commit git names.
#[test]
fn version_names_the_release_and_the_commit() {
    let out = delve(&["--version"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(&format!("delve {} (", env!("CARGO_PKG_VERSION"))),
        "{text}"
    );
    let head = Command::new("git")
        .args(["rev-parse", "--short=9", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success() && std::env::var_os("DELVE_COMMIT").is_none());
    // From a git checkout, the commit is HEAD's (a copy without git says "unknown").
    if let Some(head) = head {
        let hash = String::from_utf8_lossy(&head.stdout).trim().to_string();
        assert!(text.contains(&format!("({hash})")), "{text} lacks {hash}");
    }
}

#[test]
fn bad_files_exit_1_naming_the_file() {
    let dir = scratch("bad");
    let junk = dir.join("junk.sav");
    std::fs::write(&junk, b"not a save at all").unwrap();
    let junk = junk.to_str().unwrap();
    for args in [
        vec!["sim", "--load", junk, "--turns", "5"],
        vec!["replay", junk],
        vec!["sim", "--load", "/nonexistent/x.sav"],
    ] {
        let out = delve(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        let file = args.iter().find(|a| a.contains('/')).unwrap();
        assert!(err.contains(file), "{args:?}: {err}");
    }
    // The damaged file is reported, never changed.
    assert_eq!(std::fs::read(junk).unwrap(), b"not a save at all");
    let usage = delve(&["sim", "--runs", "2", "--save", junk]);
    assert_eq!(usage.status.code(), Some(2));
    let missing = delve(&["check-mods", "--mods", "/nonexistent/mods"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/mods"));
}

#[test]
fn many_runs_add_up_and_plot() {
    let dir = scratch("runs");
    let plot = dir.join("ends.png");
    let out = delve(&[
        "sim",
        "--runs",
        "6",
        "--turns",
        "400",
        "--seed",
        "10",
        "--format",
        "json",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let n = |k: &str| v[k].as_u64().unwrap();
    assert_eq!(n("runs"), 6);
    assert_eq!(n("won") + n("died") + n("unfinished"), 6);
    assert!(std::fs::read(&plot).unwrap().starts_with(b"\x89PNG"));
}

/// Kills a child that saves after every turn at random moments: whatever instant the kill
/// lands on, the save on disk is the previous or the next complete one, never a torn one.
#[test]
fn killing_the_process_mid_save_leaves_a_loadable_save() {
    let dir = scratch("kill");
    let save = dir.join("run.sav");
    let content = content();
    let fresh = |seed: u64| {
        let out = delve(
            &["sim", "--seed", &seed.to_string(), "--turns", "5", "--save"]
                .iter()
                .copied()
                .chain([save.to_str().unwrap()])
                .collect::<Vec<_>>(),
        );
        assert!(out.status.success());
    };
    fresh(9);
    // The delays come from a fixed sequence so a failure can be reproduced.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut turns_seen = Vec::new();
    for round in 0..25 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mut child = Command::new(env!("CARGO_BIN_EXE_delve"))
            .args([
                "sim",
                "--load",
                save.to_str().unwrap(),
                "--turns",
                "1000000",
            ])
            .args(["--save", save.to_str().unwrap(), "--save-every", "1"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(20 + x % 120));
        child.kill().unwrap();
        child.wait().unwrap();
        let loaded = delve::runs::save::load(&save, &content)
            .unwrap_or_else(|e| panic!("round {round}: the save did not survive the kill: {e}"));
        turns_seen.push(loaded.game.run.turn);
        if loaded.game.is_over() {
            // The run ended before the kill; a new one keeps the children writing.
            fresh(100 + round);
        }
    }
    // The children really were writing: the saved run moved on between kills.
    assert!(
        turns_seen.windows(2).filter(|w| w[1] > w[0]).count() >= 10,
        "{turns_seen:?}"
    );
    assert_no_tmp_left_but_ours(&dir);
}

/// A killed writer may leave its temp file; only that one, never a half-renamed save.
fn assert_no_tmp_left_but_ours(dir: &Path) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            name == "run.sav" || name == "run.sav.tmp",
            "stray file {name}"
        );
    }
}

/// 100,000 bot turns over several seeds in the slow tier, 10,000 in the quick one
/// (`DELVE_SOAK_TURNS` sets another total, e.g. the README's 1,000,000), the state's
/// invariants checked after every turn. Every turn advances the count but the one the hero
/// dies in, which stops where the hero died.
#[test]
fn soak_keeps_the_invariants() {
    let content = content();
    let goal: u64 = std::env::var("DELVE_SOAK_TURNS")
        .map(|v| v.parse().expect("DELVE_SOAK_TURNS must be a whole number"))
        .unwrap_or(if crate::tier::slow() { 100_000 } else { 10_000 });
    let mut total = 0u64;
    let mut seed = 1000;
    while total < goal {
        let game = Game::new(seed, &content).unwrap();
        let mut last = game.run.turn;
        let (game, _) = delve::cli::simulate_game(game, &content, goal - total, |g| {
            // A turn passes with every command but those that cost none (buying, naming).
            let free = g.log.record.last().is_some_and(|c| c.costs_no_turn());
            let step =
                if g.run.turn > last || ((g.run.death.is_some() || free) && g.run.turn == last) {
                    Ok(())
                } else {
                    Err(format!("the turn went from {last} to {}", g.run.turn))
                };
            last = g.run.turn;
            step.and_then(|()| invariants(g, &content))
                .map_err(|e| format!("seed {}, turn {}: {e}", g.origin.seed, g.run.turn))
        })
        .unwrap_or_else(|e| panic!("{e}"));
        total += game.run.turn;
        seed += 1;
    }
}

fn invariants(g: &Game, content: &Content) -> Result<(), String> {
    for c in g.floor.creatures.values() {
        let max = g.attribute(c.id, delve::game::Attr::MaxHealth, content);
        if c.health > max + 1e-9 {
            return Err(format!("{} has {} of {max} health", c.kind, c.health));
        }
        if !c.is_alive() && c.id != g.party.hero {
            return Err(format!("a dead {} stays in the world", c.kind));
        }
    }
    let ids = g
        .fight
        .enemies
        .iter()
        .chain(g.floor.encounter_rooms.iter().flat_map(|r| &r.guards))
        .chain([&g.party.hero]);
    if let Some(id) = ids
        .into_iter()
        .find(|id| !g.floor.creatures.contains_key(id))
    {
        return Err(format!("{id:?} does not resolve"));
    }
    let hero = g.hero();
    if !g.is_over() && !hero.is_alive() {
        return Err("the hero is dead but the run goes on".into());
    }
    let mut seen = std::collections::BTreeMap::new();
    for c in g.floor.creatures.values() {
        if !g.floor.map.is_passable(c.pos) {
            return Err(format!("{} stands in a wall at {:?}", c.kind, c.pos));
        }
        if c.is_alive()
            && c.id != g.party.hero
            && let Some(other) = seen.insert(c.pos, c.id)
            && !g.in_combat()
        {
            // The forager passes through creatures; two monsters may share only with it.
            let kinds = [&g.floor.creatures[&other].kind, &c.kind];
            if !kinds.iter().any(|k| k.as_str() == "core:forager") {
                return Err(format!("{kinds:?} share the tile {:?}", c.pos));
            }
        }
    }
    if g.floor.explored.len() != g.floor.map.len() || g.floor.visible.len() != g.floor.map.len() {
        return Err("sight memory does not match the map".into());
    }
    // The command the hero died in is recorded, its turn not counted; so are the commands
    // that cost no turn.
    let free = g.log.record.iter().filter(|c| c.costs_no_turn()).count() as u64;
    if g.log.record.len() as u64 != g.run.turn + free + u64::from(g.run.death.is_some()) {
        return Err(format!(
            "{} commands recorded after {} turns",
            g.log.record.len(),
            g.run.turn
        ));
    }
    Ok(())
}
