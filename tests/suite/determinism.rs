//! Same seed + same commands = same state hash; the bot plays from the state alone.
use delve::cli::simulate;
use delve::content::Content;

fn content() -> Content {
    Content::core().unwrap_or_else(|r| panic!("core content broken:\n{r}"))
}

#[test]
fn same_seed_same_hash() {
    let content = content();
    for seed in [1u64, 7, 42, 1234] {
        let (_, a) = simulate(&content, seed, 400).unwrap();
        let (_, b) = simulate(&content, seed, 400).unwrap();
        assert_eq!(a.state_hash, b.state_hash, "seed {seed}");
        assert_eq!((a.turns, a.floor, a.outcome), (b.turns, b.floor, b.outcome));
    }
}

#[test]
fn different_seeds_differ() {
    let content = content();
    let (_, a) = simulate(&content, 1, 50).unwrap();
    let (_, b) = simulate(&content, 2, 50).unwrap();
    assert_ne!(a.state_hash, b.state_hash);
}

#[test]
fn bot_runs_end_or_progress() {
    let content = content();
    for seed in 0..12 {
        let (game, report) = simulate(&content, seed, 3000).unwrap();
        assert!(
            report.outcome != "alive" || report.turns == 3000,
            "seed {seed}: stopped early while alive"
        );
        // Every creature stands on a passable tile.
        for c in game.floor.creatures.values() {
            assert!(
                game.floor.map.is_passable(c.pos),
                "seed {seed}: {c:?} in a wall"
            );
        }
    }
}

/// Twenty seeds, up to 5,000 bot turns each: replaying each run's recorded commands from its
/// seed ends in the same state hash (the RNG, the AI and the fights are all in the state).
#[test]
fn twenty_seeds_replay_to_the_same_hash() {
    let content = content();
    for seed in 100..120 {
        let (game, _) = simulate(&content, seed, 5000).unwrap();
        let replay = delve::runs::replay::Replay::of(&game, &content);
        let again = replay.run(&content).unwrap();
        assert_eq!(again.state_hash(), game.state_hash(), "seed {seed}");
    }
}
