//! `delve --smoke DIR`: drives the real game through its screens and saves screenshots.
//!
//! The bot plays through the ordinary command path (a `PlayerCommand`, as a key sends), so
//! the screenshots show what a player would see.
use std::path::PathBuf;

use bevy::prelude::*;

use crate::app::render::actors::PictureCount;
use crate::app::shared::{
    AppSystems, ContentRes, GameRes, NewRun, OpenRun, Overlay, PlayerCommand, Screen, TurnPhase,
};
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use crate::app::ai::AiOverlay;
use crate::app::turn::{Hovered, first_thrown, start_cursor};

use crate::game::bot;
use bevy::window::PrimaryWindow;

/// Frames to let a screen settle (assets, fonts, first render) before a screenshot.
const SETTLE: u32 = 20;
/// A stage that plays gives up on what it waits for after this many bot turns of its own.
const STAGE_TURNS: u64 = 300;
/// The terrain the terrain's screenshot waits to see at once (the fixture puts doors, pools
/// and grass on floor 1): a door, shallow water and grass of either height.
const TERRAIN_SHOWN: [&[&str]; 3] = [
    &["core:door", "core:open_door"],
    &["core:shallow_water"],
    &["core:grass", "core:tall_grass"],
];
/// Turns played with the AI overlay on before its screenshot.
const AI_TURNS: u64 = 6;

#[derive(Resource, Debug)]
struct Smoke {
    dir: PathBuf,
    stage: Stage,
    frames: u32,
    /// The stage the turn budget counts for, and the game's turn when it began.
    budget: Option<(Stage, u64)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Menu,
    /// The Mods screen with the bundled mods' states and report.
    Mods,
    /// The class choice, with its detail pane.
    Classes,
    Floor,
    /// With a race (the smoke script passes two ghosts' replays): exploring until two ghosts
    /// stand in view apart from the hero and each other, then their picture.
    Race,
    /// Exploring until a monster shoots from across the map (the fixture puts slingers and
    /// archers on floor 1), then its shot in flight.
    Archer,
    /// A few turns of exploring, then the terrain in view (the fixture's doors, pools and
    /// grass on floor 1) under the stealth range's tint.
    Terrain,
    /// A few turns with the AI debug overlay on, then its picture.
    Ai,
    /// The screenshot is taken after this frame renders; the overlay goes off after that.
    AiOff,
    /// Exploring until a hostile is in view out of a fight with something to throw in the
    /// pack, then the target cursor on it: the line of fire and the odds.
    Target,
    Combat,
    /// The message history overlay over the run so far.
    History,
    /// The keys (F1) on their panel over the dimmed game.
    Help,
    /// The find list (Ctrl+F): what the floor holds, nearest first.
    Find,
    /// The inventory on its panel over the dimmed game.
    Inventory,
    /// The floor's shop, when it has one (the smoke's fixture mod puts one on floor 1).
    Shop,
    /// The Settings overlay, from the pause menu.
    Settings,
    /// The run in high contrast with the text at 150 % (then back as it was).
    Contrast,
    ContrastOff,
    GameOver,
    /// The records table with the run just kept, then its Daily table (D).
    Records,
    /// The Daily table (the smoke script's fixture records hold two dailies), then the kept
    /// run's replay opened from the records.
    Daily,
    /// The replay watched for a moment, with the AI overlay on.
    Watch,
    Done,
}

pub fn plugin(dir: PathBuf) -> impl Fn(&mut App) {
    move |app: &mut App| {
        let _ = std::fs::create_dir_all(&dir);
        app.insert_resource(Smoke {
            dir: dir.clone(),
            stage: Stage::Menu,
            frames: 0,
            budget: None,
        });
        // The smoke drives itself frame by frame, so it never waits for input.
        app.insert_resource(bevy::winit::WinitSettings::continuous());
        app.add_systems(Update, drive.in_set(AppSystems::Input));
    }
}

/// What the smoke reads of the kept runs: the records table, the replay watched, the archive.
type KeptRuns<'w> = (
    Option<ResMut<'w, super::records::RecordsView>>,
    Option<ResMut<'w, super::watch::Watching>>,
    Option<Res<'w, crate::app::save::RunArchive>>,
    Res<'w, crate::app::dungeon::race::RaceRes>,
);

