//! Taking over a replay: the fork's state is its source's at that turn, it plays on as any
//! run, its own replay verifies, its mark survives replay files and saves, and the records
//! keep it unranked with its origin.
use crate::content::Content;
use crate::daily::Date;
use crate::game::Fork;
use crate::game::{Game, bot};
use crate::runs::replay::{FORMAT_VERSION, Replay, ReplayError};
use crate::runs::stats::bot_run_from;
use crate::runs::verify::{FALSE, verify};
use crate::runs::{Archive, MemoryArchive, Shelf, Viewer, keep_run, kept};

fn content() -> Content {
    Content::core().unwrap()
}

/// The replay of a bot run from `game` for up to `turns` turns (or to its end).
fn source(game: Game, turns: u64, content: &Content) -> Replay {
    let (game, _) = bot_run_from(game, turns, content);
    Replay::of(&game, content)
}

/// The source's state after its first `count` commands, played from a new run of its seed.
fn played_to(replay: &Replay, count: usize, content: &Content) -> Game {
    let mut game = Game::new_as(replay.origin.seed, &replay.origin.class, content).unwrap();
    game.origin.daily = replay.origin.daily.clone();
    for command in &replay.commands[..count] {
        game.execute(command, content);
    }
    game
}

/// `game` without its fork mark, as its source was at that turn.
fn unmarked(game: &Game, daily: Option<&str>) -> Game {
    let mut g = game.clone();
    g.origin.fork = None;
    g.origin.daily = daily.map(str::to_string);
    g
}

#[test]
fn forking_at_a_turn_gives_the_sources_state_there_and_plays_on_as_it_did() {
    let content = content();
    let replay = source(Game::new(21, &content).unwrap(), 600, &content);
    let last = replay.commands.len();
    let mut viewer = Viewer::new(replay.clone(), &content).unwrap();
    for turn in [0, 1, 250, last] {
        let forked = replay.fork_at(turn as u64, &content).unwrap();
        assert_eq!(forked.log.record, replay.commands[..turn], "turn {turn}");
        assert_eq!(
            forked.origin.fork,
            Some(Fork {
                from: format!("seed 21 (hash {:016x})", replay.final_hash),
                turn: turn as u64,
            })
        );
        let there = played_to(&replay, turn, &content);
        assert_eq!(unmarked(&forked, None).state_hash(), there.state_hash());
        // The mark is in the hash, as a daily's date is.
        assert_ne!(forked.state_hash(), there.state_hash());
        // The viewer's button takes over the state it shows: the same run.
        viewer.jump_to(turn, &content).unwrap();
        assert_eq!(viewer.play_from_here().unwrap(), forked, "turn {turn}");
    }
    // Played on by the same bot, the fork makes the source's moves again: it is an ordinary
    // run from there.
    let mut forked = replay.fork_at(250, &content).unwrap();
    while forked.log.record.len() < last {
        let command = bot::explore(&forked, &content);
        forked.execute(&command, &content);
    }
    assert_eq!(forked.log.record, replay.commands);
    assert_eq!(unmarked(&forked, None).state_hash(), replay.final_hash);
}

#[test]
fn a_forked_daily_is_no_longer_a_daily_and_its_origin_names_the_date() {
    let content = content();
    let date = Date::parse("2026-12-05").unwrap();
    let daily = Game::new_daily(date, content.first_class(), &content).unwrap();
    let replay = source(daily, 300, &content);
    let forked = replay.fork_at(120, &content).unwrap();
    assert_eq!(forked.origin.daily, None);
    let fork = forked.origin.fork.clone().unwrap();
    assert_eq!(
        fork.from,
        format!("daily 2026-12-05 (hash {:016x})", replay.final_hash)
    );
    let there = played_to(&replay, 120, &content);
    assert_eq!(
        unmarked(&forked, Some("2026-12-05")).state_hash(),
        there.state_hash()
    );
}

#[test]
fn a_forked_runs_replay_verifies_after_more_turns_and_says_where_it_came_from() {
    let content = content();
    let replay = source(Game::new(9, &content).unwrap(), 700, &content);
    let forked = replay.fork_at(400, &content).unwrap();
    let (game, _) = bot_run_from(forked, 1300, &content);
    assert!(game.log.record.len() > 400 && game.origin.fork.is_some());
    let mine = Replay::of(&game, &content).with_checkpoints(&content);
    assert!(!mine.checkpoints.is_empty(), "{} turns", game.run.turn);
    let v = verify(&mine.encode(&content).unwrap(), &content).unwrap();
    assert_eq!((v.turn, v.hash), (game.run.turn, game.state_hash()));
    assert_eq!(v.fork, game.origin.fork);
    let printed = v.to_string();
    let origin = format!(
        "forked from seed 9 (hash {:016x}), turn 400",
        replay.final_hash
    );
    assert!(printed.contains(&origin), "{printed}");
    // Stripped of its mark, the fork's replay proves nothing: the mark is in every hash.
    let mut stripped = mine.clone();
    stripped.origin.fork = None;
    let refused = verify(&stripped.encode(&content).unwrap(), &content).unwrap_err();
    assert_eq!(refused.code, FALSE, "{}", refused.reason);
    // A fork cannot claim more of its source than it has commands, nor to be a daily.
    let mut past = mine.clone();
    past.origin.fork = Some(Fork {
        turn: past.commands.len() as u64 + 1,
        ..past.origin.fork.clone().unwrap()
    });
    let refused = verify(&past.encode(&content).unwrap(), &content).unwrap_err();
    assert_eq!(refused.code, FALSE);
    assert!(
        refused.reason.contains("fork at turn"),
        "{}",
        refused.reason
    );
    let mut daily = mine;
    daily.origin.daily = Some("2026-12-05".into());
    let refused = verify(&daily.encode(&content).unwrap(), &content).unwrap_err();
    assert!(
        refused.reason.contains("never a daily"),
        "{}",
        refused.reason
    );
}

