//! The main menu (the title screen): the dungeon's inhabitants in a row under the title; new
//! run with a seed, continue, watch a replay, records, mods, settings, help, quit. Each entry
//! has its letter; Up/Down or Tab move the cursor and Enter does the entry it is on.
use bevy::prelude::*;

use crate::app::settings::Settings;
use crate::app::shared::{
    ContentRes, DailyPick, LoadKeptRun, NewRun, OpenRun, RunNotice, Screen, SuspendedRun,
    daily_refusal, today,
};
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};
use crate::daily::Date;

use super::SkipMenu;
use crate::app::ui::kit;

use crate::app::content::ContentReport;
use crate::app::render::palette::{Palette, color_of};
use crate::app::render::picture::{PictureNode, Pictures, picture_node};
use crate::app::turn::DIGIT_KEYS;

pub(super) fn plugin(app: &mut App) {
    // After the menu (and so after Continue's load): a skipped menu's new run must win.
    app.add_systems(
        OnEnter(Screen::MainMenu),
        (spawn_menu, skip_menu).chain().after(LoadKeptRun),
    );
    app.add_systems(
        Update,
        menu_input
            .in_set(ScreenInput)
            .ambiguous_with(ScreenInput)
            .run_if(in_state(Screen::MainMenu)),
    );
}

/// Marks the menu's seed line so it can show the seed being typed.
#[derive(Component)]
pub struct SeedText;

/// The key list on the menu, shown with H or F1.
#[derive(Component)]
pub struct MenuHelp;

/// What the menu offers, in its order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Entry {
    Continue,
    #[default]
    NewRun,
    RandomSeed,
    Daily,
    Watch,
    Records,
    Mods,
    Settings,
    Help,
    Quit,
}

impl Entry {
    /// The entry's words and its own key's name.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Entry::Continue => ("Continue the run", "C"),
            Entry::NewRun => ("New run", "N"),
            Entry::RandomSeed => ("Random seed", "R"),
            Entry::Daily => ("Daily challenge", "D"),
            Entry::Watch => ("Watch replays", "W"),
            Entry::Records => ("Records", "T"),
            Entry::Mods => ("Mods", "M"),
            Entry::Settings => ("Settings", "O"),
            Entry::Help => ("Help: the keys", "H"),
            Entry::Quit => ("Quit", "Q"),
        }
    }

    fn key(self) -> KeyCode {
        match self {
            Entry::Continue => KeyCode::KeyC,
            Entry::NewRun => KeyCode::KeyN,
            Entry::RandomSeed => KeyCode::KeyR,
            Entry::Daily => KeyCode::KeyD,
            Entry::Watch => KeyCode::KeyW,
            Entry::Records => KeyCode::KeyT,
            Entry::Mods => KeyCode::KeyM,
            Entry::Settings => KeyCode::KeyO,
            Entry::Help => KeyCode::KeyH,
            Entry::Quit => KeyCode::KeyQ,
        }
    }
}

/// The menu's entries, in order; Continue is there but unavailable when no run is kept.
pub const ENTRIES: [Entry; 10] = [
    Entry::Continue,
    Entry::NewRun,
    Entry::RandomSeed,
    Entry::Daily,
    Entry::Watch,
    Entry::Records,
    Entry::Mods,
    Entry::Settings,
    Entry::Help,
    Entry::Quit,
];

/// The menu's list: every entry with its key, Continue unavailable without a kept run; the
/// Daily entry names its date, or says why it cannot be played (`daily`).
pub fn menu_list(can_continue: bool, daily: Result<Date, String>) -> ListMenu {
    let entries = ENTRIES
        .iter()
        .map(|e| {
            let (words, key) = e.words();
            let entry = ListEntry::new(words).key(e.key(), key);
            match (e, &daily) {
                (Entry::Continue, _) if !can_continue => entry.unavailable("no run to continue"),
                (Entry::Daily, Ok(date)) => ListEntry::new(format!("{words} {date}"))
                    .key(e.key(), key)
                    .detail(
                        "The same seed for everyone today (UTC), on the core pack alone: \
                     your first try of the day is ranked, its replay anyone can verify.",
                    ),
                (Entry::Daily, Err(why)) => entry.unavailable(why),
                _ => entry,
            }
        })
        .collect();
    let mut list = ListMenu::new("Main menu", entries);
    // On opening, New run: Enter starts one, as it always has.
    list.cursor = 1;
    list
}

