//! The HUD line: health, stamina, floor, turn, gold, level and XP.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, Screen, UiSystems};

use crate::game::{Attr, Game};

#[derive(Component)]
struct HudText;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::InGame), spawn_hud);
    app.add_systems(
        Update,
        update_hud
            .in_set(UiSystems::Hud)
            .run_if(in_state(Screen::InGame)),
    );
}

fn spawn_hud(mut commands: Commands) {
    commands.spawn((
        Name::new("HUD"),
        HudText,
        Text::new(""),
        TextFont::from_font_size(18.0),
        TextColor(Color::srgb(0.9, 0.9, 0.9)),
        Node {
            position_type: PositionType::Absolute,
            top: px(8),
            left: px(10),
            padding: UiRect::all(px(6)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.6)),
        DespawnOnExit(Screen::InGame),
    ));
}

/// The HUD text for a game (pure, so tests can read it).
pub fn hud_line(g: &Game, content: &crate::content::Content) -> String {
    let h = g.hero();
    let max_h = g.attribute(g.hero, Attr::MaxHealth, content);
    let max_s = g.attribute(g.hero, Attr::MaxStamina, content);
    format!(
        "HP {:.0}/{:.0} {}   ST {:.0}/{:.0}   Floor {}/{}   Turn {}   Gold {}   Lv {} ({}/{} XP)",
        h.health.max(0.0),
        max_h,
        bar(h.health / max_h),
        h.stamina,
        max_s,
        g.floor,
        g.floors,
        g.turn,
        g.gold,
        g.level,
        g.xp,
        content.progression.xp_for_level(g.level + 1)
    )
}

fn bar(fraction: f64) -> String {
    let n = (fraction.clamp(0.0, 1.0) * 10.0).round() as usize;
    format!("[{}{}]", "#".repeat(n), "-".repeat(10 - n))
}

fn update_hud(
    game: Option<Res<GameRes>>,
    content: Res<ContentRes>,
    mut text: Single<&mut Text, With<HudText>>,
) {
    let Some(game) = game else { return };
    if game.is_changed() || text.0.is_empty() {
        text.0 = hud_line(&game.0, &content.0);
    }
}
