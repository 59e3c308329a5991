//! What a run did floor by floor, whom it killed, and what each creature kind and ability did
//! in it: the state keeps only totals, so these are counted while its commands run (played
//! live, or played again from the replay).
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::content::Content;
use crate::game::{Command, CreatureId, Event, Game, Outcome};
use crate::runs::replay::{Replay, ReplayError};

/// One floor's share of the run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FloorStats {
    pub floor: u32,
    /// Turns spent on it (the turn that took the stairs down counts for the floor it left).
    pub turns: u64,
    /// Gold collected on it (what shops took back is not taken off).
    pub gold: u32,
    pub kills: u32,
}

/// One creature kind's part in a run: whether a modder's monster ever shows up and acts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KindStats {
    /// Creatures of the kind the run met: on a floor when the hero arrived, or come since
    /// (summoned, spawned).
    pub appeared: u32,
    /// Creatures (the hero among them) killed by one of the kind.
    pub killed: u32,
    /// Creatures of the kind that died.
    pub died: u32,
    /// Abilities used by creatures of the kind (attacks, spells, throws).
    pub acted: u32,
}

/// How often one ability was used in a run, and how many of those uses hit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbilityStats {
    pub used: u32,
    pub hit: u32,
}

/// Per-floor figures, kills by creature kind (the hero's own kills, as `Game::kills`), and what
/// every creature kind and ability did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunStats {
    pub floors: Vec<FloorStats>,
    /// Creature kind id → how many the hero killed.
    pub kills: BTreeMap<String, u32>,
    /// Creature kind id → what creatures of it did (the hero's kind is its class).
    #[serde(default)]
    pub creatures: BTreeMap<String, KindStats>,
    /// Ability id → its uses, by anyone.
    #[serde(default)]
    pub abilities: BTreeMap<String, AbilityStats>,
    /// The creatures counted as appeared (ids are the run's own, never reused).
    #[serde(skip)]
    seen: BTreeSet<CreatureId>,
}

/// Adds `more` into `into`, kind by kind or ability by ability (a summary over runs).
pub fn add_up<T: Clone + Default>(
    into: &mut BTreeMap<String, T>,
    more: &BTreeMap<String, T>,
    add: impl Fn(&mut T, &T),
) {
    for (id, v) in more {
        add(into.entry(id.clone()).or_default(), v);
    }
}

impl KindStats {
    pub fn add(&mut self, o: &Self) {
        self.appeared += o.appeared;
        self.killed += o.killed;
        self.died += o.died;
        self.acted += o.acted;
    }
}

impl AbilityStats {
    pub fn add(&mut self, o: &Self) {
        self.used += o.used;
        self.hit += o.hit;
    }
}

impl RunStats {
    /// Counting from `game` as it stands (a new run: floor 1, turn 0).
    pub fn starting_at(game: &Game) -> Self {
        let mut stats = Self {
            floors: vec![FloorStats {
                floor: game.floor.depth,
                ..FloorStats::default()
            }],
            ..Self::default()
        };
        stats.count_arrivals(game);
        stats
    }

    /// Counts as appeared every creature on the floor not counted before.
    fn count_arrivals(&mut self, game: &Game) {
        for (id, c) in &game.floor.creatures {
            if self.seen.insert(*id) {
                self.kind_mut(&c.kind).appeared += 1;
            }
        }
    }

    fn kind_mut(&mut self, kind: &str) -> &mut KindStats {
        self.creatures.entry(kind.to_string()).or_default()
    }

