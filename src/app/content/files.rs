//! The game's own files (the icon atlas, the sounds) through Bevy's `AssetServer`: read from
//! `assets/` on the desktop when the game runs from a folder that has it (a checkout: an
//! artist's edit shows), from copies built into the binary otherwise and always in the browser.
//! The Loading screen waits for them; one that fails is reported, and the game goes on
//! without it (glyphs for pictures, silence for sounds).
use std::path::PathBuf;

use bevy::asset::LoadState;
use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::prelude::*;

use crate::app::shared::{ContentRes, PendingAssets, Screen};

/// Every file the game loads itself: its path under `assets/` and the copy built in.
pub const FILES: [(&str, &[u8]); 11] = [
    (
        "art/icons.png",
        include_bytes!("../../../assets/art/icons.png"),
    ),
    (
        "sounds/step.ogg",
        include_bytes!("../../../assets/sounds/step.ogg"),
    ),
    (
        "sounds/hit.ogg",
        include_bytes!("../../../assets/sounds/hit.ogg"),
    ),
    (
        "sounds/miss.ogg",
        include_bytes!("../../../assets/sounds/miss.ogg"),
    ),
    (
        "sounds/kill.ogg",
        include_bytes!("../../../assets/sounds/kill.ogg"),
    ),
    (
        "sounds/pickup.ogg",
        include_bytes!("../../../assets/sounds/pickup.ogg"),
    ),
    (
        "sounds/descend.ogg",
        include_bytes!("../../../assets/sounds/descend.ogg"),
    ),
    (
        "sounds/levelup.ogg",
        include_bytes!("../../../assets/sounds/levelup.ogg"),
    ),
    (
        "sounds/death.ogg",
        include_bytes!("../../../assets/sounds/death.ogg"),
    ),
    (
        "sounds/alarm.ogg",
        include_bytes!("../../../assets/sounds/alarm.ogg"),
    ),
    (
        "sounds/menu.ogg",
        include_bytes!("../../../assets/sounds/menu.ogg"),
    ),
];

/// Where the game's files come from this run.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct GameFiles {
    /// `assets/` of the working directory; `None`: the built-in copies.
    pub folder: Option<PathBuf>,
}

impl GameFiles {
    /// `assets/` in the working directory when it holds every file, else the built-in copies
    /// (the browser always).
    pub fn find() -> Self {
        let folder = std::env::current_dir()
            .ok()
            .map(|d| d.join("assets"))
            .filter(|d| {
                !cfg!(target_arch = "wasm32") && FILES.iter().all(|(f, _)| d.join(f).is_file())
            });
        Self { folder }
    }

    /// The asset path the `AssetServer` loads `file` by.
    pub fn path(&self, file: &str) -> String {
        match self.folder {
            Some(_) => file.to_string(),
            None => format!("embedded://{file}"),
        }
    }

    /// The folder to give `AssetPlugin` (the default when the built-in copies are used).
    pub fn asset_plugin_folder(&self) -> String {
        self.folder
            .as_ref()
            .map_or_else(|| "assets".to_string(), |d| d.display().to_string())
    }
}

pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<GameFiles>() {
        app.insert_resource(GameFiles::find());
    }
    if let Some(registry) = app.world().get_resource::<EmbeddedAssetRegistry>() {
        for (file, bytes) in FILES {
            registry.insert_asset(PathBuf::from(file), std::path::Path::new(file), bytes);
        }
    }
    app.init_resource::<PendingAssets>();
    app.add_systems(Update, await_files.run_if(in_state(Screen::Loading)));
}

/// Leaves the Loading screen once the content is in and every file has loaded or failed (a
/// failure is logged once, with the file, and that file is done without).
fn await_files(
    server: Res<AssetServer>,
    mut pending: ResMut<PendingAssets>,
    content: Option<Res<ContentRes>>,
    mut next: ResMut<NextState<Screen>>,
) {
    pending.0.retain(|h| match server.get_load_state(h.id()) {
        Some(LoadState::Loaded) => false,
        Some(LoadState::Failed(e)) => {
            error!("a game file did not load ({e}); the game goes on without it");
            false
        }
        _ => true,
    });
    if pending.0.is_empty() && content.is_some() {
        next.set(Screen::MainMenu);
    }
}
