//! Detects floor changes after a turn (and at the start of a run) and writes `FloorEntered`.
use bevy::prelude::*;

use crate::app::shared::{AppSystems, FloorEntered, GameRes, Screen, TurnPhase};

/// The floor the world currently shows (0 = none).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct ShownFloor(pub u32);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<FloorEntered>()
        .init_resource::<ShownFloor>();
    app.add_systems(OnExit(Screen::InGame), |mut shown: ResMut<ShownFloor>| {
        shown.0 = 0
    });
    app.add_systems(
        Update,
        announce_floor.in_set(AppSystems::Follow).run_if(
            in_state(TurnPhase::Resolving)
                .or_else(in_state(Screen::InGame).and_then(shown_nothing)),
        ),
    );
}

fn shown_nothing(shown: Res<ShownFloor>) -> bool {
    shown.0 == 0
}

fn announce_floor(
    game: Res<GameRes>,
    mut shown: ResMut<ShownFloor>,
    mut entered: MessageWriter<FloorEntered>,
) {
    // A new floor, or the same number in a new run (shown was reset on leaving the screen).
    if game.floor.depth != shown.0 {
        shown.0 = game.floor.depth;
        entered.write(FloorEntered {
            floor: game.floor.depth,
        });
    }
}
