//! Auto-explore (X), travel to the stairs (G) and to a clicked tile, searching (Shift+S) and
//! resting (Z): one ordinary command per frame, each a whole turn, until a monster comes into
//! view or notices the hero, a fight starts, the goal is reached (five turns of searching;
//! health and stamina full, or 100 turns, of resting) or a key is pressed. Why it stopped goes
//! to the message log, once. Auto-explore picks up what it finds, but for the piles the player
//! left (dropped, or marked with the leave key) and all of them with the setting off; travel to
//! a place stops on a pile it walks onto; a creature that is not hostile on the only way is let
//! pass, `WAIT_LIMIT` turns at most.
use std::collections::BTreeSet;

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, Notice, PlayerCommand};

use super::input::bindings::{Action, Bindings, Mods};

use crate::content::Content;
use crate::game::words;
use crate::game::{
    Command, CreatureId, Game, Pickup, TravelGoal, TravelStop, bystanders, hostiles_in_view,
    rested, stops_at_pile, travel_step, watchers,
};
use crate::map::Pos;

/// The travel under way, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Travel(pub Option<TravelGoal>);

/// The hostile monsters in view when travel began, and those seen since that have not noticed
/// the hero: they do not stop it (the player pressed on seeing them, or they sleep). One that
/// hunts the hero and leaves view and comes back does.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct KnownInView(pub BTreeSet<CreatureId>);

/// The monsters in view hunting the hero when travel began (or since): one more that notices
/// the hero stops it.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct KnownWatching(pub BTreeSet<CreatureId>);

/// Whether auto-explore picks up items (the settings' `explore_picks_up`).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExplorePicksUp(pub bool);

impl Default for ExplorePicksUp {
    fn default() -> Self {
        Self(true)
    }
}

/// The piles the player left on the floor the hero is on (dropped there, or marked with the
/// leave key): auto-explore passes them by. The app's, not the run's: what the player wants
/// of a helper is no rule, and the run's state and its hash stay as they were.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct LeftPiles {
    /// The run's seed and the floor these tiles are of, and the last turn seen (a turn that
    /// goes back is another run).
    floor: Option<(u64, u32)>,
    last_turn: u64,
    pub tiles: BTreeSet<Pos>,
}

impl LeftPiles {
    /// Forgets the tiles of another floor or run.
    fn follow(&mut self, game: &Game) {
        let here = (game.origin.seed, game.floor.depth);
        if self.floor != Some(here) || game.run.turn < self.last_turn {
            self.tiles.clear();
            self.floor = Some(here);
        }
        self.last_turn = game.run.turn;
    }
}

/// The most turns one travel spends beside creatures that are not hostile (waiting for one to
/// pass, stepping aside) before it gives up and says who is in the way.
pub const WAIT_LIMIT: u32 = 10;

/// A one-turn command the keys repeat: searching, resting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    Search,
    Rest,
}

/// The repeat under way and its turns still to come.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Repeating(pub Option<(Repeat, u32)>);

/// How many turns one press of the search key searches.
pub const SEARCH_TURNS: u32 = 5;
/// The most turns one press of the rest key rests.
pub const REST_TURNS: u32 = 100;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Travel>()
        .init_resource::<Repeating>()
        .init_resource::<KnownInView>()
        .init_resource::<KnownWatching>()
        .init_resource::<ExplorePicksUp>()
        .init_resource::<LeftPiles>()
        .add_systems(
            Update,
            // After the turn, where no input writes commands any more.
            note_drops
                .in_set(crate::app::shared::AppSystems::Follow)
                .run_if(resource_exists::<GameRes>.and_then(on_message::<PlayerCommand>)),
        )
        .add_message::<Notice>();
}

