//! Headless Bevy: MinimalPlugins + StatesPlugin + the logic plugins, input faked.
use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings, ScheduleLabel};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use bevy::ecs::system::SystemState;
use delve::app::logic_plugin;
use delve::app::shared::{GameRes, GameWriter, NewRun, OpenRun, PlayerCommand};
use delve::app::shared::{Mode, Screen, TurnPhase};
use delve::game::{Command, Game};
use delve::map::Dir;

/// The logic plugins on `MinimalPlugins`, with faked keys; `setup` adds or replaces resources
/// before the plugins are built. By default tests never touch the player's save or keys.
pub(super) fn headless(setup: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.init_resource::<ButtonInput<KeyCode>>();
    app.insert_resource(delve::app::save::SaveStore::Off);
    app.insert_resource(delve::app::turn::KeysPath(None));
    app.insert_resource(delve::app::content::ModsStore(
        delve::app::save::SaveStore::Off,
    ));
    // Files changed by a test reload when it says (F5), not when the watcher sees them.
    app.insert_resource(delve::app::content::watch_files::WatchFiles(false));
    setup(&mut app);
    app.add_plugins(logic_plugin);
    app
}

pub(super) fn app(seed: u64) -> App {
    let mut app = headless(|app| _ = app.insert_resource(NewRun { seed, class: None }));
    app.update(); // Loading: content
    app.update(); // MainMenu
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::MainMenu
    );
    open_new_run(&mut app, seed);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::InGame
    );
    app
}

/// Opens a new run as the menu's New run does (the run plugin builds its game), and lets the
/// game screen show.
pub(super) fn open_new_run(app: &mut App, seed: u64) {
    app.world_mut()
        .write_message(OpenRun::New { seed, class: None });
    app.update(); // the game is built and the screen asked for
    app.update(); // the game screen shows
}

/// Changes the open run's game for a test's set-up, through the app's one write access.
pub(super) fn edit_game<R>(app: &mut App, edit: impl FnOnce(&mut Game) -> R) -> R {
    let mut state = SystemState::<GameWriter>::new(app.world_mut());
    let mut writer = state.get_mut(app.world_mut()).expect("a run is open");
    edit(writer.game_mut())
}

/// Hands a command to the turn plugin as every input does.
pub(super) fn send(app: &mut App, cmd: Command) {
    app.world_mut().write_message(PlayerCommand(cmd));
}

