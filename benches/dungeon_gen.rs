//! Floor generation: `delve` (the crate's generator) against `seed_style` (the straightforward manner:
//! recursive flood fill, whole-map rescans per dead-end round), on square floors.
use criterion::{BenchmarkId, Criterion};
use delve::dungeon::{FloorProfile, generate_in};
use delve::map::Tile;
use std::hint::black_box;
use std::time::Duration;

/// The floor-8 profile stretched to `side`×`side`, with rooms and things scaled to the area so
/// the density matches the built-in 81×61 floor.
fn profile(side: u32) -> FloorProfile {
    let base = FloorProfile::default_for_depth(8);
    let scale = |n: u32| {
        (n as u64 * side as u64 * side as u64 / (base.width * base.height) as u64).max(1) as u32
    };
    FloorProfile {
        width: side,
        height: side,
        rooms: scale(base.rooms),
        monsters: scale(base.monsters),
        traps: scale(base.traps),
        treasure: scale(base.treasure),
        prefab_count: scale(base.prefab_count),
        ..base
    }
}

fn bench(c: &mut Criterion) {
    let terrains = delve::content::Content::core()
        .expect("the core content loads")
        .terrains;
    let mut group = c.benchmark_group("dungeon_gen");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    for side in [101u32, 401, 1001] {
        let p = profile(side);
        group.measurement_time(Duration::from_secs(if side > 401 { 10 } else { 3 }));
        // With the core's terrain table, as a run generates: its lakes, lava and grass too.
        group.bench_with_input(BenchmarkId::new("delve", side), &p, |b, p| {
            let mut seed = 0u64;
            b.iter(|| {
                seed += 1;
                generate_in(black_box(p), seed, 8, &terrains)
            })
        });
    }
    for side in [101u32, 401] {
        let p = profile(side);
        // The baseline must make real floors, or the comparison means nothing.
        let f = seed_style::generate(&p, 1, 8);
        assert!(f.map.get(f.up) == Tile::STAIRS_UP && f.map.get(f.down) == Tile::STAIRS_DOWN);
        assert!(f.things.iter().all(|&m| f.map.get(m) == Tile::FLOOR) && !f.things.is_empty());
        group.measurement_time(Duration::from_secs(if side > 101 { 10 } else { 3 }));
        group.bench_with_input(BenchmarkId::new("seed_style", side), &p, |b, p| {
            let mut seed = 0u64;
            b.iter(|| {
                seed += 1;
                seed_style::generate(black_box(p), seed, 8)
            })
        });
    }
    group.finish();
}

fn main() {
    // The plain flood fill recurses once per maze cell: give it a deep stack.
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(|| {
            let mut c = Criterion::default().configure_from_args();
            bench(&mut c);
            c.final_summary();
        })
        .expect("bench thread")
        .join()
        .expect("bench panicked");
}

/// The generator written the straightforward way, on purpose: the baseline.
mod seed_style {
    use delve::dungeon::FloorProfile;
    use delve::map::{Pos, Tile, TileMap};
    use delve::rng::{Rng, below, floor_rng, shuffle};

    const WALL: u8 = 1;
    const CORRIDOR: u8 = 2;
    const ROOM: u8 = 4;

    /// `map[x][y]`, column-major as the straightforward version indexes it.
    struct Map {
        x: usize,
        y: usize,
        cells: Vec<Vec<u8>>,
    }

    pub struct Floor {
        pub map: TileMap,
        pub up: Pos,
        pub down: Pos,
        /// Monsters, traps and treasure alike: random free corridor tiles.
        pub things: Vec<Pos>,
    }

    /// The flood fill (`FloodGenerate`): one shuffled direction order per depth, one call per cell.
    fn flood(
        map: &mut Map,
        x: usize,
        y: usize,
        depth: usize,
        dirs: &mut Vec<[u8; 4]>,
        rng: &mut Rng,
    ) {
        map.cells[x][y] = CORRIDOR;
        if depth == dirs.len() {
            let mut d = [1, 2, 3, 4];
            shuffle(rng, &mut d);
            dirs.push(d);
        }
        for i in 0..4 {
            match dirs[depth][i] {
                1 if x + 2 < map.x - 1 && map.cells[x + 2][y] != CORRIDOR => {
                    map.cells[x + 1][y] = CORRIDOR;
                    flood(map, x + 2, y, depth + 1, dirs, rng);
                }
                2 if y + 2 < map.y - 1 && map.cells[x][y + 2] != CORRIDOR => {
                    map.cells[x][y + 1] = CORRIDOR;
                    flood(map, x, y + 2, depth + 1, dirs, rng);
                }
                3 if x > 2 && map.cells[x - 2][y] != CORRIDOR => {
                    map.cells[x - 1][y] = CORRIDOR;
                    flood(map, x - 2, y, depth + 1, dirs, rng);
                }
                4 if y > 2 && map.cells[x][y - 2] != CORRIDOR => {
                    map.cells[x][y - 1] = CORRIDOR;
                    flood(map, x, y - 2, depth + 1, dirs, rng);
                }
                _ => {}
            }
        }
    }

    fn count(map: &Map) -> usize {
        map.cells
            .iter()
            .flatten()
            .filter(|&&c| c == CORRIDOR)
            .count()
    }

