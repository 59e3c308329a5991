//! Saves the run on every floor change, when leaving the game screen and (browser) when the
//! tab is hidden; loads it for Continue. Permadeath: the save is removed when the run ends.
//! A save that cannot be loaded is moved aside (never deleted) and the menu says why.
use bevy::prelude::*;

use crate::app::shared::{
    AppSystems, ContentRes, FloorEntered, GameRes, LoadKeptRun, Screen, SuspendedRun, TurnResolved,
};

use super::store::SaveStore;

use crate::runs::save;

/// The last save problem or warning, for the main menu.
#[derive(Resource, Debug, Default, Clone)]
pub struct SaveNotice(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveNotice>()
        .init_resource::<SaveStore>();
    app.add_systems(Startup, watch_tab);
    app.add_systems(
        OnEnter(Screen::MainMenu),
        load_for_continue.in_set(LoadKeptRun),
    );
    app.add_systems(OnExit(Screen::InGame), save_on_exit);
    app.add_systems(
        Update,
        (save_on_floor, remember_for_hidden_tab)
            .chain()
            .in_set(AppSystems::Finish)
            .run_if(in_state(Screen::InGame)),
    );
}

fn write(
    store: &SaveStore,
    game: &crate::game::Game,
    content: &crate::content::Content,
    notice: &mut SaveNotice,
) {
    let result = if game.is_over() {
        // Permadeath: the run's save goes with the run.
        store.remove()
    } else {
        save::encode(game, content)
            .map_err(|e| e.to_string())
            .and_then(|bytes| store.write(&bytes))
    };
    if let Err(e) = result {
        warn!("{}: {e}", store.describe());
        notice.0 = Some(format!("{}: {e}", store.describe()));
    }
}

fn save_on_floor(
    mut floors: MessageReader<FloorEntered>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut notice: ResMut<SaveNotice>,
    store: Res<SaveStore>,
) {
    if floors.read().count() == 0 {
        return;
    }
    write(&store, game.game(), &content.0, &mut notice);
}

fn save_on_exit(
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut notice: ResMut<SaveNotice>,
    store: Res<SaveStore>,
) {
    write(&store, game.game(), &content.0, &mut notice);
}

fn watch_tab(store: Res<SaveStore>) {
    if let SaveStore::Browser(key) = &*store {
        crate::app::web::save_when_hidden(key.clone());
    }
}

/// Browser: the state the hidden-tab save writes, refreshed after every turn.
fn remember_for_hidden_tab(
    mut turns: MessageReader<TurnResolved>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    store: Res<SaveStore>,
) {
    if turns.read().count() == 0 || !matches!(*store, SaveStore::Browser(_)) {
        return;
    }
    let game = Some(game.game()).filter(|g| !g.is_over());
    crate::app::web::remember(game, content.0.fingerprint());
}

/// On the menu without a run in memory, a stored save becomes the run that Continue resumes.
fn load_for_continue(
    mut suspended: ResMut<SuspendedRun>,
    content: Res<ContentRes>,
    mut notice: ResMut<SaveNotice>,
    store: Res<SaveStore>,
) {
    if suspended.0.is_some() {
        return;
    }
    let bytes = match store.read() {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return,
        Err(e) => {
            notice.0 = Some(format!("{}: {e}", store.describe()));
            return;
        }
    };
    match save::decode(&bytes, &content.0) {
        Ok(loaded) => {
            // Keep an earlier notice (a broken keys file, say) unless there is a new one.
            if loaded.warning.is_some() {
                notice.0 = loaded.warning;
            }
            suspended.0 = Some(loaded.game);
        }
        Err(e) => {
            let kept = store.quarantine().map_or_else(
                |q| format!(" (and it could not be moved: {q})"),
                |to| format!("; it was kept as {to}"),
            );
            notice.0 = Some(format!("{}: {e}{kept}", store.describe()));
        }
    }
}
