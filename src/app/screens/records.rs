//! The Records screen: the best finished runs by score, or (D) the Daily table; Enter opens
//! the chosen run's morgue, W watches its replay, R races the player's best replay of its
//! seed.
use bevy::prelude::*;

use crate::app::save::RunArchive;
use crate::app::shared::{ContentRes, Screen, UiSystems};
use crate::app::ui::kit;
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};

use super::watch::{WatchFrom, WatchNotice, request_kept, run_title};
use crate::content::Content;
use crate::runs::kept::read_records;
use crate::runs::{Record, Records, Shelf, list_replays};

/// The table as read on entering, the cursor, and the morgue open over it (its lines and the
/// first one shown).
#[derive(Resource, Debug, Default, Clone)]
pub struct RecordsView {
    pub records: Records,
    pub problems: Vec<String>,
    pub cursor: usize,
    pub morgue: Option<(Vec<String>, usize)>,
    /// Only the runs of this class (C cycles through the classes in the table); none: all.
    pub class: Option<String>,
    /// The Daily table instead of the best runs (D switches).
    pub daily: bool,
}

impl RecordsView {
    /// The runs the list shows: all, or those of the filter's class; best first.
    pub fn shown(&self) -> Vec<&Record> {
        let table = if self.daily {
            &self.records.dailies
        } else {
            &self.records.runs
        };
        (table.iter())
            .filter(|r| self.class.as_ref().is_none_or(|c| *c == r.class))
            .collect()
    }

    /// The next class filter: all, then each class the table holds in its order, then all.
    fn next_filter(&mut self) {
        let table = if self.daily {
            &self.records.dailies
        } else {
            &self.records.runs
        };
        let mut classes: Vec<&String> = table.iter().map(|r| &r.class).collect();
        classes.sort();
        classes.dedup();
        let at = (self.class.as_ref()).and_then(|c| classes.iter().position(|k| *k == c));
        self.class = match at {
            None => classes.first().map(|c| (*c).clone()),
            Some(i) => classes.get(i + 1).map(|c| (*c).clone()),
        };
        self.cursor = 0;
    }
}

#[derive(Component)]
struct TableText;

/// Morgue lines shown at once.
const MORGUE_PAGE: usize = 28;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RecordsView>();
    app.add_systems(OnEnter(Screen::Records), (read_table, spawn_screen).chain());
    app.add_systems(
        Update,
        (
            records_input
                .in_set(ScreenInput)
                .ambiguous_with(ScreenInput),
            // Only on this screen, never beside another screen's text.
            show_table
                .in_set(UiSystems::Screen)
                .ambiguous_with(UiSystems::Screen),
        )
            .run_if(in_state(Screen::Records)),
    );
}

fn read_table(mut archive: ResMut<RunArchive>, mut view: ResMut<RecordsView>) {
    let mut problems = Vec::new();
    let records = read_records(archive.0.as_mut(), &mut problems);
    *view = RecordsView {
        cursor: view.cursor.min(records.runs.len().saturating_sub(1)),
        records,
        problems,
        morgue: None,
        class: None,
        daily: view.daily,
    };
}

/// The records' list (hidden while a morgue is open).
#[derive(Component)]
pub(super) struct RecordsList;

fn spawn_screen(mut commands: Commands) {
    let root = commands
        .spawn((
            Name::new("Records"),
            DespawnOnExit(Screen::Records),
            super::full_screen(Color::srgb(0.05, 0.05, 0.08)),
            children![
                (
                    Text::new("Records"),
                    TextFont::from_font_size(40.0),
                    TextColor(Color::srgb(0.95, 0.8, 0.3)),
                ),
                (
                    Text::new(HEADER.to_string()),
                    TextFont::from_font_size(15.0),
                    TextColor(Color::srgb(0.7, 0.7, 0.75)),
                ),
            ],
        ))
        .id();
    let list = commands
        .spawn((
            RecordsList,
            kit::list(ListMenu::new("Records", Vec::new())),
            ChildOf(root),
        ))
        .id();
    commands.spawn((kit::detail_pane(list), ChildOf(root)));
    commands.spawn((
        TableText,
        // Wrapped within the window: its last lines are the screen's keys.
        Node {
            max_width: percent(100),
            ..default()
        },
        TextLayout::justify(Justify::Center),
        Text::new(""),
        TextFont::from_font_size(15.0),
        TextColor(Color::srgb(0.85, 0.85, 0.8)),
        ChildOf(root),
    ));
    // The screen's own keys as buttons, for a mouse or a finger (an entry's tap opens it).
    commands.spawn((
        kit::key_row(vec![
            ("Watch its replay".into(), KeyCode::KeyW),
            ("Race my best".into(), KeyCode::KeyR),
            ("Class filter".into(), KeyCode::KeyC),
            ("Daily / best".into(), KeyCode::KeyD),
            ("Back".into(), KeyCode::Escape),
        ]),
        ChildOf(root),
    ));
}

