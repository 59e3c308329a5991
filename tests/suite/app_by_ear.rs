//! Headless tests of playing by ear in the app: autofight's key (its refusal said, its step
//! taken), the find list (Ctrl+F: the core's places in order, Enter travels to the chosen
//! one), and the news taking the focus where Orca hears it (Linux).
use bevy::a11y::AccessibilityNode;
use bevy::input_focus::InputFocus;
use bevy::prelude::*;

use super::app_headless::{app, game, press, tap};
use delve::app::ContentRes;
use delve::app::a11y::{Heard, HeardLog, LastSaid, SPEAK_BY_FOCUS};
use delve::app::shared::Overlay;
use delve::app::turn::Travel;
use delve::app::ui::list::ListMenu;
use delve::game::find::findable;
use delve::game::travel::hostiles_in_view;

fn with_held(app: &mut App, held: KeyCode, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(held);
    press(app, key);
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .release(held);
}

fn said(app: &App) -> String {
    app.world()
        .resource::<LastSaid>()
        .text
        .clone()
        .unwrap_or_default()
}

fn overlay(app: &App) -> Overlay {
    *app.world().resource::<State<Overlay>>().get()
}

#[test]
fn autofight_says_why_it_refuses_and_otherwise_takes_a_turn() {
    let mut app = app(7);
    let content = app.world().resource::<ContentRes>().0.clone();
    // Walk (auto-explore) until a hostile is in view, or say what autofight says without one.
    let turn = game(&app).run.turn;
    if hostiles_in_view(game(&app), &content).is_empty() {
        with_held(&mut app, KeyCode::ShiftLeft, KeyCode::KeyF);
        assert_eq!(said(&app), "Autofight: no hostile in view.");
        assert_eq!(game(&app).run.turn, turn, "a refusal costs no turn");
    }
    for _ in 0..300 {
        if !hostiles_in_view(game(&app), &content).is_empty() || game(&app).in_combat() {
            break;
        }
        tap(&mut app, KeyCode::KeyX);
        for _ in 0..3 {
            app.update();
        }
    }
    assert!(!hostiles_in_view(game(&app), &content).is_empty() || game(&app).in_combat());
    let turn = game(&app).run.turn;
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::ShiftLeft);
    tap(&mut app, KeyCode::KeyF);
    // Said as it is chosen, before the turn's own news.
    assert!(said(&app).starts_with("Autofight: "), "{}", said(&app));
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .release(KeyCode::ShiftLeft);
    app.update();
    app.update();
    assert_eq!(game(&app).run.turn, turn + 1, "one press, one turn");
}

#[test]
fn ctrl_f_lists_the_floor_nearest_first_and_enter_travels_to_the_entry() {
    let mut app = app(7);
    // Some exploring, so the floor holds something known.
    tap(&mut app, KeyCode::KeyX);
    for _ in 0..40 {
        app.update();
    }
    with_held(&mut app, KeyCode::ControlLeft, KeyCode::KeyF);
    app.update();
    assert_eq!(overlay(&app), Overlay::Find);
    let content = app.world().resource::<ContentRes>().0.clone();
    let places = findable(game(&app), &content);
    let mut q = app.world_mut().query::<&ListMenu>();
    let list = q.single(app.world()).expect("the find list").clone();
    let lines: Vec<String> = places.iter().map(|f| f.line()).collect();
    let words: Vec<String> = list.entries.iter().map(|e| e.words.clone()).collect();
    assert_eq!(words, lines, "the core's places, in its order");
    // The nearest reachable place that is not a monster (they walk): Enter on it travels there.
    let Some(i) = places.iter().position(|f| {
        f.steps.is_some_and(|s| s > 0) && f.kind != delve::game::find::FoundKind::Monster
    }) else {
        panic!("seed 7 shows a place to go after some exploring: {lines:?}");
    };
    for _ in 0..i {
        tap(&mut app, KeyCode::ArrowDown);
    }
    tap(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(overlay(&app), Overlay::None);
    let goal = places[i].at;
    for _ in 0..400 {
        if game(&app).hero_pos() == goal || app.world().resource::<Travel>().0.is_none() {
            break;
        }
        app.update();
    }
    assert_eq!(
        game(&app).hero_pos(),
        goal,
        "travel stopped: {}",
        said(&app)
    );
}

#[test]
fn on_linux_the_news_takes_the_focus_and_an_overlay_gives_it_back() {
    if !SPEAK_BY_FOCUS {
        return;
    }
    let mut app = app(7);
    press(&mut app, KeyCode::KeyV);
    let focused = |app: &App| app.world().resource::<InputFocus>().get();
    let words = |app: &App, e: Entity| {
        (app.world().get::<AccessibilityNode>(e)).and_then(|n| n.value().map(str::to_string))
    };
    let e = focused(&app).expect("the news holds the focus");
    assert!(app.world().get::<Heard>(e).is_some());
    assert_eq!(words(&app, e), Some(said(&app)));
    assert!(said(&app).starts_with("Floor 1 of"), "{}", said(&app));
    // The pause menu takes the focus; closing it gives it back to the log.
    press(&mut app, KeyCode::Escape);
    let resume = focused(&app).expect("the pause menu's entry");
    assert!(app.world().get::<Heard>(resume).is_none());
    press(&mut app, KeyCode::Escape);
    app.update();
    let back = focused(&app).expect("the log");
    assert!(app.world().get::<HeardLog>(back).is_some());
    // The next news is a new entry, focused.
    press(&mut app, KeyCode::Space);
    let next = focused(&app).expect("the news");
    assert!(next != e && app.world().get::<Heard>(next).is_some());
}
