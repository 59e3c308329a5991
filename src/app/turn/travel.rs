//! Auto-explore (X), travel to the stairs (G) and to a clicked tile: one ordinary move per
//! frame, each a whole turn, until a monster comes into view, a fight starts, the goal is
//! reached or a key is pressed. Why it stopped goes to the message log.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, Notice, PendingCommand, TurnPhase};

use super::bindings::{Action, Bindings};

use crate::game::{Command, TravelGoal, TravelStop, travel_step};

/// The travel under way, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Travel(pub Option<TravelGoal>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Travel>().add_message::<Notice>();
}

/// The travel a key starts under `bindings`, if any.
pub fn travel_key(key: KeyCode, bindings: &Bindings) -> Option<TravelGoal> {
    match bindings.action(key)? {
        Action::Explore => Some(TravelGoal::Explore),
        Action::TravelStairs => Some(TravelGoal::Stairs),
        _ => None,
    }
}

/// Runs after the keyboard: starts travel on its key, stops it on any other key, else
/// proposes the next step as the turn's command.
#[allow(clippy::too_many_arguments)]
pub(super) fn step(
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    hovered: Res<super::pointer::Hovered>,
    game: Option<Res<GameRes>>,
    content: Res<ContentRes>,
    mut travel: ResMut<Travel>,
    mut pending: ResMut<PendingCommand>,
    mut phase: ResMut<NextState<TurnPhase>>,
    mut notices: MessageWriter<Notice>,
    bindings: Res<Bindings>,
) {
    let Some(game) = game else { return };
    let pressed: Vec<KeyCode> = keys.get_just_pressed().copied().collect();
    let clicked = mouse.is_some_and(|m| m.just_pressed(MouseButton::Left));
    if let Some(goal) = pressed.iter().find_map(|&k| travel_key(k, &bindings)) {
        travel.0 = Some(goal);
    } else if clicked && let Some(p) = hovered.0 {
        travel.0 = Some(TravelGoal::Tile(p));
    } else if !pressed.is_empty() || pending.0.is_some() {
        // Any other key (or a command already chosen this frame) interrupts.
        travel.0 = None;
    }
    let Some(goal) = travel.0 else { return };
    if game.0.is_over() {
        travel.0 = None;
        return;
    }
    match travel_step(&game.0, &content.0, goal) {
        Ok(d) => {
            pending.0 = Some(Command::Move(d));
            phase.set(TurnPhase::Resolving);
        }
        Err(stop) => {
            travel.0 = None;
            if stop != TravelStop::Arrived {
                notices.write(Notice(stop.to_string()));
            }
        }
    }
}
