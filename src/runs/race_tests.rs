//! Ghost races: ghosts keep the player's pace without touching the player's run or its hash,
//! are drawn only on the player's floor, say how they ended, and a race refuses what it
//! cannot play; "Race my best" picks the best kept replay of the seed.
use std::path::Path;

use crate::content::Content;
use crate::game::{Game, RunOutcome};
use crate::runs::race::{GhostEnd, MAX_GHOSTS, Race, RaceError, best_of_seed, ghost_name};
use crate::runs::replay::{Replay, ReplayError};
use crate::runs::stats::bot_run_from;
use crate::runs::{KeptReplay, MemoryArchive, keep_run, list_replays};

const SEED: u64 = 31;

fn content() -> Content {
    Content::core().unwrap()
}

/// The replay of the explore bot playing `SEED` as `class` for up to `turns` turns.
fn bot_replay(class: &str, turns: u64, content: &Content) -> Replay {
    let (game, _) = bot_run_from(Game::new_as(SEED, class, content).unwrap(), turns, content);
    Replay::of(&game, content)
}

/// The replay's state after its first `count` commands, played from the start.
fn replayed_to(replay: &Replay, count: usize, content: &Content) -> Game {
    replay
        .run_first(count, content, |g, c| g.execute(c, content))
        .unwrap()
}

#[test]
fn three_ghosts_keep_the_players_pace_and_leave_its_hash_as_it_is() {
    let content = content();
    let player = bot_replay("core:fighter", 400, &content);
    // The same bot and class as the player: the very same run, so it stands where the
    // player stands. Two other classes walk the same dungeon their own ways; one stops early.
    let ghosts = vec![
        (
            "twin".to_string(),
            bot_replay("core:fighter", 600, &content),
        ),
        ("rogue".to_string(), bot_replay("core:rogue", 600, &content)),
        (
            "short".to_string(),
            bot_replay("core:arcanist", 150, &content),
        ),
    ];
    let mut race = Race::new(ghosts, SEED, &content).unwrap();
    let mut alone = player.start(&content).unwrap();
    let mut raced = player.start(&content).unwrap();
    for command in &player.commands {
        alone.execute(command, &content);
        raced.execute(command, &content);
        race.keep_pace(raced.run.turn, &content);
        let views = race.views(raced.floor.depth);
        assert_eq!(
            alone.state_hash(),
            raced.state_hash(),
            "turn {}",
            raced.run.turn
        );
        let twin = &views[0];
        assert_eq!(twin.turn, raced.run.turn);
        assert_eq!(twin.pos, Some(raced.hero_pos()), "turn {}", raced.run.turn);
        for (ghost, view) in race.ghosts().iter().zip(&views) {
            match view.end {
                None => assert_eq!(view.turn, raced.run.turn, "{}", view.name),
                Some(_) => assert!(view.turn <= raced.run.turn, "{}", view.name),
            }
            // Played on a command at a time, each ghost is its replay at that many commands.
            if raced.run.turn.is_multiple_of(50) {
                let count = ghost.game().log.record.len();
                let expected = replayed_to(ghost.replay(), count, &content);
                assert_eq!(ghost.game().state_hash(), expected.state_hash());
            }
        }
    }
    assert_eq!(raced.state_hash(), player.final_hash);
    let views = race.views(raced.floor.depth);
    assert_eq!(views[1].end, None, "the rogue plays on");
    assert_eq!(views[2].end, Some(GhostEnd::Stopped));
    assert_eq!(views[2].turn, 150);
    // Asked again for the same turn, nobody moves.
    let before: Vec<u64> = race
        .ghosts()
        .iter()
        .map(|g| g.game().state_hash())
        .collect();
    race.keep_pace(raced.run.turn, &content);
    let after: Vec<u64> = race
        .ghosts()
        .iter()
        .map(|g| g.game().state_hash())
        .collect();
    assert_eq!(before, after);
}

