//! Which mods the player turned off, kept in `saves/mods.toml` (or `$DELVE_MODS_FILE`; local
//! storage in the browser), and the examples turned on: an example mod that comes with the game
//! is off until the player turns it on. A file that does not parse is reported and kept: every
//! mod but the examples loads until the player changes a choice, and then the bad file is moved
//! aside, never deleted.
use std::collections::BTreeSet;
use std::path::PathBuf;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::save::SaveStore;
use crate::content::mods::{ModFolder, merge_folders, read_folders};

/// Where the choices live.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct ModsStore(pub SaveStore);

impl Default for ModsStore {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            return Self(SaveStore::Browser("delve.mods".into()));
        }
        Self(SaveStore::File(
            crate::places::Places::here().file("DELVE_MODS_FILE", "mods.toml"),
        ))
    }
}

/// Where mods are found: folders on the desktop; in the browser the binary's bundled copy of
/// the examples and the folders the player added to the page (kept in its IndexedDB,
/// web/mods.js).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub enum ModSource {
    Folders {
        /// Folders of the example mods that come with the game (src/places.rs): listed, and
        /// off until the player turns one on.
        examples: Vec<PathBuf>,
        /// Folders that hold mod folders, in load order (the one beside the binary, then the
        /// player's own); a later folder's mod replaces an earlier one (an example too) of the
        /// same name.
        mods: Vec<PathBuf>,
    },
    Bundled,
}

impl Default for ModSource {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            Self::Bundled
        } else {
            let places = crate::places::Places::here();
            Self::Folders {
                examples: places.examples.clone(),
                mods: places.mods.clone(),
            }
        }
    }
}

impl ModSource {
    /// Mods from one folder (a test's, or `--mods`), with no examples.
    pub fn folder(dir: PathBuf) -> Self {
        Self::Folders {
            examples: Vec::new(),
            mods: vec![dir],
        }
    }

    /// Where a player puts mods, for messages: the last folder (the player's own).
    pub fn where_to_add(&self) -> String {
        match self {
            ModSource::Folders { mods, .. } => mods
                .last()
                .map_or_else(|| "`mods/`".into(), |d| format!("`{}`", d.display())),
            ModSource::Bundled => "this page".into(),
        }
    }

    /// The folder that holds the mod folder `name` as loaded (the last one that has it), for
    /// messages.
    pub fn holder_of(&self, name: &str) -> Option<&PathBuf> {
        match self {
            ModSource::Folders { examples, mods } => (examples.iter().chain(mods))
                .rev()
                .find(|d| d.join(name).is_dir()),
            ModSource::Bundled => None,
        }
    }

    /// Every folder the files of mods come from (for the file watcher).
    pub fn roots(&self) -> Vec<&PathBuf> {
        match self {
            ModSource::Folders { examples, mods } => examples.iter().chain(mods).collect(),
            ModSource::Bundled => Vec::new(),
        }
    }

    /// Every mod folder in load order, and the names of those that are examples (a player's
    /// own folder of an example's name replaces it and is the player's).
    pub fn folders(&self) -> (Vec<ModFolder>, BTreeSet<String>) {
        let read = |dirs: &[PathBuf]| {
            dirs.iter().fold(Vec::new(), |loaded, dir| {
                merge_folders(loaded, read_folders(dir))
            })
        };
        let (examples, own) = match self {
            ModSource::Folders { examples, mods } => (read(examples), read(mods)),
            ModSource::Bundled => (
                crate::content::mods::bundled(),
                crate::app::web::user_mods(),
            ),
        };
        let names = (examples.iter())
            .filter(|e| !own.iter().any(|o| o.folder == e.folder))
            .map(|e| e.folder.clone())
            .collect();
        (merge_folders(examples, own), names)
    }

    /// The folders the player added in this browser (removable on the Mods screen).
    pub fn added_here(&self) -> BTreeSet<String> {
        match self {
            ModSource::Folders { .. } => BTreeSet::new(),
            ModSource::Bundled => crate::app::web::user_mod_names().into_iter().collect(),
        }
    }
}

/// The player's choices as the game holds them: a mod loads unless turned off, an example
/// only once turned on.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct ModChoices {
    /// Mods the player turned off.
    pub disabled: BTreeSet<String>,
    /// Examples the player turned on.
    pub enabled: BTreeSet<String>,
    /// The ids of the examples found at the last load (not stored: where a mod comes from
    /// decides it).
    pub examples: BTreeSet<String>,
    /// Why the stored choices could not be read (shown on the Mods screen).
    pub problem: Option<String>,
    /// The stored file did not parse: move it aside before writing a new one.
    unreadable: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ModsFile {
    #[serde(default)]
    disabled: Vec<String>,
    #[serde(default)]
    enabled: Vec<String>,
}

impl ModChoices {
    /// Parses the stored text (the mods turned off, the examples turned on); an error says
    /// where and what.
    pub fn parse(text: &str) -> Result<(BTreeSet<String>, BTreeSet<String>), String> {
        toml::from_str::<ModsFile>(text)
            .map(|f| {
                (
                    f.disabled.into_iter().collect(),
                    f.enabled.into_iter().collect(),
                )
            })
            .map_err(|e| e.to_string().trim_end().replace('\n', " "))
    }

