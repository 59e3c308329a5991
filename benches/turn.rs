//! Turn throughput of the core: `execute` on a floor with 30 monsters (criterion group `turn`).
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use delve::content::Content;
use delve::game::{Command, Game};

fn thirty_monsters() -> (Content, Game) {
    let mut content = Content::core().expect("core content loads");
    for f in &mut content.floors {
        f.monsters = 30;
        f.prefab_count = 0;
    }
    let game = Game::new(2024, &content).expect("a run starts");
    (content, game)
}

fn turn(c: &mut Criterion) {
    let (content, base) = thirty_monsters();
    let attack = |g: &Game| Command::Ability {
        ability: "core:attack".into(),
        target: g.fight.enemies.first().copied(),
    };
    let mut group = c.benchmark_group("turn");
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(4));
    group.bench_function(BenchmarkId::new("delve", "30monsters"), |b| {
        b.iter_custom(|iters| {
            let mut game = base.clone();
            let mut spent = Duration::ZERO;
            for i in 0..iters {
                // Fresh state now and then, so the hero neither dies nor clears the floor.
                if game.is_over() || i % 400 == 0 {
                    game = base.clone();
                }
                let cmd = if game.in_combat() {
                    attack(&game)
                } else {
                    Command::Wait
                };
                let t = Instant::now();
                std::hint::black_box(game.execute(&cmd, &content));
                spent += t.elapsed();
            }
            spent
        })
    });
    group.finish();
}

criterion_group!(benches, turn);
criterion_main!(benches);
