//! The smoke's stages, in the order it plays them: what each waits for (and does to bring it
//! about), how long it lets that settle, and the picture it takes.
use super::driver::{Driver, Progress, STAGE_TURNS};
use super::sights;
use crate::app::screens::watch;
use crate::app::shared::{OpenRun, Overlay, Screen};
use crate::app::turn::{first_thrown, start_cursor};
use crate::game::Command;

/// Frames to let a sight settle (assets, fonts, layout, first render) before its picture.
const SETTLE: u32 = 20;
/// Turns played with the AI overlay on before its picture.
const AI_TURNS: u64 = 6;
/// The most frames auto-explore's picture waits.
const EXPLORE_FRAMES: u32 = 4000;
/// Frames the replay plays at its fastest before it is paused for its picture.
const WATCH_FRAMES: u32 = 40;

/// One row of the smoke.
pub(super) struct Stage {
    /// The picture's file name; `None` for a stage that only acts.
    pub picture: Option<&'static str>,
    /// Called every frame until it says `Ready`: does what brings the sight about (plays a
    /// turn, opens a screen) and says whether it is there.
    pub wait_for: fn(&mut Driver) -> Progress,
    /// Frames the sight stays in place before its picture.
    pub settle: u32,
    /// Whether the log says how the map drew its creatures when the picture is taken.
    pub logs_creatures: bool,
}

impl Stage {
    const fn picture(name: &'static str, wait_for: fn(&mut Driver) -> Progress) -> Self {
        Self {
            picture: Some(name),
            wait_for,
            settle: SETTLE,
            logs_creatures: false,
        }
    }

    const fn act(wait_for: fn(&mut Driver) -> Progress) -> Self {
        Self {
            picture: None,
            wait_for,
            settle: 0,
            logs_creatures: false,
        }
    }

    const fn settled(self, settle: u32) -> Self {
        Self { settle, ..self }
    }

    const fn logging_creatures(self) -> Self {
        Self {
            logs_creatures: true,
            ..self
        }
    }
}

/// The smoke, start to end. The desktop smoke script checks these pictures by name.
pub(super) static STAGES: [Stage; 24] = [
    Stage::picture("menu.png", |d| {
        Progress::when(d.screen() == Screen::MainMenu)
    }),
    // The Mods screen: the fixture's mods loaded, the examples off until turned on.
    Stage::picture("mods.png", |d| d.go_to(Screen::Mods)),
    // The class choice, with its detail pane.
    Stage::picture("classes.png", |d| d.go_to(Screen::ClassChoice)),
    Stage::picture("floor.png", new_run).logging_creatures(),
    Stage::picture("race.png", race),
    // The shot's line fades in 0.7 s: its picture comes the frame after the one that shows it.
    Stage::picture("archer.png", archer).settled(1),
    Stage::picture("terrain.png", terrain),
    Stage::picture("explore.png", explore),
    Stage::picture("ai.png", ai),
    Stage::picture("target.png", target),
    Stage::picture("combat.png", combat).logging_creatures(),
    // The history over the run so far, the keys, the find list, the pack: all mid-fight.
    Stage::picture("history.png", |d| d.show(Overlay::History)),
    Stage::picture("help.png", |d| d.show(Overlay::Help)),
    Stage::picture("find.png", |d| d.show(Overlay::Find)),
    Stage::picture("inventory.png", |d| d.show(Overlay::Inventory)),
    Stage::picture("shop.png", shop),
    // The Settings overlay, as the pause menu opens it.
    Stage::picture("settings.png", |d| d.show(Overlay::Settings)),
    Stage::picture("contrast.png", contrast),
    Stage::picture("gameover.png", abandon),
    // The records table with the run just kept, then its Daily table (D).
    Stage::picture("records.png", |d| d.go_to(Screen::Records)),
    Stage::picture("daily.png", daily),
    Stage::act(open_kept_replay),
    Stage::picture("watch.png", watch),
    Stage::act(done),
];

/// A new run with the smoke's seed and class, never a continued one.
fn new_run(d: &mut Driver) -> Progress {
    if d.smoke.frames == 1 {
        let (seed, class) = (d.run.seed, d.run.class.clone());
        d.open.write(OpenRun::New { seed, class });
    }
    Progress::when(d.screen() == Screen::InGame)
}

