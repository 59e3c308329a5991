//! The map under the fingers, beyond the tap (`pointer`): a long press looks at the pressed
//! tile (the look cursor opens there, so the examine panel and the screen reader describe it,
//! and the touch bar becomes its context bar); while looking, a tap moves the cursor; two
//! fingers pinch to zoom; one finger dragged pans the map until the next turn recentres it.
use std::collections::{BTreeMap, BTreeSet};

use bevy::input::touch::Touches;
use bevy::prelude::*;

use crate::app::shared::{
    AppSystems, GameRes, KeepAwake, Overlay, Screen, TILE, TurnPhase, world_of,
};

use super::pointer::{Hovered, TAP_SLOP, TouchesOnUi, tile_at};
use crate::app::turn::look::{LookCursor, start_cursor};

/// How long (seconds) a finger rests on a tile before it looks there.
pub const LONG_PRESS: f64 = 0.5;

/// How far (world units) a one-finger drag has moved the view from the hero, and in which
/// turn: the next turn (a step, a wait) recentres it.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct MapPan {
    pub offset: Vec2,
    pub turn: u64,
    pub floor: u32,
}

impl MapPan {
    /// The offset while it still holds for this turn and floor.
    pub fn now(&self, turn: u64, floor: u32) -> Vec2 {
        if (self.turn, self.floor) == (turn, floor) {
            self.offset
        } else {
            Vec2::ZERO
        }
    }
}

/// While two fingers pinch the map: their spread now over their spread when the pinch began
/// (the settings scale the zoom by it, from the zoom the pinch began at).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct Pinch(pub Option<f32>);

/// The fingers on the map: when each went down (app time, never the rules'), those that have
/// looked already, those pinching, and the pinch's starting spread while two are down.
#[derive(Default)]
pub(in crate::app::turn) struct Fingers {
    down_at: BTreeMap<u64, f64>,
    looked: BTreeSet<u64>,
    pinching: BTreeSet<u64>,
    pinch: Option<f32>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MapPan>().init_resource::<Pinch>();
    app.add_systems(
        Update,
        // With the map's input, after the lists have claimed their fingers, before a tap.
        gestures
            .in_set(AppSystems::Input)
            .in_set(super::keys::TurnInput)
            .before(super::pointer::hover)
            .run_if(in_state(Screen::InGame).and_then(in_state(TurnPhase::AwaitingInput))),
    );
}

/// The pan after a finger moved `moved` logical pixels at `zoom`: the map follows the finger
/// (the screen's y grows down, the world's up).
pub fn pan_by(offset: Vec2, moved: Vec2, zoom: f32) -> Vec2 {
    offset + Vec2::new(-moved.x, moved.y) / zoom.max(0.1)
}