#[test]
fn a_ghost_on_another_floor_is_not_drawn_on_the_players() {
    let content = content();
    let replay = bot_replay("core:fighter", 3000, &content);
    let mut race = Race::new(vec![("run #4".into(), replay)], SEED, &content).unwrap();
    let mut turn = 0;
    while race.ghosts()[0].game().floor.depth == 1 {
        turn += 1;
        assert!(turn < 3000, "the bot never went down");
        race.keep_pace(turn, &content);
    }
    let ghost = race.ghosts()[0].game();
    assert_eq!(ghost.floor.depth, 2);
    let on_first = &race.views(1)[0];
    assert_eq!(on_first.pos, None);
    assert_eq!(on_first.line(), format!("run #4: floor 2, turn {turn}"));
    assert_eq!(race.views(2)[0].pos, Some(ghost.hero_pos()));
}

#[test]
fn a_finished_ghost_stays_where_it_ended_and_says_how() {
    let content = content();
    let (game, _) = bot_run_from(Game::new(SEED, &content).unwrap(), 20_000, &content);
    let (floor, turn) = (game.floor.depth, game.run.turn);
    let end = match game.run.outcome {
        Some(RunOutcome::Died) => GhostEnd::Died,
        Some(RunOutcome::Won) => GhostEnd::Won,
        Some(RunOutcome::Abandoned) => GhostEnd::Abandoned,
        Some(RunOutcome::Left) => GhostEnd::Left,
        None => panic!("the bot's run did not end"),
    };
    let stopped = bot_replay("core:rogue", 100, &content);
    let ghosts = vec![
        ("done".to_string(), Replay::of(&game, &content)),
        ("partial".to_string(), stopped),
    ];
    let mut race = Race::new(ghosts, SEED, &content).unwrap();
    race.keep_pace(turn + 500, &content);
    let views = race.views(floor);
    assert_eq!(views[0].end, Some(end));
    assert_eq!((views[0].floor, views[0].turn), (floor, turn));
    assert_eq!(views[0].pos, None, "an ended hero is not drawn");
    let line = views[0].line();
    match end {
        GhostEnd::Died => assert_eq!(line, format!("done: died on floor {floor}, turn {turn}")),
        _ => assert_eq!(line, format!("done: won, turn {turn}")),
    }
    // A replay that runs out with its hero alive leaves it standing where it stopped.
    let partial = race.ghosts()[1].game();
    let view = &race.views(partial.floor.depth)[1];
    assert_eq!(view.end, Some(GhostEnd::Stopped));
    assert_eq!(view.pos, Some(partial.hero_pos()));
    assert_eq!(
        view.line(),
        format!(
            "partial: replay ends on floor {}, turn 100",
            partial.floor.depth
        )
    );
}

#[test]
fn a_ghost_whose_command_the_rules_refuse_stops_at_its_last_good_turn() {
    let content = content();
    let mut replay = bot_replay("core:fighter", 40, &content);
    let at = replay.commands.len();
    replay.commands.push(crate::game::Command::Equip(99));
    replay.commands.push(crate::game::Command::Wait);
    let mut race = Race::new(vec![("odd".into(), replay)], SEED, &content).unwrap();
    race.keep_pace(200, &content);
    let view = &race.views(1)[0];
    assert_eq!(view.end, Some(GhostEnd::Diverged { index: at }));
    assert_eq!(view.turn, 40);
    assert!(
        view.line().contains("refused by these rules"),
        "{}",
        view.line()
    );
}

#[test]
fn a_replay_of_another_seed_or_rules_or_content_is_refused_naming_it() {
    let content = content();
    let good = bot_replay("core:fighter", 30, &content);
    let (other, _) = bot_run_from(Game::new(SEED + 1, &content).unwrap(), 30, &content);
    let other = Replay::of(&other, &content);
    let err = Race::new(
        vec![("ok".into(), good.clone()), ("bob.replay".into(), other)],
        SEED,
        &content,
    )
    .unwrap_err();
    assert_eq!(
        err,
        RaceError::OtherSeed {
            name: "bob.replay".into(),
            seed: SEED + 1,
            run: SEED
        }
    );
    let text = err.to_string();
    assert!(text.starts_with("bob.replay: "), "{text}");
    assert!(text.contains(&format!("seed {}", SEED + 1)), "{text}");

    let mut old = good.clone();
    old.origin.rules -= 1;
    let err = Race::new(vec![("old".into(), old)], SEED, &content).unwrap_err();
    assert!(
        matches!(&err, RaceError::Unplayable { name, error: ReplayError::OtherRules { .. } } if name == "old"),
        "{err}"
    );

    // From the files' bytes, other content is caught by the fingerprint.
    let mut modded = content.clone();
    modded.balance.evasion += 0.01;
    let bytes = good.encode(&modded).unwrap();
    let err = Race::from_files(vec![("modded".into(), bytes)], SEED, &content).unwrap_err();
    assert!(err.to_string().starts_with("modded: "), "{err}");
    assert!(err.to_string().contains("other content"), "{err}");
    let err = Race::from_files(vec![("junk".into(), b"hello".to_vec())], SEED, &content);
    assert!(matches!(err, Err(RaceError::Unplayable { name, .. }) if name == "junk"));
    let ok = Race::from_files(
        vec![("fine".into(), good.encode(&content).unwrap())],
        SEED,
        &content,
    );
    assert_eq!(ok.unwrap().ghosts().len(), 1);
}

