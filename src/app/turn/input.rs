//! Keys to commands: arrows, WASD and vi keys move; the rest wait, descend, fight or flee.
use bevy::prelude::*;

use super::phase::{GameRes, PendingCommand};
use crate::app::AppSystems;
use crate::app::screens::{Overlay, TurnPhase};
use crate::game::{Command, Game};
use crate::map::Dir;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SelectedTarget>();
    app.add_systems(
        Update,
        (super::pointer::hover, read_input, super::travel::step)
            .chain()
            .in_set(AppSystems::Input)
            .run_if(in_state(TurnPhase::AwaitingInput).and_then(in_state(Overlay::None))),
    );
}

/// Which enemy the combat commands aim at (an index into the fight, re-read each turn).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct SelectedTarget(pub usize);

const MOVES: [(KeyCode, Dir); 12] = [
    (KeyCode::ArrowUp, Dir::Up),
    (KeyCode::ArrowDown, Dir::Down),
    (KeyCode::ArrowLeft, Dir::Left),
    (KeyCode::ArrowRight, Dir::Right),
    (KeyCode::KeyW, Dir::Up),
    (KeyCode::KeyS, Dir::Down),
    (KeyCode::KeyA, Dir::Left),
    (KeyCode::KeyD, Dir::Right),
    (KeyCode::KeyK, Dir::Up),
    (KeyCode::KeyJ, Dir::Down),
    (KeyCode::KeyH, Dir::Left),
    (KeyCode::KeyL, Dir::Right),
];

/// The digit keys 0–9: ability choices in a fight (1–9), seed entry on the menu.
pub const DIGIT_KEYS: [KeyCode; 10] = [
    KeyCode::Digit0,
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// The command a key stands for in the current game, if any (pure, for tests and the UI).
pub fn key_command(
    key: KeyCode,
    shift: bool,
    game: &Game,
    abilities: &[String],
    target: usize,
) -> Option<Command> {
    if game.in_combat() {
        let target = game
            .enemies
            .get(target.min(game.enemies.len().saturating_sub(1)))
            .copied();
        if let Some(i) = DIGIT_KEYS[1..].iter().position(|k| *k == key) {
            return abilities.get(i).map(|a| Command::Ability {
                ability: a.clone(),
                target,
            });
        }
        return match key {
            KeyCode::KeyF => Some(Command::Flee),
            KeyCode::Space | KeyCode::Period => Some(Command::Wait),
            _ => None,
        };
    }
    if let Some((_, d)) = MOVES.iter().find(|(k, _)| *k == key) {
        return Some(Command::Move(*d));
    }
    match key {
        KeyCode::Period if shift => Some(Command::Descend),
        KeyCode::Enter => Some(Command::Descend),
        KeyCode::Space | KeyCode::Period => Some(Command::Wait),
        _ => None,
    }
}

fn read_input(
    keys: Res<ButtonInput<KeyCode>>,
    game: Option<Res<GameRes>>,
    content: Res<crate::app::content::ContentRes>,
    mut target: ResMut<SelectedTarget>,
    mut pending: ResMut<PendingCommand>,
    mut phase: ResMut<NextState<TurnPhase>>,
) {
    let Some(game) = game else { return };
    let game = &game.0;
    if game.is_over() {
        return;
    }
    if keys.just_pressed(KeyCode::Tab) && !game.enemies.is_empty() {
        target.0 = (target.0 + 1) % game.enemies.len();
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let abilities = game.known_abilities(game.hero, &content.0);
    // One command per frame at most: the first key in a fixed order wins.
    let cmd = keys
        .get_just_pressed()
        .copied()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .find_map(|k| key_command(k, shift, game, &abilities, target.0));
    if let Some(cmd) = cmd {
        pending.0 = Some(cmd);
        phase.set(TurnPhase::Resolving);
    }
}
