//! Headless tests of what a screen reader gets: the accessibility nodes themselves (roles,
//! labels, values, the live regions' words, the focused entry), not a private list.
use accesskit::{Live, Role};
use bevy::a11y::AccessibilityNode;
use bevy::input_focus::InputFocus;
use bevy::prelude::*;

use super::app_headless::{app, edit_game, game, headless, press, screen, tap};
use delve::app::a11y::{LiveRegion, ReadPanel, SPEAK_BY_FOCUS, Urgency};
use delve::app::shared::Screen;
use delve::game::surroundings::surroundings;

/// The label of the focused node, which must be a button.
fn focused(app: &App) -> Option<String> {
    let e = app.world().resource::<InputFocus>().get()?;
    let node = app.world().get::<AccessibilityNode>(e)?;
    assert_eq!(node.role(), Role::Button, "the focus is on a button");
    node.label().map(str::to_string)
}

/// Every node's words (label or value) of one role.
fn words(app: &mut App, role: Role) -> Vec<String> {
    let mut q = app.world_mut().query::<&AccessibilityNode>();
    q.iter(app.world())
        .filter(|n| n.role() == role)
        .filter_map(|n| n.label().or(n.value()).map(str::to_string))
        .collect()
}

/// What a live region says now.
fn live(app: &mut App, urgency: Urgency) -> String {
    let mut q = app.world_mut().query::<(&LiveRegion, &AccessibilityNode)>();
    let (_, node) = q
        .iter(app.world())
        .find(|(r, _)| r.0 == urgency)
        .expect("the live region exists");
    let want = match urgency {
        Urgency::Polite => Live::Polite,
        Urgency::Assertive => Live::Assertive,
    };
    // On Linux the news is heard through the focus instead (see `SPEAK_BY_FOCUS`).
    assert_eq!(node.live(), (!SPEAK_BY_FOCUS).then_some(want));
    node.value().unwrap_or_default().to_string()
}

fn no_line_twice(text: &str) {
    let mut seen = std::collections::BTreeSet::new();
    for sentence in text.split(". ").filter(|s| !s.is_empty()) {
        assert!(
            seen.insert(sentence),
            "said twice: {sentence:?} in {text:?}"
        );
    }
}

#[test]
fn menus_are_buttons_and_the_cursor_holds_the_focus() {
    let mut app = headless(|_| {});
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::MainMenu);
    app.update();
    let buttons = words(&mut app, Role::Button);
    for want in ["New run: N", "Watch replays: W", "Settings: O", "Quit: Q"] {
        assert!(buttons.iter().any(|b| b == want), "{want} in {buttons:?}");
    }
    assert!(words(&mut app, Role::Label).iter().any(|l| l == "DELVE"));
    assert!(
        words(&mut app, Role::Group)
            .iter()
            .any(|l| l == "Main menu")
    );
    assert!(words(&mut app, Role::Menu).iter().any(|l| l == "Main menu"));
    assert_eq!(focused(&app).as_deref(), Some("New run: N"));
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(focused(&app).as_deref(), Some("Random seed: R"));
    press(&mut app, KeyCode::Tab);
    // A checkout's first start is the core pack alone (its examples are off): the daily is
    // open, its date in its words.
    let daily = focused(&app).unwrap_or_default();
    assert!(
        daily.starts_with("Daily challenge ") && daily.ends_with(": D"),
        "{daily}"
    );
    for _ in 0..3 {
        press(&mut app, KeyCode::ArrowUp);
    }
    // With no run kept, Continue is there, unavailable, and says why.
    assert_eq!(
        focused(&app).as_deref(),
        Some("Continue the run: C (unavailable: no run to continue)")
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        screen(&app),
        Screen::MainMenu,
        "an unavailable entry does nothing"
    );
    press(&mut app, KeyCode::ArrowUp);
    assert_eq!(
        focused(&app).as_deref(),
        Some("Quit: Q"),
        "the cursor wraps"
    );
    // Enter does the entry under the cursor: here Watch replays.
    for _ in 0..5 {
        press(&mut app, KeyCode::ArrowDown);
    }
    assert_eq!(focused(&app).as_deref(), Some("Watch replays: W"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Replays);
    assert!(
        words(&mut app, Role::Menu)
            .iter()
            .any(|l| l == "Watch a replay")
    );
    assert_eq!(focused(&app), None, "no replays kept: nothing to focus");
    // The menu's buttons went with it; the main menu is back with its cursor on New run.
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::MainMenu);
    assert_eq!(focused(&app).as_deref(), Some("New run: N"));
    let menus = words(&mut app, Role::Menu);
    assert_eq!(menus, vec!["Main menu".to_string()], "one menu at a time");
}

