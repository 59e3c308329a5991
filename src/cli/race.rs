//! `delve play --race FILE...`: the replays to race, checked before the window opens (each a
//! replay, all of one seed); whether they match the content is checked once it has loaded.
use std::path::Path;

use super::PlayArgs;
use crate::runs::race::MAX_GHOSTS;
use crate::runs::replay::Replay;

/// `args` ready for the game: with `--race`, every file read as a replay (an error names the
/// first that is not), all of one seed, which is `--seed`'s when given and becomes the new
/// run's seed otherwise.
pub fn play_args(mut args: PlayArgs) -> Result<PlayArgs, String> {
    // Clap bounds one `--race`; a repeated `--race` adds up past that.
    if args.race.len() > MAX_GHOSTS {
        return Err(format!(
            "--race takes at most {MAX_GHOSTS} replays; {} were given",
            args.race.len()
        ));
    }
    let mut first: Option<(&Path, u64)> = None;
    for file in &args.race {
        let seed = replay_seed(file)?;
        if let Some(wanted) = args.seed
            && seed != wanted
        {
            return Err(format!(
                "{}: the replay is of seed {seed}, not --seed {wanted}; a ghost must play the \
                 same dungeon",
                file.display()
            ));
        }
        match first {
            Some((other, theirs)) if theirs != seed => {
                return Err(format!(
                    "{}: the replay is of seed {seed}, but {} is of seed {theirs}; a race is \
                     run on one seed",
                    file.display(),
                    other.display()
                ));
            }
            Some(_) => {}
            None => first = Some((file, seed)),
        }
    }
    if let Some((_, seed)) = first {
        args.seed = Some(seed);
    }
    Ok(args)
}

/// The seed a replay file is of, or why it cannot be raced at all.
fn replay_seed(file: &Path) -> Result<u64, String> {
    let bytes = std::fs::read(file)
        .map_err(|e| format!("{}: cannot read the replay: {e}", file.display()))?;
    Replay::peek(&bytes).map(|r| r.origin.seed).ok_or_else(|| {
        format!(
            "{}: this is not a Delve replay file (or it is damaged)",
            file.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Cmd};
    use crate::content::Content;
    use crate::game::Game;

    fn parsed(args: &[&str]) -> Result<PlayArgs, String> {
        let cli = Cli::try_parse_from(args).map_err(|e| e.to_string())?;
        match cli.command {
            Some(Cmd::Play(a)) => Ok(a),
            other => Err(format!("not play: {other:?}")),
        }
    }

    #[test]
    fn race_takes_one_to_eight_files() {
        let two = parsed(&["delve", "play", "--race", "a.replay", "b.replay"]).unwrap();
        assert_eq!(two.race, [PathBuf::from("a.replay"), "b.replay".into()]);
        assert!(parsed(&["delve", "play"]).unwrap().race.is_empty());
        assert!(parsed(&["delve", "play", "--race"]).is_err());
        let mut nine = vec!["delve", "play", "--race"];
        nine.extend(["x.replay"; 9]);
        assert!(parsed(&nine).is_err(), "nine files");
        // Eight, then a ninth with another --race: caught by the check.
        let mut split = vec!["delve", "play", "--race"];
        split.extend(["x.replay"; 8]);
        split.extend(["--race", "y.replay"]);
        let err = play_args(parsed(&split).unwrap()).unwrap_err();
        assert!(err.contains("at most 8 replays; 9 were given"), "{err}");
    }

    #[test]
    fn race_files_must_be_replays_of_one_seed() {
        let content = Content::core().unwrap();
        let dir = std::env::temp_dir().join(format!("delve-race-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, seed: u64| {
            let path = dir.join(name);
            let game = Game::new(seed, &content).unwrap();
            Replay::of(&game, &content).write(&path, &content).unwrap();
            path
        };
        let (a, b, other) = (
            write("a.replay", 5),
            write("b.replay", 5),
            write("c.replay", 6),
        );
        let junk = dir.join("junk.replay");
        std::fs::write(&junk, b"hello").unwrap();
        let race = |files: &[&PathBuf], seed: Option<u64>| {
            play_args(PlayArgs {
                race: files.iter().map(|f| f.to_path_buf()).collect(),
                seed,
                ..PlayArgs::default()
            })
        };
        assert_eq!(race(&[&a, &b], None).unwrap().seed, Some(5), "their seed");
        assert!(race(&[&a], Some(5)).is_ok());
        let err = race(&[&a], Some(6)).unwrap_err();
        assert!(err.contains("not --seed 6"), "{err}");
        let err = race(&[&a, &other], None).unwrap_err();
        assert!(err.starts_with(&other.display().to_string()), "{err}");
        assert!(err.contains("seed 6, but"), "{err}");
        let err = race(&[&junk], None).unwrap_err();
        assert!(
            err.contains("junk.replay: this is not a Delve replay"),
            "{err}"
        );
        let missing = dir.join("missing.replay");
        let err = race(&[&missing], None).unwrap_err();
        assert!(
            err.contains("missing.replay: cannot read the replay"),
            "{err}"
        );
        // Without --race nothing is read and nothing changes.
        assert_eq!(race(&[], None).unwrap().seed, None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
