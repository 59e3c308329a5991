//! Keys to commands: arrows, WASD and vi keys move; the rest wait, descend, fight or flee.
use bevy::prelude::*;

use crate::app::shared::{AppSystems, GameRes, Overlay, PlayerCommand, SelectedTarget, TurnPhase};

use super::bindings::{Action, Bindings, Mods};

use crate::game::{Command, Game};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SelectedTarget>();
    app.add_systems(
        Update,
        (
            super::pointer::hover,
            super::pointer::tap,
            read_input,
            crate::app::turn::autofight::press,
            crate::app::turn::travel::step,
        )
            .chain()
            .in_set(AppSystems::Input)
            .in_set(TurnInput)
            .run_if(in_state(TurnPhase::AwaitingInput).and_then(in_state(Overlay::None))),
    );
}

/// The keyboard-and-mouse systems of the map (overlays read their keys before these).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TurnInput;

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
    mods: Mods,
    game: &Game,
    abilities: &[String],
    target: usize,
    bindings: &Bindings,
) -> Option<Command> {
    let action = bindings.pressed(key, mods);
    if game.in_combat() {
        let target = game
            .fight
            .enemies
            .get(target.min(game.fight.enemies.len().saturating_sub(1)))
            .copied();
        if let Some(i) = DIGIT_KEYS[1..].iter().position(|k| *k == key) {
            return abilities.get(i).map(|a| Command::Ability {
                ability: a.clone(),
                target,
            });
        }
        return match action {
            Some(Action::Flee) => Some(Command::Flee),
            Some(Action::Wait) => Some(Command::Wait),
            _ => None,
        };
    }
    // `>` is Shift+`.` on most layouts, whatever `.` is bound to.
    if key == KeyCode::Period && mods.shift {
        return Some(Command::Descend);
    }
    match action? {
        Action::Move(d) => Some(Command::Move(d)),
        Action::Descend => Some(Command::Descend),
        Action::Ascend => Some(Command::Ascend),
        Action::Wait => Some(Command::Wait),
        Action::PickUp => Some(Command::PickUp),
        Action::CloseDoor => Some(Command::CloseDoor(door_to_close(game))),
        Action::Shout => Some(Command::Shout),
        // Five turns of it: the travel system repeats it.
        Action::Search
        | Action::Rest
        | Action::ToggleStealthRange
        | Action::Explore
        | Action::TravelStairs
        | Action::Flee
        | Action::Inventory
        | Action::History
        | Action::Discoveries
        | Action::Describe
        | Action::ReadFight
        | Action::ReadLog
        | Action::SayAgain
        | Action::Look
        | Action::Throw
        | Action::FireAgain
        | Action::Autofight
        | Action::Find
        | Action::LeavePile => None,
    }
}

/// The open door the close key closes: the one the hero faces, else the first beside it;
/// with none, the way the hero faces (refused, and the log says why).
fn door_to_close(game: &Game) -> crate::map::Dir {
    let heading = game.hero().heading;
    let doors = game.closable_doors();
    if doors.contains(&heading) {
        heading
    } else {
        doors.first().copied().unwrap_or(heading)
    }
}

/// In a fight, a tap on an enemy selects it and uses the hero's first ability (the attack).
pub(in crate::app::turn) fn tapped_enemy_attack(
    tapped: Option<crate::map::Pos>,
    game: &Game,
    abilities: &[String],
) -> Option<(usize, Command)> {
    let p = tapped?;
    if !game.in_combat() {
        return None;
    }
    let i = game
        .fight
        .enemies
        .iter()
        .position(|&id| game.creature(id).is_some_and(|c| c.pos == p))?;
    let ability = abilities.first()?.clone();
    Some((
        i,
        Command::Ability {
            ability,
            target: Some(game.fight.enemies[i]),
        },
    ))
}

pub(in crate::app::turn) fn read_input(
    keys: Res<ButtonInput<KeyCode>>,
    tapped: Res<super::pointer::Tapped>,
    game: Res<GameRes>,
    content: Res<crate::app::shared::ContentRes>,
    mut target: ResMut<SelectedTarget>,
    mut sent: MessageWriter<PlayerCommand>,
    bindings: Res<Bindings>,
) {
    let game = game.game();
    if game.is_over() {
        return;
    }
    if keys.just_pressed(KeyCode::Tab) && !game.fight.enemies.is_empty() {
        target.0 = (target.0 + 1) % game.fight.enemies.len();
    }
    let mods = Mods::held(&keys);
    let abilities = game.known_abilities(game.party.hero, &content.0);
    // One command per frame at most: the first key in a fixed order wins.
    let cmd = keys
        .get_just_pressed()
        .copied()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .find_map(|k| key_command(k, mods, game, &abilities, target.0, &bindings))
        .or_else(|| {
            let (i, cmd) = tapped_enemy_attack(tapped.0, game, &abilities)?;
            target.0 = i;
            Some(cmd)
        });
    if let Some(cmd) = cmd {
        sent.write(PlayerCommand(cmd));
    }
}
