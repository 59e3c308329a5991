//! What every plugin of the app shares: the game and content resources, the states, the
//! system sets, the turn's messages and the map's coordinates. It depends on nothing else in
//! `app`, so the plugins' imports run one way (see `tests/suite/app_layers.rs`).
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::content::Content;
use crate::game::{Command, Game, Outcome, TurnContext, TurnStep};
use crate::map::Pos;

/// The order of everything the app does in `Update`, declared once and chained.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Keys and clicks become commands and screen changes.
    Input,
    /// The player's command taken from input: the turn plugin starts the turn.
    Command,
    /// Content loaded again (the Mods screen; F5 in a run, Resolving only).
    Reload,
    /// The turn's steps, each a system of the plugin that owns it (turn phase Resolving only),
    /// chained in the core's table order (`TurnSteps`).
    Turn,
    /// What the rest of the app reads from a resolved turn: the floor shown, the combat mode,
    /// the monsters' intents.
    Follow,
    /// Back to awaiting input; the run's end.
    Finish,
    /// Rendering and UI, which only read.
    Present,
}

/// One step of the core's turn table as a system set: the plugin that owns the step puts its
/// system here; `app::logic_plugin` chains the sets in the table's order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurnSteps(pub TurnStep);

/// What frames the turn's steps inside `AppSystems::Turn` (Resolving only): the command judged
/// before the first step, the turn's result published after the last.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnEdge {
    Judge,
    Publish,
}

/// The UI's own order inside `AppSystems::Present` (each writes its own text).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiSystems {
    Hud,
    Log,
    Panel,
    /// The overlays' own text (the inventory list).
    Overlay,
    /// Full screens' text (the Mods screen).
    Screen,
}

/// The overlays' own keys (Escape, F1, the pause menu's letters); the inventory's come after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct OverlayInput;

/// The kept run is read before the main menu is drawn (so it can offer Continue).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct LoadKeptRun;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Loading,
    MainMenu,
    Mods,
    /// Settings, from the main menu (in a run, the Settings overlay).
    Settings,
    InGame,
    GameOver,
    /// The kept replays, to pick one to watch.
    Replays,
    /// Watching a replay: the run shown as in play, driven by the replay instead of keys.
    Watch,
    /// The best finished runs; each opens its morgue and its replay.
    Records,
    /// Choosing the hero's class for a new run (after New run).
    ClassChoice,
}

/// A run is on screen, played (`InGame`) or watched (`Watch`): the map, the sidebar, the log
/// and the AI overlay show in both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RunShown;

impl ComputedStates for RunShown {
    type SourceStates = Screen;

    fn compute(screen: Screen) -> Option<Self> {
        matches!(screen, Screen::InGame | Screen::Watch).then_some(RunShown)
    }
}

/// A run is open: played, watched or just finished (GameOver reads it). The game resource
/// exists exactly while this state does: the run plugin (`dungeon/run.rs`) inserts it before the
/// screen changes and removes it on entering `NoRun`, so systems of the run take
/// `Res<GameRes>` without an `Option`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InRun;

impl ComputedStates for InRun {
    type SourceStates = Screen;

    fn compute(screen: Screen) -> Option<Self> {
        matches!(screen, Screen::InGame | Screen::Watch | Screen::GameOver).then_some(InRun)
    }
}

/// No run is open (loading, the menus). Entered after every screen's `OnExit` has run, which
/// is why the game resource is removed here and not on leaving `InRun`: the save on leaving
/// the game screen still reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NoRun;

impl ComputedStates for NoRun {
    type SourceStates = Screen;

    fn compute(screen: Screen) -> Option<Self> {
        InRun::compute(screen).is_none().then_some(NoRun)
    }
}

/// Exploring or fighting; set from the core after each turn.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::InGame)]
pub enum Mode {
    #[default]
    Exploring,
    Combat,
}

