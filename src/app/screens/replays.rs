//! The Replays screen ("Watch" on the main menu): the kept replays, newest first, each with
//! its seed, length and packs; one that cannot be watched with this content says why.
use bevy::prelude::*;

use crate::app::save::RunArchive;
use crate::app::shared::{AppSystems, ContentRes, Menu, Screen, UiSystems};
use crate::app::web;

use super::watch::{WatchFrom, WatchNotice, request_bytes, request_kept, run_title};
use crate::runs::{KeptReplay, list_replays};

/// The list as read on entering the screen, and the cursor.
#[derive(Resource, Debug, Default, Clone)]
pub struct ReplayList {
    pub entries: Vec<KeptReplay>,
    pub problems: Vec<String>,
    pub cursor: usize,
}

#[derive(Component)]
struct ListText;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ReplayList>();
    app.add_systems(OnEnter(Screen::Replays), (read_list, spawn_screen).chain());
    app.add_systems(
        Update,
        (
            // Each screen's systems run only on that screen: never beside another's.
            list_input
                .in_set(AppSystems::Input)
                .ambiguous_with(super::records::records_input),
            show_list
                .in_set(UiSystems::Screen)
                .ambiguous_with(UiSystems::Screen),
        )
            .run_if(in_state(Screen::Replays)),
    );
}

fn read_list(
    mut archive: ResMut<RunArchive>,
    content: Res<ContentRes>,
    mut list: ResMut<ReplayList>,
) {
    let cursor = list.cursor;
    let (entries, problems) = list_replays(archive.0.as_mut(), &content.0);
    *list = ReplayList {
        cursor: cursor.min(entries.len().saturating_sub(1)),
        entries,
        problems,
    };
}

fn spawn_screen(mut commands: Commands) {
    commands.spawn((
        Name::new("Replays"),
        Menu::default(),
        DespawnOnExit(Screen::Replays),
        super::full_screen(Color::srgb(0.05, 0.05, 0.08)),
        children![
            (
                Text::new("Watch a replay"),
                TextFont::from_font_size(40.0),
                TextColor(Color::srgb(0.95, 0.8, 0.3)),
            ),
            (
                ListText,
                Text::new(""),
                TextFont::from_font_size(17.0),
                TextColor(Color::srgb(0.85, 0.85, 0.8)),
            ),
            (
                Text::new(if cfg!(target_arch = "wasm32") {
                    "Up/Down  choose     Enter  watch     O  open a replay file     Esc  back"
                } else {
                    "Up/Down  choose     Enter  watch     Esc  back     (delve watch FILE opens any file)"
                }),
                TextFont::from_font_size(18.0),
                TextColor(Color::srgb(0.7, 0.7, 0.75)),
            ),
            // The keys as buttons, for a mouse or a finger.
            crate::app::ui::kit::key_row(vec![
                ("Up".into(), KeyCode::ArrowUp),
                ("Down".into(), KeyCode::ArrowDown),
                ("Watch".into(), KeyCode::Enter),
                ("Back".into(), KeyCode::Escape),
            ]),
        ],
    ));
}

/// One line of the list.
pub fn entry_line(e: &KeptReplay) -> String {
    let mut line = format!(
        "#{}  seed {}  {} turns  ({})",
        e.number,
        e.seed,
        e.turns,
        e.packs.join(", ")
    );
    if let Some(r) = &e.record {
        line += &format!("  score {}: {}, floor {}", r.score, r.cause, r.floor);
    }
    if e.refused.is_some() {
        line += "  [cannot be watched]";
    }
    line
}

/// The whole list's text, the cursor marked, and what the selected one cannot do.
pub fn list_text(list: &ReplayList, notice: Option<&str>) -> String {
    let mut lines: Vec<String> = Vec::new();
    if list.entries.is_empty() {
        lines.push("No replays kept yet: every finished run keeps its own.".into());
    }
    // A window of the list around the cursor.
    let from = list.cursor.saturating_sub(8);
    for (i, e) in list.entries.iter().enumerate().skip(from).take(18) {
        let mark = if i == list.cursor { "> " } else { "  " };
        lines.push(format!("{mark}{}", entry_line(e)));
    }
    if let Some(why) = list
        .entries
        .get(list.cursor)
        .and_then(|e| e.refused.as_deref())
    {
        lines.push(String::new());
        lines.push(format!("This one cannot be watched: {why}"));
    }
    for p in &list.problems {
        lines.push(format!("Problem: {p}"));
    }
    if let Some(n) = notice {
        lines.push(n.to_string());
    }
    lines.join("\n")
}

fn show_list(
    list: Res<ReplayList>,
    notice: Res<WatchNotice>,
    mut text: Query<&mut Text, With<ListText>>,
    mut menu: Query<&mut Menu>,
) {
    for mut t in &mut text {
        let new = list_text(&list, notice.0.as_deref());
        if t.0 != new {
            t.0 = new;
        }
    }
    let entries = list.entries.iter().map(entry_line).collect();
    let focused = (!list.entries.is_empty()).then_some(list.cursor);
    if let Some(mut m) = menu.iter_mut().next() {
        m.set_if_neq(Menu::new("Watch a replay", entries, focused));
    }
}

fn list_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut list: ResMut<ReplayList>,
    archive: Res<RunArchive>,
    content: Res<ContentRes>,
    mut notice: ResMut<WatchNotice>,
    mut commands: Commands,
) {
    if keys.just_pressed(KeyCode::Escape) || keys.just_pressed(KeyCode::KeyM) {
        commands.set_state(Screen::MainMenu);
        return;
    }
    list.cursor = super::list_cursor(&keys, list.cursor, list.entries.len());
    if keys.just_pressed(KeyCode::KeyO)
        && let Err(e) = web::pick_replay_file()
    {
        notice.0 = Some(e);
    }
    // A file the browser's picker opened (it arrives a few frames after the key).
    if let Some((name, bytes)) = web::take_opened_replay() {
        match request_bytes(&bytes, &content.0, name.clone(), WatchFrom::Replays) {
            Ok(request) => {
                commands.insert_resource(request);
            }
            Err(e) => notice.0 = Some(format!("Cannot watch {name}: {e}")),
        }
    }
    if keys.just_pressed(KeyCode::Enter)
        && let Some(e) = list.entries.get(list.cursor)
    {
        let title = run_title(e.number, e.seed);
        match request_kept(
            archive.0.as_ref(),
            &content.0,
            &e.name,
            title,
            WatchFrom::Replays,
        ) {
            Ok(request) => {
                commands.insert_resource(request);
            }
            Err(why) => notice.0 = Some(format!("Cannot watch #{}: {why}", e.number)),
        }
    }
}
