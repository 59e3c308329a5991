//! Mods that reload as they are saved (desktop): `mods/`, and `assets/core` when the game runs
//! from a checkout, are watched; once the writes settle, the same reload as F5 is asked for,
//! held back if the new files have errors (the overlay shows them; the run keeps its content).
use bevy::prelude::*;

use crate::app::shared::{Overlay, Screen, TurnPhase};

#[cfg(not(target_arch = "wasm32"))]
use super::ReloadRequest;

/// How long the files must stay still before they are read again.
pub const SETTLE_MS: u64 = 300;

/// Whether to watch the files at all (on by default; tests that reload by hand turn it off).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct WatchFiles(pub bool);

impl Default for WatchFiles {
    fn default() -> Self {
        Self(true)
    }
}

/// How many reloads the file watcher asked for (the log and tests read it).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct AutoReloads(pub u32);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AutoReloads>()
        .init_resource::<WatchFiles>();
    #[cfg(not(target_arch = "wasm32"))]
    {
        app.add_systems(Startup, disk::start);
        app.add_systems(
            Update,
            // After F5's key and before the Mods screen's switches, which also ask for reloads.
            disk::poll
                .in_set(crate::app::shared::AppSystems::Input)
                .after(super::hot_reload::reload_key)
                .before(crate::app::shared::OverlayInput)
                .run_if(resource_exists::<disk::FileWatch>),
        );
    }
}

/// Whether a reload may start now: in a run only between turns with no overlay open (it is
/// resolved as F5's is); on the menus at once; never while loading, watching or on GameOver.
pub fn may_reload_now(screen: Screen, phase: Option<TurnPhase>, overlay: Option<Overlay>) -> bool {
    match screen {
        Screen::InGame => phase == Some(TurnPhase::AwaitingInput) && overlay == Some(Overlay::None),
        Screen::MainMenu | Screen::Mods | Screen::Settings | Screen::Replays | Screen::Records => {
            true
        }
        // The class choice lists the classes as they were: it takes a reload on leaving.
        Screen::Loading | Screen::GameOver | Screen::Watch | Screen::ClassChoice => false,
    }
}

/// Asks for the reload; in a run, the turn phase moves to Resolving, where reloads happen.
/// (The browser has no files to watch.)
#[cfg(not(target_arch = "wasm32"))]
fn ask(request: &mut ReloadRequest, screen: Screen, commands: &mut Commands) {
    request.pending = true;
    request.hold_on_errors = true;
    if screen == Screen::InGame {
        commands.set_state(TurnPhase::Resolving);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod disk {
    use std::path::{Path, PathBuf};
    use std::sync::{Mutex, mpsc};
    use std::time::{Duration, Instant};

    use bevy::prelude::*;
    use notify_debouncer_full::notify::{EventKind, RecommendedWatcher, RecursiveMode};
    use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};

    use super::{AutoReloads, SETTLE_MS, WatchFiles, ask, may_reload_now};
    use crate::app::content::{CoreSource, ModSource, ReloadRequest};
    use crate::app::shared::{Overlay, Screen, TurnPhase};

    /// The watcher and what it has seen since the last reload.
    #[derive(Resource)]
    pub struct FileWatch {
        _debouncer: Debouncer<RecommendedWatcher, RecommendedCache>,
        changes: Mutex<mpsc::Receiver<DebounceEventResult>>,
        /// A change is waiting for a moment the reload may start.
        pub waiting: bool,
        /// The last change seen: one save that reaches the watcher in two batches (a mod's
        /// files written one after another) is still one reload.
        last_change: Option<Instant>,
    }

    pub fn start(
        mut commands: Commands,
        mods: Res<ModSource>,
        core: Res<CoreSource>,
        on: Res<WatchFiles>,
    ) {
        if !on.0 {
            return;
        }
        let mut roots: Vec<PathBuf> = Vec::new();
        roots.extend(mods.roots().into_iter().filter(|d| d.is_dir()).cloned());
        roots.extend(core.0.iter().filter(|d| d.is_dir()).cloned());
        if roots.is_empty() {
            return;
        }
        let (tx, rx) = mpsc::channel();
        let mut debouncer = match new_debouncer(Duration::from_millis(SETTLE_MS), None, tx) {
            Ok(d) => d,
            Err(e) => {
                warn!("mods will not reload on their own (F5 still does): {e}");
                return;
            }
        };
        for root in &roots {
            if let Err(e) = debouncer.watch(root, RecursiveMode::Recursive) {
                warn!(
                    "{} will not reload on its own (F5 still does): {e}",
                    root.display()
                );
            }
        }
        info!(
            "watching {} for changes",
            roots
                .iter()
                .map(|r| r.display().to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        );
        commands.insert_resource(FileWatch {
            _debouncer: debouncer,
            changes: Mutex::new(rx),
            waiting: false,
            last_change: None,
        });
    }

    /// Editors' own files (swap, backup and temporary files) are not content.
    fn is_content_file(path: &Path) -> bool {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        !(name.starts_with('.')
            || name.ends_with('~')
            || name.ends_with(".swp")
            || name.ends_with(".tmp"))
    }

    pub fn poll(
        mut watch: ResMut<FileWatch>,
        mut request: ResMut<ReloadRequest>,
        mut count: ResMut<AutoReloads>,
        screen: Res<State<Screen>>,
        phase: Option<Res<State<TurnPhase>>>,
        overlay: Option<Res<State<Overlay>>>,
        mut commands: Commands,
    ) {
        let mut changed = false;
        if let Ok(rx) = watch.changes.lock() {
            for batch in rx.try_iter() {
                match batch {
                    Ok(events) => {
                        changed |= events.iter().any(|e| {
                            !matches!(e.event.kind, EventKind::Access(_))
                                && e.event.paths.iter().any(|p| is_content_file(p))
                        })
                    }
                    Err(errors) => {
                        for e in errors {
                            warn!("watching the mods: {e}");
                        }
                    }
                }
            }
        }
        if changed {
            watch.waiting = true;
            watch.last_change = Some(Instant::now());
        }
        let settled = watch
            .last_change
            .is_none_or(|t| t.elapsed() >= Duration::from_millis(SETTLE_MS / 2));
        let screen = *screen.get();
        if watch.waiting
            && settled
            && !request.pending
            && may_reload_now(screen, phase.map(|p| *p.get()), overlay.map(|o| *o.get()))
        {
            watch.waiting = false;
            count.0 += 1;
            info!("files changed on disk: reloading the content");
            ask(&mut request, screen, &mut commands);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reloads_wait_for_a_quiet_moment() {
        let calm = Some(TurnPhase::AwaitingInput);
        assert!(may_reload_now(Screen::InGame, calm, Some(Overlay::None)));
        assert!(!may_reload_now(
            Screen::InGame,
            Some(TurnPhase::Resolving),
            Some(Overlay::None)
        ));
        assert!(!may_reload_now(
            Screen::InGame,
            calm,
            Some(Overlay::Inventory)
        ));
        assert!(may_reload_now(Screen::Mods, None, None));
        assert!(!may_reload_now(Screen::Watch, None, None));
        assert!(!may_reload_now(Screen::Loading, None, None));
    }
}
