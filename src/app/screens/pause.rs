//! The pause and help overlays: Escape pauses (resume, export the run's replay, abandon the
//! run, or return to the menu: each entry by its key, or Up/Down or Tab then Enter); F1 shows the keys. Escape
//! closes whichever is open. Overlays never end a fight.
use bevy::prelude::*;

use crate::app::shared::{
    ContentRes, GameRes, Overlay, OverlayInput, PlayerCommand, Screen, UiSystems,
};
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};

use crate::app::save::{SaveStore, export};
use crate::app::ui::kit;

use crate::game::Command;
use crate::runs::replay::Replay;

/// The pause overlay's column, where the export's result line goes.
#[derive(Component)]
struct PauseRoot;

/// The pause menu's list.
#[derive(Component)]
struct PauseList;

/// What the pause menu offers, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PauseEntry {
    Resume,
    Export,
    Settings,
    Keys,
    Abandon,
    Quit,
}

/// The pause menu's entries: what each does, its words and its key.
const PAUSE_ENTRIES: [(PauseEntry, &str, KeyCode, &str); 6] = [
    (PauseEntry::Resume, "Resume", KeyCode::Escape, "Esc"),
    (
        PauseEntry::Export,
        "Export this run's replay",
        KeyCode::KeyR,
        "R",
    ),
    (PauseEntry::Settings, "Settings", KeyCode::KeyO, "O"),
    (PauseEntry::Keys, "Keys", KeyCode::F1, "F1"),
    (
        PauseEntry::Abandon,
        "Abandon this run (asks again first)",
        KeyCode::KeyA,
        "A",
    ),
    (
        PauseEntry::Quit,
        "Quit to the main menu (Continue resumes the run)",
        KeyCode::KeyM,
        "M",
    ),
];

/// What choosing Abandon once says: the run is not gone yet.
const ABANDON_ASK: &str =
    "Choose Abandon again (A) to give this run up: it ends here and is kept in the records.";

fn pause_list() -> ListMenu {
    ListMenu::new(
        "Paused",
        PAUSE_ENTRIES
            .iter()
            .map(|(_, words, key, name)| ListEntry::new(*words).key(*key, *name))
            .collect(),
    )
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Pause), spawn_pause);
    app.add_systems(OnEnter(Overlay::Help), spawn_help);
    app.add_systems(
        Update,
        show_help_filter
            .in_set(UiSystems::Overlay)
            .ambiguous_with(UiSystems::Overlay)
            .run_if(in_state(Overlay::Help)),
    );
    app.add_systems(
        Update,
        pause_input
            .in_set(OverlayInput)
            .in_set(ScreenInput)
            .ambiguous_with(ScreenInput)
            .run_if(in_state(Screen::InGame)),
    );
}

fn spawn_pause(mut commands: Commands) {
    let root = commands
        .spawn((
            Name::new("Pause"),
            PauseRoot,
            DespawnOnExit(Overlay::Pause),
            kit::overlay_backdrop(),
        ))
        .id();
    commands.spawn((
        kit::overlay_panel(),
        ChildOf(root),
        children![
            (Text::new("Paused"), TextFont::from_font_size(48.0)),
            (PauseList, kit::list(pause_list())),
            kit::hint("Up/Down or Tab  choose     Enter  do it"),
        ],
    ));
}

/// Every key of the game, for the help overlay.
pub(crate) const KEYS: &str = "\
Exploring
  arrows / WASD / hjkl   move (into a monster: fight, or sneak attack one unaware; into a closed door: open it)
  Shift+C                close an open door beside you
  Shift+S                search for hidden doors (5 turns)
  Space or .             wait a turn
  Z                      rest until healed, or something shows up
  U                      show / hide the stealth range (tinted tiles)
  Y                      shout: wake what sleeps near by, and bring it to you
  > or Enter             take the stairs down
  X                      auto-explore until something comes into view
  G                      travel to the stairs down
  Ctrl+F                 find: what this floor holds, nearest first (type to filter, Enter travels)
  Shift+F                autofight: step towards the nearest monster in view (the bump fights)
  , or P                 pick up what lies here
  Shift+P                leave what lies here: auto-explore passes it by (again: take it back)
  I or E                 inventory: use, wear, drop, take off
  ;                      look: a cursor on the map (move keys move it, Tab / Shift+Tab the
                         next / last thing in sight, Enter travels there, Esc or ; leaves)
  T                      throw: aim the pack's first thrown item (Enter throws)
  Q                      throw it again at the last target still in sight
  mouse                  point at a tile to examine it; click to travel there
In a fight
  1-9                    use an ability on the selected enemy
  I                      inventory (using an item is your action)
  T / Q                  throw at an enemy / again at the last one
  Tab                    select the next enemy
  Shift+F                autofight: the best ability on the weakest enemy (refused at low health)
  F                      flee        Space  wait
Any time
  Esc                    pause (R there exports the replay, A abandons the run)
  F1                     this help
  M                      message history
Reading aloud (for screen readers; also shown over the map)
  V                      describe the surroundings (in a fight, the fight first)
  C                      read the fight: enemies, hit chances, abilities
  N                      read the log's last lines
  R                      say the last announcement again
  F2                     animations on / off
  F3                     the monsters' AI overlay
  F4                     colour-blind-safe colours on / off
  F5                     reload content and mods from disk (desktop)
  + / - / mouse wheel    zoom (Settings: O in the pause menu)";