    pub fn read(store: &SaveStore) -> ModChoices {
        let text = match store.read() {
            Ok(None) => return ModChoices::default(),
            Ok(Some(bytes)) => String::from_utf8(bytes).map_err(|_| "not UTF-8".to_string()),
            Err(e) => Err(e),
        };
        match text.and_then(|t| Self::parse(&t)) {
            Ok((disabled, enabled)) => ModChoices {
                disabled,
                enabled,
                ..default()
            },
            Err(e) => ModChoices {
                problem: Some(format!(
                    "{}: {e}; every mod but the examples is on until you change a choice (the file is then kept as a .bad copy)",
                    store.describe()
                )),
                unreadable: true,
                ..default()
            },
        }
    }

    /// Whether the mod `id` stays out: turned off, or an example not turned on.
    pub fn is_off(&self, id: &str) -> bool {
        self.disabled.contains(id) || (self.examples.contains(id) && !self.enabled.contains(id))
    }

    /// The mods that stay out when `examples` are the examples found.
    pub fn off(&self, examples: &BTreeSet<String>) -> BTreeSet<String> {
        let waiting = examples.difference(&self.enabled).cloned();
        self.disabled.iter().cloned().chain(waiting).collect()
    }

    /// Turns one mod on or off and stores the choice; an error is returned for the screen.
    pub fn toggle(&mut self, id: &str, store: &SaveStore) -> Result<(), String> {
        let turn_on = self.is_off(id);
        // An example is on by being in `enabled` (an older file may also name it turned off).
        let set = if self.examples.contains(id) {
            self.disabled.remove(id);
            &mut self.enabled
        } else {
            &mut self.disabled
        };
        if turn_on == self.examples.contains(id) {
            set.insert(id.to_string());
        } else {
            set.remove(id);
        }
        if self.unreadable {
            store.quarantine()?;
            self.unreadable = false;
            self.problem = None;
        }
        let file = ModsFile {
            disabled: self.disabled.iter().cloned().collect(),
            enabled: self.enabled.iter().cloned().collect(),
        };
        let text = toml::to_string(&file).map_err(|e| e.to_string())?;
        store.write(
            format!("# Mods turned off, and examples turned on, on the Mods screen.\n{text}")
                .as_bytes(),
        )
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ModsStore>()
        .init_resource::<ModSource>();
    // Read while the app is built: the Loading screen needs the choices in its first frame.
    let choices = ModChoices::read(&app.world().resource::<ModsStore>().0);
    if let Some(p) = &choices.problem {
        warn!("{p}");
    }
    app.insert_resource(choices);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_round_trip_and_a_bad_file_is_kept_aside() {
        let dir = std::env::temp_dir().join(format!("delve-choices-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("mods.toml");
        let store = SaveStore::File(path.clone());
        assert_eq!(ModChoices::read(&store), ModChoices::default());
        let mut c = ModChoices::default();
        c.toggle("bestiary", &store).unwrap();
        assert_eq!(
            ModChoices::read(&store).disabled,
            BTreeSet::from(["bestiary".into()])
        );
        c.toggle("bestiary", &store).unwrap();
        assert!(ModChoices::read(&store).disabled.is_empty());

        std::fs::write(&path, "disabled = [\"a\",\n").unwrap();
        let mut bad = ModChoices::read(&store);
        let problem = bad.problem.clone().unwrap();
        assert!(
            problem.contains("mods.toml") && problem.contains("line"),
            "{problem}"
        );
        assert!(
            bad.disabled.is_empty(),
            "nothing guessed from a broken file"
        );
        bad.toggle("hardcore", &store).unwrap();
        let kept = std::fs::read_to_string(dir.join("mods.toml.bad")).unwrap();
        assert_eq!(
            kept, "disabled = [\"a\",\n",
            "the broken file is kept whole"
        );
        assert_eq!(
            ModChoices::read(&store).disabled,
            BTreeSet::from(["hardcore".into()])
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn an_example_is_off_until_turned_on_and_the_choice_is_kept() {
        let dir = std::env::temp_dir().join(format!("delve-examples-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = SaveStore::File(dir.join("mods.toml"));
        let examples = BTreeSet::from(["bestiary".to_string()]);
        let mut c = ModChoices {
            examples: examples.clone(),
            ..default()
        };
        assert!(c.is_off("bestiary") && !c.is_off("mine"));
        assert_eq!(c.off(&examples), examples, "a first start loads no example");
        c.toggle("bestiary", &store).unwrap();
        c.toggle("mine", &store).unwrap();
        let stored = ModChoices {
            examples: examples.clone(),
            ..ModChoices::read(&store)
        };
        assert!(!stored.is_off("bestiary") && stored.is_off("mine"));
        assert_eq!(stored.off(&examples), BTreeSet::from(["mine".to_string()]));
        // A file from before the examples may name one turned off: one press turns it on.
        std::fs::write(dir.join("mods.toml"), "disabled = [\"bestiary\"]\n").unwrap();
        let mut old = ModChoices {
            examples: examples.clone(),
            ..ModChoices::read(&store)
        };
        assert!(old.is_off("bestiary"));
        old.toggle("bestiary", &store).unwrap();
        assert!(!old.is_off("bestiary"));
        assert!(old.disabled.is_empty());
        std::fs::remove_dir_all(&dir).ok();
    }
}
