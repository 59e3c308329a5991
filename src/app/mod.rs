//! The Bevy application: thin adapters over the core, one plugin per concern and folder.
pub mod ai;
mod combat;
pub mod content;
mod dungeon;
pub mod render;
pub mod save;
pub mod screens;
pub mod turn;
mod ui;
mod web;
mod window;

use std::process::ExitCode;

use bevy::prelude::*;

use crate::cli::PlayArgs;

pub use content::ContentRes;
pub use turn::{GameRes, NewRun, PendingCommand, TurnResolved};

/// The order of everything the app does in `Update`, declared once and chained.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Keys and clicks become commands and screen changes.
    Input,
    /// Content loaded again (the Mods screen; F5 in a run, Resolving only).
    Reload,
    /// The core's `execute`, once per accepted command (turn phase Resolving only).
    Execute,
    /// Floor changes turned into the world.
    Dungeon,
    /// Combat mode and combat messages.
    Combat,
    /// Monster notices for the log and overlays.
    Ai,
    /// Back to awaiting input; the run's end.
    Finish,
    /// Rendering and UI, which only read.
    Present,
}

/// Everything that runs headless: states, content, the turn loop and the rules' adapters.
pub fn logic_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::Input,
            AppSystems::Reload,
            AppSystems::Execute,
            AppSystems::Dungeon,
            AppSystems::Combat,
            AppSystems::Ai,
            AppSystems::Finish,
            AppSystems::Present,
        )
            .chain(),
    );
    app.add_plugins((
        screens::plugin,
        content::plugin,
        turn::plugin,
        dungeon::plugin,
        combat::plugin,
        ai::plugin,
        save::plugin,
    ));
}

/// The full game: window, rendering and UI on top of the logic.
pub fn plugin(app: &mut App) {
    app.add_plugins((logic_plugin, render::plugin, ui::plugin, window::plugin));
}

pub fn run(mut args: PlayArgs) -> ExitCode {
    // The browser has no command line; its page address may carry the seed.
    match web::url_seed() {
        Ok(Some(seed)) => args.seed = Some(seed),
        Ok(None) => {}
        Err(e) => {
            web::report_error(&e);
            return ExitCode::from(2);
        }
    }
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window::primary()),
                ..default()
            })
            .set(ImagePlugin::default_nearest()),
    );
    app.add_plugins(plugin);
    if let Some(seed) = args.seed {
        app.insert_resource(NewRun { seed });
        // The smoke run photographs the menu first, so it never skips it.
        if args.smoke.is_none() {
            app.insert_resource(screens::SkipMenu);
        }
    }
    if let Some(dir) = args.smoke {
        app.add_plugins(screens::smoke::plugin(dir));
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
