//! The sidebar (Brogue's): the hero's health, stamina and XP as bars, the worn equipment, and
//! every monster in view with its picture, name, health bar and what it is doing. The combat
//! panel docks at its foot, so nothing covers the map.
use bevy::prelude::*;

use crate::app::render::palette::{Palette, color_of};
use crate::app::render::picture::{PictureNode, Pictures, picture_node};
use crate::app::shared::Region;
use crate::app::shared::{ContentRes, GameRes, RunShown, SIDEBAR_WIDTH, UiSystems};
use crate::app::ui::rows::{RowKey, picture_row, rows_of, sync_rows};

use crate::content::Content;
use crate::game::surroundings::doing;
use crate::game::{Attr, CreatureId, Game};

/// The sidebar's column (the combat panel spawns into it).
#[derive(Component)]
pub struct Sidebar;

/// The sidebar's parts a turn changes, each updated in place.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    FloorLine,
    LevelLine,
    Health,
    Stamina,
    Xp,
    /// What the hero is under (confused, in darkness, poisoned …) and for how long.
    StatusLine,
    /// Where each ghost of a race is, a line each (empty without a race).
    RaceLines,
    Worn,
    ViewLine,
    InView,
}

/// A bar's two parts: the fill and the words over it.
#[derive(Component, Debug, Clone, Copy)]
struct Bar {
    fill: Entity,
    words: Entity,
}

/// A monster row's parts: its words and its health bar.
#[derive(Component, Debug, Clone, Copy)]
struct MonsterRow {
    words: Entity,
    bar: Entity,
}

/// Public for the headless test that reads a row after a blow.
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(RunShown), spawn_sidebar);
    app.add_systems(
        Update,
        update.in_set(UiSystems::Hud).run_if(in_state(RunShown)),
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
        .floor
        .creatures
        .values()
        .filter(|c| c.id != game.party.hero && c.is_alive() && game.is_visible(c.pos))
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
    let sidebar = commands
        .spawn((
            Name::new("Sidebar"),
            Sidebar,
            // Placed by the layout; in the narrow one a tap opens it as a drawer.
            Region::Sidebar,
            Interaction::default(),
            GlobalZIndex(0),
            Node {
                position_type: PositionType::Absolute,
                left: px(0),
                top: px(0),
                bottom: px(0),
                width: px(SIDEBAR_WIDTH),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(10)),
                row_gap: px(5),
                border: UiRect::right(px(2)),
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(Color::srgb(0.055, 0.05, 0.07)),
            BorderColor::all(Color::srgb(0.22, 0.19, 0.26)),
            DespawnOnExit(RunShown),
        ))
        .id();
    let column = |part| {
        (
            part,
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(4),
                flex_shrink: 0.0,
                ..default()
            },
        )
    };
    commands.entity(sidebar).with_children(|p| {
        p.spawn((
            Part::FloorLine,
            label("", 16.0, Color::srgb(0.95, 0.85, 0.55)),
        ));
        p.spawn((Part::LevelLine, label("", 16.0, TEXT)));
    });
    for part in [Part::Health, Part::Stamina, Part::Xp] {
        let b = spawn_bar(&mut commands);
        commands.entity(b).insert((part, ChildOf(sidebar)));
    }
    commands.entity(sidebar).with_children(|p| {
        p.spawn((Part::StatusLine, label("", 15.0, STATUS)));
        p.spawn((Part::RaceLines, label("", 14.0, GHOSTS)));
        p.spawn(label("Worn", 15.0, DIM));
        p.spawn(column(Part::Worn));
        p.spawn((Part::ViewLine, label("", 15.0, DIM)));
        p.spawn(column(Part::InView));
    });
}

const TEXT: Color = Color::srgb(0.88, 0.86, 0.8);
const STATUS: Color = Color::srgb(0.95, 0.72, 0.5);
const GHOSTS: Color = Color::srgb(0.75, 0.82, 0.95);