/// The columns of the records' entries.
const HEADER: &str = "score = 250 a floor reached + 1 a gold piece + 10 a kill + 1000 for escaping";

/// The records as the list's entries: place, score, class, end, floor; the rest in the
/// detail. A class is named as the content names it, else by its id.
pub fn record_entries(view: &RecordsView, content: &Content) -> Vec<ListEntry> {
    if view.daily {
        return daily_entries(view, content);
    }
    view.shown()
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            // A run given up says so once ("Abandoned on floor 1" is its cause).
            let end = match r.outcome.as_str() {
                "abandoned" => r.cause.clone(),
                _ => format!("{} on floor {}: {}", r.outcome, r.floor, r.cause),
            };
            ListEntry::new(format!(
                "{:>2}. {:>6}  {:<9} {end}",
                i + 1,
                r.score,
                crate::runs::class_name(&r.class, content),
            ))
            .detail(format!(
                "{} turns, {} gold collected ({} spent), {} kills, seed {}{}{}{}",
                r.turns,
                r.gold,
                r.spent,
                r.kills,
                r.seed,
                if r.replay.is_none() {
                    " (content reloaded: no replay)"
                } else {
                    ""
                },
                r.fork
                    .as_ref()
                    .map_or(String::new(), |f| format!("; unranked, {f}")),
                if r.verified {
                    "; imported, its replay verified"
                } else {
                    ""
                },
            ))
        })
        .collect()
}

/// The Daily table's entries: date, class, floor, turns, score, and whether it is the date's
/// ranked try and its replay verified.
pub fn daily_entries(view: &RecordsView, content: &Content) -> Vec<ListEntry> {
    (view.shown().into_iter())
        .map(|r| {
            ListEntry::new(format!(
                "{}  {:<9} floor {:>2}  {:>6} turns  {:>6}  {}{}",
                r.daily.as_deref().unwrap_or("?"),
                crate::runs::class_name(&r.class, content),
                r.floor,
                r.turns,
                r.score,
                if r.verified {
                    "verified"
                } else {
                    "not verified"
                },
                if r.unranked { ", unranked" } else { "" },
            ))
            .detail(format!(
                "{}. {} gold, {} kills, seed {}.",
                r.cause, r.gold, r.kills, r.seed
            ))
        })
        .collect()
}

/// The table, or the open morgue, as the screen shows it.
pub fn table_text(view: &RecordsView, notice: Option<&str>) -> String {
    if let Some((lines, top)) = &view.morgue {
        let page: Vec<&str> = lines
            .iter()
            .skip(*top)
            .take(MORGUE_PAGE)
            .map(String::as_str)
            .collect();
        return format!(
            "{}\n\nUp/Down  scroll     PgUp/PgDn  a page     Esc  back to the table",
            page.join("\n")
        );
    }
    let mut out = Vec::new();
    if view.daily {
        out.push(
            "Daily runs, newest first: a date's first try here is ranked, the others are not."
                .into(),
        );
        if view.records.dailies.is_empty() {
            out.push("No daily runs yet: the main menu's Daily entry starts today's.".into());
        }
    } else if view.records.runs.is_empty() {
        out.push("No finished runs yet.".into());
    }
    out.push(
        "Up/Down  choose     Enter  its morgue     W  watch its replay\n\
         R  race my best of its seed     C  class filter     D  daily / best     Esc  back"
            .into(),
    );
    if let Some(c) = &view.class {
        out.push(format!(
            "Showing the runs of {c} only (C: the next class, then all)."
        ));
    }
    for p in &view.problems {
        out.push(format!("Problem: {p}"));
    }
    if let Some(n) = notice {
        out.push(n.to_string());
    }
    out.join("\n")
}

