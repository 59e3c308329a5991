//! Watching a replay: the run shown as in play (map, sidebar, log, the F3 AI overlay), driven
//! by its recorded commands: play and pause, a turn at a time, three speeds, jumps to any turn.
use bevy::prelude::*;

use crate::app::shared::{
    AppSystems, ContentRes, FloorEntered, GameRes, GameWriter, KeepAwake, SIDEBAR_WIDTH, Screen,
    TurnEdge, TurnResolved, TurnSteps, UiSystems,
};
use crate::app::turn::DIGIT_KEYS;
use crate::app::ui::log::{LineKind, MessageLog};

use crate::game::{Game, TURN_STEPS};
use crate::runs::Viewer;
use crate::runs::replay::Replay;

/// Turns a second at speed ×1.
pub const TURNS_PER_SECOND: f32 = 4.0;
/// The speeds offered (keys 1, 2, 3).
pub const SPEEDS: [u32; 3] = [1, 4, 16];
/// At most this many turns are played in one frame (a slow frame does not stall the window).
const MOST_TURNS_A_FRAME: usize = 64;

/// Where a watch was asked from: Escape goes back there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WatchFrom {
    MainMenu,
    Replays,
    Records,
    GameOver,
}

impl WatchFrom {
    fn screen(self) -> Screen {
        match self {
            WatchFrom::Replays => Screen::Replays,
            WatchFrom::Records => Screen::Records,
            // The finished run is gone once its screen closes: the menu is next.
            WatchFrom::MainMenu | WatchFrom::GameOver => Screen::MainMenu,
        }
    }
}

/// A replay to watch, read and checked against the content (the Watch screen takes it).
#[derive(Resource, Debug, Clone)]
pub struct WatchRequest {
    pub replay: Replay,
    pub title: String,
    pub from: WatchFrom,
}

/// The replay being watched and how.
#[derive(Resource, Debug)]
pub struct Watching {
    pub viewer: Viewer,
    pub playing: bool,
    /// One of `SPEEDS`.
    pub speed: u32,
    /// Turns owed to the clock, played as whole turns.
    carry: f32,
    /// A turn number being typed (digits, then Enter jumps there).
    pub typed: Option<usize>,
    /// The last thing worth saying (the end's hash check, a divergence).
    pub status: Option<String>,
    pub title: String,
    from: WatchFrom,
    /// The map, the log and the overlay are redrawn from the state (a start, a jump).
    resync: bool,
}

/// Why the last replay could not be watched (the list screens show it).
#[derive(Resource, Debug, Default, Clone)]
pub struct WatchNotice(pub Option<String>);

#[derive(Component)]
struct WatchBar;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WatchNotice>();
    // Opened before the screen changes, so the game resource is there from the first frame.
    app.add_systems(
        Update,
        start_watching
            .in_set(AppSystems::Finish)
            .run_if(resource_exists::<WatchRequest>),
    );
    app.add_systems(OnEnter(Screen::Watch), spawn_bar);
    app.add_systems(OnExit(Screen::Watch), |mut commands: Commands| {
        commands.remove_resource::<Watching>()
    });
    app.add_systems(OnEnter(Screen::MainMenu), watch_file_at_start);
    app.add_systems(
        Update,
        (
            watch_input
                .in_set(AppSystems::Input)
                .run_if(resource_exists::<Watching>),
            // Where the turn's steps would be (they never run while watching): before what
            // follows a turn (the AI intents, the floor shown) reads the state.
            advance
                .in_set(AppSystems::Turn)
                .after(TurnSteps(TURN_STEPS[TURN_STEPS.len() - 1].step))
                .after(TurnEdge::Publish)
                .run_if(resource_exists::<Watching>),
            show_bar
                .in_set(UiSystems::Screen)
                .ambiguous_with(UiSystems::Screen)
                .run_if(resource_exists::<Watching>),
        )
            .run_if(in_state(Screen::Watch)),
    );
}

/// Opens the requested replay: the viewer's game becomes the open run's (a suspended run of
/// the player's stays suspended), then the Watch screen shows. One that cannot be opened
/// leaves the screen as it is, with the reason in `WatchNotice`.
fn start_watching(
    mut commands: Commands,
    request: Res<WatchRequest>,
    content: Res<ContentRes>,
    mut notice: ResMut<WatchNotice>,
) {
    commands.remove_resource::<WatchRequest>();
    match Viewer::new(request.replay.clone(), &content.0) {
        Ok(viewer) => {
            commands.insert_resource(GameRes::new(viewer.game().clone()));
            commands.insert_resource(Watching {
                viewer,
                playing: true,
                speed: SPEEDS[0],
                carry: 0.0,
                typed: None,
                status: None,
                title: request.title.clone(),
                from: request.from,
                resync: true,
            });
            notice.0 = None;
            commands.set_state(Screen::Watch);
        }
        Err(e) => {
            warn!("cannot watch {}: {e}", request.title);
            notice.0 = Some(format!("Cannot watch {}: {e}", request.title));
        }
    }
}

