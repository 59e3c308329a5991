//! Tests of distance fields: against a reference BFS, repairs, rolling, Dijkstra, safety
//! maps, huge mazes and the field cache.
use super::*;
use proptest::prelude::*;
use std::collections::VecDeque;

use crate::grid::path::snap_to_safe;
use crate::map::{Dir, Pos, Tile};

const O: u32 = UNREACHED;

/// Textbook BFS on coordinates, to check the flat, unchecked one against.
fn reference_bfs(map: &TileMap, sources: &[Pos]) -> Vec<u32> {
    let mut dist = vec![UNREACHED; map.len()];
    let mut queue = VecDeque::new();
    for &s in sources {
        if let Some(i) = map.idx(s)
            && map.is_passable(s)
            && dist[i] != 0
        {
            dist[i] = 0;
            queue.push_back(s);
        }
    }
    while let Some(p) = queue.pop_front() {
        let d = dist[map.idx(p).unwrap()];
        for dir in Dir::ALL {
            let n = p.offset(dir);
            if map.is_passable(n) && dist[map.idx(n).unwrap()] == UNREACHED {
                dist[map.idx(n).unwrap()] = d + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

fn random_map() -> impl Strategy<Value = TileMap> {
    (1u32..16, 1u32..12).prop_flat_map(|(w, h)| {
        prop::collection::vec(prop::bool::weighted(0.3), (w * h) as usize).prop_map(move |walls| {
            let mut map = TileMap::new(w, h, Tile::FLOOR);
            for (i, wall) in walls.into_iter().enumerate() {
                if wall {
                    map.set(map.pos(i), Tile::WALL);
                }
            }
            map
        })
    })
}

proptest! {
    #[test]
    fn fields_agree_with_a_reference_bfs(
        map in random_map(),
        picks in prop::collection::vec((0i32..18, 0i32..14), 0..4),
    ) {
        let sources: Vec<Pos> = picks.iter().map(|&(x, y)| Pos::new(x - 1, y - 1)).collect();
        let field = DistanceField::bfs(&map, &sources);
        let expected = reference_bfs(&map, &sources);
        prop_assert_eq!(field.values().collect::<Vec<_>>(), expected);
        let weighted: Vec<(Pos, u32)> = sources.iter().map(|&p| (p, 0)).collect();
        prop_assert_eq!(&DistanceField::dijkstra(&map, &weighted, |_| 1), &field);

        // The safety map is relaxed (no step climbs by more than 1), covers exactly the
        // passable tiles, and downhill always descends.
        let safety = DistanceField::safety_map(&map, &field, -1.2);
        for i in 0..map.len() {
            let p = map.pos(i);
            let v = safety.get(p);
            prop_assert_eq!(v == UNREACHED, !map.is_passable(p));
            for dir in Dir::ALL {
                let n = safety.get(p.offset(dir));
                prop_assert!(v == UNREACHED || n == UNREACHED || n <= v + 1);
            }
            if let Some(dir) = safety.downhill(p) {
                prop_assert!(safety.get(p.offset(dir)) < v);
            }
        }
    }
}

/// A safety map by its definition, on coordinates: each passable tile's start value (the
/// coefficient times its distance from the threat, rounded, less the least of them; 0 where
/// the threat cannot reach), lowered to the least start value plus steps of any tile it
/// reaches, by relaxing until nothing changes.
fn reference_safety(map: &TileMap, threat: &[u32], coefficient: f32) -> Vec<u32> {
    let scaled = |t: u32| (coefficient as f64 * t as f64).round() as i64;
    let open = |i: usize| map.is_passable(map.pos(i)) && threat[i] != UNREACHED;
    let min = (0..map.len())
        .filter(|&i| open(i))
        .map(|i| scaled(threat[i]))
        .min()
        .unwrap_or(0);
    let mut dist: Vec<u32> = (0..map.len())
        .map(|i| match (map.is_passable(map.pos(i)), open(i)) {
            (false, _) => UNREACHED,
            (true, false) => 0,
            (true, true) => ((scaled(threat[i]) - min) as u64).min(MAX_FINITE as u64) as u32,
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..map.len() {
            for dir in Dir::ALL {
                let Some(n) = map.idx(map.pos(i).offset(dir)) else {
                    continue;
                };
                if dist[i] != UNREACHED && dist[n] != UNREACHED && dist[n] + 1 < dist[i] {
                    dist[i] = dist[n] + 1;
                    changed = true;
                }
            }
        }
    }
    dist
}

proptest! {
    /// The safety map is its definition, whichever way its seeds are ordered: counted for
    /// ordinary coefficients, sorted for one that spreads the values past the map's size.
    #[test]
    fn safety_maps_agree_with_their_definition(
        map in random_map(),
        picks in prop::collection::vec((0i32..16, 0i32..12), 1..3),
        coefficient in prop::sample::select(vec![-1.2f32, -0.5, 0.7, 2.5, -3.0e6]),
    ) {
        let sources: Vec<Pos> = picks.iter().map(|&(x, y)| Pos::new(x, y)).collect();
        let threat = DistanceField::bfs(&map, &sources);
        let expected = reference_safety(&map, &reference_bfs(&map, &sources), coefficient);
        let safety = DistanceField::safety_map(&map, &threat, coefficient);
        prop_assert_eq!(safety.values().collect::<Vec<_>>(), expected);
    }
}

proptest! {
    /// Removing and adding sources gives exactly the field built from scratch.
    #[test]
    fn repaired_fields_equal_fresh_ones(
        map in random_map(),
        picks in prop::collection::vec((0i32..16, 0i32..12, 0u8..3), 0..12),
        extra in prop::collection::vec((0i32..16, 0i32..12), 0..4),
    ) {
        let all: Vec<Pos> = picks.iter().map(|&(x, y, _)| Pos::new(x, y)).collect();
        let gone: Vec<Pos> = picks
            .iter()
            .filter(|&&(_, _, k)| k == 0)
            .map(|&(x, y, _)| Pos::new(x, y))
            .collect();
        let left: Vec<Pos> = all.iter().copied().filter(|p| !gone.contains(p)).collect();
        let mut field = DistanceField::bfs(&map, &all);
        let mut repair = Repair::default();
        field.remove_sources(&map, &gone, &mut repair);
        prop_assert_eq!(&field, &DistanceField::bfs(&map, &left));

        let added: Vec<Pos> = extra.iter().map(|&(x, y)| Pos::new(x, y)).collect();
        field.add_sources(&map, &added, &mut Vec::new());
        let both: Vec<Pos> = left.iter().chain(&added).copied().collect();
        prop_assert_eq!(&field, &DistanceField::bfs(&map, &both));
    }
}

fn grid(field: &DistanceField) -> Vec<Vec<u32>> {
    let w = field.width() as usize;
    field
        .values()
        .collect::<Vec<_>>()
        .chunks(w)
        .map(<[u32]>::to_vec)
        .collect()
}

/// Follows `downhill` until it stops; returns the tiles visited after `from`.
fn roll(field: &DistanceField, from: Pos, limit: usize) -> Vec<Pos> {
    let mut at = from;
    let mut path = Vec::new();
    while let Some(d) = field.downhill(at) {
        at = at.offset(d);
        path.push(at);
        assert!(path.len() <= limit, "downhill does not terminate");
    }
    path
}

#[test]
fn bfs_distances_exact_on_known_maze() {
    let map = TileMap::from_ascii(
        "\
#######
#S..#.#
##.##.#
#..#..#
#.##.##
#.....#
#######
",
    );
    let field = DistanceField::bfs(&map, &[Pos::new(1, 1)]);
    #[rustfmt::skip]
    let expected = vec![
        vec![O, O, O, O, O, O, O],
        vec![O, 0, 1, 2, O, 14, O],
        vec![O, O, 2, O, O, 13, O],
        vec![O, 4, 3, O, 11, 12, O],
        vec![O, 5, O, O, 10, O, O],
        vec![O, 6, 7, 8, 9, 10, O],
        vec![O, O, O, O, O, O, O],
    ];
    assert_eq!(grid(&field), expected);
    assert_eq!(field.get(Pos::new(-1, 3)), UNREACHED);
    assert_eq!(field.get(Pos::new(7, 1)), UNREACHED);
}

#[test]
fn multi_source_takes_nearest_source() {
    let map = TileMap::from_ascii("#########\n#.......#\n#########\n");
    let (a, b) = (Pos::new(1, 1), Pos::new(6, 1));
    let both = DistanceField::bfs(&map, &[a, b, a]);
    assert_eq!(grid(&both)[1], vec![O, 0, 1, 2, 2, 1, 0, 1, O]);
    let fa = DistanceField::bfs(&map, &[a]);
    let fb = DistanceField::bfs(&map, &[b]);
    for ((m, x), y) in both.values().zip(fa.values()).zip(fb.values()) {
        assert_eq!(m, x.min(y));
    }
}

#[test]
fn unreachable_tiles_walls_and_bad_sources() {
    let map = TileMap::from_ascii("######\n#..#.#\n######\n");
    let field = DistanceField::bfs(&map, &[Pos::new(1, 1), Pos::new(0, 0), Pos::new(9, 9)]);
    assert_eq!(grid(&field)[1], vec![O, 0, 1, O, O, O]);
    assert_eq!(
        field.downhill(Pos::new(4, 1)),
        None,
        "unreached tile has no slope"
    );
    assert_eq!(field.downhill(Pos::new(3, 1)), None, "wall has no slope");
    let none = DistanceField::bfs(&map, &[Pos::new(0, 0)]);
    assert!(none.values().all(|v| v == UNREACHED));
}

#[test]
fn bfs_into_reuses_buffers_across_maps() {
    let small = TileMap::from_ascii("#..\n...\n");
    let big = TileMap::from_ascii("#....\n.#...\n.....\n");
    let mut field = DistanceField::default();
    let mut queue = Vec::new();
    field.bfs_into(&big, &[Pos::new(4, 2)], &mut queue);
    assert_eq!(field, DistanceField::bfs(&big, &[Pos::new(4, 2)]));
    field.bfs_into(&small, &[Pos::new(2, 1)], &mut queue);
    assert_eq!(field, DistanceField::bfs(&small, &[Pos::new(2, 1)]));
    assert_eq!(grid(&field), vec![vec![O, 2, 1], vec![2, 1, 0]]);
}

#[test]
fn downhill_follows_a_shortest_path() {
    let map = TileMap::from_ascii(
        "\
##########
#........#
#.####.#.#
#.#..#.#.#
#.#.##.#.#
#...#....#
##########
",
    );
    let source = Pos::new(3, 3);
    let field = DistanceField::bfs(&map, &[source]);
    for (i, d) in field.values().enumerate() {
        if d == UNREACHED {
            continue;
        }
        let path = roll(&field, map.pos(i), 100);
        assert_eq!(path.len() as u32, d, "from {:?}", map.pos(i));
        assert_eq!(path.last().copied().unwrap_or(map.pos(i)), source);
        assert!(path.iter().all(|&p| map.is_passable(p)));
    }
    assert_eq!(field.downhill(source), None);
}

#[test]
fn roll_ends_where_downhill_steps_end() {
    // Several sources, ties, a closed-off pocket, walls and positions off the map.
    let map = TileMap::from_ascii(
        "\
##########
#........#
#.####.#.#
#.#..#.#.#
#.#.##.###
#...#..#.#
##########
",
    );
    let field = DistanceField::bfs(&map, &[Pos::new(3, 3), Pos::new(8, 1), Pos::new(1, 5)]);
    for y in -1..=map.height() as i32 {
        for x in -1..=map.width() as i32 {
            let mut at = Pos::new(x, y);
            let from = at;
            while let Some(d) = field.downhill(at) {
                at = at.offset(d);
            }
            assert_eq!(field.roll(from), at, "from {from:?}");
        }
    }
}

#[test]
fn around_reports_what_get_does() {
    let map = TileMap::from_ascii("####\n#..#\n#.##\n");
    let field = DistanceField::bfs(&map, &[Pos::new(1, 1)]);
    for i in 0..map.len() {
        let p = map.pos(i);
        let want = (field.get(p) != UNREACHED)
            .then(|| (field.get(p), Dir::ALL.map(|d| field.get(p.offset(d)))));
        assert_eq!(field.around(p), want, "{p:?}");
    }
    assert_eq!(field.around(Pos::new(-1, 0)), None);
}

proptest! {
    #[test]
    fn the_narrow_copy_reads_as_the_field(
        map in random_map(),
        picks in prop::collection::vec((0i32..18, 0i32..14), 0..4),
    ) {
        let sources: Vec<Pos> = picks.iter().map(|&(x, y)| Pos::new(x - 1, y - 1)).collect();
        let wide = DistanceField::bfs(&map, &sources);
        let mut narrow = wide.clone();
        narrow.narrow();
        prop_assert!(narrow.is_narrow());
        prop_assert_eq!(&narrow, &wide);
        for x in -2..=map.width() as i32 + 1 {
            for y in -2..=map.height() as i32 + 1 {
                let p = Pos::new(x, y);
                prop_assert_eq!(narrow.around(p), wide.around(p), "{:?}", p);
            }
        }
    }
}

#[test]
fn values_past_16_bits_keep_no_narrow_copy_and_changes_drop_it() {
    let map = TileMap::from_ascii("....\n");
    // Entering a tile costs 40,000: the far tiles hold more than 16 bits.
    let mut field = DistanceField::dijkstra(&map, &[(Pos::new(0, 0), 0)], |_| 40_000);
    field.narrow();
    assert!(!field.is_narrow());
    assert_eq!(
        field.around(Pos::new(2, 0)),
        Some((80_000, [O, 40_000, O, 120_000]))
    );
    let mut field = DistanceField::bfs(&map, &[Pos::new(0, 0)]);
    field.narrow();
    assert!(field.is_narrow());
    field.add_sources(&map, &[Pos::new(3, 0)], &mut Vec::new());
    assert!(!field.is_narrow(), "a repair drops the copy");
    assert_eq!(field.around(Pos::new(2, 0)), Some((1, [O, 1, O, 0])));
}

#[test]
fn downhill_ties_go_up_left_down_right() {
    let map = TileMap::new(5, 5, Tile::FLOOR);
    let field = DistanceField::bfs(&map, &[Pos::new(2, 2)]);
    // Diagonal neighbours of the source have two equal downhill options.
    assert_eq!(field.downhill(Pos::new(3, 3)), Some(Dir::Up));
    assert_eq!(field.downhill(Pos::new(3, 1)), Some(Dir::Left));
    assert_eq!(field.downhill(Pos::new(1, 1)), Some(Dir::Down));
    assert_eq!(field.downhill(Pos::new(1, 3)), Some(Dir::Up));
}

#[test]
fn dijkstra_matches_bfs_at_unit_cost_and_honours_weights() {
    let map = TileMap::from_ascii(
        "\
#######
#.....#
#.###.#
#.....#
#######
",
    );
    let start = Pos::new(1, 3);
    let unit = DistanceField::dijkstra(&map, &[(start, 0)], |_| 1);
    assert_eq!(unit, DistanceField::bfs(&map, &[start]));

    // A costly tile on the short (bottom) route sends the path over the top.
    let mud = map.idx(Pos::new(3, 3)).unwrap();
    let cost = |i: usize| if i == mud { 10 } else { 1 };
    let field = DistanceField::dijkstra(&map, &[(start, 0)], cost);
    assert_eq!(field.get(Pos::new(5, 3)), 8);
    assert_eq!(
        field.get(Pos::new(4, 3)),
        9,
        "reached from the right, not through the mud"
    );
    assert_eq!(field.get(Pos::new(3, 3)), 11);
    assert_eq!(roll(&field, Pos::new(5, 3), 20).len(), 8);

    // Initial costs: the second source starts 3 behind.
    let two = DistanceField::dijkstra(&map, &[(start, 0), (Pos::new(5, 1), 3)], |_| 1);
    assert_eq!(grid(&two)[1], vec![O, 2, 3, 4, 4, 3, O]);

    // UNREACHED cost walls a tile off.
    let blocked =
        DistanceField::dijkstra(
            &map,
            &[(start, 0)],
            |i| if i == mud { UNREACHED } else { 1 },
        );
    assert_eq!(blocked.get(Pos::new(3, 3)), UNREACHED);
    assert_eq!(blocked.get(Pos::new(5, 3)), 8);
}

/// Plain flight: step to the neighbour farthest from the threat while that gains
/// distance, ties up-left-down-right. Returns where it gets stuck.
fn naive_flight(threat: &DistanceField, mut at: Pos) -> Pos {
    loop {
        let here = threat.get(at);
        let mut best = (here, None);
        for d in Dir::ALL {
            let v = threat.get(at.offset(d));
            if v != UNREACHED && v > best.0 {
                best = (v, Some(d));
            }
        }
        match best.1 {
            Some(d) => at = at.offset(d),
            None => return at,
        }
    }
}

/// Brogue's canonical case. Plain flight runs up into the short dead end (the tie goes
/// up); the safety map sees the long corridor below and takes it, and a monster already
/// in the dead end comes back out instead of waiting in the corner.
#[test]
fn safety_map_leaves_a_dead_end_for_the_long_way_out() {
    let map = TileMap::from_ascii(
        "\
#######
###.###
###.###
#T..###
###.###
###.###
###.###
###.###
###.###
###.###
###.###
###............................#
################################
",
    );
    let threat = DistanceField::bfs(&map, &[Pos::new(1, 3)]);
    let junction = Pos::new(3, 3);
    let far_end = Pos::new(30, 11);
    assert_eq!(
        naive_flight(&threat, junction),
        Pos::new(3, 1),
        "plain flight is cornered"
    );

    let safety = DistanceField::safety_map(&map, &threat, -1.2);
    assert_eq!(safety.downhill(junction), Some(Dir::Down));
    assert_eq!(roll(&safety, junction, 100).last(), Some(&far_end));
    assert_eq!(roll(&safety, Pos::new(3, 1), 100).last(), Some(&far_end));
    assert_eq!(safety.get(far_end), 0);
}

/// The room case: plain flight ends in the far corner's alcove; the safety map first
/// steps back towards the threat (distance 8 to 7) to reach the exit and the long
/// corridor behind it.
#[test]
fn safety_map_runs_past_the_threat_rather_than_into_the_corner() {
    let map = TileMap::from_ascii(
        "\
##########
#T......##
#.......##
#.......##
#.......##
#........#
####.#####
####.#####
####.........................................#
##############################################
",
    );
    let threat = DistanceField::bfs(&map, &[Pos::new(1, 1)]);
    let monster = Pos::new(6, 4);
    assert_eq!(naive_flight(&threat, monster), Pos::new(8, 5));

    let safety = DistanceField::safety_map(&map, &threat, -1.2);
    let path = roll(&safety, monster, 200);
    assert_eq!(path.first(), Some(&Pos::new(5, 4)));
    assert!(
        threat.get(path[0]) < threat.get(monster),
        "steps nearer the threat first"
    );
    assert_eq!(path.last(), Some(&Pos::new(44, 8)));
    assert!(!path.contains(&Pos::new(8, 5)));
}

#[test]
fn safety_map_of_an_unreachable_threat_is_flat() {
    let map = TileMap::from_ascii("#####\n#..##\n##..#\n#####\n");
    let threat = DistanceField::bfs(&map, &[Pos::new(9, 9)]);
    let safety = DistanceField::safety_map(&map, &threat, -1.2);
    assert!(safety.values().all(|v| v == 0 || v == UNREACHED));
    assert_eq!(safety.downhill(Pos::new(1, 1)), None);
}

/// Rows of floor joined alternately at the right and left ends: one 1001×1001 corridor
/// about half a million steps long.
fn serpentine(side: u32) -> TileMap {
    let mut map = TileMap::new(side, side, Tile::WALL);
    for y in (1..side - 1).step_by(2) {
        for x in 1..side - 1 {
            map.set(Pos::new(x as i32, y as i32), Tile::FLOOR);
        }
        if y + 2 < side - 1 {
            let x = if (y / 2) % 2 == 0 { side - 2 } else { 1 };
            map.set(Pos::new(x as i32, y as i32 + 1), Tile::FLOOR);
        }
    }
    map
}

#[test]
fn huge_serpentine_maze_does_not_overflow() {
    if !crate::test_tier::run_slow("the 1001x1001 serpentine") {
        return;
    }
    let side = 1001;
    let map = serpentine(side);
    let start = Pos::new(1, 1);
    let field = DistanceField::bfs(&map, &[start]);
    let rows = (side - 1) / 2; // 500 corridor rows of 999 tiles, 499 joints
    let expected_max = rows * (side - 2) + (rows - 1) - 1;
    let max = field.values().filter(|&v| v != UNREACHED).max().unwrap();
    assert_eq!(max, expected_max);
    let end = Pos::new(
        if rows % 2 == 0 { 1 } else { side as i32 - 2 },
        side as i32 - 2,
    );
    assert_eq!(field.get(end), expected_max);

    // Costs of 2^24 per step pass u32::MAX after 256 steps: sums saturate, never wrap.
    let heavy = DistanceField::dijkstra(&map, &[(start, 0)], |_| 1 << 24);
    for (steps, cost) in field.values().zip(heavy.values()) {
        let expected = if steps == UNREACHED {
            UNREACHED
        } else {
            (steps as u64 * (1 << 24)).min(MAX_FINITE as u64) as u32
        };
        assert_eq!(cost, expected);
    }
    assert_eq!(heavy.get(end), MAX_FINITE);

    let safety = DistanceField::safety_map(&map, &field, -1.2);
    assert_eq!(safety.get(end), 0);
    assert_eq!(safety.downhill(Pos::new(2, 1)), Some(Dir::Right));
}

#[test]
fn cache_builds_one_field_per_target() {
    let map = TileMap::from_ascii("#####\n#...#\n#.#.#\n#...#\n#####\n");
    let mut cache = FieldCache::new();
    let hero = Pos::new(3, 3);
    let direct = DistanceField::bfs(&map, &[hero]);
    assert_eq!(cache.get_or_build(&map, hero), &direct);
    assert_eq!(cache.get_or_build(&map, hero), &direct);
    assert_eq!(cache.len(), 1);
    // Off-map targets snap to the nearest passable tile and share its field.
    assert_eq!(cache.get_or_build(&map, Pos::new(9, 9)), &direct);
    assert_eq!(cache.len(), 1);
    cache.get_or_build(&map, Pos::new(1, 1));
    assert_eq!(cache.len(), 2);
    let safety = cache.safety_or_build(&map, hero, -1.2).clone();
    assert_eq!(safety, DistanceField::safety_map(&map, &direct, -1.2));
    cache.safety_or_build(&map, hero, -1.2);
    assert_eq!(cache.len(), 3, "the safety map reused the hero's field");
    cache.clear();
    assert!(cache.is_empty());
    // Recycled storage gives the same fields.
    assert_eq!(
        cache.get_or_build(&map, Pos::new(1, 1)),
        &DistanceField::bfs(&map, &[Pos::new(1, 1)])
    );
}

#[test]
fn fixed_fields_outlive_turns_but_not_the_map() {
    let mut map = TileMap::from_ascii("#####\n#...#\n#.#.#\n#...#\n#####\n");
    let mut cache = FieldCache::new();
    let corner = Pos::new(-2, -2);
    let snapped = snap_to_safe(&map, corner);
    let first = cache.get_or_build_fixed(&map, corner).clone();
    assert_eq!(first, DistanceField::bfs(&map, &[snapped]));
    cache.clear();
    assert!(cache.is_empty(), "fixed fields are not this turn's");
    assert_eq!(cache.get_or_build_fixed(&map, corner), &first);
    // Next turn, another map (one wall opened): its own field.
    cache.clear();
    map.set(Pos::new(2, 2), Tile::FLOOR);
    let snapped = snap_to_safe(&map, corner);
    assert_eq!(
        cache.get_or_build_fixed(&map, corner),
        &DistanceField::bfs(&map, &[snapped])
    );
    // And back: the first map's field again.
    cache.clear();
    map.set(Pos::new(2, 2), Tile::WALL);
    assert_eq!(cache.get_or_build_fixed(&map, corner), &first);
}

/// A target that stays where it was (the hero resting) takes last turn's field and safety map
/// over instead of building them again; one that moved gets its own, and what last turn built
/// for it becomes spare storage.
#[test]
fn a_target_that_stays_takes_last_turns_fields_over() {
    let map = TileMap::from_ascii("#######\n#.....#\n#.#.#.#\n#.....#\n#######\n");
    let mut cache = FieldCache::new();
    let (hero, moved) = (Pos::new(3, 3), Pos::new(1, 1));
    let storage = |f: &DistanceField| f.dist.as_ptr();
    let field = storage(cache.get_or_build(&map, hero));
    let safety = storage(cache.safety_or_build(&map, hero, -1.2));
    cache.clear();
    assert_eq!(cache.last_fields.len() + cache.last_safety.len(), 2);
    assert_eq!(storage(cache.safety_or_build(&map, hero, -1.2)), safety);
    assert_eq!(storage(cache.get_or_build(&map, hero)), field);
    assert_eq!(
        cache.safety_or_build(&map, hero, -1.2),
        &DistanceField::safety_map(&map, &DistanceField::bfs(&map, &[hero]), -1.2)
    );
    assert!(cache.last_fields.is_empty() && cache.last_safety.is_empty());
    cache.clear();
    assert_eq!(
        cache.get_or_build(&map, moved),
        &DistanceField::bfs(&map, &[moved])
    );
    cache.clear();
    assert_eq!(
        cache.last_fields.len(),
        1,
        "only the last turn's field is kept"
    );
    assert_eq!(
        cache.spare.len(),
        2,
        "the hero's field and safety map are spare storage"
    );
}

#[test]
fn recycled_fields_follow_a_changed_map() {
    let mut map = TileMap::from_ascii("#####\n#...#\n#.#.#\n#...#\n#####\n");
    let mut cache = FieldCache::new();
    let (a, b) = (Pos::new(1, 1), Pos::new(3, 3));
    cache.get_or_build(&map, a);
    cache.safety_or_build(&map, b, -1.2);
    cache.clear();
    // Same size, one wall opened: the storage of the old map's fields is not reused as is.
    map.set(Pos::new(2, 2), Tile::FLOOR);
    assert_eq!(cache.get_or_build(&map, a), &DistanceField::bfs(&map, &[a]));
    assert_eq!(cache.get_or_build(&map, b), &DistanceField::bfs(&map, &[b]));
    cache.clear();
    assert_eq!(cache.get_or_build(&map, b), &DistanceField::bfs(&map, &[b]));
}
