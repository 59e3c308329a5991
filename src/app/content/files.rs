//! The game's own files (the icon atlas, the sounds) through Bevy's `AssetServer`: read from
//! `assets/` on the desktop when the game runs from a folder that has it (a checkout: an
//! artist's edit shows), from copies built into the binary otherwise; fetched over HTTP from
//! the page's `assets/` folder in the browser, whose loader shows them arriving. The Loading
//! screen waits for them; one that fails is reported, and the game goes on without it (glyphs
//! for pictures, silence for sounds).
use std::path::PathBuf;

use bevy::asset::LoadState;
use bevy::prelude::*;

use crate::app::shared::{ContentRes, PendingAssets, Screen};

/// Every file the game loads itself, by its path under `assets/`: the icon atlas
/// (`render/picture.rs`) and each sound (`audio/effects.rs`).
pub const FILES: [&str; 19] = [
    "art/icons.png",
    "sounds/step.ogg",
    "sounds/hit.ogg",
    "sounds/miss.ogg",
    "sounds/kill.ogg",
    "sounds/pickup.ogg",
    "sounds/descend.ogg",
    "sounds/levelup.ogg",
    "sounds/death.ogg",
    "sounds/alarm.ogg",
    "sounds/throw.ogg",
    "sounds/menu.ogg",
    "sounds/cue.ogg",
    "sounds/spot.ogg",
    "sounds/heartbeat.ogg",
    "sounds/door.ogg",
    "sounds/step_water.ogg",
    "sounds/step_grass.ogg",
    "sounds/step_wood.ogg",
];

/// The desktop's built-in copies of `FILES`, in order: what it loads outside a checkout. The
/// browser fetches the files from the page's `assets/` folder over HTTP instead, so they stay
/// out of the code the page must download before the game starts (docs/BUILDING.md, sizes).
#[cfg(not(target_arch = "wasm32"))]
pub const BUILT_IN: [&[u8]; 19] = [
    include_bytes!("../../../assets/art/icons.png"),
    include_bytes!("../../../assets/sounds/step.ogg"),
    include_bytes!("../../../assets/sounds/hit.ogg"),
    include_bytes!("../../../assets/sounds/miss.ogg"),
    include_bytes!("../../../assets/sounds/kill.ogg"),
    include_bytes!("../../../assets/sounds/pickup.ogg"),
    include_bytes!("../../../assets/sounds/descend.ogg"),
    include_bytes!("../../../assets/sounds/levelup.ogg"),
    include_bytes!("../../../assets/sounds/death.ogg"),
    include_bytes!("../../../assets/sounds/alarm.ogg"),
    include_bytes!("../../../assets/sounds/throw.ogg"),
    include_bytes!("../../../assets/sounds/menu.ogg"),
    include_bytes!("../../../assets/sounds/cue.ogg"),
    include_bytes!("../../../assets/sounds/spot.ogg"),
    include_bytes!("../../../assets/sounds/heartbeat.ogg"),
    include_bytes!("../../../assets/sounds/door.ogg"),
    include_bytes!("../../../assets/sounds/step_water.ogg"),
    include_bytes!("../../../assets/sounds/step_grass.ogg"),
    include_bytes!("../../../assets/sounds/step_wood.ogg"),
];

/// Where the game's files come from this run.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct GameFiles {
    /// The folder the `AssetServer` reads them from (the working directory's `assets/`; in the
    /// browser the page's `assets/`, over HTTP); `None`: the built-in copies.
    pub folder: Option<PathBuf>,
}

impl GameFiles {
    /// The browser's page folder `assets/`.
    #[cfg(target_arch = "wasm32")]
    pub fn find() -> Self {
        Self {
            folder: Some(PathBuf::from("assets")),
        }
    }

    /// `assets/` in the working directory when it holds every file, else the built-in copies.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn find() -> Self {
        let folder = std::env::current_dir()
            .ok()
            .map(|d| d.join("assets"))
            .filter(|d| FILES.iter().all(|f| d.join(f).is_file()));
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
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(registry) = app
        .world()
        .get_resource::<bevy::asset::io::embedded::EmbeddedAssetRegistry>()
    {
        for (file, bytes) in FILES.into_iter().zip(BUILT_IN) {
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
    // The page's loader counts them in (the browser fetches them; a no-op on the desktop).
    crate::app::web::files_progress(FILES.len().saturating_sub(pending.0.len()), FILES.len());
    if pending.0.is_empty() && content.is_some() {
        next.set(Screen::MainMenu);
    }
}
