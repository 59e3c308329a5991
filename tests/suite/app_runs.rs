//! Headless tests of kept runs: GameOver keeps the morgue, the replay and the record; the
//! Watch screen plays a replay to its hash and jumps; the Replays and Records screens list
//! them; files changed on disk reload once, and broken ones hold the content and show why.
use std::path::Path;
use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::app_headless::{app, edit_game, game, headless, press, scratch, screen, texts};
use delve::app::content::watch_files::{AutoReloads, WatchFiles};
use delve::app::content::{ContentErrors, CoreSource, ModSource, ModsStore, ReloadNotice};
use delve::app::save::{LastKept, RunArchive, SaveStore};
use delve::app::screens::watch::{WatchFrom, WatchRequest, Watching};
use delve::app::shared::{Screen, SuspendedRun, TurnPhase};
use delve::app::{ContentRes, GameRes};
use delve::game::{Game, RunOutcome, bot};
use delve::runs::replay::Replay;
use delve::runs::{Shelf, kept::read_records};

fn set_screen(app: &mut App, s: Screen) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(s);
    app.update();
    app.update();
}

fn content(app: &App) -> delve::content::Content {
    app.world().resource::<ContentRes>().0.clone()
}

/// Plays the bot in the app's run for `turns` turns (the core's own steps, as a replay would).
fn bot_turns(app: &mut App, turns: u64) {
    let c = content(app);
    let mut g = game(app).clone();
    while g.run.turn < turns && !g.is_over() {
        let cmd = bot::explore(&g, &c);
        g.execute(&cmd, &c);
    }
    edit_game(app, |game| *game = g);
}

/// Ends the run as a death after some bot play, and lets the GameOver screen open.
fn die(app: &mut App) {
    bot_turns(app, 150);
    edit_game(app, |g| g.run.outcome = Some(RunOutcome::Died));
    // The turn phase resolves (as after the hero's last command): Finish sees the run is over.
    app.world_mut()
        .resource_mut::<NextState<TurnPhase>>()
        .set(TurnPhase::Resolving);
    app.update();
    app.update();
    app.update();
    assert_eq!(screen(app), Screen::GameOver);
}

#[test]
fn a_finished_run_keeps_its_morgue_replay_and_record() {
    let mut app = app(21);
    die(&mut app);
    let kept = app.world().resource::<LastKept>().0.clone().expect("kept");
    assert!(kept.problems.is_empty(), "{:?}", kept.problems);
    assert_eq!(kept.morgue.as_deref(), Some("morgue/000001-seed-21.txt"));
    assert_eq!(
        kept.replay.as_deref(),
        Some("replays/000001-seed-21.replay")
    );
    assert_eq!(kept.place, Some(0));
    let shown = texts(&mut app);
    assert!(
        shown.contains("Morgue: morgue/000001-seed-21.txt"),
        "{shown}"
    );
    assert!(shown.contains("Records: #1 of the best runs"), "{shown}");
    assert!(shown.contains("Watch this run"), "{shown}");
    assert!(!shown.contains("no replay"), "its replay was kept: {shown}");
    let c = content(&app);
    let g = game(&app).clone();
    let archive = app.world_mut().resource_mut::<RunArchive>();
    let morgue = archive
        .0
        .read(Shelf::Morgues, "000001-seed-21.txt")
        .unwrap()
        .unwrap();
    let morgue = String::from_utf8(morgue).unwrap();
    assert!(morgue.contains("Seed:        21"), "{morgue}");
    assert!(morgue.contains(&format!("turn {}", g.run.turn)), "{morgue}");
    let bytes = archive
        .0
        .read(Shelf::Replays, "000001-seed-21.replay")
        .unwrap()
        .unwrap();
    let replay = Replay::decode(&bytes, &c).unwrap();
    assert_eq!(replay.final_hash, g.state_hash());
    let mut archive = app.world_mut().resource_mut::<RunArchive>();
    let records = read_records(archive.0.as_mut(), &mut Vec::new());
    assert_eq!(records.runs.len(), 1);
    assert_eq!(records.runs[0].seed, 21);
    assert_eq!(records.runs[0].cause, "Died");

    // The Records screen lists it and opens its morgue.
    set_screen(&mut app, Screen::MainMenu);
    press(&mut app, KeyCode::KeyT);
    assert_eq!(screen(&app), Screen::Records);
    let shown = texts(&mut app);
    assert!(shown.contains("Died"), "{shown}");
    press(&mut app, KeyCode::Enter);
    assert!(texts(&mut app).contains("Delve morgue file"));
    press(&mut app, KeyCode::Escape);
    // W watches its replay.
    press(&mut app, KeyCode::KeyW);
    assert_eq!(screen(&app), Screen::Watch);
}

