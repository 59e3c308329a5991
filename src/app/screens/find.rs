//! The find list (Ctrl+F): what this floor holds that the hero knows of, nearest first, each
//! with its steps and direction (the core's `findable`); typing filters it, Enter travels
//! there with the ordinary travel (stopping as travel stops; not in a fight, where the list
//! is only read), Esc or Ctrl+F closes it.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, Overlay, OverlayInput, Screen, UiSystems};
use crate::app::turn::{Action, Bindings, KnownInView, KnownWatching, Travel};
use crate::app::ui::kit;
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};
use crate::game::find::{Found, findable};
use crate::game::{TravelGoal, hostiles_in_view, watchers};

/// The list, and the places its entries stand for (in the entries' order).
#[derive(Component, Debug, Default)]
pub struct FindList(pub Vec<Found>);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Find), spawn);
    app.add_systems(
        Update,
        (
            toggle
                .after(OverlayInput)
                .in_set(ScreenInput)
                .ambiguous_with(ScreenInput)
                .run_if(in_state(Screen::InGame)),
            choose
                .in_set(UiSystems::Overlay)
                .ambiguous_with(UiSystems::Overlay)
                .run_if(in_state(Overlay::Find)),
        ),
    );
}

/// The list's entries: one line per place, "Stairs down: 9 steps, 2 south, 7 east". In a
/// fight they are shown (where the stairs are matters to one who would flee) but cannot be
/// travelled to.
pub fn find_entries(found: &[Found], fighting: bool) -> Vec<ListEntry> {
    if found.is_empty() {
        return vec![ListEntry::new("Nothing known on this floor yet.").unavailable("nothing")];
    }
    (found.iter())
        .map(|f| {
            let entry = ListEntry::new(f.line());
            if fighting {
                entry.unavailable("in a fight")
            } else {
                entry
            }
        })
        .collect()
}

fn toggle(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    overlay: Res<State<Overlay>>,
    game: Res<GameRes>,
    mut commands: Commands,
) {
    let pressed = bindings.just_pressed(&keys, Action::Find);
    let may_open = !game.game().is_over();
    if let Some(next) = kit::toggled(overlay.get(), Overlay::Find, pressed, may_open, true) {
        commands.set_state(next);
    }
}

fn spawn(mut commands: Commands, game: Res<GameRes>, content: Res<ContentRes>) {
    let found = findable(game.game(), &content.0);
    let entries = find_entries(&found, game.game().in_combat());
    commands.spawn((
        Name::new("Find"),
        DespawnOnExit(Overlay::Find),
        kit::overlay(children![
            kit::title("Find"),
            (
                FindList(found),
                ListMenu::new("Find", entries).with_filter(),
                Node {
                    width: px(760),
                    ..kit::list_node()
                },
            ),
            kit::hint("Type to filter   Up/Down move   Enter travels there   Esc closes"),
        ]),
    ));
}

/// Enter on an entry: travel there, as a click on its tile would, and close the list.
fn choose(
    mut choices: MessageReader<ListChoice>,
    list: Single<(Entity, &FindList)>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut travel: ResMut<Travel>,
    mut known: ResMut<KnownInView>,
    mut watched: ResMut<KnownWatching>,
    mut commands: Commands,
) {
    let (entity, found) = *list;
    let Some(i) = choices.read().filter_map(|c| c.chosen_in(entity)).last() else {
        return;
    };
    let Some(place) = found.0.get(i) else { return };
    if game.game().in_combat() {
        return;
    }
    travel.0 = Some(TravelGoal::Tile(place.at));
    // Those in view now do not stop it: the player chose with them in sight.
    known.0 = hostiles_in_view(game.game(), &content.0);
    watched.0 = watchers(game.game(), &content.0);
    commands.set_state(Overlay::None);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::find::FoundKind;
    use crate::map::Pos;

    fn place(kind: FoundKind, name: &str, steps: u32) -> Found {
        Found {
            kind,
            name: name.into(),
            at: Pos::new(steps as i32, 0),
            steps: Some(steps),
            offset: format!("{steps} east"),
        }
    }

    /// Typing filters the list as the player types it, in any case, keeping the order.
    #[test]
    fn the_find_list_filters_by_what_is_typed() {
        let places = [
            place(FoundKind::Treasure, "12 gold", 2),
            place(FoundKind::Item, "Dart", 3),
            place(FoundKind::Stairs, "Stairs down", 9),
            place(FoundKind::Door, "Closed door", 9),
        ];
        let mut list = ListMenu::new("Find", find_entries(&places, false)).with_filter();
        assert_eq!(list.entries[0].words, "12 gold: 2 steps, 2 east");
        let shown = |list: &mut ListMenu, typed: &str| -> Vec<usize> {
            list.filter = Some(typed.into());
            list.shown()
        };
        assert_eq!(shown(&mut list, ""), [0, 1, 2, 3]);
        assert_eq!(shown(&mut list, "GOLD"), [0]);
        assert_eq!(shown(&mut list, "stairs d"), [2]);
        assert_eq!(shown(&mut list, "9 steps"), [2, 3]);
        assert!(shown(&mut list, "dragon").is_empty());
        assert!(
            find_entries(&[], false)[0].unavailable.is_some(),
            "nothing known: said so"
        );
        let fighting = find_entries(&places, true);
        assert!(
            fighting[2].said().ends_with("(unavailable: in a fight)"),
            "{fighting:?}"
        );
    }
}
