//! Dungeon generation (maze and rooms): maze, regression, imperfection, rooms, connection,
//! placement, doors, hazards.
//!
//! Bevy-free and deterministic: a floor depends on (profile, run seed, floor number, the
//! content's terrain table) only.
mod connect;
mod doors;
mod field;
mod floor;
mod hazards;
mod maze;
mod place;
mod profile;
mod regression;
mod render;
mod rooms;
#[cfg(test)]
mod testutil;

pub use connect::connect;
pub use doors::{DOOR_CHANCE, DOOR_STREAM, SECRET_DOOR_CHANCE};
pub use floor::{Encounter, Floor, Rect, Spawn, generate, generate_in};
pub use hazards::{CHASM, DEEP_WATER, GRASS, HAZARD_STREAM, LAVA, SHALLOW_WATER, TALL_GRASS};
pub use maze::carve_maze;
pub use place::{Placement, SAFE_STEPS, place};
pub use profile::{Feature, FloorProfile, MAX_SIDE, MIN_SIDE, Prefab, Shape, SpawnEntry};
pub use regression::{LOOP_MIN_GAP, MAX_LOOP_GAP, imperfect, regress};
pub use render::{encode_rgb, to_ascii, to_png};
pub use rooms::{MAX_ATTEMPTS, MAX_ROOMS, RoomLayout, place_rooms};
