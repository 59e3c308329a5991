//! The turn phase machine: AwaitingInput → Resolving (the turn's steps run once) →
//! AwaitingInput; the run's end shows the GameOver screen.
use bevy::prelude::*;

use crate::app::shared::{
    AppSystems, GameRes, LastTurn, NewRun, PendingCommand, Screen, TurnInProgress, TurnPhase,
    TurnResolved,
};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewRun>()
        .init_resource::<PendingCommand>()
        .init_resource::<TurnInProgress>()
        .init_resource::<LastTurn>()
        .add_message::<TurnResolved>();
    app.add_systems(
        Update,
        finish
            .in_set(AppSystems::Finish)
            .run_if(in_state(TurnPhase::Resolving)),
    );
}

fn finish(
    game: Res<GameRes>,
    mut phase: ResMut<NextState<TurnPhase>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    phase.set(TurnPhase::AwaitingInput);
    if game.is_over() {
        screen.set(Screen::GameOver);
    }
}
