//! The kit's list: the one menu every screen is built of. Its entries are real buttons (a key,
//! a click and a tap do the same), the cursor moves with Up/Down or Tab, an entry may be
//! unavailable with its reason, carry an icon, a detail shown in the list's detail pane, or a
//! value changed with Left/Right or a sideways drag; a list may take a typed filter. What an
//! entry does is the screen's: the kit says which entry was chosen with a `ListChoice`.
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseWheel;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::app::render::picture::{PictureNode, Pictures, picture_node};
use crate::app::shared::{AppSystems, Menu, MenuRows, SeenOnly, UiSystems};
use crate::app::turn::{TouchesOnUi, TurnInput};

/// A list on screen: its entries, the cursor, and the filter typed so far (`None`: the list
/// takes no filter, and its entries' letters are their keys).
#[derive(Component, Debug, Clone, Default, PartialEq)]
#[require(Node, MenuRows)]
pub struct ListMenu {
    /// What a screen reader calls the list ("Main menu").
    pub title: String,
    pub entries: Vec<ListEntry>,
    pub cursor: usize,
    pub filter: Option<String>,
    /// The key that starts a filter (`/` in the history, whose letters are not all free):
    /// `None` with `filter` set means typing filters at once.
    pub filter_key: Option<KeyCode>,
    /// The screen takes the keys for now (a rebinding waits for its key): the list ignores
    /// them.
    pub keys_held: bool,
}

/// One entry: its words, its own key, and what else it shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ListEntry {
    pub words: String,
    /// The entry's own key and how the screen names it ("C", "Enter").
    pub key: Option<(KeyCode, String)>,
    /// Why it cannot be chosen now; shown beside it and said with it.
    pub unavailable: Option<String>,
    pub icon: Option<(PictureNode, Color)>,
    /// Shown in the list's detail pane while the cursor is on it.
    pub detail: String,
    /// A value the entry holds (a setting): Left/Right or a drag change it.
    pub value: Option<String>,
    /// Words shown on the right when the entry has no key of its own (the help's keys).
    pub note: Option<String>,
    /// The words' own colour (the log's kinds), else the kit's.
    pub colour: Option<Color>,
}

impl ListEntry {
    pub fn new(words: impl Into<String>) -> Self {
        Self {
            words: words.into(),
            ..default()
        }
    }

    pub fn key(mut self, key: KeyCode, name: impl Into<String>) -> Self {
        self.key = Some((key, name.into()));
        self
    }

    pub fn unavailable(mut self, why: impl Into<String>) -> Self {
        self.unavailable = Some(why.into());
        self
    }

    pub fn icon(mut self, picture: PictureNode, colour: Color) -> Self {
        self.icon = Some((picture, colour));
        self
    }

    pub fn detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = detail.into();
        self
    }

    pub fn value(mut self, value: impl Into<String>) -> Self {
        self.value = Some(value.into());
        self
    }

    pub fn colour(mut self, colour: Color) -> Self {
        self.colour = Some(colour);
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }

    /// The entry as a screen reader says it: "New run: Enter", its value, why it is
    /// unavailable.
    pub fn said(&self) -> String {
        let mut s = self.words.clone();
        if let Some(v) = &self.value {
            s = format!("{s}: {v}");
        }
        if let Some(k) = self.key.as_ref().map(|(_, k)| k).or(self.note.as_ref()) {
            s = format!("{s}: {k}");
        }
        if let Some(why) = &self.unavailable {
            s = format!("{s} (unavailable: {why})");
        }
        s
    }

    fn matches(&self, filter: &str) -> bool {
        filter.is_empty()
            || self.words.to_lowercase().contains(&filter.to_lowercase())
            || self.detail.to_lowercase().contains(&filter.to_lowercase())
            || self
                .note
                .as_ref()
                .is_some_and(|n| n.to_lowercase().contains(&filter.to_lowercase()))
    }
}

impl ListMenu {
    pub fn new(title: impl Into<String>, entries: Vec<ListEntry>) -> Self {
        Self {
            title: title.into(),
            entries,
            ..default()
        }
    }