fn show_table(
    view: Res<RecordsView>,
    content: Res<ContentRes>,
    notice: Res<WatchNotice>,
    mut text: Query<&mut Text, With<TableText>>,
    mut list: Single<(&mut ListMenu, &mut Node), With<RecordsList>>,
) {
    for mut t in &mut text {
        let new = table_text(&view, notice.0.as_deref());
        if t.0 != new {
            t.0 = new;
        }
    }
    let (list, node) = &mut *list;
    // The open morgue takes the list's place.
    let display = if view.morgue.is_some() {
        Display::None
    } else {
        Display::Flex
    };
    if node.display != display {
        node.display = display;
    }
    // The morgue's Up/Down scroll it, not the list under it.
    list.keys_held = view.morgue.is_some();
    let entries = if view.morgue.is_some() {
        Vec::new()
    } else {
        record_entries(&view, &content.0)
    };
    if list.entries != entries {
        let shown = entries.len();
        list.set_entries(entries);
        list.cursor = view.cursor.min(shown.saturating_sub(1));
        list.title = if view.morgue.is_some() {
            "Morgue"
        } else if view.daily {
            "Daily runs"
        } else {
            "Records"
        }
        .into();
    }
}

pub(super) fn records_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut choices: MessageReader<ListChoice>,
    list: Single<(Entity, &ListMenu), With<RecordsList>>,
    mut view: ResMut<RecordsView>,
    mut archive: ResMut<RunArchive>,
    content: Res<ContentRes>,
    mut notice: ResMut<WatchNotice>,
    mut commands: Commands,
) {
    let v = &mut *view;
    if let Some((lines, top)) = &mut v.morgue {
        let last = lines.len().saturating_sub(MORGUE_PAGE);
        if keys.just_pressed(KeyCode::ArrowDown) {
            *top = (*top + 1).min(last);
        }
        if keys.just_pressed(KeyCode::ArrowUp) {
            *top = top.saturating_sub(1);
        }
        if keys.just_pressed(KeyCode::PageDown) {
            *top = (*top + MORGUE_PAGE).min(last);
        }
        if keys.just_pressed(KeyCode::PageUp) {
            *top = top.saturating_sub(MORGUE_PAGE);
        }
        if keys.just_pressed(KeyCode::Escape) {
            v.morgue = None;
        }
        return;
    }
    if keys.just_pressed(KeyCode::Escape) || keys.just_pressed(KeyCode::KeyM) {
        commands.set_state(Screen::MainMenu);
        return;
    }
    if keys.just_pressed(KeyCode::KeyC) {
        v.next_filter();
        return;
    }
    if keys.just_pressed(KeyCode::KeyD) {
        v.daily = !v.daily;
        (v.cursor, v.class) = (0, None);
        return;
    }
    let (list_e, list) = *list;
    let chosen = choices.read().filter_map(|c| c.chosen_in(list_e)).last();
    v.cursor = chosen.unwrap_or(list.cursor);
    let Some(r) = v.shown().get(v.cursor).map(|r| (*r).clone()) else {
        return;
    };
    if chosen.is_some() {
        match archive.0.read(Shelf::Morgues, &r.morgue) {
            Ok(Some(bytes)) => {
                let text = String::from_utf8_lossy(&bytes);
                v.morgue = Some((text.lines().map(str::to_string).collect(), 0));
            }
            Ok(None) => notice.0 = Some(format!("The morgue {} is no longer kept.", r.morgue)),
            Err(e) => notice.0 = Some(format!("The morgue cannot be read: {e}")),
        }
    }
    if keys.just_pressed(KeyCode::KeyR) {
        let (kept, _) = list_replays(archive.0.as_mut(), &content.0);
        match super::replays::race_my_best(archive.0.as_ref(), &kept, r.seed) {
            Ok(files) => super::replays::start_race(&mut commands, &content.0, r.seed, files),
            Err(why) => notice.0 = Some(why),
        }
        return;
    }
    if keys.just_pressed(KeyCode::KeyW) {
        let Some(name) = &r.replay else {
            notice.0 = Some("This run has no replay: its content was reloaded during it.".into());
            return;
        };
        let title = run_title(r.number, r.seed);
        match request_kept(
            archive.0.as_ref(),
            &content.0,
            name,
            title,
            WatchFrom::Records,
        ) {
            Ok(request) => {
                commands.insert_resource(request);
            }
            Err(why) => notice.0 = Some(format!("Cannot watch run #{}: {why}", r.number)),
        }
    }
}