#[test]
fn the_pause_menu_moves_its_focus_and_enter_does_the_entry() {
    let mut app = app(4);
    press(&mut app, KeyCode::Escape);
    assert_eq!(focused(&app).as_deref(), Some("Resume: Esc"));
    press(&mut app, KeyCode::ArrowUp);
    assert!(focused(&app).unwrap().starts_with("Quit to the main menu"),);
    press(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::MainMenu);
}

#[test]
fn the_turns_news_reaches_the_live_regions_once() {
    let mut app = app(7);
    assert!(
        live(&mut app, Urgency::Polite).starts_with("Welcome to Delve. Seed 7."),
        "{}",
        live(&mut app, Urgency::Polite)
    );
    // Health below a quarter, outside a fight: said at once, and once.
    let hero = game(&app).party.hero;
    edit_game(&mut app, |g| {
        g.floor.creatures.get_mut(&hero).unwrap().health = 3.0
    });
    press(&mut app, KeyCode::Space);
    let alert = live(&mut app, Urgency::Assertive);
    assert!(alert.starts_with("Health low: 3 of "), "{alert}");
    press(&mut app, KeyCode::Space);
    assert_eq!(
        live(&mut app, Urgency::Assertive),
        alert,
        "still low: not said again"
    );
    let max = {
        let content = &app.world().resource::<delve::app::ContentRes>().0;
        game(&app).attribute(hero, delve::game::Attr::MaxHealth, content)
    };
    edit_game(&mut app, |g| {
        g.floor.creatures.get_mut(&hero).unwrap().health = max
    });
    // Explore until a fight begins, frame by frame: every turn's lines are said, in the polite
    // region or (a fight's start) the assertive one, never both and never twice.
    let mut fight = false;
    let mut last_turn = game(&app).run.turn;
    let mut idle = 0;
    for _ in 0..4000 {
        if idle > 4 {
            tap(&mut app, KeyCode::KeyX);
            idle = 0;
        } else {
            app.update();
        }
        let g = game(&app);
        if g.run.turn == last_turn {
            idle += 1;
            continue;
        }
        idle = 0;
        let lines: Vec<String> = g
            .log
            .lines
            .iter()
            .filter(|l| (last_turn..g.run.turn).contains(&l.turn))
            .map(|l| l.text.clone())
            .collect();
        last_turn = g.run.turn;
        if lines.is_empty() {
            continue;
        }
        let polite = live(&mut app, Urgency::Polite);
        let assertive = live(&mut app, Urgency::Assertive);
        for line in &lines {
            let in_polite = polite.contains(line.as_str());
            let in_assertive = assertive.contains(line.as_str());
            assert!(
                in_polite != in_assertive,
                "{line:?}: {polite:?} / {assertive:?}"
            );
        }
        no_line_twice(&polite);
        if lines.iter().any(|l| l.starts_with("A fight begins")) {
            assert!(assertive.contains("A fight begins"), "{assertive}");
            fight = true;
            break;
        }
    }
    assert!(fight, "a fight began while exploring seed 7");
    // The hero's death is said at once.
    edit_game(&mut app, |g| {
        g.floor.creatures.get_mut(&hero).unwrap().health = 0.5
    });
    for _ in 0..20 {
        if game(&app).is_over() {
            break;
        }
        press(&mut app, KeyCode::Space);
    }
    assert!(game(&app).is_over());
    let alert = live(&mut app, Urgency::Assertive);
    assert!(alert.contains("You are killed by"), "{alert}");
    no_line_twice(&alert);
    assert!(!live(&mut app, Urgency::Polite).contains("You are killed"));
}

#[test]
fn v_reads_the_surroundings_into_a_panel_and_the_news() {
    let mut app = app(7);
    let want = surroundings(
        game(&app),
        &app.world().resource::<delve::app::ContentRes>().0,
    );
    press(&mut app, KeyCode::KeyV);
    let mut q = app
        .world_mut()
        .query_filtered::<(&Text, &AccessibilityNode, &Visibility), With<ReadPanel>>();
    let (text, node, shown) = q.single(app.world()).unwrap();
    assert_eq!(text.0, want.join("\n"));
    assert_eq!(node.value(), Some(want.join("\n").as_str()));
    assert_eq!(*shown, Visibility::Inherited);
    assert!(!node.is_hidden());
    assert_eq!(live(&mut app, Urgency::Polite), want.join(" "));
    assert!(
        want.iter().any(|l| l.starts_with("Stairs down:")),
        "{want:?}"
    );
    // Said again on R (counted, so the region changes and is read anew).
    press(&mut app, KeyCode::KeyR);
    assert_eq!(
        live(&mut app, Urgency::Polite),
        format!("{} (x2)", want.join(" "))
    );
    // The next turn puts the panel away.
    press(&mut app, KeyCode::Space);
    let (_, node, shown) = q.single(app.world()).unwrap();
    assert_eq!(*shown, Visibility::Hidden);
    assert!(node.is_hidden());
}

