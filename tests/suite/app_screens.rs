//! Headless tests of the Mods screen, content hot reload and the map's tile entities.
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::{TilePos, TileStorage, TileVisible};

use super::app_headless::{edit_game, game, headless, press, scratch, screen, texts};
use delve::app::content::{
    ContentReport, CoreSource, ModCatalogue, ModChoices, ModSource, ModsStore,
};
use delve::app::save::SaveStore;
use delve::app::shared::Screen;
use delve::app::{ContentRes, GameRes};

fn write_mod(mods: &Path, id: &str, creatures: &str) {
    let dir = mods.join(id);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("mod.toml"),
        format!("id = \"{id}\"\nname = \"Mod {id}\"\nversion = \"0.1.0\"\nengine = \"1\"\n"),
    )
    .unwrap();
    std::fs::write(dir.join("creatures.toml"), creatures).unwrap();
}

fn slime(id: &str, name: &str, ability: &str) -> String {
    format!(
        "[[creatures]]\nid = \"{id}:slime\"\nname = \"{name}\"\nsymbol = \"s\"\ncolor = \"green\"\n\
         abilities = [\"{ability}\"]\n"
    )
}

fn with_mods(mods: &Path, choices: &Path) -> App {
    with_core(mods, choices, None)
}

fn with_core(mods: &Path, choices: &Path, core: Option<PathBuf>) -> App {
    let (mods, choices) = (mods.to_path_buf(), choices.to_path_buf());
    let mut app = headless(move |app| {
        app.insert_resource(ModSource::folder(mods));
        app.insert_resource(ModsStore(SaveStore::File(choices)));
        app.insert_resource(CoreSource(core));
    });
    app.update(); // Loading
    app.update(); // MainMenu
    app
}

fn content(app: &App) -> &delve::content::Content {
    &app.world().resource::<ContentRes>().0
}

