//! The class choice, after New run: every class with its icon, a detail pane (description,
//! attributes, abilities, kit, growth) and a Random entry; it opens on the class chosen last,
//! and the choice starts the run.
use bevy::prelude::*;

use crate::app::render::palette::{Palette, color_of};
use crate::app::render::picture::{PictureNode, Pictures};
use crate::app::settings::Settings;
use crate::app::shared::{ContentRes, DailyPick, NewRun, OpenRun, Screen};
use crate::app::ui::kit;
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};
use crate::content::Content;
use crate::content::class::Class;
use crate::content::registry::AttrKey;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::ClassChoice), spawn_screen);
    app.add_systems(
        Update,
        choose
            .in_set(ScreenInput)
            .ambiguous_with(ScreenInput)
            .run_if(in_state(Screen::ClassChoice)),
    );
}

/// The class list.
#[derive(Component)]
pub struct ClassList;

/// Lines the detail pane keeps room for.
const DETAIL_LINES: f32 = 12.0;

/// The words of the Random entry.
pub const RANDOM: &str = "Random";

/// The list: each class in order with its icon and detail, then Random; the cursor on the
/// class chosen last (`remembered`), else the first.
pub fn class_list(
    content: &Content,
    remembered: &str,
    picture: impl Fn(&Class) -> (PictureNode, Color),
) -> ListMenu {
    let classes = content.classes_in_order();
    let mut entries: Vec<ListEntry> = classes
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (pic, colour) = picture(c);
            let entry = ListEntry::new(c.name.clone())
                .icon(pic, colour)
                .detail(class_detail(c, content));
            match digit(i) {
                Some((key, name)) => entry.key(key, name),
                None => entry,
            }
        })
        .collect();
    entries.push(
        ListEntry::new(RANDOM)
            .key(KeyCode::KeyR, "R")
            .detail("A class drawn from the run's seed: the same seed draws the same class."),
    );
    let mut list = ListMenu::new("Choose your delver", entries);
    list.cursor = if remembered == REMEMBER_RANDOM {
        classes.len()
    } else {
        classes.iter().position(|c| c.id == remembered).unwrap_or(0)
    };
    list
}

/// What `Settings::class` holds when Random was chosen last.
pub const REMEMBER_RANDOM: &str = "random";

/// The run's seed as the menu and the class choice show it.
pub fn seed_line(seed: u64) -> String {
    format!("Seed: {seed}")
}

/// The class a new run takes without the choice screen (`--seed` alone): the one chosen
/// last if the content still has it (Random draws from the seed), else the content's first.
pub fn remembered_class(content: &Content, remembered: &str, seed: u64) -> Option<String> {
    let classes = content.classes_in_order();
    if remembered == REMEMBER_RANDOM {
        return picked(content, classes.len(), seed);
    }
    (classes.iter().find(|c| c.id == remembered)).map(|c| c.id.clone())
}

/// The keys of the first nine classes: 1 to 9.
fn digit(i: usize) -> Option<(KeyCode, String)> {
    let keys = crate::app::turn::DIGIT_KEYS;
    (i < 9).then(|| (keys[i + 1], (i + 1).to_string()))
}

/// What the detail pane says of a class: its paragraph, then what it starts with and gains.
pub fn class_detail(class: &Class, content: &Content) -> String {
    let mut lines = vec![class.description.clone(), String::new()];
    if let Some(kind) = content.creature(&class.id) {
        let b = &kind.base;
        lines.push(format!(
            "Health {}   Stamina {}   Damage {}   To hit {:.0}%   Dexterity {}   Luck {}",
            b.max_health,
            b.max_stamina,
            b.damage,
            b.hit_chance * 100.0,
            b.dexterity,
            b.luck
        ));
        let names: Vec<&str> = (kind.abilities.iter())
            .map(|a| content.ability(a).map_or(a.as_str(), |a| a.name.as_str()))
            .collect();
        lines.push(format!("Abilities: {}", names.join(", ")));
    }
    let items = |ids: &[String]| -> String {
        let names: Vec<&str> = (ids.iter())
            .map(|i| content.item(i).map_or(i.as_str(), |i| i.name.as_str()))
            .collect();
        if names.is_empty() {
            "nothing".into()
        } else {
            names.join(", ")
        }
    };
    lines.push(format!("Wears: {}", items(&class.wear)));
    lines.push(format!("Carries: {}", items(&class.carry)));
    if class.gold > 0 {
        lines.push(format!("Gold: {}", class.gold));
    }
    let gains = content.level_gains(&class.id);
    if !gains.is_empty() {
        let each: Vec<String> = gains
            .iter()
            .map(|(a, v)| format!("+{v} {}", attr_name(a)))
            .collect();
        lines.push(format!("Each level: {}", each.join(", ")));
    }
    lines.join("\n")
}

