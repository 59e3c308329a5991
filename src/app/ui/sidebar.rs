//! The sidebar (Brogue's): the hero's health, stamina and XP as bars, the worn equipment, and
//! every monster in view with its picture, name, health bar and what it is doing. The combat
//! panel docks at its foot, so nothing covers the map.
use bevy::prelude::*;

use crate::app::render::palette::{Palette, color_of};
use crate::app::render::picture::{PictureNode, Pictures, picture_node};
use crate::app::shared::{ContentRes, GameRes, RunShown, SIDEBAR_WIDTH, UiSystems};

use crate::content::Content;
use crate::game::items::item_name;
use crate::game::surroundings::doing;
use crate::game::{Attr, CreatureId, Game};

/// The sidebar's column (the combat panel spawns into it).
#[derive(Component)]
pub struct Sidebar;

/// The part of the sidebar rebuilt after each turn.
#[derive(Component)]
struct SidebarBody;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(RunShown), spawn_sidebar);
    app.add_systems(
        Update,
        rebuild.in_set(UiSystems::Hud).run_if(in_state(RunShown)),
    );
}

/// One monster in view, as the sidebar lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct InView {
    pub id: CreatureId,
    pub kind: String,
    pub name: String,
    pub health: f64,
    pub max_health: f64,
    pub doing: &'static str,
}

/// Every living monster the hero sees, nearest first.
pub fn in_view(game: &Game, content: &Content) -> Vec<InView> {
    let hero = game.hero_pos();
    let mut seen: Vec<_> = game
        .creatures
        .values()
        .filter(|c| c.id != game.hero && c.is_alive() && game.is_visible(c.pos))
        .collect();
    seen.sort_by_key(|c| (c.pos.manhattan(hero), c.id));
    seen.into_iter()
        .map(|c| InView {
            id: c.id,
            kind: c.kind.clone(),
            name: game.name(c.id, content),
            health: c.health.max(0.0),
            max_health: game.attribute(c.id, Attr::MaxHealth, content),
            doing: doing(game, content, c.id),
        })
        .collect()
}

fn spawn_sidebar(mut commands: Commands) {
    commands.spawn((
        Name::new("Sidebar"),
        Sidebar,
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            top: px(0),
            bottom: px(0),
            width: px(SIDEBAR_WIDTH),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(10)),
            row_gap: px(6),
            border: UiRect::right(px(2)),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(Color::srgb(0.055, 0.05, 0.07)),
        BorderColor::all(Color::srgb(0.22, 0.19, 0.26)),
        DespawnOnExit(RunShown),
        children![(
            SidebarBody,
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(5),
                ..default()
            },
        )],
    ));
}

const TEXT: Color = Color::srgb(0.88, 0.86, 0.8);
const DIM: Color = Color::srgb(0.6, 0.58, 0.55);

fn label(text: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(size),
        TextColor(color),
    )
}

/// A labelled bar: `fraction` of it filled in `fill`, the numbers written over it.
fn bar(text: String, fraction: f64, fill: Color) -> impl Bundle {
    let width = (fraction.clamp(0.0, 1.0) * 100.0) as f32;
    (
        Node {
            width: percent(100),
            height: px(18),
            ..default()
        },
        BackgroundColor(Color::srgb(0.14, 0.13, 0.16)),
        children![
            (
                Node {
                    position_type: PositionType::Absolute,
                    width: percent(width),
                    height: percent(100),
                    ..default()
                },
                BackgroundColor(fill),
            ),
            (
                Node {
                    position_type: PositionType::Absolute,
                    left: px(6),
                    ..default()
                },
                label(text, 14.0, Color::WHITE),
            ),
        ],
    )
}