#[test]
fn the_mods_screen_lists_reports_toggles_and_remembers() {
    let dir = scratch("mods-screen");
    let mods = dir.join("mods");
    write_mod(&mods, "good", &slime("good", "Slime", "core:attack"));
    write_mod(&mods, "broken", &slime("broken", "Slime", "core:atack"));
    let choices = dir.join("mods.toml");
    let mut app = with_mods(&mods, &choices);
    assert_eq!(screen(&app), Screen::MainMenu);
    // The menu's Mods entry with its key.
    assert!(texts(&mut app).contains("  Mods"));
    press(&mut app, KeyCode::KeyM);
    assert_eq!(screen(&app), Screen::Mods);
    let list = app.world().resource::<ModCatalogue>().0.clone();
    assert_eq!(
        list.iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>(),
        ["broken", "good"]
    );
    assert!(content(&app).creature("good:slime").is_some());
    assert!(content(&app).creature("broken:slime").is_none());
    let shown = texts(&mut app);
    assert!(shown.contains("[x] good"), "{shown}");
    assert!(shown.contains("skipped: 1 error(s)"), "{shown}");
    // The cursor starts on `broken`: its diagnostic is shown with file, line and the hint.
    assert!(shown.contains("creatures.toml:6"), "{shown}");
    assert!(shown.contains("did you mean `core:attack`"), "{shown}");

    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Space);
    assert!(
        app.world()
            .resource::<ModChoices>()
            .disabled
            .contains("good")
    );
    assert!(
        content(&app).creature("good:slime").is_none(),
        "turning a mod off reloads without it"
    );
    assert!(texts(&mut app).contains("[ ] good"));
    let stored = std::fs::read_to_string(&choices).unwrap();
    assert!(stored.contains("\"good\""), "{stored}");
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::MainMenu);

    // The next start remembers the choice.
    let app = with_mods(&mods, &choices);
    assert!(content(&app).creature("good:slime").is_none());
    assert!(
        app.world()
            .resource::<ModChoices>()
            .disabled
            .contains("good")
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The examples that come with the game, as a fresh clone or package finds them beside an
/// empty `mods/`: the first start is the core game; the Mods screen turns one on.
#[test]
fn the_examples_are_off_on_a_first_start_and_turn_on_from_the_mods_screen() {
    let dir = scratch("examples");
    let mods = dir.join("mods");
    std::fs::create_dir_all(&mods).unwrap();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples");
    let choices = dir.join("mods.toml");
    let start = || {
        let (mods, examples, choices) = (mods.clone(), examples.clone(), choices.clone());
        let mut app = headless(move |app| {
            app.insert_resource(ModSource::Folders {
                examples: vec![examples],
                mods: vec![mods],
            });
            app.insert_resource(ModsStore(SaveStore::File(choices)));
            app.insert_resource(CoreSource(None));
        });
        app.update(); // Loading
        app.update(); // MainMenu
        app
    };
    let mut app = start();
    assert_eq!(content(&app).packs, ["core"]);
    let report = &app.world().resource::<ContentReport>().0;
    assert!(
        report.diagnostics.is_empty(),
        "a clean start warns of nothing: {report}"
    );
    assert_eq!(delve::app::shared::daily_refusal(content(&app)), None);
    press(&mut app, KeyCode::KeyM);
    let shown = texts(&mut app);
    assert!(shown.contains("[ ] bestiary"), "{shown}");
    assert!(
        shown.contains("an example: off until you turn it on"),
        "{shown}"
    );
    // The cursor starts on the first, the bestiary: Space turns it on and loads it.
    press(&mut app, KeyCode::Space);
    assert!(content(&app).creature("bestiary:fire_imp").is_some());
    assert!(texts(&mut app).contains("[x] bestiary"));
    // The next start remembers it; the other example stays off.
    let app = start();
    assert_eq!(content(&app).packs, ["core", "bestiary"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn f5_reloads_content_in_a_run_which_goes_on_and_is_marked() {
    let dir = scratch("hot-reload");
    let mods = dir.join("mods");
    write_mod(&mods, "good", &slime("good", "Slime", "core:attack"));
    // The core pack from a folder too, as `assets/core` is read on the desktop.
    let core = dir.join("core");
    std::fs::create_dir_all(&core).unwrap();
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/core");
    for e in std::fs::read_dir(&assets).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), core.join(e.file_name())).unwrap();
    }
    let mut app = with_core(&mods, &dir.join("mods.toml"), Some(core.clone()));
    // The content errors overlay (the rest of the in-game UI needs the window).
    app.add_plugins(delve::app::ui::content_errors::plugin);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter); // the class choice: its first class
    assert_eq!(screen(&app), Screen::InGame);
    press(&mut app, KeyCode::Space); // a turn, so the run is under way
    let before = game(&app).clone();
    assert_eq!(content(&app).creature("good:slime").unwrap().name, "Slime");

    std::fs::write(
        mods.join("good/creatures.toml"),
        slime("good", "Green slime", "core:attack"),
    )
    .unwrap();
    press(&mut app, KeyCode::F5);
    let g = game(&app);
    assert_eq!(
        content(&app).creature("good:slime").unwrap().name,
        "Green slime"
    );
    assert_eq!(
        (g.run.turn, &g.log.record),
        (before.run.turn, &before.log.record),
        "not a turn"
    );
    assert_eq!(g.origin.reloads.len(), 1);
    let notice = app.world().resource::<delve::app::content::ReloadNotice>();
    assert!(
        notice
            .0
            .as_deref()
            .is_some_and(|n| n.starts_with("Content reloaded")),
        "{notice:?}"
    );
    let replay = delve::runs::replay::Replay::of(g, content(&app));
    assert!(matches!(
        replay.run(content(&app)),
        Err(delve::runs::replay::ReplayError::SpansReload { .. })
    ));

    // An edit to the core pack takes effect the same way; a core that no longer loads is
    // refused whole and the game goes on with what it had.
    let creatures = core.join("creatures.toml");
    let text = std::fs::read_to_string(&creatures).unwrap();
    let renamed = text.replacen("name = \"Skeleton\"", "name = \"Bone warrior\"", 1);
    assert_ne!(renamed, text, "core names its skeleton `Skeleton`");
    std::fs::write(&creatures, renamed).unwrap();
    press(&mut app, KeyCode::F5);
    assert_eq!(
        content(&app).creature("core:skeleton").unwrap().name,
        "Bone warrior"
    );
    std::fs::write(&creatures, "[[creatures]]\nid = 3\n").unwrap();
    press(&mut app, KeyCode::F5);
    assert_eq!(
        content(&app).creature("core:skeleton").unwrap().name,
        "Bone warrior"
    );
    let notice = app.world().resource::<delve::app::content::ReloadNotice>();
    assert!(
        notice
            .0
            .as_deref()
            .is_some_and(|n| n.starts_with("Reload refused") && n.contains("error(s)")),
        "{notice:?}"
    );
    assert_eq!(
        game(&app).origin.reloads.len(),
        2,
        "a refused reload is not one"
    );
    std::fs::write(&creatures, &text).unwrap();

    // A mod broken while playing is skipped with its report; the run goes on with the rest.
    std::fs::write(mods.join("good/creatures.toml"), "[[creatures]\n").unwrap();
    press(&mut app, KeyCode::F5);
    assert!(content(&app).creature("good:slime").is_none());
    let report = &app
        .world()
        .resource::<delve::app::content::ContentReport>()
        .0;
    assert_eq!(report.skipped, ["good"]);
    assert_eq!(game(&app).origin.reloads.len(), 3);
    assert!(app.world().get_resource::<GameRes>().is_some());
    // The overlay says what became of the content (not "as it was": it reloaded), then where.
    let errors = app.world().resource::<delve::app::content::ContentErrors>();
    let errors = errors.0.clone().expect("the overlay's text");
    let lead = "Left out until fixed: good. The rest of the content reloaded.";
    assert!(errors.starts_with(lead), "{errors}");
    assert!(errors.contains("good/creatures.toml:1:"), "{errors}");
    assert!(texts(&mut app).contains(lead));
    // The Mods screen shows the report itself: the overlay steps aside there.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Mods);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Mods);
    let shown = texts(&mut app);
    assert!(!shown.contains(lead), "{shown}");
    assert!(shown.contains("good/creatures.toml:1:"), "{shown}");
    std::fs::remove_dir_all(&dir).ok();
}

