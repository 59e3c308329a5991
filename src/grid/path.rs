//! Paths: breadth-first search to the nearest goal (auto-explore, the forager; the computer
//! rival's parent array on a flat grid) and snapping targets onto passable tiles.
use super::padded::Padded;
use crate::map::{Pos, TileMap};

const UNSEEN: u32 = u32::MAX;
const BLOCKED: u32 = u32::MAX - 1;

/// The shortest path from `from` to the nearest passable tile where `is_goal` holds, over
/// passable tiles (4-neighbour) that are no hazard: travel, auto-explore and the monsters'
/// searches go round lava and chasms (a walker standing on one may still step off). Like
/// the computer rival's breadth-first solution the path holds both ends: `path[0] == from`,
/// `path[1]` is the next step, the last tile is the goal (`[from]` when `from` is a goal).
/// `None` when no goal is reachable or `from` is off the map. Among equally near goals the
/// first found wins, searching neighbours up, left, down, right.
pub fn nearest(map: &TileMap, from: Pos, is_goal: impl Fn(Pos) -> bool) -> Option<Vec<Pos>> {
    let pad = Padded::of(map);
    let start = pad.index(from)?;
    if is_goal(from) {
        return Some(vec![from]);
    }
    // One array is both the visited mark and the parent link (the computer rival's
    // breadth-first search reuses its cell value the same way).
    let mut parent = Vec::new();
    pad.fill(map, &mut parent, UNSEEN, BLOCKED);
    parent[start] = start as u32;
    let mut queue = vec![start as u32];
    let mut head = 0;
    while let Some(&i) = queue.get(head) {
        head += 1;
        for n in pad.neighbours(i as usize) {
            if parent[n] != UNSEEN {
                continue;
            }
            parent[n] = i;
            let p = pad.pos(n);
            // Tested on discovery: every tile one step nearer was discovered before.
            if is_goal(p) {
                return Some(backtrack(pad, &parent, start, n));
            }
            queue.push(n as u32);
        }
    }
    None
}

fn backtrack(pad: Padded, parent: &[u32], start: usize, goal: usize) -> Vec<Pos> {
    let mut path = vec![pad.pos(goal)];
    let mut at = goal;
    while at != start {
        at = parent[at] as usize;
        path.push(pad.pos(at));
    }
    path.reverse();
    path
}

