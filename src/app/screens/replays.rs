//! The Replays screen ("Watch" on the main menu): the kept replays, newest first, each with
//! its seed, length and packs; one that cannot be watched with this content says why.
use bevy::prelude::*;

use crate::app::save::RunArchive;
use crate::app::shared::{ContentRes, Screen, UiSystems};
use crate::app::ui::kit;
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};
use crate::app::web::{self, ReplayPick};

use super::watch::{WatchFrom, WatchNotice, request_bytes, request_kept, run_title};
use crate::app::dungeon::race::RaceFiles;
use crate::app::shared::NewRun;
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
    // The window's drops (registered by the window plugin; headless tests have none).
    app.add_message::<FileDragAndDrop>();
    app.add_systems(OnEnter(Screen::Replays), (read_list, spawn_screen).chain());
    app.add_systems(
        Update,
        (
            // Each screen's systems run only on that screen: never beside another's.
            (open_files, list_input)
                .chain()
                .in_set(ScreenInput)
                .ambiguous_with(ScreenInput),
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

/// The replays' list.
#[derive(Component)]
struct ReplaysList;

fn spawn_screen(mut commands: Commands) {
    let root = commands
        .spawn((
            Name::new("Replays"),
            DespawnOnExit(Screen::Replays),
            super::full_screen(Color::srgb(0.05, 0.05, 0.08)),
            children![(
                Text::new("Watch a replay"),
                TextFont::from_font_size(40.0),
                TextColor(Color::srgb(0.95, 0.8, 0.3)),
            )],
        ))
        .id();
    let list = commands
        .spawn((
            ReplaysList,
            kit::list(ListMenu::new("Watch a replay", Vec::new())),
            ChildOf(root),
        ))
        .id();
    commands.spawn((kit::detail_pane(list), ChildOf(root)));
    commands.spawn((
        ListText,
        Text::new(""),
        TextFont::from_font_size(16.0),
        TextColor(Color::srgb(0.85, 0.8, 0.55)),
        ChildOf(root),
    ));
    commands.spawn((
        Text::new(if cfg!(target_arch = "wasm32") {
            "Up/Down  choose     Enter  watch     R  race my best of its seed     Esc  back\n\
             O  watch a replay file     I  import replay files (played again first; kept only if they prove their claims)     G  race replay files of one seed"
        } else {
            "Up/Down  choose     Enter  watch     R  race my best of its seed     Esc  back\n\
             Drop a replay file here to import it (played again first; kept only if it proves its claims).     delve watch FILE opens any file."
        }),
        TextFont::from_font_size(16.0),
        TextColor(Color::srgb(0.7, 0.7, 0.75)),
        ChildOf(root),
    ));
    let mut keys = vec![("Race my best".to_string(), KeyCode::KeyR)];
    if cfg!(target_arch = "wasm32") {
        keys.push(("Watch a file".to_string(), KeyCode::KeyO));
        keys.push(("Import files".to_string(), KeyCode::KeyI));
        keys.push(("Race files".to_string(), KeyCode::KeyG));
    }
    keys.push(("Back".to_string(), KeyCode::Escape));
    commands.spawn((kit::key_row(keys), ChildOf(root)));
}

/// The list's entries: each kept replay, unavailable with the reason when this content
/// cannot play it.
pub fn list_entries(list: &ReplayList) -> Vec<ListEntry> {
    list.entries
        .iter()
        .map(|e| {
            let mut words = format!("#{}  seed {}  {} turns", e.number, e.seed, e.turns);
            let mut detail = format!("Packs: {}", e.packs.join(", "));
            if let Some(r) = &e.record {
                words += &format!("  score {}", r.score);
                detail += &format!("\n{}, floor {}", r.cause, r.floor);
            }
            let entry = ListEntry::new(words).detail(detail);
            match &e.refused {
                Some(why) => entry.unavailable(format!("cannot be watched: {why}")),
                None => entry,
            }
        })
        .collect()
}

/// The notes under the list: nothing kept yet, problems reading the shelf, what the last try
/// to watch said.
pub fn list_text(list: &ReplayList, notice: Option<&str>) -> String {
    let mut lines: Vec<String> = Vec::new();
    if list.entries.is_empty() {
        lines.push("No replays kept yet: every finished run keeps its own.".into());
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
    mut shown: Single<&mut ListMenu, With<ReplaysList>>,
) {
    for mut t in &mut text {
        let new = list_text(&list, notice.0.as_deref());
        if t.0 != new {
            t.0 = new;
        }
    }
    let entries = list_entries(&list);
    if shown.entries != entries {
        shown.set_entries(entries);
        shown.cursor = list.cursor.min(list.entries.len().saturating_sub(1));
    }
}

/// Replay files the player hands the screen: one dropped on the window is imported; the
/// browser's picked files are watched, imported or raced, as the key that opened the picker
/// asked (they arrive a few frames after it).
fn open_files(
    mut drops: MessageReader<FileDragAndDrop>,
    mut archive: ResMut<RunArchive>,
    content: Res<ContentRes>,
    mut list: ResMut<ReplayList>,
    mut notice: ResMut<WatchNotice>,
    mut commands: Commands,
) {
    let mut imports = Vec::new();
    for drop in drops.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = drop {
            let name = path_buf.display().to_string();
            match std::fs::read(path_buf) {
                Ok(bytes) => imports.push((name, bytes)),
                Err(e) => notice.0 = Some(format!("Cannot import {name}: {e}")),
            }
        }
    }
    match web::take_picked_replays() {
        Some((ReplayPick::Import, files)) => imports.extend(files),
        Some((ReplayPick::Watch, files)) => {
            if let Some((name, bytes)) = files.into_iter().next() {
                match request_bytes(&bytes, &content.0, name.clone(), WatchFrom::Replays) {
                    Ok(request) => commands.insert_resource(request),
                    Err(e) => notice.0 = Some(format!("Cannot watch {name}: {e}")),
                }
            }
        }
        Some((ReplayPick::Race, files)) => {
            // Shown under their files' names, as `delve play --race` shows them.
            let files: Vec<(String, Vec<u8>)> = (files.into_iter())
                .map(|(n, b)| (crate::runs::race::ghost_name(std::path::Path::new(&n)), b))
                .collect();
            match race_seed(&files, &content.0) {
                Ok(seed) => start_race(&mut commands, &content.0, seed, files),
                Err(why) => notice.0 = Some(format!("No race: {why}")),
            }
        }
        None => {}
    }
    if imports.is_empty() {
        return;
    }
    let said: Vec<String> = imports
        .iter()
        .map(|(name, bytes)| {
            match crate::runs::import_replay(archive.0.as_mut(), bytes, &content.0) {
                Ok((proved, kept)) => format!(
                    "Imported {name} as run #{}, verified: {proved}",
                    kept.number
                ),
                Err(refused) => format!("Not imported: {name}: {}", refused.reason),
            }
        })
        .collect();
    (list.entries, list.problems) = list_replays(archive.0.as_mut(), &content.0);
    notice.0 = Some(said.join("\n"));
}

/// The seed a race of picked replay files runs on (the first one's), once every file is
/// checked as the race will play it, so that a wrong file is named here and not after the
/// class choice.
fn race_seed(
    files: &[(String, Vec<u8>)],
    content: &crate::content::Content,
) -> Result<u64, String> {
    let (name, bytes) = files.first().ok_or("no replay was picked")?;
    let seed = crate::runs::replay::Replay::peek(bytes)
        .map(|r| r.origin.seed)
        .ok_or_else(|| format!("{name}: this is not a Delve replay file (or it is damaged)"))?;
    crate::runs::race::Race::from_files(files.to_vec(), seed, content)
        .map_err(|e| e.to_string())?;
    Ok(seed)
}

fn list_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut choices: MessageReader<ListChoice>,
    shown: Single<(Entity, &ListMenu), With<ReplaysList>>,
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
    let (shown_e, shown) = *shown;
    list.cursor = shown.cursor;
    let chosen = choices.read().filter_map(|c| c.chosen_in(shown_e)).last();
    for (key, purpose) in [
        (KeyCode::KeyO, ReplayPick::Watch),
        (KeyCode::KeyI, ReplayPick::Import),
        (KeyCode::KeyG, ReplayPick::Race),
    ] {
        if keys.just_pressed(key)
            && let Err(e) = web::pick_replay_files(purpose)
        {
            notice.0 = Some(e);
        }
    }
    if keys.just_pressed(KeyCode::KeyR)
        && let Some(seed) = list.entries.get(list.cursor).map(|e| e.seed)
    {
        match race_my_best(archive.0.as_ref(), &list.entries, seed) {
            Ok(files) => start_race(&mut commands, &content.0, seed, files),
            Err(why) => notice.0 = Some(why),
        }
        return;
    }
    if let Some(e) = chosen.and_then(|i| list.entries.get(i)) {
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

/// A new run of `seed` (after the class choice) with `files` as its ghosts.
pub(super) fn start_race(
    commands: &mut Commands,
    content: &crate::content::Content,
    seed: u64,
    files: Vec<(String, Vec<u8>)>,
) {
    commands.insert_resource(RaceFiles(files));
    commands.insert_resource(NewRun { seed, class: None });
    super::class_choice::start_new_run(commands, content, seed, None);
}

/// "Race my best": the best kept replay of `seed` (`race::best_of_seed`) as the one ghost of
/// a new run of that seed, or why there is none.
pub fn race_my_best(
    archive: &dyn crate::runs::Archive,
    kept: &[KeptReplay],
    seed: u64,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let best = crate::runs::race::best_of_seed(kept, seed)
        .ok_or_else(|| format!("No kept replay of seed {seed} can be raced here."))?;
    let bytes = archive
        .read(crate::runs::Shelf::Replays, &best.name)?
        .ok_or_else(|| format!("{} is no longer kept", best.name))?;
    let name = crate::runs::race::ghost_name(std::path::Path::new(&best.name));
    Ok(vec![(name, bytes)])
}