/// The hero's modifiers with the turns they have left ("Confused 5, In darkness 28"); empty
/// when it has none. What it wears is not listed: the Worn rows show that.
pub fn status_line(game: &Game, content: &Content) -> String {
    let hero = game.hero();
    let mut parts: Vec<String> = Vec::new();
    if hero.frightened > 0 {
        let name = content.display_name(crate::game::FRIGHTENED);
        parts.push(format!("{name} {}", hero.frightened));
    }
    for m in &hero.modifiers {
        let name = content.display_name(&m.id);
        let stacks = if m.stacks > 1 {
            format!(" x{}", m.stacks)
        } else {
            String::new()
        };
        parts.push(match m.turns {
            0 => format!("{name}{stacks}"),
            t => format!("{name}{stacks} {t}"),
        });
    }
    parts.join(", ")
}
const DIM: Color = Color::srgb(0.6, 0.58, 0.55);

fn label(text: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(size),
        TextColor(color),
    )
}

/// An empty bar: its fill and its words are set by `set_bar`.
fn spawn_bar(commands: &mut Commands) -> Entity {
    let fill = commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                height: percent(100),
                ..default()
            },
            BackgroundColor(Color::NONE),
        ))
        .id();
    let words = commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                left: px(6),
                ..default()
            },
            label("", 14.0, Color::WHITE),
        ))
        .id();
    commands
        .spawn((
            Bar { fill, words },
            Node {
                width: percent(100),
                height: px(18),
                // A full sidebar clips at its foot; its bars never squeeze to nothing.
                flex_shrink: 0.0,
                ..default()
            },
            BackgroundColor(Color::srgb(0.14, 0.13, 0.16)),
        ))
        .add_children(&[fill, words])
        .id()
}

/// What a bar shows: its words, how full, and in what colour.
struct BarView {
    words: String,
    fraction: f64,
    fill: Color,
}

/// A sidebar text's new words, written only when they differ.
fn set_text(texts: &mut Query<&mut Text>, e: Entity, words: &str) {
    if let Ok(mut t) = texts.get_mut(e)
        && t.0 != words
    {
        t.0 = words.to_string();
    }
}

fn set_bar(
    bar: &Bar,
    view: &BarView,
    fills: &mut Query<(&mut Node, &mut BackgroundColor), Without<Text>>,
    texts: &mut Query<&mut Text>,
) {
    if let Ok((mut node, mut bg)) = fills.get_mut(bar.fill) {
        let width = percent((view.fraction.clamp(0.0, 1.0) * 100.0) as f32);
        if node.width != width {
            node.width = width;
        }
        bg.set_if_neq(BackgroundColor(view.fill));
    }
    set_text(texts, bar.words, &view.words);
}

