//! After each turn, Mode follows the core: Combat while `enemies` is not empty.
use bevy::prelude::*;

use crate::app::shared::{AppSystems, GameRes, Mode, TurnPhase};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        sync_mode
            .in_set(AppSystems::Follow)
            .run_if(in_state(TurnPhase::Resolving)),
    );
}

fn sync_mode(game: Res<GameRes>, mode: Res<State<Mode>>, mut next: ResMut<NextState<Mode>>) {
    let want = if game.in_combat() {
        Mode::Combat
    } else {
        Mode::Exploring
    };
    if *mode.get() != want {
        next.set(want);
    }
}
