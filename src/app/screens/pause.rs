//! The pause and help overlays: Escape pauses (resume, export the run's replay, or return to
//! the menu); F1 shows the keys. Escape closes whichever is open. Overlays never end a fight.
use bevy::prelude::*;

use crate::app::shared::{AppSystems, ContentRes, GameRes, Overlay, OverlayInput, Screen};

use crate::app::save::{SaveStore, export};

use crate::replay::Replay;

/// The pause overlay's column, where the export's result line goes.
#[derive(Component)]
struct PauseRoot;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Pause), spawn_pause);
    app.add_systems(OnEnter(Overlay::Help), spawn_help);
    app.add_systems(
        Update,
        pause_input
            .in_set(AppSystems::Input)
            .in_set(OverlayInput)
            .run_if(in_state(Screen::InGame)),
    );
}

/// A centred column over the whole window, above the game, on a dark veil of `alpha`.
pub(super) fn overlay_root(alpha: f32) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: px(12),
            ..default()
        },
        GlobalZIndex(10),
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, alpha)),
    )
}

fn spawn_pause(mut commands: Commands) {
    commands.spawn((
        Name::new("Pause"),
        PauseRoot,
        DespawnOnExit(Overlay::Pause),
        overlay_root(0.7),
        children![
            (Text::new("Paused"), TextFont::from_font_size(48.0)),
            (
                Text::new(
                    "Esc  resume\nR  export this run's replay\nO  settings\nF1  keys\nM  quit to the main menu (Continue resumes the run)"
                ),
                TextFont::from_font_size(20.0),
                TextLayout::justify(Justify::Center),
            ),
        ],
    ));
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
  F2                     animations on / off
  F3                     the monsters' AI overlay
  F4                     colour-blind-safe colours on / off
  F5                     reload content and mods from disk (desktop)
  + / - / mouse wheel    zoom (Settings: O in the pause menu)";

fn spawn_help(mut commands: Commands) {
    commands.spawn((
        Name::new("Help"),
        DespawnOnExit(Overlay::Help),
        overlay_root(0.8),
        children![
            (Text::new("Keys"), TextFont::from_font_size(40.0)),
            (Text::new(KEYS), TextFont::from_font_size(18.0)),
            (
                Text::new("Esc or F1 to close"),
                TextFont::from_font_size(16.0),
                TextColor(Color::srgb(0.6, 0.6, 0.6)),
            ),
        ],
    ));
}

#[allow(clippy::too_many_arguments)]
fn pause_input(
    keys: Res<ButtonInput<KeyCode>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut commands: Commands,
    game: Option<Res<GameRes>>,
    content: Res<ContentRes>,
    store: Res<SaveStore>,
    root: Query<Entity, With<PauseRoot>>,
) {
    let paused = *overlay.get() == Overlay::Pause;
    if keys.just_pressed(KeyCode::Escape) {
        next_overlay.set(if *overlay.get() == Overlay::None {
            Overlay::Pause
        } else {
            Overlay::None
        });
    } else if keys.just_pressed(KeyCode::F1) {
        next_overlay.set(if *overlay.get() == Overlay::Help {
            Overlay::None
        } else {
            Overlay::Help
        });
    } else if paused && keys.just_pressed(KeyCode::KeyO) {
        next_overlay.set(Overlay::Settings);
    } else if paused && keys.just_pressed(KeyCode::KeyM) {
        commands.set_state(Screen::MainMenu);
    } else if paused
        && keys.just_pressed(KeyCode::KeyR)
        && let Some(game) = game
        && let Ok(root) = root.single()
    {
        let (game, content) = (&game.0, &content.0);
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