#[test]
fn abandoning_from_the_pause_menu_asks_again_then_ends_and_keeps_the_run() {
    let mut app = app(22);
    bot_turns(&mut app, 60);
    let turn = game(&app).run.turn;
    press(&mut app, KeyCode::Escape);
    press(&mut app, KeyCode::KeyA);
    // Once only asks: the run goes on.
    assert!(!game(&app).is_over());
    assert!(texts(&mut app).contains("Choose Abandon again"));
    // Closing the menu forgets the question: asked again, it asks again.
    press(&mut app, KeyCode::Escape);
    press(&mut app, KeyCode::Escape);
    press(&mut app, KeyCode::KeyA);
    assert!(!game(&app).is_over(), "a new pause menu asks again");
    press(&mut app, KeyCode::KeyA);
    app.update();
    assert_eq!(screen(&app), Screen::GameOver);
    let g = game(&app).clone();
    assert_eq!(g.run.outcome, Some(RunOutcome::Abandoned));
    assert_eq!(g.run.turn, turn, "giving up costs no turn");
    assert!(texts(&mut app).contains("You gave up the run on floor"));
    let c = content(&app);
    let mut archive = app.world_mut().resource_mut::<RunArchive>();
    let records = read_records(archive.0.as_mut(), &mut Vec::new());
    assert_eq!(records.runs.len(), 1);
    assert_eq!(
        records.runs[0].cause,
        format!("Abandoned on floor {}", g.floor.depth)
    );
    assert_eq!(records.runs[0].outcome, "abandoned", "not \"died\"");
    // Its replay plays back to the same end.
    let bytes = archive
        .0
        .read(Shelf::Replays, "000001-seed-22.replay")
        .unwrap()
        .unwrap();
    let replay = Replay::decode(&bytes, &c).unwrap();
    assert_eq!(replay.outcome.as_deref(), Some("abandoned"));
    let played = replay.run(&c).unwrap();
    assert_eq!(played.state_hash(), g.state_hash());
    assert_eq!(played.run.outcome, Some(RunOutcome::Abandoned));
}

fn request(app: &mut App, seed: u64, turns: u64) -> Replay {
    let c = content(app);
    let mut g = Game::new(seed, &c).unwrap();
    while g.run.turn < turns && !g.is_over() {
        let cmd = bot::explore(&g, &c);
        g.execute(&cmd, &c);
    }
    let replay = Replay::of(&g, &c);
    app.insert_resource(WatchRequest {
        replay: replay.clone(),
        title: "a test run".into(),
        from: WatchFrom::MainMenu,
    });
    replay
}

/// Types `turn`'s digits and Enter in the viewer: the jump to that turn.
fn jump_to(app: &mut App, turn: usize) {
    for c in turn.to_string().chars() {
        let digit = c.to_digit(10).expect("a digit") as usize;
        press(app, delve::app::turn::DIGIT_KEYS[digit]);
    }
    press(app, KeyCode::Enter);
}