/// The log line for a stop.
pub fn stop_line(stop: TravelStop, game: &Game, content: &Content) -> String {
    match stop {
        TravelStop::MonsterComesIntoView(id) => {
            format!(
                "{} comes into view.",
                words::sentence(&game.called_a(id, content))
            )
        }
        other => other.to_string(),
    }
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
    hovered: Res<super::input::pointer::Hovered>,
    tapped: Res<super::input::pointer::Tapped>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut travel: ResMut<Travel>,
    mut sent: ResMut<Messages<PlayerCommand>>,
    mut seen: Local<MessageCursor<PlayerCommand>>,
    mut notices: MessageWriter<Notice>,
    bindings: Res<Bindings>,
    mut known: ResMut<KnownInView>,
    mut watched: ResMut<KnownWatching>,
    mut repeating: ResMut<Repeating>,
    (picks_up, mut left, mut waits): (Res<ExplorePicksUp>, ResMut<LeftPiles>, Local<u32>),
) {
    let g = game.game();
    left.follow(g);
    // A command already chosen this frame (a key, a tap on an enemy) comes first.
    let chosen = seen.read(&sent).count() > 0;
    let pressed: Vec<KeyCode> = keys.get_just_pressed().copied().collect();
    let clicked = mouse.is_some_and(|m| m.just_pressed(MouseButton::Left));
    let in_view = hostiles_in_view(g, &content.0);
    let watching = watchers(g, &content.0);
    let mods = Mods::held(&keys);
    let repeat_key = pressed
        .iter()
        .find_map(|&k| match bindings.pressed(k, mods) {
            Some(Action::Search) => Some(Repeat::Search),
            Some(Action::Rest) => Some(Repeat::Rest),
            _ => None,
        });
    if pressed
        .iter()
        .any(|&k| bindings.pressed(k, mods) == Some(Action::LeavePile))
    {
        notices.write(Notice(leave_pile(g, &content.0, &mut left)));
    }
    let mut begin = || {
        known.0 = in_view.clone();
        watched.0 = watching.clone();
        *waits = 0;
    };
    if let Some(goal) = pressed.iter().find_map(|&k| travel_key(k, mods, &bindings)) {
        travel.0 = Some(goal);
        repeating.0 = None;
        begin();
    } else if let Some(repeat) = repeat_key {
        travel.0 = None;
        repeating.0 = match repeat {
            Repeat::Search => Some((repeat, SEARCH_TURNS)),
            Repeat::Rest => match rest_refusal(g, &content.0, &watching) {
                Some(why) => {
                    notices.write(Notice(why));
                    None
                }
                None => Some((repeat, REST_TURNS)),
            },
        };
        begin();
    } else if let Some(p) = tapped.0.or(hovered.0.filter(|_| clicked))
        && !chosen
    {
        // A tap next to a monster walks into it: the bump that attacks.
        travel.0 = Some(TravelGoal::Tile(p));
        begin();
    } else if !pressed.is_empty() || chosen {
        // Any other key (or a command already chosen this frame) interrupts.
        travel.0 = None;
        repeating.0 = None;
    }
    // Sleepers and the unaware stay known out of view: they stop travel once, not each time
    // a door or a corner hides them.
    known
        .0
        .retain(|id| in_view.contains(id) || !g.hunts_hero(*id));
    watched.0.retain(|id| watching.contains(id));
    let noticed = watching.difference(&watched.0).next().is_some();
    if let Some((repeat, left)) = repeating.0 {
        let stop = if g.is_over() {
            Some(None)
        } else if g.in_combat() {
            Some(Some(TravelStop::InCombat))
        } else if let Some(&id) = in_view.difference(&known.0).next() {
            Some(Some(TravelStop::MonsterComesIntoView(id)))
        } else if noticed || g.heard_last_turn() {
            // The log has said who noticed the hero, or what it heard.
            Some(None)
        } else if repeat == Repeat::Rest && rested(g, &content.0) {
            Some(Some(TravelStop::Arrived))
        } else {
            None
        };
        if let Some(stop) = stop {
            repeating.0 = None;
            match stop {
                Some(TravelStop::Arrived) => notices.write(Notice("You feel rested.".into())),
                Some(stop) => notices.write(Notice(stop_line(stop, g, &content.0))),
                None => return,
            };
            return;
        }
        let (command, done) = match repeat {
            Repeat::Search => (Command::Search, "You finish searching."),
            Repeat::Rest => (Command::Wait, "You rest as long as you can."),
        };
        sent.write(PlayerCommand(command));
        seen.read(&sent).for_each(drop);
        repeating.0 = (left > 1).then_some((repeat, left - 1));
        if left == 1 {
            notices.write(Notice(done.into()));
        }
        return;
    }
    let Some(goal) = travel.0 else { return };
    if g.is_over() {
        travel.0 = None;
        return;
    }
    // One that noticed the hero stops it; the log has said who (one new in view is said
    // below, as travel says it).
    if noticed && in_view.is_subset(&known.0) {
        travel.0 = None;
        return;
    }
    let pickup = Pickup {
        off: !picks_up.0,
        left: left.tiles.clone(),
    };
    // Turns spent beside a bystander since travel began: passing one takes a few; a way it
    // keeps closed (waiting, stepping aside and back) is given up.
    let hero = g.hero_pos();
    if bystanders(g, &content.0)
        .iter()
        .any(|p| p.manhattan(hero) == 1)
    {
        *waits += 1;
    }
    match travel_step(game.game(), &content.0, goal, &known.0, &pickup) {
        Ok(_) if *waits > WAIT_LIMIT => {
            travel.0 = None;
            notices.write(Notice(in_the_way(g, &content.0)));
        }
        Ok(cmd) => {
            if let Command::Move(d) = cmd {
                let next = game.hero_pos().offset(d);
                // A tap on a closed door opens it: the step into it is the last. Travel to a
                // place stops on a pile it walks onto (its line says what lies there).
                let door = goal == TravelGoal::Tile(next) && game.opens_to(next).is_some();
                let pile = goal != TravelGoal::Explore && stops_at_pile(g, next, &pickup);
                if door || pile {
                    travel.0 = None;
                }
            }
            sent.write(PlayerCommand(cmd));
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

/// A pile the player drops is a pile left: auto-explore passes it by. Apart from `step`, which
/// runs over the map alone: the inventory drops things with its own overlay open.
fn note_drops(
    mut sent: MessageReader<PlayerCommand>,
    game: Res<GameRes>,
    mut left: ResMut<LeftPiles>,
) {
    let g = game.game();
    left.follow(g);
    let drops = (sent.read()).filter(|PlayerCommand(c)| matches!(c, Command::Drop(_)));
    if drops.count() > 0 {
        left.tiles.insert(g.hero_pos());
    }
}

/// The leave key: marks the pile underfoot as left (auto-explore passes it by) or takes the
/// mark back; the line says which.
fn leave_pile(game: &Game, content: &Content, left: &mut LeftPiles) -> String {
    let here = game.hero_pos();
    let Some(pile) = game.floor.ground.get(&here) else {
        return "Nothing lies here to leave.".into();
    };
    let names: Vec<String> = (pile.iter())
        .map(|it| game.item_common(it, content))
        .collect();
    let names = names.join(", ");
    if left.tiles.remove(&here) {
        format!("Auto-explore will pick up the {names} again.")
    } else {
        left.tiles.insert(here);
        format!("You leave the {names} here: auto-explore passes it by.")
    }
}

/// Why travel stopped waiting: who stands in the way.
fn in_the_way(game: &Game, content: &Content) -> String {
    let hero = game.hero_pos();
    let who = (bystanders(game, content).into_iter())
        .find(|p| p.manhattan(hero) == 1)
        .and_then(|p| game.creature_at(p))
        .map(|c| words::sentence(&game.called(c.id, content)));
    match who {
        Some(name) => format!("{name} is in the way."),
        None => "Something is in the way.".into(),
    }
}

/// Why the rest key cannot rest now, if it cannot: already rested, or watched.
fn rest_refusal(game: &Game, content: &Content, watching: &BTreeSet<CreatureId>) -> Option<String> {
    if game.in_combat() {
        return Some("You cannot rest in a fight.".into());
    }
    if let Some(&id) = watching.iter().next() {
        let name = game.called(id, content);
        return Some(format!("You cannot rest with {name} hunting you."));
    }
    rested(game, content).then(|| "You are already rested.".into())
}
