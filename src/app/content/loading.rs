//! Loads the core pack into a resource, then shows the main menu.
use bevy::prelude::*;

use crate::app::screens::Screen;
use crate::content::{Content, LoadReport};
#[cfg(target_arch = "wasm32")]
use crate::content::{core_pack, load_packs};

/// The loaded content every rule reads.
#[derive(Resource, Debug, Clone)]
pub struct ContentRes(pub Content);

/// The load report, shown on the Mods screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct ContentReport(pub LoadReport);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Loading), load);
}

/// Where mods live: `mods/` in the working directory (none in the browser).
fn load_all() -> (Content, LoadReport) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        crate::content::mods::load_with_mods(
            std::path::Path::new("mods"),
            &std::collections::BTreeSet::new(),
        )
    }
    #[cfg(target_arch = "wasm32")]
    {
        load_packs(&[core_pack()])
    }
}

fn load(
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    let (content, report) = load_all();
    if !report.diagnostics.is_empty() {
        warn!("content report:\n{report}");
    }
    if report.skipped.iter().any(|p| p == "core") {
        // Only a broken core pack gets here; the test suite keeps it from shipping.
        error!("the core content is broken:\n{report}");
        exit.write(AppExit::error());
        return;
    }
    commands.insert_resource(ContentRes(content));
    commands.insert_resource(ContentReport(report));
    next.set(Screen::MainMenu);
}