#[test]
fn watching_plays_steps_and_jumps_and_gives_the_players_run_back() {
    let mut app = app(5);
    bot_turns(&mut app, 40);
    let own = game(&app).clone();
    set_screen(&mut app, Screen::MainMenu);
    let replay = request(&mut app, 13, 400);
    // The Watch plugin opens the request, then shows its screen.
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Watch);
    assert_eq!(game(&app).origin.seed, 13, "the watched run is on screen");
    // Paused, a turn at a time.
    press(&mut app, KeyCode::Space);
    let t = app.world().resource::<Watching>().viewer.turn();
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(app.world().resource::<Watching>().viewer.turn(), t + 2);
    assert_eq!(game(&app).run.turn, (t + 2) as u64);
    // Digits and Enter jump; the state equals playing that many turns.
    jump_to(&mut app, 250);
    let c = content(&app);
    let mut played = Game::new(13, &c).unwrap();
    assert!(replay.commands.len() > 250, "the bot's run is long enough");
    for cmd in &replay.commands[..250] {
        played.execute(cmd, &c);
    }
    assert_eq!(game(&app).state_hash(), played.state_hash());
    // End: the recorded hash, said on the bar.
    press(&mut app, KeyCode::End);
    assert_eq!(game(&app).state_hash(), replay.final_hash);
    let bar = texts(&mut app);
    assert!(
        bar.contains(&format!(
            "turn {} of {}",
            replay.commands.len(),
            replay.commands.len()
        )),
        "{bar}"
    );
    assert!(bar.contains("as recorded"), "{bar}");
    // Space at the end plays the run again from its start.
    press(&mut app, KeyCode::Space);
    let w = app.world().resource::<Watching>();
    assert!(
        w.playing && w.viewer.turn() < 20,
        "turn {}",
        w.viewer.turn()
    );
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::MainMenu);
    assert!(
        app.world().get_resource::<GameRes>().is_none(),
        "no run is open on the menu"
    );
    let kept = app.world().resource::<SuspendedRun>().0.clone();
    assert_eq!(
        kept.map(|g| g.state_hash()),
        Some(own.state_hash()),
        "the player's run still waits for Continue"
    );
    press(&mut app, KeyCode::KeyC);
    assert_eq!(screen(&app), Screen::InGame);
    assert_eq!(game(&app).state_hash(), own.state_hash(), "and continues");
}

#[test]
fn play_from_here_takes_over_the_turn_on_screen_as_an_unranked_run_of_the_players() {
    let mut app = app(5);
    set_screen(&mut app, Screen::MainMenu);
    let replay = request(&mut app, 13, 400);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Watch);
    press(&mut app, KeyCode::Space);
    jump_to(&mut app, 120);
    let shown = game(&app).clone();
    assert_eq!(shown.log.record.len(), 120);
    press(&mut app, KeyCode::KeyP);
    app.update();
    assert_eq!(screen(&app), Screen::InGame, "the player plays on");
    let g = game(&app).clone();
    assert_eq!(
        g.log.record,
        replay.commands[..120].to_vec(),
        "its first commands"
    );
    let fork = g.origin.fork.clone().expect("marked as a fork");
    assert_eq!(fork.turn, 120);
    assert!(fork.to_string().contains("seed 13"), "{fork}");
    // The same state but for the mark, and it plays on as any run.
    let mut unmarked = g.clone();
    unmarked.origin.fork = None;
    assert_eq!(unmarked.state_hash(), shown.state_hash());
    press(&mut app, KeyCode::Space);
    assert!(game(&app).run.turn > g.run.turn, "a turn was played");
}

