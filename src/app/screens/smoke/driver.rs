//! What a smoke stage may read and do (`Driver`), the count it keeps (`Smoke`), and what it
//! reports each frame (`Progress`).
use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::app::ai::AiOverlay;
use crate::app::dungeon::race::RaceRes;
use crate::app::render::actors::PictureCount;
use crate::app::save::RunArchive;
use crate::app::screens::records::RecordsView;
use crate::app::screens::watch::Watching;
use crate::app::settings::Settings;
use crate::app::shared::{
    ContentRes, GameRes, NewRun, OpenRun, Overlay, PlayerCommand, Screen, TurnPhase,
};
use crate::app::turn::{Hovered, KnownInView, KnownWatching, Travel};
use crate::content::Content;
use crate::game::{Command, Game, TravelGoal, bot, hostiles_in_view, watchers};
use crate::map::Pos;

/// A stage that plays gives up on what it waits for after this many bot turns of its own.
pub(super) const STAGE_TURNS: u64 = 300;

#[derive(Resource, Debug, Default)]
pub(super) struct Smoke {
    pub(super) dir: PathBuf,
    /// The stage running, an index into `STAGES`.
    pub(super) at: usize,
    /// Frames since the stage began.
    pub(super) frames: u32,
    /// Frames on the screen shown now, since the stage began or the screen last changed.
    pub(super) frames_here: u32,
    pub(super) screen: Option<Screen>,
    /// Frames in a row that the stage's `wait_for` has said its sight is in place.
    pub(super) in_place: u32,
    /// The game's turn when the stage began (its turn budget counts from there).
    pub(super) began: Option<u64>,
    /// Frames still to let pass after a picture before the next stage begins.
    pub(super) idle: u32,
}

/// What a stage reads and changes: the game through the command path, the screens and
/// overlays through their states, and the few resources a player changes by key.
#[derive(SystemParam)]
pub(super) struct Driver<'w, 's> {
    pub smoke: ResMut<'w, Smoke>,
    screen: Res<'w, State<Screen>>,
    phase: Option<Res<'w, State<TurnPhase>>>,
    overlay: Option<Res<'w, State<Overlay>>>,
    // The smoke spans every screen, the menus too, where no run is open.
    game: Option<Res<'w, GameRes>>,
    content: Option<Res<'w, ContentRes>>,
    sent: MessageWriter<'w, PlayerCommand>,
    pub open: MessageWriter<'w, OpenRun>,
    pub run: Res<'w, NewRun>,
    pub commands: Commands<'w, 's>,
    pub exit: MessageWriter<'w, AppExit>,
    pub ai_overlay: ResMut<'w, AiOverlay>,
    window: Single<'w, 's, &'static mut Window, With<PrimaryWindow>>,
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera2d>>,
    pub counted: Res<'w, PictureCount>,
    pub records: Option<ResMut<'w, RecordsView>>,
    pub watching: Option<ResMut<'w, Watching>>,
    pub archive: Option<Res<'w, RunArchive>>,
    pub race: Res<'w, RaceRes>,
    settings: ResMut<'w, Settings>,
    pub hovered: ResMut<'w, Hovered>,
    /// The travel under way: a stage starts auto-explore as its key does.
    pub travel: ResMut<'w, Travel>,
    known: ResMut<'w, KnownInView>,
    watched: ResMut<'w, KnownWatching>,
}

impl Driver<'_, '_> {
    /// The open run's game and the content it plays under, when a run is open.
    pub fn read<T>(&self, f: impl FnOnce(&Game, &Content) -> T) -> Option<T> {
        Some(f(self.game.as_ref()?.game(), &self.content.as_ref()?.0))
    }

    /// The content, loaded on every screen (the records' replays play under it too).
    pub fn content(&self) -> Option<&Content> {
        Some(&self.content.as_ref()?.0)
    }

    pub fn screen(&self) -> Screen {
        *self.screen.get()
    }

    /// Whether the turn waits for the hero's command (no turn is resolving).
    pub fn awaiting(&self) -> bool {
        (self.phase.as_ref()).is_some_and(|p| *p.get() == TurnPhase::AwaitingInput)
    }

    pub fn send(&mut self, command: Command) {
        self.sent.write(PlayerCommand(command));
    }

