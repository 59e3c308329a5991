//! Entry point: parse the command line and start the chosen mode.
use std::process::ExitCode;

use delve::cli::PlayArgs;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    use clap::Parser;
    use delve::cli::{Cli, Cmd};
    let cli = Cli::parse();
    match cli.command {
        Some(Cmd::Sim(args)) => delve::cli::run_sim(&args),
        Some(Cmd::Replay(args)) => delve::cli::run_replay(&args),
        Some(Cmd::Verify(args)) => delve::cli::verify::run_verify(&args),
        Some(Cmd::Gen(args)) => delve::cli::run_gen(&args),
        Some(Cmd::CheckMods(args)) => delve::cli::run_check_mods(&args),
        Some(Cmd::NewMod(args)) => delve::cli::run_new_mod(&args),
        Some(Cmd::ModdingDoc) => delve::cli::run_modding_doc(),
        Some(Cmd::Play(args)) => match delve::cli::play_args(args) {
            Ok(play_args) => play(play_args),
            Err(e) => {
                eprintln!("delve play: {e}");
                ExitCode::from(1)
            }
        },
        Some(Cmd::Watch(args)) => match delve::cli::watch_args(&args) {
            Ok(play_args) => play(play_args),
            Err(e) => {
                eprintln!("delve watch: {e}");
                ExitCode::from(1)
            }
        },
        None => play(PlayArgs::default()),
    }
}

/// The browser has no command line: only the game, so the headless commands stay out of the
/// download (docs/BUILDING.md: browser build sizes).
#[cfg(target_arch = "wasm32")]
fn main() -> ExitCode {
    play(PlayArgs::default())
}

#[cfg(feature = "app")]
fn play(args: PlayArgs) -> ExitCode {
    delve::app::run(args)
}

#[cfg(not(feature = "app"))]
fn play(_: PlayArgs) -> ExitCode {
    eprintln!(
        "delve: this build has no window; build with `--features app` (see docs/BUILDING.md)"
    );
    ExitCode::from(2)
}
