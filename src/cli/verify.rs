//! `delve verify FILE...`: plays each replay again headless and prints what it proves, or why
//! it is refused (exit 4: not a readable replay; 3: other content or rules, not checked here;
//! 1: it does not prove what it claims; the highest over all the files).
use std::path::PathBuf;
use std::process::ExitCode;

use crate::verify::verify;

#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Replay files (`delve sim --record`, the game's kept or exported replays).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Load the mods in this folder too, for replays played with them.
    #[arg(long, value_name = "DIR")]
    pub mods: Option<PathBuf>,
}

pub fn run_verify(args: &VerifyArgs) -> ExitCode {
    let content = match super::content_with_mods(args.mods.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("delve verify: {e}");
            return ExitCode::from(2);
        }
    };
    let mut worst = 0u8;
    for file in &args.files {
        let said = std::fs::read(file)
            .map_err(|e| crate::verify::Refused {
                code: crate::verify::DAMAGED,
                reason: format!("cannot read it: {e}"),
            })
            .and_then(|bytes| verify(&bytes, &content));
        match said {
            Ok(v) => println!("{}: verified: {v}", file.display()),
            Err(r) => {
                println!("{}: refused: {}", file.display(), r.reason);
                worst = worst.max(r.code);
            }
        }
    }
    ExitCode::from(worst)
}
