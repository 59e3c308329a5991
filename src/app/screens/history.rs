//! The message history overlay (M): the whole kept log as a list, coloured as in the log,
//! newest at the bottom and the cursor on it; arrows, Page Up/Down and the wheel move through
//! it, `/` starts a filter (Backspace on an empty one ends it); M or Esc closes it.
use bevy::prelude::*;

use crate::app::shared::{Overlay, OverlayInput, Screen, UiSystems};
use crate::app::turn::{Action, Bindings};
use crate::app::ui::kit;
use crate::app::ui::list::{ListEntry, ListMenu, ScreenInput};
use crate::app::ui::log::MessageLog;

/// The history's list.
#[derive(Component)]
struct HistoryList;

/// The line above the list: the filter typed, or how to start one.
#[derive(Component)]
struct HistoryFilter;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::History), spawn_history);
    app.add_systems(
        Update,
        (
            toggle
                .after(OverlayInput)
                .in_set(ScreenInput)
                .ambiguous_with(ScreenInput)
                .run_if(in_state(Screen::InGame)),
            draw.in_set(UiSystems::Overlay)
                .ambiguous_with(UiSystems::Overlay)
                .run_if(in_state(Overlay::History)),
        ),
    );
}

fn toggle(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    overlay: Res<State<Overlay>>,
    list: Query<&ListMenu, With<HistoryList>>,
    mut commands: Commands,
) {
    let pressed = bindings.just_pressed(&keys, Action::History);
    // While a filter is typed, M is a letter of it.
    let typing = list.iter().any(|l| l.filter.is_some());
    if let Some(next) = kit::toggled(overlay.get(), Overlay::History, pressed, true, !typing) {
        commands.set_state(next);
    }
}

fn spawn_history(mut commands: Commands) {
    commands.spawn((
        Name::new("Message history"),
        DespawnOnExit(Overlay::History),
        kit::overlay(children![
            kit::title("Message history"),
            (HistoryFilter, kit::hint("")),
            (
                HistoryList,
                ListMenu::new("Message history", Vec::new()).with_filter_after(KeyCode::Slash),
                Node {
                    width: px(900),
                    ..kit::list_node()
                },
            ),
        ]),
    ));
}

/// The log's lines as the list's entries, oldest first.
pub fn history_entries(log: &MessageLog) -> Vec<ListEntry> {
    log.0
        .iter()
        .map(|e| ListEntry::new(e.shown()).colour(e.kind.colour()))
        .collect()
}

fn draw(
    log: Res<MessageLog>,
    mut list: Single<&mut ListMenu, With<HistoryList>>,
    mut line: Single<&mut Text, With<HistoryFilter>>,
) {
    if log.is_changed() || list.entries.is_empty() {
        let entries = history_entries(&log);
        let at_newest = list.entries.is_empty() || list.cursor + 1 >= list.entries.len();
        if list.entries != entries {
            list.set_entries(entries);
            // Opened, or following the newest: the cursor stays on it.
            if at_newest {
                list.cursor = list.entries.len().saturating_sub(1);
            }
        }
    }
    let now = match list.filter.as_deref() {
        Some(f) => format!("Lines with \"{f}\"     Backspace widens; on nothing, ends the filter"),
        None => "Up/Down, Page Up/Down or the wheel move   / finds words   M or Esc closes".into(),
    };
    if line.0 != now {
        line.0 = now;
    }
}
