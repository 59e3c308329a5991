//! The pause and help overlays: Escape pauses (resume, export the run's replay, or return to
//! the menu: each entry by its key, or Up/Down or Tab then Enter); F1 shows the keys. Escape
//! closes whichever is open. Overlays never end a fight.
use bevy::prelude::*;

use crate::app::shared::{
    AppSystems, ContentRes, GameRes, Menu, Overlay, OverlayInput, Screen, SeenOnly, UiSystems,
};

use crate::app::save::{SaveStore, export};
use crate::app::ui::kit;

use crate::replay::Replay;

/// The pause overlay's column, where the export's result line goes.
#[derive(Component)]
struct PauseRoot;

/// The pause menu's entries, drawn with the cursor's one marked.
#[derive(Component)]
struct PauseEntries;

/// The pause menu's entries: words and key.
const PAUSE_ENTRIES: [(&str, &str); 5] = [
    ("Resume", "Esc"),
    ("Export this run's replay", "R"),
    ("Settings", "O"),
    ("Keys", "F1"),
    ("Quit to the main menu (Continue resumes the run)", "M"),
];

/// Each entry's key, for its button (in `PAUSE_ENTRIES`' order).
const PAUSE_KEYS: [KeyCode; 5] = [
    KeyCode::Escape,
    KeyCode::KeyR,
    KeyCode::KeyO,
    KeyCode::F1,
    KeyCode::KeyM,
];

/// The entry the pause menu's cursor is on (Resume on opening).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PauseCursor(pub usize);

fn pause_lines(at: usize) -> String {
    PAUSE_ENTRIES
        .iter()
        .enumerate()
        .map(|(i, (words, key))| {
            let mark = if i == at { ">" } else { " " };
            format!("{mark} {key:<4} {words}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn pause_menu(at: usize) -> Menu {
    Menu::new(
        "Paused",
        PAUSE_ENTRIES
            .iter()
            .map(|(words, key)| format!("{words}: {key}"))
            .collect(),
        Some(at),
    )
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PauseCursor>();
    app.add_systems(OnEnter(Overlay::Pause), spawn_pause);
    app.add_systems(OnEnter(Overlay::Help), spawn_help);
    app.add_systems(
        Update,
        (
            pause_input
                .in_set(AppSystems::Input)
                .in_set(OverlayInput)
                .run_if(in_state(Screen::InGame)),
            draw_pause
                .in_set(UiSystems::Overlay)
                .run_if(in_state(Overlay::Pause).and_then(resource_changed::<PauseCursor>)),
        ),
    );
}

fn spawn_pause(mut commands: Commands, mut cursor: ResMut<PauseCursor>) {
    *cursor = PauseCursor::default();
    let root = commands
        .spawn((
            Name::new("Pause"),
            PauseRoot,
            pause_menu(0),
            DespawnOnExit(Overlay::Pause),
            kit::overlay_backdrop(),
        ))
        .id();
    commands
        .spawn((kit::overlay_panel(), ChildOf(root)))
        .with_children(|panel| {
            panel.spawn((Text::new("Paused"), TextFont::from_font_size(48.0)));
            panel.spawn((
                PauseEntries,
                SeenOnly,
                Text::new(pause_lines(0)),
                TextFont::from_font_size(20.0),
            ));
            panel.spawn((
                Text::new("Up/Down or Tab  choose     Enter  do it"),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(0.6, 0.6, 0.6)),
            ));
            // The entries as buttons: a click or a tap does what the entry's key does (the
            // first, Resume, is the overlay's Close).
            for ((words, _), key) in PAUSE_ENTRIES.iter().zip(PAUSE_KEYS) {
                panel.spawn(kit::key_button(*words, key));
            }
        });
}

/// The pause menu with its cursor's entry marked.
fn draw_pause(
    cursor: Res<PauseCursor>,
    mut entries: Query<&mut Text, With<PauseEntries>>,
    mut menu: Query<&mut Menu, With<PauseRoot>>,
) {
    for mut t in &mut entries {
        t.0 = pause_lines(cursor.0);
    }
    for mut m in &mut menu {
        m.set_if_neq(pause_menu(cursor.0));
    }
}

/// Every key of the game, for the help overlay.
pub(crate) const KEYS: &str = "\
Exploring
  arrows / WASD / hjkl   move (into a monster: fight)
  Space or .             wait a turn
  > or Enter             take the stairs down
  X                      auto-explore until something comes into view
  G                      travel to the stairs down
  , or P                 pick up what lies here
  I or E                 inventory: use, wear, drop, take off
  mouse                  point at a tile to examine it; click to travel there
In a fight
  1-9                    use an ability on the selected enemy
  I                      inventory (using an item is your action)
  Tab                    select the next enemy
  F                      flee        Space  wait
Any time
  Esc                    pause (R there exports the replay)
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

fn spawn_help(mut commands: Commands) {
    commands.spawn((
        Name::new("Help"),
        Menu::new("Keys", Vec::new(), None),
        DespawnOnExit(Overlay::Help),
        crate::app::ui::kit::overlay(children![
            (Text::new("Keys"), TextFont::from_font_size(40.0)),
            (Text::new(KEYS), TextFont::from_font_size(16.0)),
            (
                Text::new("Esc or F1 to close"),
                TextFont::from_font_size(16.0),
                TextColor(Color::srgb(0.6, 0.6, 0.6)),
            ),
        ]),
    ));
}

fn pause_input(
    keys: Res<ButtonInput<KeyCode>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    store: Res<SaveStore>,
    root: Query<Entity, With<PauseRoot>>,
    mut cursor: ResMut<PauseCursor>,
) {
    let paused = *overlay.get() == Overlay::Pause;
    // Enter does the entry under the cursor, as its own key would.
    let mut chosen = None;
    if paused {
        let at = super::list_cursor(&keys, cursor.0, PAUSE_ENTRIES.len());
        cursor.set_if_neq(PauseCursor(at));
        if keys.just_pressed(KeyCode::Enter) {
            chosen = Some(cursor.0);
        }
    }
    let pressed = |key: KeyCode, entry: usize| keys.just_pressed(key) || chosen == Some(entry);
    if pressed(KeyCode::Escape, 0) {
        next_overlay.set(if *overlay.get() == Overlay::None {
            Overlay::Pause
        } else {
            Overlay::None
        });
    } else if pressed(KeyCode::F1, 3) {
        next_overlay.set(if *overlay.get() == Overlay::Help {
            Overlay::None
        } else {
            Overlay::Help
        });
    } else if paused && pressed(KeyCode::KeyO, 2) {
        next_overlay.set(Overlay::Settings);
    } else if paused && pressed(KeyCode::KeyM, 4) {
        commands.set_state(Screen::MainMenu);
    } else if paused
        && pressed(KeyCode::KeyR, 1)
        && let Ok(root) = root.single()
    {
        let (game, content) = (game.game(), &content.0);
        let name = format!("delve-seed{}-turn{}.replay", game.seed, game.turn);
        let line = Replay::of(game, content)
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
