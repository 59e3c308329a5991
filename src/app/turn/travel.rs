//! Auto-explore (X), travel to the stairs (G) and to a clicked tile, and searching (Shift+S):
//! one ordinary command per frame, each a whole turn, until a monster comes into view, a fight
//! starts, the goal is reached (five turns of searching) or a key is pressed. Why it stopped
//! goes to the message log, once.
use std::collections::BTreeSet;

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, Notice, PlayerCommand};

use super::bindings::{Action, Bindings, Mods};

use crate::content::Content;
use crate::game::{
    Command, CreatureId, Game, TravelGoal, TravelStop, hostiles_in_view, travel_step,
};

/// The travel under way, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Travel(pub Option<TravelGoal>);

/// The hostile monsters in view when travel began that have stayed in view since: they do not
/// stop it (the player pressed on seeing them); one that leaves and comes back does.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct KnownInView(pub BTreeSet<CreatureId>);

/// Turns of searching still to come (the search key asks for `SEARCH_TURNS`).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Searching(pub u32);

/// How many turns one press of the search key searches.
pub const SEARCH_TURNS: u32 = 5;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Travel>()
        .init_resource::<Searching>()
        .init_resource::<KnownInView>()
        .add_message::<Notice>();
}

/// The log line for a stop.
pub fn stop_line(stop: TravelStop, game: &Game, content: &Content) -> String {
    match stop {
        TravelStop::MonsterComesIntoView(id) => {
            let name = game.name(id, content);
            format!("{} comes into view.", capitalised(&a_or_an(&name)))
        }
        other => other.to_string(),
    }
}

fn a_or_an(name: &str) -> String {
    let vowel = name
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    let mut c = name.chars();
    let lower: String = c
        .next()
        .into_iter()
        .flat_map(char::to_lowercase)
        .chain(c)
        .collect();
    format!("{} {lower}", if vowel { "an" } else { "a" })
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The travel a key starts under `bindings`, if any.
pub fn travel_key(key: KeyCode, mods: Mods, bindings: &Bindings) -> Option<TravelGoal> {
    match bindings.pressed(key, mods)? {
        Action::Explore => Some(TravelGoal::Explore),
        Action::TravelStairs => Some(TravelGoal::Stairs),
        _ => None,
    }
}

/// Runs after the keyboard: starts travel on its key, stops it on any other key, else
/// proposes the next step as the turn's command.
pub(super) fn step(
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    hovered: Res<super::pointer::Hovered>,
    tapped: Res<super::pointer::Tapped>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut travel: ResMut<Travel>,
    mut sent: ResMut<Messages<PlayerCommand>>,
    mut seen: Local<MessageCursor<PlayerCommand>>,
    mut notices: MessageWriter<Notice>,
    bindings: Res<Bindings>,
    mut known: ResMut<KnownInView>,
    mut searching: ResMut<Searching>,
) {
    // A command already chosen this frame (a key, a tap on an enemy) comes first.
    let chosen = seen.read(&sent).count() > 0;
    let pressed: Vec<KeyCode> = keys.get_just_pressed().copied().collect();
    let clicked = mouse.is_some_and(|m| m.just_pressed(MouseButton::Left));
    let in_view = hostiles_in_view(game.game(), &content.0);
    let mods = Mods::held(&keys);
    if let Some(goal) = pressed.iter().find_map(|&k| travel_key(k, mods, &bindings)) {
        travel.0 = Some(goal);
        searching.0 = 0;
        known.0 = in_view.clone();
    } else if pressed
        .iter()
        .any(|&k| bindings.pressed(k, mods) == Some(Action::Search))
    {
        travel.0 = None;
        searching.0 = SEARCH_TURNS;
        known.0 = in_view.clone();
    } else if let Some(p) = tapped.0.or(hovered.0.filter(|_| clicked))
        && !chosen
    {
        // A tap next to a monster walks into it: the bump that attacks.
        travel.0 = Some(TravelGoal::Tile(p));
        known.0 = in_view.clone();
    } else if !pressed.is_empty() || chosen {
        // Any other key (or a command already chosen this frame) interrupts.
        travel.0 = None;
        searching.0 = 0;
    }
    if searching.0 > 0 {
        known.0.retain(|id| in_view.contains(id));
        let g = game.game();
        let stop = if g.is_over() {
            Some(None)
        } else if g.in_combat() {
            Some(Some(TravelStop::InCombat))
        } else {
            (in_view.difference(&known.0).next())
                .map(|&id| Some(TravelStop::MonsterComesIntoView(id)))
        };
        if let Some(stop) = stop {
            searching.0 = 0;
            if let Some(stop) = stop {
                notices.write(Notice(stop_line(stop, g, &content.0)));
            }
            return;
        }
        sent.write(PlayerCommand(Command::Search));
        seen.read(&sent).for_each(drop);
        searching.0 -= 1;
        if searching.0 == 0 {
            notices.write(Notice("You finish searching.".into()));
        }
        return;
    }
    let Some(goal) = travel.0 else { return };
    if game.is_over() {
        travel.0 = None;
        return;
    }
    // One that left view and comes back stops travel again.
    known.0.retain(|id| in_view.contains(id));
    match travel_step(game.game(), &content.0, goal, &known.0) {
        Ok(d) => {
            // A tap on a closed door opens it: the step into it is the last.
            let next = game.hero_pos().offset(d);
            if goal == TravelGoal::Tile(next) && game.opens_to(next).is_some() {
                travel.0 = None;
            }
            sent.write(PlayerCommand(Command::Move(d)));
            // Its own move is not another input's next frame.
            seen.read(&sent).for_each(drop);
        }
        Err(stop) => {
            travel.0 = None;
            if stop != TravelStop::Arrived {
                notices.write(Notice(stop_line(stop, game.game(), &content.0)));
            }
        }
    }
}
