//! The Mods screen: every mod found with its state, turned on and off with the keys, the load
//! report of the selected mod, and reloading from disk.
use bevy::prelude::*;

use crate::app::shared::{AppSystems, Screen};

use crate::app::content::{
    ContentReport, ModCatalogue, ModChoices, ModsStore, ReloadNotice, ReloadRequest,
};
use crate::content::Severity;
use crate::content::diagnostics::Diagnostic;
use crate::content::mods::ModToml;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ModsCursor>();
    app.add_systems(OnEnter(Screen::Mods), spawn_mods);
    app.add_systems(
        Update,
        mods_input
            .in_set(AppSystems::Input)
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

#[derive(Component)]
struct ModsList;

#[derive(Component)]
struct ModsReport;

fn spawn_mods(mut commands: Commands) {
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
            (
                ModsList,
                Text::new(""),
                TextFont::from_font_size(18.0),
                TextColor(Color::WHITE),
            ),
            (
                Text::new("Up/Down  choose     Space or Enter  turn on/off     R  reload from disk     Esc  back"),
                TextFont::from_font_size(16.0),
                TextColor(Color::srgb(0.75, 0.75, 0.8)),
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
        Ok(m) if choices.disabled.contains(&m.id) => "off".into(),
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

/// The list, one line a mod, the cursor's line marked.
pub fn list_text(
    list: &ModCatalogue,
    choices: &ModChoices,
    report: &crate::content::LoadReport,
    cursor: usize,
) -> String {
    if list.0.is_empty() {
        return "No mods found: put mod folders into `mods/`.".into();
    }
    list.0
        .iter()
        .enumerate()
        .map(|(i, (folder, meta))| {
            let mark = if i == cursor { ">" } else { " " };
            let (on, label) = match meta {
                Ok(m) => (
                    if choices.disabled.contains(&m.id) {
                        "[ ]"
                    } else {
                        "[x]"
                    },
                    format!("{}  {} {}", m.id, m.name, m.version),
                ),
                Err(_) => ("[!]", folder.clone()),
            };
            let key = meta.as_ref().map_or(folder.as_str(), |m| m.id.as_str());
            format!(
                "{mark} {on} {label:<40} {}",
                mod_status(key, meta, choices, report)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
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

#[allow(clippy::too_many_arguments)]
fn mods_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut cursor: ResMut<ModsCursor>,
    list: Res<ModCatalogue>,
    mut choices: ResMut<ModChoices>,
    store: Res<ModsStore>,
    mut reload: ResMut<ReloadRequest>,
    mut notice: ResMut<ReloadNotice>,
    mut commands: Commands,
) {
    let n = list.0.len();
    if keys.just_pressed(KeyCode::Escape) {
        commands.set_state(Screen::MainMenu);
        return;
    }
    if n > 0 && keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::KeyJ, KeyCode::KeyS]) {
        cursor.0 = (cursor.0 + 1) % n;
    }
    if n > 0 && keys.any_just_pressed([KeyCode::ArrowUp, KeyCode::KeyK, KeyCode::KeyW]) {
        cursor.0 = (cursor.0 + n - 1) % n;
    }
    cursor.0 = cursor.0.min(n.saturating_sub(1));
    if keys.any_just_pressed([KeyCode::Space, KeyCode::Enter])
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

/// The list's text and the report's: one `Text` each, written in turn.
type ScreenTexts = (
    Single<'static, 'static, &'static mut Text, With<ModsList>>,
    Single<'static, 'static, &'static mut Text, With<ModsReport>>,
);

fn show_mods(
    list: Res<ModCatalogue>,
    choices: Res<ModChoices>,
    report: Res<ContentReport>,
    cursor: Res<ModsCursor>,
    notice: Res<ReloadNotice>,
    mut texts: ParamSet<ScreenTexts>,
) {
    let changed = list.is_changed()
        || choices.is_changed()
        || report.is_changed()
        || cursor.is_changed()
        || notice.is_changed();
    if !changed && !texts.p0().0.is_empty() {
        return;
    }
    texts.p0().0 = list_text(&list, &choices, &report.0, cursor.0);
    texts.p1().0 = report_text(
        &list,
        &report.0,
        cursor.0,
        notice.0.as_deref(),
        choices.problem.as_deref(),
    );
}
