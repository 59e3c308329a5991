//! Idle costs nothing: the window redraws only on input or window events, and keeps
//! redrawing only while something moves (an animation, travel, a turn resolving, loading).
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};

use crate::app::shared::{KeepAwake, Screen, TurnPhase};
use crate::app::turn::Travel;

/// A wake-up at least this often even when nothing happens (the autosave's timer, the
/// browser's visibility check).
const IDLE_WAIT: Duration = Duration::from_secs(1);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
    });
    app.init_resource::<KeepAwake>();
    app.add_systems(Last, keep_awake);
}

/// Whether the next frame must come without waiting for input.
pub fn busy(
    now: f32,
    awake: KeepAwake,
    screen: Screen,
    phase: Option<TurnPhase>,
    travelling: bool,
) -> bool {
    now < awake.until
        || screen == Screen::Loading
        || phase == Some(TurnPhase::Resolving)
        || travelling
}

fn keep_awake(
    time: Res<Time>,
    awake: Res<KeepAwake>,
    screen: Res<State<Screen>>,
    phase: Option<Res<State<TurnPhase>>>,
    travel: Option<Res<Travel>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let travelling = travel.is_some_and(|t| t.0.is_some());
    if busy(
        time.elapsed_secs(),
        *awake,
        *screen.get(),
        phase.map(|p| *p.get()),
        travelling,
    ) {
        redraw.write(RequestRedraw);
    }
}
