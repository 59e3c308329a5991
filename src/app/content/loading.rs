//! Loads the core pack and the enabled mods into resources, then shows the main menu; loads
//! them again on request (the Mods screen, or F5 in a run: hot reload on the desktop).
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameWriter, Notice, Screen, SuspendedRun, TurnPhase};

use super::choices::{ModChoices, ModSource, ModsStore};

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::content::diagnostics::Diagnostic;
use crate::content::mods::{ModToml, catalogue, core_from_folder, load_over};
use crate::content::{Content, LoadReport, Severity};

/// The load report, shown on the Mods screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct ContentReport(pub LoadReport);

/// Every mod folder found, with its `mod.toml` or the error that keeps it out (disabled mods
/// included), in folder order: the Mods screen's list.
#[derive(Resource, Debug, Clone, Default)]
pub struct ModCatalogue(pub Vec<(String, Result<ModToml, Diagnostic>)>);

/// Asks for the content to be loaded again; in a run it waits for the Resolving phase, the
/// only time anything touches the `Game`.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct ReloadRequest {
    pub pending: bool,
    /// The mod whose switch asked for it: switched back if the reload is refused, so a kept
    /// run never meets a start without its content.
    pub toggled: Option<String>,
    /// Asked by the file watcher: new files with errors leave the content as it was (the
    /// overlay shows the errors) instead of loading without the broken mod, as F5 does.
    pub hold_on_errors: bool,
}

/// What the overlay says of the last load's errors (what became of the content, then each
/// error's file, line, caret and suggestion), shown over the game until a load comes out
/// clean; `None` when it did.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct ContentErrors(pub Option<String>);

/// The overlay's text: what became of the content, what to do, then the errors.
fn overlay_text(lead: &str, errors: &str) -> String {
    format!("{lead}\nFix them and save: this goes away by itself (F5 reloads by hand).\n\n{errors}")
}

/// The overlay's text when a reload is held: nothing changed.
pub fn held_text(errors: &str) -> String {
    overlay_text(
        "The changed files do not load; the game goes on with the content as it was.",
        errors,
    )
}

/// The overlay's text when a reload took the new content in: the broken mods left out.
pub fn reloaded_text(skipped: &[String], errors: &str) -> String {
    let lead = match skipped {
        [] => "The content reloaded, with errors.".to_string(),
        _ => format!(
            "Left out until fixed: {}. The rest of the content reloaded.",
            skipped.join(", ")
        ),
    };
    overlay_text(&lead, errors)
}

/// The report's errors alone, as the overlay shows them.
pub fn errors_text(report: &LoadReport) -> Option<String> {
    let errors: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect();
    (!errors.is_empty()).then(|| errors.join("\n"))
}

/// What the last reload did, in one line (the Mods screen and the log show it).
#[derive(Resource, Debug, Clone, Default)]
pub struct ReloadNotice(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ReloadRequest>()
        .init_resource::<ReloadNotice>()
        .init_resource::<ContentErrors>()
        .init_resource::<CoreSource>()
        .init_resource::<ContentReport>()
        .init_resource::<ModCatalogue>();
    app.add_systems(OnEnter(Screen::Loading), load);
    app.add_systems(
        Update,
        reload
            .in_set(crate::app::shared::AppSystems::Reload)
            .run_if(|r: Res<ReloadRequest>| r.pending)
            .run_if(not(in_state(Screen::InGame)).or_else(in_state(TurnPhase::Resolving))),
    );
}

/// Where the core pack is read from: `assets/core` on the desktop when it is there, so edits
/// to it take effect (F5); the copy built into the binary otherwise.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct CoreSource(pub Option<PathBuf>);

impl Default for CoreSource {
    fn default() -> Self {
        let dir = PathBuf::from("assets/core");
        Self((!cfg!(target_arch = "wasm32") && dir.is_dir()).then_some(dir))
    }
}

/// What one load found: the content, its report, the Mods screen's list and the ids of the
/// examples among them.
type Loaded = (Content, LoadReport, ModCatalogue, BTreeSet<String>);

/// Core (from `core`, or built in) and the mods that are on (the examples once turned on).
fn load_all(
    core: Option<&PathBuf>,
    source: &ModSource,
    choices: &ModChoices,
) -> Result<Loaded, String> {
    let pack = match core {
        Some(dir) => core_from_folder(dir)?,
        // Inside the binary; in the browser, fetched by the page and checked file by file.
        None => crate::app::web::core_pack()?,
    };
    let (folders, example_folders) = source.folders();
    let list = catalogue(&folders);
    let examples: BTreeSet<String> = (list.iter())
        .filter(|(folder, _)| example_folders.contains(folder))
        .filter_map(|(_, meta)| Some(meta.as_ref().ok()?.id.clone()))
        .collect();
    let (content, report) = load_over(pack, &folders, &choices.off(&examples));
    if report.skipped.iter().any(|p| p == "core") {
        warn!("content report:\n{report}");
        let errors = report
            .diagnostics
            .iter()
            .filter(|d| d.pack == "core" && d.severity == Severity::Error)
            .count();
        let from = core.map_or("the built-in core pack".into(), |d| d.display().to_string());
        return Err(format!("{from} has {errors} error(s) (the log lists them)"));
    }
    Ok((content, report, ModCatalogue(list), examples))
}

