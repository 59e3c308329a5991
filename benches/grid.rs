//! Grid search benchmarks: the BFS distance field against the `pathfinding` crate.
use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use delve::grid::DistanceField;
use delve::map::{Pos, Tile, TileMap};
use delve::rng::{below, floor_rng};

/// An open room with a wall border and ~25% scattered walls, seeded; the centre is clear.
fn scattered(side: u32) -> (TileMap, Pos) {
    let mut rng = floor_rng(0x6772_6964, side);
    let mut map = TileMap::new(side, side, Tile::WALL);
    for y in 1..side as i32 - 1 {
        for x in 1..side as i32 - 1 {
            if below(&mut rng, 4) != 0 {
                map.set(Pos::new(x, y), Tile::FLOOR);
            }
        }
    }
    let centre = Pos::new(side as i32 / 2, side as i32 / 2);
    for d in [(0, 0), (0, -1), (-1, 0), (0, 1), (1, 0)] {
        map.set(Pos::new(centre.x + d.0, centre.y + d.1), Tile::FLOOR);
    }
    (map, centre)
}

/// All distances from `source` with the pathfinding crate (Dijkstra at unit cost).
fn pathfinding_all(map: &TileMap, source: Pos) -> usize {
    let w = map.width() as usize;
    let h = map.height() as usize;
    let open: Vec<bool> = map.tiles().iter().map(|&t| map.walkable(t)).collect();
    let start = map.idx(source).unwrap();
    let reached = pathfinding::prelude::dijkstra_all(&start, |&i| {
        let (x, y) = (i % w, i / w);
        let mut next = Vec::with_capacity(4);
        if y > 0 {
            next.push(i - w);
        }
        if x > 0 {
            next.push(i - 1);
        }
        if y + 1 < h {
            next.push(i + w);
        }
        if x + 1 < w {
            next.push(i + 1);
        }
        next.retain(|&n| open[n]);
        next.into_iter().map(|n| (n, 1u32))
    });
    reached.len()
}

fn bfs_field(c: &mut Criterion) {
    let mut group = c.benchmark_group("bfs_field");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sampling_mode(SamplingMode::Flat);
    for side in [50u32, 1024] {
        let (map, source) = scattered(side);
        // Both must agree before their speeds are compared.
        let field = DistanceField::bfs(&map, &[source]);
        let ours = field
            .values()
            .filter(|&d| d != DistanceField::UNREACHED)
            .count();
        assert_eq!(
            ours,
            pathfinding_all(&map, source) + 1,
            "the crate omits the start"
        );

        group.throughput(Throughput::Elements(side as u64 * side as u64));
        let mut field = DistanceField::default();
        let mut queue = Vec::new();
        group.bench_with_input(BenchmarkId::new("delve", side), &map, |b, map| {
            b.iter(|| {
                field.bfs_into(black_box(map), &[source], &mut queue);
                black_box(&field);
            })
        });
        group.bench_with_input(
            BenchmarkId::new("pathfinding_crate", side),
            &map,
            |b, map| b.iter(|| black_box(pathfinding_all(black_box(map), source))),
        );
    }
    group.finish();
}

criterion_group!(benches, bfs_field);
criterion_main!(benches);
