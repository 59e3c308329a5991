//! The monster movement step: outside a fight every monster moves once, in id order (greedy
//! ghost steps toward its mode's target; the forager's race for treasure).
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, TurnInProgress, TurnSteps};
use crate::game::TurnStep;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        move_monsters.in_set(TurnSteps(TurnStep::MonsterMovement)),
    );
}

fn move_monsters(
    game: Option<ResMut<GameRes>>,
    content: Res<ContentRes>,
    mut turn: ResMut<TurnInProgress>,
) {
    if let (Some(mut game), Some(ctx)) = (game, turn.0.as_mut()) {
        game.0.monster_movement(ctx, &content.0);
    }
}
