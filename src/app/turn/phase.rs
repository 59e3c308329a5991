//! The turn phase machine: AwaitingInput → Resolving (execute once) → AwaitingInput.
use bevy::prelude::*;

use crate::app::AppSystems;
use crate::app::content::ContentRes;
use crate::app::screens::{Screen, TurnPhase};
use crate::game::{Command, Game, Outcome};

/// The running game, owned by the core; systems only touch it while Resolving.
#[derive(Resource, Debug, Clone)]
pub struct GameRes(pub Game);

/// The seed of the next new run.
#[derive(Resource, Debug, Clone, Copy)]
pub struct NewRun {
    pub seed: u64,
}

impl Default for NewRun {
    fn default() -> Self {
        Self { seed: 1 }
    }
}

/// The command accepted from input, waiting for the Resolving phase.
#[derive(Resource, Debug, Default, Clone)]
pub struct PendingCommand(pub Option<Command>);

/// "What happened": one per executed command, for the UI and renderer.
#[derive(Message, Debug, Clone)]
pub struct TurnResolved {
    pub command: Command,
    pub outcome: Outcome,
    /// The turn the command was executed in (log lines carry it).
    pub turn: u64,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewRun>()
        .init_resource::<PendingCommand>()
        .add_message::<TurnResolved>();
    app.add_systems(OnEnter(Screen::InGame), start_run);
    app.add_systems(
        Update,
        (
            execute.in_set(AppSystems::Execute),
            finish.in_set(AppSystems::Finish),
        )
            .run_if(in_state(TurnPhase::Resolving)),
    );
}

/// A new run unless one is being continued.
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

fn execute(
    mut pending: ResMut<PendingCommand>,
    game: Option<ResMut<GameRes>>,
    content: Res<ContentRes>,
    mut resolved: MessageWriter<TurnResolved>,
) {
    let (Some(cmd), Some(mut game)) = (pending.0.take(), game) else {
        return;
    };
    let turn = game.0.turn;
    let outcome = game.0.execute(&cmd, &content.0);
    if let Outcome::Rejected(reason) = &outcome {
        // Refusals change nothing in the core; the log line is the presentation's business.
        info!("refused: {reason}");
    }
    resolved.write(TurnResolved {
        turn,
        command: cmd,
        outcome,
    });
}

fn finish(
    game: Option<Res<GameRes>>,
    mut phase: ResMut<NextState<TurnPhase>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    phase.set(TurnPhase::AwaitingInput);
    if game.is_some_and(|g| g.0.is_over()) {
        screen.set(Screen::GameOver);
    }
}