/// Overlays sit beside the mode, so opening one never ends a fight.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::InGame)]
pub enum Overlay {
    #[default]
    None,
    Inventory,
    Help,
    Pause,
    /// The whole kept message log, scrolling.
    History,
    /// Settings, opened from the pause menu.
    Settings,
    /// What the hero has learned of unknown items this run.
    Discoveries,
    /// A shop's wares and prices, opened by bumping its keeper.
    Shop,
    /// The look cursor over the map (`;`): no panel of its own, the map stays in view.
    Look,
    /// The find list (Ctrl+F): the floor's known places, to travel to.
    Find,
}

/// The turn phase: the world advances only between AwaitingInput and Resolving.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::InGame)]
pub enum TurnPhase {
    #[default]
    AwaitingInput,
    Resolving,
}

/// The loaded content: immutable during a turn.
#[derive(Resource, Debug, Clone)]
pub struct ContentRes(pub Content);

/// The sound channels' levels (0 to 1, under the master volume) and whether the positional
/// cues play: the settings write it, the audio reads it.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct SoundMix {
    pub effects: f32,
    pub cues: f32,
    pub interface: f32,
    pub cues_on: bool,
}

impl Default for SoundMix {
    fn default() -> Self {
        Self {
            effects: 1.0,
            cues: 0.8,
            interface: 0.6,
            cues_on: true,
        }
    }
}

/// The open run's game, owned by the core. Everything reads it through `Deref`; only
/// `GameWriter` changes it, and only the turn steps, the commands that cost no turn, the
/// run's opening, content reload and the replay viewer take that (`tests/suite/app_layers.rs` checks which files do).
#[derive(Resource, Debug, Clone)]
pub struct GameRes(Game);

impl GameRes {
    /// A run's game, for the run plugin and the viewer to insert.
    pub(crate) fn new(game: Game) -> Self {
        Self(game)
    }

    pub fn game(&self) -> &Game {
        &self.0
    }
}

impl std::ops::Deref for GameRes {
    type Target = Game;

    fn deref(&self) -> &Game {
        &self.0
    }
}

/// The one write access to the open run's game.
#[derive(SystemParam)]
pub struct GameWriter<'w> {
    game: ResMut<'w, GameRes>,
}

impl GameWriter<'_> {
    pub fn game(&self) -> &Game {
        &self.game.0
    }

    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game.0
    }
}

/// A run kept in memory while no run is open: the one left for the menu (Continue), or the
/// save read back for it. The run plugin moves it into `GameRes` when Continue opens it.
#[derive(Resource, Debug, Default, Clone)]
pub struct SuspendedRun(pub Option<Game>);

/// Asks for a run to be opened: the run plugin alone builds its game and shows the game
/// screen, so the game resource exists before any system of the run runs. A run that cannot
/// be opened leaves the screen as it is, with the reason in `RunNotice`.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum OpenRun {
    /// A new run with this seed and class (it replaces a suspended one); no class: the
    /// content's first (`Content::classes_in_order`).
    New { seed: u64, class: Option<String> },
    /// The suspended run.
    Continue,
    /// The daily challenge of this date, as this class (none: the content's first). It plays
    /// the core pack alone, so that anyone can verify it: refused with mods loaded.
    Daily {
        date: crate::daily::Date,
        class: Option<String>,
    },
    /// A replay taken over at a turn ("Play from here"): the game `Replay::fork_at` made,
    /// an unranked run of its own (it replaces a suspended one, as a new run does).
    Fork(Box<crate::game::Game>),
}

/// The daily challenge the class choice is for, when the menu's Daily entry opened it (the
/// choice then opens the daily instead of a new run of `NewRun`'s seed).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DailyPick(pub Option<crate::daily::Date>);

/// Today's date in UTC by the machine's clock (the page's `Date` in the browser, where
/// `SystemTime::now` panics), or why it cannot be read. Only the menu reads the clock: the
/// rules never do.
pub fn today() -> Result<crate::daily::Date, String> {
    super::web::now_seconds().map(crate::daily::Date::from_unix_seconds)
}

/// Why the daily cannot be played with `content`, if it cannot: it is the core pack's alone.
pub fn daily_refusal(content: &crate::content::Content) -> Option<&'static str> {
    (content.packs != ["core"]).then_some("plays the core pack alone: turn the mods off (M)")
}

