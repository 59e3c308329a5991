//! Sound effects through `bevy_audio` (Ogg Vorbis, the project's own): a step by the ground's
//! material, a hit, a miss, a kill, a pick-up, the stairs, a level, the hero's death and the
//! forager's alarm, chosen from what each turn changed; a click as a menu's cursor moves. The
//! volumes (the effects' and the interface's) and mute are settings. Without an audio device
//! Bevy says so once in the log and the game runs silent; the browser starts sound after the
//! first key.
use std::collections::BTreeMap;

use bevy::audio::Volume;
use bevy::prelude::*;

use crate::app::content::files::GameFiles;
use crate::app::shared::{GameRes, Menu, PendingAssets, SoundMix, TurnResolved};

use crate::game::{Command, Event, Game, Outcome};
use crate::map::Material;

/// Every sound the game makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Sound {
    Step,
    Hit,
    Miss,
    Kill,
    Pickup,
    Descend,
    LevelUp,
    Death,
    Alarm,
    Throw,
    StepWater,
    StepGrass,
    StepWood,
    /// A menu's cursor moving (the interface's channel).
    Menu,
    /// A monster moving or noticing the hero (a positional cue).
    Cue,
    /// An item or the stairs coming into view.
    Spot,
    /// The hero's heart below a quarter of health.
    Heartbeat,
    /// A door opening (faster: closing).
    Door,
}

impl Sound {
    pub const ALL: [Sound; 18] = [
        Sound::Step,
        Sound::Hit,
        Sound::Miss,
        Sound::Kill,
        Sound::Pickup,
        Sound::Descend,
        Sound::LevelUp,
        Sound::Death,
        Sound::Alarm,
        Sound::Throw,
        Sound::StepWater,
        Sound::StepGrass,
        Sound::StepWood,
        Sound::Menu,
        Sound::Cue,
        Sound::Spot,
        Sound::Heartbeat,
        Sound::Door,
    ];

    /// Its file under `assets/`.
    pub fn file(self) -> &'static str {
        match self {
            Sound::Step => "sounds/step.ogg",
            Sound::Hit => "sounds/hit.ogg",
            Sound::Miss => "sounds/miss.ogg",
            Sound::Kill => "sounds/kill.ogg",
            Sound::Pickup => "sounds/pickup.ogg",
            Sound::Descend => "sounds/descend.ogg",
            Sound::LevelUp => "sounds/levelup.ogg",
            Sound::Death => "sounds/death.ogg",
            Sound::Alarm => "sounds/alarm.ogg",
            Sound::Throw => "sounds/throw.ogg",
            Sound::StepWater => "sounds/step_water.ogg",
            Sound::StepGrass => "sounds/step_grass.ogg",
            Sound::StepWood => "sounds/step_wood.ogg",
            Sound::Menu => "sounds/menu.ogg",
            Sound::Cue => "sounds/cue.ogg",
            Sound::Spot => "sounds/spot.ogg",
            Sound::Heartbeat => "sounds/heartbeat.ogg",
            Sound::Door => "sounds/door.ogg",
        }
    }

    /// A footstep on ground of `material`.
    pub fn step_on(material: Material) -> Sound {
        match material {
            Material::Stone => Sound::Step,
            Material::Water => Sound::StepWater,
            Material::Grass => Sound::StepGrass,
            Material::Wood => Sound::StepWood,
        }
    }
}

/// What of the state before a turn the sounds compare with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Before {
    pub level: u32,
    pub floor: u32,
    pub gold: u64,
    pub pack: usize,
    pub alarm: bool,
    /// In a fight: a monster's blow then is a blow, not a shot from across the map.
    pub fighting: bool,
}

impl Before {
    pub fn of(g: &Game) -> Self {
        Self {
            level: g.party.level,
            floor: g.floor.depth,
            gold: u64::from(g.party.gold),
            pack: g.party.inventory.len(),
            alarm: g.floor.alarm,
            fighting: g.in_combat(),
        }
    }
}

/// The sounds one resolved command makes, at most one of each, the most telling first.
pub fn sounds_of(before: Before, g: &Game, command: &Command, outcome: &Outcome) -> Vec<Sound> {
    if matches!(outcome, Outcome::Rejected(_)) {
        return Vec::new();
    }
    let mut out: Vec<Sound> = Vec::new();
    let add = |out: &mut Vec<Sound>, s: Sound| {
        if !out.contains(&s) {
            out.push(s);
        }
    };
    if g.run.death.is_some() {
        add(&mut out, Sound::Death);
    }
    if g.floor.alarm && !before.alarm {
        add(&mut out, Sound::Alarm);
    }
    if g.party.level > before.level {
        add(&mut out, Sound::LevelUp);
    }
    if g.floor.depth != before.floor {
        add(&mut out, Sound::Descend);
    }
    // The hero's throw, or a monster's shot (the only blow a monster strikes outside a fight).
    let shot = (g.log.last_events.iter()).any(
        |e| matches!(e, Event::AbilityUsed { source, .. } if *source != g.party.hero && !before.fighting),
    );
    if matches!(command, Command::Throw { .. }) || shot {
        add(&mut out, Sound::Throw);
    }
    for e in &g.log.last_events {
        match e {
            Event::CreatureDied { creature, .. } if *creature != g.party.hero => {
                add(&mut out, Sound::Kill)
            }
            Event::DamageDealt { .. } => add(&mut out, Sound::Hit),
            Event::AbilityUsed {
                hit: false,
                target: Some(t),
                source,
                ..
            } if t != source => add(&mut out, Sound::Miss),
            _ => {}
        }
    }
    if u64::from(g.party.gold) > before.gold || g.party.inventory.len() > before.pack {
        add(&mut out, Sound::Pickup);
    }
    if out.is_empty() && matches!(command, Command::Move(_)) {
        let ground = g.floor.map.rules(g.floor.map.get(g.hero_pos())).material;
        add(&mut out, Sound::step_on(ground));
    }
    out
}

