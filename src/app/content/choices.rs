//! Which mods the player turned off, kept in `saves/mods.toml` (or `$DELVE_MODS_FILE`; local
//! storage in the browser). A file that does not parse is reported and kept: every mod loads
//! until the player changes a choice, and then the bad file is moved aside, never deleted.
use std::collections::BTreeSet;
use std::path::PathBuf;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::save::SaveStore;

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

/// Where mods are found: a folder on the desktop; in the browser the binary's bundled copy and
/// the folders the player added to the page (kept in its IndexedDB, web/mods.js).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub enum ModSource {
    /// Folders that hold mod folders, in load order (src/places.rs: the bundled `mods/`, then
    /// the player's own); a later folder's mod replaces an earlier one's of the same name.
    Folders(Vec<PathBuf>),
    Bundled,
}

impl Default for ModSource {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            Self::Bundled
        } else {
            Self::Folders(crate::places::Places::here().mods.clone())
        }
    }
}

impl ModSource {
    /// Mods from one folder (a test's, or `--mods`).
    pub fn folder(dir: PathBuf) -> Self {
        Self::Folders(vec![dir])
    }

    /// Where a player puts mods, for messages: the last folder (the player's own).
    pub fn where_to_add(&self) -> String {
        match self {
            ModSource::Folders(dirs) => dirs
                .last()
                .map_or_else(|| "`mods/`".into(), |d| format!("`{}`", d.display())),
            ModSource::Bundled => "this page".into(),
        }
    }

    /// The folder that holds the mod folder `name` as loaded (the last one that has it), for
    /// messages.
    pub fn holder_of(&self, name: &str) -> Option<&PathBuf> {
        match self {
            ModSource::Folders(dirs) => dirs.iter().rev().find(|d| d.join(name).is_dir()),
            ModSource::Bundled => None,
        }
    }

    pub fn folders(&self) -> Vec<crate::content::mods::ModFolder> {
        match self {
            ModSource::Folders(dirs) => dirs.iter().fold(Vec::new(), |loaded, dir| {
                crate::content::mods::merge_folders(loaded, crate::content::mods::read_folders(dir))
            }),
            ModSource::Bundled => crate::content::mods::merge_folders(
                crate::content::mods::bundled(),
                crate::app::web::user_mods(),
            ),
        }
    }

    /// The folders the player added in this browser (removable on the Mods screen).
    pub fn added_here(&self) -> BTreeSet<String> {
        match self {
            ModSource::Folders(_) => BTreeSet::new(),
            ModSource::Bundled => crate::app::web::user_mod_names().into_iter().collect(),
        }
    }
}

/// The player's choices as the game holds them.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct ModChoices {
    pub disabled: BTreeSet<String>,
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
}

impl ModChoices {
    /// Parses the stored text; an error says where and what.
    pub fn parse(text: &str) -> Result<BTreeSet<String>, String> {
        toml::from_str::<ModsFile>(text)
            .map(|f| f.disabled.into_iter().collect())
            .map_err(|e| e.to_string().trim_end().replace('\n', " "))
    }

    pub fn read(store: &SaveStore) -> ModChoices {
        let text = match store.read() {
            Ok(None) => return ModChoices::default(),
            Ok(Some(bytes)) => String::from_utf8(bytes).map_err(|_| "not UTF-8".to_string()),
            Err(e) => Err(e),
        };
        match text.and_then(|t| Self::parse(&t)) {
            Ok(disabled) => ModChoices {
                disabled,
                ..default()
            },
            Err(e) => ModChoices {
                problem: Some(format!(
                    "{}: {e}; every mod is enabled until you change a choice (the file is then kept as a .bad copy)",
                    store.describe()
                )),
                unreadable: true,
                ..default()
            },
        }
    }

    /// Turns one mod on or off and stores the choice; an error is returned for the screen.
    pub fn toggle(&mut self, id: &str, store: &SaveStore) -> Result<(), String> {
        if !self.disabled.remove(id) {
            self.disabled.insert(id.to_string());
        }
        if self.unreadable {
            store.quarantine()?;
            self.unreadable = false;
            self.problem = None;
        }
        let file = ModsFile {
            disabled: self.disabled.iter().cloned().collect(),
        };
        let text = toml::to_string(&file).map_err(|e| e.to_string())?;
        store.write(format!("# Mods turned off on the Mods screen.\n{text}").as_bytes())
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
}
