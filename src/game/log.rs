//! What happened, which no rule reads: the message log the player reads, the events of the
//! last command (for the presentation) and the record of every accepted command (the run's
//! replay).
use serde::{Deserialize, Serialize};

use super::command::Command;
use super::events::Event;
use super::state::Game;

/// How many messages the log keeps.
const LOG_KEEP: usize = 200;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Log {
    /// The messages, oldest first, at most `LOG_KEEP`.
    #[serde(rename = "log")]
    pub lines: Vec<LogLine>,
    /// Events processed by the last command, for the presentation layer.
    pub last_events: Vec<Event>,
    /// Every accepted command since the run began: the run's replay, kept in its saves too.
    pub record: Vec<Command>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogLine {
    pub turn: u64,
    pub text: String,
}

impl Game {
    pub(super) fn log(&mut self, text: impl Into<String>) {
        let turn = self.run.turn;
        let lines = &mut self.log.lines;
        lines.push(LogLine {
            turn,
            text: text.into(),
        });
        if lines.len() > LOG_KEEP {
            let extra = lines.len() - LOG_KEEP;
            lines.drain(..extra);
        }
    }
}
