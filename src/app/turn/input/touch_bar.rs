//! The touch bar: once a finger has touched the screen, a column of buttons at the map's right
//! edge offers wait and autofight, and descend, find, auto-explore and the inventory outside a
//! fight, the hero's abilities and flee in one. A button presses its action's first bound key for one frame, so a tap
//! does exactly what that key does (keys.toml rebinds both). While looking (a long press) it is
//! the context bar: the actions that fit the tile under the cursor (`context_actions`).
use bevy::input::touch::Touches;
use bevy::prelude::*;

use crate::app::shared::{AppSystems, ContentRes, GameRes, Overlay, Screen};

use super::bindings::{Action, Bindings, Chord};
use super::keys::DIGIT_KEYS;
use super::pointer::TouchesOnUi;
use crate::app::turn::look::{ContextAction, ContextChosen, LookCursor, context_actions};

/// Whether this device has shown a touch (the bar stays hidden for mouse and keyboard).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TouchSeen(pub bool);

/// What a button stands for.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum TouchButton {
    Action(Action),
    /// The hero's n-th ability (0-based), as the digit key n+1.
    Ability(usize),
    /// The pause menu, as Escape opens it (a phone has no Escape key).
    Menu,
    /// While looking (a long press): an action on the tile under the cursor.
    Context(ContextAction),
}

/// Keys an on-screen button pressed this frame (the touch bar's, the UI kit's), released at the
/// frame's end by this plugin.
#[derive(Resource, Debug, Default)]
pub struct PressedByButton(pub Vec<KeyCode>);

#[derive(Component)]
struct TouchBar;

/// The abilities a fight may offer on the bar (the digit keys 1–9).
const MAX_ABILITIES: usize = 9;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TouchSeen>()
        .init_resource::<PressedByButton>();
    app.add_systems(OnEnter(Screen::InGame), spawn_bar);
    app.add_systems(
        Update,
        // A finger on the menus counts too: the bar is there when the run opens.
        (notice_touch, press_buttons.run_if(in_state(Screen::InGame)))
            .chain()
            .before(AppSystems::Input),
    );
    app.add_systems(
        Update,
        show_bar
            .in_set(AppSystems::Present)
            .before(crate::app::shared::UiSystems::Hud)
            .run_if(in_state(Screen::InGame)),
    );
    app.add_systems(Last, release_keys);
}

/// The key a button presses under the current bindings (none when the player unbound it).
pub fn key_of(button: TouchButton, bindings: &Bindings) -> Option<Chord> {
    match button {
        TouchButton::Action(a) => bindings.key_for(a),
        TouchButton::Ability(i) => DIGIT_KEYS.get(i + 1).copied().map(Chord::plain),
        TouchButton::Menu => Some(Chord::plain(KeyCode::Escape)),
        TouchButton::Context(_) => None,
    }
}

/// The keys a chord holds down: its modifiers, then its key.
fn chord_keys(chord: Chord) -> Vec<KeyCode> {
    let m = chord.mods;
    [
        (m.ctrl, KeyCode::ControlLeft),
        (m.alt, KeyCode::AltLeft),
        (m.shift, KeyCode::ShiftLeft),
    ]
    .into_iter()
    .filter_map(|(held, key)| held.then_some(key))
    .chain([chord.key])
    .collect()
}

/// Whether a button belongs on the bar now: while looking, only the actions that fit the
/// cursor's tile (`looking`); else abilities and flee in a fight, travel, descent and the
/// inventory outside one, wait in both.
pub fn shown(
    button: TouchButton,
    in_combat: bool,
    abilities: usize,
    looking: Option<&[ContextAction]>,
) -> bool {
    if let Some(fits) = looking {
        return matches!(button, TouchButton::Context(a) if fits.contains(&a));
    }
    match button {
        TouchButton::Context(_) => false,
        TouchButton::Action(Action::Wait | Action::Autofight) => true,
        TouchButton::Action(Action::Flee) => in_combat,
        TouchButton::Action(_) => !in_combat,
        TouchButton::Ability(i) => in_combat && i < abilities,
        TouchButton::Menu => true,
    }
}

