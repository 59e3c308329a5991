//! The UI kit: buttons that answer a mouse click and a touch tap as their key does, with
//! hover and pressed looks, and the overlay's frame (an opaque panel over a dimmed backdrop,
//! with a Close button), so no overlay's text is drawn over the log or the map.
use bevy::prelude::*;

use crate::app::shared::{AppSystems, Overlay};
use crate::app::turn::{PressedByButton, TouchesOnUi};

pub use super::list::{detail_pane, list, list_node};

/// A button that presses its key for one frame when clicked or tapped: whatever answers the
/// key answers the button, so a screen needs no second path for the pointer.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyButton(pub KeyCode);

const IDLE: Color = Color::srgb(0.13, 0.12, 0.18);
const HOVERED: Color = Color::srgb(0.22, 0.2, 0.3);
const PRESSED: Color = Color::srgb(0.35, 0.3, 0.16);
const EDGE: Color = Color::srgb(0.6, 0.52, 0.3);
const WORDS: Color = Color::srgb(0.95, 0.9, 0.75);

/// An overlay's hint line under its title (the keys it takes): quieter than its words.
pub const HINT: Color = Color::srgb(0.6, 0.6, 0.6);

/// The backdrop's dimming: the game shows through, too dark to read against.
const BACKDROP: Color = Color::srgba(0.0, 0.0, 0.0, 0.72);
/// The panel itself is opaque.
const PANEL: Color = Color::srgb(0.06, 0.06, 0.09);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (press_keys, looks).chain().before(AppSystems::Input),
    );
}

/// A button with words on it that presses `key`.
pub fn key_button(words: impl Into<String>, key: KeyCode) -> impl Bundle {
    (
        KeyButton(key),
        Button,
        Node {
            min_height: px(44),
            min_width: px(44),
            padding: UiRect::axes(px(14), px(6)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(px(2)),
            ..default()
        },
        BorderColor::all(EDGE),
        BackgroundColor(IDLE),
        children![(
            Text::new(words),
            TextFont::from_font_size(17.0),
            TextColor(WORDS),
        )],
    )
}

/// A wrapping row of key buttons, one per `(words, key)`.
pub fn key_row(buttons: Vec<(String, KeyCode)>) -> impl Bundle {
    (
        Node {
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            column_gap: px(8),
            row_gap: px(8),
            ..default()
        },
        Children::spawn(SpawnIter(
            buttons
                .into_iter()
                .map(|(words, key)| key_button(words, key)),
        )),
    )
}

/// An overlay's title, at the top of its panel.
pub fn title(words: impl Into<String>) -> impl Bundle {
    (Text::new(words), TextFont::from_font_size(32.0))
}

/// An overlay's hint line: the keys it takes, in `HINT`.
pub fn hint(words: impl Into<String>) -> impl Bundle {
    (
        // Never wider than what holds it: a long line of keys wraps instead of running off
        // both sides of a narrow window.
        Node {
            max_width: percent(100),
            ..default()
        },
        TextLayout::justify(Justify::Center),
        Text::new(words),
        TextFont::from_font_size(15.0),
        TextColor(HINT),
    )
}

/// The overlay a key opens over the map and the same key closes: from `now`, the overlay
/// `this` key leads to, if any. It opens only over the map (no other overlay) and when
/// `may_open`; it closes when `may_close` (a typed filter may be taking the key's letter).
pub fn toggled(
    now: &Overlay,
    this: Overlay,
    pressed: bool,
    may_open: bool,
    may_close: bool,
) -> Option<Overlay> {
    match now {
        _ if !pressed => None,
        Overlay::None => may_open.then_some(this),
        now if *now == this => may_close.then_some(Overlay::None),
        _ => None,
    }
}

/// An overlay: the dimmed backdrop holding the opaque panel, with `content` (a `children![…]`)
/// in a column and the Close button at its foot. The caller adds the root's name, `Menu` and
/// `DespawnOnExit`.
pub fn overlay<C: Bundle>(content: C) -> impl Bundle {
    (
        overlay_backdrop(),
        children![(
            overlay_panel(),
            children![
                (
                    // It may shrink below its content (a long list scrolls inside it), so
                    // Close stays on the panel.
                    Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        row_gap: px(12),
                        min_height: px(0),
                        flex_shrink: 1.0,
                        overflow: Overflow::clip(),
                        ..default()
                    },
                    content,
                ),
                close_button(),
            ],
        )],
    )
}

/// The root of an overlay: the whole window, dimmed, above the game; its child is the
/// `overlay_panel` (and below it, lines added later, such as the pause menu's export result).
pub fn overlay_backdrop() -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: px(10),
            ..default()
        },
        GlobalZIndex(10),
        BackgroundColor(BACKDROP),
    )
}

/// The overlay's opaque panel: a column of its content, at most the window's size.
pub fn overlay_panel() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(12),
            padding: UiRect::all(px(20)),
            max_width: percent(96),
            max_height: percent(96),
            overflow: Overflow::clip(),
            border: UiRect::all(px(2)),
            ..default()
        },
        BorderColor::all(EDGE),
        BackgroundColor(PANEL),
    )
}

/// The overlay's Close: Escape, as the keyboard closes it.
pub fn close_button() -> impl Bundle {
    key_button("Close", KeyCode::Escape)
}

/// A pressed button presses its key; a finger's touch that began on it is not a tap on the map.
fn press_keys(
    buttons: Query<(&Interaction, &KeyButton), Changed<Interaction>>,
    touches: Option<Res<Touches>>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut pressed: ResMut<PressedByButton>,
    mut on_ui: ResMut<TouchesOnUi>,
) {
    for (interaction, button) in &buttons {
        if *interaction != Interaction::Pressed {
            continue;
        }

        on_ui.claim(touches.as_deref());
        keys.press(button.0);
        pressed.0.push(button.0);
    }
}

/// The kit's buttons whose pointer state changed this frame.
type ChangedButtons<'w, 's> = Query<
    'w,
    's,
    (&'static Interaction, &'static mut BackgroundColor),
    (Changed<Interaction>, With<KeyButton>),
>;

/// Hovered and pressed buttons look it.
fn looks(mut buttons: ChangedButtons) {
    for (interaction, mut bg) in &mut buttons {
        bg.0 = match interaction {
            Interaction::Pressed => PRESSED,
            Interaction::Hovered => HOVERED,
            Interaction::None => IDLE,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_opens_its_overlay_over_the_map_and_closes_it_again() {
        let find = Overlay::Find;
        assert_eq!(toggled(&Overlay::None, find, true, true, true), Some(find));
        assert_eq!(toggled(&find, find, true, true, true), Some(Overlay::None));
        assert_eq!(
            toggled(&Overlay::None, find, false, true, true),
            None,
            "not pressed"
        );
        assert_eq!(
            toggled(&Overlay::None, find, true, false, true),
            None,
            "may not open"
        );
        assert_eq!(
            toggled(&find, find, true, true, false),
            None,
            "may not close"
        );
        assert_eq!(
            toggled(&Overlay::Inventory, find, true, true, true),
            None,
            "never over another overlay"
        );
    }
}