#[test]
fn the_fork_survives_replay_files_and_saves() {
    let content = content();
    let replay = source(Game::new(4, &content).unwrap(), 300, &content);
    let forked = replay.fork_at(150, &content).unwrap();
    let (game, _) = bot_run_from(forked, 400, &content);
    let bytes = Replay::of(&game, &content).encode(&content).unwrap();
    assert!(bytes.starts_with(format!("DELVE-REPLAY {FORMAT_VERSION}\n").as_bytes()));
    assert_eq!(FORMAT_VERSION, 4);
    let back = Replay::decode(&bytes, &content).unwrap();
    assert_eq!(back, Replay::of(&game, &content));
    assert_eq!(back.origin.fork, game.origin.fork);
    assert_eq!(back.run(&content).unwrap().state_hash(), game.state_hash());
    assert_eq!(Replay::peek(&bytes).unwrap().origin.fork, game.origin.fork);
    let shared = crate::runs::share::result_line(&game, &content);
    let origin = format!(", {}: ", game.origin.fork.as_ref().unwrap());
    assert!(shared.contains(&origin), "{shared}");

    let loaded = crate::runs::save::decode(
        &crate::runs::save::encode(&game, &content).unwrap(),
        &content,
    )
    .unwrap()
    .game;
    assert_eq!(loaded.origin.fork, game.origin.fork);
    assert_eq!(loaded.state_hash(), game.state_hash());
}

#[test]
fn a_version_3_replay_still_reads_and_plays() {
    let content = content();
    let (game, _) = bot_run_from(Game::new(12, &content).unwrap(), 250, &content);
    let replay = Replay::of(&game, &content);
    let body = serde_json::to_vec(&replay).unwrap();
    let framed =
        |version| crate::runs::save::frame("DELVE-REPLAY", version, content.fingerprint(), &body);
    let read = Replay::decode(&framed(3), &content).unwrap();
    assert_eq!(read, replay);
    assert_eq!(read.origin.fork, None);
    assert_eq!(read.run(&content).unwrap().state_hash(), game.state_hash());
    // A version this game does not know yet is refused by name.
    assert_eq!(
        Replay::decode(&framed(5), &content),
        Err(ReplayError::Version("5".into()))
    );
}

#[test]
fn forking_past_the_end_or_where_the_run_is_over_is_refused() {
    let content = content();
    let replay = source(Game::new(7, &content).unwrap(), 20_000, &content);
    assert!(replay.outcome.is_some(), "the bot's run ends");
    let last = replay.commands.len() as u64;
    assert_eq!(
        replay.fork_at(last, &content),
        Err(ReplayError::ForkOfEnded { turn: last })
    );
    for turn in [last + 1, u64::MAX] {
        let err = replay.fork_at(turn, &content).unwrap_err();
        assert_eq!(err, ReplayError::NoSuchTurn { turn, last });
        assert!(
            err.to_string().contains(&format!("no turn {turn}")),
            "{err}"
        );
    }
    // The turn before the last is still alive, and can be taken over.
    let before = replay.fork_at(last - 1, &content).unwrap();
    assert!(!before.is_over());
}

#[test]
fn the_records_keep_a_fork_unranked_with_its_origin() {
    let content = content();
    let date = Date::parse("2026-12-05").unwrap();
    let daily = Game::new_daily(date, content.first_class(), &content).unwrap();
    let (finished, _) = bot_run_from(daily, 20_000, &content);
    let replay = Replay::of(&finished, &content);
    let forked = replay
        .fork_at(replay.commands.len() as u64 / 2, &content)
        .unwrap();
    // The bot plays the fork on as it played the source: the same end, the same score.
    let (fork_end, _) = bot_run_from(forked, 20_000, &content);
    assert!(fork_end.is_over());
    let mut archive = MemoryArchive::default();
    let kept_fork = keep_run(&mut archive, &fork_end, &content, None);
    assert!(kept_fork.problems.is_empty(), "{:?}", kept_fork.problems);
    keep_run(&mut archive, &finished, &content, None);
    let records = kept::read_records(&mut archive, &mut Vec::new());
    // Kept first and scoring the same, the fork still goes after the ranked run.
    let table: Vec<(u64, bool)> = (records.runs.iter())
        .map(|r| (r.number, r.unranked))
        .collect();
    assert_eq!(table, [(2, false), (1, true)]);
    assert_eq!(records.runs[0].score, records.runs[1].score);
    let fork_record = &records.runs[1];
    assert_eq!(
        fork_record.fork, fork_end.origin.fork,
        "read back from records.toml"
    );
    assert_eq!(fork_record.daily, None);
    let line = fork_record.fork.as_ref().unwrap().to_string();
    assert!(
        line.starts_with("forked from daily 2026-12-05 (hash "),
        "{line}"
    );
    // The fork did not spend the date's try: the daily itself is its ranked run.
    let dailies: Vec<(u64, bool)> = (records.dailies.iter())
        .map(|r| (r.number, r.unranked))
        .collect();
    assert_eq!(dailies, [(2, false)]);
    let morgue = archive
        .read(
            Shelf::Morgues,
            &kept::kept_file_name(1, fork_end.origin.seed, "txt"),
        )
        .unwrap()
        .unwrap();
    let morgue = String::from_utf8(morgue).unwrap();
    assert!(morgue.contains(&format!("Fork:        {line}")), "{morgue}");
}