fn label(button: TouchButton) -> String {
    match button {
        TouchButton::Action(Action::Wait) => "Wait".into(),
        TouchButton::Action(Action::Descend) => "Descend".into(),
        TouchButton::Action(Action::Explore) => "Explore".into(),
        TouchButton::Action(Action::Inventory) => "Bag".into(),
        TouchButton::Action(Action::Search) => "Search".into(),
        TouchButton::Action(Action::Rest) => "Rest".into(),
        TouchButton::Action(Action::Flee) => "Flee".into(),
        TouchButton::Action(Action::Autofight) => "Fight".into(),
        TouchButton::Action(Action::Find) => "Find".into(),
        TouchButton::Action(a) => super::bindings::name_of(a).into(),
        TouchButton::Ability(i) => format!("{}", i + 1),
        TouchButton::Menu => "Menu".into(),
        TouchButton::Context(a) => match a {
            ContextAction::Travel => "Go here",
            ContextAction::Attack => "Attack",
            ContextAction::Aim => "Aim",
            ContextAction::Throw => "Throw",
            ContextAction::PickUp => "Pick up",
            ContextAction::Descend => "Descend",
            ContextAction::Ascend => "Climb",
            ContextAction::Close => "Close",
        }
        .into(),
    }
}

/// The context bar's buttons, in its order.
const CONTEXT: [ContextAction; 8] = [
    ContextAction::Attack,
    ContextAction::Aim,
    ContextAction::Throw,
    ContextAction::Travel,
    ContextAction::PickUp,
    ContextAction::Descend,
    ContextAction::Ascend,
    ContextAction::Close,
];

fn spawn_bar(mut commands: Commands, seen: Res<TouchSeen>) {
    let buttons = [
        TouchButton::Menu,
        TouchButton::Action(Action::Wait),
        TouchButton::Action(Action::Autofight),
        TouchButton::Action(Action::Descend),
        TouchButton::Action(Action::Find),
        TouchButton::Action(Action::Explore),
        TouchButton::Action(Action::Search),
        TouchButton::Action(Action::Rest),
        TouchButton::Action(Action::Inventory),
        TouchButton::Action(Action::Flee),
    ]
    .into_iter()
    .chain((0..MAX_ABILITIES).map(TouchButton::Ability))
    .chain(CONTEXT.map(TouchButton::Context));
    commands
        .spawn((
            Name::new("Touch bar"),
            TouchBar,
            crate::app::shared::Region::TouchBar,
            DespawnOnExit(Screen::InGame),
            Node {
                position_type: PositionType::Absolute,
                right: px(8),
                top: px(8),
                flex_direction: FlexDirection::Column,
                row_gap: px(6),
                display: if seen.0 { Display::Flex } else { Display::None },
                ..default()
            },
            // Above the map and the panels.
            GlobalZIndex(5),
        ))
        .with_children(|bar| {
            for b in buttons {
                bar.spawn((
                    b,
                    Button,
                    Node {
                        min_width: px(96),
                        min_height: px(52),
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::Center,
                        border: UiRect::all(px(2)),
                        ..default()
                    },
                    BorderColor::all(Color::srgba(0.95, 0.8, 0.3, 0.8)),
                    BackgroundColor(Color::srgba(0.08, 0.07, 0.04, 0.85)),
                    children![(
                        Text::new(label(b)),
                        TextFont::from_font_size(18.0),
                        TextColor(Color::srgb(0.95, 0.85, 0.5)),
                    )],
                ));
            }
        });
}

fn notice_touch(touches: Option<Res<Touches>>, mut seen: ResMut<TouchSeen>) {
    if touches.is_some_and(|t| t.any_just_pressed()) && !seen.0 {
        seen.0 = true;
    }
}

/// A pressed button presses its key; the finger's touch is then not a tap on the map.
fn press_buttons(
    buttons: Query<(&Interaction, &TouchButton), Changed<Interaction>>,
    bindings: Res<Bindings>,
    touches: Option<Res<Touches>>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut pressed: ResMut<PressedByButton>,
    mut on_ui: ResMut<TouchesOnUi>,
    mut context: MessageWriter<ContextChosen>,
) {
    for (interaction, &button) in &buttons {
        if *interaction != Interaction::Pressed {
            continue;
        }
        on_ui.claim(touches.as_deref());
        if let TouchButton::Context(action) = button {
            context.write(ContextChosen(action));
        }
        if let Some(chord) = key_of(button, &bindings) {
            for key in chord_keys(chord) {
                keys.press(key);
                pressed.0.push(key);
            }
        }
    }
}

fn release_keys(mut pressed: ResMut<PressedByButton>, mut keys: ResMut<ButtonInput<KeyCode>>) {
    for key in pressed.0.drain(..) {
        keys.release(key);
    }
}

