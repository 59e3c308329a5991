//! The run's game resource, opened and closed in one place: `OpenRun` builds the game (a new
//! one on its first floor, or the suspended one) and only then shows the game screen; leaving
//! the game screen suspends an unfinished run for Continue; entering `NoRun` removes the
//! resource. Between the two, systems of the run can rely on it.
use bevy::prelude::*;

use crate::app::shared::{
    AppSystems, ContentRes, GameRes, NoRun, OpenRun, RunNotice, Screen, SuspendedRun,
};
use crate::game::Game;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenRun>()
        .init_resource::<crate::app::shared::DailyPick>()
        .init_resource::<SuspendedRun>()
        .init_resource::<RunNotice>();
    app.add_systems(
        Update,
        open_run
            .in_set(AppSystems::Finish)
            .run_if(on_message::<OpenRun>.and_then(resource_exists::<ContentRes>)),
    );
    app.add_systems(OnExit(Screen::InGame), suspend_run);
    app.add_systems(OnEnter(NoRun), |mut commands: Commands| {
        commands.remove_resource::<GameRes>()
    });
}

/// Builds the asked-for run's game, inserts it and shows the game screen; a run that cannot
/// be built leaves the screen as it is and says why.
fn open_run(
    mut asked: MessageReader<OpenRun>,
    content: Res<ContentRes>,
    mut suspended: ResMut<SuspendedRun>,
    mut notice: ResMut<RunNotice>,
    mut commands: Commands,
    mut daily: ResMut<crate::app::shared::DailyPick>,
) {
    let Some(ask) = asked.read().last().cloned() else {
        return;
    };
    // The class choice the Daily entry opened is answered (or another run is asked for).
    daily.0 = None;
    let game = match ask {
        OpenRun::New { seed, class } => match new_game(seed, class.as_deref(), &content.0) {
            Ok(game) => {
                // A new run replaces a suspended one (its save is replaced on the first floor).
                suspended.0 = None;
                game
            }
            Err(e) => {
                error!("cannot start a run: {e}");
                notice.0 = Some(format!("Cannot start a run with seed {seed}: {e}"));
                return;
            }
        },
        OpenRun::Daily { date, class } => {
            let made = match crate::app::shared::daily_refusal(&content.0) {
                Some(why) => Err(format!("the daily {why}")),
                None => {
                    let class = class.unwrap_or_else(|| content.0.first_class().to_string());
                    Game::new_daily(date, &class, &content.0).map_err(|e| e.to_string())
                }
            };
            match made {
                Ok(game) => {
                    suspended.0 = None;
                    game
                }
                Err(e) => {
                    notice.0 = Some(format!("Cannot start the daily of {date}: {e}"));
                    return;
                }
            }
        }
        OpenRun::Fork(game) => {
            suspended.0 = None;
            *game
        }
        OpenRun::Continue => match suspended.0.take() {
            Some(game) => game,
            None => {
                notice.0 = Some("There is no run to continue.".into());
                return;
            }
        },
    };
    notice.0 = None;
    commands.insert_resource(GameRes::new(game));
    commands.set_state(Screen::InGame);
}

/// A new run of `class`, or of the content's first class.
fn new_game(
    seed: u64,
    class: Option<&str>,
    content: &crate::content::Content,
) -> Result<Game, crate::game::NewGameError> {
    match class {
        Some(class) => Game::new_as(seed, class, content),
        None => Game::new(seed, content),
    }
}

/// An unfinished run stays in memory when its screen closes, for Continue (the save on
/// leaving, in the save plugin, keeps it on disk too).
fn suspend_run(game: Res<GameRes>, mut suspended: ResMut<SuspendedRun>) {
    suspended.0 = (!game.is_over()).then(|| game.game().clone());
}
