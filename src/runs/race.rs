//! Ghost races: other replays of the player's seed played beside the player's run, a turn at
//! a time, for the presentation to draw; each ghost is a `Game` of its own that the rules and
//! the player's state hash never see.
use std::fmt;

use crate::content::Content;
use crate::game::{Game, Outcome, RULES_VERSION, RunOutcome};
use crate::map::Pos;
use crate::runs::KeptReplay;
use crate::runs::replay::{Replay, ReplayError};

/// At most this many ghosts in one race: more figures than this crowd the floor and the
/// sidebar, and each costs a `Game` stepped every turn.
pub const MAX_GHOSTS: usize = 8;

/// Why a race cannot start. Each names the replay by the name the race would show it under.
#[derive(Debug, Clone, PartialEq)]
pub enum RaceError {
    /// More replays than `MAX_GHOSTS`.
    TooMany { count: usize },
    /// A replay of another seed: its dungeon is another one, so its hero would walk through
    /// the player's walls.
    OtherSeed { name: String, seed: u64, run: u64 },
    /// A replay these rules and this content cannot play (as `delve replay` would refuse it).
    Unplayable { name: String, error: ReplayError },
}

impl fmt::Display for RaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RaceError::TooMany { count } => write!(
                f,
                "a race takes at most {MAX_GHOSTS} ghosts; {count} replays were given"
            ),
            RaceError::OtherSeed { name, seed, run } => write!(
                f,
                "{name}: the replay is of seed {seed}, not this run's seed {run}; a ghost must \
                 play the same dungeon"
            ),
            RaceError::Unplayable { name, error } => write!(f, "{name}: {error}"),
        }
    }
}

impl std::error::Error for RaceError {}

/// How a ghost's run stands once it has stopped moving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GhostEnd {
    Won,
    Died,
    /// Its player gave the run up: it stays where it stopped.
    Abandoned,
    /// Its hero climbed out of the dungeon without the prize.
    Left,
    /// Its commands ran out with its hero alive (a replay of a run left unfinished): it
    /// stays where it stopped.
    Stopped,
    /// These rules refused its command `index`; it stays at the last state they accepted.
    Diverged {
        index: usize,
    },
}

/// One other run played beside the player's: its replay's commands run on a game of its own,
/// as far as the player's turn counter.
#[derive(Debug, Clone)]
pub struct Ghost {
    name: String,
    replay: Replay,
    game: Game,
    /// The next of the replay's commands to run.
    next: usize,
    end: Option<GhostEnd>,
}

impl Ghost {
    /// The ghost of `replay` at its run's first state, shown as `name`. Replays carry no name
    /// of their own, so the caller gives one (`ghost_name` makes it from the file name).
    pub fn new(name: String, replay: Replay, content: &Content) -> Result<Ghost, ReplayError> {
        let game = replay.start(content)?;
        Ok(Ghost {
            name,
            replay,
            game,
            next: 0,
            end: None,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The ghost's run as it stands (its own game: nothing in it touches the player's).
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// How it ended, once it no longer moves.
    pub fn end(&self) -> Option<GhostEnd> {
        self.end
    }

    /// Runs its commands until its turn counter reaches `turn`, or its run is over, or its
    /// commands run out. Each call only plays on from where the last one stopped.
    pub fn keep_pace(&mut self, turn: u64, content: &Content) {
        while self.end.is_none() {
            if let Some(outcome) = self.game.run.outcome {
                self.end = Some(match outcome {
                    RunOutcome::Won => GhostEnd::Won,
                    RunOutcome::Died => GhostEnd::Died,
                    RunOutcome::Abandoned => GhostEnd::Abandoned,
                    RunOutcome::Left => GhostEnd::Left,
                });
            } else if self.game.run.turn >= turn {
                return;
            } else if let Some(command) = self.replay.commands.get(self.next) {
                if let Outcome::Rejected(_) = self.game.execute(command, content) {
                    self.end = Some(GhostEnd::Diverged { index: self.next });
                }
                self.next += 1;
            } else {
                self.end = Some(GhostEnd::Stopped);
            }
        }
    }

    /// What the app draws and writes for this ghost, seen from the player's `floor`.
    pub fn view(&self, floor: u32) -> GhostView {
        // A hero that won has left the dungeon and one that died is gone: only a ghost still
        // standing somewhere is drawn, and only where the player is.
        let standing = !self.game.is_over();
        GhostView {
            name: self.name.clone(),
            class: self.game.origin.class.clone(),
            floor: self.game.floor.depth,
            turn: self.game.run.turn,
            pos: (standing && self.game.floor.depth == floor).then(|| self.game.hero_pos()),
            end: self.end,
        }
    }
}

/// A ghost as the player sees it this turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GhostView {
    pub name: String,
    /// Its hero's class id (a figure may be drawn by class).
    pub class: String,
    pub floor: u32,
    pub turn: u64,
    /// Where to draw it: only when it stands on the player's floor.
    pub pos: Option<Pos>,
    pub end: Option<GhostEnd>,
}

impl GhostView {
    /// The sidebar line: "run #12: floor 3, turn 412", "run #12: died on floor 5, turn 3412".
    pub fn line(&self) -> String {
        let (name, floor, turn) = (&self.name, self.floor, self.turn);
        match self.end {
            None => format!("{name}: floor {floor}, turn {turn}"),
            Some(GhostEnd::Won) => format!("{name}: won, turn {turn}"),
            Some(GhostEnd::Died) => format!("{name}: died on floor {floor}, turn {turn}"),
            Some(GhostEnd::Abandoned) => {
                format!("{name}: abandoned on floor {floor}, turn {turn}")
            }
            Some(GhostEnd::Left) => format!("{name}: left without the prize, turn {turn}"),
            Some(GhostEnd::Stopped) => {
                format!("{name}: replay ends on floor {floor}, turn {turn}")
            }
            Some(GhostEnd::Diverged { .. }) => {
                format!("{name}: replay refused by these rules on floor {floor}, turn {turn}")
            }
        }
    }
}

/// The ghosts racing the player's run.
#[derive(Debug, Clone, Default)]
pub struct Race {
    ghosts: Vec<Ghost>,
}

impl Race {
    /// A race of `replays` (each with the name to show it under) beside a run of `seed`.
    /// Each must be of that seed, under these rules and with this content's packs, and
    /// playable on one content; any class may race (the dungeon is the seed's, whoever walks
    /// it). Replays read with `Replay::decode` have had their content fingerprint checked
    /// too; `from_files` does that reading.
    pub fn new(
        replays: Vec<(String, Replay)>,
        seed: u64,
        content: &Content,
    ) -> Result<Race, RaceError> {
        if replays.len() > MAX_GHOSTS {
            return Err(RaceError::TooMany {
                count: replays.len(),
            });
        }
        let mut ghosts = Vec::with_capacity(replays.len());
        for (name, replay) in replays {
            if replay.origin.seed != seed {
                return Err(RaceError::OtherSeed {
                    name,
                    seed: replay.origin.seed,
                    run: seed,
                });
            }
            let refused = if replay.origin.rules != RULES_VERSION {
                Some(ReplayError::OtherRules {
                    recorded: replay.origin.rules,
                })
            } else if replay.packs != content.packs {
                Some(ReplayError::OtherContent {
                    recorded: replay.packs.clone(),
                })
            } else {
                None
            };
            if let Some(error) = refused {
                return Err(RaceError::Unplayable { name, error });
            }
            match Ghost::new(name.clone(), replay, content) {
                Ok(ghost) => ghosts.push(ghost),
                Err(error) => return Err(RaceError::Unplayable { name, error }),
            }
        }
        Ok(Race { ghosts })
    }