/// Auto-explore (as the X key starts it) until it has picked something up; a monster or a
/// fight that stops it is played through by the bot, and then it starts again.
fn explore(d: &mut Driver) -> Progress {
    let began = d.smoke.began;
    let Some((picked, fighting)) = d.read(|game, _| {
        let since = began.unwrap_or(game.run.turn);
        (sights::picked_up_since(game, since), game.in_combat())
    }) else {
        return Progress::NotYet;
    };
    if picked {
        return Progress::Ready;
    }
    // Turns, and frames too: a stop that passes no turn (nothing left to explore) must not
    // hold the smoke for ever.
    if !d.in_budget() || d.smoke.frames > EXPLORE_FRAMES {
        return Progress::Missing(format!(
            "auto-explore picked nothing up within {STAGE_TURNS} turns"
        ));
    }
    if fighting {
        d.play();
    } else if d.travel.0.is_none() && d.awaiting() {
        d.explore();
    }
    Progress::NotYet
}

/// With a race (the smoke script passes two ghosts' replays): exploring until two ghosts stand
/// in view apart from the hero and each other.
fn race(d: &mut Driver) -> Progress {
    let Some(race) = d.race.0.as_ref() else {
        return Progress::Skip;
    };
    let apart = d.read(|game, _| sights::ghosts_apart(game, race)) == Some(true);
    d.play_until(apart, "the ghosts were not in view")
}

/// Exploring until a monster shoots from across the map (the fixture puts slingers and archers
/// on floor 1).
fn archer(d: &mut Driver) -> Progress {
    let Some((shot, hold)) = d.read(|game, content| {
        let shot = sights::monster_shot(game, content);
        (
            shot,
            !game.in_combat() && sights::shooter_in_view(game, content),
        )
    }) else {
        return Progress::NotYet;
    };
    if hold && !shot && d.in_budget() {
        // Holding still while a slinger or an archer is in sight: it notices the hero and
        // shoots before the hero's own throws can start the fight.
        if d.awaiting() {
            d.send(Command::Wait);
        }
        return Progress::NotYet;
    }
    d.play_until(shot, "no monster shot")
}

/// Exploring until the fixture's doors, pools and grass are in view at once; the picture shows
/// them under the stealth range's tint.
fn terrain(d: &mut Driver) -> Progress {
    let shows = d.read(|game, _| sights::shows_terrain(game)) == Some(true);
    match d.play_until(shows, "the terrain was not in view") {
        // The bot's bump on the shopkeeper may have left the shop open.
        Progress::Ready => d.show(Overlay::None),
        progress => progress,
    }
}

/// A few turns with the AI debug overlay on, the pointer on a known tile a few steps away: the
/// picture shows the examine panel and the path preview too.
fn ai(d: &mut Driver) -> Progress {
    d.ai_overlay.0 = true;
    let playing = d.read(|game, _| game.run.turn < AI_TURNS && !game.in_combat());
    if playing.is_none_or(|p| p) {
        return d.play_until(false, "the AI overlay's turns were not played");
    }
    if d.smoke.in_place == 1 {
        let tile = d
            .read(|game, _| sights::known_tile_near_hero(game))
            .flatten();
        if let Some(p) = tile {
            d.point_at(p);
        }
    }
    Progress::Ready
}

/// Exploring until a hostile is in view out of a fight with something to throw in the pack,
/// then the target cursor on it: the line of fire and the odds.
fn target(d: &mut Driver) -> Progress {
    d.ai_overlay.0 = false;
    if d.overlay_is(Overlay::Look) {
        return Progress::Ready;
    }
    let aim = d.read(|game, content| {
        (!game.in_combat())
            .then(|| first_thrown(game, content))
            .flatten()
            .zip(sights::hostile_in_throw_range(game, content))
    });
    if let Some((index, at)) = aim.flatten().filter(|_| d.awaiting()) {
        start_cursor(&mut d.commands, &mut d.hovered, at, Some(index));
        return Progress::NotYet;
    }
    d.play_until(false, "nothing to throw at")
}

/// Exploring until a fight begins, then the fight waiting for the hero's action.
fn combat(d: &mut Driver) -> Progress {
    if !d.shown(Overlay::None) {
        return Progress::NotYet;
    }
    let Some((fight, turn, hero, health)) = d.read(|game, _| {
        (
            game.in_combat(),
            game.run.turn,
            game.hero_pos(),
            game.hero().health,
        )
    }) else {
        return Progress::NotYet;
    };
    if fight {
        return Progress::when(d.awaiting());
    }
    match d.play_until(false, "no fight") {
        Progress::Missing(_) => Progress::Missing(format!(
            "no fight within {STAGE_TURNS} turns (turn {turn}, hero at {hero:?}, {health} health)"
        )),
        progress => progress,
    }
}

