//! Turn scheduling's own steps of the core's turn table (the turn's begin, the hero's command
//! outside a fight, the exploration ticks and the end), and what frames the turn: the
//! player's command taken from input, judged when the turn resolves, and what happened told
//! to the rest of the app once it ends.
use bevy::prelude::*;

use crate::app::shared::{
    AddTurnStep, AppSystems, ContentRes, GameRes, GameWriter, LastTurn, Notice, PendingCommand,
    PlayerCommand, Screen, TurnEdge, TurnInProgress, TurnPhase, TurnResolved,
};
use crate::game::{LEAVE_QUESTION, Outcome, TurnStep};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayerCommand>();
    app.add_turn_step(TurnStep::Begin)
        .add_turn_step(TurnStep::HeroCommand)
        .add_turn_step(TurnStep::ExplorationTicks)
        .add_turn_step(TurnStep::End);
    app.add_systems(
        Update,
        take_command
            .in_set(AppSystems::Command)
            .run_if(in_state(Screen::InGame)),
    );
    app.add_systems(
        Update,
        (
            judge.in_set(TurnEdge::Judge),
            publish.in_set(TurnEdge::Publish),
        ),
    );
}

/// The one place a turn starts: the first command sent while the game awaits input, unless
/// the run is over. The frame's other commands, and any sent while a turn resolves, are
/// dropped: each was chosen for a state the turn is about to change. Climbing out of the
/// dungeon, from any input, asks first (`LEAVE_QUESTION`) and goes only when asked again
/// with no other command between.
fn take_command(
    mut commands: MessageReader<PlayerCommand>,
    game: Res<GameRes>,
    phase: Res<State<TurnPhase>>,
    mut pending: ResMut<PendingCommand>,
    mut next: ResMut<NextState<TurnPhase>>,
    mut asked_to_leave: Local<bool>,
    mut notices: MessageWriter<Notice>,
) {
    let first = commands.read().next().cloned();
    commands.clear();
    let Some(PlayerCommand(cmd)) = first else {
        return;
    };
    if *phase.get() != TurnPhase::AwaitingInput || game.is_over() {
        return;
    }
    let leaves = game.game().leaves_the_dungeon(&cmd);
    if leaves && !std::mem::replace(&mut *asked_to_leave, true) {
        notices.write(Notice(LEAVE_QUESTION.into()));
        return;
    }
    *asked_to_leave = false;
    pending.0 = Some(cmd);
    next.set(TurnPhase::Resolving);
}

/// Judges the pending command against the game as it is now (after a reload in this frame):
/// a refused one is reported at once and changes nothing; one that costs no turn (naming an
/// item) is done here, as `execute` does it, and no step acts; an accepted one is the turn the
/// steps carry out.
fn judge(
    mut pending: ResMut<PendingCommand>,
    mut game: GameWriter,
    content: Res<ContentRes>,
    mut turn: ResMut<TurnInProgress>,
    mut resolved: MessageWriter<TurnResolved>,
) {
    let Some(cmd) = pending.0.take() else { return };
    if cmd.costs_no_turn() {
        let at = game.game().run.turn;
        let outcome = game.game_mut().execute_no_turn(&cmd, &content.0);
        resolved.write(TurnResolved {
            turn: at,
            command: cmd,
            outcome,
        });
        return;
    }
    let game = game.game();
    match game.accept(&cmd, &content.0) {
        Ok(ctx) => turn.0 = Some(ctx),
        Err(reason) => {
            // Refusals change nothing in the core; the log line is the presentation's business.
            info!("refused: {reason}");
            resolved.write(TurnResolved {
                turn: game.run.turn,
                command: cmd,
                outcome: Outcome::Rejected(reason),
            });
        }
    }
}

/// Tells the rest of the app what the ended turn did.
fn publish(
    mut turn: ResMut<TurnInProgress>,
    mut last: ResMut<LastTurn>,
    mut resolved: MessageWriter<TurnResolved>,
) {
    let Some(ctx) = turn.0.take() else { return };
    resolved.write(TurnResolved {
        turn: ctx.turn(),
        command: ctx.command().clone(),
        outcome: ctx.outcome().clone(),
    });
    last.0 = Some(ctx);
}
