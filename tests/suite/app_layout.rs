//! Text that fits: every screen and overlay laid out headless (Bevy's own UI layout and text
//! measuring, no GPU) in a desktop's 1280×800 window and a phone's 390×844, at the smallest
//! and the largest text size Settings offers; no text node's box may leave the window.
use bevy::camera::RenderTargetInfo;
use bevy::image::TextureAtlasPlugin;
use bevy::prelude::*;
use bevy::text::TextPlugin;
use bevy::ui::{CalculatedClip, ComputedNode, UiGlobalTransform, UiPlugin, UiSystems};
use bevy::window::{PrimaryWindow, WindowResolution};

use super::app_headless::{edit_game, headless, open_new_run, screen};
use delve::app::settings::{Settings, TEXT_SCALE_MAX, TEXT_SCALE_MIN};
use delve::app::shared::{NewRun, Overlay, Screen, TurnPhase};
use delve::game::RunOutcome;

/// The sizes every screen must fit: a laptop's window and a phone held upright.
const WINDOWS: [(u32, u32); 2] = [(1280, 800), (390, 844)];

/// The whole UI on Bevy's layout: the window, the text and UI plugins without their
/// rendering, and a camera whose target is the window (what the renderer would tell it).
fn laid_out(width: u32, height: u32, text_scale: f32) -> App {
    let mut app = headless(|app| {
        app.add_plugins((
            WindowPlugin {
                primary_window: Some(Window {
                    resolution: WindowResolution::new(width, height)
                        .with_scale_factor_override(1.0),
                    ..default()
                }),
                ..default()
            },
            AssetPlugin::default(),
            ImagePlugin::default(),
            TextureAtlasPlugin,
            TextPlugin,
            UiPlugin,
        ));
        // What UI focus reads, without the input plugin (whose frame start would clear the
        // tests' key presses).
        app.init_resource::<ButtonInput<MouseButton>>();
        app.init_resource::<Touches>();
        app.insert_resource(Settings {
            text_scale,
            ..default()
        });
        app.insert_resource(NewRun {
            seed: 7,
            class: None,
        });
        // The map's palette, which the sidebar's rows are coloured by.
        app.init_resource::<delve::app::render::palette::Palette>();
        app.add_plugins(delve::app::ui::plugin);
        app.add_systems(
            PostUpdate,
            camera_sees_the_window.before(UiSystems::Prepare),
        );
    });
    app.world_mut().spawn(Camera2d);
    app.update(); // Loading
    app.update(); // MainMenu
    app
}

/// Stands in for the renderer's camera system: the camera's target is the window's size.
fn camera_sees_the_window(
    mut cameras: Query<&mut Camera>,
    window: Single<&Window, With<PrimaryWindow>>,
) {
    let target = RenderTargetInfo {
        physical_size: window.physical_size(),
        scale_factor: window.scale_factor(),
    };
    for mut camera in &mut cameras {
        let same = (camera.computed.target_info.as_ref()).is_some_and(|t| {
            (t.physical_size, t.scale_factor) == (target.physical_size, target.scale_factor)
        });
        if !same {
            camera.computed.target_info = Some(target.clone());
        }
    }
}

/// Whether a node or one of its ancestors is hidden or not laid out.
fn hidden(world: &mut World, mut at: Entity) -> bool {
    loop {
        let e = world.entity(at);
        let none = e.get::<Node>().is_some_and(|n| n.display == Display::None);
        if none || e.get::<Visibility>() == Some(&Visibility::Hidden) {
            return true;
        }
        match e.get::<ChildOf>() {
            Some(parent) => at = parent.parent(),
            None => return false,
        }
    }
}