    /// The list takes a typed filter (its entries' letters are then not keys).
    pub fn with_filter(mut self) -> Self {
        self.filter = Some(String::new());
        self
    }

    /// The list takes a filter once `key` is pressed; Backspace on an empty filter ends it.
    pub fn with_filter_after(mut self, key: KeyCode) -> Self {
        self.filter_key = Some(key);
        self
    }

    /// The entries the filter lets through, by index.
    pub fn shown(&self) -> Vec<usize> {
        let f = self.filter.as_deref().unwrap_or("");
        (0..self.entries.len())
            .filter(|i| self.entries[*i].matches(f))
            .collect()
    }

    /// The entry under the cursor, if the filter shows it.
    pub fn current(&self) -> Option<&ListEntry> {
        self.shown()
            .contains(&self.cursor)
            .then(|| &self.entries[self.cursor])
    }

    /// New entries, keeping the cursor on the same index (within the list).
    pub fn set_entries(&mut self, entries: Vec<ListEntry>) {
        self.cursor = self.cursor.min(entries.len().saturating_sub(1));
        self.entries = entries;
    }

    /// The cursor `by` shown entries on, wrapping.
    fn step_cursor(&mut self, by: isize) {
        let shown = self.shown();
        if shown.is_empty() {
            return;
        }
        let at = shown.iter().position(|i| *i == self.cursor).unwrap_or(0) as isize;
        let n = shown.len() as isize;
        self.cursor = shown[(at + by).rem_euclid(n) as usize];
    }
}

/// An entry chosen (`step` 0: Enter, its key, a click or a tap) or its value changed (`step`
/// ±1: Left/Right, a drag).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListChoice {
    pub list: Entity,
    pub index: usize,
    pub step: i32,
}

impl ListChoice {
    /// The entry chosen, if this is a choice in `list` (not a value's change).
    pub fn chosen_in(&self, list: Entity) -> Option<usize> {
        (self.list == list && self.step == 0).then_some(self.index)
    }
}

/// The detail pane of a list: shows the detail (or unavailability) of its entry under the
/// cursor.
#[derive(Component, Debug, Clone, Copy)]
pub struct ListDetail(pub Entity);

/// One row of a list: its entry's index; its words' and its right-hand text's entities.
#[derive(Component, Debug, Clone, Copy)]
pub struct ListRow {
    pub index: usize,
    words: Entity,
    right: Entity,
}

/// The picture a row was made with: a changed one makes the list's rows anew.
#[derive(Component, Debug, Clone, PartialEq)]
struct RowPicture(Option<(PictureNode, Color)>);

/// The kit's list systems: keys before the screens read the choices.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ListInput;

/// The screens' own input, after the kit's: one screen (or overlay) of these is open at a time,
/// so they never run beside each other (each is `ambiguous_with` the set).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScreenInput;

/// The lists open, oldest first: keys go to the newest (an overlay's over its screen's).
#[derive(Resource, Debug, Default)]
struct OpenLists(Vec<Entity>);

/// A value row held down: where the pointer was at the last step, and whether it moved.
#[derive(Resource, Debug, Default)]
struct Drag(Option<(Entity, f32, bool)>);

/// Pixels of sideways drag for one step of a value.
const DRAG_STEP: f32 = 36.0;

const ROW: Color = Color::srgb(0.11, 0.1, 0.15);
const ROW_HOVERED: Color = Color::srgb(0.2, 0.18, 0.27);
const ROW_CURSOR: Color = Color::srgb(0.3, 0.26, 0.14);
const WORDS: Color = Color::srgb(0.92, 0.9, 0.82);
const DIM: Color = Color::srgb(0.5, 0.5, 0.52);
const KEY: Color = Color::srgb(0.7, 0.75, 0.85);