fn load(
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    core: Res<CoreSource>,
    source: Res<ModSource>,
    mut choices: ResMut<ModChoices>,
    mut notice: ResMut<ReloadNotice>,
    files: Option<Res<crate::app::shared::PendingAssets>>,
) {
    let loaded = load_all(core.0.as_ref(), &source, &choices).or_else(|e| {
        // An edited `assets/core` that does not load never stops the game: the built-in
        // core is used and the notice says why.
        if core.0.is_none() {
            return Err(e);
        }
        notice.0 = Some(format!(
            "{e}; the built-in core pack is used until it loads (F5)."
        ));
        load_all(None, &source, &choices)
    });
    let (content, report, list, examples) = match loaded {
        Ok(l) => l,
        Err(e) => {
            // A broken built-in core (the test suite keeps it from shipping), or in the
            // browser a core file that did not arrive as this build knows it.
            error!("the core content cannot be loaded: {e}");
            crate::app::web::cannot_start(&e);
            exit.write(AppExit::error());
            return;
        }
    };
    if !report.diagnostics.is_empty() {
        warn!("content report:\n{report}");
    }
    commands.insert_resource(ContentRes(content));
    commands.insert_resource(ContentReport(report));
    commands.insert_resource(list);
    choices.examples = examples;
    // With a window, the menu waits for the game's files too (`files::await_files`).
    if files.is_none() {
        next.set(Screen::MainMenu);
    }
}

/// Loads again and swaps the content in, unless the core pack broke or the run (a kept one
/// too) names ids the new content lacks: then the old content and its report stay, and the
/// notice says why.
fn reload(
    mut request: ResMut<ReloadRequest>,
    core: Res<CoreSource>,
    source: Res<ModSource>,
    mut choices: ResMut<ModChoices>,
    store: Res<ModsStore>,
    content: Option<ResMut<ContentRes>>,
    mut report_res: ResMut<ContentReport>,
    mut list: ResMut<ModCatalogue>,
    // Reload runs in a run (F5, Resolving) and on the Mods screen, where no run is open and
    // a suspended one may wait for Continue: whichever there is must take the new content.
    game: Option<GameWriter>,
    mut suspended: ResMut<SuspendedRun>,
    mut notice: ResMut<ReloadNotice>,
    mut log: MessageWriter<Notice>,
    mut errors: ResMut<ContentErrors>,
) {
    // Before the first load there is nothing to reload.
    let Some(mut content) = content else { return };
    request.pending = false;
    let toggled = request.toggled.take();
    let hold = std::mem::take(&mut request.hold_on_errors);
    let line = match load_all(core.0.as_ref(), &source, &choices) {
        Err(e) => {
            errors.0 = Some(held_text(&e));
            format!("Reload refused: {e}; the old content stays.")
        }
        // Held when a pack in use now would drop out; a mod that was already broken does not
        // hold back the others' changes.
        Ok((_, report, ..))
            if hold && report.skipped.iter().any(|p| content.0.packs.contains(p)) =>
        {
            errors.0 = errors_text(&report).map(|e| held_text(&e));
            warn!("content report:\n{report}");
            "Reload held: the changed files have errors (shown over the game); the content \
             stays as it was until they are fixed."
                .to_string()
        }
        Ok((new, report, catalogue, examples)) => {
            errors.0 = errors_text(&report).map(|e| reloaded_text(&report.skipped, &e));
            *list = catalogue;
            choices.examples = examples;
            let adopted = match (game, suspended.0.as_mut()) {
                (Some(mut g), _) => g.game_mut().adopt_content(&new),
                (None, Some(g)) => g.adopt_content(&new),
                (None, None) => Ok(()),
            };
            match adopted {
                Ok(()) => {
                    content.0 = new;
                    let line = format!("Content reloaded. {}", report.summary());
                    if !report.diagnostics.is_empty() {
                        warn!("content report:\n{report}");
                    }
                    // The report always describes the content in use.
                    report_res.0 = report;
                    line
                }
                Err(missing) => {
                    let mut line = format!(
                        "Reload refused: the run uses {}, which the new content lacks; the old content stays.",
                        missing.join(", ")
                    );
                    if let Some(id) = toggled {
                        // Best effort: the switch is undone in memory whatever the store says.
                        let _ = choices.toggle(&id, &store.0);
                        line += &format!(" `{id}` stays as it was.");
                    }
                    line
                }
            }
        }
    };
    info!("{line}");
    log.write(Notice(line.clone()));
    notice.0 = Some(line);
}
