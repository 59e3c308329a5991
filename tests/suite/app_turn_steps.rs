//! The turn's steps as the app runs them, one system per step in the plugin that owns it:
//! the same states as the core's `execute`, in the table's order.
use bevy::prelude::*;

use super::app_headless::{app, edit_game, game, send};
use delve::app::shared::{ContentRes, LastTurn, Screen};
use delve::game::{Command, Game, ItemInstance, Outcome, TURN_STEPS, TurnKind, TurnStep, bot};

/// One command through the schedule as input hands it over: sent, taken (Resolving next),
/// resolved, then back to awaiting input.
fn resolve(app: &mut App, cmd: Command) {
    send(app, cmd);
    app.update();
    app.update();
    app.update();
}

fn steps_of_last_turn(app: &App) -> (Vec<TurnStep>, TurnKind) {
    let last = app.world().resource::<LastTurn>();
    let ctx = last.0.as_ref().expect("a turn has ended");
    (ctx.steps_run().to_vec(), ctx.kind())
}

/// 20 seeds (4 in the quick tier) × up to 1,000 bot commands, driven through the Bevy
/// schedule and through `execute` side by side: the state hashes agree after every command.
/// Every 20th command the player also names an unknown item (a command that costs no turn),
/// which runs no step in either.
#[test]
fn the_schedule_and_execute_agree_after_every_command() {
    let seeds: u64 = if crate::tier::slow() { 20 } else { 4 };
    let mut commands = 0;
    let mut fights = 0;
    let mut no_turn = 0;
    for seed in 1..=seeds {
        let mut app = app(seed);
        let content = app.world().resource::<ContentRes>().0.clone();
        let mut core = Game::new(seed, &content).expect("a run starts");
        // An unknown potion in the pack, for the calls.
        let potion = ItemInstance::new("core:potion_of_weakness", &content);
        core.party.inventory.push(potion.clone());
        edit_game(&mut app, |g| g.party.inventory.push(potion));
        assert_eq!(
            game(&app).state_hash(),
            core.state_hash(),
            "seed {seed} at the start"
        );
        for n in 0..1000 {
            if core.is_over() {
                break;
            }
            let unknown = (core.party.inventory.iter()).position(|it| !core.knows(&it.item));
            let cmd = match unknown {
                Some(index) if n % 20 == 0 => Command::Call {
                    index,
                    name: format!("call {n}"),
                },
                _ => bot::explore(&core, &content),
            };
            let outcome = core.execute(&cmd, &content);
            resolve(&mut app, cmd.clone());
            assert_eq!(
                game(&app).state_hash(),
                core.state_hash(),
                "seed {seed}, command {n} ({cmd:?} → {outcome:?}): the schedule and execute differ"
            );
            commands += 1;
            fights += usize::from(core.in_combat());
            no_turn += usize::from(outcome == Outcome::NoTurn);
        }
        if core.is_over() {
            assert_eq!(
                *app.world().resource::<State<Screen>>().get(),
                Screen::GameOver,
                "seed {seed}: the run ended, the app shows it"
            );
        }
    }
    // Both kinds of turn were compared, many times.
    assert!(commands > 250 * seeds, "only {commands} commands compared");
    assert!(
        fights as u64 > 5 * seeds,
        "only {fights} fighting turns compared"
    );
    assert!(no_turn as u64 >= seeds, "only {no_turn} calls compared");
}

/// Every step of the table ran once, in the table's order, in both kinds of turn: each plugin
/// registered its step, and the chain in `app::logic_plugin` follows the table.
#[test]
fn every_step_runs_once_in_the_tables_order() {
    let table: Vec<TurnStep> = TURN_STEPS.iter().map(|s| s.step).collect();
    let mut app = app(3);
    let content = app.world().resource::<ContentRes>().0.clone();
    let mut seen = Vec::new();
    for _ in 0..400 {
        let g = game(&app);
        if g.is_over() {
            break;
        }
        let cmd = bot::explore(g, &content);
        resolve(&mut app, cmd);
        let (steps, kind) = steps_of_last_turn(&app);
        assert_eq!(steps, table, "a {kind:?} turn");
        if !seen.contains(&kind) {
            seen.push(kind);
        }
    }
    assert_eq!(seen.len(), 2, "both kinds of turn were played: {seen:?}");
}

/// A refused command runs no step and changes nothing; the turn it did not start leaves the
/// last turn's record as it was.
#[test]
fn a_refused_command_runs_no_step() {
    let mut app = app(4);
    let g = game(&app);
    let before = g.state_hash();
    let outcome = g
        .clone()
        .execute(&Command::Flee, &app.world().resource::<ContentRes>().0);
    assert!(matches!(outcome, Outcome::Rejected(_)));
    resolve(&mut app, Command::Flee);
    assert_eq!(game(&app).state_hash(), before);
    assert!(app.world().resource::<LastTurn>().0.is_none());
    resolve(&mut app, Command::Wait);
    assert_eq!(
        game(&app).run.turn,
        1,
        "the wait after it is the first turn"
    );
    assert_eq!(steps_of_last_turn(&app).0.len(), TURN_STEPS.len());
}