fn tile_entities(app: &mut App) -> Vec<Entity> {
    let mut q = app.world_mut().query_filtered::<Entity, With<TilePos>>();
    q.iter(app.world()).collect()
}

fn tilemaps(app: &mut App) -> usize {
    let mut q = app.world_mut().query::<&TileStorage>();
    q.iter(app.world()).count()
}

/// A step repaints the tiles whose look changed (the sight, lit from the hero), not the map; a new floor
/// replaces every tile entity; leaving the run frees them all.
#[test]
fn a_move_touches_only_the_sight_and_floors_leave_no_tiles_behind() {
    use delve::app::render::map::Shown;
    let mut app = headless(|app| _ = app.add_plugins(delve::app::render::map_layers_plugin));
    app.update();
    app.update();
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter); // the class choice: its first class
    for _ in 0..3 {
        app.update();
    }
    let cells = game(&app).floor.map.len();
    let first = tile_entities(&mut app);
    assert_eq!(
        first.len(),
        2 * cells,
        "terrain and features, one tile per cell each"
    );
    assert_eq!(tilemaps(&mut app), 2);

    // A step that changes what the hero sees; count the cells whose look must change.
    let mut stepped = false;
    for key in [
        KeyCode::ArrowUp,
        KeyCode::ArrowLeft,
        KeyCode::ArrowDown,
        KeyCode::ArrowRight,
    ] {
        let before = game(&app).clone();
        press(&mut app, key);
        let after = game(&app).clone();
        if after.run.turn == before.run.turn || after.in_combat() {
            continue;
        }
        // What a cell shows (the renderer's own looks: the hero's light moves with the hero,
        // so the sight's tiles repaint; nothing outside it does).
        use delve::app::render::map::{feature_look, terrain_look};
        use delve::app::render::palette::Palette;
        let content = app.world().resource::<delve::app::ContentRes>().0.clone();
        let changed = |look: &dyn Fn(
            &delve::game::Game,
            delve::map::Pos,
        ) -> delve::app::render::map::Look| {
            (0..cells)
                .filter(|&i| {
                    look(&before, before.floor.map.pos(i)) != look(&after, after.floor.map.pos(i))
                })
                .count()
        };
        let terrain = changed(&|g, p| terrain_look(g, &content, p));
        let items = changed(&|g, p| feature_look(g, &content, Palette::default(), p));
        let seen = |g: &delve::game::Game| {
            (0..cells)
                .filter(|&i| g.is_visible(g.floor.map.pos(i)))
                .count()
        };
        let touched = app.world().resource::<Shown>().touched;
        assert!(terrain > 0, "the step changed the view");
        assert_eq!(touched, terrain + items, "exactly the changed cells");
        assert!(
            touched <= 2 * (seen(&before) + seen(&after)) && touched * 2 < cells,
            "{touched} of {cells}: the sight, not the map"
        );
        stepped = true;
        break;
    }
    assert!(stepped, "some direction is open on floor 1");
    // The tiles show what the core says: the hero's tile lit, far unexplored tiles hidden.
    let g = game(&app).clone();
    // Unseen tiles all look the same (dark rock on the terrain, nothing on the features), so
    // the picture tells nothing of what lies there.
    let mut q = app.world_mut().query::<(
        &TilePos,
        &TileVisible,
        &bevy_ecs_tilemap::prelude::TileTextureIndex,
        &bevy_ecs_tilemap::prelude::TileColor,
    )>();
    let mut lit = 0;
    let mut unseen_looks = std::collections::BTreeSet::new();
    for (pos, vis, index, colour) in q.iter(app.world()) {
        let p = delve::map::Pos::new(pos.x as i32, (g.floor.map.height() - 1 - pos.y) as i32);
        if g.is_visible(p) && vis.0 {
            lit += 1;
        }
        if !g.is_explored(p) && !g.is_visible(p) && vis.0 {
            unseen_looks.insert((index.0, format!("{:?}", colour.0)));
        }
    }
    assert!(lit > 0);
    assert_eq!(
        unseen_looks.len(),
        1,
        "unseen tiles differ: {unseen_looks:?}"
    );

    // Down the stairs: a new floor, all new tile entities, none of the old left.
    edit_game(&mut app, |g| {
        g.fight.enemies.clear();
        let down = g.floor.down;
        let hero = g.party.hero;
        g.floor.creatures.get_mut(&hero).unwrap().pos = down;
    });
    press(&mut app, KeyCode::Enter);
    assert_eq!(game(&app).floor.depth, 2, "descended");
    for _ in 0..3 {
        app.update();
    }
    let second = tile_entities(&mut app);
    assert_eq!(second.len(), 2 * game(&app).floor.map.len());
    assert_eq!(tilemaps(&mut app), 2);
    assert!(
        first.iter().all(|e| app.world().get_entity(*e).is_err()),
        "the first floor's tiles are gone"
    );

    // Back to the menu: no tile or tilemap is left.
    press(&mut app, KeyCode::Escape);
    press(&mut app, KeyCode::KeyM);
    assert_eq!(screen(&app), Screen::MainMenu);
    assert!(tile_entities(&mut app).is_empty());
    assert_eq!(tilemaps(&mut app), 0);
}