/// The help overlay's list: every key of `KEYS`, its section as its detail.
fn help_list() -> ListMenu {
    let mut section = "";
    let mut entries = Vec::new();
    for line in KEYS.lines() {
        let Some(line) = line.strip_prefix("  ") else {
            section = line;
            continue;
        };
        // "keys   what they do": the keys end at the first run of two spaces.
        let (keys, what) = line.split_once("  ").unwrap_or((line, ""));
        entries.push(
            ListEntry::new(what.trim())
                .note(keys.trim())
                .detail(section),
        );
    }
    ListMenu::new("Keys", entries).with_filter()
}

/// The help overlay's list.
#[derive(Component)]
struct HelpList;

fn spawn_help(mut commands: Commands) {
    commands.spawn((
        Name::new("Help"),
        DespawnOnExit(Overlay::Help),
        kit::overlay(children![
            (Text::new("Keys"), TextFont::from_font_size(40.0)),
            (
                HelpFilter,
                Text::new(FILTER_PROMPT),
                TextFont::from_font_size(16.0),
                TextColor(kit::HINT),
            ),
            (HelpList, kit::list(help_list())),
        ]),
    ));
}

/// The line above the help's list: what typing does, and the filter typed.
#[derive(Component)]
struct HelpFilter;

const FILTER_PROMPT: &str = "Type to find a key     Esc or F1 to close";

/// The filter typed, shown above the list.
fn show_help_filter(
    list: Query<&ListMenu, (With<HelpList>, Changed<ListMenu>)>,
    mut line: Query<&mut Text, With<HelpFilter>>,
) {
    let Ok(list) = list.single() else { return };
    let now = match list.filter.as_deref() {
        Some(f) if !f.is_empty() => format!("Showing keys for \"{f}\"     Backspace to widen"),
        _ => FILTER_PROMPT.to_string(),
    };
    for mut t in &mut line {
        if t.0 != now {
            t.0 = now.clone();
        }
    }
}

fn pause_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut choices: MessageReader<ListChoice>,
    list: Query<Entity, With<PauseList>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    store: Res<SaveStore>,
    root: Query<Entity, With<PauseRoot>>,
    rebinding: Res<super::settings::Rebinding>,
    mut sent: MessageWriter<PlayerCommand>,
    // Abandon chosen once since the menu opened: the next choice of it ends the run.
    mut abandon_asked: Local<bool>,
) {
    let paused = *overlay.get() == Overlay::Pause;
    if !paused {
        *abandon_asked = false;
    }
    // Esc that ended a rebinding in the Settings overlay closes nothing.
    if rebinding.took == Some(KeyCode::Escape) {
        return;
    }
    // The pause menu's entries (their keys, Enter, a click or a tap), or the keys that open
    // and close the overlays from play.
    let chosen = list
        .single()
        .ok()
        .and_then(|l| choices.read().filter_map(|c| c.chosen_in(l)).last())
        .map(|i| PAUSE_ENTRIES[i].0);
    let pressed = |key: KeyCode, entry: PauseEntry| {
        if paused {
            chosen == Some(entry)
        } else {
            keys.just_pressed(key)
        }
    };
    if pressed(KeyCode::Escape, PauseEntry::Resume) {
        next_overlay.set(if *overlay.get() == Overlay::None {
            Overlay::Pause
        } else {
            Overlay::None
        });
    } else if pressed(KeyCode::F1, PauseEntry::Keys) {
        next_overlay.set(if *overlay.get() == Overlay::Help {
            Overlay::None
        } else {
            Overlay::Help
        });
    } else if paused && pressed(KeyCode::KeyO, PauseEntry::Settings) {
        next_overlay.set(Overlay::Settings);
    } else if paused && pressed(KeyCode::KeyA, PauseEntry::Abandon) {
        if *abandon_asked {
            // Given up: the run ends as any run does, on the game-over screen, kept.
            sent.write(PlayerCommand(Command::Abandon));
            next_overlay.set(Overlay::None);
        } else if let Ok(root) = root.single() {
            *abandon_asked = true;
            commands.entity(root).with_child((
                Text::new(ABANDON_ASK),
                TextFont::from_font_size(18.0),
                TextColor(Color::srgb(1.0, 0.75, 0.4)),
            ));
        }
    } else if paused && pressed(KeyCode::KeyM, PauseEntry::Quit) {
        commands.set_state(Screen::MainMenu);
    } else if paused
        && pressed(KeyCode::KeyR, PauseEntry::Export)
        && let Ok(root) = root.single()
    {
        let (game, content) = (game.game(), &content.0);
        let name = format!(
            "delve-seed{}-turn{}.replay",
            game.origin.seed, game.run.turn
        );
        let line = Replay::of(game, content)
            .with_checkpoints(content)
            .encode(content)
            .map_err(|e| e.to_string())
            .and_then(|bytes| export(&name, &bytes, &store))
            .map_or_else(
                |e| format!("The replay could not be exported: {e}"),
                |to| format!("Replay exported: {to}"),
            );
        commands
            .entity(root)
            .with_child((Text::new(line), TextFont::from_font_size(18.0)));
    }
}