fn spawn_bar(mut commands: Commands) {
    commands.spawn((
        Name::new("Watch bar"),
        WatchBar,
        crate::app::shared::Region::WatchBar,
        Text::new(""),
        TextFont::from_font_size(16.0),
        TextColor(Color::srgb(0.95, 0.9, 0.7)),
        Node {
            position_type: PositionType::Absolute,
            top: px(0),
            left: px(SIDEBAR_WIDTH),
            right: px(0),
            padding: UiRect::axes(px(10), px(6)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.04, 0.08, 0.85)),
        GlobalZIndex(5),
        DespawnOnExit(Screen::Watch),
    ));
}

fn watch_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut watching: ResMut<Watching>,
    content: Res<ContentRes>,
    mut commands: Commands,
) {
    let w = &mut *watching;
    if keys.just_pressed(KeyCode::Escape) {
        commands.set_state(w.from.screen());
        return;
    }
    if keys.just_pressed(KeyCode::KeyP) {
        // Play from here: the turn on screen becomes a new, unranked run of the player's.
        match w.viewer.play_from_here() {
            Ok(game) => {
                commands.write_message(crate::app::shared::OpenRun::Fork(Box::new(game)));
            }
            Err(e) => w.status = Some(format!("Cannot play from here: {e}")),
        }
        return;
    }
    if keys.just_pressed(KeyCode::Space) {
        if w.viewer.at_end() {
            // At the end, Space plays the run again from its start.
            if let Err(e) = w.viewer.jump_to(0, &content.0) {
                w.status = Some(e.to_string());
            }
            w.resync = true;
            w.playing = true;
        } else {
            w.playing = !w.playing;
        }
    }
    for (key, speed) in [KeyCode::KeyZ, KeyCode::KeyX, KeyCode::KeyC]
        .into_iter()
        .zip(SPEEDS)
    {
        if keys.just_pressed(key) {
            w.speed = speed;
        }
    }
    let mut target = None;
    let now = w.viewer.turn();
    if keys.just_pressed(KeyCode::ArrowRight) || keys.just_pressed(KeyCode::Period) {
        target = Some(now + 1);
    }
    if keys.just_pressed(KeyCode::ArrowLeft) || keys.just_pressed(KeyCode::Comma) {
        target = Some(now.saturating_sub(1));
    }
    if keys.just_pressed(KeyCode::PageDown) {
        target = Some(now + 100);
    }
    if keys.just_pressed(KeyCode::PageUp) {
        target = Some(now.saturating_sub(100));
    }
    if keys.just_pressed(KeyCode::Home) {
        target = Some(0);
    }
    if keys.just_pressed(KeyCode::End) {
        target = Some(w.viewer.last_turn());
    }
    for (digit, key) in DIGIT_KEYS.iter().enumerate() {
        if keys.just_pressed(*key) {
            let t = w
                .typed
                .unwrap_or(0)
                .saturating_mul(10)
                .saturating_add(digit);
            w.typed = Some(t.min(w.viewer.last_turn()));
        }
    }
    if keys.just_pressed(KeyCode::Backspace) {
        w.typed = w.typed.map(|t| t / 10).filter(|t| *t > 0);
    }
    if keys.just_pressed(KeyCode::Enter)
        && let Some(t) = w.typed.take()
    {
        target = Some(t);
    }
    if let Some(turn) = target {
        // A step or a jump pauses, so the turn chosen stays on screen.
        w.playing = false;
        w.status = match w.viewer.jump_to(turn, &content.0) {
            Err(e) => Some(e.to_string()),
            Ok(()) if w.viewer.at_end() => Some(end_check(w.viewer.game(), w.viewer.replay())),
            Ok(()) => None,
        };
        w.resync = true;
    }
}

