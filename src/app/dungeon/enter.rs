//! Entering floors: a new run generates floor 1; the turn's descend step generates and enters
//! the next floor (or wins the run on the last).
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, NewRun, Screen, TurnInProgress, TurnSteps};
use crate::game::{Game, TurnStep};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::InGame), start_run);
    app.add_systems(
        Update,
        enter_next_floor.in_set(TurnSteps(TurnStep::EnterFloor)),
    );
}

/// A new run, on its first floor, unless one is being continued.
fn start_run(
    mut commands: Commands,
    existing: Option<Res<GameRes>>,
    run: Res<NewRun>,
    content: Res<ContentRes>,
    mut next: ResMut<NextState<Screen>>,
) {
    if existing.is_some() {
        return;
    }
    match Game::new(run.seed, &content.0) {
        Ok(game) => commands.insert_resource(GameRes(game)),
        Err(e) => {
            error!("cannot start a run: {e}");
            next.set(Screen::MainMenu);
        }
    }
}

fn enter_next_floor(
    game: Option<ResMut<GameRes>>,
    content: Res<ContentRes>,
    mut turn: ResMut<TurnInProgress>,
) {
    if let (Some(mut game), Some(ctx)) = (game, turn.0.as_mut()) {
        game.0.enter_next_floor(ctx, &content.0);
    }
}
