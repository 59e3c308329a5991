//! Taking over a replay ("Play from here"): a new run from the state a replay reaches at a
//! turn, whose first commands are the replay's so far (so its own replay verifies), marked
//! with where it came from and never ranked.
use crate::content::Content;
use crate::game::{Fork, Game};
use crate::runs::Viewer;
use crate::runs::replay::{Replay, ReplayError};

impl Replay {
    /// The name a fork of this replay gives its source: "seed 42 (hash …)", or
    /// "daily 2026-12-05 (hash …)" (`Fork::from` says why not a file name).
    pub fn source_name(&self) -> String {
        let run = match &self.origin.daily {
            Some(date) => format!("daily {date}"),
            None => format!("seed {}", self.origin.seed),
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
        let turn = game.log.record.len() as u64;
        if game.is_over() {
            return Err(ReplayError::ForkOfEnded { turn });
        }
        game.origin.fork = Some(Fork {
            from: self.source_name(),
            turn,
        });
        // A daily ranks a first try played from the date's first turn; a fork of one is an
        // ordinary run of its seed (its `from` still names the date), so it can neither
        // take nor spend this install's try of that date.
        game.origin.daily = None;
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
