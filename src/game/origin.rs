//! A run's identity: what it was started from (seed, rules version, class, daily date, the
//! replay it forked) and the content reloads it spans. `Game` and its `Replay` hold the same
//! value, so the two can never tell a different story of where a run came from.
use std::fmt;

use serde::{Deserialize, Serialize};

use super::reload::ContentReload;

/// Where a run came from. Its fields keep their places in the save's and the state hash's
/// encoding (`super::wire`): `seed` first, the rest together near the end. Saves and replays
/// are read back by name (`wire::SavedGame`, `runs::replay`), with the defaults there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Origin {
    pub seed: u64,
    /// Content hot reloads during the run (empty for almost every run, and then not written,
    /// so saves and state hashes of ordinary runs stay as they were).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reloads: Vec<ContentReload>,
    /// The rules version the run began under (`RULES_VERSION`); saves and replays from before
    /// versions were recorded read as version 1.
    pub rules: u32,
    /// The hero's class (a `[[classes]]` id); empty for runs from before classes, and for
    /// content that defines none: then the hero is `core:hero` as written.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub class: String,
    /// The daily challenge's date (`YYYY-MM-DD`) when the run is one: its seed is that
    /// date's (`daily::daily_seed`). Not written for other runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
    /// The replay this run took over, and at which turn: a fork is never ranked. Not written
    /// for other runs. Like the daily date it is in the state hash, so a forked replay's
    /// hashes say it is one: strip the mark and its own replay no longer verifies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fork: Option<Fork>,
}

/// The rules version of a save or replay from before versions were recorded.
pub fn first_rules() -> u32 {
    1
}

impl Origin {
    /// A new run of `seed` as `class`, under today's rules.
    pub fn new(seed: u64, class: &str) -> Origin {
        Origin {
            seed,
            reloads: Vec::new(),
            rules: super::RULES_VERSION,
            class: class.to_string(),
            daily: None,
            fork: None,
        }
    }
}

/// Where a forked run came from: the run it took over, and the turn it took over at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fork {
    /// The source run as `Replay::source_name` names it: its seed (or daily date) and its final
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
