//! The message history overlay (M): the whole kept log, coloured as in the log, newest at the
//! bottom; arrows, Page Up/Down and the wheel scroll it; M or Esc closes it.
use bevy::input::mouse::MouseWheel;
use bevy::prelude::*;

use crate::app::shared::{AppSystems, Menu, Overlay, OverlayInput, Screen};
use crate::app::turn::{Action, Bindings, Mods};
use crate::app::ui::log::MessageLog;

/// Lines shown at once.
pub const PAGE: usize = 24;

/// How many lines up from the newest the view is scrolled.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct HistoryScroll(pub usize);

#[derive(Component)]
struct HistoryText;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HistoryScroll>();
    app.add_systems(OnEnter(Overlay::History), spawn_history);
    app.add_systems(
        Update,
        (
            toggle
                .in_set(AppSystems::Input)
                .after(OverlayInput)
                .run_if(in_state(Screen::InGame)),
            (scroll, draw)
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(Overlay::History)),
        ),
    );
}

fn toggle(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    overlay: Res<State<Overlay>>,
    mut commands: Commands,
    mut scroll: ResMut<HistoryScroll>,
) {
    let pressed = keys
        .get_just_pressed()
        .any(|k| bindings.pressed(*k, Mods::held(&keys)) == Some(Action::History));
    match overlay.get() {
        Overlay::None if pressed => {
            scroll.0 = 0;
            commands.set_state(Overlay::History);
        }
        Overlay::History if pressed => commands.set_state(Overlay::None),
        _ => {}
    }
}

fn spawn_history(mut commands: Commands) {
    commands.spawn((
        Name::new("Message history"),
        Menu::new("Message history", Vec::new(), None),
        DespawnOnExit(Overlay::History),
        crate::app::ui::kit::overlay(children![
            (Text::new("Message history"), TextFont::from_font_size(32.0)),
            (
                HistoryText,
                Node {
                    width: px(900),
                    min_height: px(PAGE as f32 * 21.0),
                    flex_direction: FlexDirection::Column,
                    ..default()
                },
            ),
            (
                Text::new("Up/Down, Page Up/Down or the wheel scroll   M or Esc closes"),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(0.6, 0.6, 0.6)),
            ),
        ]),
    ));
}

/// The lines of the log shown when scrolled `up` lines from the newest: first index, end.
pub fn window(len: usize, up: usize) -> (usize, usize) {
    let end = len.saturating_sub(up.min(len.saturating_sub(PAGE)));
    (end.saturating_sub(PAGE), end)
}

fn scroll(
    keys: Res<ButtonInput<KeyCode>>,
    mut wheel: MessageReader<MouseWheel>,
    log: Res<MessageLog>,
    mut scroll: ResMut<HistoryScroll>,
) {
    let mut by: i64 = wheel.read().map(|w| (w.y.signum() * 3.0) as i64).sum();
    for (key, step) in [
        (KeyCode::ArrowUp, 1),
        (KeyCode::ArrowDown, -1),
        (KeyCode::PageUp, PAGE as i64),
        (KeyCode::PageDown, -(PAGE as i64)),
    ] {
        if keys.just_pressed(key) {
            by += step;
        }
    }
    if by != 0 {
        let most = log.0.len().saturating_sub(PAGE) as i64;
        scroll.0 = (scroll.0 as i64 + by).clamp(0, most) as usize;
    }
}

fn draw(
    mut commands: Commands,
    log: Res<MessageLog>,
    scroll: Res<HistoryScroll>,
    text: Single<Entity, With<HistoryText>>,
    mut drawn: Local<Option<(usize, usize)>>,
) {
    let (first, end) = window(log.0.len(), scroll.0);
    if *drawn == Some((first, end)) && !log.is_changed() && !scroll.is_changed() {
        return;
    }
    *drawn = Some((first, end));
    let root = *text;
    commands.entity(root).despawn_children();
    commands.entity(root).with_children(|p| {
        let line = |text: String, colour: Color| {
            (
                Text::new(text),
                TextFont::from_font_size(17.0),
                TextColor(colour),
            )
        };
        if first > 0 {
            p.spawn(line(
                format!("({first} earlier lines)"),
                Color::srgb(0.5, 0.5, 0.5),
            ));
        }
        for e in &log.0[first..end] {
            p.spawn(line(e.shown(), e.kind.colour()));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_ends_at_the_newest_and_scrolls_back_to_the_first() {
        assert_eq!(window(10, 0), (0, 10));
        assert_eq!(window(100, 0), (100 - PAGE, 100));
        assert_eq!(window(100, 5), (100 - PAGE - 5, 95));
        assert_eq!(window(100, 1000), (0, PAGE));
    }
}
