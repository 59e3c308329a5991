//! The combat round step: everyone in the fight acts once by initiative, the hero with its
//! command; then the dead leave and the fight ends if it is over.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, TurnInProgress, TurnSteps};
use crate::game::TurnStep;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        resolve_round.in_set(TurnSteps(TurnStep::CombatRound)),
    );
}

fn resolve_round(
    game: Option<ResMut<GameRes>>,
    content: Res<ContentRes>,
    mut turn: ResMut<TurnInProgress>,
) {
    if let (Some(mut game), Some(ctx)) = (game, turn.0.as_mut()) {
        game.0.combat_round(ctx, &content.0);
    }
}
