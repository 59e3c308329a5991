//! Step 3: prefab rooms, then rectangles of random odd size at random odd positions.
//!
//! Odd sizes at odd positions make a room span whole maze cells, so the corridors that ran
//! through its area end exactly at its edge (the rooms fit the corridor net).
//! Prefabs go first because they are the larger and rarer shapes; ordinary rooms then fill
//! around them. Every room keeps at least one wall tile between itself and the others.
use super::field::Work;
use super::floor::{Encounter, Rect, Spawn};
use super::profile::{FloorProfile, Prefab};
use crate::map::{Pos, Tile, TileMap};
use crate::rng::{Rng, below};

/// At most this many rooms (and prefabs) per floor, however many a profile asks for.
pub const MAX_ROOMS: u32 = 4096;
/// At most this many placement attempts per floor, so absurd profiles still end quickly.
pub const MAX_ATTEMPTS: u32 = 100_000;

/// What the rooms step made. `rooms[k]` for `k < footprints.len()` are the prefab rooms and
/// `footprints[k]` the whole area their layout covers (with its wall ring, if it has one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomLayout {
    pub rooms: Vec<Rect>,
    pub footprints: Vec<Rect>,
    pub encounters: Vec<Encounter>,
    /// The prefabs' legend monsters, in stamping order.
    pub guards: Vec<Spawn>,
    /// The prefabs' terrain tiles (floor until the floor is made), each with its prefab
    /// room's place in `rooms`: laid once everything is placed (`floor::lay_prefab_terrain`).
    pub terrain: Vec<(Pos, String, usize)>,
}

/// Stamps `profile.prefab_count` prefabs, then up to `profile.rooms` rooms (each given
/// `profile.room_tries` attempts); whatever does not fit is left out.
pub fn place_rooms(map: &mut TileMap, profile: &FloorProfile, rng: &mut Rng) -> RoomLayout {
    let mut work = Work::load(map);
    let layout = place_rooms_work(&mut work, profile, rng);
    work.store(map);
    layout
}

/// An odd number in `lo..=hi` (bounds rounded inwards to odd; an empty range gives `lo`).
fn odd_between(rng: &mut Rng, lo: u32, hi: u32) -> u32 {
    let lo = lo.max(1) | 1;
    let hi = if hi.is_multiple_of(2) {
        hi.saturating_sub(1)
    } else {
        hi
    };
    if hi <= lo {
        return lo;
    }
    lo + 2 * below(rng, (hi - lo) / 2 + 1)
}

/// An odd coordinate in `lo..=hi`, `None` when there is none.
fn odd_in(rng: &mut Rng, lo: i64, hi: i64) -> Option<i64> {
    let lo = lo | 1;
    (hi >= lo).then(|| lo + 2 * below(rng, ((hi - lo) / 2 + 1) as u32) as i64)
}

/// Tracks the claimed area (every room grown by its one-tile gap) two ways and asks the
/// cheaper one: the list of footprints while it is short, the tile mask once it is long.
struct Claims {
    w: usize,
    mask: Vec<bool>,
    list: Vec<Rect>,
}

impl Claims {
    fn free(&self, r: &Rect) -> bool {
        if self.list.len() < (r.w * r.h) as usize {
            return self.list.iter().all(|o| o.separated(r));
        }
        (r.y..r.y + r.h)
            .all(|y| (r.x..r.x + r.w).all(|x| !self.mask[y as usize * self.w + x as usize]))
    }

    fn claim(&mut self, r: Rect) {
        let h = self.mask.len() / self.w;
        super::field::mark_rects(
            self.w,
            h,
            [(
                r.x as i64 - 1,
                r.y as i64 - 1,
                r.w as i64 + 2,
                r.h as i64 + 2,
            )],
            &mut self.mask,
            true,
        );
        self.list.push(r);
    }
}