fn attr_name(a: &AttrKey) -> String {
    match a {
        AttrKey::MaxHealth => "health".into(),
        AttrKey::MaxStamina => "stamina".into(),
        AttrKey::Damage => "damage".into(),
        AttrKey::HitChance => "to hit".into(),
        AttrKey::CriticalChance => "critical chance".into(),
        AttrKey::CriticalFactor => "critical factor".into(),
        AttrKey::Dexterity => "dexterity".into(),
        AttrKey::Luck => "luck".into(),
        AttrKey::Resistance(dt) => format!("{} resistance", dt.trim_start_matches("core:")),
    }
}

/// A new run of `seed`: of `class` at once when one is given (the command line, the same
/// class again) or the content has no classes; otherwise the class choice asks first.
pub fn start_new_run(commands: &mut Commands, content: &Content, seed: u64, class: Option<String>) {
    if class.is_none() && !content.classes.is_empty() {
        commands.set_state(Screen::ClassChoice);
    } else {
        commands.write_message(OpenRun::New { seed, class });
    }
}

/// The class a list index picks: a class, or for Random one drawn from the seed.
pub fn picked(content: &Content, index: usize, seed: u64) -> Option<String> {
    let classes = content.classes_in_order();
    if classes.is_empty() {
        return None;
    }
    let i = if index < classes.len() {
        index
    } else {
        (crate::rng::mix(seed) % classes.len() as u64) as usize
    };
    Some(classes[i].id.clone())
}

fn spawn_screen(
    mut commands: Commands,
    content: Res<ContentRes>,
    settings: Option<Res<Settings>>,
    run: Res<NewRun>,
    pictures: Option<Res<Pictures>>,
    palette: Option<Res<Palette>>,
) {
    let palette = palette.map_or_else(Palette::default, |p| *p);
    let remembered = settings.map_or(String::new(), |s| s.class.clone());
    let list = class_list(&content.0, &remembered, |c| {
        let pic =
            (pictures.as_deref()).map_or(PictureNode::None, |p| p.creature(&content.0, &c.id));
        (pic, color_of(c.color, palette))
    });
    let root = commands
        .spawn((
            Name::new("Class choice"),
            DespawnOnExit(Screen::ClassChoice),
            super::full_screen(Color::srgb(0.05, 0.05, 0.08)),
            children![
                (
                    Text::new("Choose your delver"),
                    TextFont::from_font_size(40.0),
                    TextColor(Color::srgb(0.95, 0.8, 0.3)),
                ),
                (
                    Text::new(seed_line(run.seed)),
                    TextFont::from_font_size(18.0),
                    TextColor(Color::srgb(0.7, 0.7, 0.75)),
                ),
            ],
        ))
        .id();
    let list = commands
        .spawn((ClassList, kit::list(list), ChildOf(root)))
        .id();
    commands.spawn((
        Text::new("Up/Down  choose     Enter  start     R  random     Esc  back"),
        TextFont::from_font_size(16.0),
        TextColor(Color::srgb(0.7, 0.7, 0.75)),
        ChildOf(root),
    ));
    commands.spawn((
        kit::key_row(vec![("Back".to_string(), KeyCode::Escape)]),
        ChildOf(root),
    ));
    // The detail last, with room for the longest class's (twelve lines at full width): a
    // multi-line text set after it was spawned is laid out shorter than it draws, and below
    // everything else its overflow covers nothing.
    commands
        .spawn((kit::detail_pane(list), ChildOf(root)))
        .entry::<Node>()
        .and_modify(|mut node| node.min_height = px(DETAIL_LINES * 18.0));
}

fn choose(
    keys: Res<ButtonInput<KeyCode>>,
    mut choices: MessageReader<ListChoice>,
    list: Single<Entity, With<ClassList>>,
    content: Res<ContentRes>,
    run: Res<NewRun>,
    settings: Option<ResMut<Settings>>,
    mut open: MessageWriter<OpenRun>,
    mut commands: Commands,
    daily: Res<DailyPick>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        // A race waits for the run it was chosen with; backing out of that run drops it.
        commands.remove_resource::<crate::app::dungeon::race::RaceFiles>();
        commands.set_state(Screen::MainMenu);
        return;
    }
    let Some(index) = choices.read().filter_map(|c| c.chosen_in(*list)).last() else {
        return;
    };
    let class = picked(&content.0, index, run.seed);
    let random = index >= content.0.classes.len();
    if let (Some(mut s), Some(c)) = (settings, &class) {
        let keep = if random { REMEMBER_RANDOM } else { c.as_str() };
        if s.class != keep {
            s.class = keep.to_string();
        }
    }
    open.write(match daily.0 {
        Some(date) => OpenRun::Daily { date, class },
        None => OpenRun::New {
            seed: run.seed,
            class,
        },
    });
}
