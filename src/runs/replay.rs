//! Replays: a run's seed, content and accepted commands, played again headless to its hash.
use std::fmt;
use std::path::Path;

use serde::Deserialize;
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::content::Content;
use crate::game::{
    Command, ContentReload, Fork, Game, Origin, Outcome, RULES_VERSION, Reason, first_rules,
    outcome_name, write_field,
};
use crate::runs::save::{FrameError, frame, unframe};

/// 2: the start record names the hero's class. 3: and the daily run's date. 4: and the fork
/// origin, for a run that took over another's replay.
pub const FORMAT_VERSION: u32 = 4;
const MAGIC: &str = "DELVE-REPLAY";

/// Everything needed to play a run again: the rules and the content do the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Where the run came from, as its `Game` holds it.
    pub origin: Origin,
    /// Packs in load order when it was recorded (for the message when they differ).
    pub packs: Vec<String>,
    pub commands: Vec<Command>,
    /// The state hash after the last command, as recorded.
    pub final_hash: u64,
    pub final_turn: u64,
    /// What the run claims, for `delve verify`: how it ended (`won`, `died`; absent while
    /// alive) and its score (the records' formula), checked by playing it again.
    pub outcome: Option<String>,
    pub score: Option<u64>,
    /// (turn, state hash) every `CHECKPOINT_TURNS` turns on the way, so a replay that goes
    /// wrong is named near where it does.
    pub checkpoints: Vec<(u64, u64)>,
}

/// A replay file's fields as they are read, by name (older formats lack the later ones,
/// which read as absent), then gathered into the `Replay` and its `Origin`.
#[derive(Deserialize)]
struct SavedReplay {
    seed: u64,
    packs: Vec<String>,
    commands: Vec<Command>,
    final_hash: u64,
    final_turn: u64,
    #[serde(default)]
    reloads: Vec<ContentReload>,
    #[serde(default = "first_rules")]
    rules: u32,
    #[serde(default)]
    class: String,
    #[serde(default)]
    daily: Option<String>,
    #[serde(default)]
    fork: Option<Fork>,
    #[serde(default)]
    outcome: Option<String>,
    #[serde(default)]
    score: Option<u64>,
    #[serde(default)]
    checkpoints: Vec<(u64, u64)>,
}

impl<'de> Deserialize<'de> for Replay {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Replay, D::Error> {
        let s = SavedReplay::deserialize(d)?;
        Ok(Replay {
            origin: Origin {
                seed: s.seed,
                reloads: s.reloads,
                rules: s.rules,
                class: s.class,
                daily: s.daily,
                fork: s.fork,
            },
            packs: s.packs,
            commands: s.commands,
            final_hash: s.final_hash,
            final_turn: s.final_turn,
            outcome: s.outcome,
            score: s.score,
            checkpoints: s.checkpoints,
        })
    }
}

impl Serialize for Replay {
    /// The replay file's fields in the order they have always had: the origin's seed first,
    /// its other fields after the command list; what is absent (no outcome while alive, no
    /// score, no checkpoints) is not written.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Replay", 13)?;
        write_field(&self.origin, "seed", &mut out)?;
        out.serialize_field("packs", &self.packs)?;
        out.serialize_field("commands", &self.commands)?;
        out.serialize_field("final_hash", &self.final_hash)?;
        out.serialize_field("final_turn", &self.final_turn)?;
        for name in ["reloads", "rules", "class", "daily", "fork"] {
            write_field(&self.origin, name, &mut out)?;
        }
        if self.outcome.is_some() {
            out.serialize_field("outcome", &self.outcome)?;
        }
        if self.score.is_some() {
            out.serialize_field("score", &self.score)?;
        }
        if !self.checkpoints.is_empty() {
            out.serialize_field("checkpoints", &self.checkpoints)?;
        }
        out.end()
    }
}

/// Turns between a replay's checkpoints: the viewer's snapshot spacing.
pub const CHECKPOINT_TURNS: u64 = 500;

