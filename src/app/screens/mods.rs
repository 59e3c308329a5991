//! The Mods screen: every mod found with its state, turned on and off with the keys, the load
//! report of the selected mod, and reloading from disk.
use bevy::prelude::*;

use crate::app::shared::{AppSystems, Screen};
use crate::app::ui::kit;
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};

use crate::app::content::{
    ContentReport, ModCatalogue, ModChoices, ModSource, ModsStore, ReloadNotice, ReloadRequest,
};
use crate::app::web;
use crate::content::Severity;
use crate::content::diagnostics::Diagnostic;
use crate::content::mods::ModToml;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ModsCursor>()
        .init_resource::<PageModsNotice>();
    app.add_systems(OnEnter(Screen::Mods), spawn_mods);
    app.add_systems(
        Update,
        page_mods_changed
            .before(AppSystems::Input)
            .run_if(in_state(Screen::Mods).or_else(in_state(Screen::MainMenu))),
    );
    app.add_systems(
        Update,
        mods_input
            .in_set(ScreenInput)
            .ambiguous_with(ScreenInput)
            .after(crate::app::shared::OverlayInput)
            .run_if(in_state(Screen::Mods)),
    );
    app.add_systems(
        Update,
        show_mods
            .in_set(crate::app::shared::UiSystems::Screen)
            .run_if(in_state(Screen::Mods)),
    );
}

/// The selected line of the list.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ModsCursor(pub usize);

/// The mods' list.
#[derive(Component)]
struct ModsList;

/// The line under the list when there are no mods.
#[derive(Component)]
struct ModsEmpty;

#[derive(Component)]
struct ModsReport;

/// "Add a mod folder": the browser's folder picker (a click or a tap; `A` does the same).
#[derive(Component)]
struct AddModButton;

/// The keys line: the browser adds its own two.
fn keys_line(browser: bool) -> &'static str {
    if browser {
        "Up/Down  choose     Space or Enter  turn on/off     A  add a mod folder     Delete  remove an added mod     R  reload     Esc  back"
    } else {
        "Up/Down  choose     Space or Enter  turn on/off     R  reload from disk     Esc  back"
    }
}

fn spawn_mods(mut commands: Commands) {
    let browser = cfg!(target_arch = "wasm32");
    commands.spawn((
        Name::new("Mods"),
        DespawnOnExit(Screen::Mods),
        super::full_screen(Color::srgb(0.05, 0.05, 0.08)),
        children![
            (
                Text::new("MODS"),
                TextFont::from_font_size(40.0),
                TextColor(Color::srgb(0.95, 0.8, 0.3)),
            ),
            (ModsList, kit::list(ListMenu::new("Mods", Vec::new()))),
            (
                ModsEmpty,
                Text::new(""),
                TextFont::from_font_size(17.0),
                TextColor(Color::WHITE),
            ),
            (
                Text::new(keys_line(browser)),
                TextFont::from_font_size(16.0),
                TextColor(Color::srgb(0.75, 0.75, 0.8)),
            ),
            // The screen's own keys as buttons, for a mouse or a finger (a mod's tap turns it
            // on or off).
            kit::key_row(vec![
                ("Reload".into(), KeyCode::KeyR),
                ("Back".into(), KeyCode::Escape),
            ]),
            (
                AddModButton,
                Button,
                Node {
                    padding: UiRect::axes(px(16), px(8)),
                    border: UiRect::all(px(2)),
                    display: if browser {
                        Display::Flex
                    } else {
                        Display::None
                    },
                    ..default()
                },
                BorderColor::all(Color::srgb(0.95, 0.8, 0.3)),
                BackgroundColor(Color::srgb(0.12, 0.1, 0.05)),
                children![(
                    Text::new("Add a mod folder"),
                    TextFont::from_font_size(18.0),
                    TextColor(Color::srgb(0.95, 0.8, 0.3)),
                )],
            ),
            (
                ModsReport,
                Text::new(""),
                TextFont::from_font_size(14.0),
                TextColor(Color::srgb(0.85, 0.75, 0.6)),
                Node {
                    max_width: percent(90),
                    ..default()
                },
            ),
        ],
    ));
}

