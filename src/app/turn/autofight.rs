//! Autofight (Shift+F, and the touch bar's Fight): each press is one turn of the core's
//! `autofight`: a step towards the nearest hostile in view, or the bot's strike in a fight,
//! said in the log ("Autofight: Power strike at the goblin."), with the target selected in the
//! fight panel. A refusal (low health, nobody in view) is said instead and costs nothing.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, Notice, PlayerCommand, SelectedTarget};
use crate::content::Content;
use crate::game::autofight::{AutofightChoice, autofight};
use crate::game::{Command, Game};

use super::input::bindings::{Action, Bindings};

/// The share of maximum health below which autofight refuses (the settings' `autofight_below`).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct AutofightBelow(pub f64);

impl Default for AutofightBelow {
    fn default() -> Self {
        Self(0.5)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AutofightBelow>();
}

/// What autofight's choice is called in the log.
pub fn choice_line(choice: &AutofightChoice, game: &Game, content: &Content) -> String {
    let target = choice.target.map(|id| game.called(id, content));
    match (&choice.command, target) {
        (Command::Ability { ability, .. }, Some(t)) => {
            let name = content
                .ability(ability)
                .map_or(ability.as_str(), |a| &a.name);
            format!("Autofight: {name} at {t}.")
        }
        (Command::Ability { ability, .. }, None) => {
            let name = content
                .ability(ability)
                .map_or(ability.as_str(), |a| &a.name);
            format!("Autofight: {name}.")
        }
        (Command::Wait, Some(t)) => {
            format!("Autofight: waiting for the way to {t} to clear.")
        }
        (_, Some(t)) => format!("Autofight: towards {t}."),
        (_, None) => "Autofight.".into(),
    }
}

/// On the autofight key: the turn's command and its line, or the refusal's reason.
pub(super) fn press(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    below: Res<AutofightBelow>,
    mut target: ResMut<SelectedTarget>,
    mut sent: MessageWriter<PlayerCommand>,
    mut notices: MessageWriter<Notice>,
) {
    let g = game.game();
    if !bindings.just_pressed(&keys, Action::Autofight) || g.is_over() {
        return;
    }
    match autofight(g, &content.0, below.0) {
        Ok(choice) => {
            if let Some(i) =
                (choice.target).and_then(|t| g.fight.enemies.iter().position(|&e| e == t))
            {
                target.0 = i;
            }
            notices.write(Notice(choice_line(&choice, g, &content.0)));
            sent.write(PlayerCommand(choice.command));
        }
        Err(why) => {
            notices.write(Notice(why.to_string()));
        }
    }
}