    /// One turn of the explore bot, when the hero is to act; kept on this floor, since the
    /// fixture puts what the pictures show on floor 1 (its shop, slingers and archers, terrain).
    pub fn play(&mut self) {
        if !self.awaiting() {
            return;
        }
        let Some(command) = self.read(|game, content| match bot::explore(game, content) {
            Command::Descend => Command::Wait,
            command => command,
        }) else {
            return;
        };
        self.send(command);
    }

    /// Starts auto-explore as its key does: the monsters in view now, and those hunting the
    /// hero, do not stop it.
    pub fn explore(&mut self) {
        let Some((in_view, watching)) =
            self.read(|game, content| (hostiles_in_view(game, content), watchers(game, content)))
        else {
            return;
        };
        self.known.0 = in_view;
        self.watched.0 = watching;
        self.travel.0 = Some(TravelGoal::Explore);
    }

    /// `Ready` when `ready`; otherwise a turn of play, or `Missing` once the stage's turn
    /// budget is spent (`missing` says what did not come).
    pub fn play_until(&mut self, ready: bool, missing: &str) -> Progress {
        if ready {
            return Progress::Ready;
        }
        if self.read(|_, _| ()).is_none() {
            return Progress::NotYet;
        }
        if !self.in_budget() {
            return Progress::Missing(format!("{missing} within {STAGE_TURNS} turns"));
        }
        self.play();
        Progress::NotYet
    }

    /// Whether the run goes on within the stage's turn budget.
    pub fn in_budget(&self) -> bool {
        let began = self.smoke.began;
        self.read(|game, _| {
            !game.is_over() && game.run.turn < began.unwrap_or(game.run.turn) + STAGE_TURNS
        }) == Some(true)
    }

    /// Goes to `screen` (from where the player could): `Ready` once it is shown.
    pub fn go_to(&mut self, screen: Screen) -> Progress {
        if self.screen() == screen {
            return Progress::Ready;
        }
        self.commands.set_state(screen);
        Progress::NotYet
    }

    /// Whether `overlay` is over the run (opening it if it is not).
    pub fn shown(&mut self, overlay: Overlay) -> bool {
        if self.screen() != Screen::InGame {
            return false;
        }
        if self.overlay_is(overlay) {
            return true;
        }
        self.commands.set_state(overlay);
        false
    }

    /// `shown` as a stage's progress.
    pub fn show(&mut self, overlay: Overlay) -> Progress {
        Progress::when(self.shown(overlay))
    }

    /// The run in high contrast with the text at 150 %, or as it was (set only when it
    /// differs, so the layout is not redone every frame).
    pub fn high_contrast(&mut self, on: bool) {
        if self.settings.high_contrast != on {
            self.settings.high_contrast = on;
            self.settings.text_scale = if on { 1.5 } else { 1.0 };
        }
    }

    pub fn overlay_is(&self, overlay: Overlay) -> bool {
        (self.overlay.as_ref()).is_some_and(|o| *o.get() == overlay)
    }

    /// Warps the mouse pointer onto a map tile.
    pub fn point_at(&mut self, p: Pos) {
        let Some(height) = self.read(|game, _| game.floor.map.height()) else {
            return;
        };
        let world = crate::app::shared::world_of(p, height).extend(0.0);
        let (camera, transform) = *self.camera;
        if let Ok(at) = camera.world_to_viewport(transform, world) {
            self.window.set_cursor_position(Some(at));
        }
    }

    /// The smoke is over: a last word for the log, and the game exits.
    pub fn finish(&mut self) {
        info!("smoke: done");
        self.exit.write(AppExit::Success);
    }
}

/// Where a stage stands, each frame.
pub(super) enum Progress {
    /// Not there yet.
    NotYet,
    /// The sight is in place: the driver lets it settle, takes the picture, goes on.
    Ready,
    /// Not for this run (a race's picture with no ghosts): on to the next stage.
    Skip,
    /// Given up, saying what did not come: no picture (the script's check of the files says
    /// it is missing), on to the next stage.
    Missing(String),
    /// Nothing further can be shown (why): straight to the last stage.
    End(String),
}

impl Progress {
    /// `Ready` when the sight is there, `NotYet` when not.
    pub(super) fn when(there: bool) -> Self {
        if there { Self::Ready } else { Self::NotYet }
    }
}