/// The floor's shop (the smoke's fixture mod puts one on floor 1).
fn shop(d: &mut Driver) -> Progress {
    if d.read(|game, _| game.floor.shop.is_some()) != Some(true) {
        return Progress::Missing("this floor has no shop".into());
    }
    d.show(Overlay::Shop)
}

/// The run in high contrast with the text at 150 % (back as it was in the next stage).
fn contrast(d: &mut Driver) -> Progress {
    if !d.shown(Overlay::None) {
        return Progress::NotYet;
    }
    d.high_contrast(true);
    Progress::Ready
}

/// The run ended as a player ends one that goes on: given up (the pause menu's Abandon), kept
/// in the records with its replay; the game-over screen.
fn abandon(d: &mut Driver) -> Progress {
    d.high_contrast(false);
    if d.screen() == Screen::InGame && d.awaiting() {
        d.send(Command::Abandon);
    }
    Progress::when(d.screen() == Screen::GameOver)
}

/// The Daily table (the smoke script's fixture records hold two dailies), as D shows it.
fn daily(d: &mut Driver) -> Progress {
    if d.screen() != Screen::Records {
        return Progress::NotYet;
    }
    match d.records.as_mut() {
        Some(view) if !view.daily => view.daily = true,
        Some(_) => {}
        None => return Progress::NotYet,
    }
    Progress::Ready
}

/// The kept run's replay, opened as W on the best runs' table opens it; the AI overlay on.
fn open_kept_replay(d: &mut Driver) -> Progress {
    let kept = (d.records.as_ref())
        .and_then(|r| r.records.runs.iter().find(|r| r.daily.is_none()).cloned());
    let (Some(run), Some(archive)) = (kept, d.archive.as_ref()) else {
        return Progress::End("no kept run to watch".into());
    };
    let Some(name) = run.replay else {
        return Progress::End("the kept run has no replay".into());
    };
    let title = watch::run_title(run.number, run.seed);
    let from = watch::WatchFrom::Records;
    let request = (d.content())
        .map(|content| watch::request_kept(archive.0.as_ref(), content, &name, title, from));
    match request {
        Some(Ok(request)) => {
            // The Watch plugin opens it and shows its screen.
            d.commands.insert_resource(request);
            d.ai_overlay.0 = true;
            Progress::Ready
        }
        Some(Err(e)) => Progress::End(format!("cannot watch the kept run: {e}")),
        None => Progress::End("no content to watch the kept run under".into()),
    }
}

/// The replay played at ×16 for a moment, then paused where it is for the picture.
fn watch(d: &mut Driver) -> Progress {
    if d.screen() != Screen::Watch {
        return Progress::NotYet;
    }
    let here = d.smoke.frames_here;
    let Some(w) = d.watching.as_mut() else {
        return Progress::NotYet;
    };
    if here == 1 {
        w.speed = watch::SPEEDS[2];
    }
    if here < WATCH_FRAMES {
        return Progress::NotYet;
    }
    if w.playing {
        w.playing = false;
        bevy::log::info!(
            "smoke: watching turn {} of {}",
            w.viewer.turn(),
            w.viewer.last_turn()
        );
    }
    Progress::Ready
}

/// Once the last picture has had time to be saved.
fn done(d: &mut Driver) -> Progress {
    if d.smoke.frames > SETTLE {
        d.finish();
    }
    Progress::NotYet
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The desktop smoke script checks each picture by name: the table and its list agree.
    #[test]
    fn the_script_checks_every_picture_the_table_takes() {
        let script = include_str!("../../../../tests/smoke/desktop.sh");
        let list = (script.lines())
            .find_map(|l| l.strip_prefix("shots=("))
            .and_then(|l| l.strip_suffix(')'))
            .expect("desktop.sh lists its pictures as shots=(...)");
        let mut checked: Vec<String> = list.split(' ').map(|s| format!("{s}.png")).collect();
        let mut taken: Vec<String> = (STAGES.iter())
            .filter_map(|s| s.picture.map(String::from))
            .collect();
        checked.sort();
        taken.sort();
        assert_eq!(checked, taken);
    }
}