#[test]
fn nine_ghosts_are_refused_and_eight_race() {
    let content = content();
    let replay = bot_replay("core:rogue", 20, &content);
    let named = |n: usize| -> Vec<(String, Replay)> {
        (0..n).map(|i| (format!("g{i}"), replay.clone())).collect()
    };
    let err = Race::new(named(MAX_GHOSTS + 1), SEED, &content).unwrap_err();
    assert_eq!(err, RaceError::TooMany { count: 9 });
    assert!(err.to_string().contains("at most 8"), "{err}");
    let race = Race::new(named(MAX_GHOSTS), SEED, &content).unwrap();
    assert_eq!(race.ghosts().len(), 8);
}

#[test]
fn ghosts_are_named_run_numbers_for_kept_replays_and_file_stems_otherwise() {
    assert_eq!(
        ghost_name(Path::new("saves/replays/000012-seed-7.replay")),
        "run #12"
    );
    assert_eq!(ghost_name(Path::new("/tmp/alice.replay")), "alice");
    assert_eq!(ghost_name(Path::new("2024-best")), "2024-best");
}

fn kept(number: u64, seed: u64, score: Option<u64>, turns: u64) -> KeptReplay {
    KeptReplay {
        name: format!("{number:06}-seed-{seed}.replay"),
        number,
        seed,
        turns,
        packs: vec!["core".into()],
        refused: None,
        record: None,
        score,
        forked: false,
    }
}

#[test]
fn race_my_best_picks_the_highest_score_then_fewer_turns() {
    let mut list = vec![
        kept(1, 7, Some(900), 500),
        kept(2, 7, Some(1200), 800),
        kept(3, 8, Some(5000), 100),
        kept(4, 7, Some(1200), 700),
        kept(5, 7, None, 10),
    ];
    assert_eq!(best_of_seed(&list, 7).map(|k| k.number), Some(4));
    // One that cannot be played here, or a fork, is passed over.
    list[3].refused = Some("other content".into());
    assert_eq!(best_of_seed(&list, 7).map(|k| k.number), Some(2));
    list[1].forked = true;
    assert_eq!(best_of_seed(&list, 7).map(|k| k.number), Some(1));
    assert_eq!(best_of_seed(&list, 8).map(|k| k.number), Some(3));
    assert_eq!(best_of_seed(&list, 9), None);
}

#[test]
fn race_my_best_reads_the_scores_of_the_kept_replays() {
    let content = content();
    let mut archive = MemoryArchive::default();
    let mut keep = |seed: u64, turns: u64| {
        let (mut game, _) = bot_run_from(Game::new(seed, &content).unwrap(), turns, &content);
        game.run.outcome = Some(RunOutcome::Died);
        keep_run(&mut archive, &game, &content, None);
        crate::runs::score(
            game.floor.depth,
            game.gold_collected(),
            game.party.kills,
            false,
        )
    };
    let short = keep(SEED, 60);
    let long = keep(SEED, 1500);
    keep(SEED + 1, 2500);
    assert!(
        long > short,
        "the longer run scores more: {long} against {short}"
    );
    let (list, problems) = list_replays(&mut archive, &content);
    assert!(problems.is_empty(), "{problems:?}");
    let best = best_of_seed(&list, SEED).unwrap();
    assert_eq!((best.number, best.score), (2, Some(long)));
}
