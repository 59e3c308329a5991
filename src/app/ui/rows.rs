//! Rows kept in place: a container's rows matched to keys (an item, a monster), so a turn
//! updates the words and bars of the rows that stay instead of building the panel anew (which
//! also kept the accessibility tree churning). New keys get a row, gone ones lose theirs.
use bevy::prelude::*;

use crate::app::render::picture::{PictureNode, Pictures, picture_node};

/// The key a row shows, on the row itself: words that change when the row must be made anew
/// (one type for every panel, so the browser's code holds one copy of these functions).
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct RowKey(pub String);

/// Brings `container`'s rows (`current`: row and key, in order) to `wanted`: a row whose key
/// is wanted is kept, a missing one is made by `spawn`, the rest are despawned; the rows are
/// put in the wanted order. Returns the rows in that order, each with whether it is new.
pub fn sync_rows(
    commands: &mut Commands,
    container: Entity,
    current: &[(Entity, String)],
    wanted: &[String],
    spawn: &mut dyn FnMut(&mut Commands, &str) -> Entity,
) -> Vec<(Entity, bool)> {
    let mut taken = vec![false; current.len()];
    let rows: Vec<(Entity, bool)> = wanted
        .iter()
        .map(|k| {
            let kept = current
                .iter()
                .enumerate()
                .find(|(i, (_, have))| !taken[*i] && have == k);
            match kept {
                Some((i, (e, _))) => {
                    taken[i] = true;
                    (*e, false)
                }
                None => {
                    let e = spawn(commands, k);
                    commands.entity(e).insert(RowKey(k.clone()));
                    (e, true)
                }
            }
        })
        .collect();
    for (i, (e, _)) in current.iter().enumerate() {
        if !taken[i] {
            commands.entity(*e).despawn();
        }
    }
    let order: Vec<Entity> = rows.iter().map(|(e, _)| *e).collect();
    let same = current.len() == order.len() && current.iter().zip(&order).all(|((a, _), b)| a == b);
    if !same {
        commands.entity(container).replace_children(&order);
    }
    rows
}

/// A row of a picture `size` pixels square in `colour`, then `words` (a text bundle).
pub fn picture_row(
    commands: &mut Commands,
    pictures: Option<&Pictures>,
    picture: PictureNode,
    colour: Color,
    size: f32,
    words: impl Bundle,
) -> Entity {
    commands
        .spawn(Node {
            column_gap: px(6),
            align_items: AlignItems::Center,
            ..default()
        })
        .with_children(|row| {
            picture_node(row, pictures, picture, colour, size);
            row.spawn(words);
        })
        .id()
}

/// A container's rows, each with its key, in order.
pub fn rows_of(
    container: Entity,
    children: &Query<&Children>,
    keys: &Query<&RowKey>,
) -> Vec<(Entity, String)> {
    children
        .get(container)
        .into_iter()
        .flatten()
        .filter_map(|c| keys.get(*c).ok().map(|k| (*c, k.0.clone())))
        .collect()
}