#[test]
fn settings_rebinds_a_key_with_its_modifier_and_keeps_it_in_the_keys_file() {
    use delve::app::turn::{Action, Bindings, KeysPath};
    let dir = scratch("rebind");
    let file = dir.join("keys.toml");
    let keys = file.clone();
    let mut app = headless(move |app| {
        app.insert_resource(KeysPath(Some(keys)));
        // The settings' own plugin is the window's; the screen needs only the values.
        app.init_resource::<delve::app::settings::Settings>();
    });
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::MainMenu);
    press(&mut app, KeyCode::KeyO);
    assert_eq!(screen(&app), Screen::Settings);
    // The values first, then each action: down to `wait` (after up, down, left and right).
    for _ in 0..delve::app::screens::settings::ROWS + 4 {
        press(&mut app, KeyCode::ArrowDown);
    }
    assert!(
        texts(&mut app).contains("> Key: wait"),
        "{}",
        texts(&mut app)
    );
    press(&mut app, KeyCode::Enter);
    assert!(texts(&mut app).contains("press a key..."));
    // Shift+Z: the chord, not the capital letter's plain key.
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::ShiftLeft);
    press(&mut app, KeyCode::KeyZ);
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .release(KeyCode::ShiftLeft);
    let b = app.world().resource::<Bindings>().clone();
    let shift = delve::app::turn::Mods {
        shift: true,
        ..delve::app::turn::Mods::NONE
    };
    assert_eq!(b.pressed(KeyCode::KeyZ, shift), Some(Action::Wait));
    assert_eq!(
        b.action(KeyCode::KeyZ),
        Some(Action::Rest),
        "plain Z still rests"
    );
    let kept = std::fs::read_to_string(&file).expect("the keys file is written");
    assert_eq!(Bindings::parse(&kept).unwrap(), b, "{kept}");
    assert!(texts(&mut app).contains("Shift+Z now does wait."));
    // G belongs to travel_stairs: taking it for wait says so; Esc during a rebinding keeps the
    // old keys and stays on the screen.
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::KeyG);
    assert!(texts(&mut app).contains("G now does wait (it did travel_stairs)."));
    assert_eq!(
        app.world().resource::<Bindings>().action(KeyCode::KeyG),
        Some(Action::Wait)
    );
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Escape);
    assert_eq!(
        screen(&app),
        Screen::Settings,
        "Esc cancelled the rebinding only"
    );
    assert!(texts(&mut app).contains("are as they were"));
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::MainMenu);
}