pub fn plugin(app: &mut App) {
    // Typed filters read the keyboard's text (registered here too for the headless app).
    app.add_message::<KeyboardInput>();
    app.add_message::<MouseWheel>();
    app.add_message::<ListChoice>()
        .init_resource::<OpenLists>()
        .init_resource::<Drag>()
        .add_observer(|add: On<Add, ListMenu>, mut open: ResMut<OpenLists>| {
            open.0.push(add.entity);
        })
        .add_observer(|rm: On<Remove, ListMenu>, mut open: ResMut<OpenLists>| {
            open.0.retain(|e| *e != rm.entity);
        });
    // The lists mark their touches before a tap on the map is read.
    app.configure_sets(
        Update,
        (ListInput, ScreenInput.after(ListInput))
            .in_set(AppSystems::Input)
            .before(TurnInput),
    );
    app.add_systems(Update, (list_keys, list_pointer).chain().in_set(ListInput));
    app.add_systems(
        Update,
        (row_looks, draw_rows, draw_detail, follow_cursor)
            .chain()
            .in_set(AppSystems::Present)
            .after(UiSystems::Screen),
    );
    // Only the browser has a page to tell where the entries are.
    if cfg!(target_arch = "wasm32") {
        app.add_systems(
            PostUpdate,
            publish_rows.after(bevy::ui::UiSystems::PostLayout),
        );
    }
}

/// Where a UI node is, in logical pixels: x, y, width, height.
fn rect_of(computed: &ComputedNode, at: &UiGlobalTransform) -> [f32; 4] {
    let s = computed.inverse_scale_factor();
    let size = computed.size() * s;
    let corner = at.translation * s - size / 2.0;
    [corner.x, corner.y, size.x, size.y]
}

/// What a finger can tap, for the page (`window.delveMenu`): the newest list's rows (as a
/// screen reader says them) and the kit's buttons (their words), where each is, when they
/// move or change.
fn publish_rows(
    open: Res<OpenLists>,
    lists: Query<(&ListMenu, &Children)>,
    rows: Query<(&ListRow, &ComputedNode, &UiGlobalTransform, &Node)>,
    buttons: Query<(&ComputedNode, &UiGlobalTransform, &Children), With<super::kit::KeyButton>>,
    texts: Query<&Text>,
    mut last: Local<Vec<(String, [f32; 4])>>,
) {
    let top = open.0.last().and_then(|e| lists.get(*e).ok());
    let mut now: Vec<(String, [f32; 4])> = top
        .iter()
        .flat_map(|(list, children)| {
            children
                .iter()
                .filter_map(|c| rows.get(c).ok())
                .filter(|(_, _, _, n)| n.display != Display::None)
                .map(|(row, computed, at, _)| {
                    (list.entries[row.index].said(), rect_of(computed, at))
                })
        })
        .collect();
    for (computed, at, children) in &buttons {
        let words = children.iter().find_map(|c| texts.get(c).ok());
        if let Some(words) = words
            && computed.size().x > 0.0
        {
            now.push((words.0.clone(), rect_of(computed, at)));
        }
    }
    if *last != now {
        let title = top.map_or("", |(l, _)| l.title.as_str());
        crate::app::web::publish_menu(title, &now);
        *last = now;
    }
}

/// The list's node: a column of rows that scrolls when it is longer than its room.
pub fn list_node() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(4),
        min_width: px(280),
        max_width: percent(100),
        max_height: percent(100),
        min_height: px(0),
        flex_shrink: 1.0,
        overflow: Overflow::scroll_y(),
        ..default()
    }
}

/// A list of `entries`, as a node; the screen adds its own marker.
pub fn list(menu: ListMenu) -> impl Bundle {
    (menu, list_node())
}

/// The detail pane of `list`: a text the kit keeps to the entry under the cursor.
pub fn detail_pane(list: Entity) -> impl Bundle {
    (
        ListDetail(list),
        Text::new(""),
        TextFont::from_font_size(15.0),
        TextColor(Color::srgb(0.75, 0.78, 0.72)),
        Node {
            // A definite width, so the text's height is measured at the width it wraps to
            // (with only a maximum, a long detail was laid out a few lines tall and spilled).
            width: percent(90),
            max_width: px(640),
            min_height: px(20),
            // A long detail keeps its lines: the list above scrolls instead.
            flex_shrink: 0.0,
            ..default()
        },
    )
}

