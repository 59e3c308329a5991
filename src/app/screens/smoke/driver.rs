//! The smoke's runner: the stages of `stages.rs` one at a time, a frame at a time, and what a
//! stage may read and do (`Driver`).
use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;

use super::stages::{Progress, STAGES, Stage};
use crate::app::ai::AiOverlay;
use crate::app::dungeon::race::RaceRes;
use crate::app::render::actors::PictureCount;
use crate::app::save::RunArchive;
use crate::app::screens::records::RecordsView;
use crate::app::screens::watch::Watching;
use crate::app::settings::Settings;
use crate::app::shared::{
    AppSystems, ContentRes, GameRes, NewRun, OpenRun, Overlay, PlayerCommand, Screen, TurnPhase,
};
use crate::app::turn::Hovered;
use crate::content::Content;
use crate::game::{Command, Game, bot};
use crate::map::Pos;

/// A stage that plays gives up on what it waits for after this many bot turns of its own.
pub(super) const STAGE_TURNS: u64 = 300;
/// Frames between asking for a picture and the next stage's first frame: the picture is taken
/// as the frame that asked for it renders, and the next stage may change what is drawn.
const AFTER_PICTURE: u32 = 2;

#[derive(Resource, Debug)]
pub(super) struct Smoke {
    dir: PathBuf,
    /// The stage running, an index into `STAGES`.
    at: usize,
    /// Frames since the stage began.
    pub frames: u32,
    /// Frames on the screen shown now, since the stage began or the screen last changed.
    pub frames_here: u32,
    screen: Option<Screen>,
    /// Frames in a row that the stage's `wait_for` has said its sight is in place.
    pub in_place: u32,
    /// The game's turn when the stage began (its turn budget counts from there).
    began: Option<u64>,
    /// Frames still to let pass after a picture before the next stage begins.
    idle: u32,
}

pub fn plugin(dir: PathBuf) -> impl Fn(&mut App) {
    move |app: &mut App| {
        let _ = std::fs::create_dir_all(&dir);
        app.insert_resource(Smoke {
            dir: dir.clone(),
            at: 0,
            frames: 0,
            frames_here: 0,
            screen: None,
            in_place: 0,
            began: None,
            idle: 0,
        });
        // The smoke drives itself frame by frame, so it never waits for input.
        app.insert_resource(bevy::winit::WinitSettings::continuous());
        app.add_systems(Update, drive.in_set(AppSystems::Input));
    }
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
    counted: Res<'w, PictureCount>,
    pub records: Option<ResMut<'w, RecordsView>>,
    pub watching: Option<ResMut<'w, Watching>>,
    pub archive: Option<Res<'w, RunArchive>>,
    pub race: Res<'w, RaceRes>,
    pub settings: ResMut<'w, Settings>,
    pub hovered: ResMut<'w, Hovered>,
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
        if (self.overlay.as_ref()).is_some_and(|o| *o.get() == overlay) {
            return true;
        }
        self.commands.set_state(overlay);
        false
    }

    /// `shown` as a stage's progress.
    pub fn show(&mut self, overlay: Overlay) -> Progress {
        if self.shown(overlay) {
            Progress::Ready
        } else {
            Progress::NotYet
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

    fn picture(&mut self, stage: &Stage, name: &str) {
        info!("smoke: screenshot {name}");
        let path = self.smoke.dir.join(name);
        self.commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path));
        if stage.logs_creatures {
            let counted = &self.counted;
            info!(
                "smoke: {name}: {} creatures drawn from pictures, {} from glyphs",
                counted.pictures, counted.glyphs
            );
        }
    }

    /// Begins stage `at`, its counts from zero.
    fn begin(&mut self, at: usize) {
        let smoke = &mut self.smoke;
        smoke.at = at.min(STAGES.len() - 1);
        (smoke.frames, smoke.frames_here, smoke.in_place) = (0, 0, 0);
        smoke.began = None;
    }
}

/// Runs the stage of the moment for one frame: brings about what it waits for, lets it settle,
/// takes its picture, and goes on to the next.
fn drive(mut d: Driver) {
    if d.smoke.idle > 0 {
        d.smoke.idle -= 1;
        return;
    }
    let screen = d.screen();
    let turn = d.read(|game, _| game.run.turn);
    let smoke = &mut d.smoke;
    smoke.frames += 1;
    if smoke.screen != Some(screen) {
        (smoke.screen, smoke.frames_here) = (Some(screen), 0);
    }
    smoke.frames_here += 1;
    smoke.began = smoke.began.or(turn);
    let at = smoke.at;
    let stage = &STAGES[at];
    match (stage.wait_for)(&mut d) {
        Progress::NotYet => d.smoke.in_place = 0,
        Progress::Ready => {
            d.smoke.in_place += 1;
            if d.smoke.in_place > stage.settle {
                if let Some(name) = stage.picture {
                    d.picture(stage, name);
                    d.smoke.idle = AFTER_PICTURE;
                }
                d.begin(at + 1);
            }
        }
        Progress::Skip => d.begin(at + 1),
        // No picture: the script's check of the files says it is missing.
        Progress::Missing(why) => {
            warn!("smoke: {why}");
            d.begin(at + 1);
        }
        Progress::End(why) => {
            warn!("smoke: {why}");
            d.begin(STAGES.len() - 1);
        }
    }
}
