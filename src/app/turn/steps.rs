//! Turn scheduling's own steps of the core's turn table: the turn's begin (the command judged,
//! `turn_started`), the hero's command outside a fight, the exploration ticks and the end.
use bevy::prelude::*;

use crate::app::shared::{
    ContentRes, GameRes, LastTurn, PendingCommand, TurnInProgress, TurnResolved, TurnSteps,
};
use crate::game::{Outcome, TurnStep};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            begin.in_set(TurnSteps(TurnStep::Begin)),
            hero_command.in_set(TurnSteps(TurnStep::HeroCommand)),
            exploration_ticks.in_set(TurnSteps(TurnStep::ExplorationTicks)),
            end.in_set(TurnSteps(TurnStep::End)),
        ),
    );
}

/// Takes the pending command: a refused one is reported at once and changes nothing; an
/// accepted one begins the turn the later steps carry on.
fn begin(
    mut pending: ResMut<PendingCommand>,
    game: Option<ResMut<GameRes>>,
    content: Res<ContentRes>,
    mut turn: ResMut<TurnInProgress>,
    mut resolved: MessageWriter<TurnResolved>,
) {
    let (Some(cmd), Some(mut game)) = (pending.0.take(), game) else {
        return;
    };
    match game.0.accept(&cmd, &content.0) {
        Ok(mut ctx) => {
            game.0.begin_turn(&mut ctx, &content.0);
            turn.0 = Some(ctx);
        }
        Err(reason) => {
            // Refusals change nothing in the core; the log line is the presentation's business.
            info!("refused: {reason}");
            resolved.write(TurnResolved {
                turn: game.0.turn,
                command: cmd,
                outcome: Outcome::Rejected(reason),
            });
        }
    }
}

fn hero_command(
    game: Option<ResMut<GameRes>>,
    content: Res<ContentRes>,
    mut turn: ResMut<TurnInProgress>,
) {
    if let (Some(mut game), Some(ctx)) = (game, turn.0.as_mut()) {
        game.0.hero_command(ctx, &content.0);
    }
}

fn exploration_ticks(
    game: Option<ResMut<GameRes>>,
    content: Res<ContentRes>,
    mut turn: ResMut<TurnInProgress>,
) {
    if let (Some(mut game), Some(ctx)) = (game, turn.0.as_mut()) {
        game.0.exploration_ticks(ctx, &content.0);
    }
}

/// Ends the turn and tells the rest of the app what happened.
fn end(
    game: Option<ResMut<GameRes>>,
    content: Res<ContentRes>,
    mut turn: ResMut<TurnInProgress>,
    mut last: ResMut<LastTurn>,
    mut resolved: MessageWriter<TurnResolved>,
) {
    let (Some(mut game), Some(mut ctx)) = (game, turn.0.take()) else {
        return;
    };
    game.0.end_turn(&mut ctx, &content.0);
    resolved.write(TurnResolved {
        turn: ctx.turn(),
        command: ctx.command().clone(),
        outcome: ctx.outcome().clone(),
    });
    last.0 = Some(ctx);
}