/// The newest list takes the keys: Up/Down or Tab move, Enter or an entry's key chooses,
/// Left/Right change a value, typing filters a list that takes a filter.
fn list_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut typed: MessageReader<KeyboardInput>,
    mut wheel: MessageReader<MouseWheel>,
    open: Res<OpenLists>,
    mut lists: Query<&mut ListMenu>,
    mut choices: MessageWriter<ListChoice>,
) {
    let typed: Vec<KeyboardInput> = typed.read().cloned().collect();
    let Some(&top) = open.0.last() else {
        wheel.clear();
        return;
    };
    let Ok(mut list) = lists.get_mut(top) else {
        return;
    };
    if list.keys_held {
        wheel.clear();
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    // An entry's key is its key alone: Shift+letter and Ctrl+letter are the screen's.
    let bare = !shift && !ctrl && !keys.any_pressed([KeyCode::AltLeft, KeyCode::AltRight]);
    let mut by = 0;
    if keys.just_pressed(KeyCode::ArrowDown) || (keys.just_pressed(KeyCode::Tab) && !shift) {
        by += 1;
    }
    if keys.just_pressed(KeyCode::ArrowUp) || (keys.just_pressed(KeyCode::Tab) && shift) {
        by -= 1;
    }
    if keys.just_pressed(KeyCode::PageDown) {
        by += 10;
    }
    if keys.just_pressed(KeyCode::PageUp) {
        by -= 10;
    }
    // The wheel moves the cursor three entries a notch.
    by -= wheel
        .read()
        .map(|w| (w.y.signum() * 3.0) as isize)
        .sum::<isize>();
    if by != 0 {
        list.step_cursor(by);
    }
    if let Some(k) = list.filter_key
        && list.filter.is_none()
        && keys.just_pressed(k)
    {
        list.filter = Some(String::new());
        return;
    }
    if let Some(filter) = list.filter.clone() {
        let mut f = Some(filter);
        for k in typed.iter().filter(|k| k.state == ButtonState::Pressed) {
            let Some(text) = f.as_mut() else { break };
            match &k.logical_key {
                Key::Character(c) if !ctrl => text.push_str(c),
                Key::Space => text.push(' '),
                // Backspace on an empty filter that a key started ends it.
                Key::Backspace if text.is_empty() && list.filter_key.is_some() => f = None,
                Key::Backspace => {
                    text.pop();
                }
                _ => {}
            }
        }
        if list.filter != f {
            list.filter = f;
            if list.current().is_none()
                && let Some(first) = list.shown().first()
            {
                list.cursor = *first;
            }
        }
    }
    let cursor = list.cursor;
    let chosen = list
        .entries
        .iter()
        .enumerate()
        .find(|(_, e)| {
            e.key.as_ref().is_some_and(|(k, _)| {
                // A list being filtered takes the letters as words.
                bare && keys.just_pressed(*k) && list.filter.is_none()
            })
        })
        .map(|(i, _)| i)
        .or_else(|| {
            (keys.just_pressed(KeyCode::Enter) && list.current().is_some()).then_some(cursor)
        });
    if let Some(i) = chosen {
        list.cursor = i;
        if list.entries[i].unavailable.is_none() {
            choices.write(ListChoice {
                list: top,
                index: i,
                step: 0,
            });
        }
    }
    if let Some(e) = list.current()
        && e.value.is_some()
        && e.unavailable.is_none()
    {
        for (key, step) in [(KeyCode::ArrowLeft, -1), (KeyCode::ArrowRight, 1)] {
            if keys.just_pressed(key) {
                choices.write(ListChoice {
                    list: top,
                    index: cursor,
                    step,
                });
            }
        }
    }
}

/// The pointer on the rows: a press moves the cursor there and chooses it; on a value's row it
/// changes the value by a step for each `DRAG_STEP` pixels dragged sideways, or one step on if
/// it was let go without moving. A touch that began on a row is not a tap on the map.
fn list_pointer(
    rows: Query<(Entity, &Interaction, &ListRow, &ChildOf), Changed<Interaction>>,
    held: Query<(&Interaction, &ListRow, &ChildOf)>,
    mut lists: Query<&mut ListMenu>,
    mut choices: MessageWriter<ListChoice>,
    mut drag: ResMut<Drag>,
    window: Query<&Window, With<PrimaryWindow>>,
    touches: Option<Res<Touches>>,
    mut on_ui: ResMut<TouchesOnUi>,
) {
    let pointer_x = touches
        .as_deref()
        .and_then(|t| t.iter().next().map(|t| t.position().x))
        .or_else(|| {
            window
                .iter()
                .next()
                .and_then(|w| w.cursor_position())
                .map(|p| p.x)
        });
    for (row_e, interaction, row, parent) in &rows {
        if *interaction != Interaction::Pressed {
            continue;
        }
        on_ui.claim(touches.as_deref());
        let Ok(mut list) = lists.get_mut(parent.parent()) else {
            continue;
        };
        list.cursor = row.index;
        let entry = &list.entries[row.index];
        if entry.unavailable.is_some() {
            continue;
        }
        if entry.value.is_some() {
            drag.0 = pointer_x.map(|x| (row_e, x, false));
        } else {
            choices.write(ListChoice {
                list: parent.parent(),
                index: row.index,
                step: 0,
            });
        }
    }
    // A value's row held: each step of the drag is a step of the value; let go unmoved, one on.
    let Some((row_e, from, moved)) = drag.0 else {
        return;
    };
    let Ok((interaction, row, parent)) = held.get(row_e) else {
        drag.0 = None;
        return;
    };
    let list = parent.parent();
    if *interaction != Interaction::Pressed {
        if !moved {
            choices.write(ListChoice {
                list,
                index: row.index,
                step: 1,
            });
        }
        drag.0 = None;
        return;
    }
    if let Some(x) = pointer_x {
        let steps = ((x - from) / DRAG_STEP).trunc() as i32;
        for _ in 0..steps.abs() {
            choices.write(ListChoice {
                list,
                index: row.index,
                step: steps.signum(),
            });
        }
        if steps != 0 {
            drag.0 = Some((row_e, from + steps as f32 * DRAG_STEP, true));
        }
    }
}

/// A changed list draws its rows: in place when only words, values and the cursor changed,
/// anew when its entries' count or pictures did. Its `Menu` (what assistive technology and the
/// browser's page read) follows.
/// Lists changed this frame, with their rows and their `Menu`.
type ChangedLists<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static ListMenu,
        Option<&'static Children>,
        Option<&'static Menu>,
    ),
    Changed<ListMenu>,
