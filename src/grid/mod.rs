//! Grid searches: distance fields, field of view, greedy steps, paths, lines. Bevy-free.
mod field;
mod fov;
mod greedy;
mod line;
mod padded;
mod path;

pub use field::{DistanceField, FieldCache, Repair, Terrain, UNREACHED};
pub use fov::{VisibleSet, field_of_view};
pub use greedy::{NOISE_UNIT, Score, Step, greedy_step, random_turn, wander_noise};
pub use line::line;
pub use path::{nearest, snap_to_safe};
