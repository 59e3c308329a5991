//! GameOver: the run told in full (floor, turn, gold, kills, cause of death, seed).
use bevy::prelude::*;

use crate::app::shared::{AppSystems, GameRes, NewRun, Screen};

use crate::game::{Game, RunOutcome};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::GameOver), spawn_summary);
    app.add_systems(OnExit(Screen::GameOver), |mut commands: Commands| {
        commands.remove_resource::<GameRes>()
    });
    app.add_systems(
        Update,
        game_over_input
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::GameOver)),
    );
}

/// The run summary as lines of text (also used by tests).
pub fn summary(game: &Game) -> String {
    let headline = match game.outcome {
        Some(RunOutcome::Won) => "You escaped the dungeon!".to_string(),
        _ => match &game.death {
            Some(d) => format!("Killed by {} ({})", d.killer, d.ability),
            None => "Your run ended.".to_string(),
        },
    };
    format!(
        "{headline}\n\nFloor {} of {}   Turn {}\nGold {}   Kills {}   Level {}\nSeed {}",
        game.floor, game.floors, game.turn, game.gold, game.kills, game.level, game.seed
    )
}

fn spawn_summary(mut commands: Commands, game: Option<Res<GameRes>>) {
    let text = game.map_or_else(|| "No run".to_string(), |g| summary(&g.0));
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
                Text::new("Enter  new run     S  same seed again     M  main menu"),
                TextFont::from_font_size(18.0),
                TextColor(Color::srgb(0.7, 0.7, 0.75)),
            ),
        ],
    ));
}

fn game_over_input(
    keys: Res<ButtonInput<KeyCode>>,
    game: Option<Res<GameRes>>,
    mut commands: Commands,
) {
    let Some(seed) = game.map(|g| g.0.seed) else {
        // No run to tell about (should not happen): back to the menu rather than guess a seed.
        commands.set_state(Screen::MainMenu);
        return;
    };
    // Through commands, so this and the menu never race on `NewRun`.
    if keys.just_pressed(KeyCode::Enter) {
        commands.insert_resource(NewRun {
            seed: crate::rng::mix(seed),
        });
        commands.set_state(Screen::InGame);
    } else if keys.just_pressed(KeyCode::KeyS) {
        commands.insert_resource(NewRun { seed });
        commands.set_state(Screen::InGame);
    } else if keys.just_pressed(KeyCode::KeyM) {
        commands.set_state(Screen::MainMenu);
    }
}