/// One mod's state as the list shows it.
pub fn mod_status(
    id_or_folder: &str,
    meta: &Result<ModToml, Diagnostic>,
    choices: &ModChoices,
    report: &crate::content::LoadReport,
) -> String {
    let errors = |pack: &str| {
        report
            .diagnostics
            .iter()
            .filter(|d| d.pack == pack && d.severity == Severity::Error)
            .count()
    };
    match meta {
        Err(_) => "broken mod.toml".into(),
        Ok(m) if choices.is_off(&m.id) && choices.examples.contains(&m.id) => {
            "an example: off until you turn it on".into()
        }
        Ok(m) if choices.is_off(&m.id) => "off".into(),
        Ok(m) if report.loaded.contains(&m.id) => {
            let warnings = report.diagnostics.iter().filter(|d| d.pack == m.id).count();
            if warnings > 0 {
                format!("loaded, {warnings} warning(s)")
            } else {
                "loaded".into()
            }
        }
        Ok(_) => format!("skipped: {} error(s)", errors(id_or_folder)),
    }
}

/// What the list says when there are no mods.
pub fn empty_text(list: &ModCatalogue, source: &ModSource) -> String {
    if !list.0.is_empty() {
        String::new()
    } else if cfg!(target_arch = "wasm32") {
        "No mods yet: add a mod folder (A) or drop one onto the page.".into()
    } else {
        format!(
            "No mods found: put mod folders into {}.",
            source.where_to_add()
        )
    }
}

/// The list's entries, one a mod: on or off, id, name and version; its state on the right. A
/// mod whose `mod.toml` is broken cannot be turned on.
pub fn mod_entries(
    list: &ModCatalogue,
    choices: &ModChoices,
    report: &crate::content::LoadReport,
    source: &ModSource,
) -> Vec<ListEntry> {
    let added_here = source.added_here();
    list.0
        .iter()
        .map(|(folder, meta)| {
            let key = meta.as_ref().map_or(folder.as_str(), |m| m.id.as_str());
            let here = if added_here.contains(folder) {
                " (added in this browser)"
            } else {
                ""
            };
            let status = format!("{}{here}", mod_status(key, meta, choices, report));
            match meta {
                Ok(m) => {
                    let on = if choices.is_off(&m.id) { "[ ]" } else { "[x]" };
                    ListEntry::new(format!("{on} {}  {} {}", m.id, m.name, m.version)).note(status)
                }
                Err(_) => ListEntry::new(format!("[!] {folder}"))
                    .unavailable("its mod.toml is broken (see below)"),
            }
        })
        .collect()
}

/// The selected mod's problems as the loader renders them (source line and caret).
pub fn report_text(
    list: &ModCatalogue,
    report: &crate::content::LoadReport,
    cursor: usize,
    notice: Option<&str>,
    problem: Option<&str>,
) -> String {
    let mut out = String::new();
    for line in [problem, notice].into_iter().flatten() {
        out += line;
        out += "\n\n";
    }
    let Some((folder, meta)) = list.0.get(cursor) else {
        return out + &report.summary();
    };
    let shown: Vec<String> = match meta {
        Err(d) => vec![d.to_string()],
        Ok(m) => report
            .diagnostics
            .iter()
            .filter(|d| d.pack == m.id || d.pack == *folder)
            .map(|d| d.to_string())
            .collect(),
    };
    if shown.is_empty() {
        out += "No problems.\n\n";
    } else {
        out += &shown.join("\n\n");
        out += "\n\n";
    }
    out + &report.summary()
}

