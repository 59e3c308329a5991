//! Ghost races in the app: the replays given with `--race` become ghosts when the run opens
//! and keep the player's pace after every turn (`crate::runs::race`); the map draws them
//! (`render/ghosts.rs`) and the sidebar says where each is. Ghosts are `Game`s of their own:
//! nothing here touches the player's run.
use bevy::prelude::*;

use crate::app::shared::{AppSystems, ContentRes, GameRes, NoRun, Notice, Screen};
use crate::runs::race::Race;

/// The replay files to race (the name a ghost is shown under, the file's bytes), waiting for
/// the run they race.
#[derive(Resource, Debug, Clone, Default)]
pub struct RaceFiles(pub Vec<(String, Vec<u8>)>);

/// The race beside the player's run, if there is one.
#[derive(Resource, Debug, Default)]
pub struct RaceRes(pub Option<Race>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RaceRes>();
    app.add_systems(
        OnEnter(Screen::InGame),
        start_race.run_if(resource_exists::<RaceFiles>),
    );
    app.add_systems(
        Update,
        keep_pace
            .in_set(AppSystems::Follow)
            .run_if(in_state(Screen::InGame).and_then(resource_exists_and_changed::<GameRes>)),
    );
    // The race belongs to the run it was started with.
    app.add_systems(OnEnter(NoRun), |mut race: ResMut<RaceRes>| race.0 = None);
}

/// The run is open: its ghosts start from its seed (the files are taken, once), or the log
/// says why there is no race.
fn start_race(
    mut commands: Commands,
    files: Res<RaceFiles>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut race: ResMut<RaceRes>,
    mut notices: MessageWriter<Notice>,
) {
    commands.remove_resource::<RaceFiles>();
    match Race::from_files(files.0.clone(), game.origin.seed, &content.0) {
        Ok(mut r) => {
            r.keep_pace(game.run.turn, &content.0);
            let names: Vec<&str> = r.ghosts().iter().map(|g| g.name()).collect();
            notices.write(Notice(format!("Racing {}.", names.join(", "))));
            race.0 = Some(r);
        }
        Err(e) => {
            warn!("no race: {e}");
            notices.write(Notice(format!("No race: {e}")));
        }
    }
}

/// After the player's turn, every ghost plays on to the player's turn counter.
fn keep_pace(game: Res<GameRes>, content: Res<ContentRes>, mut race: ResMut<RaceRes>) {
    if let Some(r) = &mut race.0 {
        r.keep_pace(game.run.turn, &content.0);
    }
}