    /// Runs `command` on `game` and counts what it did; a refused command counts nothing.
    pub fn execute(&mut self, game: &mut Game, command: &Command, content: &Content) -> Outcome {
        // The dead leave the state within the turn: their kinds are read beforehand.
        let kinds: Vec<(CreatureId, String)> = game
            .floor
            .creatures
            .iter()
            .map(|(id, c)| (*id, c.kind.clone()))
            .collect();
        let (floor, gold, turn) = (game.floor.depth, game.gold_collected(), game.run.turn);
        let outcome = game.execute(command, content);
        if matches!(outcome, Outcome::Rejected(_)) {
            return outcome;
        }
        let here = self.floor_mut(floor);
        here.turns += game.run.turn - turn;
        here.gold = (here.gold).saturating_add(game.gold_collected().saturating_sub(gold));
        // A kind from before the command, or of one come during it.
        let kind_of = |id: &CreatureId| {
            (kinds
                .iter()
                .find(|(k, _)| k == id)
                .map(|(_, kind)| kind.clone()))
            .or_else(|| game.floor.creatures.get(id).map(|c| c.kind.clone()))
        };
        for event in &game.log.last_events {
            match event {
                Event::CreatureDied {
                    creature, killer, ..
                } => {
                    if let Some(kind) = kind_of(creature) {
                        self.kind_mut(&kind).died += 1;
                        if *killer == Some(game.party.hero) && *creature != game.party.hero {
                            *self.kills.entry(kind).or_default() += 1;
                            self.floor_mut(floor).kills += 1;
                        }
                    }
                    if let Some(kind) = killer.as_ref().and_then(kind_of) {
                        self.kind_mut(&kind).killed += 1;
                    }
                }
                Event::AbilityUsed {
                    source,
                    ability,
                    hit,
                    ..
                } => {
                    let uses = self.abilities.entry(ability.clone()).or_default();
                    uses.used += 1;
                    uses.hit += u32::from(*hit);
                    if let Some(kind) = kind_of(source) {
                        self.kind_mut(&kind).acted += 1;
                    }
                }
                _ => {}
            }
        }
        if game.floor.depth != floor {
            self.floor_mut(game.floor.depth);
        }
        self.count_arrivals(game);
        outcome
    }

    /// Plays `replay` again, counting: its last state and what the run did.
    pub fn of_replay(replay: &Replay, content: &Content) -> Result<(Game, RunStats), ReplayError> {
        let mut stats = None::<RunStats>;
        let game = replay.run_with(content, |game, command| {
            stats
                .get_or_insert_with(|| RunStats::starting_at(game))
                .execute(game, command, content)
        })?;
        let stats = stats.unwrap_or_else(|| RunStats::starting_at(&game));
        Ok((game, stats))
    }

    /// Kills counted in all.
    pub fn total_kills(&self) -> u32 {
        self.kills.values().sum()
    }

    fn floor_mut(&mut self, floor: u32) -> &mut FloorStats {
        let at = match self.floors.iter().position(|f| f.floor == floor) {
            Some(i) => i,
            None => {
                self.floors.push(FloorStats {
                    floor,
                    ..FloorStats::default()
                });
                self.floors.len() - 1
            }
        };
        &mut self.floors[at]
    }
}

/// Tests: the explore bot plays `seed` for up to `turns` turns (or to its end), counted.
#[cfg(test)]
pub(crate) fn bot_run(seed: u64, turns: u64, content: &Content) -> (Game, RunStats) {
    bot_run_from(
        Game::new(seed, content).expect("a run starts"),
        turns,
        content,
    )
}

