//! Collects each monster's mode, target and heading after a turn; F3 toggles showing them.
use bevy::prelude::*;

use crate::app::shared::{AppSystems, GameRes, RunShown, Screen, TurnPhase};

use crate::game::AiMode;
use crate::map::{Dir, Pos};

#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct AiOverlay(pub bool);

/// What one monster is about: where it is, its mode, the tile it aims for, and its heading
/// (its next greedy step unless a wall or a better neighbour turns it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Intent {
    pub pos: Pos,
    pub mode: AiMode,
    pub target: Pos,
    pub heading: Dir,
}

/// Every monster's intent on the floor, refreshed after each turn.
#[derive(Resource, Debug, Default, Clone)]
pub struct AiIntents(pub Vec<Intent>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiOverlay>()
        .init_resource::<AiIntents>();
    app.add_systems(
        Update,
        (
            toggle.in_set(AppSystems::Input).run_if(in_state(RunShown)),
            // In play after each turn; while watching, whenever the watched state moves.
            collect.in_set(AppSystems::Follow).run_if(
                in_state(TurnPhase::Resolving).or_else(
                    in_state(Screen::Watch).and_then(resource_exists_and_changed::<GameRes>),
                ),
            ),
        ),
    );
}

fn toggle(keys: Res<ButtonInput<KeyCode>>, mut overlay: ResMut<AiOverlay>) {
    if keys.just_pressed(KeyCode::F3) {
        overlay.0 = !overlay.0;
    }
}

fn collect(game: Res<GameRes>, mut intents: ResMut<AiIntents>) {
    let g = game.game();
    intents.0 = g
        .floor
        .creatures
        .values()
        .filter(|c| c.id != g.party.hero)
        .map(|c| Intent {
            pos: c.pos,
            mode: c.ai.mode,
            target: c.ai.target,
            heading: c.heading,
        })
        .collect();
}
