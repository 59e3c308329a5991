//! The combat panel: enemies with health and hit chance, initiative, abilities and locks.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, Mode, UiSystems};

use crate::content::Content;
use crate::game::{Attr, Game};

#[derive(Component)]
struct PanelText;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Mode::Combat), spawn_panel);
    app.add_systems(
        Update,
        update_panel
            .in_set(UiSystems::Panel)
            .run_if(in_state(Mode::Combat)),
    );
}

/// Docked at the foot of the sidebar, so it never covers the map.
fn spawn_panel(mut commands: Commands, sidebar: Query<Entity, With<super::sidebar::Sidebar>>) {
    let panel = commands
        .spawn((
            Name::new("Combat panel"),
            PanelText,
            Text::new(""),
            TextFont::from_font_size(14.0),
            TextColor(Color::srgb(0.95, 0.9, 0.85)),
            Node {
                width: percent(100),
                margin: UiRect::top(px(8)),
                padding: UiRect::all(px(8)),
                border: UiRect::all(px(1)),
                ..default()
            },
            BackgroundColor(Color::srgb(0.16, 0.05, 0.05)),
            BorderColor::all(Color::srgb(0.5, 0.18, 0.15)),
            DespawnOnExit(Mode::Combat),
        ))
        .id();
    if let Ok(sidebar) = sidebar.single() {
        commands.entity(sidebar).add_child(panel);
    }
}

/// The panel's text (pure, for tests): enemies, initiative order, abilities with locks.
pub fn panel_text(g: &Game, content: &Content, selected: usize) -> String {
    let mut s = String::from("FIGHT    (Tab: next target)\n");
    for (i, &e) in g.enemies.iter().enumerate() {
        let Some(c) = g.creature(e) else { continue };
        let max = g.attribute(e, Attr::MaxHealth, content);
        let mark = if i == selected.min(g.enemies.len() - 1) {
            ">"
        } else {
            " "
        };
        s += &format!(
            "{mark} {}  HP {:.0}/{:.0}  hit {:.0}%\n",
            g.name(e, content),
            c.health.max(0.0),
            max,
            g.hit_chance_against(g.hero, e, content) * 100.0
        );
    }
    let mut order: Vec<_> = std::iter::once(g.hero)
        .chain(g.enemies.iter().copied())
        .collect();
    order.sort_by_key(|id| {
        (
            -(g.creature(*id).map_or(0, |c| c.initiative) as i64),
            *id != g.hero,
            *id,
        )
    });
    let names: Vec<String> = order.iter().map(|&id| g.name(id, content)).collect();
    s += &format!("\nOrder: {}\n\n", names.join(" > "));
    // Locks as the rules will judge the next command: after the round's tick.
    let judged = g.as_the_round_begins(content);
    for (i, a) in g.known_abilities(g.hero, content).iter().enumerate() {
        let name = content.ability(a).map_or_else(
            || match a.as_str() {
                "core:flee" => "Flee".to_string(),
                _ => "Wait".to_string(),
            },
            |d| d.name.clone(),
        );
        let cost = content.ability(a).map_or(0.0, |d| d.cost);
        let cd = content.ability(a).map_or(0, |d| d.cooldown);
        let lock = judged.ability_lock(g.hero, a, g.enemies.first().copied(), content);
        let state = lock.map_or_else(|| "ready".to_string(), |r| format!("LOCKED: {r}"));
        s += &format!("{} {name} ({cost:.0} st, cd {cd}): {state}\n", i + 1);
    }
    s += "F flee   Space wait";
    s
}

fn update_panel(
    game: Option<Res<GameRes>>,
    content: Res<ContentRes>,
    target: Res<crate::app::turn::SelectedTarget>,
    mut text: Single<&mut Text, With<PanelText>>,
) {
    let Some(game) = game else { return };
    // The text (and the probe the locks are judged on) only changes with the state, the
    // target or the content; the first frame of the panel fills it.
    let changed = game.is_changed() || target.is_changed() || content.is_changed();
    if game.0.enemies.is_empty() || (!changed && !text.0.is_empty()) {
        return;
    }
    text.0 = panel_text(&game.0, &content.0, target.0);
}
