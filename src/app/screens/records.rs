//! The Records screen: the best finished runs by score; Enter opens the chosen run's morgue,
//! W watches its replay.
use bevy::prelude::*;

use crate::app::save::RunArchive;
use crate::app::shared::{AppSystems, ContentRes, Menu, Screen, UiSystems};

use super::watch::{WatchFrom, WatchNotice, request_kept, run_title};
use crate::runs::kept::read_records;
use crate::runs::{Records, Shelf};

/// The table as read on entering, the cursor, and the morgue open over it (its lines and the
/// first one shown).
#[derive(Resource, Debug, Default, Clone)]
pub struct RecordsView {
    pub records: Records,
    pub problems: Vec<String>,
    pub cursor: usize,
    pub morgue: Option<(Vec<String>, usize)>,
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
            records_input.in_set(AppSystems::Input),
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
    };
}

fn spawn_screen(mut commands: Commands) {
    commands.spawn((
        Name::new("Records"),
        Menu::default(),
        DespawnOnExit(Screen::Records),
        super::full_screen(Color::srgb(0.05, 0.05, 0.08)),
        children![
            (
                Text::new("Records"),
                TextFont::from_font_size(40.0),
                TextColor(Color::srgb(0.95, 0.8, 0.3)),
            ),
            (
                TableText,
                Text::new(""),
                TextFont::from_font_size(16.0),
                TextColor(Color::srgb(0.85, 0.85, 0.8)),
            ),
            // The keys as buttons, for a mouse or a finger.
            crate::app::ui::kit::key_row(vec![
                ("Up".into(), KeyCode::ArrowUp),
                ("Down".into(), KeyCode::ArrowDown),
                ("Open the morgue".into(), KeyCode::Enter),
                ("Watch its replay".into(), KeyCode::KeyW),
                ("Back".into(), KeyCode::Escape),
            ]),
        ],
    ));
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
    let mut out = vec![format!(
        "   {:>3}  {:>6}  {:<5}  {:>5}  {:>6}  {:>5}  {:>5}  {:<14}  {}",
        "#", "score", "end", "floor", "turns", "gold", "kills", "seed", "cause"
    )];
    if view.records.runs.is_empty() {
        out.push("No finished runs yet.".into());
    }
    for (i, r) in view.records.runs.iter().enumerate() {
        let mark = if i == view.cursor { ">" } else { " " };
        out.push(format!(
            "{mark}  {:>3}  {:>6}  {:<5}  {:>5}  {:>6}  {:>5}  {:>5}  {:<14}  {}{}",
            i + 1,
            r.score,
            r.outcome,
            r.floor,
            r.turns,
            r.gold,
            r.kills,
            r.seed,
            r.cause,
            if r.replay.is_none() {
                "  (content reloaded: no replay)"
            } else {
                ""
            },
        ));
    }
    out.push(String::new());
    out.push("score = 250 a floor reached + 1 a gold piece + 10 a kill + 1000 for escaping".into());
    out.push("Up/Down  choose     Enter  its morgue     W  watch its replay     Esc  back".into());
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
    notice: Res<WatchNotice>,
    mut text: Query<&mut Text, With<TableText>>,
    mut menu: Query<&mut Menu>,
) {
    for mut t in &mut text {
        let new = table_text(&view, notice.0.as_deref());
        if t.0 != new {
            t.0 = new;
        }
    }
    // Said as a sentence, not as the table's columns.
    let entries = view
        .records
        .runs
        .iter()
        .enumerate()
        .map(|(i, r)| {
            format!(
                "{}: score {}, {} on floor {}, {} turns, {} gold, {} kills, seed {}, {}",
                i + 1,
                r.score,
                r.outcome,
                r.floor,
                r.turns,
                r.gold,
                r.kills,
                r.seed,
                r.cause
            )
        })
        .collect();
    let (title, focused) = match view.morgue {
        Some(_) => ("Morgue", None),
        None => (
            "Records",
            (!view.records.runs.is_empty()).then_some(view.cursor),
        ),
    };
    let entries = if view.morgue.is_some() {
        Vec::new()
    } else {
        entries
    };
    if let Some(mut m) = menu.iter_mut().next() {
        m.set_if_neq(Menu::new(title, entries, focused));
    }
}

pub(super) fn records_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut view: ResMut<RecordsView>,
    archive: Res<RunArchive>,
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
    v.cursor = super::list_cursor(&keys, v.cursor, v.records.runs.len());
    let Some(r) = v.records.runs.get(v.cursor) else {
        return;
    };
    if keys.just_pressed(KeyCode::Enter) {
        match archive.0.read(Shelf::Morgues, &r.morgue) {
            Ok(Some(bytes)) => {
                let text = String::from_utf8_lossy(&bytes);
                v.morgue = Some((text.lines().map(str::to_string).collect(), 0));
            }
            Ok(None) => notice.0 = Some(format!("The morgue {} is no longer kept.", r.morgue)),
            Err(e) => notice.0 = Some(format!("The morgue cannot be read: {e}")),
        }
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
