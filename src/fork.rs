//! Taking over a replay ("Play from here"): a new run from the state a replay reaches at a
//! turn, whose first commands are the replay's so far (so its own replay verifies), marked
//! with where it came from and never ranked.
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::content::Content;
use crate::game::Game;
use crate::replay::{Replay, ReplayError};
use crate::runs::Viewer;

/// Where a forked run came from: the run it took over, and the turn it took over at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fork {
    /// The source run as `Replay::origin` names it: its seed (or daily date) and its final
    /// state hash, as `delve verify` prints them for that replay. Not a file name: kept files
    /// are numbered per install and pruned, while seed and hash name the run wherever its
    /// replay is, and anyone holding that replay can check it is the one.
    pub from: String,
    /// How many of the source's commands the fork took over: the turn as the viewer counts
    /// it (every accepted command one turn), which is what the Watch screen shows.
    pub turn: u64,
}

impl fmt::Display for Fork {
    /// "forked from seed 42 (hash 0123456789abcdef), turn 120": the records' and verify's
    /// words for it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "forked from {}, turn {}", self.from, self.turn)
    }
}

impl Replay {
    /// The name a fork of this replay gives its source: "seed 42 (hash …)", or
    /// "daily 2026-12-05 (hash …)" (`Fork::from` says why not a file name).
    pub fn origin(&self) -> String {
        let run = match &self.daily {
            Some(date) => format!("daily {date}"),
            None => format!("seed {}", self.seed),
        };
        format!("{run} (hash {:016x})", self.final_hash)
    }

    /// "Play from here": a new run from the state at turn `turn` (the viewer's turn: after
    /// the first `turn` commands), whose record is exactly those commands, marked as a fork
    /// of this replay and played on as any run. Refused past the replay's end, where the run
    /// is already over, and wherever the replay itself cannot be played.
    pub fn fork_at(&self, turn: u64, content: &Content) -> Result<Game, ReplayError> {
        let last = self.commands.len() as u64;
        let count = (usize::try_from(turn).ok())
            .filter(|_| turn <= last)
            .ok_or(ReplayError::NoSuchTurn { turn, last })?;
        let game = self.run_first(count, content, |game, command| {
            game.execute(command, content)
        })?;
        self.take_over(game)
    }

    /// `game`, this replay's state at a turn (its record the replay's first commands), as a
    /// run of its own.
    fn take_over(&self, mut game: Game) -> Result<Game, ReplayError> {
        let turn = game.record.len() as u64;
        if game.is_over() {
            return Err(ReplayError::ForkOfEnded { turn });
        }
        game.fork = Some(Fork {
            from: self.origin(),
            turn,
        });
        // A daily ranks a first try played from the date's first turn; a fork of one is an
        // ordinary run of its seed (its `from` still names the date), so it can neither
        // take nor spend this install's try of that date.
        game.daily = None;
        Ok(game)
    }
}

impl Viewer {
    /// "Play from here": the turn shown taken over as a new run, as `Replay::fork_at` makes
    /// it, from the state already on screen (nothing is played again).
    pub fn play_from_here(&self) -> Result<Game, ReplayError> {
        self.replay().take_over(self.game().clone())
    }
}