    /// As `new`, from the replay files' bytes (read from disk, or the files a browser player
    /// picked), each decoded against `content` as `delve replay` decodes it.
    pub fn from_files(
        files: Vec<(String, Vec<u8>)>,
        seed: u64,
        content: &Content,
    ) -> Result<Race, RaceError> {
        if files.len() > MAX_GHOSTS {
            return Err(RaceError::TooMany { count: files.len() });
        }
        let mut replays = Vec::with_capacity(files.len());
        for (name, bytes) in files {
            match Replay::decode(&bytes, content) {
                Ok(replay) => replays.push((name, replay)),
                Err(error) => return Err(RaceError::Unplayable { name, error }),
            }
        }
        Race::new(replays, seed, content)
    }

    pub fn ghosts(&self) -> &[Ghost] {
        &self.ghosts
    }

    pub fn is_empty(&self) -> bool {
        self.ghosts.is_empty()
    }

    /// Brings every ghost up to the player's turn counter (`Game::turn`), playing on from
    /// where each stood: call it whenever the player's turn may have grown.
    pub fn keep_pace(&mut self, turn: u64, content: &Content) {
        for ghost in &mut self.ghosts {
            ghost.keep_pace(turn, content);
        }
    }

    /// Every ghost as seen from the player's `floor`, in the order they were given.
    pub fn views(&self, floor: u32) -> Vec<GhostView> {
        self.ghosts.iter().map(|g| g.view(floor)).collect()
    }
}

/// The name a ghost is shown under, from its file's name: "run #12" for a kept replay
/// ("000012-seed-7.replay"), else the file's stem ("alice" for "alice.replay").
pub fn ghost_name(file: &std::path::Path) -> String {
    let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned());
    if let Some(name) = &file_name
        && name.contains("-seed-")
        && let Some(number) = crate::runs::kept::run_number(name)
    {
        return format!("run #{number}");
    }
    file.file_stem().map_or_else(
        || file.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// "Race my best": the player's best kept replay of `seed` that can be played here, best as
/// the records rank runs (a ranked run before a fork, then the higher score, then fewer
/// turns, then the earlier run). `None` when no kept replay of the seed can be raced.
pub fn best_of_seed(replays: &[KeptReplay], seed: u64) -> Option<&KeptReplay> {
    replays
        .iter()
        .filter(|k| k.seed == seed && k.refused.is_none())
        .min_by_key(|k| {
            (
                k.forked,
                std::cmp::Reverse(k.score.unwrap_or(0)),
                k.turns,
                k.number,
            )
        })
}
