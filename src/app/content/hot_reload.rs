//! F5 in a run: load content and mods again from disk (desktop hot reload). The reload itself
//! waits for the Resolving phase, like every change to the `Game`.
use bevy::prelude::*;

use crate::app::shared::{AppSystems, Overlay, OverlayInput, TurnPhase};

use super::ReloadRequest;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        reload_key
            .in_set(AppSystems::Input)
            .before(OverlayInput)
            .run_if(in_state(TurnPhase::AwaitingInput).and_then(in_state(Overlay::None))),
    );
}

pub(super) fn reload_key(
    keys: Res<ButtonInput<KeyCode>>,
    mut request: ResMut<ReloadRequest>,
    mut phase: ResMut<NextState<TurnPhase>>,
) {
    // The browser's mods are built into the binary: there is nothing on disk to reload.
    if cfg!(target_arch = "wasm32") || !keys.just_pressed(KeyCode::F5) {
        return;
    }
    request.pending = true;
    request.hold_on_errors = false;
    phase.set(TurnPhase::Resolving);
}