>;

fn draw_rows(
    mut commands: Commands,
    lists: ChangedLists,
    rows: Query<(&ListRow, &RowPicture)>,
    mut texts: Query<(&mut Text, &mut TextColor)>,
    mut looks: Query<(&mut BackgroundColor, &mut Node, &Interaction)>,
    pictures: Option<Res<Pictures>>,
) {
    for (list_e, list, children, menu) in &lists {
        let old: Vec<(Entity, ListRow)> = children
            .into_iter()
            .flatten()
            .filter_map(|c| rows.get(*c).ok().map(|(r, _)| (*c, *r)))
            .collect();
        let same_shape = old.len() == list.entries.len()
            && old.iter().all(|(e, row)| {
                rows.get(*e)
                    .is_ok_and(|(_, pic)| pic.0 == list.entries[row.index].icon)
            });
        if !same_shape {
            for (e, _) in &old {
                commands.entity(*e).despawn();
            }
            for (i, entry) in list.entries.iter().enumerate() {
                let at = i == list.cursor;
                spawn_row(&mut commands, list_e, i, entry, at, pictures.as_deref());
            }
        }
        let shown = list.shown();
        for (row_e, row) in old.iter().filter(|_| same_shape) {
            let entry = &list.entries[row.index];
            if let Ok((mut t, mut c)) = texts.get_mut(row.words) {
                let w = words_of(entry, row.index == list.cursor);
                if t.0 != w {
                    t.0 = w;
                }
                c.0 = words_colour(entry);
            }
            if let Ok((mut t, _)) = texts.get_mut(row.right) {
                let r = right_of(entry);
                if t.0 != r {
                    t.0 = r;
                }
            }
            if let Ok((mut bg, mut node, interaction)) = looks.get_mut(*row_e) {
                bg.0 = row_colour(row.index == list.cursor, *interaction);
                let display = if shown.contains(&row.index) {
                    Display::Flex
                } else {
                    Display::None
                };
                if node.display != display {
                    node.display = display;
                }
            }
        }
        let said = Menu {
            title: list.title.clone(),
            entries: list.entries.iter().map(ListEntry::said).collect(),
            focused: list.current().map(|_| list.cursor),
            unavailable: (0..list.entries.len())
                .filter(|i| list.entries[*i].unavailable.is_some())
                .collect(),
            details: list.entries.iter().map(|e| e.detail.clone()).collect(),
        };
        if menu != Some(&said) {
            commands.entity(list_e).insert(said);
        }
    }
}