/// Every shown text whose box (the part its clipping ancestors let show) leaves the window,
/// with where it is ("`words`: x..x, y..y"), and how many shown texts were measured.
fn outside(app: &mut App, width: u32, height: u32) -> (Vec<String>, usize) {
    for _ in 0..3 {
        app.update(); // a text measured late is laid out the next frame
    }
    let world = app.world_mut();
    let mut q = world.query::<(
        Entity,
        &Text,
        &ComputedNode,
        &UiGlobalTransform,
        Option<&CalculatedClip>,
    )>();
    let nodes: Vec<(Entity, String, Rect, Option<Rect>)> = q
        .iter(world)
        .map(|(e, text, node, at, clip)| {
            let size = node.size();
            let rect = Rect::from_center_size(at.translation, size);
            (e, text.0.clone(), rect, clip.map(|c| c.clip))
        })
        .collect();
    let window = Rect::new(0.0, 0.0, width as f32, height as f32);
    let (mut out, mut measured) = (Vec::new(), 0);
    for (e, words, rect, clip) in nodes {
        let shown = clip.map_or(rect, |c| rect.intersect(c));
        if words.trim().is_empty() || shown.is_empty() || hidden(world, e) {
            continue;
        }
        measured += 1;
        let slack = 0.5;
        if shown.min.x < window.min.x - slack
            || shown.min.y < window.min.y - slack
            || shown.max.x > window.max.x + slack
            || shown.max.y > window.max.y + slack
        {
            out.push(format!(
                "`{}`: x {:.0}..{:.0}, y {:.0}..{:.0}",
                words.replace('\n', " / "),
                shown.min.x,
                shown.max.x,
                shown.min.y,
                shown.max.y
            ));
        }
    }
    (out, measured)
}

fn go(app: &mut App, to: Screen) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(to);
    app.update();
    app.update();
}

fn overlay(app: &mut App, to: Overlay) {
    app.world_mut().resource_mut::<NextState<Overlay>>().set(to);
    app.update();
    app.update();
}

/// Lays out each screen in turn and collects what leaves the window, by screen.
fn every_screen(width: u32, height: u32, text_scale: f32) -> Vec<String> {
    let mut app = laid_out(width, height, text_scale);
    let mut found = Vec::new();
    let mut check = |app: &mut App, name: &str| {
        let (lines, measured) = outside(app, width, height);
        assert!(measured >= 2, "{name}: {measured} texts laid out");
        for line in lines {
            found.push(format!(
                "{width}x{height} at text size {text_scale}, {name}: {line}"
            ));
        }
    };
    assert_eq!(screen(&app), Screen::MainMenu);
    check(&mut app, "main menu");
    for (to, name) in [
        (Screen::ClassChoice, "class choice"),
        (Screen::Settings, "settings"),
        (Screen::Mods, "mods"),
        (Screen::Records, "records"),
        (Screen::Replays, "replays"),
        (Screen::MainMenu, "main menu again"),
    ] {
        go(&mut app, to);
        assert_eq!(screen(&app), to, "{name}");
        check(&mut app, name);
    }
    open_new_run(&mut app, 7);
    assert_eq!(screen(&app), Screen::InGame);
    check(&mut app, "the run");
    for (to, name) in [
        (Overlay::Inventory, "inventory"),
        (Overlay::Help, "help"),
        (Overlay::Pause, "pause"),
        (Overlay::History, "message history"),
        (Overlay::Settings, "settings in a run"),
        (Overlay::Discoveries, "discoveries"),
        (Overlay::Find, "find"),
        (Overlay::None, "the run again"),
    ] {
        overlay(&mut app, to);
        check(&mut app, name);
    }
    edit_game(&mut app, |g| g.run.outcome = Some(RunOutcome::Died));
    app.world_mut()
        .resource_mut::<NextState<TurnPhase>>()
        .set(TurnPhase::Resolving);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::GameOver);
    check(&mut app, "game over");
    found
}

#[test]
fn every_screen_fits_a_desktop_and_a_phone_at_every_text_size() {
    let mut found = Vec::new();
    for (width, height) in WINDOWS {
        for scale in [TEXT_SCALE_MIN, TEXT_SCALE_MAX] {
            found.extend(every_screen(width, height, scale));
        }
    }
    assert!(
        found.is_empty(),
        "{} text nodes leave the window:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The check sees a node that leaves the window: the test above cannot pass by seeing none.
#[test]
fn a_text_wider_than_the_window_is_caught() {
    let mut app = laid_out(390, 844, 1.0);
    app.world_mut().spawn((
        Node {
            position_type: PositionType::Absolute,
            left: px(10.0),
            ..default()
        },
        Text::new("a line far too long to fit a phone held upright, never wrapped: ".repeat(3)),
        TextLayout::no_wrap(),
    ));
    let (found, _) = outside(&mut app, 390, 844);
    assert!(
        found.iter().any(|l| l.starts_with("`a line far too long")),
        "{found:?}"
    );
}
