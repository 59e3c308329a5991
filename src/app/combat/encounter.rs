//! The encounter step: outside a fight, a hostile monster next to the hero starts one, joined
//! by the hostiles within the encounter radius that see the hero.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, TurnInProgress, TurnSteps};
use crate::game::TurnStep;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        start_encounter.in_set(TurnSteps(TurnStep::Encounter)),
    );
}

fn start_encounter(
    game: Option<ResMut<GameRes>>,
    content: Res<ContentRes>,
    mut turn: ResMut<TurnInProgress>,
) {
    if let (Some(mut game), Some(ctx)) = (game, turn.0.as_mut()) {
        game.0.encounter(ctx, &content.0);
    }
}