pub(crate) fn place_rooms_work(
    work: &mut Work,
    profile: &FloorProfile,
    rng: &mut Rng,
) -> RoomLayout {
    let mut out = RoomLayout::default();
    let (mw, mh) = (work.w as i64, work.h as i64);
    if mw < 3 || mh < 3 {
        return out;
    }
    let mut claims = Claims {
        w: work.w,
        mask: vec![false; work.t.len()],
        list: Vec::new(),
    };
    let tries = profile.room_tries.clamp(1, MAX_ATTEMPTS);
    let mut budget = MAX_ATTEMPTS;

    if !profile.prefabs.is_empty() {
        for _ in 0..profile.prefab_count.min(MAX_ROOMS) {
            let prefab = &profile.prefabs[below(rng, profile.prefabs.len() as u32) as usize];
            let (pw, ph) = prefab.size();
            if pw == 0 || ph == 0 {
                continue;
            }
            let inset = i64::from(prefab.has_ring());
            for _ in 0..tries.min(budget) {
                budget -= 1;
                // The room inside the ring sits on odd tiles, the footprint inside the map's ring.
                let x = odd_in(rng, 1 + inset, mw - 1 - pw as i64 + inset);
                let y = odd_in(rng, 1 + inset, mh - 1 - ph as i64 + inset);
                let (Some(x), Some(y)) = (x, y) else { continue };
                let foot = Rect::new((x - inset) as i32, (y - inset) as i32, pw as i32, ph as i32);
                if claims.free(&foot) {
                    claims.claim(foot);
                    stamp_prefab(work, prefab, foot, &mut out);
                    let room = Rect::new(
                        x as i32,
                        y as i32,
                        foot.w - 2 * inset as i32,
                        foot.h - 2 * inset as i32,
                    );
                    out.rooms.push(room);
                    out.footprints.push(foot);
                    break;
                }
            }
        }
    }

    for _ in 0..profile.rooms.min(MAX_ROOMS) {
        for _ in 0..tries.min(budget) {
            budget -= 1;
            let w = odd_between(rng, profile.room_min, profile.room_max) as i64;
            let h = odd_between(rng, profile.room_min, profile.room_max) as i64;
            let (Some(x), Some(y)) = (odd_in(rng, 1, mw - 1 - w), odd_in(rng, 1, mh - 1 - h))
            else {
                continue;
            };
            let room = Rect::new(x as i32, y as i32, w as i32, h as i32);
            if claims.free(&room) {
                claims.claim(room);
                for yy in room.y..room.y + room.h {
                    let row = yy as usize * work.w;
                    work.t[row + room.x as usize..row + (room.x + room.w) as usize]
                        .fill(Tile::FLOOR);
                }
                out.rooms.push(room);
                break;
            }
        }
    }
    out
}