fn words_of(entry: &ListEntry, at_cursor: bool) -> String {
    let mark = if at_cursor { ">" } else { " " };
    match &entry.unavailable {
        Some(why) => format!("{mark} {}  ({why})", entry.words),
        None => format!("{mark} {}", entry.words),
    }
}

fn words_colour(entry: &ListEntry) -> Color {
    match (&entry.unavailable, entry.colour) {
        (Some(_), _) => DIM,
        (None, Some(c)) => c,
        (None, None) => WORDS,
    }
}

fn right_of(entry: &ListEntry) -> String {
    match (&entry.value, &entry.key) {
        (Some(v), _) => format!("< {v} >"),
        (None, Some((_, k))) => k.clone(),
        (None, None) => entry.note.clone().unwrap_or_default(),
    }
}

fn row_colour(at_cursor: bool, interaction: Interaction) -> Color {
    match (at_cursor, interaction) {
        (_, Interaction::Pressed) | (true, _) => ROW_CURSOR,
        (false, Interaction::Hovered) => ROW_HOVERED,
        (false, Interaction::None) => ROW,
    }
}

fn spawn_row(
    commands: &mut Commands,
    list: Entity,
    index: usize,
    entry: &ListEntry,
    at_cursor: bool,
    pictures: Option<&Pictures>,
) {
    let words = commands
        .spawn((
            SeenOnly,
            Text::new(words_of(entry, at_cursor)),
            TextFont::from_font_size(18.0),
            TextColor(words_colour(entry)),
            Node {
                flex_grow: 1.0,
                flex_shrink: 1.0,
                ..default()
            },
        ))
        .id();
    let right = commands
        .spawn((
            SeenOnly,
            Text::new(right_of(entry)),
            TextFont::from_font_size(16.0),
            TextColor(KEY),
        ))
        .id();
    let row = commands
        .spawn((
            ListRow {
                index,
                words,
                right,
            },
            RowPicture(entry.icon.clone()),
            Button,
            Node {
                min_height: px(40),
                padding: UiRect::axes(px(12), px(6)),
                column_gap: px(12),
                align_items: AlignItems::Center,
                justify_content: JustifyContent::SpaceBetween,
                flex_shrink: 0.0,
                ..default()
            },
            BackgroundColor(row_colour(at_cursor, Interaction::None)),
            ChildOf(list),
        ))
        .id();
    if let Some((pic, colour)) = &entry.icon {
        commands.entity(row).with_children(|r| {
            picture_node(r, pictures, pic.clone(), *colour, 28.0);
        });
    }
    commands.entity(row).add_children(&[words, right]);
}

/// Hovered and pressed rows look it, between the lists' own changes.
fn row_looks(
    mut rows: Query<(&Interaction, &ListRow, &ChildOf, &mut BackgroundColor), Changed<Interaction>>,
    lists: Query<&ListMenu>,
) {
    for (interaction, row, parent, mut bg) in &mut rows {
        let at = lists
            .get(parent.parent())
            .is_ok_and(|l| l.cursor == row.index);
        bg.0 = row_colour(at, *interaction);
    }
}