#[derive(Debug, Clone, PartialEq)]
pub enum ReplayError {
    Io(String),
    NotAReplay,
    Version(String),
    Damaged(String),
    /// Recorded under another rules version: replaying would play a different game.
    OtherRules {
        recorded: u32,
    },
    /// Recorded with other content: replaying would play a different game.
    OtherContent {
        recorded: Vec<String>,
    },
    /// The rules refused a recorded command: the replay does not belong to these rules.
    Diverged {
        index: usize,
        command: Command,
        reason: Reason,
    },
    BadSeed(String),
    /// The content was reloaded during the run (desktop hot reload).
    SpansReload {
        turn: u64,
    },
    /// A fork asked for at a turn the replay does not reach (`last`: its last turn).
    NoSuchTurn {
        turn: u64,
        last: u64,
    },
    /// A fork asked for where the run is already over: nothing is left to play.
    ForkOfEnded {
        turn: u64,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Io(e) => write!(f, "cannot read or write the replay: {e}"),
            ReplayError::NotAReplay => write!(f, "this is not a Delve replay file"),
            ReplayError::Version(v) => write!(
                f,
                "the replay has format version {v}; this game reads version {FORMAT_VERSION}"
            ),
            ReplayError::Damaged(why) => write!(f, "the replay is damaged ({why})"),
            ReplayError::OtherRules { recorded } => write!(
                f,
                "the replay was recorded under rules version {recorded}; this game plays rules \
                 version {RULES_VERSION}, where its commands would play a different game"
            ),
            ReplayError::OtherContent { recorded } => write!(
                f,
                "the replay was recorded with other content (packs: {}); load exactly that content to replay it",
                recorded.join(", ")
            ),
            ReplayError::Diverged {
                index,
                command,
                reason,
            } => write!(
                f,
                "command {index} ({command:?}) is refused when replayed ({reason}): the replay does not match these rules"
            ),
            ReplayError::BadSeed(e) => write!(f, "the replay's run cannot start: {e}"),
            ReplayError::SpansReload { turn } => write!(
                f,
                "the run's content was reloaded at turn {turn} while it was played: a replay can only check a run played on one content"
            ),
            ReplayError::NoSuchTurn { turn, last } => write!(
                f,
                "the replay ends at turn {last}: there is no turn {turn} to play from"
            ),
            ReplayError::ForkOfEnded { turn } => write!(
                f,
                "the run is over at turn {turn}: there is nothing left to play from there"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A replay's framing in this format or an older one (version 1 has no class, 2 no daily
/// date, 3 no fork origin; what they lack reads as absent, and the rules version says whether
/// they can still be played).
fn unframe_any(bytes: &[u8]) -> Result<(u64, &[u8]), FrameError> {
    match unframe(bytes, MAGIC, FORMAT_VERSION) {
        Err(FrameError::Version(v)) if ["1", "2", "3"].contains(&v.as_str()) => {
            unframe(bytes, MAGIC, v.parse().unwrap_or(1))
        }
        other => other,
    }
}

impl Replay {
    /// The replay of `game` so far: its start record, every accepted command, and the claims
    /// its final state makes (outcome, score). No checkpoints: a file meant to be checked by
    /// others gets them from `with_checkpoints`, which plays the run once more.
    pub fn of(game: &Game, content: &Content) -> Replay {
        Replay {
            origin: game.origin.clone(),
            packs: content.packs.clone(),
            commands: game.log.record.clone(),
            final_hash: game.state_hash(),
            final_turn: game.run.turn,
            outcome: game.run.outcome.map(|o| outcome_name(Some(o)).to_string()),
            score: Some(crate::runs::score_of(game)),
            checkpoints: Vec::new(),
        }
    }

    /// This replay with its checkpoints, for a file others may verify; unchanged when it
    /// cannot be played on `content` (a run that spans a content reload).
    pub fn with_checkpoints(mut self, content: &Content) -> Replay {
        if let Ok((_, checkpoints)) = self.run_with_checkpoints(content) {
            self.checkpoints = checkpoints;
        }
        self
    }

    /// Plays the commands (as `run`) and takes the state hash each time the turn passes a
    /// multiple of `CHECKPOINT_TURNS`: what `with_checkpoints` records and verify compares.
    pub fn run_with_checkpoints(
        &self,
        content: &Content,
    ) -> Result<(Game, Vec<(u64, u64)>), ReplayError> {
        let mut checkpoints = Vec::new();
        let game = self.run_with(content, |g, command| {
            let before = g.run.turn;
            let out = g.execute(command, content);
            if g.run.turn / CHECKPOINT_TURNS > before / CHECKPOINT_TURNS {
                checkpoints.push((g.run.turn, g.state_hash()));
            }
            out
        })?;
        Ok((game, checkpoints))
    }

    pub fn encode(&self, content: &Content) -> Result<Vec<u8>, ReplayError> {
        let body = serde_json::to_vec(self)
            .map_err(|e| ReplayError::Io(format!("cannot encode the replay: {e}")))?;
        Ok(frame(MAGIC, FORMAT_VERSION, content.fingerprint(), &body))
    }

    /// Reads a replay made with exactly `content`; anything else is refused with the reason.
    pub fn decode(bytes: &[u8], content: &Content) -> Result<Replay, ReplayError> {
        let (fingerprint, body) = unframe_any(bytes).map_err(|e| match e {
            FrameError::Foreign => ReplayError::NotAReplay,
            FrameError::Version(v) => ReplayError::Version(v),
            FrameError::Damaged(why) => ReplayError::Damaged(why),
        })?;
        let replay: Replay = serde_json::from_slice(body)
            .map_err(|e| ReplayError::Damaged(format!("unreadable command list: {e}")))?;
        if replay.origin.rules != RULES_VERSION {
            return Err(ReplayError::OtherRules {
                recorded: replay.origin.rules,
            });
        }
        if fingerprint != content.fingerprint() {
            return Err(ReplayError::OtherContent {
                recorded: replay.packs,
            });
        }
        Ok(replay)
    }

    /// What a replay file says, read without checking its content or rules (to list it).
    pub fn peek(bytes: &[u8]) -> Option<Replay> {
        let (_, body) = unframe_any(bytes).ok()?;
        serde_json::from_slice(body).ok()
    }

    /// Plays the commands from a new run of the seed; every one must be accepted again.
    pub fn run(&self, content: &Content) -> Result<Game, ReplayError> {
        self.run_with(content, |game, command| game.execute(command, content))
    }

    /// The run's first state: a new run of the seed, unless the replay cannot be played on one
    /// content.
    pub fn start(&self, content: &Content) -> Result<Game, ReplayError> {
        if let Some(r) = self.origin.reloads.first() {
            return Err(ReplayError::SpansReload { turn: r.turn });
        }
        let mut game = Game::new_as(self.origin.seed, &self.origin.class, content)
            .map_err(|e| ReplayError::BadSeed(e.to_string()))?;
        game.origin.daily = self.origin.daily.clone();
        game.origin.fork = self.origin.fork.clone();
        Ok(game)
    }

    /// As `run`, with `execute` running each command (to watch what it does on the way).
    pub fn run_with(
        &self,
        content: &Content,
        execute: impl FnMut(&mut Game, &Command) -> Outcome,
    ) -> Result<Game, ReplayError> {
        self.run_first(self.commands.len(), content, execute)
    }

    /// As `run_with`, stopping after the first `count` commands (at most all of them): the
    /// state at the viewer's turn `count`.
    pub(crate) fn run_first(
        &self,
        count: usize,
        content: &Content,
        mut execute: impl FnMut(&mut Game, &Command) -> Outcome,
    ) -> Result<Game, ReplayError> {
        let mut game = self.start(content)?;
        for (index, command) in self.commands.iter().take(count).enumerate() {
            if let Outcome::Rejected(reason) = execute(&mut game, command) {
                return Err(ReplayError::Diverged {
                    index,
                    command: command.clone(),
                    reason,
                });
            }
        }
        Ok(game)
    }

    pub fn write(&self, path: &Path, content: &Content) -> Result<(), ReplayError> {
        crate::runs::save::write_atomic(path, &self.encode(content)?)
            .map_err(|e| ReplayError::Io(e.to_string()))
    }

    pub fn read(path: &Path, content: &Content) -> Result<Replay, ReplayError> {
        let bytes = std::fs::read(path).map_err(|e| ReplayError::Io(e.to_string()))?;
        Replay::decode(&bytes, content)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::bot::played;

    fn content() -> Content {
        Content::core().unwrap()
    }

    #[test]
    fn replays_reproduce_their_hash_over_several_seeds() {
        let content = content();
        for seed in [1, 2, 3, 99, 2024] {
            let game = played(seed, 600, &content);
            let bytes = Replay::of(&game, &content).encode(&content).unwrap();
            let replay = Replay::decode(&bytes, &content).unwrap();
            assert_eq!(replay.commands.len() as u64, game.log.record.len() as u64);
            let again = replay.run(&content).unwrap();
            assert_eq!(again.state_hash(), replay.final_hash, "seed {seed}");
            assert_eq!(again.run.turn, replay.final_turn);
        }
    }

    #[test]
    fn other_content_and_damage_are_refused() {
        let content = content();
        let game = played(5, 100, &content);
        let bytes = Replay::of(&game, &content).encode(&content).unwrap();
        let mut other = content.clone();
        other.balance.evasion += 0.01;
        assert!(matches!(
            Replay::decode(&bytes, &other),
            Err(ReplayError::OtherContent { .. })
        ));
        let mut flipped = bytes.clone();
        let last = flipped.len() - 3;
        flipped[last] ^= 0x20;
        assert!(matches!(
            Replay::decode(&flipped, &content),
            Err(ReplayError::Damaged(_))
        ));
        assert_eq!(
            Replay::decode(b"hello", &content),
            Err(ReplayError::NotAReplay)
        );
        for cut in [0, 10, bytes.len() / 2, bytes.len() - 1] {
            assert!(
                Replay::decode(&bytes[..cut], &content).is_err(),
                "cut {cut}"
            );
        }
    }

    #[test]
    fn a_command_the_rules_refuse_is_a_divergence() {
        let content = content();
        let game = Game::new(8, &content).unwrap();
        let mut replay = Replay::of(&game, &content);
        replay.commands.push(Command::Descend);
        let err = replay.run(&content).unwrap_err();
        assert!(
            matches!(err, ReplayError::Diverged { index: 0, .. }),
            "{err}"
        );
        assert!(err.to_string().contains("command 0"));
    }

    #[test]
    fn a_run_that_spans_a_hot_reload_says_so_instead_of_diverging() {
        let content = content();
        let mut game = played(6, 50, &content);
        let at = game.run.turn;
        game.adopt_content(&content).unwrap();
        let bytes = Replay::of(&game, &content).encode(&content).unwrap();
        let replay = Replay::decode(&bytes, &content).unwrap();
        assert_eq!(replay.origin.reloads.len(), 1, "the mark survives the file");
        let err = replay.run(&content).unwrap_err();
        assert_eq!(err, ReplayError::SpansReload { turn: at });
        assert!(err.to_string().contains(&format!("reloaded at turn {at}")));
    }

    /// A replay from another rules version is refused by name, before it can diverge.
    #[test]
    fn a_replay_of_other_rules_is_refused_naming_both_versions() {
        let content = content();
        let game = played(6, 80, &content);
        let mut replay = Replay::of(&game, &content);
        assert_eq!(replay.origin.rules, RULES_VERSION);
        replay.origin.rules = RULES_VERSION - 1;
        let bytes = replay.encode(&content).unwrap();
        let err = Replay::decode(&bytes, &content).unwrap_err();
        assert_eq!(
            err,
            ReplayError::OtherRules {
                recorded: RULES_VERSION - 1
            }
        );
        let text = err.to_string();
        assert!(
            text.contains(&format!("rules version {}", RULES_VERSION - 1)),
            "{text}"
        );
        assert!(
            text.contains(&format!("plays rules version {RULES_VERSION}")),
            "{text}"
        );
        // A replay written before rules versions existed reads as version 1.
        let body = serde_json::to_string(&Replay::of(&game, &content)).unwrap();
        let old = body.replace(&format!(",\"rules\":{RULES_VERSION}"), "");
        assert_ne!(old, body);
        let read: Replay = serde_json::from_str(&old).unwrap();
        assert_eq!(read.origin.rules, 1);
    }
}
