//! Where the desktop game keeps the player's files and finds mods. In a checkout (the folder it
//! is started from holds `Cargo.toml` and `assets/core/`), `saves/` and `mods/` there, as it
//! always has, and the example mods in `assets/examples/`. Anywhere else (an unpacked release
//! started from a launcher, from any folder), the player's files go to the platform's data
//! folder (`$XDG_DATA_HOME/delve`, by default `~/.local/share/delve`, on Linux); the example
//! mods come from `examples/` beside the binary, and mods from the `mods/` folder beside the
//! binary and then from `mods/` in the data folder (a later folder's mod replaces one of the
//! same folder name). The `DELVE_*` variables still name single files.
use std::path::{Path, PathBuf};

/// The desktop's folders: for the player's files, and for mods in load order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Places {
    /// The save, settings, keys, mod choices, records, morgues and replays.
    pub data: PathBuf,
    /// Folders of the example mods that come with the game: listed on the Mods screen, off
    /// until the player turns one on.
    pub examples: Vec<PathBuf>,
    /// Mod folders in load order; a later folder's mod replaces an earlier one of its name (an
    /// example's too).
    pub mods: Vec<PathBuf>,
    /// Why the data folder is not the platform's, when it could not be found (said once in the
    /// log): the game then keeps today's `saves/` beside where it was started.
    pub notice: Option<String>,
}

impl Places {
    /// The places for this process: its working folder, its binary's folder and the platform's
    /// data folder.
    pub fn find() -> Places {
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        let exe_dir = std::env::current_exe()
            .ok()
            .and_then(|e| e.parent().map(Path::to_path_buf));
        #[cfg(not(target_arch = "wasm32"))]
        let data = directories::ProjectDirs::from("", "", "delve")
            .map(|d| d.data_dir().to_path_buf())
            .ok_or_else(|| "no home folder to keep saves in".to_string());
        // The browser keeps the player's files in the page's storage, never here.
        #[cfg(target_arch = "wasm32")]
        let data = Err("no file system in the browser".to_string());
        Places::resolve(&cwd, exe_dir.as_deref(), data)
    }

    /// This process's places, found once.
    pub fn here() -> &'static Places {
        static HERE: std::sync::OnceLock<Places> = std::sync::OnceLock::new();
        HERE.get_or_init(Places::find)
    }

    /// The rule itself, from the working folder, the binary's folder and the platform's data
    /// folder (or why there is none).
    pub fn resolve(cwd: &Path, exe_dir: Option<&Path>, data: Result<PathBuf, String>) -> Places {
        // Relative, as they always were: messages name `saves/run.save`.
        let checkout = Places {
            data: PathBuf::from("saves"),
            examples: vec![PathBuf::from("assets/examples")],
            mods: vec![PathBuf::from("mods")],
            notice: None,
        };
        if is_checkout(cwd) {
            return checkout;
        }
        let examples: Vec<PathBuf> = exe_dir.map(|d| d.join("examples")).into_iter().collect();
        match data {
            Ok(data) => {
                let mut mods: Vec<PathBuf> = exe_dir.map(|d| d.join("mods")).into_iter().collect();
                mods.push(data.join("mods"));
                Places {
                    data,
                    examples,
                    mods,
                    notice: None,
                }
            }
            Err(why) => Places {
                notice: Some(format!(
                    "{why}: saves, settings and records are kept in `saves/` under {}",
                    cwd.display()
                )),
                examples,
                ..checkout
            },
        }
    }

    /// A file of the player's: `var` when it is set, else `name` in the data folder.
    pub fn file(&self, var: &str, name: &str) -> PathBuf {
        std::env::var_os(var).map_or_else(|| self.data.join(name), PathBuf::from)
    }

    /// The run's save (`DELVE_SAVE`, else `run.save`); finished runs are kept beside it.
    pub fn save_file(&self) -> PathBuf {
        self.file("DELVE_SAVE", "run.save")
    }
}

/// A source checkout of the game: what `cargo run` starts from.
fn is_checkout(dir: &Path) -> bool {
    dir.join("Cargo.toml").is_file() && dir.join("assets/core").is_dir()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("delve-places-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_checkout_keeps_saves_and_mods_beside_it() {
        let dir = scratch("checkout");
        std::fs::write(dir.join("Cargo.toml"), "").unwrap();
        std::fs::create_dir_all(dir.join("assets/core")).unwrap();
        let p = Places::resolve(
            &dir,
            Some(Path::new("/opt/delve")),
            Ok("/data/delve".into()),
        );
        assert_eq!(p.data, PathBuf::from("saves"));
        assert_eq!(p.mods, vec![PathBuf::from("mods")]);
        assert_eq!(p.examples, vec![PathBuf::from("assets/examples")]);
        assert_eq!(p.notice, None);
    }

    #[test]
    fn a_release_started_anywhere_keeps_files_in_the_data_folder() {
        // A folder that merely has a Cargo.toml is no checkout of the game.
        let dir = scratch("elsewhere");
        std::fs::write(dir.join("Cargo.toml"), "").unwrap();
        let p = Places::resolve(
            &dir,
            Some(Path::new("/opt/delve")),
            Ok("/data/delve".into()),
        );
        assert_eq!(p.data, PathBuf::from("/data/delve"));
        assert_eq!(
            p.mods,
            vec![
                PathBuf::from("/opt/delve/mods"),
                PathBuf::from("/data/delve/mods")
            ]
        );
        assert_eq!(p.examples, vec![PathBuf::from("/opt/delve/examples")]);
        assert_eq!(
            p.file("DELVE_TEST_UNSET_VAR", "run.save"),
            PathBuf::from("/data/delve/run.save")
        );
    }

    #[test]
    fn no_data_folder_keeps_saves_where_started_and_says_why() {
        let dir = scratch("nohome");
        let p = Places::resolve(&dir, None, Err("no home folder to keep saves in".into()));
        assert_eq!(p.data, PathBuf::from("saves"));
        let notice = p.notice.expect("a notice");
        assert!(notice.starts_with("no home folder"), "{notice}");
        assert!(notice.contains(&dir.display().to_string()), "{notice}");
    }
}