/// The loaded sounds.
#[derive(Resource, Debug, Clone, Default)]
pub struct Sounds(pub BTreeMap<Sound, Handle<AudioSource>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Sounds>().init_resource::<SoundMix>();
    app.add_systems(Startup, load);
    app.add_systems(
        Update,
        (
            play.in_set(crate::app::shared::AppSystems::Present)
                .run_if(in_state(crate::app::shared::InRun)),
            click.in_set(crate::app::shared::AppSystems::Present),
        ),
    );
}

/// A click each time a menu's cursor moves to another entry (not when a screen opens).
fn click(
    mut commands: Commands,
    menus: Query<(Entity, &Menu), Changed<Menu>>,
    sounds: Res<Sounds>,
    mix: Res<SoundMix>,
    mut last: Local<BTreeMap<Entity, Option<usize>>>,
) {
    for (e, menu) in &menus {
        let was = last.insert(e, menu.focused);
        if was.is_some_and(|w| w != menu.focused)
            && let Some(h) = sounds.0.get(&Sound::Menu)
        {
            commands.spawn((
                Name::new("click"),
                AudioPlayer::new(h.clone()),
                PlaybackSettings::DESPAWN.with_volume(Volume::Linear(mix.interface)),
            ));
        }
    }
    // Closed menus are forgotten.
    if last.len() > 64 {
        last.clear();
    }
}

fn load(
    server: Res<AssetServer>,
    files: Res<GameFiles>,
    mut sounds: ResMut<Sounds>,
    mut pending: ResMut<PendingAssets>,
) {
    for s in Sound::ALL {
        let h: Handle<AudioSource> = server.load(files.path(s.file()));
        pending.0.push(h.clone().untyped());
        sounds.0.insert(s, h);
    }
}

/// Plays what each turn changed; the state before the turn is the one seen the turn before.
fn play(
    mut commands: Commands,
    game: Res<GameRes>,
    sounds: Res<Sounds>,
    mix: Res<SoundMix>,
    mut turns: MessageReader<TurnResolved>,
    mut before: Local<Option<(RunAt, Before)>>,
) {
    let g = game.game();
    // A state seen in another run, or later in this one (a replay jumped back), is no "before".
    let at = RunAt {
        seed: g.origin.seed,
        turn: g.run.turn,
    };
    let seen = before.filter(|(then, _)| then.seed == at.seed && then.turn <= at.turn);
    for t in turns.read() {
        let was = seen.map_or_else(|| Before::of(g), |(_, b)| b);
        // Two at most a turn, so a busy turn does not pile up noise.
        for s in sounds_of(was, g, &t.command, &t.outcome)
            .into_iter()
            .take(2)
        {
            if let Some(h) = sounds.0.get(&s) {
                commands.spawn((
                    Name::new("sound"),
                    AudioPlayer::new(h.clone()),
                    PlaybackSettings::DESPAWN.with_volume(Volume::Linear(mix.effects)),
                ));
            }
        }
    }
    *before = Some((at, Before::of(g)));
}

/// Which run and turn a remembered state was seen at.
#[derive(Clone, Copy, Debug)]
struct RunAt {
    seed: u64,
    turn: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::content::files::FILES;

    /// The game's file list is exactly what it loads, the atlas and every sound: the page's
    /// loader counts these in, and the browser fetches each of them.
    #[test]
    fn the_files_are_the_atlas_and_every_sound() {
        let mut loaded: Vec<&str> = Sound::ALL.iter().map(|s| s.file()).collect();
        loaded.push(crate::app::render::picture::ATLAS_FILE);
        loaded.sort_unstable();
        let mut listed = FILES.to_vec();
        listed.sort_unstable();
        assert_eq!(listed, loaded);
    }
    use crate::content::Content;
    use crate::map::Dir;

    #[test]
    fn a_quiet_step_steps_a_refusal_is_silent_and_a_level_rings() {
        let content = Content::core().unwrap();
        let mut g = Game::new(3, &content).unwrap();
        let hero = g.party.hero;
        g.floor.creatures.retain(|id, _| *id == hero);
        let before = Before::of(&g);
        let d = Dir::ALL
            .into_iter()
            .find(|&d| g.floor.map.is_passable(g.hero_pos().offset(d)))
            .unwrap();
        let cmd = Command::Move(d);
        let outcome = g.execute(&cmd, &content);
        let heard = sounds_of(before, &g, &cmd, &outcome);
        if u64::from(g.party.gold) == before.gold && g.party.inventory.len() == before.pack {
            assert_eq!(heard, vec![Sound::Step]);
        }
        let refused = Outcome::Rejected(crate::game::Reason::NotInCombat);
        assert!(sounds_of(before, &g, &cmd, &refused).is_empty());
        let mut up = g.clone();
        up.party.level += 1;
        assert_eq!(
            sounds_of(Before::of(&g), &up, &cmd, &outcome)[0],
            Sound::LevelUp
        );
        let mut alarmed = g.clone();
        alarmed.floor.alarm = true;
        assert!(sounds_of(Before::of(&g), &alarmed, &cmd, &outcome).contains(&Sound::Alarm));
    }
}