/// The screen shown.
pub(super) fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Every UI text on screen, joined.
pub(super) fn texts(app: &mut App) -> String {
    let mut q = app.world_mut().query::<&Text>();
    q.iter(app.world())
        .map(|t| t.0.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A new empty folder under the system's temporary folder, for this test process.
pub(super) fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("delve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn hash(app: &App) -> u64 {
    app.world().resource::<GameRes>().state_hash()
}

pub(super) fn game(app: &App) -> &delve::game::Game {
    app.world().resource::<GameRes>().game()
}

/// Presses a key for one frame only.
pub(super) fn tap(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release(key);
    input.clear();
}

/// Presses a key for one frame, then lets the turn resolve.
pub(super) fn press(app: &mut App, key: KeyCode) {
    tap(app, key);
    app.update();
    app.update();
}

fn key_for(d: Dir) -> KeyCode {
    match d {
        Dir::Up => KeyCode::ArrowUp,
        Dir::Down => KeyCode::ArrowDown,
        Dir::Left => KeyCode::ArrowLeft,
        Dir::Right => KeyCode::ArrowRight,
    }
}

#[test]
fn idle_frames_change_nothing() {
    let mut app = app(9);
    let before = hash(&app);
    let turn = game(&app).run.turn;
    for _ in 0..200 {
        app.update();
    }
    assert_eq!(hash(&app), before);
    assert_eq!(game(&app).run.turn, turn);
    assert_eq!(
        *app.world().resource::<State<TurnPhase>>().get(),
        TurnPhase::AwaitingInput
    );
}

#[test]
fn one_move_is_one_turn_and_a_wall_is_none() {
    let mut app = app(4);
    let g = game(&app);
    let p = g.hero_pos();
    let open = Dir::ALL
        .into_iter()
        .find(|&d| g.floor.map.is_passable(p.offset(d)) && g.creature_at(p.offset(d)).is_none())
        .expect("an open neighbour");
    let wall = Dir::ALL
        .into_iter()
        .find(|&d| !g.floor.map.is_passable(p.offset(d)))
        .expect("the start of seed 4 has a wall beside it, to walk into");

    let before = hash(&app);
    press(&mut app, key_for(wall));
    assert_eq!(hash(&app), before, "a refused move changed the game");

    let turn = game(&app).run.turn;
    press(&mut app, key_for(open));
    assert_eq!(game(&app).run.turn, turn + 1);
    assert!(game(&app).in_combat() || game(&app).hero_pos() == p.offset(open));
    // Mode follows the core.
    let mode = *app.world().resource::<State<Mode>>().get();
    assert_eq!(mode == Mode::Combat, game(&app).in_combat());
}

#[test]
fn escape_pauses_and_blocks_moves_until_resumed() {
    let mut app = app(4);
    press(&mut app, KeyCode::Escape);
    assert_eq!(
        *app.world()
            .resource::<State<delve::app::shared::Overlay>>()
            .get(),
        delve::app::shared::Overlay::Pause
    );
    let turn = game(&app).run.turn;
    for d in Dir::ALL {
        press(&mut app, key_for(d));
    }
    assert_eq!(game(&app).run.turn, turn, "moves went through while paused");
    press(&mut app, KeyCode::KeyM);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::MainMenu
    );
}

/// Bevy's ambiguity-detection test, on our schedule: no two systems of ours race.
/// Built but never run, as in Bevy's own test, so the graph is the one just built.
#[test]
fn no_system_order_ambiguities() {
    let mut app = headless(|app| _ = app.add_plugins(delve::app::render::map_layers_plugin));
    // Ambiguities are build errors here, so the message names every pair.
    app.edit_schedule(Update, |schedule| {
        schedule.set_build_settings(ScheduleBuildSettings {
            ambiguity_detection: LogLevel::Error,
            use_shortnames: false,
            ..default()
        });
    });
    app.finish();
    app.cleanup();
    let mut found = Vec::new();
    app.world_mut()
        .schedule_scope(Update.intern(), |world, schedule| {
            if let Err(e) = schedule.initialize(world) {
                found.push(e.to_string(schedule.graph(), world));
            }
            assert!(
                schedule.systems_len() >= 8,
                "the schedule holds our systems ({} found)",
                schedule.systems_len()
            );
            if !schedule.graph().conflicting_systems().is_empty() && found.is_empty() {
                found.push(format!(
                    "{} conflicts",
                    schedule.graph().conflicting_systems().len()
                ));
            }
        });
    assert!(found.is_empty(), "ambiguous systems:\n{}", found.join("\n"));
}

#[test]
fn the_pause_menu_exports_a_replay_that_reproduces_the_run() {
    let dir = std::env::temp_dir().join(format!("delve-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = app(5);
    app.insert_resource(delve::app::save::SaveStore::File(dir.join("run.save")));
    for d in Dir::ALL {
        press(&mut app, key_for(d));
    }
    press(&mut app, KeyCode::Escape);
    press(&mut app, KeyCode::KeyR);
    let g = game(&app).clone();
    let content = app.world().resource::<delve::app::ContentRes>().0.clone();
    let file = dir.join(format!(
        "delve-seed{}-turn{}.replay",
        g.origin.seed, g.run.turn
    ));
    let replay = delve::runs::replay::Replay::read(&file, &content)
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert_eq!(replay.run(&content).unwrap().state_hash(), g.state_hash());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_key_explores_turn_after_turn_until_a_key_stops_it() {
    use delve::app::turn::Travel;
    use delve::game::{TravelGoal, travel_step};
    let mut app = app(12);
    let content = app.world().resource::<delve::app::ContentRes>().0.clone();
    press(&mut app, KeyCode::KeyX);
    for _ in 0..60 {
        app.update();
    }
    let walked = game(&app).run.turn;
    assert!(walked >= 3, "one key press walked only {walked} turns");
    if app.world().resource::<Travel>().0.is_none() {
        // It stopped only because exploring has no next step (a monster came into view, say).
        let known = &app.world().resource::<delve::app::turn::KnownInView>().0;
        let pickup = delve::game::Pickup::default();
        let step = travel_step(game(&app), &content, TravelGoal::Explore, known, &pickup);
        assert!(step.is_err());
    }
    // Started on a fresh run (the first may have ended in a fight or worse), any other key
    // stops it at once.
    let mut app = self::app(12);
    app.world_mut().resource_mut::<Travel>().0 = Some(TravelGoal::Explore);
    press(&mut app, KeyCode::Space);
    let turn = game(&app).run.turn;
    for _ in 0..20 {
        app.update();
    }
    assert!(app.world().resource::<Travel>().0.is_none());
    assert_eq!(game(&app).run.turn, turn, "travel went on after a key");
}

/// A pile the player drops, from the inventory's own overlay too, is one auto-explore leaves.
#[test]
fn a_dropped_item_is_left_for_auto_explore() {
    use delve::app::shared::Overlay;
    use delve::app::turn::LeftPiles;
    let mut app = app(12);
    assert!(
        !game(&app).party.inventory.is_empty(),
        "a class starts with its kit"
    );
    let here = game(&app).hero_pos();
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Inventory);
    app.update();
    send(&mut app, Command::Drop(0));
    for _ in 0..3 {
        app.update();
    }
    assert!(
        game(&app).floor.ground.contains_key(&here),
        "the item lies there"
    );
    assert!(app.world().resource::<LeftPiles>().tiles.contains(&here));
    // Over the map again, Shift+P on the pile takes the mark back, and puts it back.
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::None);
    app.update();
    for marked in [false, true] {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::ShiftLeft);
        press(&mut app, KeyCode::KeyP);
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .release(KeyCode::ShiftLeft);
        let left = &app.world().resource::<LeftPiles>().tiles;
        assert_eq!(left.contains(&here), marked, "Shift+P leaves it: {marked}");
    }
}

/// The app adds nothing to the rules: the bot's commands through the turn loop end in the
/// same state as the core's `simulate` with the same content.
#[test]
fn the_turn_loop_plays_exactly_the_core_rules() {
    use delve::app::shared::TurnPhase;
    let mut app = app(73);
    let content = app.world().resource::<delve::app::ContentRes>().0.clone();
    for _ in 0..3000 {
        let g = game(&app);
        if g.run.turn >= 150 || g.is_over() {
            break;
        }
        if *app.world().resource::<State<TurnPhase>>().get() == TurnPhase::AwaitingInput {
            let cmd = delve::game::bot::explore(g, &content);
            send(&mut app, cmd);
        }
        app.update();
    }
    let g = game(&app);
    // The hero's death stops its turn's count: the core plays on to reach it.
    let turns = if g.is_over() {
        g.run.turn + 1
    } else {
        g.run.turn
    };
    let (core, _) = delve::cli::simulate(&content, 73, turns).unwrap();
    assert_eq!(g.run.turn, core.run.turn);
    assert_eq!(g.log.record.len(), core.log.record.len());
    assert_eq!(g.state_hash(), core.state_hash());
}

/// `delve play --seed N` starts that run even when a save waits for Continue.
#[test]
fn a_seed_on_the_command_line_starts_a_new_run_over_a_kept_one() {
    let dir = std::env::temp_dir().join(format!("delve-skip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.save");
    let content = delve::content::Content::core().unwrap();
    let (kept, _) = delve::cli::simulate(&content, 5, 20).unwrap();
    // Saved with the core pack alone; the app adds the bundled mods, whose ids include core's,
    // so the save would load (with a warning) for Continue.
    delve::runs::save::save(&path, &kept, &content).unwrap();
    let mut app = headless(|app| {
        app.insert_resource(delve::app::save::SaveStore::File(path.clone()));
        app.insert_resource(NewRun {
            seed: 9,
            class: None,
        });
        app.insert_resource(delve::app::screens::SkipMenu);
    });
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::InGame
    );
    assert_eq!((game(&app).origin.seed, game(&app).run.turn), (9, 0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// F1 shows the keys and Escape closes it; opening it in a fight leaves the fight as it was.
#[test]
fn help_opens_and_closes_without_ending_a_fight() {
    use delve::app::shared::Overlay;
    use delve::app::shared::TurnPhase;
    let mut app = app(73);
    let content = app.world().resource::<delve::app::ContentRes>().0.clone();
    for _ in 0..2000 {
        if game(&app).in_combat() {
            break;
        }
        if *app.world().resource::<State<TurnPhase>>().get() == TurnPhase::AwaitingInput {
            let cmd = delve::game::bot::explore(game(&app), &content);
            send(&mut app, cmd);
        }
        app.update();
    }
    assert!(game(&app).in_combat(), "seed 73 fights on floor 1");
    let before = hash(&app);
    press(&mut app, KeyCode::F1);
    let overlay = |app: &App| *app.world().resource::<State<Overlay>>().get();
    assert_eq!(overlay(&app), Overlay::Help);
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Combat);
    // Keys that would act in the fight do nothing while the help is up.
    press(&mut app, KeyCode::Digit1);
    assert_eq!(hash(&app), before);
    press(&mut app, KeyCode::Escape);
    assert_eq!(overlay(&app), Overlay::None);
    assert!(game(&app).in_combat());
    assert_eq!(hash(&app), before);
}

/// A keys file rebinds the game's keys; a broken one is named on the menu and changes nothing.
#[test]
fn a_keys_file_rebinds_and_a_broken_one_is_reported() {
    use delve::app::turn::{Action, Bindings, KeysPath};
    let dir = std::env::temp_dir().join(format!("delve-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let start = |text: &str| {
        let path = dir.join("keys.toml");
        std::fs::write(&path, text).unwrap();
        let mut app = headless(|app| _ = app.insert_resource(KeysPath(Some(path))));
        app.update();
        app.update();
        app
    };
    let app = start("up = [\"KeyI\"]\n");
    let b = app.world().resource::<Bindings>();
    assert_eq!(b.action(KeyCode::KeyI), Some(Action::Move(Dir::Up)));
    assert_eq!(b.action(KeyCode::KeyW), None);
    let app = start("up = [\"KeyII\"]\n");
    assert_eq!(*app.world().resource::<Bindings>(), Bindings::default());
    let notice = app
        .world()
        .resource::<delve::app::save::SaveNotice>()
        .0
        .clone();
    let notice = notice.expect("the menu names the broken file");
    assert!(
        notice.contains("keys.toml") && notice.contains("KeyII"),
        "{notice}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The forager's body is drawn: a glyph on each segment the hero can see, none on the others,
/// redrawn after the turn.
#[test]
fn body_segments_are_drawn_where_the_hero_sees_them() {
    use delve::app::render::body::{BodySegment, plugin as body_plugin};
    use delve::game::Segment;
    use delve::map::Pos;
    let mut app = headless(|app| {
        app.insert_resource(NewRun {
            seed: 9,
            class: None,
        });
        app.init_resource::<delve::app::render::palette::Palette>();
        app.add_plugins(body_plugin);
    });
    app.update();
    app.update();
    open_new_run(&mut app, 9);
    let (owner, seen, unseen) = {
        let g = game(&app);
        let hero = g.hero_pos();
        let owner = g
            .floor
            .creatures
            .values()
            // Not a forager: its own moves would carry the body off.
            .find(|c| c.id != g.party.hero && c.is_alive() && c.kind != "core:forager")
            .map(|c| c.id)
            .expect("a monster on floor 1");
        let seen: Vec<Pos> = Dir::ALL
            .into_iter()
            .map(|d| hero.offset(d))
            .chain([hero])
            .filter(|&p| g.is_visible(p))
            .collect();
        let unseen = (0..g.floor.map.len() as i32)
            .map(|i| {
                Pos::new(
                    i % g.floor.map.width() as i32,
                    i / g.floor.map.width() as i32,
                )
            })
            .find(|&p| !g.is_visible(p))
            .expect("a tile out of sight");
        (owner, seen, unseen)
    };
    assert!(!seen.is_empty());
    edit_game(&mut app, |g| {
        let c = g.floor.creatures.get_mut(&owner).expect("the monster");
        c.body = seen
            .iter()
            .chain([&unseen])
            .map(|&pos| Segment { pos, gold: 1 })
            .collect();
    });
    let drawn = |app: &mut App| {
        app.world_mut()
            .query_filtered::<(), With<BodySegment>>()
            .iter(app.world())
            .count()
    };
    assert_eq!(drawn(&mut app), 0, "nothing before a turn");
    press(&mut app, KeyCode::Space);
    let g = game(&app);
    let expected = g
        .creature(owner)
        .filter(|c| c.is_alive())
        .map_or(0, |c| c.body.iter().filter(|s| g.is_visible(s.pos)).count());
    assert!(expected > 0, "the hero still sees a segment");
    assert_eq!(drawn(&mut app), expected);
}

/// An item whose content names a mod's sprite is drawn as that picture where the hero has
/// seen it, and not where the hero has never been.
#[test]
fn item_sprites_are_drawn_on_seen_tiles_only() {
    use delve::app::render::item_sprites::{ItemSprite, plugin as item_plugin};
    use delve::app::render::picture::Pictures;
    use delve::content::art::{Picture, Sprite};
    use delve::game::ItemInstance;
    let mut app = headless(|app| {
        app.insert_resource(NewRun {
            seed: 9,
            class: None,
        });
        app.insert_resource(Pictures {
            atlas: Handle::default(),
            layout: Handle::default(),
            sprites: [("core:dagger".to_string(), Handle::default())].into(),
        });
        app.add_plugins(item_plugin);
    });
    app.update();
    app.update();
    {
        let mut content = app.world_mut().resource_mut::<delve::app::ContentRes>();
        let dagger = content
            .0
            .items
            .get_mut("core:dagger")
            .expect("core has a dagger");
        dagger.picture = Picture::Sprite(std::sync::Arc::new(Sprite {
            file: "dagger.png".into(),
            width: 16,
            height: 16,
            rgba: vec![255; 16 * 16 * 4],
        }));
    }
    open_new_run(&mut app, 9);
    edit_game(&mut app, |g| {
        let hero = g.hero_pos();
        let unseen = (0..g.floor.map.len())
            .map(|i| g.floor.map.pos(i))
            .find(|&p| !g.is_visible(p) && !g.is_explored(p))
            .expect("an unexplored tile");
        let dagger = ItemInstance {
            item: "core:dagger".into(),
            affixes: Vec::new(),
            charges: 0,
            count: 1,
        };
        g.floor.ground.insert(hero, vec![dagger.clone()]);
        g.floor.ground.insert(unseen, vec![dagger]);
    });
    press(&mut app, KeyCode::Space);
    let drawn = app
        .world_mut()
        .query_filtered::<(), With<ItemSprite>>()
        .iter(app.world())
        .count();
    assert_eq!(
        drawn, 1,
        "the dagger under the hero, not the unexplored one"
    );
}
