//! Grid searches: distance fields, field of view, greedy steps, paths. Bevy-free.
mod field;
mod fov;
mod greedy;
mod padded;
mod path;

pub use field::{DistanceField, FieldCache, Repair, Terrain, UNREACHED};
pub use fov::{VisibleSet, field_of_view};
pub use greedy::{NOISE_UNIT, Score, Step, greedy_step, random_turn, wander_noise};
pub use path::{nearest, snap_to_passable};