/// The sidebar follows a fight: after a blow, a monster's row says its health and its bar
/// fills to it (the row is made when the monster comes into view, at full health).
#[test]
fn a_monster_row_shows_its_health_after_a_blow() {
    use delve::app::shared::{NewRun, TurnPhase};
    use delve::app::ui::sidebar::in_view;
    let mut app = headless(|app| {
        app.insert_resource(NewRun {
            seed: 73,
            class: None,
        });
        app.init_resource::<delve::app::render::palette::Palette>();
        app.add_plugins(delve::app::ui::sidebar::plugin);
    });
    app.update();
    app.update();
    super::app_headless::open_new_run(&mut app, 73);
    let content = app.world().resource::<ContentRes>().0.clone();
    let wounded = |app: &App| {
        let seen = in_view(game(app), &content);
        seen.into_iter()
            .find(|m| m.health > 0.0 && m.health < m.max_health)
    };
    let mut row = None;
    for _ in 0..4000 {
        if game(&app).in_combat()
            && let Some(m) = wounded(&app)
        {
            row = Some(m);
            break;
        }
        if *app.world().resource::<State<TurnPhase>>().get() == TurnPhase::AwaitingInput {
            let g = game(&app);
            let cmd = if g.in_combat() {
                delve::game::bot::strike(g, &content)
            } else {
                delve::game::bot::explore(g, &content)
            };
            super::app_headless::send(&mut app, cmd);
        }
        app.update();
    }
    let m = row.expect("seed 73 wounds a monster on floor 1");
    app.update();
    let words = format!("{:.0}/{:.0}", m.health, m.max_health);
    let shown = texts(&mut app);
    assert!(shown.contains(&format!("{}  ", m.name)), "{shown}");
    assert!(
        shown.lines().any(|l| l == words),
        "the row's bar says {words}: {shown}"
    );
    let fill = Val::Percent((m.health / m.max_health * 100.0) as f32);
    let mut nodes = app.world_mut().query::<&Node>();
    assert!(
        nodes.iter(app.world()).any(|n| n.width == fill),
        "a bar fills to {fill:?}"
    );
}