fn mods_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut picked: MessageReader<ListChoice>,
    mut shown: Single<(Entity, &mut ListMenu), With<ModsList>>,
    mut cursor: ResMut<ModsCursor>,
    list: Res<ModCatalogue>,
    mut choices: ResMut<ModChoices>,
    store: Res<ModsStore>,
    mut reload: ResMut<ReloadRequest>,
    mut notice: ResMut<ReloadNotice>,
    mut commands: Commands,
    source: Res<ModSource>,
    add_button: Query<&Interaction, (Changed<Interaction>, With<AddModButton>)>,
) {
    let n = list.0.len();
    let add =
        keys.just_pressed(KeyCode::KeyA) || add_button.iter().any(|i| *i == Interaction::Pressed);
    if add && cfg!(target_arch = "wasm32") {
        // The page answers through `page_mods_changed` once the files are stored.
        if let Err(e) = web::pick_mods() {
            notice.0 = Some(format!("Could not open the folder picker: {e}"));
        }
    }
    if keys.any_just_pressed([KeyCode::Delete, KeyCode::Backspace])
        && let Some((folder, _)) = list.0.get(cursor.0)
    {
        notice.0 = Some(if source.added_here().contains(folder) {
            match web::remove_user_mod(folder) {
                Ok(()) => format!("Removing {folder}…"),
                Err(e) => format!("Could not remove {folder}: {e}"),
            }
        } else if cfg!(target_arch = "wasm32") {
            format!("{folder} is built into the game; Space turns it off.")
        } else {
            format!(
                "{folder} is a mod folder in {}: delete it there to remove it.",
                source
                    .holder_of(folder)
                    .map_or_else(|| source.where_to_add(), |d| format!("`{}`", d.display()))
            )
        });
    }
    if keys.just_pressed(KeyCode::Escape) {
        commands.set_state(Screen::MainMenu);
        return;
    }
    // The list's own cursor (Up/Down, Tab), and the vi and WASD keys.
    let (shown_e, shown) = &mut *shown;
    if n > 0 && keys.any_just_pressed([KeyCode::KeyJ, KeyCode::KeyS]) {
        shown.cursor = (shown.cursor + 1) % n;
    }
    if n > 0 && keys.any_just_pressed([KeyCode::KeyK, KeyCode::KeyW]) {
        shown.cursor = (shown.cursor + n - 1) % n;
    }
    cursor.set_if_neq(ModsCursor(shown.cursor.min(n.saturating_sub(1))));
    // Enter, a click or a tap on a mod (the kit's choice), or Space, turns it on or off.
    let chosen = picked.read().filter_map(|c| c.chosen_in(*shown_e)).last();
    if (chosen.is_some() || keys.just_pressed(KeyCode::Space))
        && let Some((_, Ok(meta))) = list.0.get(cursor.0)
    {
        if let Err(e) = choices.toggle(&meta.id, &store.0) {
            notice.0 = Some(format!(
                "The choice holds for now but could not be stored in {}: {e}",
                store.0.describe()
            ));
        }
        reload.pending = true;
        reload.toggled = Some(meta.id.clone());
    }
    if keys.just_pressed(KeyCode::KeyR) {
        reload.pending = true;
    }
}

/// The page's last word on the player's mods (added, removed, refused for space), kept above
/// the reload's own line.
#[derive(Resource, Debug, Default, Clone)]
pub struct PageModsNotice(pub Option<String>);

/// The page's mods changed (added, removed, or one refused): load again and say what happened.
fn page_mods_changed(
    mut seen: Local<u32>,
    mut reload: ResMut<ReloadRequest>,
    mut page: ResMut<PageModsNotice>,
) {
    let version = web::user_mods_version();
    if version == *seen {
        return;
    }
    *seen = version;
    page.0 = web::user_mods_message();
    reload.pending = true;
}

/// The empty list's line and the report's: one `Text` each, written in turn.
type ScreenTexts = (
    Single<'static, 'static, &'static mut Text, With<ModsEmpty>>,
    Single<'static, 'static, &'static mut Text, With<ModsReport>>,
);

fn show_mods(
    list: Res<ModCatalogue>,
    choices: Res<ModChoices>,
    report: Res<ContentReport>,
    cursor: Res<ModsCursor>,
    notice: Res<ReloadNotice>,
    source: Res<ModSource>,
    page: Res<PageModsNotice>,
    mut texts: ParamSet<ScreenTexts>,
    mut shown: Single<&mut ListMenu, With<ModsList>>,
    mut first: Local<bool>,
) {
    let changed = page.is_changed()
        || list.is_changed()
        || choices.is_changed()
        || report.is_changed()
        || cursor.is_changed()
        || notice.is_changed();
    if !changed && *first {
        return;
    }
    *first = true;
    let problem = match (page.0.as_deref(), choices.problem.as_deref()) {
        (Some(a), Some(b)) => Some(format!("{a}\n{b}")),
        (a, b) => a.or(b).map(str::to_string),
    };
    let entries = mod_entries(&list, &choices, &report.0, &source);
    if shown.entries != entries {
        shown.set_entries(entries);
    }
    texts.p0().0 = empty_text(&list, &source);
    texts.p1().0 = report_text(
        &list,
        &report.0,
        cursor.0,
        notice.0.as_deref(),
        problem.as_deref(),
    );
}
