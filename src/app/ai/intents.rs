//! Collects each monster's mode and target after a turn; F3 toggles showing them.
use bevy::prelude::*;

use crate::app::AppSystems;
use crate::app::screens::{Screen, TurnPhase};
use crate::app::turn::GameRes;
use crate::game::AiMode;
use crate::map::Pos;

#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct AiOverlay(pub bool);

/// (monster tile, mode, target tile) for every monster on the floor.
#[derive(Resource, Debug, Default, Clone)]
pub struct AiIntents(pub Vec<(Pos, AiMode, Pos)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiOverlay>()
        .init_resource::<AiIntents>();
    app.add_systems(
        Update,
        (
            toggle
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::InGame)),
            collect
                .in_set(AppSystems::Ai)
                .run_if(in_state(TurnPhase::Resolving)),
        ),
    );
}

fn toggle(keys: Res<ButtonInput<KeyCode>>, mut overlay: ResMut<AiOverlay>) {
    if keys.just_pressed(KeyCode::F3) {
        overlay.0 = !overlay.0;
    }
}

fn collect(game: Option<Res<GameRes>>, mut intents: ResMut<AiIntents>) {
    let Some(game) = game else { return };
    let g = &game.0;
    intents.0 = g
        .creatures
        .values()
        .filter(|c| c.id != g.hero)
        .map(|c| (c.pos, c.ai.mode, c.ai.target))
        .collect();
}
