//! Where saves and exported replays go: files on the desktop, local storage and downloads in
//! the browser (through `app::web`, the one home of browser-only code).
use std::path::PathBuf;

use bevy::prelude::*;

use crate::app::web;
use crate::places::Places;

/// Where the run is saved.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub enum SaveStore {
    /// A file, written atomically (temp file, sync, rename).
    File(PathBuf),
    /// A key in the browser's local storage, holding the same bytes as the file would.
    Browser(String),
    /// No saving (tests that do not want it).
    Off,
}

impl Default for SaveStore {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            return Self::Browser("delve.run".into());
        }
        Self::File(Places::here().save_file())
    }
}

impl SaveStore {
    /// Where, for messages.
    pub fn describe(&self) -> String {
        match self {
            SaveStore::File(p) => p.display().to_string(),
            SaveStore::Browser(key) => format!("browser storage `{key}`"),
            SaveStore::Off => "nowhere".into(),
        }
    }

    pub fn read(&self) -> Result<Option<Vec<u8>>, String> {
        match self {
            SaveStore::File(p) if !p.exists() => Ok(None),
            SaveStore::File(p) => std::fs::read(p).map(Some).map_err(|e| e.to_string()),
            SaveStore::Browser(key) => web::get(key).map(|v| v.map(String::into_bytes)),
            SaveStore::Off => Ok(None),
        }
    }

    pub fn write(&self, bytes: &[u8]) -> Result<(), String> {
        match self {
            SaveStore::File(p) => {
                crate::runs::save::write_atomic(p, bytes).map_err(|e| e.to_string())
            }
            // Saves are a text header and JSON, so they fit local storage's strings as they are.
            SaveStore::Browser(key) => {
                let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
                web::set(key, text)
            }
            SaveStore::Off => Ok(()),
        }
    }

    pub fn remove(&self) -> Result<(), String> {
        match self {
            SaveStore::File(p) if p.exists() => std::fs::remove_file(p).map_err(|e| e.to_string()),
            SaveStore::Browser(key) => web::remove(key),
            _ => Ok(()),
        }
    }

    /// Moves an unreadable save aside, never deleting it; says where it went.
    pub fn quarantine(&self) -> Result<String, String> {
        match self {
            SaveStore::File(p) => crate::runs::save::quarantine(p)
                .map(|to| to.display().to_string())
                .map_err(|e| e.to_string()),
            SaveStore::Browser(key) => {
                let bad = format!("{key}.bad");
                if let Some(v) = web::get(key)? {
                    web::set(&bad, &v)?;
                    web::remove(key)?;
                }
                Ok(format!("browser storage `{bad}`"))
            }
            SaveStore::Off => Ok("nowhere".into()),
        }
    }
}

/// Hands an exported file to the player: written beside the save on the desktop, offered as
/// a download in the browser. Says where it went.
pub fn export(name: &str, bytes: &[u8], store: &SaveStore) -> Result<String, String> {
    match store {
        SaveStore::Browser(_) => web::download(name, bytes).map(|()| format!("downloaded {name}")),
        SaveStore::File(save) => {
            let path = save.with_file_name(name);
            crate::runs::save::write_atomic(&path, bytes).map_err(|e| e.to_string())?;
            Ok(path.display().to_string())
        }
        SaveStore::Off => Err("saving is off".into()),
    }
}