/// Shows the bar once touched, with the buttons that fit the moment (while looking, the
/// context bar of the cursor's tile).
fn show_bar(
    seen: Res<TouchSeen>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    overlay: Res<State<Overlay>>,
    cursor: Option<Res<LookCursor>>,
    mut bar: Query<&mut Node, (With<TouchBar>, Without<TouchButton>)>,
    mut buttons: Query<(&TouchButton, &mut Node, &Children)>,
    mut texts: Query<&mut Text>,
) {
    if !seen.0 {
        return;
    }
    let cursor_moved = cursor.as_ref().is_some_and(|c| c.is_changed());
    if !seen.is_changed() && !game.is_changed() && !overlay.is_changed() && !cursor_moved {
        return;
    }
    let looking = (cursor.as_deref())
        .filter(|_| *overlay.get() == Overlay::Look)
        .map(|c| context_actions(game.game(), &content.0, c));
    for mut node in &mut bar {
        node.display = Display::Flex;
    }
    let in_combat = game.in_combat();
    let abilities = game.known_abilities(game.party.hero, &content.0);
    for (&button, mut node, children) in &mut buttons {
        let display = if shown(button, in_combat, abilities.len(), looking.as_deref()) {
            Display::Flex
        } else {
            Display::None
        };
        node.set_if_neq(Node {
            display,
            ..node.clone()
        });
        if let TouchButton::Ability(i) = button
            && let Some(name) = abilities
                .get(i)
                .and_then(|id| content.0.ability(id))
                .map(|a| format!("{} {}", i + 1, a.name))
            && let Some(&child) = children.first()
            && let Ok(mut text) = texts.get_mut(child)
            && text.0 != name
        {
            text.0 = name;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_offers_travel_outside_a_fight_and_abilities_in_one() {
        let all = [
            TouchButton::Action(Action::Wait),
            TouchButton::Action(Action::Descend),
            TouchButton::Action(Action::Explore),
            TouchButton::Action(Action::Inventory),
            TouchButton::Action(Action::Flee),
            TouchButton::Ability(0),
            TouchButton::Ability(3),
        ];
        let outside: Vec<_> = all.iter().filter(|b| shown(**b, false, 3, None)).collect();
        assert_eq!(outside.len(), 4);
        assert!(!outside.contains(&&TouchButton::Action(Action::Flee)));
        assert!(
            shown(TouchButton::Menu, true, 3, None) && shown(TouchButton::Menu, false, 3, None)
        );
        // While looking only the tile's own actions show, the bar's usual ones hide.
        let fits = [ContextAction::Attack, ContextAction::Close];
        let travel = TouchButton::Context(ContextAction::Travel);
        assert!(shown(
            TouchButton::Context(ContextAction::Attack),
            false,
            3,
            Some(&fits)
        ));
        assert!(!shown(travel, false, 3, Some(&fits)));
        assert!(!shown(
            TouchButton::Action(Action::Wait),
            false,
            3,
            Some(&fits)
        ));
        assert!(
            !shown(travel, false, 3, None),
            "context buttons only while looking"
        );
        assert_eq!(
            key_of(TouchButton::Menu, &Bindings::default()),
            Some(Chord::plain(KeyCode::Escape)),
            "the Menu button pauses as Escape does"
        );
        let fight: Vec<_> = all.iter().filter(|b| shown(**b, true, 3, None)).collect();
        assert_eq!(
            fight,
            [
                &TouchButton::Action(Action::Wait),
                &TouchButton::Action(Action::Flee),
                &TouchButton::Ability(0)
            ]
        );
    }

    #[test]
    fn a_button_presses_its_actions_first_bound_key() {
        let b = Bindings::default();
        for a in [
            Action::Wait,
            Action::Descend,
            Action::Explore,
            Action::Inventory,
            Action::Flee,
        ] {
            let chord = key_of(TouchButton::Action(a), &b).expect("bound by default");
            assert_eq!(b.pressed(chord.key, chord.mods), Some(a));
        }
        assert_eq!(
            key_of(TouchButton::Ability(0), &b),
            Some(Chord::plain(KeyCode::Digit1))
        );
        assert_eq!(
            key_of(TouchButton::Ability(8), &b),
            Some(Chord::plain(KeyCode::Digit9))
        );
        let rebound = Bindings::parse("explore = [\"KeyQ\"]").unwrap();
        assert_eq!(
            key_of(TouchButton::Action(Action::Explore), &rebound),
            Some(Chord::plain(KeyCode::KeyQ))
        );
        // Search is Shift+S: the button holds Shift with the S.
        let search = key_of(TouchButton::Action(Action::Search), &b).unwrap();
        assert_eq!(chord_keys(search), [KeyCode::ShiftLeft, KeyCode::KeyS]);
        assert_eq!(b.pressed(search.key, search.mods), Some(Action::Search));
        let unbound = Bindings::parse("flee = []").unwrap();
        assert_eq!(key_of(TouchButton::Action(Action::Flee), &unbound), None);
    }
}
