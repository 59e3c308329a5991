//! The combat panel, docked at the sidebar's foot: enemies with health and hit chance,
//! initiative, and the abilities with their pictures and locks (a locked one greyed).
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, Mode, UiSystems};

use crate::app::render::picture::{PictureNode, Pictures};
use crate::app::ui::rows::{RowKey, picture_row, rows_of, sync_rows};
use crate::content::Content;
use crate::game::{Attr, Game};

#[derive(Component)]
struct PanelText;

/// The enemies and the initiative, one text rewritten in place.
#[derive(Component)]
struct PanelHeader;

/// The abilities' rows, one an ability, kept while the hero has it.
#[derive(Component)]
struct PanelAbilities;

/// An ability row's words.
#[derive(Component)]
struct AbilityWords;

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
            Node {
                width: percent(100),
                flex_direction: FlexDirection::Column,
                row_gap: px(3),
                margin: UiRect::top(px(8)),
                padding: UiRect::all(px(8)),
                border: UiRect::all(px(1)),
                ..default()
            },
            BackgroundColor(Color::srgb(0.16, 0.05, 0.05)),
            BorderColor::all(Color::srgb(0.5, 0.18, 0.15)),
            DespawnOnExit(Mode::Combat),
            children![
                (
                    PanelHeader,
                    Text::new(""),
                    TextFont::from_font_size(14.0),
                    TextColor(TEXT),
                ),
                (
                    PanelAbilities,
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(3),
                        ..default()
                    },
                ),
                (
                    Text::new("F flee   Space wait"),
                    TextFont::from_font_size(14.0),
                    TextColor(Color::srgb(0.7, 0.7, 0.7)),
                ),
            ],
        ))
        .id();
    if let Ok(sidebar) = sidebar.single() {
        commands.entity(sidebar).add_child(panel);
    }
}

/// One of the hero's abilities as the panel lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct AbilityLine {
    pub id: String,
    pub text: String,
    pub ready: bool,
}

/// What the panel shows (pure, for tests): the enemies and the initiative order, then the
/// abilities with their locks as the rules will judge the next command.
pub fn panel_view(g: &Game, content: &Content, selected: usize) -> (String, Vec<AbilityLine>) {
    let mut s = String::from("FIGHT    (Tab: next target)\n");
    for (i, &e) in g.fight.enemies.iter().enumerate() {
        let Some(c) = g.creature(e) else { continue };
        let max = g.attribute(e, Attr::MaxHealth, content);
        let mark = if i == selected.min(g.fight.enemies.len() - 1) {
            ">"
        } else {
            " "
        };
        s += &format!(
            "{mark} {}  HP {:.0}/{:.0}  hit {:.0}%\n",
            g.name(e, content),
            c.health.max(0.0),
            max,
            g.hit_chance_against(g.party.hero, e, content) * 100.0
        );
    }
    let mut order: Vec<_> = std::iter::once(g.party.hero)
        .chain(g.fight.enemies.iter().copied())
        .collect();
    order.sort_by_key(|id| {
        (
            -(g.creature(*id).map_or(0, |c| c.initiative) as i64),
            *id != g.party.hero,
            *id,
        )
    });
    let names: Vec<String> = order.iter().map(|&id| g.name(id, content)).collect();
    s += &format!("\nOrder: {}", names.join(" > "));
    // Locks as the rules will judge the next command: after the round's tick.
    let judged = g.as_the_round_begins(content);
    let lines = g
        .known_abilities(g.party.hero, content)
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let name = content.ability(a).map_or_else(
                || match a.as_str() {
                    "core:flee" => "Flee".to_string(),
                    _ => "Wait".to_string(),
                },
                |d| d.name.clone(),
            );
            let cost = content.ability(a).map_or(0.0, |d| d.cost);
            let cd = content.ability(a).map_or(0, |d| d.cooldown);
            let lock =
                judged.ability_lock(g.party.hero, a, g.fight.enemies.first().copied(), content);
            let state = lock
                .as_ref()
                .map_or_else(|| "ready".to_string(), |r| format!("LOCKED: {r}"));
            AbilityLine {
                id: a.clone(),
                text: format!("{} {name} ({cost:.0} st, cd {cd}): {state}", i + 1),
                ready: lock.is_none(),
            }
        })
        .collect();
    (s, lines)
}

/// The panel's queries: its header and abilities, the rows' keys and words.
#[derive(bevy::ecs::system::SystemParam)]
struct PanelParts<'w, 's> {
    header: Query<'w, 's, &'static mut Text, (With<PanelHeader>, Without<AbilityWords>)>,
    abilities: Query<'w, 's, Entity, With<PanelAbilities>>,
    children: Query<'w, 's, &'static Children>,
    keys: Query<'w, 's, &'static RowKey>,
    words: Query<'w, 's, &'static mut Text, (With<AbilityWords>, Without<PanelHeader>)>,
}

fn update_panel(
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    pictures: Option<Res<Pictures>>,
    target: Res<crate::app::shared::SelectedTarget>,
    panel: Single<Entity, With<PanelText>>,
    mut q: PanelParts,
    mut drawn: Local<Option<Entity>>,
) {
    // The panel (and the probe the locks are judged on) only changes with the state, the
    // target or the content; a new panel is filled at once.
    let changed = game.is_changed() || target.is_changed() || content.is_changed();
    let panel = *panel;
    if game.fight.enemies.is_empty() || (!changed && *drawn == Some(panel)) {
        return;
    }
    let Ok(list) = q.abilities.single() else {
        return;
    };
    *drawn = Some(panel);
    let c = &content.0;
    let (header, abilities) = panel_view(game.game(), c, target.0);
    for mut t in &mut q.header {
        if t.0 != header {
            t.0 = header.clone();
        }
    }
    // A row an ability, keyed by it and whether it is ready (its colours say which).
    let current = rows_of(list, &q.children, &q.keys);
    let key = |id: &str, ready: bool| format!("{}\t{id}", if ready { "ready" } else { "locked" });
    let wanted: Vec<String> = abilities.iter().map(|l| key(&l.id, l.ready)).collect();
    let rows = sync_rows(
        &mut commands,
        list,
        &current,
        &wanted,
        &mut |commands, k| {
            let (ready, id) = k.split_once('\t').unwrap_or(("", k));
            let ready = ready == "ready";
            let rgb = c.ability(id).map_or([200, 200, 200], |a| a.color);
            let (icon, text) = if ready {
                (Color::srgb_u8(rgb[0], rgb[1], rgb[2]), TEXT)
            } else {
                (Color::srgb(0.4, 0.4, 0.42), Color::srgb(0.6, 0.58, 0.56))
            };
            let pic = pictures
                .as_deref()
                .map_or(PictureNode::None, |pics| pics.ability(c, id));
            let words = abilities
                .iter()
                .find(|l| l.id == *id)
                .map_or(String::new(), |l| l.text.clone());
            let words = (
                AbilityWords,
                Text::new(words),
                TextFont::from_font_size(14.0),
                TextColor(text),
            );
            picture_row(commands, pictures.as_deref(), pic, icon, 20.0, words)
        },
    );
    // The words of the rows kept (a lock's reason, a cost) change in place.
    for ((row, new), line) in rows.iter().zip(&abilities) {
        if *new {
            continue;
        }
        for child in q.children.get(*row).into_iter().flatten() {
            if let Ok(mut t) = q.words.get_mut(*child)
                && t.0 != line.text
            {
                t.0 = line.text.clone();
            }
        }
    }
}

const TEXT: Color = Color::srgb(0.95, 0.9, 0.85);
