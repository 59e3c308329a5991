//! The camera follows the hero in the map area (the window right of the sidebar, above the
//! log): the floor fills the area as far as it can, the hero never nearer its edge than a
//! third of it (the zoom is a setting:
//! `app::settings`; a finger's drag pans it until the next turn: `MapPan`).
use bevy::prelude::*;

use crate::app::shared::{GameRes, RunShown, TILE};
use bevy::window::PrimaryWindow;

use super::RenderSystems;
use super::glyph::Glyph;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, |mut commands: Commands| {
        commands.spawn((Name::new("Camera"), Camera2d));
    });
    app.add_systems(
        Update,
        (follow_hero, publish_to_page)
            .chain()
            .in_set(RenderSystems::Camera)
            .run_if(in_state(RunShown)),
    );
}

/// The page's `window.delveGame` (browser only): the turn, the floor and where the hero is on
/// the screen, for the page's own tests (a tap next to the hero) and scripts.
fn publish_to_page(
    game: Res<GameRes>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera2d>>,
) {
    if !cfg!(target_arch = "wasm32") {
        return;
    }
    let (camera, at) = *camera;
    let height = game.floor.map.height();
    let hero = game.hero_pos();
    let here = crate::app::shared::world_of(hero, height).extend(0.0);
    let right = here + Vec3::X * TILE;
    if let (Ok(p), Ok(q)) = (
        camera.world_to_viewport(at, here),
        camera.world_to_viewport(at, right),
    ) {
        let (turn, floor) = (game.run.turn, game.floor.depth);
        crate::app::web::publish_game(turn, floor, &game.origin.class, p.into(), q.x - p.x);
    }
}

/// What the touch bar covers at the right: its buttons' width and its margin.
const TOUCH_BAR_WIDTH: f32 = 112.0;

/// How near the uncovered view's edge the hero may stand, as a share of it: a third, so what
/// lies beyond the hero is always in view, even at the floor's edge.
const HERO_MARGIN: f32 = 1.0 / 3.0;

/// The camera's centre on one axis, for a view `view` world units wide whose first `margin`
/// units (the sidebar, the log) and last `trail` units (the narrow layout's top strip) are
/// covered: a floor `[lo, hi]` narrower than the uncovered part is centred in it; a wider one
/// fills it as far as it can while the hero stays at least `HERO_MARGIN` of it from its edges
/// (in its middle third), so at the floor's edge the view shows a little past it rather than
/// putting the hero in the screen's corner.
pub fn clamp_axis(hero: f32, view: f32, margin: f32, trail: f32, lo: f32, hi: f32) -> f32 {
    let open = view - margin - trail;
    // The centre of the uncovered part sits `(margin - trail) / 2` past the camera's centre.
    let shift = (margin - trail) / 2.0;
    let centred = hero - shift;
    if hi - lo <= open {
        return (lo + hi) / 2.0 - shift;
    }
    let on_floor = centred.clamp(lo + open / 2.0 - shift, hi - open / 2.0 - shift);
    let slack = open * (0.5 - HERO_MARGIN);
    on_floor.clamp(centred - slack, centred + slack)
}

fn follow_hero(
    game: Res<GameRes>,
    glyphs: Query<(&Glyph, &Transform), Without<Camera2d>>,
    camera: Single<(&mut Transform, &Projection), With<Camera2d>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    ui_scale: Option<Res<UiScale>>,
    layout: Option<Res<crate::app::shared::PlayLayout>>,
    touch: Option<Res<crate::app::turn::TouchSeen>>,
    pan: Option<Res<crate::app::turn::MapPan>>,
) {
    let covered = layout.map_or_else(Default::default, |l| *l).covered();
    // Once a finger has touched, the touch bar's column covers the map's right edge.
    let right = if touch.is_some_and(|t| t.0) {
        TOUCH_BAR_WIDTH
    } else {
        0.0
    };
    // The sidebar and the log grow with the UI's text scale (Settings).
    let ui = ui_scale.map_or(1.0, |u| u.0);
    let Some((_, tf)) = glyphs.iter().find(|(g, _)| g.id == game.party.hero) else {
        return;
    };
    // A finger's drag moves the view off the hero until the next turn.
    let pan = pan.map_or(Vec2::ZERO, |p| p.now(game.run.turn, game.floor.depth));
    let (mut cam, projection) = camera.into_inner();
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let (w, h) = window.map_or((1280.0, 800.0), |w| (w.width(), w.height()));
    let map = &game.floor.map;
    let half = TILE / 2.0;
    cam.translation.x = clamp_axis(
        tf.translation.x + pan.x,
        w * scale,
        covered.left * ui * scale,
        right * ui * scale,
        -half,
        map.width() as f32 * TILE - half,
    );
    cam.translation.y = clamp_axis(
        tf.translation.y + pan.y,
        h * scale,
        covered.bottom * ui * scale,
        covered.top * ui * scale,
        -half,
        map.height() as f32 * TILE - half,
    );
}

#[cfg(test)]
mod tests {
    use super::clamp_axis;

    #[test]
    fn the_view_fills_with_floor_and_keeps_the_hero_off_its_edges() {
        // A floor 0..1000 wide, a view 600 wide whose first 200 are the sidebar: the open part
        // is 400 wide, and the hero's place in it is `at`.
        let (view, margin) = (600.0, 200.0);
        let at = |hero: f32, c: f32| hero - (c - view / 2.0 + margin);
        // In the middle: the hero sits at the centre of the open part.
        let c = clamp_axis(500.0, view, margin, 0.0, 0.0, 1000.0);
        assert_eq!(at(500.0, c), 200.0);
        // A little off the floor's edge: the open part starts at the floor's edge.
        let c = clamp_axis(150.0, view, margin, 0.0, 0.0, 1000.0);
        assert_eq!(c - view / 2.0 + margin, 0.0);
        // At either edge: the hero stays a third of the open part from the screen's edge.
        let c = clamp_axis(10.0, view, margin, 0.0, 0.0, 1000.0);
        assert!((at(10.0, c) - 400.0 / 3.0).abs() < 1e-3, "{}", at(10.0, c));
        let c = clamp_axis(990.0, view, margin, 0.0, 0.0, 1000.0);
        assert!(
            (at(990.0, c) - 800.0 / 3.0).abs() < 1e-3,
            "{}",
            at(990.0, c)
        );
        // Wherever the hero walks, it is never nearer the open part's edge than a third.
        for hero in (0..=1000).step_by(7) {
            let hero = hero as f32;
            let x = at(hero, clamp_axis(hero, view, margin, 0.0, 0.0, 1000.0));
            assert!(
                (133.3..=266.7).contains(&x),
                "hero at {hero}: {x} into the view"
            );
        }
        // A floor narrower than the open part is centred in it.
        let c = clamp_axis(50.0, view, margin, 0.0, 0.0, 100.0);
        assert_eq!(at(50.0, c), 200.0);
        // A strip covering the view's far end too: the hero sits in the middle of the rest.
        let (trail, c) = (100.0, clamp_axis(500.0, view, margin, 100.0, 0.0, 1000.0));
        assert_eq!(at(500.0, c), (view - margin - trail) / 2.0);
    }
}
