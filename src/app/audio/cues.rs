//! Sound that says where (the settings' "Positional cues", on by default): each visible
//! monster that moves or notices the hero gives a short cue panned by its direction
//! (pan = dx / distance) and quieter with distance, silent beyond the encounter radius, at most
//! three a turn, nearest first (a notice higher than a step); a shimmer when an item or the
//! stairs come into view (the stairs lower); a door opening or closing where it is; a heartbeat
//! below a quarter of health. Played through a listener at the origin whose ears are one unit
//! either side: a cue's emitter sits at x = pan.
use std::collections::{BTreeMap, BTreeSet};

use bevy::audio::{SpatialListener, Volume};
use bevy::prelude::*;

use super::effects::{Sound, Sounds};
use crate::app::shared::{ContentRes, GameRes, InRun, SoundMix, TurnResolved};
use crate::content::Content;
use crate::game::{Attr, CreatureId, Game};
use crate::map::Pos;

/// The most monster cues one turn plays.
pub const MONSTER_CUES: usize = 3;

/// Where a cue is heard: left (−1) to right (+1), and how loud (0 to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mix {
    pub pan: f32,
    pub gain: f32,
}

/// The mix of a sound at `at` heard by the hero at `hero`: panned by the horizontal share of
/// its direction, its gain falling linearly to nothing one tile beyond `radius`; `None` beyond
/// `radius` (Euclidean tiles).
pub fn cue_mix(hero: Pos, at: Pos, radius: u32) -> Option<Mix> {
    let (dx, dy) = ((at.x - hero.x) as f32, (at.y - hero.y) as f32);
    let distance = dx.hypot(dy);
    if distance > radius as f32 {
        return None;
    }
    let pan = if distance == 0.0 { 0.0 } else { dx / distance };
    Some(Mix {
        pan,
        gain: 1.0 - distance / (radius as f32 + 1.0),
    })
}

/// One cue to play: which sound, where (`None`: centred, at full gain) and how fast (its
/// pitch).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cue {
    pub sound: Sound,
    pub at: Option<Pos>,
    pub speed: f32,
}

/// What the cues compare a turn with: the state seen after the turn before.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Seen {
    floor: u32,
    /// Each visible monster's place and whether it hunted the hero.
    monsters: BTreeMap<CreatureId, (Pos, bool)>,
    /// The visible tiles with an item or treasure on them.
    items: BTreeSet<Pos>,
    stairs: bool,
    /// Each visible door and whether it stood open.
    doors: BTreeMap<Pos, bool>,
}

impl Seen {
    pub fn of(g: &Game) -> Self {
        let monsters = (g.floor.creatures.values())
            .filter(|c| c.id != g.party.hero && c.is_alive() && g.is_visible(c.pos))
            .map(|c| (c.id, (c.pos, g.hunts_hero(c.id))))
            .collect();
        let items = (g.floor.ground.iter())
            .filter(|(_, pile)| !pile.is_empty())
            .map(|(p, _)| *p)
            .chain(g.floor.treasure.keys().copied())
            .filter(|p| g.is_visible(*p))
            .collect();
        let mut doors = BTreeMap::new();
        for i in 0..g.floor.map.len() {
            let p = g.floor.map.pos(i);
            let rules = g.floor.map.rules(g.floor.map.get(p));
            if g.floor.visible[i] && rules.is_door() {
                doors.insert(p, rules.closes_to.is_some());
            }
        }
        Self {
            floor: g.floor.depth,
            monsters,
            items,
            stairs: g.is_visible(g.floor.down),
            doors,
        }
    }
}

