//! One monster phase (criterion group `ai_turn`) with 10,000 monsters on a 255×255 floor:
//! `delve` (greedy steps, and distance fields shared per distinct target) against
//! `per_monster_bfs` (every `path` step found by the monster's own breadth-first search,
//! as the breadth-first computer rival does) on the same state, and `capped_per_monster`
//! (every `path` step searched for by the monster alone within the turn's budget of tiles,
//! the capped work `delve` does for a monster's own target).
use std::collections::BTreeSet;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use delve::content::Content;
use delve::game::Game;

const SIDE: u32 = 255;
const MONSTERS: u32 = 10_000;
/// Monster phases played before measuring, so modes, headings, schedules and stuck counters
/// are mixed the way a running floor mixes them.
const WARM_UP_TURNS: u32 = 8;

/// Floor 1 stretched to 255×255 (rooms and treasure scaled to the area) with 10,000 monsters
/// drawn from every spawn table of the core content: all six target rules, both navigations.
/// Everyone has seen the hero (chase/scatter on each one's own schedule, guards guarding,
/// foragers foraging) and one in forty is frightened.
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
    first.prefab_count = 0;
    first.width = SIDE;
    first.height = SIDE;
    first.monsters = MONSTERS;
    first.spawns = spawns;
    // The crowd hunts the hero for the whole bench, as it did before monsters could lose
    // track: the same workload measured before and after awareness.
    content.balance.lose_track_turns = u32::MAX;
    let mut game = Game::new(0xA1, &content).expect("a run starts");
    let hero = game.party.hero;
    for (i, c) in game.floor.creatures.values_mut().enumerate() {
        if c.id != hero {
            c.ai.awareness = delve::game::Awareness::Hunting;
            if i % 40 == 0 {
                c.frightened = 8;
            }
        }
    }
    for _ in 0..WARM_UP_TURNS {
        game.bench_ai_turn(&content);
    }
    (content, game)
}

fn ai_turn(c: &mut Criterion) {
    let (content, base) = crowd();
    let monsters = base.floor.creatures.len() - 1;
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
    // About a second per turn: the fewest samples criterion takes.
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
    // The same capped work as `delve` (each monster's own search stops at the turn's budget
    // of tiles, then the greedy step), without the shared fields: what sharing alone buys.
    group.bench_function(BenchmarkId::new("capped_per_monster", monsters), |b| {
        b.iter_batched(
            || base.clone(),
            |mut game| {
                game.bench_ai_turn_capped_per_monster(black_box(&content));
                game
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, ai_turn);
criterion_main!(benches);