fn drive(
    mut smoke: ResMut<Smoke>,
    screen: Res<State<Screen>>,
    phase: Option<Res<State<TurnPhase>>>,
    // The driver spans every screen, the menus too, where no run is open.
    game: Option<Res<GameRes>>,
    content: Option<Res<ContentRes>>,
    mut sent: MessageWriter<PlayerCommand>,
    mut open: MessageWriter<OpenRun>,
    run: Res<NewRun>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
    mut overlay: ResMut<AiOverlay>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera2d>>,
    counted: Res<PictureCount>,
    (mut records, watching, archive, race): KeptRuns,
    (mut settings, overlay_state, mut hovered): (
        ResMut<crate::app::settings::Settings>,
        Option<Res<State<Overlay>>>,
        ResMut<Hovered>,
    ),
) {
    smoke.frames += 1;
    let settled = smoke.frames > SETTLE;
    // Each stage that plays has its own turn budget, counted from where it began.
    if let Some(g) = game.as_ref()
        && smoke.budget.is_none_or(|(stage, _)| stage != smoke.stage)
    {
        smoke.budget = Some((smoke.stage, g.run.turn));
    }
    let began = smoke.budget.map_or(0, |(_, turn)| turn);
    let in_budget = |g: &GameRes| g.run.turn < began + STAGE_TURNS && !g.is_over();
    let shot = |commands: &mut Commands, dir: &PathBuf, name: &str| {
        info!("smoke: screenshot {name}");
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(dir.join(name)));
    };
    let awaiting = phase.is_some_and(|p| *p.get() == TurnPhase::AwaitingInput);
    let mut play = |game: &GameRes, content: &ContentRes| {
        if awaiting {
            // The explore bot, kept on this floor: the fixture puts what the pictures show on
            // floor 1 (its shop, slingers and archers, terrain).
            let cmd = match bot::explore(game.game(), &content.0) {
                crate::game::Command::Descend => crate::game::Command::Wait,
                cmd => cmd,
            };
            sent.write(PlayerCommand(cmd));
        }
    };
    match (smoke.stage, screen.get()) {
        (Stage::Menu, Screen::MainMenu) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "menu.png");
            commands.set_state(Screen::Mods);
            smoke.stage = Stage::Mods;
            smoke.frames = 0;
        }
        (Stage::Mods, Screen::Mods) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "mods.png");
            commands.set_state(Screen::ClassChoice);
            smoke.stage = Stage::Classes;
            smoke.frames = 0;
        }
        (Stage::Classes, Screen::ClassChoice) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "classes.png");
            // A new run with the smoke's seed and class, never a continued one.
            open.write(OpenRun::New {
                seed: run.seed,
                class: run.class.clone(),
            });
            smoke.stage = Stage::Floor;
            smoke.frames = 0;
        }
        (Stage::Floor, Screen::InGame) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "floor.png");
            log_pictures(&counted, "floor.png");
            smoke.stage = if race.0.is_some() {
                Stage::Race
            } else {
                Stage::Archer
            };
            smoke.frames = 0;
        }
        (Stage::Race, Screen::InGame) => {
            let (Some(game), Some(race)) = (game, race.0.as_ref()) else {
                return;
            };
            if !ghosts_apart(game.game(), race) {
                if in_budget(&game) {
                    smoke.frames = 0;
                    if let Some(content) = content {
                        play(&game, &content);
                    }
                } else {
                    // No picture: the script's check of the files says it is missing.
                    warn!("smoke: the ghosts were not in view within {STAGE_TURNS} turns");
                    smoke.stage = Stage::Archer;
                    smoke.frames = 0;
                }
            } else if smoke.frames > SETTLE {
                let dir = smoke.dir.clone();
                shot(&mut commands, &dir, "race.png");
                smoke.stage = Stage::Archer;
                smoke.frames = 0;
            }
        }
        (Stage::Terrain, Screen::InGame) => {
            let (Some(game), Some(content)) = (game, content) else {
                return;
            };
            if !shows_terrain(game.game()) {
                if in_budget(&game) {
                    smoke.frames = 0;
                    play(&game, &content);
                } else {
                    warn!("smoke: the terrain was not in view within {STAGE_TURNS} turns");
                    smoke.stage = Stage::Ai;
                    smoke.frames = 0;
                }
            } else if smoke.frames == 1 {
                // The bot's bump on the shopkeeper may have left the shop open.
                commands.set_state(Overlay::None);
            } else if smoke.frames > SETTLE {
                let dir = smoke.dir.clone();
                shot(&mut commands, &dir, "terrain.png");
                smoke.stage = Stage::Ai;
                smoke.frames = 0;
            }
        }
        (Stage::Ai, Screen::InGame) => {
            let (Some(game), Some(content)) = (game, content) else {
                return;
            };
            // On only now: the terrain's picture, taken the frame before, shows no overlay.
            overlay.0 = true;
            if game.run.turn < AI_TURNS && !game.in_combat() && !game.is_over() {
                smoke.frames = 0;
                play(&game, &content);
            } else if smoke.frames == 2 {
                // Point at a known tile a few steps away: the picture shows the examine panel
                // and the path preview too.
                point_at_known_tile(game.game(), &mut window, &camera);
            } else if smoke.frames > SETTLE {
                let dir = smoke.dir.clone();
                shot(&mut commands, &dir, "ai.png");
                smoke.stage = Stage::AiOff;
                smoke.frames = 0;
            }
        }
        (Stage::AiOff, Screen::InGame) if settled => {
            overlay.0 = false;
            smoke.stage = Stage::Target;
            smoke.frames = 0;
        }
        (Stage::Target, Screen::InGame) => {
            let (Some(game), Some(content)) = (game, content) else {
                return;
            };
            let aim = (!game.in_combat() && awaiting)
                .then(|| first_thrown(game.game(), &content.0))
                .flatten()
                .zip(hostile_in_throw_range(game.game(), &content.0));
            if overlay_state.is_some_and(|o| *o.get() == Overlay::Look) {
                if smoke.frames > SETTLE {
                    let dir = smoke.dir.clone();
                    shot(&mut commands, &dir, "target.png");
                    commands.set_state(Overlay::None);
                    smoke.stage = Stage::Combat;
                    smoke.frames = 0;
                }
            } else if let Some((index, at)) = aim {
                start_cursor(&mut commands, &mut hovered, at, Some(index));
                smoke.frames = 0;
            } else if !in_budget(&game) {
                warn!("smoke: nothing to throw at within {STAGE_TURNS} turns");
                smoke.stage = Stage::Combat;
                smoke.frames = 0;
            } else {
                smoke.frames = 0;
                play(&game, &content);
            }
        }
        (Stage::Archer, Screen::InGame) => {
            let (Some(game), Some(content)) = (game, content) else {
                return;
            };
            if monster_shot(game.game(), &content.0) {
                // The shot's line fades in 0.7 s: its picture comes at once, the frame after
                // the one that launched it.
                if smoke.frames >= 2 {
                    let dir = smoke.dir.clone();
                    shot(&mut commands, &dir, "archer.png");
                    smoke.stage = Stage::Terrain;
                    smoke.frames = 0;
                }
            } else if !in_budget(&game) {
                warn!("smoke: no monster shot within {STAGE_TURNS} turns");
                smoke.stage = Stage::Terrain;
                smoke.frames = 0;
            } else if awaiting && !game.in_combat() && shooter_in_view(game.game(), &content.0) {
                // Holding still while a slinger or an archer is in sight: it notices the hero
                // and shoots before the hero's own throws can start the fight.
                smoke.frames = 0;
                sent.write(PlayerCommand(crate::game::Command::Wait));
            } else if awaiting {
                smoke.frames = 0;
                play(&game, &content);
            }
        }
        (Stage::History, Screen::InGame) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "history.png");
            commands.set_state(Overlay::Help);
            smoke.stage = Stage::Help;
            smoke.frames = 0;
        }
        (Stage::Help, Screen::InGame) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "help.png");
            commands.set_state(Overlay::Find);
            smoke.stage = Stage::Find;
            smoke.frames = 0;
        }
        (Stage::Find, Screen::InGame) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "find.png");
            commands.set_state(Overlay::Inventory);
            smoke.stage = Stage::Inventory;
            smoke.frames = 0;
        }
        (Stage::Inventory, Screen::InGame) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "inventory.png");
            if game.as_ref().is_some_and(|g| g.floor.shop.is_some()) {
                commands.set_state(Overlay::Shop);
                smoke.stage = Stage::Shop;
            } else {
                warn!("smoke: this floor has no shop");
                commands.set_state(Overlay::Settings);
                smoke.stage = Stage::Settings;
            }
            smoke.frames = 0;
        }
        (Stage::Shop, Screen::InGame) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "shop.png");
            commands.set_state(Overlay::Settings);
            smoke.stage = Stage::Settings;
            smoke.frames = 0;
        }
        (Stage::Settings, Screen::InGame) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "settings.png");
            commands.set_state(Overlay::None);
            smoke.stage = Stage::Contrast;
            smoke.frames = 0;
        }
        // The picture above is taken as this frame renders: the contrast comes a frame later.
        (Stage::Contrast, Screen::InGame) if smoke.frames == 2 => {
            settings.high_contrast = true;
            settings.text_scale = 1.5;
        }
        (Stage::Contrast, Screen::InGame) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "contrast.png");
            smoke.stage = Stage::ContrastOff;
            smoke.frames = 0;
        }
        (Stage::ContrastOff, Screen::InGame) if settled => {
            // After the picture is taken (the frame after it was asked for).
            settings.high_contrast = false;
            settings.text_scale = 1.0;
            smoke.stage = Stage::GameOver;
            smoke.frames = 0;
        }
        (Stage::Combat, Screen::InGame) => {
            let (Some(game), Some(content)) = (game, content) else {
                return;
            };
            if game.in_combat() {
                if smoke.frames > SETTLE && awaiting {
                    let dir = smoke.dir.clone();
                    shot(&mut commands, &dir, "combat.png");
                    log_pictures(&counted, "combat.png");
                    // The history over the run so far, then the settings, both mid-fight.
                    commands.set_state(Overlay::History);
                    smoke.stage = Stage::History;
                    smoke.frames = 0;
                }
            } else if !in_budget(&game) {
                warn!(
                    "smoke: no fight within {STAGE_TURNS} turns (turn {}, hero at {:?}, {} health)",
                    game.run.turn,
                    game.hero_pos(),
                    game.hero().health
                );
                commands.set_state(Overlay::History);
                smoke.stage = Stage::History;
                smoke.frames = 0;
            } else {
                smoke.frames = 0;
                play(&game, &content);
            }
        }
        // The run ends as a player ends one that goes on: given up (the pause menu's
        // Abandon), kept in the records with its replay.
        (Stage::GameOver, Screen::InGame) if awaiting => {
            sent.write(PlayerCommand(crate::game::Command::Abandon));
        }
        (Stage::GameOver, Screen::GameOver) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "gameover.png");
            commands.set_state(Screen::Records);
            smoke.stage = Stage::Records;
            smoke.frames = 0;
        }
        (Stage::GameOver, Screen::GameOver) => {}
        (Stage::Records, Screen::Records) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "records.png");
            smoke.stage = Stage::Daily;
            smoke.frames = 0;
        }
        // D on the table, once the records' picture is taken.
        (Stage::Daily, Screen::Records) if smoke.frames == 1 => {
            if let Some(view) = records.as_mut() {
                view.daily = true;
            }
        }
        (Stage::Daily, Screen::Records) if settled => {
            let dir = smoke.dir.clone();
            shot(&mut commands, &dir, "daily.png");
            // The kept run's replay, as W on the best runs' table opens it.
            let request = records
                .as_ref()
                .and_then(|r| r.records.runs.iter().find(|r| r.daily.is_none()).cloned())
                .zip(archive.as_ref().zip(content.as_ref()))
                .and_then(|(run, (archive, content))| {
                    let name = run.replay?;
                    let title = super::watch::run_title(run.number, run.seed);
                    let from = super::watch::WatchFrom::Records;
                    super::watch::request_kept(archive.0.as_ref(), &content.0, &name, title, from)
                        .map_err(|e| warn!("smoke: cannot watch the kept run: {e}"))
                        .ok()
                });
            match request {
                Some(r) => {
                    // The Watch plugin opens it and shows its screen.
                    commands.insert_resource(r);
                    overlay.0 = true;
                    smoke.stage = Stage::Watch;
                }
                None => smoke.stage = Stage::Done,
            }
            smoke.frames = 0;
        }
        (Stage::Watch, Screen::Watch) => {
            let Some(mut w) = watching else { return };
            if smoke.frames == 1 {
                w.speed = super::watch::SPEEDS[2];
            }
            // Played at x16 for a moment, then paused where it is for the picture.
            if smoke.frames == 40 {
                w.playing = false;
            }
            if smoke.frames == 40 + SETTLE {
                let dir = smoke.dir.clone();
                info!(
                    "smoke: watching turn {} of {}",
                    w.viewer.turn(),
                    w.viewer.last_turn()
                );
                shot(&mut commands, &dir, "watch.png");
                smoke.stage = Stage::Done;
                smoke.frames = 0;
            }
        }
        (Stage::Done, _) if settled => {
            info!("smoke: done");
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}