/// `bot_run` from a game already started (a daily, a class's run).
#[cfg(test)]
pub(crate) fn bot_run_from(mut game: Game, turns: u64, content: &Content) -> (Game, RunStats) {
    let mut stats = RunStats::starting_at(&game);
    while game.run.turn < turns && !game.is_over() {
        let cmd = crate::game::bot::explore(&game, content);
        stats.execute(&mut game, &cmd, content);
    }
    (game, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::bot;

    #[test]
    fn a_bot_run_counts_match_the_states_totals() {
        let content = Content::core().unwrap();
        for seed in [1, 7, 42] {
            let mut game = Game::new(seed, &content).unwrap();
            let mut stats = RunStats::starting_at(&game);
            while game.run.turn < 1500 && !game.is_over() {
                let cmd = bot::explore(&game, &content);
                stats.execute(&mut game, &cmd, &content);
            }
            let turns: u64 = stats.floors.iter().map(|f| f.turns).sum();
            assert_eq!(turns, game.run.turn, "seed {seed}");
            let gold: u32 = stats.floors.iter().map(|f| f.gold).sum();
            assert_eq!(gold, game.gold_collected(), "seed {seed}");
            assert_eq!(stats.total_kills(), game.party.kills, "seed {seed}");
            let kills: u32 = stats.floors.iter().map(|f| f.kills).sum();
            assert_eq!(kills, game.party.kills, "seed {seed}");
            let floors: Vec<u32> = stats.floors.iter().map(|f| f.floor).collect();
            let expected: Vec<u32> = (1..=game.floor.depth).collect();
            assert_eq!(
                floors, expected,
                "seed {seed}: one entry per floor, in order"
            );
            assert!(
                game.party.kills > 0,
                "seed {seed}: the bot fights on its way"
            );
            // Every kind counted is a creature the content defines.
            assert!(stats.kills.keys().all(|k| content.creature(k).is_some()));
        }
    }

    #[test]
    fn every_kind_and_ability_is_counted_as_the_run_goes() {
        let content = Content::core().unwrap();
        for seed in [1, 7] {
            let (game, stats) = bot_run(seed, 2000, &content);
            // The hero's kind is its class.
            let class = game.origin.class.as_str();
            let hero = &stats.creatures[class];
            assert_eq!(hero.appeared, 1, "seed {seed}");
            assert_eq!(
                hero.killed, game.party.kills,
                "seed {seed}: the hero's kills"
            );
            let kinds = || stats.creatures.iter().filter(|(k, _)| *k != class);
            assert!(kinds().count() >= 3, "seed {seed}: several kinds met");
            for (kind, k) in kinds() {
                assert!(content.creature(kind).is_some(), "{kind}");
                assert!(k.died <= k.appeared, "seed {seed}: {kind} {k:?}");
            }
            let died: u32 = kinds().map(|(_, k)| k.died).sum();
            assert!(died >= game.party.kills, "seed {seed}");
            assert!(
                kinds().any(|(_, k)| k.acted > 0),
                "seed {seed}: monsters act"
            );
            // Every use is one creature's act, and the abilities are the content's.
            let acted: u32 = stats.creatures.values().map(|k| k.acted).sum();
            let used: u32 = stats.abilities.values().map(|a| a.used).sum();
            assert_eq!(acted, used, "seed {seed}");
            for (id, a) in &stats.abilities {
                let builtin = crate::content::BUILTIN_ABILITIES.contains(&id.as_str());
                assert!(content.ability(id).is_some() || builtin, "{id}");
                assert!(a.hit <= a.used, "{id} {a:?}");
            }
        }
    }

    #[test]
    fn counting_from_the_replay_gives_the_same_figures_and_state() {
        let content = Content::core().unwrap();
        let mut game = Game::new(3, &content).unwrap();
        let mut live = RunStats::starting_at(&game);
        while game.run.turn < 800 && !game.is_over() {
            let cmd = bot::explore(&game, &content);
            live.execute(&mut game, &cmd, &content);
        }
        let replay = Replay::of(&game, &content);
        let (again, counted) = RunStats::of_replay(&replay, &content).unwrap();
        assert_eq!(counted, live);
        assert_eq!(again.state_hash(), game.state_hash());
    }

    #[test]
    fn a_refused_command_counts_nothing() {
        let content = Content::core().unwrap();
        let mut game = Game::new(5, &content).unwrap();
        let mut stats = RunStats::starting_at(&game);
        let before = stats.clone();
        // Not on the stairs down at the start of a run.
        let out = stats.execute(&mut game, &Command::Descend, &content);
        assert!(matches!(out, Outcome::Rejected(_)));
        assert_eq!(stats, before);
    }
}
