//! The main menu (the title screen): the dungeon's inhabitants in a row under the title; new
//! run with a seed, continue, watch a replay, records, mods, settings, help, quit.
use bevy::prelude::*;

use crate::app::shared::{AppSystems, GameRes, LoadKeptRun, NewRun, Screen};

use super::SkipMenu;

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
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::MainMenu)),
    );
}

/// Marks the menu's seed line so it can show the seed being typed.
#[derive(Component)]
pub struct SeedText;

/// The key list on the menu, shown with H or F1.
#[derive(Component)]
pub struct MenuHelp;

/// `delve play --seed N` asks for a new run: it replaces a kept one, as Enter does.
fn skip_menu(skip: Option<Res<SkipMenu>>, mut commands: Commands) {
    if skip.is_some() {
        commands.remove_resource::<SkipMenu>();
        commands.remove_resource::<GameRes>();
        commands.set_state(Screen::InGame);
    }
}

#[allow(clippy::too_many_arguments)]
fn spawn_menu(
    mut commands: Commands,
    run: Res<NewRun>,
    existing: Option<Res<GameRes>>,
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
    let continue_line = if existing.is_some() {
        "C  continue the run\n"
    } else {
        ""
    };
    let root = commands.spawn((
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
                Text::new(seed_line(run.seed)),
                TextFont::from_font_size(24.0),
                TextColor(Color::WHITE),
            ),
            (
                Text::new(packs),
                TextFont::from_font_size(16.0),
                TextColor(Color::srgb(0.55, 0.6, 0.55)),
            ),
            (
                Text::new(format!(
                    "{continue_line}Enter  new run     R  random seed     digits  type a seed\nW  watch replays     T  records     M  mods     O  settings     H  help     Q  quit"
                )),
                TextFont::from_font_size(18.0),
                TextColor(Color::srgb(0.75, 0.75, 0.8)),
                TextLayout::justify(Justify::Center),
            ),
            (
                MenuHelp,
                Text::new(""),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(0.7, 0.75, 0.7)),
            ),
        ],
    )).id();
    // The title's art: the dungeon's inhabitants, hero first, in their colours.
    let Some(content) = content else { return };
    let palette = palette.map_or_else(Palette::default, |p| *p);
    let row = commands
        .spawn(Node {
            column_gap: px(10),
            margin: UiRect::vertical(px(8)),
            ..default()
        })
        .with_children(|row| {
            let c = &content.0;
            let mut kinds: Vec<&String> = c.creatures.keys().collect();
            kinds.sort_by_key(|k| (*k != "core:hero", c.creatures[*k].xp, (*k).clone()));
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

pub fn seed_line(seed: u64) -> String {
    format!("Seed: {seed}")
}

fn menu_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut run: ResMut<NewRun>,
    existing: Option<Res<GameRes>>,
    mut commands: Commands,
    mut text: Query<&mut Text, With<SeedText>>,
    mut help: Query<&mut Text, (With<MenuHelp>, Without<SeedText>)>,
    mut exit: MessageWriter<AppExit>,
) {
    if keys.just_pressed(KeyCode::KeyM) {
        commands.set_state(Screen::Mods);
    }
    if keys.just_pressed(KeyCode::KeyO) {
        commands.set_state(Screen::Settings);
    }
    if keys.just_pressed(KeyCode::KeyW) {
        commands.set_state(Screen::Replays);
    }
    if keys.just_pressed(KeyCode::KeyT) {
        commands.set_state(Screen::Records);
    }
    if keys.any_just_pressed([KeyCode::KeyH, KeyCode::F1]) {
        // The key list is the help overlay's, shown in place of nothing.
        for mut t in &mut help {
            t.0 = if t.0.is_empty() {
                super::pause::KEYS.to_string()
            } else {
                String::new()
            };
        }
    }
    if keys.just_pressed(KeyCode::Enter) {
        // A new run replaces a kept one.
        commands.remove_resource::<GameRes>();
        commands.set_state(Screen::InGame);
    }
    if keys.just_pressed(KeyCode::KeyC) && existing.is_some() {
        commands.set_state(Screen::InGame);
    }
    if keys.just_pressed(KeyCode::KeyQ) {
        exit.write(AppExit::Success);
    }
    let mut changed = false;
    if keys.just_pressed(KeyCode::KeyR) {
        // A new seed from the old one: the menu needs no clock to vary it.
        run.seed = crate::rng::mix(run.seed);
        changed = true;
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
        for mut t in &mut text {
            **t = seed_line(run.seed);
        }
    }
}