fn gestures(
    touches: Option<Res<Touches>>,
    time: Res<Time>,
    overlay: Res<State<Overlay>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    projection: Query<&Projection, With<Camera2d>>,
    game: Res<GameRes>,
    (mut on_ui, mut hovered, mut pan): (ResMut<TouchesOnUi>, ResMut<Hovered>, ResMut<MapPan>),
    (mut pinch, mut cursor): (ResMut<Pinch>, Option<ResMut<LookCursor>>),
    mut fingers: Local<Fingers>,
    mut commands: Commands,
    // The idle plugin's (absent in headless tests).
    awake: Option<ResMut<KeepAwake>>,
) {
    let Some(touches) = touches else { return };
    let now = time.elapsed_secs_f64();
    for t in touches.iter_just_pressed() {
        fingers.down_at.insert(t.id(), now);
    }
    // A finger resting on the map sends no events: frames keep coming until it has looked.
    let resting =
        (touches.iter()).any(|t| !fingers.looked.contains(&t.id()) && !on_ui.0.contains(&t.id()));
    if resting && let Some(mut awake) = awake {
        awake.extend(time.elapsed_secs(), 0.1);
    }
    let zoom = match projection.single() {
        Ok(Projection::Orthographic(o)) => 1.0 / o.scale,
        _ => 1.0,
    };
    let looking = *overlay.get() == Overlay::Look;
    let on_map = looking || *overlay.get() == Overlay::None;
    // The fingers on the map: not on a button (a pinch's own count as the map's).
    let mine: Vec<_> = (touches.iter())
        .filter(|t| !on_ui.0.contains(&t.id()) || fingers.pinching.contains(&t.id()))
        .collect();
    if on_map && mine.len() == 2 {
        // Two fingers: a pinch; neither is a tap or a long press when lifted.
        let spread = mine[0].position().distance(mine[1].position());
        let start = *fingers.pinch.get_or_insert(spread);
        pinch.set_if_neq(Pinch((start > 0.0).then(|| spread / start)));
        on_ui.0.extend(mine.iter().map(|t| t.id()));
        fingers.pinching.extend(mine.iter().map(|t| t.id()));
    } else if mine.len() < 2 {
        fingers.pinch = None;
        pinch.set_if_neq(Pinch(None));
    }
    if on_map
        && let [finger] = mine.as_slice()
        && !fingers.pinching.contains(&finger.id())
    {
        let id = finger.id();
        if finger.distance().length() > TAP_SLOP {
            // A drag: the map follows the finger.
            let from = pan.now(game.run.turn, game.floor.depth);
            // Never past the floor's edges, so that dragging back answers at once.
            let hero = world_of(game.hero_pos(), game.floor.map.height());
            let floor = Vec2::new(
                game.floor.map.width() as f32,
                game.floor.map.height() as f32,
            ) * TILE;
            *pan = MapPan {
                offset: pan_by(from, finger.delta(), zoom).clamp(-hero, floor - hero),
                turn: game.run.turn,
                floor: game.floor.depth,
            };
        } else if !fingers.looked.contains(&id)
            && fingers
                .down_at
                .get(&id)
                .is_some_and(|&t| now - t >= LONG_PRESS)
            && let Some(at) = tile_at(finger.start_position(), &cameras, &game)
        {
            // A long press: look there; lifting the finger is then no tap.
            fingers.looked.insert(id);
            on_ui.0.insert(id);
            match cursor.as_mut() {
                Some(c) => {
                    c.at = at;
                    hovered.set_if_neq(Hovered(Some(at)));
                }
                None => start_cursor(&mut commands, &mut hovered, at, None),
            }
        }
    }
    for t in touches.iter_just_released() {
        fingers.down_at.remove(&t.id());
        fingers.looked.remove(&t.id());
        fingers.pinching.remove(&t.id());
        // While looking, a tap moves the cursor (the map's own tap travels only when not).
        if looking
            && !on_ui.0.remove(&t.id())
            && t.distance().length() <= TAP_SLOP
            && let (Some(at), Some(c)) = (tile_at(t.position(), &cameras, &game), cursor.as_mut())
            && c.at != at
        {
            c.at = at;
            hovered.set_if_neq(Hovered(Some(at)));
        }
    }
    for t in touches.iter_just_canceled() {
        fingers.down_at.remove(&t.id());
        fingers.looked.remove(&t.id());
        fingers.pinching.remove(&t.id());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_follows_the_finger_and_the_next_turn_recentres_it() {
        // A finger moved right and down: the view goes left and up (the map moves with it).
        let p = pan_by(Vec2::ZERO, Vec2::new(32.0, 16.0), 2.0);
        assert_eq!(p, Vec2::new(-16.0, 8.0));
        let pan = MapPan {
            offset: p,
            turn: 7,
            floor: 2,
        };
        assert_eq!(pan.now(7, 2), p);
        assert_eq!(pan.now(8, 2), Vec2::ZERO, "a turn later");
        assert_eq!(pan.now(7, 3), Vec2::ZERO, "on another floor");
    }
}
