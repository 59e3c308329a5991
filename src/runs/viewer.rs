//! Watching a replay: its run played again turn by turn, with jumps to any turn (from the
//! nearest kept snapshot, or from the start).
use crate::content::Content;
use crate::game::{Command, Game, Outcome};
use crate::runs::replay::{Replay, ReplayError};

/// A snapshot is kept every this many turns on the way (each is a whole `Game` without its
/// command record, which the replay already holds).
pub const SNAPSHOT_EVERY: usize = 500;

/// A replay being watched. Every accepted command is one turn, so turn `k` is the state after
/// the first `k` commands.
#[derive(Debug, Clone)]
pub struct Viewer {
    replay: Replay,
    game: Game,
    /// (turn, state at that turn with an empty record), in turn order; turn 0 is always kept.
    snapshots: Vec<(usize, Game)>,
}

impl Viewer {
    /// Starts at turn 0; refused as `delve replay` refuses (a run that spans a reload, a seed
    /// that cannot start).
    pub fn new(replay: Replay, content: &Content) -> Result<Viewer, ReplayError> {
        let game = replay.start(content)?;
        Ok(Viewer {
            snapshots: vec![(0, game.clone())],
            replay,
            game,
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The turn shown.
    pub fn turn(&self) -> usize {
        self.game.log.record.len()
    }

    /// The last turn of the replay.
    pub fn last_turn(&self) -> usize {
        self.replay.commands.len()
    }

    pub fn at_end(&self) -> bool {
        self.turn() >= self.last_turn()
    }

    /// One turn forward: the command and what it did; `None` at the end. A command these
    /// rules refuse is a divergence.
    pub fn step(&mut self, content: &Content) -> Result<Option<(Command, Outcome)>, ReplayError> {
        let index = self.turn();
        let Some(command) = self.replay.commands.get(index) else {
            return Ok(None);
        };
        let outcome = self.game.execute(command, content);
        if let Outcome::Rejected(reason) = outcome {
            return Err(ReplayError::Diverged {
                index,
                command: command.clone(),
                reason,
            });
        }
        let turn = index + 1;
        if turn.is_multiple_of(SNAPSHOT_EVERY)
            && self.snapshots.last().is_some_and(|(t, _)| *t < turn)
        {
            let mut kept = self.game.clone();
            kept.log.record = Vec::new();
            self.snapshots.push((turn, kept));
        }
        Ok(Some((command.clone(), outcome)))
    }

    /// Shows turn `turn` (clamped to the replay): played on from the latest snapshot at or
    /// before it, or from the turn shown when that is nearer.
    pub fn jump_to(&mut self, turn: usize, content: &Content) -> Result<(), ReplayError> {
        let turn = turn.min(self.last_turn());
        let snapshot = self.snapshots.iter().rev().find(|(t, _)| *t <= turn);
        if let Some((at, state)) = snapshot
            && (turn < self.turn() || *at > self.turn())
        {
            self.game = state.clone();
            self.game.log.record = self.replay.commands[..*at].to_vec();
        }
        while self.turn() < turn {
            self.step(content)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::bot;

    fn replay_of(seed: u64, turns: u64, content: &Content) -> Replay {
        let mut game = Game::new(seed, content).unwrap();
        while game.run.turn < turns && !game.is_over() {
            let cmd = bot::explore(&game, content);
            game.execute(&cmd, content);
        }
        Replay::of(&game, content)
    }

    #[test]
    fn watched_to_its_end_a_replay_reaches_the_recorded_hash() {
        let content = Content::core().unwrap();
        let replay = replay_of(11, 1300, &content);
        let mut v = Viewer::new(replay.clone(), &content).unwrap();
        let mut steps = 0;
        while v.step(&content).unwrap().is_some() {
            steps += 1;
        }
        assert_eq!(steps, replay.commands.len());
        assert!(v.at_end());
        assert_eq!(v.game().state_hash(), replay.final_hash);
        assert_eq!(v.game().run.turn, replay.final_turn);
    }

    #[test]
    fn jumping_to_turn_k_equals_playing_k_turns() {
        let content = Content::core().unwrap();
        let replay = replay_of(4, 1600, &content);
        let last = replay.commands.len();
        let mut v = Viewer::new(replay.clone(), &content).unwrap();
        // Forward, back past snapshots, to the end, to the start, and to a snapshot's turn.
        for k in [700, 120, last, 0, 1000, 999, SNAPSHOT_EVERY, last + 50] {
            v.jump_to(k, &content).unwrap();
            let k = k.min(last);
            let mut played = Game::new(replay.origin.seed, &content).unwrap();
            for c in &replay.commands[..k] {
                played.execute(c, &content);
            }
            assert_eq!(v.turn(), k);
            assert_eq!(v.game().state_hash(), played.state_hash(), "turn {k}");
        }
    }

    #[test]
    fn a_replay_the_rules_refuse_stops_where_it_diverges() {
        let content = Content::core().unwrap();
        let mut replay = replay_of(2, 30, &content);
        let at = replay.commands.len();
        replay.commands.push(crate::game::Command::Equip(99));
        let mut v = Viewer::new(replay, &content).unwrap();
        let err = v.jump_to(at + 1, &content).unwrap_err();
        assert!(matches!(err, ReplayError::Diverged { index, .. } if index == at));
        assert_eq!(v.turn(), at, "the last good turn stays shown");
    }
}
