//! `delve new-mod NAME`: a mod folder to start from (`content::scaffold`), which
//! `delve check-mods` passes and whose creature a run meets on floor 1.
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct NewModArgs {
    /// The mod's id: lowercase letters, digits or `_` (its folder has the same name).
    pub name: String,
    /// The mods folder to write it into (made if missing).
    #[arg(long, default_value = "mods")]
    pub mods: PathBuf,
}

/// Why no mod was written: a bad name is a usage error (exit 2), the rest exit 1.
#[derive(Debug, PartialEq, Eq)]
pub enum NewModError {
    Usage(String),
    Write(String),
}

/// Writes `mods/NAME/` with the scaffold's files; never over an existing folder or file.
pub fn new_mod(name: &str, mods: &Path) -> Result<PathBuf, NewModError> {
    crate::content::mods::check_mod_id(name).map_err(NewModError::Usage)?;
    let dir = mods.join(name);
    let exists = |dir: &Path| {
        NewModError::Write(format!(
            "{} already exists: choose another name or move it away (nothing was written)",
            dir.display()
        ))
    };
    if dir.exists() {
        return Err(exists(&dir));
    }
    let io = |e: std::io::Error| NewModError::Write(format!("cannot write {}: {e}", dir.display()));
    std::fs::create_dir_all(mods).map_err(io)?;
    // `create_dir` fails when the folder appeared since the check: still never overwritten.
    std::fs::create_dir(&dir).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => exists(&dir),
        _ => io(e),
    })?;
    for (file, text) in crate::content::scaffold::files(name) {
        std::fs::write(dir.join(file), text).map_err(io)?;
    }
    Ok(dir)
}

pub fn run_new_mod(args: &NewModArgs) -> ExitCode {
    match new_mod(&args.name, &args.mods) {
        Ok(dir) => {
            let mods = args.mods.display();
            super::emit(format!(
                "Wrote {dir}/mod.toml and {dir}/creatures.toml: a cave toad on floor 1.\n\
                 Check it:  delve check-mods --mods {mods}\n\
                 Meet it:   delve sim --mods {mods}, or play with the mod enabled",
                dir = dir.display()
            ));
            ExitCode::SUCCESS
        }
        Err(NewModError::Usage(m)) => {
            eprintln!("delve new-mod: {m}");
            ExitCode::from(2)
        }
        Err(NewModError::Write(m)) => {
            eprintln!("delve new-mod: {m}");
            ExitCode::from(1)
        }
    }
}