/// Why the last `OpenRun` failed, for the menu.
#[derive(Resource, Debug, Default, Clone)]
pub struct RunNotice(pub Option<String>);

/// Which enemy the combat commands aim at (an index into the fight, re-read each turn): set by
/// the keys, taps and autofight, read by the fight panel, the inventory and the screen reader.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct SelectedTarget(pub usize);

/// The player's command, from any input (keys, a click or tap, travel and auto-explore, the
/// inventory, the smoke driver): the turn plugin alone reads it and starts the turn.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct PlayerCommand(pub Command);

/// The seed of the next new run, and its class when the command line gave one
/// (`--class`; otherwise the class choice screen asks).
#[derive(Resource, Debug, Clone)]
pub struct NewRun {
    pub seed: u64,
    pub class: Option<String>,
}

impl Default for NewRun {
    fn default() -> Self {
        Self {
            seed: 1,
            class: None,
        }
    }
}

/// The command taken from `PlayerCommand`, waiting for the Resolving phase (the turn
/// plugin's own: its begin judges it there).
#[derive(Resource, Debug, Default, Clone)]
pub struct PendingCommand(pub Option<Command>);

/// The turn being resolved: what its steps tell each other. Empty between turns and when the
/// command was refused; never saved (it is not part of the `Game`).
#[derive(Resource, Debug, Default)]
pub struct TurnInProgress(pub Option<TurnContext>);

/// The last turn's context once it ended: the steps it ran, in order (tests and the UI read
/// it; a new turn replaces it).
#[derive(Resource, Debug, Default)]
pub struct LastTurn(pub Option<TurnContext>);

/// "What happened": one per command taken from input, for the UI and renderer.
#[derive(Message, Debug, Clone)]
pub struct TurnResolved {
    pub command: Command,
    pub outcome: Outcome,
    /// The turn the command was executed in (log lines carry it).
    pub turn: u64,
}

/// A floor was entered: the renderer rebuilds the map from the `Game`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FloorEntered {
    pub floor: u32,
}

/// A line for the message log that no turn produced (why travel stopped).
#[derive(Message, Debug, Clone)]
pub struct Notice(pub String);

/// Pixels per tile edge in the world (32 px on screen at zoom 1).
pub const TILE: f32 = 32.0;

/// The sidebar's width in pixels: the map fills the window to its right.
pub const SIDEBAR_WIDTH: f32 = 300.0;

/// The message log's height in pixels, under the map (the camera keeps the hero above it).
pub const LOG_HEIGHT: f32 = 152.0;

/// Files the Loading screen waits for (pictures, sounds) before the main menu: the plugins
/// that load them push their handles here at start-up.
#[derive(Resource, Debug, Default)]
pub struct PendingAssets(pub Vec<UntypedHandle>);

/// World position of the centre of tile `p` on a map `height` rows tall (y down → y up).
pub fn world_of(p: Pos, height: u32) -> Vec2 {
    Vec2::new(p.x as f32 * TILE, (height as i32 - 1 - p.y) as f32 * TILE)
}

/// The tile under world point `w` (the inverse of `world_of`; tiles are centred on it).
pub fn tile_of(w: Vec2, height: u32) -> Pos {
    let x = (w.x / TILE).round() as i32;
    let y = height as i32 - 1 - (w.y / TILE).round() as i32;
    Pos::new(x, y)
}

/// Until when (in `Time` seconds) the window keeps redrawing without input: animations extend
/// it, so a game standing still redraws only on input or window events.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct KeepAwake {
    pub until: f32,
}

impl KeepAwake {
    /// Keep redrawing for at least `secs` more seconds from `now`.
    pub fn extend(&mut self, now: f32, secs: f32) {
        self.until = self.until.max(now + secs);
    }
}