/// The detail pane shows the entry under its list's cursor.
fn draw_detail(
    lists: Query<&ListMenu>,
    changed: Query<(), Changed<ListMenu>>,
    mut panes: Query<(&ListDetail, &mut Text)>,
) {
    for (pane, mut text) in &mut panes {
        if !changed.contains(pane.0) && !text.0.is_empty() {
            continue;
        }
        let Ok(list) = lists.get(pane.0) else {
            continue;
        };
        let now = match list.current() {
            Some(e) => match &e.unavailable {
                Some(why) => format!("{}\nUnavailable: {why}", e.detail),
                None => e.detail.clone(),
            },
            None => String::new(),
        };
        if text.0 != now {
            text.0 = now;
        }
    }
}

/// A list longer than its room scrolls so the cursor's row is in view.
/// Lists whose cursor or size changed, with their scroll.
type MovedLists<'w, 's> = Query<
    'w,
    's,
    (
        &'static ListMenu,
        &'static ComputedNode,
        &'static mut ScrollPosition,
        &'static Children,
    ),
    Or<(Changed<ListMenu>, Changed<ComputedNode>)>,
>;

fn follow_cursor(mut lists: MovedLists, rows: Query<(&ListRow, &ComputedNode, &Node)>) {
    for (list, node, mut scroll, children) in &mut lists {
        let scale = node.inverse_scale_factor();
        let room = node.size().y * scale;
        let mut top = 0.0;
        for c in children {
            let Ok((row, computed, n)) = rows.get(*c) else {
                continue;
            };
            if n.display == Display::None {
                continue;
            }
            let h = computed.size().y * scale + 4.0;
            if row.index == list.cursor {
                scroll.0.y = scrolled_to_show(scroll.0.y, room, top..top + h);
                break;
            }
            top += h;
        }
    }
}

