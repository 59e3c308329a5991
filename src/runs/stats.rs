//! What a run did floor by floor and whom it killed: the state keeps only totals, so these are
//! counted while its commands run (played live, or played again from the replay).
use std::collections::BTreeMap;

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

/// Per-floor figures and kills by creature kind (the hero's own kills, as `Game::kills`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunStats {
    pub floors: Vec<FloorStats>,
    /// Creature kind id → how many the hero killed.
    pub kills: BTreeMap<String, u32>,
}

impl RunStats {
    /// Counting from `game` as it stands (a new run: floor 1, turn 0).
    pub fn starting_at(game: &Game) -> Self {
        Self {
            floors: vec![FloorStats {
                floor: game.floor.depth,
                ..FloorStats::default()
            }],
            kills: BTreeMap::new(),
        }
    }

    /// Runs `command` on `game` and counts what it did; a refused command counts nothing.
    pub fn execute(&mut self, game: &mut Game, command: &Command, content: &Content) -> Outcome {
        // The dead leave the state within the turn: their kinds are read beforehand.
        let kinds: Vec<(CreatureId, String)> = game
            .floor
            .creatures
            .iter()
            .filter(|(id, _)| **id != game.party.hero)
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
        for event in &game.log.last_events {
            if let Event::CreatureDied {
                creature,
                killer: Some(killer),
                ..
            } = event
                && *killer == game.party.hero
                && let Some((_, kind)) = kinds.iter().find(|(id, _)| id == creature)
            {
                *self.kills.entry(kind.clone()).or_default() += 1;
                self.floor_mut(floor).kills += 1;
            }
        }
        if game.floor.depth != floor {
            self.floor_mut(game.floor.depth);
        }
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
