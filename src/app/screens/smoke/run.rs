//! The smoke's runner: the stages of `stages.rs` one at a time, a frame at a time.
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use super::driver::{Driver, Progress, Smoke};
use super::stages::{STAGES, Stage};
use crate::app::shared::AppSystems;

/// Frames between asking for a picture and the next stage's first frame: the picture is taken
/// as the frame that asked for it renders, and the next stage may change what is drawn.
const AFTER_PICTURE: u32 = 2;

pub fn plugin(dir: PathBuf) -> impl Fn(&mut App) {
    move |app: &mut App| {
        let _ = std::fs::create_dir_all(&dir);
        app.insert_resource(Smoke {
            dir: dir.clone(),
            ..Smoke::default()
        });
        // The smoke drives itself frame by frame, so it never waits for input.
        app.insert_resource(bevy::winit::WinitSettings::continuous());
        app.add_systems(Update, drive.in_set(AppSystems::Input));
    }
}

/// Runs the stage of the moment for one frame: brings about what it waits for, lets it settle,
/// takes its picture, and goes on to the next.
fn drive(mut d: Driver) {
    if d.smoke.idle > 0 {
        d.smoke.idle -= 1;
        return;
    }
    let screen = d.screen();
    let turn = d.read(|game, _| game.run.turn);
    let smoke = &mut d.smoke;
    smoke.frames += 1;
    if smoke.screen != Some(screen) {
        (smoke.screen, smoke.frames_here) = (Some(screen), 0);
    }
    smoke.frames_here += 1;
    smoke.began = smoke.began.or(turn);
    let at = smoke.at;
    let stage = &STAGES[at];
    match (stage.wait_for)(&mut d) {
        Progress::NotYet => d.smoke.in_place = 0,
        Progress::Ready => {
            d.smoke.in_place += 1;
            if d.smoke.in_place > stage.settle {
                if let Some(name) = stage.picture {
                    picture(&mut d, stage, name);
                    d.smoke.idle = AFTER_PICTURE;
                }
                begin(&mut d, at + 1);
            }
        }
        Progress::Skip => begin(&mut d, at + 1),
        // No picture: the script's check of the files says it is missing.
        Progress::Missing(why) => {
            warn!("smoke: {why}");
            begin(&mut d, at + 1);
        }
        Progress::End(why) => {
            warn!("smoke: {why}");
            begin(&mut d, STAGES.len() - 1);
        }
    }
}

fn picture(d: &mut Driver, stage: &Stage, name: &str) {
    info!("smoke: screenshot {name}");
    let path = d.smoke.dir.join(name);
    d.commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path));
    if stage.logs_creatures {
        let counted = &d.counted;
        info!(
            "smoke: {name}: {} creatures drawn from pictures, {} from glyphs",
            counted.pictures, counted.glyphs
        );
    }
}

/// Begins stage `at`, its counts from zero.
fn begin(d: &mut Driver, at: usize) {
    let smoke = &mut d.smoke;
    smoke.at = at.min(STAGES.len() - 1);
    (smoke.frames, smoke.frames_here, smoke.in_place) = (0, 0, 0);
    smoke.began = None;
}