/// The run's game exists exactly while a run is open, and every screen on the way runs
/// without it missing (in the browser a missing resource ends the page): menu → new run →
/// turns → GameOver → menu, then menu → replay viewer → menu.
#[test]
fn the_game_lives_exactly_as_long_as_the_run_is_open() {
    let open = |app: &App| app.world().get_resource::<GameRes>().is_some();
    let mut app = app(8);
    assert!(open(&app));
    for _ in 0..3 {
        press(&mut app, KeyCode::Space);
    }
    assert!(game(&app).run.turn > 0, "turns were played");
    die(&mut app);
    assert!(open(&app), "GameOver reads the finished run");
    press(&mut app, KeyCode::KeyM);
    assert_eq!(screen(&app), Screen::MainMenu);
    assert!(!open(&app), "no run is open on the menu");
    assert!(
        app.world().resource::<SuspendedRun>().0.is_none(),
        "a finished run is not kept for Continue"
    );
    request(&mut app, 12, 50);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Watch);
    assert_eq!(game(&app).origin.seed, 12);
    for _ in 0..5 {
        app.update();
    }
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::MainMenu);
    assert!(!open(&app));
}

#[test]
fn a_replay_of_other_content_is_refused_with_the_replay_commands_words() {
    let mut app = app(5);
    set_screen(&mut app, Screen::MainMenu);
    let c = content(&app);
    let g = Game::new(3, &c).unwrap();
    let mut other = c.clone();
    other.balance.evasion += 0.01;
    let bytes = Replay::of(&g, &other).encode(&other).unwrap();
    app.world_mut()
        .resource_mut::<RunArchive>()
        .0
        .write(Shelf::Replays, "000001-seed-3.replay", &bytes)
        .unwrap();
    press(&mut app, KeyCode::KeyW);
    assert_eq!(screen(&app), Screen::Replays);
    let shown = texts(&mut app);
    assert!(shown.contains("#1  seed 3"), "{shown}");
    assert!(shown.contains("recorded with other content"), "{shown}");
    press(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Replays, "refused, it stays");
    let shown = texts(&mut app);
    assert!(shown.contains("cannot be watched: "), "{shown}");
}

fn write_slime(mods: &Path, name: &str) {
    let dir = mods.join("good");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("mod.toml"),
        "id = \"good\"\nname = \"Good\"\nversion = \"0.1.0\"\nengine = \"1\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("creatures.toml"),
        format!(
            "[[creatures]]\nid = \"good:slime\"\nname = \"{name}\"\nsymbol = \"s\"\n\
             color = \"green\"\nabilities = [\"core:attack\"]\n"
        ),
    )
    .unwrap();
}