/// The cues of one turn: what changed between `before` and `now` (`Seen::of(g)`), hostile
/// monsters only.
pub fn cues_of(before: &Seen, now: &Seen, g: &Game, content: &Content) -> Vec<Cue> {
    let mut out = Vec::new();
    let hero = g.hero_pos();
    let max = g.attribute(g.party.hero, Attr::MaxHealth, content);
    if g.run.death.is_none() && g.hero().health < max / 4.0 {
        out.push(Cue {
            sound: Sound::Heartbeat,
            at: None,
            speed: 1.0,
        });
    }
    // A new floor is all new: the stairs' shimmer alone would be noise among it.
    if before.floor != g.floor.depth {
        return out;
    }
    let mut monsters: Vec<(u32, Cue)> = (now.monsters.iter())
        .filter(|(id, _)| {
            (g.creature(**id)).is_some_and(|c| content.creature(&c.kind).is_some_and(|k| k.hostile))
        })
        .filter_map(|(id, &(pos, hunting))| {
            let was = before.monsters.get(id);
            let noticed = hunting && !was.is_some_and(|w| w.1);
            let moved = was.is_some_and(|w| w.0 != pos);
            (noticed || moved).then_some((
                hero.manhattan(pos),
                Cue {
                    sound: Sound::Cue,
                    at: Some(pos),
                    speed: if noticed { 1.35 } else { 1.0 },
                },
            ))
        })
        .collect();
    monsters.sort_by_key(|(d, c)| (*d, c.at.map(|p| (p.y, p.x))));
    out.extend(monsters.into_iter().take(MONSTER_CUES).map(|(_, c)| c));
    if let Some(&p) = (now.items.difference(&before.items)).min_by_key(|p| hero.manhattan(**p)) {
        out.push(Cue {
            sound: Sound::Spot,
            at: Some(p),
            speed: 1.0,
        });
    }
    if now.stairs && !before.stairs {
        out.push(Cue {
            sound: Sound::Spot,
            at: Some(g.floor.down),
            speed: 0.7,
        });
    }
    for (p, open) in &now.doors {
        if before.doors.get(p).is_some_and(|was| was != open) {
            out.push(Cue {
                sound: Sound::Door,
                at: Some(*p),
                speed: if *open { 1.0 } else { 1.3 },
            });
        }
    }
    out
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, listen);
    app.add_systems(
        Update,
        play.in_set(crate::app::shared::AppSystems::Present)
            .run_if(in_state(InRun)),
    );
}

/// The one listener: at the origin, its ears a unit either side (a cue's emitter sits at its
/// pan).
fn listen(mut commands: Commands) {
    commands.spawn((
        Name::new("listener"),
        SpatialListener::new(2.0),
        Transform::IDENTITY,
    ));
}

fn play(
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    sounds: Res<Sounds>,
    mix: Res<SoundMix>,
    mut turns: MessageReader<TurnResolved>,
    mut before: Local<Option<(u64, u64, Seen)>>,
) {
    let g = game.game();
    let turned = turns.read().count() > 0;
    // A state seen in another run, or later in this one (a replay jumped back), is no "before".
    let seen =
        (before.as_ref()).filter(|(seed, turn, _)| *seed == g.origin.seed && *turn <= g.run.turn);
    if !turned && seen.is_some() {
        return;
    }
    // Seen once a turn: compared with the turn before, then kept for the next.
    let now = Seen::of(g);
    if turned
        && mix.cues_on
        && let Some((_, _, was)) = seen
    {
        let radius = content.0.balance.encounter_radius;
        for cue in cues_of(was, &now, g, &content.0) {
            let Some(handle) = sounds.0.get(&cue.sound) else {
                continue;
            };
            let heard = match cue.at {
                Some(at) => cue_mix(g.hero_pos(), at, radius),
                None => Some(Mix {
                    pan: 0.0,
                    gain: 1.0,
                }),
            };
            let Some(heard) = heard else { continue };
            let channel = if cue.sound == Sound::Door {
                mix.effects
            } else {
                mix.cues
            };
            let mut settings = PlaybackSettings::DESPAWN
                .with_volume(Volume::Linear(heard.gain * channel))
                .with_speed(cue.speed);
            settings.spatial = true;
            commands.spawn((
                Name::new("cue"),
                AudioPlayer::new(handle.clone()),
                settings,
                Transform::from_xyz(heard.pan, 0.0, 0.0),
            ));
        }
    }
    *before = Some((g.origin.seed, g.run.turn, now));
}

#[cfg(test)]
mod tests {
    use super::*;

    const HERO: Pos = Pos::new(10, 10);

    #[test]
    fn a_cue_pans_by_its_direction_and_fades_to_silence_beyond_the_radius() {
        let mix = |x, y| cue_mix(HERO, Pos::new(x, y), 8);
        let left = mix(7, 10).unwrap();
        let right = mix(13, 10).unwrap();
        assert_eq!((left.pan, right.pan), (-1.0, 1.0), "due west and due east");
        assert_eq!(left.gain, right.gain, "as far either way");
        let above = mix(10, 6).unwrap();
        assert_eq!(above.pan, 0.0, "due north is centred");
        let diagonal = mix(13, 14).unwrap();
        assert!((diagonal.pan - 0.6).abs() < 1e-6, "dx 3 of distance 5");
        let (near, far) = (mix(11, 10).unwrap(), mix(17, 10).unwrap());
        assert!(near.gain > far.gain && far.gain > 0.0, "{near:?} {far:?}");
        assert!(mix(18, 10).is_some(), "at the radius it is heard");
        assert_eq!(mix(19, 10), None, "beyond it, silence");
        assert_eq!(mix(16, 17), None, "distance 9.2 is beyond 8");
        assert_eq!(cue_mix(HERO, HERO, 8).unwrap().pan, 0.0);
    }
}
