//! The look cursor (`;`): a cursor on the map that starts on the hero. The move keys move it;
//! Tab and Shift+Tab go to the next and the last thing in sight (`examine::look_targets`:
//! creatures nearest first, then items); Enter travels there; Escape or `;` leaves. It points
//! as the mouse does (`Hovered`), so the examine panel describes the tile under it; the
//! screen reader hears it (a11y) and the map draws it (render).
use bevy::prelude::*;

use crate::app::shared::{AppSystems, ContentRes, GameRes, Overlay, Screen, TurnPhase};

use super::bindings::{Action, Bindings, Mods};
use super::pointer::Hovered;
use super::travel::{KnownInView, KnownWatching, Travel};
use crate::game::examine::look_targets;
use crate::game::{TravelGoal, hostiles_in_view, watchers};
use crate::map::Pos;

/// Where the look cursor points, while looking.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LookCursor(pub Pos);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            open.in_set(super::TurnInput)
                .after(super::travel::step)
                .run_if(in_state(TurnPhase::AwaitingInput).and_then(in_state(Overlay::None))),
            // After the overlays' keys (Escape leaves every overlay) and the map's.
            look_keys
                .in_set(AppSystems::Input)
                .after(super::TurnInput)
                .run_if(in_state(Overlay::Look)),
        )
            .run_if(in_state(Screen::InGame)),
    );
    app.add_systems(OnExit(Overlay::Look), leave);
}

fn look_pressed(keys: &ButtonInput<KeyCode>, bindings: &Bindings) -> bool {
    let mods = Mods::held(keys);
    keys.get_just_pressed()
        .any(|k| bindings.pressed(*k, mods) == Some(Action::Look))
}

/// The look key on the map: the cursor starts on the hero.
fn open(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    game: Res<GameRes>,
    mut hovered: ResMut<Hovered>,
    mut commands: Commands,
) {
    if game.is_over() || !look_pressed(&keys, &bindings) {
        return;
    }
    let at = game.hero_pos();
    commands.insert_resource(LookCursor(at));
    hovered.set_if_neq(Hovered(Some(at)));
    commands.set_state(Overlay::Look);
}

/// The cursor's keys (Escape is every overlay's, in the pause menu's input).
#[allow(
    clippy::too_many_arguments,
    reason = "one system: each resource is one concern"
)]
fn look_keys(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut cursor: ResMut<LookCursor>,
    mut hovered: ResMut<Hovered>,
    mut travel: (ResMut<Travel>, ResMut<KnownInView>, ResMut<KnownWatching>),
    mut commands: Commands,
) {
    let g = game.game();
    let mods = Mods::held(&keys);
    if look_pressed(&keys, &bindings) {
        commands.set_state(Overlay::None);
        return;
    }
    if keys.just_pressed(KeyCode::Enter) {
        let at = cursor.0;
        if at != g.hero_pos() && g.is_explored(at) && !g.in_combat() {
            // As a click there does: travel, with what is in view now known.
            travel.0.0 = Some(TravelGoal::Tile(at));
            travel.1.0 = hostiles_in_view(g, &content.0);
            travel.2.0 = watchers(g, &content.0);
        }
        commands.set_state(Overlay::None);
        return;
    }
    let mut at = cursor.0;
    if keys.just_pressed(KeyCode::Tab) {
        at = next_target(&look_targets(g), at, mods.shift).unwrap_or(at);
    }
    for k in keys.get_just_pressed() {
        if let Some(Action::Move(d)) = bindings.pressed(*k, mods) {
            let to = at.offset(d);
            if g.map.in_bounds(to) {
                at = to;
            }
        }
    }
    cursor.set_if_neq(LookCursor(at));
    hovered.set_if_neq(Hovered(Some(at)));
}

/// The next (or, going back, the last) of `targets` after the cursor at `at`: from a tile
/// that is none of them, the first (or the last).
pub fn next_target(targets: &[Pos], at: Pos, back: bool) -> Option<Pos> {
    let n = targets.len();
    if n == 0 {
        return None;
    }
    let i = match targets.iter().position(|&p| p == at) {
        Some(i) if back => (i + n - 1) % n,
        Some(i) => (i + 1) % n,
        None if back => n - 1,
        None => 0,
    };
    Some(targets[i])
}

fn leave(mut hovered: ResMut<Hovered>, mut commands: Commands) {
    commands.remove_resource::<LookCursor>();
    hovered.set_if_neq(Hovered(None));
}