fn rebuild(
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    palette: Res<Palette>,
    pictures: Option<Res<Pictures>>,
    body: Single<Entity, With<SidebarBody>>,
    mut built: Local<bool>,
) {
    let pictures_changed = pictures.as_ref().is_some_and(|p| p.is_changed());
    if *built
        && !game.is_changed()
        && !content.is_changed()
        && !palette.is_changed()
        && !pictures_changed
    {
        return;
    }
    *built = true;
    let g = game.game();
    let c = &content.0;
    let hero = g.hero();
    let max_h = g.attribute(g.hero, Attr::MaxHealth, c);
    let max_s = g.attribute(g.hero, Attr::MaxStamina, c);
    let (xp_now, xp_next) = (g.xp, c.progression.xp_for_level(g.level + 1));
    let body = *body;
    commands.entity(body).despawn_children();
    commands.entity(body).with_children(|p| {
        p.spawn(label(
            format!("Floor {} of {}   Turn {}", g.floor, g.floors, g.turn),
            16.0,
            Color::srgb(0.95, 0.85, 0.55),
        ));
        p.spawn(label(
            format!("Level {}   Gold {}", g.level, g.gold),
            16.0,
            TEXT,
        ));
        p.spawn(bar(
            format!("Health {:.0}/{:.0}", hero.health.max(0.0), max_h),
            hero.health / max_h,
            health_colour(hero.health / max_h),
        ));
        p.spawn(bar(
            format!("Stamina {:.0}/{:.0}", hero.stamina, max_s),
            hero.stamina / max_s,
            Color::srgb(0.2, 0.5, 0.75),
        ));
        p.spawn(bar(
            format!("XP {xp_now}/{xp_next}"),
            f64::from(xp_now) / f64::from(xp_next.max(1)),
            Color::srgb(0.55, 0.35, 0.75),
        ));
        p.spawn(label("Worn", 15.0, DIM));
        if g.equipment.is_empty() {
            p.spawn(label("  nothing", 14.0, DIM));
        }
        for it in g.equipment.values() {
            let rgb = c.item(&it.item).map_or([200, 200, 200], |i| i.color);
            let pic = pictures
                .as_deref()
                .map_or(PictureNode::None, |pics| pics.item(c, &it.item));
            p.spawn(Node {
                column_gap: px(6),
                align_items: AlignItems::Center,
                ..default()
            })
            .with_children(|row| {
                picture_node(row, pictures.as_deref(), pic, color_of(rgb, *palette), 18.0);
                row.spawn(label(item_name(it, c), 14.0, TEXT));
            });
        }
        let seen = in_view(g, c);
        p.spawn(label(
            if seen.is_empty() {
                "Nothing in view".to_string()
            } else {
                format!("In view ({})", seen.len())
            },
            15.0,
            DIM,
        ));
        for m in seen {
            let rgb = c.creature(&m.kind).map_or([200, 200, 200], |k| k.color);
            let colour = color_of(rgb, *palette);
            let picture = pictures
                .as_deref()
                .map_or(PictureNode::None, |pics| pics.creature(c, &m.kind));
            p.spawn(Node {
                flex_direction: FlexDirection::Row,
                column_gap: px(6),
                align_items: AlignItems::Center,
                ..default()
            })
            .with_children(|row| {
                picture_node(row, pictures.as_deref(), picture, colour, 28.0);
                row.spawn(Node {
                    flex_direction: FlexDirection::Column,
                    flex_grow: 1.0,
                    row_gap: px(2),
                    ..default()
                })
                .with_children(|col| {
                    col.spawn(label(format!("{}  {}", m.name, m.doing), 14.0, colour));
                    col.spawn(bar(
                        format!("{:.0}/{:.0}", m.health, m.max_health),
                        m.health / m.max_health,
                        health_colour(m.health / m.max_health),
                    ));
                });
            });
        }
    });
}

/// Green when whole, through yellow, to red near death.
fn health_colour(fraction: f64) -> Color {
    let f = fraction.clamp(0.0, 1.0) as f32;
    if f > 0.5 {
        Color::srgb(0.75 - (f - 0.5) * 1.1, 0.6, 0.2)
    } else {
        Color::srgb(0.75, 0.2 + f * 0.8, 0.15)
    }
}
