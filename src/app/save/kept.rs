//! Every finished run is kept when the GameOver screen opens: its morgue, its replay and its
//! place in the records, beside the save (`saves/`) or in the browser's storage.
use bevy::prelude::*;

use crate::app::shared::{ContentRes, GameRes, Screen};
use crate::app::web;

use super::store::SaveStore;

use crate::runs::replay::Replay;
use crate::runs::{Archive, FolderArchive, Kept, MemoryArchive, RunStats, Shelf, keep_run};

/// Where finished runs are kept (from the save's place: its folder, or the browser).
#[derive(Resource)]
pub struct RunArchive(pub Box<dyn Archive + Send + Sync>);

impl RunArchive {
    pub fn for_store(store: &SaveStore) -> Self {
        match store {
            SaveStore::File(save) => Self(Box::new(FolderArchive::beside(save))),
            SaveStore::Browser(_) => Self(Box::new(BrowserArchive)),
            // Tests without saving keep runs in memory, where they can look at them.
            SaveStore::Off => Self(Box::new(MemoryArchive::default())),
        }
    }
}

/// What keeping the last finished run did (the GameOver screen says it).
#[derive(Resource, Debug, Default, Clone)]
pub struct LastKept(pub Option<Kept>);

/// The finished run is kept before the GameOver screen is drawn.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct KeepRun;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastKept>();
    // After the plugins (and a test's own `SaveStore`) are in place.
    app.add_systems(Startup, |mut commands: Commands, store: Res<SaveStore>| {
        commands.insert_resource(RunArchive::for_store(&store))
    });
    app.add_systems(OnEnter(Screen::GameOver), keep_finished_run.in_set(KeepRun));
}

fn keep_finished_run(
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut archive: ResMut<RunArchive>,
    mut last: ResMut<LastKept>,
) {
    if !game.is_over() {
        last.0 = None;
        return;
    }
    let (game, content) = (game.game(), &content.0);
    // Per-floor figures are counted by playing the run again; a run that spanned a content
    // reload cannot be, and its morgue says so.
    let stats = RunStats::of_replay(&Replay::of(game, content), content)
        .ok()
        .map(|(_, s)| s);
    let kept = keep_run(archive.0.as_mut(), game, content, stats.as_ref());
    for p in &kept.problems {
        warn!("keeping the run: {p}");
    }
    if let Some(m) = &kept.morgue {
        info!("morgue written to {m}");
    }
    last.0 = Some(kept);
}

/// Kept runs in the browser's local storage, under `delve.kept/` (inside the page's one
/// storage budget with the saves and the player's mods).
pub struct BrowserArchive;

const PREFIX: &str = "delve.kept/";

fn key(shelf: Shelf, name: &str) -> String {
    match shelf.folder() {
        "" => format!("{PREFIX}{name}"),
        folder => format!("{PREFIX}{folder}/{name}"),
    }
}

impl Archive for BrowserArchive {
    fn names(&self, shelf: Shelf) -> Result<Vec<String>, String> {
        let prefix = key(shelf, "");
        Ok(web::keys(&prefix)?
            .into_iter()
            .map(|k| k[prefix.len()..].to_string())
            .filter(|n| !n.contains('/'))
            .collect())
    }
    fn read(&self, shelf: Shelf, name: &str) -> Result<Option<Vec<u8>>, String> {
        web::get(&key(shelf, name)).map(|v| v.map(String::into_bytes))
    }
    fn write(&mut self, shelf: Shelf, name: &str, bytes: &[u8]) -> Result<(), String> {
        // Morgues, replays and records are text, so they fit local storage's strings.
        let text = std::str::from_utf8(bytes).map_err(|e| format!("{name}: {e}"))?;
        web::set(&key(shelf, name), text)
            .map_err(|e| format!("{}: {e}", self.describe(shelf, name)))
    }
    fn remove(&mut self, shelf: Shelf, name: &str) -> Result<(), String> {
        web::remove(&key(shelf, name))
    }
    fn describe(&self, shelf: Shelf, name: &str) -> String {
        format!("browser storage `{}`", key(shelf, name))
    }
    fn replays_kept(&self) -> usize {
        crate::runs::kept::REPLAYS_KEPT_BROWSER
    }
}