/// How the map drew its creatures, for the smoke's log.
fn log_pictures(counted: &PictureCount, shot: &str) {
    info!(
        "smoke: {shot}: {} creatures drawn from pictures, {} from glyphs",
        counted.pictures, counted.glyphs
    );
}

/// Warps the mouse pointer onto the farthest seen floor tile within eight steps of the hero.
fn point_at_known_tile(
    game: &crate::game::Game,
    window: &mut Window,
    camera: &(&Camera, &GlobalTransform),
) {
    let hero = game.hero_pos();
    let target = (0..game.floor.map.len())
        .map(|i| game.floor.map.pos(i))
        .filter(|&p| game.is_explored(p) && game.floor.map.is_passable(p))
        .filter(|&p| p.manhattan(hero) <= 8)
        .max_by_key(|&p| (p.manhattan(hero), std::cmp::Reverse((p.y, p.x))));
    let Some(p) = target else { return };
    let world = crate::app::shared::world_of(p, game.floor.map.height()).extend(0.0);
    if let Ok(at) = camera.0.world_to_viewport(camera.1, world) {
        window.set_cursor_position(Some(at));
    }
}

/// The nearest hostile in view that the pack's first thrown item reaches (two tiles or more
/// away, so that the line shows), if any.
fn hostile_in_throw_range(
    game: &crate::game::Game,
    content: &crate::content::Content,
) -> Option<crate::map::Pos> {
    let index = first_thrown(game, content)?;
    let throw = content
        .item(&game.party.inventory[index].item)?
        .throw
        .as_ref()?;
    let range = crate::game::throwing::throw_range(throw, content);
    let hero = game.hero_pos();
    (crate::game::travel::hostiles_in_view(game, content).into_iter())
        .filter_map(|id| game.creature(id).map(|c| c.pos))
        .filter(|p| (2..=range).contains(&hero.chebyshev(*p)))
        .min_by_key(|p| (hero.chebyshev(*p), (p.y, p.x)))
}

