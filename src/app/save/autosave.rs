//! Saves the run on every floor change and when leaving the game screen; loads it for Continue.
//! Permadeath: the save is removed when the run ends. A save that cannot be loaded is moved
//! aside (never deleted) and the menu says why.
use std::path::PathBuf;

use bevy::prelude::*;

use crate::app::AppSystems;
use crate::app::content::ContentRes;
use crate::app::dungeon::FloorEntered;
use crate::app::screens::Screen;
use crate::app::turn::GameRes;
use crate::save;

/// The last save problem or warning, for the main menu.
#[derive(Resource, Debug, Default, Clone)]
pub struct SaveNotice(pub Option<String>);

/// Where the run is saved; `None` turns saving off (the browser, tests that do not want it).
#[derive(Resource, Debug, Clone)]
pub struct SavePath(pub Option<PathBuf>);

impl Default for SavePath {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            return Self(None);
        }
        Self(Some(
            std::env::var_os("DELVE_SAVE")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("saves/run.save")),
        ))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveNotice>()
        .init_resource::<SavePath>();
    app.add_systems(
        OnEnter(Screen::MainMenu),
        load_for_continue.before(crate::app::screens::spawn_main_menu),
    );
    app.add_systems(OnExit(Screen::InGame), save_on_exit);
    app.add_systems(
        Update,
        save_on_floor
            .in_set(AppSystems::Finish)
            .run_if(in_state(Screen::InGame)),
    );
}

fn write(
    path: &SavePath,
    game: &crate::game::Game,
    content: &crate::content::Content,
    notice: &mut SaveNotice,
) {
    let Some(path) = &path.0 else { return };
    if game.is_over() {
        // Permadeath: the run's save goes with the run.
        if path.exists()
            && let Err(e) = std::fs::remove_file(path)
        {
            notice.0 = Some(format!("could not remove {}: {e}", path.display()));
        }
        return;
    }
    if let Err(e) = save::save(path, game, content) {
        warn!("{}: {e}", path.display());
        notice.0 = Some(format!("{}: {e}", path.display()));
    }
}

fn save_on_floor(
    mut floors: MessageReader<FloorEntered>,
    game: Option<Res<GameRes>>,
    content: Res<ContentRes>,
    mut notice: ResMut<SaveNotice>,
    path: Res<SavePath>,
) {
    if floors.read().count() == 0 {
        return;
    }
    if let Some(game) = game {
        write(&path, &game.0, &content.0, &mut notice);
    }
}

fn save_on_exit(
    game: Option<Res<GameRes>>,
    content: Res<ContentRes>,
    mut notice: ResMut<SaveNotice>,
    path: Res<SavePath>,
) {
    if let Some(game) = game {
        write(&path, &game.0, &content.0, &mut notice);
    }
}

/// On the menu without a run in memory, a save on disk becomes the run that Continue resumes.
fn load_for_continue(
    mut commands: Commands,
    game: Option<Res<GameRes>>,
    content: Res<ContentRes>,
    mut notice: ResMut<SaveNotice>,
    path: Res<SavePath>,
) {
    let Some(path) = &path.0 else { return };
    if game.is_some() || !path.exists() {
        return;
    }
    match save::load(path, &content.0) {
        Ok(loaded) => {
            notice.0 = loaded.warning;
            commands.insert_resource(GameRes(loaded.game));
        }
        Err(e) => {
            let kept = save::quarantine(path).map_or_else(
                |q| format!(" (and it could not be moved: {q})"),
                |to| format!("; it was kept as {}", to.display()),
            );
            notice.0 = Some(format!("{}: {e}{kept}", path.display()));
        }
    }
}