fn advance(
    time: Res<Time>,
    mut watching: ResMut<Watching>,
    content: Res<ContentRes>,
    mut game: GameWriter,
    mut floors: MessageWriter<FloorEntered>,
    mut turns: MessageWriter<TurnResolved>,
    // The log and the redraw timer belong to the window's plugins (headless has neither).
    log: Option<ResMut<MessageLog>>,
    awake: Option<ResMut<KeepAwake>>,
) {
    let w = &mut *watching;
    // A start or a jump redraws everything from the state shown, before it moves on.
    if w.resync {
        w.resync = false;
        *game.game_mut() = w.viewer.game().clone();
        if let Some(mut log) = log {
            log.refill(game.game(), &content.0);
            // At turn 0 the log greets the run as in play; later, say where watching began.
            if log.0.is_empty() && game.game().run.turn > 0 {
                log.push(
                    format!("Watching from turn {}.", game.game().run.turn),
                    LineKind::Info,
                );
            }
        }
        floors.write(FloorEntered {
            floor: game.game().floor.depth,
        });
        return;
    }
    let floor_before = game.game().floor.depth;
    let mut moved = false;
    if w.playing {
        if let Some(mut awake) = awake {
            awake.extend(time.elapsed_secs(), 0.3);
        }
        w.carry += time.delta_secs() * TURNS_PER_SECOND * w.speed as f32;
        let due = (w.carry as usize).min(MOST_TURNS_A_FRAME);
        w.carry -= w.carry.floor();
        for _ in 0..due {
            let turn = w.viewer.game().run.turn;
            match w.viewer.step(&content.0) {
                Ok(Some((command, outcome))) => {
                    moved = true;
                    turns.write(TurnResolved {
                        command,
                        outcome,
                        turn,
                    });
                }
                Ok(None) => break,
                Err(e) => {
                    w.status = Some(e.to_string());
                    w.playing = false;
                    break;
                }
            }
        }
        if w.viewer.at_end() {
            w.playing = false;
            w.status = Some(end_check(w.viewer.game(), w.viewer.replay()));
        }
    }
    if moved {
        *game.game_mut() = w.viewer.game().clone();
    }
    if game.game().floor.depth != floor_before {
        floors.write(FloorEntered {
            floor: game.game().floor.depth,
        });
    }
}

/// What the end of a replay says: its state hash, and whether it is the recorded one.
pub fn end_check(game: &Game, replay: &Replay) -> String {
    let hash = game.state_hash();
    if hash == replay.final_hash {
        format!("End of the replay: state hash {hash:016x}, as recorded.")
    } else {
        format!(
            "End of the replay: state hash {hash:016x}, but {:016x} was recorded.",
            replay.final_hash
        )
    }
}

/// The bar's text: what is watched, where, how, and the keys.
pub fn bar_text(w: &Watching) -> String {
    let state = if w.playing { "playing" } else { "paused" };
    let typed = w
        .typed
        .map_or(String::new(), |t| format!("   jump to turn {t}_ (Enter)"));
    let mut text = format!(
        "Watching {}   turn {} of {}   {state} x{}{typed}\n\
         Space play/pause (at the end: again)   Left/Right a turn   PgUp/PgDn 100   Home/End   Z/X/C speed x1/x4/x16   digits+Enter jump   P play from here   F3 AI   Esc back",
        w.title,
        w.viewer.turn(),
        w.viewer.last_turn(),
        w.speed,
    );
    if let Some(s) = &w.status {
        text = format!("{text}\n{s}");
    }
    text
}

fn show_bar(watching: Res<Watching>, mut bar: Query<&mut Text, With<WatchBar>>) {
    if !watching.is_changed() {
        return;
    }
    for mut t in &mut bar {
        t.0 = bar_text(&watching);
    }
}

/// How the viewer names kept run `number`.
pub fn run_title(number: u64, seed: u64) -> String {
    format!("run #{number} (seed {seed})")
}

/// A replay file's bytes, checked against the content, as a request to watch it; refused
/// with `delve replay`'s own message when it belongs to other content or rules.
pub fn request_bytes(
    bytes: &[u8],
    content: &crate::content::Content,
    title: String,
    from: WatchFrom,
) -> Result<WatchRequest, String> {
    let replay = Replay::decode(bytes, content).map_err(|e| e.to_string())?;
    Ok(WatchRequest {
        replay,
        title,
        from,
    })
}

/// A kept replay as a request to watch it (see `request_bytes`).
pub fn request_kept(
    archive: &dyn crate::runs::Archive,
    content: &crate::content::Content,
    name: &str,
    title: String,
    from: WatchFrom,
) -> Result<WatchRequest, String> {
    let bytes = archive
        .read(crate::runs::Shelf::Replays, name)?
        .ok_or_else(|| format!("{name} is no longer kept"))?;
    request_bytes(&bytes, content, title, from)
}

/// `delve watch FILE`: the replay to open once the content has loaded, instead of the menu.
#[derive(Resource, Debug, Clone)]
pub struct WatchFile(pub std::path::PathBuf);

/// On the first menu, the file given on the command line is read and watched; a replay of
/// other content or rules is refused with `delve replay`'s message, and the game closes.
pub fn watch_file_at_start(
    mut commands: Commands,
    file: Option<Res<WatchFile>>,
    content: Res<ContentRes>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(file) = file else { return };
    commands.remove_resource::<WatchFile>();
    match Replay::read(&file.0, &content.0) {
        Ok(replay) => {
            commands.insert_resource(WatchRequest {
                title: file.0.display().to_string(),
                replay,
                from: WatchFrom::MainMenu,
            });
        }
        Err(e) => {
            let msg = format!("delve watch: {}: {e}", file.0.display());
            error!("{msg}");
            eprintln!("{msg}");
            exit.write(AppExit::error());
        }
    }
}