/// The safe tile (walkable, no hazard) nearest to `target`, which may lie off the map or on
/// lava: clamp into the map, then search outward in rings of growing Manhattan distance;
/// within the first ring that has one, the tile nearest the original target (then top-most,
/// then left-most). Returns the clamped position when the map has no safe tile, `target`
/// when it is empty. Fields and searches run over safe tiles only, so a target on a hazard
/// (the hero wading through lava) is aimed at from the nearest tile a monster may stand on.
pub fn snap_to_safe(map: &TileMap, target: Pos) -> Pos {
    if map.is_safe(target) {
        return target;
    }
    let (w, h) = (map.width() as i32, map.height() as i32);
    if w == 0 || h == 0 {
        return target;
    }
    let c = Pos::new(target.x.clamp(0, w - 1), target.y.clamp(0, h - 1));
    for r in 0..w + h {
        let mut best: Option<(i64, i32, i32)> = None;
        for dy in (-r).max(-c.y)..=r.min(h - 1 - c.y) {
            let rest = r - dy.abs();
            let dxs = if rest == 0 { [0, 0] } else { [-rest, rest] };
            for dx in dxs {
                let p = Pos::new(c.x + dx, c.y + dy);
                if map.is_safe(p) {
                    let dx = p.x as i64 - target.x as i64;
                    let dy = p.y as i64 - target.y as i64;
                    let key = (dx * dx + dy * dy, p.y, p.x);
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
            }
        }
        if let Some((_, y, x)) = best {
            return Pos::new(x, y);
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::DistanceField;
    use crate::map::Tile;

    const MAZE: &str = "\
###########
#....#....#
#.##.#.##.#
#.#..$..#.#
#.#.###.#.#
#...#...#$#
###########
";

    fn treasures(map: &TileMap, text: &str) -> Vec<Pos> {
        text.lines()
            .enumerate()
            .flat_map(|(y, row)| row.char_indices().map(move |(x, c)| (x, y, c)))
            .filter(|&(_, _, c)| c == '$')
            .map(|(x, y, _)| Pos::new(x as i32, y as i32))
            .filter(|&p| map.in_bounds(p))
            .collect()
    }

    fn assert_walkable(map: &TileMap, from: Pos, path: &[Pos]) {
        assert_eq!(path.first(), Some(&from));
        let mut at = from;
        for &p in &path[1..] {
            assert_eq!(at.manhattan(p), 1, "{at:?} -> {p:?}");
            assert!(map.is_passable(p));
            at = p;
        }
    }

    #[test]
    fn nearest_finds_the_shortest_path_to_the_nearest_goal() {
        let map = TileMap::from_ascii(MAZE);
        let gold = treasures(&map, MAZE);
        assert_eq!(gold, vec![Pos::new(5, 3), Pos::new(9, 5)]);
        let field = DistanceField::bfs(&map, &gold);
        for i in 0..map.len() {
            let from = map.pos(i);
            if !map.is_passable(from) {
                continue;
            }
            let path = nearest(&map, from, |p| gold.contains(&p)).unwrap();
            assert_eq!(path.len() as u32, field.get(from) + 1, "from {from:?}");
            assert_walkable(&map, from, &path);
            assert!(gold.contains(path.last().unwrap()));
        }
        // From the top-right corner the treasure below is nearer than the central one.
        let path = nearest(&map, Pos::new(9, 1), |p| gold.contains(&p)).unwrap();
        let down: Vec<Pos> = (1..6).map(|y| Pos::new(9, y)).collect();
        assert_eq!(path, down);
    }

    #[test]
    fn nearest_at_goal_unreachable_and_off_map() {
        let map = TileMap::from_ascii("#####\n#..##\n###.#\n#####\n");
        let here = Pos::new(1, 1);
        assert_eq!(nearest(&map, here, |p| p == here), Some(vec![here]));
        assert_eq!(
            nearest(&map, here, |p| p == Pos::new(3, 2)),
            None,
            "walled off"
        );
        assert_eq!(
            nearest(&map, here, |p| p == Pos::new(1, 0)),
            None,
            "goals on walls are never entered"
        );
        assert_eq!(nearest(&map, Pos::new(-1, 1), |_| true), None);
        assert_eq!(
            nearest(&map, here, |p| p.x == 2),
            Some(vec![here, Pos::new(2, 1)])
        );
    }

    #[test]
    fn snap_keeps_passable_targets() {
        let map = TileMap::from_ascii(MAZE);
        assert_eq!(snap_to_safe(&map, Pos::new(3, 3)), Pos::new(3, 3));
    }

    #[test]
    fn snap_pulls_off_map_targets_in() {
        let map = TileMap::from_ascii(MAZE);
        // Scatter corners beyond each side of the map.
        assert_eq!(snap_to_safe(&map, Pos::new(-4, -4)), Pos::new(1, 1));
        assert_eq!(snap_to_safe(&map, Pos::new(30, -2)), Pos::new(9, 1));
        assert_eq!(snap_to_safe(&map, Pos::new(30, 30)), Pos::new(9, 5));
        assert_eq!(snap_to_safe(&map, Pos::new(-30, 30)), Pos::new(1, 5));
        // Straight above a wall: two equally near tiles in the nearest ring, the left-most wins.
        assert_eq!(snap_to_safe(&map, Pos::new(5, -9)), Pos::new(4, 1));
        // A wall inside the map: floor above and below, the top-most wins.
        assert_eq!(snap_to_safe(&map, Pos::new(5, 4)), Pos::new(5, 3));
    }

    #[test]
    fn snap_on_maps_without_floor() {
        let solid = TileMap::new(3, 3, Tile::WALL);
        assert_eq!(snap_to_safe(&solid, Pos::new(7, -1)), Pos::new(2, 0));
        let empty = TileMap::new(0, 0, Tile::WALL);
        assert_eq!(snap_to_safe(&empty, Pos::new(7, -1)), Pos::new(7, -1));
    }
}
