//! `delve replay FILE`: plays a recorded run again headless and prints its hash and summary.
use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use super::Format;
use crate::runs::replay::Replay;

#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// A replay written by `delve sim --record` or exported from the game.
    pub file: PathBuf,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Load the mods in this folder too: a replay exported by the game was made with them.
    #[arg(long, value_name = "DIR")]
    pub mods: Option<PathBuf>,
}

#[derive(Serialize, Debug)]
struct ReplayReport {
    seed: u64,
    commands: usize,
    turns: u64,
    floor: u32,
    outcome: &'static str,
    gold: u32,
    kills: u32,
    state_hash: String,
    recorded_hash: String,
    matches: bool,
}

/// Exit 0 when the replay ends in its recorded hash, 1 when it cannot be read or does not.
pub fn run_replay(args: &ReplayArgs) -> ExitCode {
    let fail = |what: &dyn std::fmt::Display| {
        eprintln!("delve replay: {}: {what}", args.file.display());
        ExitCode::from(1)
    };
    let content = match super::content_with_mods(args.mods.as_deref()) {
        Ok(c) => c,
        Err(e) => return fail(&e),
    };
    let replay = match Replay::read(&args.file, &content) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let game = match replay.run(&content) {
        Ok(g) => g,
        Err(e) => return fail(&e),
    };
    let hash = game.state_hash();
    let report = ReplayReport {
        seed: replay.origin.seed,
        commands: replay.commands.len(),
        turns: game.run.turn,
        floor: game.floor.depth,
        outcome: crate::game::outcome_name(game.run.outcome),
        gold: game.party.gold,
        kills: game.party.kills,
        state_hash: format!("{hash:016x}"),
        recorded_hash: format!("{:016x}", replay.final_hash),
        matches: hash == replay.final_hash,
    };
    match args.format {
        Format::Json => super::emit(serde_json::to_string(&report).unwrap_or_default()),
        Format::Text => super::emit(format!(
            "seed {}: {} commands, {} after {} turns on floor {} ({} gold, {} kills)\nstate hash {}{}",
            report.seed,
            report.commands,
            report.outcome,
            report.turns,
            report.floor,
            report.gold,
            report.kills,
            report.state_hash,
            if report.matches {
                " (as recorded)".to_string()
            } else {
                format!(" (recorded {}: MISMATCH)", report.recorded_hash)
            }
        )),
    }
    if report.matches {
        ExitCode::SUCCESS
    } else {
        fail(&"the replay did not end in its recorded state hash")
    }
}
