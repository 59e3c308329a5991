//! The Bevy application: one plugin per concern and folder, over the core's `Game`.
//!
//! Turn scheduling, dungeon, AI and combat each own their steps of the core's turn table as
//! systems, which run only in the Resolving turn phase and are chained here in the table's
//! order; rendering and UI only read.
// Bevy systems take their resources and queries as parameters, often more than seven (as
// bevy_new_2d allows too): allowed once here for the whole adapter. The core keeps the lint,
// and its functions with more take a parameter struct.
#![allow(clippy::too_many_arguments)]
pub mod a11y;
pub mod ai;
mod audio;
mod combat;
pub mod content;
pub mod dungeon;
mod idle;
pub mod render;
pub mod save;
pub mod screens;
pub mod settings;
pub mod shared;
pub mod turn;
pub mod ui;
mod web;
mod window;

use std::process::ExitCode;

use bevy::prelude::*;

use crate::cli::PlayArgs;
use crate::game::TURN_STEPS;
use shared::{AppSystems, NewRun, TurnEdge, TurnPhase, TurnSteps, UiSystems};

pub use shared::{ContentRes, GameRes, GameWriter, OpenRun, PlayerCommand, TurnResolved};

/// Everything that runs headless: states, content, the turn loop and the rules' plugins.
pub fn logic_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::Input,
            AppSystems::Command,
            AppSystems::Reload,
            AppSystems::Turn,
            AppSystems::Follow,
            AppSystems::Finish,
            AppSystems::Present,
        )
            .chain(),
    );
    // The UI's text, in this order (the screens' text is drawn headless too).
    app.configure_sets(
        Update,
        (
            UiSystems::Hud,
            UiSystems::Log,
            UiSystems::Panel,
            UiSystems::Overlay,
            UiSystems::Screen,
        )
            .chain()
            .in_set(AppSystems::Present),
    );
    // The turn's steps, one set each, in the core's table order; only while Resolving.
    for info in &TURN_STEPS {
        app.configure_sets(
            Update,
            TurnSteps(info.step)
                .in_set(AppSystems::Turn)
                .run_if(in_state(TurnPhase::Resolving)),
        );
    }
    let (first, last) = (TURN_STEPS[0].step, TURN_STEPS[TURN_STEPS.len() - 1].step);
    app.configure_sets(
        Update,
        (
            TurnEdge::Judge.before(TurnSteps(first)),
            TurnEdge::Publish.after(TurnSteps(last)),
        )
            .in_set(AppSystems::Turn)
            .run_if(in_state(TurnPhase::Resolving)),
    );
    for pair in TURN_STEPS.windows(2) {
        app.configure_sets(
            Update,
            TurnSteps(pair[1].step).after(TurnSteps(pair[0].step)),
        );
    }
    app.add_plugins((
        screens::plugin,
        content::plugin,
        turn::plugin,
        dungeon::plugin,
        combat::plugin,
        ai::plugin,
        save::plugin,
        a11y::plugin,
        // The screens are built of the kit's lists, headless too.
        ui::list::plugin,
    ));
}

/// The full game: window, rendering and UI on top of the logic.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        logic_plugin,
        render::plugin,
        ui::plugin,
        window::plugin,
        idle::plugin,
        settings::plugin,
        audio::plugin,
        content::files::plugin,
    ));
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
    let files = content::files::GameFiles::find();
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window::primary()),
                ..default()
            })
            .set(AssetPlugin {
                file_path: files.asset_plugin_folder(),
                // No `.meta` files ship: do not look for them (in the browser, one request each).
                meta_check: bevy::asset::AssetMetaCheck::Never,
                ..default()
            })
            .set(ImagePlugin::default_linear()),
    );
    app.insert_resource(files);
    if let Some(dir) = &args.mods {
        if !dir.is_dir() {
            eprintln!("--mods {}: no such folder", dir.display());
            return ExitCode::from(2);
        }
        let mut source = content::ModSource::default();
        if let content::ModSource::Folders { mods, .. } = &mut source {
            mods.push(dir.clone());
        }
        app.insert_resource(source);
    }
    app.add_plugins(plugin);
    if args.seed.is_some() || args.class.is_some() {
        let class = args.class.as_deref().map(crate::cli::class_id);
        app.insert_resource(NewRun {
            seed: args.seed.unwrap_or(NewRun::default().seed),
            class,
        });
        // The smoke run photographs the menu first, so it never skips it.
        #[cfg(feature = "smoke")]
        let skip = args.smoke.is_none();
        #[cfg(not(feature = "smoke"))]
        let skip = true;
        if skip {
            app.insert_resource(screens::SkipMenu);
        }
    }
    if !args.race.is_empty() {
        let mut files = Vec::new();
        for path in &args.race {
            match std::fs::read(path) {
                Ok(bytes) => files.push((crate::runs::race::ghost_name(path), bytes)),
                Err(e) => {
                    eprintln!("--race {}: {e}", path.display());
                    return ExitCode::from(2);
                }
            }
        }
        app.insert_resource(dungeon::race::RaceFiles(files));
    }
    if let Some(file) = args.watch {
        app.insert_resource(screens::watch::WatchFile(file));
    }
    #[cfg(feature = "smoke")]
    if let Some(dir) = args.smoke {
        app.add_plugins(screens::smoke::plugin(dir));
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