fn stamp_prefab(work: &mut Work, prefab: &Prefab, foot: Rect, out: &mut RoomLayout) {
    let room = out.rooms.len();
    let mut guards = 0;
    for (dy, row) in prefab.rows.iter().enumerate() {
        for (dx, c) in row.chars().enumerate() {
            let pos = Pos::new(foot.x + dx as i32, foot.y + dy as i32);
            let i = pos.y as usize * work.w + pos.x as usize;
            work.t[i] = match c {
                '#' => Tile::WALL,
                '+' => Tile::DOOR,
                _ => Tile::FLOOR,
            };
            if let Some(id) = prefab.terrain.get(&c) {
                out.terrain.push((pos, id.clone(), room));
            }
            if let Some(id) = prefab.legend.get(&c) {
                out.guards.push(Spawn {
                    pos,
                    id: id.clone(),
                    room: Some(room),
                });
                guards += 1;
            }
        }
    }
    if guards > 0 {
        out.encounters.push(Encounter {
            room,
            prefab: prefab.id.clone(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::maze::carve_maze;
    use crate::rng::floor_rng;
    use proptest::prelude::*;

    fn profile(rooms: u32, min: u32, max: u32) -> FloorProfile {
        FloorProfile {
            rooms,
            room_min: min,
            room_max: max,
            prefab_count: 0,
            ..FloorProfile::default_for_depth(1)
        }
    }

    fn check(map: &TileMap, layout: &RoomLayout, p: &FloorProfile) {
        let (w, h) = (map.width() as i32, map.height() as i32);
        for (i, r) in layout.rooms.iter().enumerate() {
            assert!(
                r.x >= 1 && r.y >= 1 && r.x + r.w < w && r.y + r.h < h,
                "{r:?}"
            );
            assert!([r.x, r.y, r.w, r.h].iter().all(|v| v % 2 == 1), "{r:?}");
            if i >= layout.footprints.len() {
                assert!(
                    (p.room_min as i32..=p.room_max as i32).contains(&r.w),
                    "{r:?}"
                );
                for y in r.y..r.y + r.h {
                    for x in r.x..r.x + r.w {
                        assert_eq!(map.get(Pos::new(x, y)), Tile::FLOOR);
                    }
                }
            }
            for o in &layout.rooms[i + 1..] {
                assert!(r.separated(o), "{r:?} {o:?}");
            }
        }
    }

    #[test]
    fn rooms_are_odd_inside_and_apart() {
        for seed in 0..50 {
            let p = profile(12, 3, 9);
            let mut map = carve_maze(61, 41, &mut floor_rng(seed, 1));
            let layout = place_rooms(&mut map, &p, &mut floor_rng(seed, 2));
            assert!(
                layout.rooms.len() >= 4,
                "seed {seed}: {}",
                layout.rooms.len()
            );
            check(&map, &layout, &p);
        }
    }

    #[test]
    fn crowded_maps_take_what_fits() {
        // 11×11 holds at most four 3×3 rooms with gaps; ask for a hundred.
        let p = profile(100, 3, 3);
        let mut map = carve_maze(11, 11, &mut floor_rng(1, 1));
        let layout = place_rooms(&mut map, &p, &mut floor_rng(1, 2));
        assert!((1..=4).contains(&layout.rooms.len()));
        check(&map, &layout, &p);
        // Rooms larger than the map, zero rooms, a map too small for anything.
        let big = profile(5, 21, 31);
        assert!(
            place_rooms(&mut map, &big, &mut floor_rng(1, 2))
                .rooms
                .is_empty()
        );
        assert!(
            place_rooms(&mut map, &profile(0, 3, 3), &mut floor_rng(1, 2))
                .rooms
                .is_empty()
        );
        let mut tiny = TileMap::new(2, 2, Tile::WALL);
        assert!(
            place_rooms(&mut tiny, &p, &mut floor_rng(1, 2))
                .rooms
                .is_empty()
        );
    }

    #[test]
    fn prefabs_are_stamped_first_with_their_encounter() {
        let mut p = FloorProfile::default_for_depth(3);
        p.prefab_count = 2;
        p.prefabs.truncate(1); // the rat den: 7×5 with a ring, three rats
        let mut map = carve_maze(41, 31, &mut floor_rng(2, 1));
        let layout = place_rooms(&mut map, &p, &mut floor_rng(2, 2));
        assert_eq!(layout.footprints.len(), 2);
        assert_eq!(layout.encounters.len(), 2);
        assert_eq!(layout.guards.len(), 6);
        for (k, foot) in layout.footprints.iter().enumerate() {
            assert_eq!((foot.x % 2, foot.y % 2, foot.w, foot.h), (0, 0, 7, 5));
            assert_eq!(layout.rooms[k], Rect::new(foot.x + 1, foot.y + 1, 5, 3));
            assert_eq!(
                layout.encounters[k],
                Encounter {
                    room: k,
                    prefab: "core:rat_den".into()
                }
            );
            for (dy, row) in p.prefabs[0].rows.iter().enumerate() {
                for (dx, c) in row.chars().enumerate() {
                    let t = map.get(Pos::new(foot.x + dx as i32, foot.y + dy as i32));
                    assert_eq!(t.ascii(), if c == 'r' { '.' } else { c });
                }
            }
        }
        for g in &layout.guards {
            assert_eq!(g.id, "core:rat");
            assert!(layout.rooms[g.room.unwrap()].contains(g.pos));
        }
        check(&map, &layout, &p);
    }

    #[test]
    fn odd_helpers_stay_odd_and_in_range() {
        let mut rng = floor_rng(1, 1);
        for _ in 0..200 {
            let v = odd_between(&mut rng, 4, 10);
            assert!(v % 2 == 1 && (5..=9).contains(&v));
            let c = odd_in(&mut rng, 2, 9).unwrap();
            assert!(c % 2 == 1 && (3..=9).contains(&c));
        }
        assert_eq!(odd_between(&mut rng, 7, 3), 7);
        assert_eq!(odd_in(&mut rng, 4, 4), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(crate::test_tier::cases(1000)))]
        #[test]
        fn rooms_never_overlap(seed: u64, w in 5u32..=30, h in 5u32..=30, n in 0u32..=30, min in 1u32..=4, extra in 0u32..=3) {
            let p = profile(n, 2 * min + 1, 2 * (min + extra) + 1);
            let mut map = carve_maze(2 * w + 1, 2 * h + 1, &mut floor_rng(seed, 1));
            let layout = place_rooms(&mut map, &p, &mut floor_rng(seed, 2));
            prop_assert!(layout.rooms.len() as u32 <= n);
            check(&map, &layout, &p);
        }
    }
}