/// Runs frames (with real time passing) until `done` or five seconds.
fn frames_until(app: &mut App, mut done: impl FnMut(&App) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(5) {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

fn reloads(app: &App) -> u32 {
    app.world().resource::<AutoReloads>().0
}

#[test]
fn saved_files_reload_once_and_broken_ones_hold_the_run_on_its_content() {
    let dir = scratch("auto-reload");
    let mods = dir.join("mods");
    write_slime(&mods, "Slime");
    let (m, choices) = (mods.clone(), dir.join("mods.toml"));
    let mut app = headless(move |app| {
        app.insert_resource(ModSource::folder(m));
        app.insert_resource(ModsStore(SaveStore::File(choices)));
        app.insert_resource(CoreSource(None));
        app.insert_resource(WatchFiles(true));
    });
    app.update();
    app.update();
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter); // the class choice: its first class
    assert_eq!(screen(&app), Screen::InGame);
    let slime = |app: &App| {
        app.world()
            .resource::<ContentRes>()
            .0
            .creature("good:slime")
            .map(|c| c.name.clone())
    };
    assert_eq!(slime(&app).as_deref(), Some("Slime"));

    // Saved in two writes (as editors do): one reload, after they settle.
    write_slime(&mods, "Green slime");
    assert!(frames_until(&mut app, |a| reloads(a) == 1), "no reload");
    for _ in 0..30 {
        app.update();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(reloads(&app), 1, "one reload for one save");
    assert_eq!(slime(&app).as_deref(), Some("Green slime"));
    assert_eq!(
        game(&app).origin.reloads.len(),
        1,
        "the run goes on, marked"
    );
    let notice = app.world().resource::<ReloadNotice>().0.clone().unwrap();
    assert!(notice.starts_with("Content reloaded"), "{notice}");

    // Broken: the content and the run stay as they were, and the errors say where.
    let fingerprint = app.world().resource::<ContentRes>().0.fingerprint();
    std::fs::write(mods.join("good/creatures.toml"), "[[creatures]\n").unwrap();
    assert!(frames_until(&mut app, |a| reloads(a) == 2), "no reload");
    app.update();
    let errors = app.world().resource::<ContentErrors>().0.clone();
    let errors = errors.expect("the overlay's errors");
    assert!(
        errors.starts_with(
            "The changed files do not load; the game goes on with the content as it was."
        ),
        "{errors}"
    );
    assert!(errors.contains("good/creatures.toml:1:"), "{errors}");
    assert_eq!(
        app.world().resource::<ContentRes>().0.fingerprint(),
        fingerprint
    );
    assert_eq!(slime(&app).as_deref(), Some("Green slime"));
    assert_eq!(
        game(&app).origin.reloads.len(),
        1,
        "a held reload is not one"
    );
    let notice = app.world().resource::<ReloadNotice>().0.clone().unwrap();
    assert!(notice.starts_with("Reload held"), "{notice}");

    // Fixed: the overlay goes, the new content comes in.
    write_slime(&mods, "Blue slime");
    assert!(frames_until(&mut app, |a| reloads(a) == 3), "no reload");
    app.update();
    assert_eq!(app.world().resource::<ContentErrors>().0, None);
    assert_eq!(slime(&app).as_deref(), Some("Blue slime"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_daily_entry_plays_todays_seed_on_the_core_pack_alone_and_says_why_not_with_mods() {
    let dir = scratch("daily-entry");
    let (core_only, modded) = (dir.join("none"), dir.join("mods"));
    std::fs::create_dir_all(&core_only).unwrap();
    write_slime(&modded, "Slime");
    let open = |mods: std::path::PathBuf| {
        let mut app = headless(move |app| {
            app.insert_resource(ModSource::folder(mods));
            app.insert_resource(CoreSource(None));
        });
        app.update();
        app.update();
        assert_eq!(screen(&app), Screen::MainMenu);
        app
    };

    let mut app = open(core_only);
    let today = delve::app::shared::today().unwrap();
    let shown = texts(&mut app);
    assert!(
        shown.contains(&today.to_string()),
        "the entry names the day: {shown}"
    );
    press(&mut app, KeyCode::KeyD);
    assert_eq!(screen(&app), Screen::ClassChoice);
    press(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::InGame);
    let g = game(&app);
    assert_eq!(g.origin.daily.as_deref(), Some(today.to_string().as_str()));
    assert_eq!(g.origin.seed, delve::daily::daily_seed(today));
    // Finished, it is in the Records' Daily table as the date's first try. Its death is the
    // test's edit, which no command made: its replay rightly does not verify (a run the bot
    // plays to its end does: `runs::kept`'s tests).
    die(&mut app);
    set_screen(&mut app, Screen::MainMenu);
    press(&mut app, KeyCode::KeyT);
    press(&mut app, KeyCode::KeyD);
    let shown = texts(&mut app);
    assert!(shown.contains("Daily runs"), "{shown}");
    let row = (shown.lines())
        .find(|l| l.contains(&today.to_string()))
        .unwrap_or_else(|| panic!("no row of today: {shown}"));
    assert!(row.contains("not verified"), "{row}");
    assert!(!row.contains("unranked"), "{row}");

    let mut app = open(modded);
    assert!(texts(&mut app).contains("plays the core pack alone"));
    press(&mut app, KeyCode::KeyD);
    assert_eq!(screen(&app), Screen::MainMenu, "no daily with mods on");
}

#[test]
fn save_for_sharing_writes_the_replay_and_its_result_line_beside_the_save() {
    let dir = scratch("share");
    let save = dir.join("run.save");
    let mut app = headless(move |app| {
        app.insert_resource(delve::app::shared::NewRun {
            seed: 5,
            class: None,
        });
        app.insert_resource(SaveStore::File(save));
    });
    app.update();
    app.update();
    super::app_headless::open_new_run(&mut app, 5);
    die(&mut app);
    press(&mut app, KeyCode::KeyE);
    let shown = texts(&mut app);
    assert!(shown.contains("Saved for sharing"), "{shown}");
    let line = std::fs::read_to_string(dir.join("delve-seed-5.txt")).expect("the result line");
    let g = game(&app);
    assert!(
        line.starts_with("Delve seed 5 (Fighter): died on floor "),
        "{line}"
    );
    assert!(
        line.contains(&format!("hash {:016x}", g.state_hash())),
        "{line}"
    );
    assert!(
        shown.contains(line.trim()),
        "the screen says the line: {shown}"
    );
    let replay = std::fs::read(dir.join("delve-seed-5.replay")).expect("the replay");
    let back = Replay::decode(&replay, &content(&app)).expect("a replay this build reads");
    assert_eq!(back.commands, g.log.record);
}

/// A bot's replay of `seed` as `class`, `turns` long, as a file's bytes.
fn bot_replay_bytes(seed: u64, class: &str, turns: u64, c: &delve::content::Content) -> Vec<u8> {
    let mut g = Game::new_as(seed, class, c).unwrap();
    while g.run.turn < turns && !g.is_over() {
        let cmd = bot::explore(&g, c);
        g.execute(&cmd, c);
    }
    Replay::of(&g, c).encode(c).unwrap()
}

/// The app on its menu, with `seed` for the next run, and the race of `replays` (seed, class,
/// name) made with the app's own content to start with it.
fn racing(seed: u64, replays: &[(u64, &str, &str)]) -> App {
    let mut app = headless(|app| {
        app.insert_resource(delve::app::shared::NewRun { seed, class: None });
    });
    app.update();
    app.update();
    let c = content(&app);
    let files = (replays.iter())
        .map(|&(s, class, name)| (name.to_string(), bot_replay_bytes(s, class, 300, &c)))
        .collect();
    app.insert_resource(delve::app::dungeon::race::RaceFiles(files));
    super::app_headless::open_new_run(&mut app, seed);
    assert_eq!(screen(&app), Screen::InGame);
    app
}

/// The notices the log was handed lately.
fn notices(app: &App) -> Vec<String> {
    let messages = app
        .world()
        .resource::<Messages<delve::app::shared::Notice>>();
    messages
        .get_cursor()
        .read(messages)
        .map(|n| n.0.clone())
        .collect()
}

#[test]
fn a_race_starts_with_the_run_and_its_ghosts_keep_the_players_pace() {
    use delve::app::dungeon::race::RaceRes;
    let mut app = racing(
        9,
        &[(9, "core:rogue", "rogue"), (9, "core:arcanist", "arcanist")],
    );
    assert!(
        notices(&app).contains(&"Racing rogue, arcanist.".to_string()),
        "{:?}",
        notices(&app)
    );
    let ghosts = |app: &App| {
        let race = app
            .world()
            .resource::<RaceRes>()
            .0
            .as_ref()
            .expect("racing");
        race.views(game(app).floor.depth)
    };
    assert_eq!(ghosts(&app).len(), 2);
    let before = game(&app).clone();
    for _ in 0..5 {
        press(&mut app, KeyCode::Space);
    }
    let turn = game(&app).run.turn;
    assert!(turn >= 5);
    for v in ghosts(&app) {
        assert!(
            v.end.is_some() || v.turn >= turn,
            "{} at turn {}",
            v.name,
            v.turn
        );
    }
    // The player's run is what the same commands make without a race.
    let c = content(&app);
    let mut alone = before;
    for cmd in &game(&app).log.record[alone.log.record.len()..] {
        alone.execute(cmd, &c);
    }
    assert_eq!(alone.state_hash(), game(&app).state_hash());
}

#[test]
fn a_race_of_another_seed_is_refused_in_the_log_and_the_run_plays_alone() {
    use delve::app::dungeon::race::RaceRes;
    let app = racing(9, &[(10, "core:fighter", "other")]);
    assert!(app.world().resource::<RaceRes>().0.is_none());
    let said = notices(&app);
    assert!(
        said.iter()
            .any(|n| n.starts_with("No race: other: the replay is of seed 10")),
        "{said:?}"
    );
}

#[test]
fn race_my_best_on_the_replays_screen_races_the_best_kept_run_of_its_seed() {
    use delve::app::dungeon::race::RaceRes;
    let mut app = app(21);
    die(&mut app);
    let seed = game(&app).origin.seed;
    set_screen(&mut app, Screen::Replays);
    press(&mut app, KeyCode::KeyR);
    assert_eq!(
        screen(&app),
        Screen::ClassChoice,
        "the race's run chooses its class"
    );
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(screen(&app), Screen::InGame);
    assert_eq!(game(&app).origin.seed, seed);
    let race = app
        .world()
        .resource::<RaceRes>()
        .0
        .as_ref()
        .expect("racing");
    let views = race.views(game(&app).floor.depth);
    assert_eq!(views.len(), 1);
    assert!(views[0].name.starts_with("run #"), "{}", views[0].name);
}

#[test]
fn race_my_best_on_the_records_screen_races_its_seed_and_backing_out_drops_the_race() {
    use delve::app::dungeon::race::{RaceFiles, RaceRes};
    let mut app = app(22);
    die(&mut app);
    let seed = game(&app).origin.seed;
    set_screen(&mut app, Screen::Records);
    press(&mut app, KeyCode::KeyR);
    assert_eq!(screen(&app), Screen::ClassChoice);
    assert!(app.world().contains_resource::<RaceFiles>());
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(screen(&app), Screen::MainMenu);
    assert!(
        !app.world().contains_resource::<RaceFiles>(),
        "backing out of the race's run drops the race"
    );
    set_screen(&mut app, Screen::Records);
    press(&mut app, KeyCode::KeyR);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(screen(&app), Screen::InGame);
    assert_eq!(game(&app).origin.seed, seed);
    let race = (app.world().resource::<RaceRes>().0.as_ref()).expect("racing");
    assert_eq!(race.views(game(&app).floor.depth).len(), 1);
}

/// Drops `file` on the window, as the desktop does; what the screen's notes then say.
fn drop_file(app: &mut App, file: std::path::PathBuf) -> String {
    app.world_mut()
        .write_message(bevy::window::FileDragAndDrop::DroppedFile {
            window: Entity::PLACEHOLDER,
            path_buf: file,
        });
    app.update();
    let notice = app
        .world()
        .resource::<delve::app::screens::watch::WatchNotice>();
    notice.0.clone().unwrap_or_default()
}

#[test]
fn a_replay_dropped_on_the_replays_screen_is_verified_then_kept_in_the_records() {
    let mut app = app(3);
    set_screen(&mut app, Screen::Replays);
    let c = content(&app);
    let dir = scratch("import");
    let good = dir.join("friend.replay");
    std::fs::write(&good, bot_replay_bytes(44, "core:rogue", 200, &c)).unwrap();
    let said = drop_file(&mut app, good);
    assert!(
        said.starts_with("Imported ") && said.contains("verified: seed 44"),
        "{said}"
    );
    let list = app
        .world()
        .resource::<delve::app::screens::replays::ReplayList>();
    assert!(
        list.entries.iter().any(|e| e.seed == 44),
        "the replay is kept"
    );
    // A file that is not a replay is refused with the reason.
    let bad = dir.join("notes.txt");
    std::fs::write(&bad, b"not a replay").unwrap();
    let said = drop_file(&mut app, bad);
    assert!(said.starts_with("Not imported: "), "{said}");
}
