//! The screens as an accessibility tree: every UI text a label holding its words, every other
//! UI node a container (a named one a group with its name), hidden ones hidden; each `Menu`'s
//! entries become buttons under its root (an entry's detail its description), and the one the
//! cursor is on holds the input focus, so a screen reader says it as the cursor moves.
use accesskit::{Action, Node as AccessNode, Role};
use bevy::a11y::{AccessibilityNode, AccessibilitySystems};
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;

use crate::app::shared::{AppSystems, Menu, MenuRows, SeenOnly};

/// The buttons made for a `Menu`'s entries, under its root.
#[derive(Component, Debug)]
pub struct MenuButtons;

/// One entry of a `Menu` as a button: its index.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuButton(pub usize);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InputFocus>();
    app.add_systems(
        Update,
        (label_texts, name_containers, hide_hidden, drop_stale_focus)
            .chain()
            .after(AppSystems::Present),
    );
    // After bevy_ui has made each picture an image node and labelled each new button with its
    // texts (a list row's words are drawn for the eye: its `Menu` entry says it), before the
    // tree goes out.
    app.add_systems(
        PostUpdate,
        (hide_unnamed_images, menus)
            .after(bevy::ui::UiSystems::PostLayout)
            .before(AccessibilitySystems::Update),
    );
}

fn label_of(text: &str) -> AccessNode {
    let mut n = AccessNode::new(Role::Label);
    n.set_value(text);
    if text.trim().is_empty() {
        n.set_hidden();
    }
    n
}

/// Texts changed this frame, with their node if they have one.
type ChangedTexts<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Text,
        Option<&'static mut AccessibilityNode>,
        Has<SeenOnly>,
    ),
    Changed<Text>,
>;

/// Texts are labels whose value is the text, kept current as the text changes (one drawn only
/// for the eye is hidden).
pub(super) fn label_texts(mut commands: Commands, mut texts: ChangedTexts) {
    for (e, text, node, seen_only) in &mut texts {
        match node {
            Some(mut n) if n.role() == Role::Label => {
                if n.value() != Some(text.0.as_str()) {
                    n.set_value(text.0.as_str());
                    if text.0.trim().is_empty() || seen_only {
                        n.set_hidden();
                    } else {
                        n.clear_hidden();
                    }
                }
            }
            Some(_) => {}
            None => {
                let mut n = label_of(&text.0);
                if seen_only {
                    n.set_hidden();
                }
                commands.entity(e).try_insert(AccessibilityNode(n));
            }
        }
    }
}

/// UI nodes not yet in the tree (texts are labels of their own).
type NewContainers<'w, 's> = Query<
    'w,
    's,
    (Entity, Option<&'static Name>),
    (Added<Node>, Without<Text>, Without<AccessibilityNode>),
>;

/// The other UI nodes hold the tree together in the screen's order; a named one (a screen's
/// root, the sidebar, the message log) is a group that says its name.
fn name_containers(mut commands: Commands, nodes: NewContainers) {
    for (e, name) in &nodes {
        let n = match name {
            Some(name) => {
                let mut n = AccessNode::new(Role::Group);
                n.set_label(name.as_str());
                n
            }
            None => AccessNode::new(Role::GenericContainer),
        };
        commands.entity(e).try_insert(AccessibilityNode(n));
    }
}

/// What is not shown is not read.
fn hide_hidden(mut nodes: Query<(&Visibility, &mut AccessibilityNode), Changed<Visibility>>) {
    for (v, mut n) in &mut nodes {
        if *v == Visibility::Hidden {
            n.set_hidden();
        } else if n.is_hidden() && n.role() != Role::Label {
            n.clear_hidden();
        }
    }
}

/// A changed `Menu` gets its buttons anew (a kit list's rows are its buttons); the focus moves
/// to the entry the cursor is on.
/// Menus changed this frame: root, menu, children, and whether its rows are its buttons.
type ChangedMenus<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Menu,
        Option<&'static Children>,
        Has<MenuRows>,
    ),
    Changed<Menu>,
>;

fn menus(
    mut commands: Commands,
    menus: ChangedMenus,
    old: Query<(), With<MenuButtons>>,
    rows: Query<&crate::app::ui::list::ListRow>,
    mut focus: ResMut<InputFocus>,
) {
    for (root, menu, children, has_rows) in &menus {
        let button = |i: usize, entry: &str| {
            let mut b = AccessNode::new(Role::Button);
            b.set_label(entry);
            b.add_action(Action::Focus);
            b.add_action(Action::Click);
            if menu.focused == Some(i) {
                b.set_selected(true);
            }
            if menu.unavailable.contains(&i) {
                b.set_disabled();
            }
            // What the detail pane shows for the eye: Orca says it after the entry.
            if let Some(detail) = menu.details.get(i).filter(|d| !d.trim().is_empty()) {
                b.set_description(detail.as_str());
            }
            b
        };
        if has_rows {
            let mut list = AccessNode::new(Role::Menu);
            list.set_label(menu.title.as_str());
            commands.entity(root).insert(AccessibilityNode(list));
            for child in children.into_iter().flatten() {
                let Ok(row) = rows.get(*child) else { continue };
                let Some(entry) = menu.entries.get(row.index) else {
                    continue;
                };
                commands.entity(*child).insert((
                    MenuButton(row.index),
                    AccessibilityNode(button(row.index, entry)),
                ));
                if menu.focused == Some(row.index) {
                    focus.set(*child, FocusCause::Navigated);
                }
            }
        } else {
            for child in children.into_iter().flatten() {
                if old.contains(*child) {
                    commands.entity(*child).despawn();
                }
            }
            let mut list = AccessNode::new(Role::Menu);
            list.set_label(menu.title.as_str());
            let list = commands
                .spawn((MenuButtons, AccessibilityNode(list), ChildOf(root)))
                .id();
            for (i, entry) in menu.entries.iter().enumerate() {
                let b = commands
                    .spawn((
                        MenuButton(i),
                        AccessibilityNode(button(i, entry)),
                        ChildOf(list),
                    ))
                    .id();
                if menu.focused == Some(i) {
                    focus.set(b, FocusCause::Navigated);
                }
            }
        }
        if menu.focused.is_none() {
            focus.clear();
        }
    }
}

/// A picture with no words (the creatures on the title, the icons beside the abilities) is
/// skipped: the text beside it says what it shows.
fn hide_unnamed_images(mut images: Query<&mut AccessibilityNode, With<ImageNode>>) {
    for mut n in &mut images {
        if n.role() == Role::Image && n.label().is_none() && !n.is_hidden() {
            n.set_hidden();
        }
    }
}

/// A focus on an entity without a node (the window, as Bevy focuses it at start; a closed
/// screen's entry) is dropped: Bevy's AccessKit update waits for the focused node otherwise, and
/// sends nothing.
pub(super) fn drop_stale_focus(
    mut focus: ResMut<InputFocus>,
    entities: Query<(), With<AccessibilityNode>>,
) {
    if let Some(e) = focus.get()
        && !entities.contains(e)
    {
        focus.clear();
    }
}