#[test]
fn the_look_cursor_moves_cycles_what_is_seen_and_is_read_aloud() {
    use delve::app::shared::Overlay;
    use delve::app::turn::{Hovered, LookCursor};
    use delve::game::examine::{describe, look_targets};
    let mut app = app(7);
    let hero = game(&app).hero_pos();
    let content = app.world().resource::<delve::app::ContentRes>().0.clone();
    press(&mut app, KeyCode::Semicolon);
    app.update();
    let state = |app: &App| *app.world().resource::<State<Overlay>>().get();
    assert_eq!(state(&app), Overlay::Look);
    let cursor = |app: &App| app.world().get_resource::<LookCursor>().map(|c| c.at);
    assert_eq!(cursor(&app), Some(hero));
    // A move key moves the cursor, not the hero, and the tile is read with its bearing.
    let turn = game(&app).run.turn;
    press(&mut app, KeyCode::KeyL);
    let east = hero.offset(delve::map::Dir::Right);
    assert_eq!(cursor(&app), Some(east));
    assert_eq!(game(&app).run.turn, turn, "looking costs no turn");
    assert_eq!(app.world().resource::<Hovered>().0, Some(east));
    let heard = live(&mut app, Urgency::Polite);
    let words =
        describe(game(&app), &content, east).map_or("Unexplored.".to_string(), |l| l.join(" "));
    assert_eq!(heard, format!("1 east: {words}"));
    // Tab goes to what is in sight, in the fixed order; Shift+Tab back from the first wraps.
    let targets = look_targets(game(&app));
    if let Some(&first) = targets.first() {
        press(&mut app, KeyCode::Tab);
        assert_eq!(cursor(&app), Some(first));
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::ShiftLeft);
        press(&mut app, KeyCode::Tab);
        assert_eq!(cursor(&app), targets.last().copied());
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::ShiftLeft);
    }
    // Escape leaves: no cursor, nothing pointed at, and the keys move the hero again.
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(state(&app), Overlay::None);
    assert_eq!(cursor(&app), None);
    assert_eq!(app.world().resource::<Hovered>().0, None);
}

#[test]
fn the_first_thirty_turns_of_seed_7_are_all_heard() {
    let mut app = app(7);
    // What the new run logged before the first command is not news of a turn.
    let before = game(&app).log.lines.len();
    let mut heard: Vec<(Urgency, String)> = Vec::new();
    let listen = |app: &mut App, heard: &mut Vec<(Urgency, String)>| {
        for u in [Urgency::Assertive, Urgency::Polite] {
            let now = live(app, u);
            let last = heard
                .iter()
                .rev()
                .find(|(w, _)| *w == u)
                .map(|(_, t)| t.clone());
            if !now.is_empty() && last.as_deref() != Some(now.as_str()) {
                heard.push((u, now));
            }
        }
    };
    listen(&mut app, &mut heard);
    let mut idle = 0;
    for _ in 0..2000 {
        if game(&app).run.turn >= 30 {
            break;
        }
        let turn = game(&app).run.turn;
        if idle > 4 {
            // Exploring, X goes on; in a fight, the hero attacks.
            let key = if game(&app).in_combat() {
                KeyCode::Digit1
            } else {
                KeyCode::KeyX
            };
            tap(&mut app, key);
            idle = 0;
        } else {
            app.update();
        }
        idle = if game(&app).run.turn == turn {
            idle + 1
        } else {
            0
        };
        listen(&mut app, &mut heard);
    }
    assert!(game(&app).run.turn >= 30, "{heard:?}");
    for (u, t) in &heard {
        println!("{u:?}: {t}");
    }
    assert!(heard[0].1.starts_with("Welcome to Delve. Seed 7."));
    // Auto-explore stopping for a monster is said (the same words again when it stops again).
    assert!(
        heard.iter().any(|(_, t)| t.ends_with("comes into view.")),
        "{heard:?}"
    );
    // Every log line of those turns was heard.
    let said = heard
        .iter()
        .map(|(_, t)| t.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    for line in game(&app)
        .log
        .lines
        .iter()
        .skip(before)
        .filter(|l| l.turn < 30)
    {
        assert!(
            said.contains(line.text.as_str()),
            "{:?} was not heard: {heard:?}",
            line.text
        );
    }
}