/// The scroll offset that shows the rows `row` (from the list's top) in `room`, moving from
/// `scroll` as little as it can: up to a row above the view, down to one below it.
fn scrolled_to_show(scroll: f32, room: f32, row: std::ops::Range<f32>) -> f32 {
    if row.start < scroll {
        row.start
    } else if row.end > scroll + room {
        row.end - room
    } else {
        scroll
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu(words: &[&str]) -> ListMenu {
        ListMenu::new("Test", words.iter().map(|w| ListEntry::new(*w)).collect())
    }

    #[test]
    fn the_cursor_wraps_over_the_entries_the_filter_shows() {
        let mut m = menu(&["apple", "banana", "cherry", "apricot"]).with_filter();
        m.filter = Some("AP".into());
        assert_eq!(m.shown(), [0, 3]);
        m.step_cursor(1);
        assert_eq!(m.cursor, 3);
        m.step_cursor(1);
        assert_eq!(m.cursor, 0, "past the last shown entry, the first");
        m.step_cursor(-1);
        assert_eq!(m.cursor, 3, "before the first, the last");
        m.filter = Some("zzz".into());
        m.step_cursor(1);
        assert_eq!(
            (m.cursor, m.current()),
            (3, None),
            "nothing shown: it stays"
        );
    }

    #[test]
    fn the_filter_reads_words_detail_and_note() {
        let mut m = ListMenu::new(
            "Test",
            vec![
                ListEntry::new("Potion"),
                ListEntry::new("Scroll").detail("Reads a potion's name"),
                ListEntry::new("Wait").note("Space"),
            ],
        )
        .with_filter();
        m.filter = Some("potion".into());
        assert_eq!(m.shown(), [0, 1]);
        m.filter = Some("space".into());
        assert_eq!(m.shown(), [2]);
        m.cursor = 0;
        assert_eq!(m.current(), None, "a hidden entry is not the current one");
    }

    #[test]
    fn new_entries_keep_the_cursor_inside_the_list() {
        let mut m = menu(&["a", "b", "c"]);
        m.cursor = 2;
        m.set_entries(vec![ListEntry::new("x")]);
        assert_eq!(m.cursor, 0);
        m.set_entries(vec![ListEntry::new("x"), ListEntry::new("y")]);
        assert_eq!(m.cursor, 0, "the same index while it is inside");
    }

    #[test]
    fn scrolling_moves_as_little_as_shows_the_row() {
        assert_eq!(
            scrolled_to_show(100.0, 50.0, 110.0..130.0),
            100.0,
            "in view"
        );
        assert_eq!(
            scrolled_to_show(100.0, 50.0, 80.0..100.0),
            80.0,
            "above: its top"
        );
        assert_eq!(
            scrolled_to_show(100.0, 50.0, 140.0..160.0),
            110.0,
            "below: its foot"
        );
    }

    /// `list_keys` on the open list: a headless app with the keyboard pressed by hand.
    struct Keys {
        app: App,
        list: Entity,
    }

    impl Keys {
        fn new(m: ListMenu) -> Self {
            let mut app = App::new();
            app.add_plugins(MinimalPlugins)
                .init_resource::<ButtonInput<KeyCode>>()
                .add_message::<KeyboardInput>()
                .add_message::<MouseWheel>()
                .add_message::<ListChoice>()
                .add_systems(Update, list_keys);
            let list = app.world_mut().spawn(m).id();
            app.insert_resource(OpenLists(vec![list]));
            Self { app, list }
        }

        fn press(&mut self, key: KeyCode, typed: Option<&str>) -> Vec<ListChoice> {
            let world = self.app.world_mut();
            world.resource_mut::<ButtonInput<KeyCode>>().press(key);
            let logical_key = match (key, typed) {
                (KeyCode::Backspace, _) => Key::Backspace,
                (_, Some(t)) => Key::Character(t.into()),
                _ => Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            };
            world.write_message(KeyboardInput {
                key_code: key,
                logical_key,
                state: ButtonState::Pressed,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            self.app.update();
            let world = self.app.world_mut();
            let mut input = world.resource_mut::<ButtonInput<KeyCode>>();
            input.release(key);
            input.clear();
            let choices = world.resource::<Messages<ListChoice>>();
            choices.iter_current_update_messages().copied().collect()
        }

        fn menu(&self) -> &ListMenu {
            self.app
                .world()
                .get::<ListMenu>(self.list)
                .expect("the list")
        }
    }

    #[test]
    fn keys_move_the_cursor_and_choose_by_enter_or_an_entrys_key() {
        let mut m = menu(&["New run", "Settings", "Quit"]);
        m.entries[2] = ListEntry::new("Quit").key(KeyCode::KeyQ, "Q");
        m.entries[1] = ListEntry::new("Settings").unavailable("not here");
        let mut keys = Keys::new(m);
        keys.press(KeyCode::ArrowDown, None);
        assert_eq!(keys.menu().cursor, 1);
        assert!(
            keys.press(KeyCode::Enter, None).is_empty(),
            "an unavailable entry is not chosen"
        );
        keys.press(KeyCode::ArrowDown, None);
        keys.press(KeyCode::ArrowDown, None);
        assert_eq!(keys.menu().cursor, 0, "Down wraps");
        let chosen = keys.press(KeyCode::KeyQ, Some("q"));
        assert_eq!(
            keys.menu().cursor,
            2,
            "an entry's key moves the cursor there"
        );
        assert_eq!(
            chosen,
            [ListChoice {
                list: keys.list,
                index: 2,
                step: 0
            }]
        );
    }

    #[test]
    fn typing_filters_and_the_cursor_follows_the_first_shown_entry() {
        let mut keys = Keys::new(menu(&["Rat", "Goblin", "Giant bat"]).with_filter());
        keys.press(KeyCode::KeyG, Some("g"));
        keys.press(KeyCode::KeyI, Some("i"));
        assert_eq!(keys.menu().filter.as_deref(), Some("gi"));
        assert_eq!(keys.menu().shown(), [2]);
        assert_eq!(keys.menu().cursor, 2);
        keys.press(KeyCode::Backspace, None);
        assert_eq!(keys.menu().shown(), [1, 2]);
        let chosen = keys.press(KeyCode::Enter, None);
        assert_eq!(chosen.iter().map(|c| c.index).collect::<Vec<_>>(), [2]);
    }
}