/// The main menu's list.
#[derive(Component)]
pub struct MainMenuList;

/// `delve play --seed N` (or `--class C`) asks for a new run: it replaces a kept one, as
/// Enter does; without `--class`, of the class chosen last.
fn skip_menu(
    skip: Option<Res<SkipMenu>>,
    run: Res<NewRun>,
    settings: Option<Res<Settings>>,
    content: Option<Res<ContentRes>>,
    mut commands: Commands,
    mut open: MessageWriter<OpenRun>,
) {
    if skip.is_some() {
        commands.remove_resource::<SkipMenu>();
        let class = run.class.clone().or_else(|| {
            let remembered = settings.as_ref().map_or("", |s| s.class.as_str());
            let content = content.as_ref()?;
            super::class_choice::remembered_class(&content.0, remembered, run.seed)
        });
        open.write(OpenRun::New {
            seed: run.seed,
            class,
        });
    }
}

fn spawn_menu(
    mut commands: Commands,
    run: Res<NewRun>,
    suspended: Res<SuspendedRun>,
    report: Option<Res<ContentReport>>,
    notice: Option<Res<crate::app::save::SaveNotice>>,
    content_notice: Option<Res<crate::app::content::ReloadNotice>>,
    content: Option<Res<crate::app::shared::ContentRes>>,
    pictures: Option<Res<Pictures>>,
    palette: Option<Res<Palette>>,
) {
    let mut packs = report.map_or_else(String::new, |r| r.0.summary());
    if let Some(n) = content_notice.and_then(|n| n.0.clone()) {
        packs = format!("{packs}\n{n}");
    }
    if let Some(n) = notice.and_then(|n| n.0.clone()) {
        packs = format!("{packs}\nSave: {n}");
    }
    let root = commands
        .spawn((
            Name::new("Main menu"),
            DespawnOnExit(Screen::MainMenu),
            super::full_screen(Color::srgb(0.05, 0.05, 0.08)),
            children![
                (
                    Text::new("DELVE"),
                    TextFont::from_font_size(72.0),
                    TextColor(Color::srgb(0.95, 0.8, 0.3)),
                ),
                (
                    Text::new("a turn-based descent"),
                    TextFont::from_font_size(20.0),
                    TextColor(Color::srgb(0.6, 0.6, 0.65)),
                ),
                (
                    SeedText,
                    Text::new(super::class_choice::seed_line(run.seed)),
                    TextFont::from_font_size(24.0),
                    TextColor(Color::WHITE),
                ),
                (
                    Text::new(packs),
                    TextFont::from_font_size(16.0),
                    TextColor(Color::srgb(0.55, 0.6, 0.55)),
                ),
                (
                    MainMenuList,
                    kit::list(menu_list(
                        suspended.0.is_some(),
                        daily_date(content.as_deref())
                    ))
                ),
                (
                    Text::new("Up/Down or Tab  choose     Enter  do it     digits  type a seed"),
                    TextFont::from_font_size(15.0),
                    TextColor(Color::srgb(0.6, 0.6, 0.65)),
                ),
                (
                    MenuHelp,
                    Text::new(""),
                    TextFont::from_font_size(15.0),
                    TextColor(Color::srgb(0.7, 0.75, 0.7)),
                ),
                // Which build this is, for a bug report: out of the column, in the corner.
                (
                    Text::new(format!("Delve {}", crate::VERSION)),
                    TextFont::from_font_size(13.0),
                    TextColor(Color::srgb(0.45, 0.45, 0.5)),
                    Node {
                        position_type: PositionType::Absolute,
                        right: px(10),
                        bottom: px(8),
                        ..default()
                    },
                ),
            ],
        ))
        .id();
    // The title's art: the dungeon's inhabitants, hero first, in their colours.
    let Some(content) = content else { return };
    let palette = palette.map_or_else(Palette::default, |p| *p);
    let row = commands
        .spawn(Node {
            column_gap: px(10),
            row_gap: px(6),
            margin: UiRect::vertical(px(8)),
            // A phone upright shows them in rows.
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            max_width: percent(96),
            ..default()
        })
        .with_children(|row| {
            let c = &content.0;
            let mut kinds: Vec<&String> = c.creatures.keys().collect();
            kinds.sort_by_key(|k| (*k != "core:hero", c.creatures[*k].xp, (*k).clone()));
            // At most two rows on a phone held upright, so the menu under them fits its screen.
            kinds.truncate(TITLE_CREATURES);
            for kind in kinds {
                let k = &c.creatures[kind];
                let pic = pictures
                    .as_deref()
                    .map_or(PictureNode::Glyph(k.symbol), |p| p.creature(c, kind));
                picture_node(
                    row,
                    pictures.as_deref(),
                    pic,
                    color_of(k.color, palette),
                    44.0,
                );
            }
        })
        .id();
    commands.entity(root).insert_children(2, &[row]);
}

