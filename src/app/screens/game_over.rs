//! GameOver: the run told in full (floor, turn, gold, kills, cause of death, seed), where its
//! morgue and replay were kept and its place in the records.
use bevy::prelude::*;

use crate::app::save::{KeepRun, LastKept, RunArchive, SaveStore};
use crate::app::shared::{ContentRes, GameRes, NewRun, OpenRun, Screen, UiSystems};
use crate::app::ui::kit;
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};
use crate::runs::{Kept, Shelf};

use super::watch::{WatchFrom, WatchRequest};

use crate::game::{Game, RunOutcome};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DownloadNote>();
    app.add_systems(OnEnter(Screen::GameOver), spawn_summary.after(KeepRun));
    app.add_systems(
        Update,
        show_note
            .in_set(UiSystems::Screen)
            .ambiguous_with(UiSystems::Screen)
            .run_if(in_state(Screen::GameOver).and_then(resource_changed::<DownloadNote>)),
    );
    app.add_systems(
        Update,
        game_over_input
            .in_set(ScreenInput)
            .ambiguous_with(ScreenInput)
            .run_if(in_state(Screen::GameOver)),
    );
}

/// The run summary as lines of text (also used by tests).
pub fn summary(game: &Game, content: &crate::content::Content) -> String {
    let headline = match game.run.outcome {
        Some(RunOutcome::Won) => "You escaped the dungeon!".to_string(),
        Some(RunOutcome::Abandoned) => {
            format!("You gave up the run on floor {}.", game.floor.depth)
        }
        Some(RunOutcome::Left) => "You left the dungeon without the prize.".to_string(),
        _ => match &game.run.death {
            Some(d) => format!("Killed by {} ({})", d.killer, d.ability),
            None => "Your run ended.".to_string(),
        },
    };
    let class = crate::runs::class_name(&game.origin.class, content);
    format!(
        "{headline}\n\n{class}   Floor {} of {}   Turn {}\nGold {}   Kills {}   Level {}\nSeed {}",
        game.floor.depth,
        game.run.floors,
        game.run.turn,
        game.party.gold,
        game.party.kills,
        game.party.level,
        game.origin.seed
    )
}

/// Where the run was kept, in lines for the screen.
pub fn kept_lines(kept: &Kept) -> String {
    let mut lines = Vec::new();
    if let Some(m) = &kept.morgue {
        lines.push(format!("Morgue: {m}"));
    }
    match &kept.replay {
        Some(r) => lines.push(format!("Replay: {r}")),
        None if kept.morgue.is_some() => {
            lines.push("Replay: none (content reloaded: no replay)".into())
        }
        None => {}
    }
    match kept.place {
        Some(p) => lines.push(format!("Records: #{} of the best runs", p + 1)),
        None => lines.push("Records: not among the best runs".into()),
    }
    for p in &kept.problems {
        lines.push(format!("Could not keep everything: {p}"));
    }
    lines.join("\n")
}

fn spawn_summary(
    mut commands: Commands,
    game: Res<GameRes>,
    kept: Res<LastKept>,
    mut note: ResMut<DownloadNote>,
    content: Res<ContentRes>,
) {
    note.0 = None;
    let text = summary(game.game(), &content.0);
    let kept_text = kept.0.as_ref().map(kept_lines).unwrap_or_default();
    let can_watch = kept.0.as_ref().is_some_and(|k| k.replay.is_some());
    commands.spawn((
        Name::new("Game over"),
        DespawnOnExit(Screen::GameOver),
        super::full_screen(Color::srgb(0.08, 0.02, 0.03)),
        children![
            (
                Text::new("GAME OVER"),
                TextFont::from_font_size(64.0),
                TextColor(Color::srgb(0.9, 0.25, 0.2)),
            ),
            (
                Text::new(text),
                TextFont::from_font_size(24.0),
                TextLayout::justify(Justify::Center),
            ),
            (
                KeptText,
                Text::new(kept_text),
                TextFont::from_font_size(16.0),
                TextColor(Color::srgb(0.65, 0.7, 0.65)),
                TextLayout::justify(Justify::Center),
            ),
            (GameOverList, kit::list(game_over_list(can_watch))),
        ],
    ));
}

/// What GameOver offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    NewRun,
    SameClass,
    SameSeed,
    Watch,
    Share,
    Download,
    MainMenu,
}

/// GameOver's entries, in order (Download only in the browser, where the morgue is not a
/// file the player can open).
fn choices() -> Vec<Choice> {
    let mut all = vec![
        Choice::NewRun,
        Choice::SameClass,
        Choice::SameSeed,
        Choice::Watch,
        Choice::Share,
    ];
    if cfg!(target_arch = "wasm32") {
        all.push(Choice::Download);
    }
    all.push(Choice::MainMenu);
    all
}

