//! The class choice in the app: New run asks for a class, a digit or Random picks one, the
//! choice is remembered, GameOver offers the same class again, and `--class` starts at once
//! (an unknown one says why on the menu, with the nearest name).
use bevy::prelude::*;

use delve::app::screens::class_choice::{ClassList, RANDOM, picked};
use delve::app::settings::Settings;
use delve::app::shared::{NewRun, RunNotice, Screen, TurnPhase};
use delve::app::ui::list::ListMenu;
use delve::game::RunOutcome;

use super::app_headless::{edit_game, game, headless, screen, tap};

/// The app on the main menu, with the settings the class screen remembers in.
fn on_menu(seed: u64, class: Option<&str>, skip: bool) -> App {
    let mut app = headless(|app| {
        app.init_resource::<Settings>();
        app.insert_resource(NewRun {
            seed,
            class: class.map(str::to_string),
        });
        if skip {
            app.insert_resource(delve::app::screens::SkipMenu);
        }
    });
    for _ in 0..4 {
        app.update();
    }
    app
}

fn class_list(app: &mut App) -> ListMenu {
    let mut q = app
        .world_mut()
        .query_filtered::<&ListMenu, With<ClassList>>();
    q.single(app.world()).expect("the class list").clone()
}

#[test]
fn new_run_asks_for_a_class_and_remembers_the_choice() {
    let mut app = on_menu(4, None, false);
    assert_eq!(screen(&app), Screen::MainMenu);
    tap(&mut app, KeyCode::KeyN);
    app.update();
    assert_eq!(screen(&app), Screen::ClassChoice);
    let list = class_list(&mut app);
    let words: Vec<&str> = list.entries.iter().map(|e| e.words.as_str()).collect();
    assert_eq!(words, ["Fighter", "Rogue", "Arcanist", "Hunter", RANDOM]);
    assert_eq!(list.cursor, 0, "nothing chosen yet: the first class");
    // A screen reader hears each class's detail with its name: the focused button's
    // description is the detail pane's text.
    app.update();
    let focused = app
        .world()
        .resource::<bevy::input_focus::InputFocus>()
        .get();
    let node = focused.and_then(|e| app.world().get::<bevy::a11y::AccessibilityNode>(e));
    assert_eq!(
        node.and_then(|n| n.description()),
        Some(list.entries[0].detail.as_str()),
        "the fighter's button carries its detail"
    );
    let detail = list.entries[1].detail.clone();
    for part in [
        "Dexterity 8",
        "Flurry",
        "Evade",
        "Wears: Dagger, Leather armour",
    ] {
        assert!(
            detail.contains(part),
            "{part:?} missing from the rogue's detail:\n{detail}"
        );
    }
    // Escape goes back; New run comes back to the same question.
    tap(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(screen(&app), Screen::MainMenu);
    tap(&mut app, KeyCode::KeyN);
    app.update();
    tap(&mut app, KeyCode::Digit2);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::InGame);
    assert_eq!(
        (game(&app).origin.seed, game(&app).origin.class.as_str()),
        (4, "core:rogue")
    );
    assert_eq!(app.world().resource::<Settings>().class, "core:rogue");
    // The next time the list opens on the rogue.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::ClassChoice);
    app.update();
    app.update();
    assert_eq!(class_list(&mut app).cursor, 1);
}

#[test]
fn random_draws_a_class_from_the_seed() {
    let mut app = on_menu(12, None, false);
    tap(&mut app, KeyCode::KeyN);
    app.update();
    tap(&mut app, KeyCode::KeyR);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::InGame);
    let content = app
        .world()
        .resource::<delve::app::shared::ContentRes>()
        .0
        .clone();
    let want = picked(&content, 3, 12).unwrap();
    assert_eq!(game(&app).origin.class, want);
    assert_eq!(app.world().resource::<Settings>().class, "random");
}

#[test]
fn game_over_offers_the_same_class_again_and_a_new_run_asks_again() {
    let mut app = on_menu(6, Some("core:arcanist"), true);
    assert_eq!(screen(&app), Screen::InGame);
    assert_eq!(game(&app).origin.class, "core:arcanist");
    let die = |app: &mut App| {
        edit_game(app, |g| g.run.outcome = Some(RunOutcome::Died));
        app.world_mut()
            .resource_mut::<NextState<TurnPhase>>()
            .set(TurnPhase::Resolving);
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(screen(app), Screen::GameOver);
    };
    die(&mut app);
    tap(&mut app, KeyCode::KeyA);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::InGame);
    assert_eq!(game(&app).origin.class, "core:arcanist");
    assert_ne!(game(&app).origin.seed, 6, "a new seed");
    die(&mut app);
    tap(&mut app, KeyCode::KeyN);
    app.update();
    assert_eq!(screen(&app), Screen::ClassChoice);
}

#[test]
fn an_unknown_class_on_the_command_line_says_why_on_the_menu() {
    let app = on_menu(3, Some("core:rouge"), true);
    assert_eq!(screen(&app), Screen::MainMenu);
    let notice = app
        .world()
        .resource::<RunNotice>()
        .0
        .clone()
        .unwrap_or_default();
    assert!(
        notice.contains("unknown class `core:rouge`, did you mean `core:rogue`?"),
        "{notice}"
    );
}