/// Today's daily, or why the menu cannot offer it (mods loaded, no readable clock).
fn daily_date(content: Option<&ContentRes>) -> Result<Date, String> {
    if let Some(why) = content.and_then(|c| daily_refusal(&c.0)) {
        return Err(why.to_string());
    }
    today()
}

/// How many of the dungeon's inhabitants the title shows (the hero, then the weakest first).
const TITLE_CREATURES: usize = 12;

/// The seed line and the key list: one `Text` each, written in turn.
type MenuTexts = (
    Query<'static, 'static, &'static mut Text, With<SeedText>>,
    Query<'static, 'static, &'static mut Text, With<MenuHelp>>,
);

fn menu_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut choices: MessageReader<ListChoice>,
    list: Query<Entity, With<MainMenuList>>,
    mut run: ResMut<NewRun>,
    suspended: Res<SuspendedRun>,
    mut open: MessageWriter<OpenRun>,
    mut commands: Commands,
    mut texts: ParamSet<MenuTexts>,
    mut exit: MessageWriter<AppExit>,
    run_notice: Res<RunNotice>,
    content: Option<Res<ContentRes>>,
    mut daily: ResMut<DailyPick>,
) {
    // A run that could not be opened says why where the key list shows.
    if run_notice.is_changed()
        && let Some(n) = &run_notice.0
    {
        for mut t in &mut texts.p1() {
            t.0 = n.clone();
        }
    }
    let Ok(list) = list.single() else { return };
    let chosen = choices
        .read()
        .filter_map(|c| c.chosen_in(list))
        .last()
        .map(|i| ENTRIES[i])
        .or_else(|| keys.just_pressed(KeyCode::F1).then_some(Entry::Help));
    let mut changed = false;
    match chosen {
        Some(Entry::Mods) => commands.set_state(Screen::Mods),
        Some(Entry::Settings) => commands.set_state(Screen::Settings),
        Some(Entry::Watch) => commands.set_state(Screen::Replays),
        Some(Entry::Records) => commands.set_state(Screen::Records),
        Some(Entry::Help) => {
            // The key list is the help overlay's, shown in place of nothing.
            for mut t in &mut texts.p1() {
                t.0 = if t.0.is_empty() {
                    super::pause::KEYS.to_string()
                } else {
                    String::new()
                };
            }
        }
        Some(Entry::Daily) => {
            if let (Some(content), Ok(date)) = (&content, daily_date(content.as_deref())) {
                if content.0.classes.is_empty() {
                    open.write(OpenRun::Daily { date, class: None });
                } else {
                    daily.0 = Some(date);
                    commands.set_state(Screen::ClassChoice);
                }
            }
        }
        Some(Entry::NewRun) => {
            // A new run replaces a suspended one.
            daily.0 = None;
            if let Some(content) = content {
                let class = run.class.clone();
                super::class_choice::start_new_run(&mut commands, &content.0, run.seed, class);
            }
        }
        Some(Entry::Continue) if suspended.0.is_some() => {
            open.write(OpenRun::Continue);
        }
        Some(Entry::Quit) => {
            exit.write(AppExit::Success);
        }
        Some(Entry::RandomSeed) => {
            // A new seed from the old one: the menu needs no clock to vary it.
            run.seed = crate::rng::mix(run.seed);
            changed = true;
        }
        _ => {}
    }
    if keys.just_pressed(KeyCode::Backspace) {
        run.seed /= 10;
        changed = true;
    }
    for (i, key) in DIGIT_KEYS.iter().enumerate() {
        if keys.just_pressed(*key) {
            run.seed = run.seed.saturating_mul(10).saturating_add(i as u64);
            changed = true;
        }
    }
    if changed {
        for mut t in &mut texts.p0() {
            **t = super::class_choice::seed_line(run.seed);
        }
    }
}
