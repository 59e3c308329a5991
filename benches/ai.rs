//! One monster phase (criterion group `ai_turn`) with 10,000 monsters on a 255×255 floor:
//! `delve` (greedy steps, and distance fields shared per distinct target) against
//! `per_monster_bfs` (every `path` monster runs its own breadth-first search, seed 001's way)
//! on the same state.
use std::collections::BTreeSet;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use delve::content::Content;
use delve::game::Game;

const SIDE: u32 = 255;
const MONSTERS: u32 = 10_000;
/// Monster phases played before measuring, so modes, headings and stuck counters are mixed.
const WARM_UP_TURNS: u32 = 8;

/// Floor 1 stretched to 255×255 with 10,000 monsters drawn from every spawn table of the core
/// content (all target rules and both navigations), everyone hunting the hero; a few are
/// frightened and a few badly hurt (fleeing).
fn crowd() -> (Content, Game) {
    let mut content = Content::core().expect("core content loads");
    let mut spawns = Vec::new();
    let mut seen = BTreeSet::new();
    for f in &content.floors {
        for s in &f.spawns {
            if seen.insert(s.id.get_ref().clone()) {
                spawns.push(s.clone());
            }
        }
    }
    let area = (SIDE * SIDE) as u64;
    let first = &mut content.floors[0];
    let scale = |n: u32| (n as u64 * area / (first.width * first.height) as u64) as u32;
    first.rooms = scale(first.rooms);
    first.treasure = scale(first.treasure);
    first.traps = 0;
    first.width = SIDE;
    first.height = SIDE;
    first.monsters = MONSTERS;
    first.spawns = spawns;
    let mut game = Game::new(0xA1, &content).expect("a run starts");
    let hero = game.hero;
    for (i, c) in game.creatures.values_mut().enumerate() {
        if c.id == hero {
            continue;
        }
        c.ai.alerted = true;
        if i % 40 == 0 {
            c.frightened = 8;
        }
    }
    if let Ok(turns) = std::env::var("AI_PROF") {
        let turns: u32 = turns.parse().unwrap();
        for _ in 0..turns {
            game.bench_ai_turn(&content);
        }
        let mut spent = 0;
        let mut walls = Vec::new();
        for _ in 0..200 {
            let mut g = game.clone();
            let t = cpu();
            let w = std::time::Instant::now();
            g.bench_ai_turn(&content);
            walls.push(w.elapsed());
            spent += cpu() - t;
            black_box(g);
        }
        walls.sort();
        eprintln!("mean {}us cpu, wall min {:?} p10 {:?} median {:?}", spent / 200 / 1000, walls[0], walls[20], walls[100]);
        std::process::exit(0);
    }
    for _ in 0..WARM_UP_TURNS {
        let t = cpu();
        game.bench_ai_turn(&content);
        if std::env::var_os("AI_DEBUG").is_some() {
            eprintln!("turn {}us cpu", (cpu() - t) / 1000);
        }
    }
    (content, game)
}

fn cpu() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .unwrap_or(0)
}

fn ai_turn(c: &mut Criterion) {
    let (content, base) = crowd();
    if std::env::var_os("AI_DEBUG").is_some() {
        let open = base.map.tiles().iter().filter(|t| t.is_passable()).count();
        let mut cache = delve::grid::FieldCache::new();
        for k in 0..3 {
            let t = std::time::Instant::now();
            for i in 0..20 {
                cache.clear();
                black_box(cache.get_or_build(&base.map, delve::map::Pos::new(i + k, 100)));
            }
            eprintln!("open {open} field {:?}", t.elapsed() / 20);
            let t = std::time::Instant::now();
            for i in 0..20 {
                cache.clear();
                black_box(cache.safety_or_build(&base.map, delve::map::Pos::new(i + k, 100), -1.2));
            }
            eprintln!("safety {:?}", t.elapsed() / 20);
        }
    }
    let monsters = base.creatures.len() - 1;
    assert_eq!(monsters, MONSTERS as usize, "the floor holds every monster");
    let mut group = c.benchmark_group("ai_turn");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    group.bench_function(BenchmarkId::new("delve", monsters), |b| {
        b.iter_batched(
            || base.clone(),
            |mut game| {
                game.bench_ai_turn(black_box(&content));
                game
            },
            BatchSize::LargeInput,
        )
    });
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    group.bench_function(BenchmarkId::new("per_monster_bfs", monsters), |b| {
        b.iter_batched(
            || base.clone(),
            |mut game| {
                game.bench_ai_turn_per_monster_bfs(black_box(&content));
                game
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, ai_turn);
criterion_main!(benches);