fn game_over_list(can_watch: bool) -> ListMenu {
    let entries = choices()
        .into_iter()
        .map(|c| match c {
            Choice::NewRun => ListEntry::new("New run").key(KeyCode::KeyN, "N"),
            Choice::SameClass => ListEntry::new("Same class again").key(KeyCode::KeyA, "A"),
            Choice::SameSeed => ListEntry::new("Same seed again").key(KeyCode::KeyS, "S"),
            Choice::Watch if can_watch => ListEntry::new("Watch this run").key(KeyCode::KeyW, "W"),
            Choice::Watch => ListEntry::new("Watch this run")
                .key(KeyCode::KeyW, "W")
                .unavailable("content was reloaded during it: no replay"),
            Choice::Share if can_watch => ListEntry::new("Save for sharing")
                .key(KeyCode::KeyE, "E")
                .detail(
                    "The replay and a one-line result, which anyone can check with delve verify.",
                ),
            Choice::Share => ListEntry::new("Save for sharing")
                .key(KeyCode::KeyE, "E")
                .unavailable("content was reloaded during it: no replay"),
            Choice::Download => ListEntry::new("Download the morgue").key(KeyCode::KeyD, "D"),
            Choice::MainMenu => ListEntry::new("Main menu").key(KeyCode::KeyM, "M"),
        })
        .collect();
    ListMenu::new("Game over", entries)
}

/// GameOver's list.
#[derive(Component)]
struct GameOverList;

/// The line under the summary that says where the run was kept.
#[derive(Component)]
pub struct KeptText;

/// Browser: what downloading the morgue did, added under where the run was kept.
#[derive(Resource, Debug, Default, Clone)]
pub struct DownloadNote(pub Option<String>);

fn show_note(
    note: Res<DownloadNote>,
    kept: Res<LastKept>,
    mut text: Query<&mut Text, With<KeptText>>,
) {
    let kept_text = kept.0.as_ref().map(kept_lines).unwrap_or_default();
    for mut t in &mut text {
        t.0 = match &note.0 {
            Some(n) => format!("{kept_text}\n{n}"),
            None => kept_text.clone(),
        };
    }
}

fn game_over_input(
    mut picked: MessageReader<ListChoice>,
    list: Single<Entity, With<GameOverList>>,
    game: Res<GameRes>,
    kept: Res<LastKept>,
    archive: Option<Res<RunArchive>>,
    store: Res<SaveStore>,
    content: Res<ContentRes>,
    mut note: ResMut<DownloadNote>,
    mut commands: Commands,
) {
    let seed = game.origin.seed;
    let all = choices();
    let chosen = picked
        .read()
        .filter_map(|c| c.chosen_in(*list))
        .last()
        .map(|i| all[i]);
    // Through commands, so this and the menu never race on `NewRun`. A new run chooses its
    // class; the same class, or the same seed (of the same class), starts at once.
    let class = (!game.origin.class.is_empty()).then(|| game.origin.class.clone());
    if chosen == Some(Choice::NewRun) {
        let seed = crate::rng::mix(seed);
        commands.insert_resource(NewRun { seed, class: None });
        super::class_choice::start_new_run(&mut commands, &content.0, seed, None);
    } else if chosen == Some(Choice::SameClass) {
        let seed = crate::rng::mix(seed);
        commands.insert_resource(NewRun { seed, class: None });
        commands.write_message(OpenRun::New { seed, class });
    } else if chosen == Some(Choice::SameSeed) {
        commands.insert_resource(NewRun { seed, class: None });
        commands.write_message(OpenRun::New { seed, class });
    } else if chosen == Some(Choice::MainMenu) {
        commands.set_state(Screen::MainMenu);
    } else if chosen == Some(Choice::Watch)
        && let Some(k) = &kept.0
        && k.replay.is_some()
    {
        // The run as it was just played: its commands are in the state.
        commands.insert_resource(WatchRequest {
            replay: crate::runs::replay::Replay::of(game.game(), &content.0),
            title: super::watch::run_title(k.number, seed),
            from: WatchFrom::GameOver,
        });
    } else if chosen == Some(Choice::Share) && game.origin.reloads.is_empty() {
        note.0 = Some(share(game.game(), &content.0, &store));
    } else if chosen == Some(Choice::Download)
        && let (Some(k), Some(a)) = (&kept.0, &archive)
    {
        let name = crate::runs::kept::kept_file_name(k.number, seed, "txt");
        let said =
            a.0.read(Shelf::Morgues, &name)
                .and_then(|b| b.ok_or_else(|| format!("{name} is no longer kept")))
                .and_then(|bytes| crate::app::save::export(&name, &bytes, &store));
        note.0 = Some(match said {
            Ok(to) => format!("Morgue: {to}"),
            Err(e) => format!("The morgue could not be downloaded: {e}"),
        });
    }
}

/// Saves the run's replay and its one-line result beside the save (downloads them in the
/// browser); says where they went and the line.
fn share(game: &crate::game::Game, content: &crate::content::Content, store: &SaveStore) -> String {
    let files = match crate::runs::share::shared_files(game, content) {
        Ok(files) => files,
        Err(e) => return format!("The run could not be saved for sharing: {e}"),
    };
    let mut places = Vec::new();
    for (name, bytes) in &files {
        match crate::app::save::export(name, bytes, store) {
            Ok(to) => places.push(to),
            Err(e) => return format!("The run could not be saved for sharing: {e}"),
        }
    }
    let line = String::from_utf8_lossy(&files[1].1).trim().to_string();
    format!("Saved for sharing: {}\n{line}", places.join(" and "))
}