/// What a screen or overlay offers, for assistive technology: set on the screen's root and
/// kept current by the screen (the a11y plugin makes the entries buttons and focuses the one
/// the cursor is on; the browser's page mirrors them).
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct Menu {
    /// The screen's name, as a screen reader says it ("Main menu").
    pub title: String,
    /// Each entry in words with its key ("New run: Enter").
    pub entries: Vec<String>,
    /// The entry the cursor is on, for the screens that have a cursor.
    pub focused: Option<usize>,
    /// The entries that cannot be chosen now (their words say why).
    pub unavailable: Vec<usize>,
    /// Each entry's detail (what the list's detail pane shows; empty: none), said after its
    /// words: a class's description and numbers as the cursor reaches it.
    pub details: Vec<String>,
}

/// A `Menu` whose entries are already its entity's children, as the kit's list rows: the
/// a11y plugin makes those rows the buttons instead of adding buttons of its own.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct MenuRows;

/// A text drawn for the eye that assistive technology skips: it says what a `Menu`'s buttons
/// already say (the main menu's and the pause menu's entries).
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct SeenOnly;

impl Menu {
    pub fn new(title: &str, entries: Vec<String>, focused: Option<usize>) -> Self {
        Self {
            title: title.into(),
            entries,
            focused,
            unavailable: Vec::new(),
            details: Vec::new(),
        }
    }
}

/// Registers one step of the core's turn table as a system in its `TurnSteps` set. The
/// plugin that owns the step (the table's `owner`) calls it, once per step it owns; the step
/// itself is `Game::run_step`, so a new step is a row in the core's table, its core function
/// and this one line in its plugin.
pub trait AddTurnStep {
    fn add_turn_step(&mut self, step: TurnStep) -> &mut Self;
}

impl AddTurnStep for App {
    fn add_turn_step(&mut self, step: TurnStep) -> &mut Self {
        let run_step = move |mut game: GameWriter,
                             content: Res<ContentRes>,
                             mut turn: ResMut<TurnInProgress>| {
            // No turn in progress: the command was refused, or Resolving only reloads.
            if let Some(ctx) = turn.0.as_mut() {
                game.game_mut().run_step(step, ctx, &content.0);
            }
        };
        self.add_systems(Update, run_step.in_set(TurnSteps(step)))
    }
}

/// The play screen's layout (chosen and placed by `ui::layout`; the camera and the touch bar
/// read it).
/// Narrow below this many logical pixels across, or whenever taller than wide.
pub const NARROW_BELOW: f32 = 720.0;
/// The top strip's height in the narrow layout: the floor line, the level line and the bars.
pub const STRIP_HEIGHT: f32 = 130.0;
/// The log's height in the narrow layout, closed: its last three lines.
pub const LOG_STRIP_HEIGHT: f32 = 66.0;

/// Which layout is in use, and which drawers are open (narrow only).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PlayLayout {
    pub narrow: bool,
    pub sidebar_open: bool,
    pub log_open: bool,
}

/// What the panels cover of the window (logical pixels), for the camera: the map's hero is
/// centred in the rest.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Covered {
    pub left: f32,
    pub top: f32,
    pub bottom: f32,
}

impl PlayLayout {
    /// The layout for a window `width` × `height` logical pixels.
    pub fn narrow_for(width: f32, height: f32) -> bool {
        width < NARROW_BELOW || height > width
    }

    /// What the closed panels cover (an open drawer lies over the map for a moment).
    pub fn covered(&self) -> Covered {
        if self.narrow {
            Covered {
                left: 0.0,
                top: STRIP_HEIGHT,
                bottom: LOG_STRIP_HEIGHT,
            }
        } else {
            Covered {
                left: SIDEBAR_WIDTH,
                top: 0.0,
                bottom: LOG_HEIGHT,
            }
        }
    }
}

/// A panel of the play screen placed by the layout.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Region {
    Sidebar,
    Log,
    /// What the pointer is on (at the sidebar's foot, or above the log).
    Examine,
    /// The read-aloud panel shown over the map.
    ReadPanel,
    /// The replay viewer's bar along the map's top.
    WatchBar,
    /// The touch bar down the map's right.
    TouchBar,
}