/// The sidebar's queries: its parts, bars and monster rows, the rows' keys, and what the
/// updates write.
#[derive(bevy::ecs::system::SystemParam)]
struct SidebarParts<'w, 's> {
    parts: Query<'w, 's, (Entity, &'static Part)>,
    bars: Query<'w, 's, (&'static Bar, &'static Part)>,
    /// Every bar, the monster rows' too (those have no `Part`).
    any_bar: Query<'w, 's, &'static Bar>,
    monster_rows: Query<'w, 's, &'static MonsterRow>,
    children: Query<'w, 's, &'static Children>,
    keys: Query<'w, 's, &'static RowKey>,
    texts: Query<'w, 's, &'static mut Text>,
    fills: Query<'w, 's, (&'static mut Node, &'static mut BackgroundColor), Without<Text>>,
}

/// After each turn the sidebar's words, bars and rows change in place; a monster or an item
/// that comes or goes adds or removes its own row only.
fn update(
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    palette: Res<Palette>,
    pictures: Option<Res<Pictures>>,
    mut q: SidebarParts,
    mut drawn: Local<Option<Entity>>,
    race: Res<crate::app::dungeon::race::RaceRes>,
) {
    let pictures_changed = pictures.as_ref().is_some_and(|p| p.is_changed());
    let Some((worn, _)) = q.parts.iter().find(|(_, p)| **p == Part::Worn) else {
        return;
    };
    // A new sidebar (a new run shown) is filled at once.
    if *drawn == Some(worn)
        && !game.is_changed()
        && !race.is_changed()
        && !content.is_changed()
        && !palette.is_changed()
        && !pictures_changed
    {
        return;
    }
    // New pictures or colours: the rows are made anew.
    let restyle =
        *drawn == Some(worn) && (content.is_changed() || palette.is_changed() || pictures_changed);
    *drawn = Some(worn);
    let g = game.game();
    let c = &content.0;
    let hero = g.hero();
    let max_h = g.attribute(g.party.hero, Attr::MaxHealth, c);
    let max_s = g.attribute(g.party.hero, Attr::MaxStamina, c);
    let (xp_now, xp_next) = (g.party.xp, c.progression.xp_for_level(g.party.level + 1));
    let seen = in_view(g, c);
    let class = crate::runs::class_name(&g.origin.class, c);
    let lines = |part: Part| match part {
        Part::FloorLine => format!(
            "Floor {} of {}   Turn {}",
            g.floor.depth, g.run.floors, g.run.turn
        ),
        Part::LevelLine => format!("{class}   Level {}   Gold {}", g.party.level, g.party.gold),
        Part::StatusLine => status_line(g, c),
        Part::RaceLines => race.0.as_ref().map_or(String::new(), |r| {
            let lines: Vec<String> = r.views(g.floor.depth).iter().map(|v| v.line()).collect();
            lines.join("\n")
        }),
        Part::ViewLine if seen.is_empty() => "Nothing in view".to_string(),
        Part::ViewLine => format!("In view ({})", seen.len()),
        _ => String::new(),
    };
    let mut inview = None;
    for (e, part) in &q.parts {
        match part {
            Part::FloorLine
            | Part::LevelLine
            | Part::ViewLine
            | Part::StatusLine
            | Part::RaceLines => set_text(&mut q.texts, e, &lines(*part)),
            Part::InView => inview = Some(e),
            _ => {}
        }
    }
    for (bar, part) in &q.bars {
        let view = match part {
            Part::Health => BarView {
                words: format!("Health {:.0}/{:.0}", hero.health.max(0.0), max_h),
                fraction: hero.health / max_h,
                fill: health_colour(hero.health / max_h),
            },
            Part::Stamina => BarView {
                words: format!("Stamina {:.0}/{:.0}", hero.stamina, max_s),
                fraction: hero.stamina / max_s,
                fill: Color::srgb(0.2, 0.5, 0.75),
            },
            _ => BarView {
                words: format!("XP {xp_now}/{xp_next}"),
                fraction: f64::from(xp_now) / f64::from(xp_next.max(1)),
                fill: Color::srgb(0.55, 0.35, 0.75),
            },
        };
        set_bar(bar, &view, &mut q.fills, &mut q.texts);
    }
    // Worn: a row an item (its picture and name), "nothing" when bare.
    let mut current = rows_of(worn, &q.children, &q.keys);
    if restyle {
        current
            .iter()
            .for_each(|(e, _)| commands.entity(*e).despawn());
        current.clear();
    }
    // Keyed by item and name ("id\tname"): an item whose name changes gets a new row.
    let wanted: Vec<String> = if g.party.equipment.is_empty() {
        vec!["\t  nothing".to_string()]
    } else {
        g.party
            .equipment
            .values()
            .map(|it| format!("{}\t{}", it.item, g.item_name(it, c)))
            .collect()
    };
    sync_rows(
        &mut commands,
        worn,
        &current,
        &wanted,
        &mut |commands, key| {
            let (id, name) = key.split_once('\t').unwrap_or(("", key));
            if id.is_empty() {
                return commands.spawn(label(name, 14.0, DIM)).id();
            }
            let rgb = c.item(id).map_or([200, 200, 200], |i| i.color);
            let pic = pictures
                .as_deref()
                .map_or(PictureNode::None, |pics| pics.item(c, id));
            let colour = color_of(rgb, *palette);
            let words = label(name, 14.0, TEXT);
            picture_row(commands, pictures.as_deref(), pic, colour, 18.0, words)
        },
    );
    // In view: a row a monster (picture, name and doing, health bar), nearest first.
    let Some(inview) = inview else { return };
    let mut current = rows_of(inview, &q.children, &q.keys);
    if restyle {
        current
            .iter()
            .for_each(|(e, _)| commands.entity(*e).despawn());
        current.clear();
    }
    // Keyed by creature and kind ("id\tkind"): its picture and colour are the kind's.
    let wanted: Vec<String> = seen
        .iter()
        .map(|m| format!("{}\t{}", m.id.0, m.kind))
        .collect();
    let rows = sync_rows(
        &mut commands,
        inview,
        &current,
        &wanted,
        &mut |commands, key| {
            let kind = key.split_once('\t').map_or(key, |(_, k)| k);
            let rgb = c.creature(kind).map_or([200, 200, 200], |k| k.color);
            let colour = color_of(rgb, *palette);
            let picture = pictures
                .as_deref()
                .map_or(PictureNode::None, |pics| pics.creature(c, kind));
            let words = commands.spawn(label("", 14.0, colour)).id();
            let bar = spawn_bar(commands);
            let column = commands
                .spawn(Node {
                    flex_direction: FlexDirection::Column,
                    flex_grow: 1.0,
                    row_gap: px(2),
                    ..default()
                })
                .add_children(&[words, bar])
                .id();
            let row = commands
                .spawn((
                    MonsterRow { words, bar },
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(6),
                        align_items: AlignItems::Center,
                        ..default()
                    },
                ))
                .with_children(|row| {
                    picture_node(row, pictures.as_deref(), picture, colour, 28.0);
                })
                .id();
            commands.entity(row).add_child(column);
            row
        },
    );
    for ((row, new), m) in rows.iter().zip(&seen) {
        let words = format!("{}  {}", m.name, m.doing);
        let view = BarView {
            words: format!("{:.0}/{:.0}", m.health, m.max_health),
            fraction: m.health / m.max_health,
            fill: health_colour(m.health / m.max_health),
        };
        if *new {
            // Its parts are spawned with this frame's commands: they are filled in as made.
            commands.queue(fill_new_row(*row, words, view));
            continue;
        }
        let Ok(parts) = q.monster_rows.get(*row) else {
            continue;
        };
        set_text(&mut q.texts, parts.words, &words);
        if let Ok(bar) = q.any_bar.get(parts.bar) {
            set_bar(bar, &view, &mut q.fills, &mut q.texts);
        }
    }
}

