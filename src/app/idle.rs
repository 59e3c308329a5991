//! Idle costs nothing: the window redraws only on input or window events, and keeps
//! redrawing only while something moves (an animation, travel, a turn resolving, loading).
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};

use crate::app::shared::{KeepAwake, Overlay, Screen, TurnPhase};
use crate::app::turn::Travel;

/// A frame at least this often even when nothing happens: nothing in the game waits on the
/// clock (saves follow floors and events, the browser's hidden tab is an event), so this is
/// only a safety net. Each idle frame costs a full redraw.
const IDLE_WAIT: Duration = Duration::from_secs(5);
const UNFOCUSED_WAIT: Duration = Duration::from_secs(60);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(UNFOCUSED_WAIT),
    });
    app.init_resource::<KeepAwake>();
    app.add_systems(Last, keep_awake);
}

/// Whether the next frame must come without waiting for input: an animation running, the
/// Loading screen, a turn resolving, travel under way, or a state change waiting for the next
/// frame (a key that starts a turn or opens a screen).
pub fn busy(
    now: f32,
    awake: KeepAwake,
    screen: Screen,
    phase: Option<TurnPhase>,
    travelling: bool,
    changing: bool,
) -> bool {
    now < awake.until
        || screen == Screen::Loading
        || phase == Some(TurnPhase::Resolving)
        || travelling
        || changing
}

fn pending<S: bevy::state::state::FreelyMutableState>(next: Option<Res<NextState<S>>>) -> bool {
    next.is_some_and(|n| !matches!(*n, NextState::Unchanged))
}

fn keep_awake(
    time: Res<Time>,
    awake: Res<KeepAwake>,
    screen: Res<State<Screen>>,
    phase: Option<Res<State<TurnPhase>>>,
    travel: Option<Res<Travel>>,
    next_screen: Option<Res<NextState<Screen>>>,
    next_phase: Option<Res<NextState<TurnPhase>>>,
    next_overlay: Option<Res<NextState<Overlay>>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let travelling = travel.is_some_and(|t| t.0.is_some());
    let changing = pending(next_screen) || pending(next_phase) || pending(next_overlay);
    if busy(
        time.elapsed_secs(),
        *awake,
        *screen.get(),
        phase.map(|p| *p.get()),
        travelling,
        changing,
    ) {
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standing_still_is_idle_and_anything_moving_is_busy() {
        let awake = KeepAwake { until: 3.0 };
        let still = |now| {
            busy(
                now,
                awake,
                Screen::InGame,
                Some(TurnPhase::AwaitingInput),
                false,
                false,
            )
        };
        assert!(!still(5.0), "nothing moves: wait for input");
        assert!(still(2.0), "an animation runs until 3 s");
        assert!(busy(5.0, awake, Screen::Loading, None, false, false));
        assert!(busy(
            5.0,
            awake,
            Screen::InGame,
            Some(TurnPhase::Resolving),
            false,
            false
        ));
        assert!(busy(
            5.0,
            awake,
            Screen::InGame,
            Some(TurnPhase::AwaitingInput),
            true,
            false
        ));
        assert!(busy(5.0, awake, Screen::MainMenu, None, false, true));
    }
}
