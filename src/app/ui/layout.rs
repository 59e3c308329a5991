//! The play screen's layout. Wide (a desktop, a phone on its side): the sidebar down the left,
//! the log along the foot. Narrow (a phone held upright, a thin window): the sidebar becomes a
//! strip across the top showing the floor, the bars and the first monsters in view, the log a
//! three-line strip at the foot, and a tap on either opens it as a drawer over the map (a tap
//! again closes it), so the map keeps the middle of the screen.
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::app::shared::{
    AppSystems, LOG_HEIGHT, LOG_STRIP_HEIGHT, PlayLayout, Region, RunShown, SIDEBAR_WIDTH,
    STRIP_HEIGHT,
};
use crate::app::turn::{TouchesOnUi, TurnInput};
use crate::app::ui::list::ListInput;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayLayout>();
    app.add_systems(
        Update,
        (
            choose_layout,
            // After the lists mark their touches, before a tap on the map is read.
            open_drawers
                .in_set(AppSystems::Input)
                .after(ListInput)
                .before(TurnInput)
                .run_if(in_state(RunShown)),
        ),
    );
    app.add_systems(
        Update,
        place.after(choose_layout).in_set(AppSystems::Present),
    );
}

/// Narrow or wide from the window's logical size (the text scale makes it narrower).
fn choose_layout(
    window: Query<&Window, With<PrimaryWindow>>,
    scale: Option<Res<UiScale>>,
    mut layout: ResMut<PlayLayout>,
) {
    let Ok(w) = window.single() else { return };
    let s = scale.map_or(1.0, |s| s.0);
    let narrow = PlayLayout::narrow_for(w.width() / s, w.height() / s);
    if layout.narrow != narrow {
        *layout = PlayLayout {
            narrow,
            ..default()
        };
    }
}

/// In the narrow layout a tap (or click) on the top strip or the log opens it as a drawer, and
/// closes it again; the finger is then not a tap on the map.
fn open_drawers(
    regions: Query<(&Interaction, &Region), Changed<Interaction>>,
    touches: Option<Res<Touches>>,
    mut on_ui: ResMut<TouchesOnUi>,
    mut layout: ResMut<PlayLayout>,
) {
    if !layout.narrow {
        return;
    }
    for (interaction, region) in &regions {
        if *interaction != Interaction::Pressed {
            continue;
        }
        on_ui.claim(touches.as_deref());
        match region {
            Region::Sidebar => layout.sidebar_open = !layout.sidebar_open,
            Region::Log => layout.log_open = !layout.log_open,
            _ => {}
        }
    }
}

/// Where each region sits in a layout: left, right, top, bottom, width, height (`Val::Auto`
/// where the other edges decide).
fn geometry(region: Region, layout: PlayLayout) -> [Val; 6] {
    use Val::Auto;
    let strip = if layout.sidebar_open {
        Auto
    } else {
        px(STRIP_HEIGHT)
    };
    let log = if layout.log_open {
        px(LOG_HEIGHT)
    } else {
        px(LOG_STRIP_HEIGHT)
    };
    match (region, layout.narrow) {
        (Region::Sidebar, false) => [px(0), Auto, px(0), px(0), px(SIDEBAR_WIDTH), Auto],
        (Region::Sidebar, true) => [px(0), px(0), px(0), Auto, Auto, strip],
        (Region::Log, false) => [px(SIDEBAR_WIDTH), px(0), Auto, px(0), Auto, px(LOG_HEIGHT)],
        (Region::Log, true) => [px(0), px(0), Auto, px(0), Auto, log],
        (Region::Examine, false) => [px(8), Auto, Auto, px(8), px(SIDEBAR_WIDTH - 16.0), Auto],
        (Region::Examine, true) => [px(8), px(8), Auto, px(LOG_STRIP_HEIGHT + 8.0), Auto, Auto],
        (Region::ReadPanel, false) => [px(SIDEBAR_WIDTH + 8.0), Auto, px(8), Auto, Auto, Auto],
        (Region::ReadPanel, true) => [px(8), px(8), px(STRIP_HEIGHT + 8.0), Auto, Auto, Auto],
        (Region::WatchBar, false) => [px(SIDEBAR_WIDTH), px(0), px(0), Auto, Auto, Auto],
        (Region::WatchBar, true) => [px(0), px(0), px(STRIP_HEIGHT), Auto, Auto, Auto],
        (Region::TouchBar, false) => [Auto, px(8), px(8), Auto, Auto, Auto],
        (Region::TouchBar, true) => [Auto, px(8), px(STRIP_HEIGHT + 8.0), Auto, Auto, Auto],
    }
}

/// Each region where the layout puts it, when the layout changes or the region is new.
fn place(
    layout: Res<PlayLayout>,
    mut regions: Query<(Ref<Region>, &mut Node, Option<&mut GlobalZIndex>)>,
) {
    for (region, mut node, z) in &mut regions {
        if !layout.is_changed() && !region.is_added() {
            continue;
        }
        let [left, right, top, bottom, width, height] = geometry(*region, *layout);
        let mut n = node.clone();
        (n.left, n.right, n.top, n.bottom, n.width, n.height) =
            (left, right, top, bottom, width, height);
        // An open drawer lies over the map, at most most of the screen.
        let open = match *region {
            Region::Sidebar => layout.narrow && layout.sidebar_open,
            Region::Log => layout.narrow && layout.log_open,
            _ => false,
        };
        if *region == Region::Sidebar {
            n.max_height = if open { percent(80) } else { Val::Auto };
        }
        node.set_if_neq(n);
        if let Some(mut z) = z
            && matches!(*region, Region::Sidebar | Region::Log)
        {
            z.set_if_neq(GlobalZIndex(if open { 6 } else { 0 }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_upright_is_narrow_and_its_panels_leave_the_map_the_middle() {
        assert!(PlayLayout::narrow_for(390.0, 844.0));
        assert!(PlayLayout::narrow_for(600.0, 400.0));
        assert!(!PlayLayout::narrow_for(1280.0, 800.0));
        let narrow = PlayLayout {
            narrow: true,
            ..default()
        };
        let c = narrow.covered();
        assert_eq!(c.left, 0.0);
        assert!(c.top + c.bottom < 844.0 / 3.0, "{c:?}");
        // Wide: the sidebar covers the left, the log the foot.
        let wide = PlayLayout::default().covered();
        assert_eq!((wide.left, wide.top), (SIDEBAR_WIDTH, 0.0));
        // A drawer opened lies over the map: the strip grows, the map's part does not move.
        let open = PlayLayout {
            narrow: true,
            sidebar_open: true,
            log_open: true,
        };
        assert_eq!(open.covered(), c);
        assert_eq!(geometry(Region::Sidebar, open)[5], Val::Auto);
        assert_eq!(geometry(Region::Log, open)[5], px(LOG_HEIGHT));
    }
}
