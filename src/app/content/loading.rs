//! Loads the core pack into a resource, then shows the main menu.
use bevy::prelude::*;

use crate::app::screens::Screen;
use crate::content::{Content, LoadReport, core_pack, load_packs};

/// The loaded content every rule reads.
#[derive(Resource, Debug, Clone)]
pub struct ContentRes(pub Content);

/// The load report, shown on the Mods screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct ContentReport(pub LoadReport);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Loading), load);
}

fn load(
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    let (content, report) = load_packs(&[core_pack()]);
    if report.has_errors() {
        // Only a broken core pack gets here; the test suite keeps it from shipping.
        error!("the core content is broken:\n{report}");
        exit.write(AppExit::error());
        return;
    }
    commands.insert_resource(ContentRes(content));
    commands.insert_resource(ContentReport(report));
    next.set(Screen::MainMenu);
}