    /// Regression and imperfection (`Imp`): dead-end rounds found by rescanning everything, then loops.
    fn thin(map: &mut Map, regression: f64, imperfection: f64, rng: &mut Rng) {
        let mut left = count(map);
        let keep = left - (left as f64 * regression / 100.0).round() as usize;
        while left > keep {
            let mut ends = Vec::new();
            for x in 1..map.x - 1 {
                for y in 1..map.y - 1 {
                    if map.cells[x][y] == CORRIDOR {
                        let walls = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
                            .iter()
                            .filter(|&&(a, b)| map.cells[a][b] != CORRIDOR)
                            .count();
                        if walls >= 3 {
                            ends.push((x, y));
                        }
                    }
                }
            }
            if ends.is_empty() {
                break;
            }
            shuffle(rng, &mut ends);
            for (x, y) in ends {
                if left == keep {
                    break;
                }
                map.cells[x][y] = WALL;
                left -= 1;
            }
        }
        let mut walls = Vec::new();
        for x in 1..map.x - 1 {
            for y in 1..map.y - 1 {
                let open = |a: usize, b: usize| map.cells[a][b] == CORRIDOR;
                let across = open(x + 1, y) && open(x - 1, y) && !open(x, y + 1) && !open(x, y - 1);
                let down = open(x, y + 1) && open(x, y - 1) && !open(x + 1, y) && !open(x - 1, y);
                if !open(x, y) && (x + y) % 2 == 1 && (across || down) {
                    walls.push((x, y));
                }
            }
        }
        let target = (walls.len() as f64 * imperfection / 100.0).round() as usize;
        shuffle(rng, &mut walls);
        for &(x, y) in walls.iter().take(target) {
            map.cells[x][y] = CORRIDOR;
        }
    }

    /// Rooms (`Room`): random odd rectangles, retried on overlap up to `tries` in total.
    fn rooms(map: &mut Map, p: &FloorProfile, rng: &mut Rng) {
        let mut failures = 0;
        let mut i = 0;
        let span = (p.room_max - p.room_min).max(1);
        while i < p.rooms {
            let mut w = (below(rng, span) + p.room_min + 1) as usize;
            let mut h = (below(rng, span) + p.room_min + 1) as usize;
            w -= 1 - w % 2;
            h -= 1 - h % 2;
            if w + 2 >= map.x || h + 2 >= map.y {
                break;
            }
            let mut x = below(rng, (map.x - 2 - w) as u32) as usize + 1;
            let mut y = below(rng, (map.y - 2 - h) as u32) as usize + 1;
            x -= 1 - x % 2;
            y -= 1 - y % 2;
            let free = (x..x + w).all(|a| (y..y + h).all(|b| map.cells[a][b] != ROOM));
            if free {
                for a in x..x + w {
                    for b in y..y + h {
                        map.cells[a][b] = ROOM;
                    }
                }
                i += 1;
            } else {
                failures += 1;
                if failures > p.room_tries {
                    i += 1;
                }
            }
        }
        for c in map.cells.iter_mut().flatten() {
            if *c == ROOM {
                *c = CORRIDOR;
            }
        }
    }

    /// The connectivity test: count corridors, count those reachable from one, compare.
    fn connected(map: &Map) -> bool {
        let Some(start) = (0..map.x * map.y).find(|&i| map.cells[i / map.y][i % map.y] == CORRIDOR)
        else {
            return false;
        };
        let mut seen = vec![vec![false; map.y]; map.x];
        let mut stack = vec![(start / map.y, start % map.y)];
        seen[start / map.y][start % map.y] = true;
        let mut reached = 0;
        while let Some((x, y)) = stack.pop() {
            reached += 1;
            for (a, b) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                if map.cells[a][b] == CORRIDOR && !seen[a][b] {
                    seen[a][b] = true;
                    stack.push((a, b));
                }
            }
        }
        reached == count(map)
    }

    fn random_corridor(map: &Map, rng: &mut Rng, taken: &[Pos]) -> Option<Pos> {
        for _ in 0..1000 {
            let p = Pos::new(
                below(rng, map.x as u32) as i32,
                below(rng, map.y as u32) as i32,
            );
            if map.cells[p.x as usize][p.y as usize] == CORRIDOR && !taken.contains(&p) {
                return Some(p);
            }
        }
        None
    }

    pub fn generate(p: &FloorProfile, seed: u64, floor: u32) -> Floor {
        let mut rng = floor_rng(seed, floor);
        // "Sind die Zahlen nicht gleich so ist es am einfachsten die Prozedur zu wiederholen."
        let mut map;
        let mut attempts = 0;
        loop {
            map = Map {
                x: p.width as usize,
                y: p.height as usize,
                cells: vec![vec![WALL; p.height as usize]; p.width as usize],
            };
            flood(&mut map, 1, 1, 0, &mut Vec::new(), &mut rng);
            thin(&mut map, p.regression, p.imperfection, &mut rng);
            rooms(&mut map, p, &mut rng);
            attempts += 1;
            if connected(&map) || attempts == 20 {
                break;
            }
        }
        let mut taken = Vec::new();
        let up = random_corridor(&map, &mut rng, &taken).unwrap_or_default();
        taken.push(up);
        let down = random_corridor(&map, &mut rng, &taken).unwrap_or_default();
        taken.push(down);
        let mut things = Vec::new();
        for _ in 0..p.monsters + p.traps + p.treasure {
            if let Some(m) = random_corridor(&map, &mut rng, &taken) {
                taken.push(m);
                things.push(m);
            }
        }
        let mut tiles = TileMap::new(p.width, p.height, Tile::WALL);
        for (x, column) in map.cells.iter().enumerate() {
            for (y, &c) in column.iter().enumerate() {
                if c == CORRIDOR {
                    tiles.set(Pos::new(x as i32, y as i32), Tile::FLOOR);
                }
            }
        }
        tiles.set(up, Tile::STAIRS_UP);
        tiles.set(down, Tile::STAIRS_DOWN);
        Floor {
            map: tiles,
            up,
            down,
            things,
        }
    }
}