/// Fills a monster row made this frame, once its parts exist.
fn fill_new_row(row: Entity, words: String, view: BarView) -> impl FnOnce(&mut World) {
    move |world: &mut World| {
        let Some(parts) = world.get::<MonsterRow>(row).copied() else {
            return;
        };
        if let Some(mut t) = world.get_mut::<Text>(parts.words) {
            t.0 = words;
        }
        let Some(bar) = world.get::<Bar>(parts.bar).copied() else {
            return;
        };
        if let Some(mut t) = world.get_mut::<Text>(bar.words) {
            t.0 = view.words;
        }
        if let Some(mut n) = world.get_mut::<Node>(bar.fill) {
            n.width = percent((view.fraction.clamp(0.0, 1.0) * 100.0) as f32);
        }
        if let Some(mut bg) = world.get_mut::<BackgroundColor>(bar.fill) {
            bg.0 = view.fill;
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Command, ItemInstance};

    /// A potion of darkness drunk shows on the status line with its turns; nothing shows
    /// before.
    #[test]
    fn the_status_line_names_what_the_hero_is_under() {
        let content = Content::core().unwrap();
        let mut g = Game::new(5, &content).unwrap();
        assert_eq!(status_line(&g, &content), "");
        g.party.inventory = vec![ItemInstance::new("core:potion_of_darkness", &content)];
        g.execute(
            &Command::UseItem {
                index: 0,
                target: None,
                item: None,
            },
            &content,
        );
        let line = status_line(&g, &content);
        assert!(line.starts_with("In darkness 2"), "{line}");
    }
}