/// Whether a monster with a ranged ability is in view.
fn shooter_in_view(game: &crate::game::Game, content: &crate::content::Content) -> bool {
    (crate::game::travel::hostiles_in_view(game, content).into_iter()).any(|id| {
        (game.creature(id))
            .and_then(|c| content.creature(&c.kind))
            .is_some_and(|k| {
                (k.abilities.iter()).any(|a| content.ability(a).is_some_and(|d| d.range > 1))
            })
    })
}

/// Whether a monster shot at the hero from across the map in the last turn.
fn monster_shot(game: &crate::game::Game, content: &crate::content::Content) -> bool {
    let pos = |id| game.creature(id).map(|c| c.pos);
    game.log.last_events.iter().any(|e| match e {
        crate::game::Event::AbilityUsed {
            source,
            ability,
            target: Some(t),
            ..
        } => {
            *source != game.party.hero
                && content.ability(ability).is_some_and(|a| a.range > 1)
                && pos(*source)
                    .zip(pos(*t))
                    .is_some_and(|(a, b)| a.chebyshev(b) > 1)
        }
        _ => false,
    })
}

/// Whether the hero sees one tile of each of `TERRAIN_SHOWN`'s groups.
fn shows_terrain(game: &crate::game::Game) -> bool {
    let terrains = game.floor.map.terrains();
    let seen: std::collections::BTreeSet<&str> = (0..game.floor.map.len())
        .filter(|&i| game.floor.visible[i])
        .filter_map(|i| terrains.id(game.floor.map.get(game.floor.map.pos(i))))
        .collect();
    TERRAIN_SHOWN
        .iter()
        .all(|group| group.iter().any(|id| seen.contains(id)))
}

/// Whether two ghosts stand where the hero sees them, apart from the hero and each other.
fn ghosts_apart(game: &crate::game::Game, race: &crate::runs::race::Race) -> bool {
    let mut at: Vec<crate::map::Pos> = (race.views(game.floor.depth).into_iter())
        .filter_map(|v| v.pos)
        .filter(|&p| game.is_visible(p) && p != game.hero_pos())
        .collect();
    at.sort();
    at.dedup();
    at.len() >= 2
}
