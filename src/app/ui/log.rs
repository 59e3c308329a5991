//! The message log: the core's lines for each turn, plus refusals with their reason.
use bevy::prelude::*;

use crate::app::shared::{GameRes, Notice, Screen, TurnResolved, UiSystems};

use crate::game::Outcome;

/// The lines the log shows, newest last.
#[derive(Resource, Debug, Default, Clone)]
pub struct MessageLog(pub Vec<String>);

#[derive(Component)]
struct LogText;

const SHOWN: usize = 7;
const KEPT: usize = 500;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MessageLog>();
    app.add_systems(OnEnter(Screen::InGame), spawn_log);
    app.add_systems(
        Update,
        (collect, show)
            .chain()
            .in_set(UiSystems::Log)
            .run_if(in_state(Screen::InGame)),
    );
}

fn spawn_log(mut commands: Commands, game: Option<Res<GameRes>>, mut log: ResMut<MessageLog>) {
    if let Some(g) = game
        && g.0.turn == 0
    {
        log.0 = vec![format!(
            "Welcome to Delve. Seed {}. Find the stairs down (>).",
            g.0.seed
        )];
    }
    commands.spawn((
        Name::new("Message log"),
        LogText,
        Text::new(""),
        TextFont::from_font_size(16.0),
        TextColor(Color::srgb(0.85, 0.85, 0.8)),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(8),
            left: px(10),
            max_width: percent(60),
            padding: UiRect::all(px(6)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
        DespawnOnExit(Screen::InGame),
    ));
}

/// Appends what one resolved command produced.
pub fn lines_for(resolved: &TurnResolved, game: &crate::game::Game) -> Vec<String> {
    match &resolved.outcome {
        Outcome::Rejected(reason) => vec![reason.to_string()],
        _ => game
            .log
            .iter()
            .filter(|l| l.turn == resolved.turn)
            .map(|l| l.text.clone())
            .collect(),
    }
}

fn collect(
    mut turns: MessageReader<TurnResolved>,
    mut notices: MessageReader<Notice>,
    game: Option<Res<GameRes>>,
    mut log: ResMut<MessageLog>,
) {
    let Some(game) = game else { return };
    for t in turns.read() {
        let lines = lines_for(t, &game.0);
        log.0.extend(lines);
    }
    log.0.extend(notices.read().map(|n| n.0.clone()));
    if log.0.len() > KEPT {
        let extra = log.0.len() - KEPT;
        log.0.drain(..extra);
    }
}

fn show(log: Res<MessageLog>, mut text: Single<&mut Text, With<LogText>>) {
    if log.is_changed() || text.0.is_empty() {
        let start = log.0.len().saturating_sub(SHOWN);
        text.0 = log.0[start..].join("\n");
    }
}
