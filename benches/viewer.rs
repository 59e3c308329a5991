//! The replay viewer's jumps (criterion group `viewer`): in a 10,000-turn run, a jump to its
//! last turn from a new viewer (every turn played from the start) and a jump back from the end
//! to turn 9,700 once the snapshots are kept. The target: under 1 s in release.
use std::time::Duration;

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use delve::content::Content;
use delve::game::{Game, bot};
use delve::runs::Viewer;
use delve::runs::replay::Replay;

const TURNS: u64 = 10_000;

/// A bot run of 10,000 turns: the core content with a hero who cannot die and forty floors,
/// so the run goes on descending, fighting and looting for the whole length.
fn long_run() -> (Content, Replay) {
    let mut content = Content::core().expect("core content loads");
    let hero = content
        .creatures
        .get_mut("core:hero")
        .expect("the core hero");
    hero.base.max_health = 1.0e9;
    content.balance.floors = 40;
    let mut game = Game::new(2026, &content).expect("a run starts");
    while game.run.turn < TURNS && !game.is_over() {
        let cmd = bot::explore(&game, &content);
        game.execute(&cmd, &content);
    }
    assert_eq!(
        game.run.turn, TURNS,
        "the bench run ended early on floor {}",
        game.floor.depth
    );
    (content.clone(), Replay::of(&game, &content))
}

fn viewer(c: &mut Criterion) {
    let (content, replay) = long_run();
    let mut group = c.benchmark_group("viewer");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function(BenchmarkId::new("jump_from_start", TURNS), |b| {
        b.iter_batched(
            || Viewer::new(replay.clone(), &content).expect("the replay starts"),
            |mut v| {
                v.jump_to(TURNS as usize, &content)
                    .expect("the replay plays");
                v
            },
            BatchSize::LargeInput,
        )
    });
    let mut watched = Viewer::new(replay.clone(), &content).expect("the replay starts");
    watched
        .jump_to(TURNS as usize, &content)
        .expect("the replay plays");
    group.bench_function(BenchmarkId::new("jump_back_with_snapshots", TURNS), |b| {
        b.iter_batched(
            || watched.clone(),
            |mut v| {
                v.jump_to(TURNS as usize - 300, &content)
                    .expect("the replay plays");
                v
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, viewer);
criterion_main!(benches);
