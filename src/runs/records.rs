//! The records table: the best finished runs by score, kept in `records.toml`, each naming its
//! morgue and (when it has one) its replay.
use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::content::Content;
use crate::game::{Game, RunOutcome};

/// How many runs the table keeps (and the Records screen shows).
pub const RECORDS_KEPT: usize = 20;

/// Score points per floor reached, per kill, and for escaping the dungeon (docs/PLAYERS.md: records).
pub const POINTS_PER_FLOOR: u64 = 250;
pub const POINTS_PER_KILL: u64 = 10;
pub const WIN_BONUS: u64 = 1000;

/// A run's score as it stands: its deepest floor, the gold it collected, its kills and
/// whether it won. A run that climbs keeps the floors it reached below.
pub fn score_of(game: &Game) -> u64 {
    score(
        game.depths.deepest(game.floor.depth),
        game.gold_collected(),
        game.party.kills,
        game.run.outcome == Some(RunOutcome::Won),
    )
}

/// A run's score: 250 a floor reached, 1 a gold piece, 10 a kill, 1000 for escaping.
pub fn score(floor: u32, gold: u32, kills: u32, won: bool) -> u64 {
    POINTS_PER_FLOOR * u64::from(floor)
        + u64::from(gold)
        + POINTS_PER_KILL * u64::from(kills)
        + if won { WIN_BONUS } else { 0 }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One finished run in the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub score: u64,
    /// The run's number among kept runs (its files carry it), increasing: ties go to the
    /// earlier run.
    pub number: u64,
    pub seed: u64,
    /// The hero's class id (empty: a run from before classes).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub class: String,
    /// "won", "died" or "abandoned" (`outcome_name`).
    pub outcome: String,
    /// What ended it ("Killed by the cave spider (Bite)", "Escaped the dungeon").
    pub cause: String,
    pub floor: u32,
    pub turns: u64,
    /// Gold collected (what the score counts), spent or not.
    pub gold: u32,
    /// Gold spent at shops.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spent: u32,
    pub kills: u32,
    pub level: u32,
    pub rules: u32,
    /// The content fingerprint, as hex.
    pub content: String,
    pub packs: Vec<String>,
    /// The morgue's name among the kept morgues.
    pub morgue: String,
    /// The replay's name among the kept replays; none for a run that spanned a content reload.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<String>,
    /// The daily challenge's date, for a daily run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
    /// A daily run that was not this install's first try of its date (honest play only: no
    /// file can prove a first try), or a fork: both rank below every ranked run.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unranked: bool,
    /// Its replay was played again when it was kept and proved what it claims
    /// (`crate::runs::verify`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub verified: bool,
    /// The replay this run took over, and at which turn ("forked from …, turn N"). Last, as
    /// a table of its own in the TOML.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fork: Option<crate::game::Fork>,
}

impl Record {
    /// The record of a finished `game`, run number `number`, kept under these names.
    pub fn of(
        game: &Game,
        content: &Content,
        number: u64,
        morgue: String,
        replay: Option<String>,
    ) -> Record {
        Record {
            score: score_of(game),
            number,
            seed: game.origin.seed,
            class: game.origin.class.clone(),
            outcome: crate::game::outcome_name(game.run.outcome).into(),
            cause: super::morgue::outcome_line(game),
            floor: game.depths.deepest(game.floor.depth),
            turns: game.run.turn,
            gold: game.gold_collected(),
            spent: game.party.gold_spent,
            kills: game.party.kills,
            level: game.party.level,
            rules: game.origin.rules,
            content: format!("{:016x}", content.fingerprint()),
            packs: content.packs.clone(),
            morgue,
            replay,
            daily: game.origin.daily.clone(),
            // A fork played on from someone's replay: its score is not the player's alone.
            unranked: game.origin.fork.is_some(),
            verified: false,
            fork: game.origin.fork.clone(),
        }
    }

    /// Best first: a ranked run before an unranked one, then higher score, then fewer turns,
    /// then the earlier run.
    fn rank(&self, other: &Record) -> Ordering {
        (self.unranked.cmp(&other.unranked))
            .then(other.score.cmp(&self.score))
            .then(self.turns.cmp(&other.turns))
            .then(self.number.cmp(&other.number))
    }
}

/// How many daily runs the Daily table keeps (the newest dates).
pub const DAILIES_KEPT: usize = 60;

/// The table, best first, at most `RECORDS_KEPT` long; and the Daily table: every daily run
/// kept, newest date first, each date's ranked try before its others.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Records {
    #[serde(default, rename = "run")]
    pub runs: Vec<Record>,
    #[serde(default, rename = "daily", skip_serializing_if = "Vec::is_empty")]
    pub dailies: Vec<Record>,
}

/// The Daily table's order: newest date first, then the ranked try, then by rank.
fn daily_order(a: &Record, b: &Record) -> Ordering {
    (b.daily.cmp(&a.daily))
        .then(a.unranked.cmp(&b.unranked))
        .then(a.rank(b))
}

const HEADER: &str = "# Delve's records: the best finished runs, best first (written by the game).\n\
# score = 250 a floor reached + 1 a gold piece + 10 a kill + 1000 for escaping.\n\n";

impl Records {
    /// Reads the table; the error says where the file is broken (line and column).
    pub fn parse(text: &str) -> Result<Records, String> {
        let mut records: Records = toml::from_str(text).map_err(|e| e.to_string())?;
        records.runs.sort_by(Record::rank);
        records.runs.truncate(RECORDS_KEPT);
        records.dailies.retain(|r| r.daily.is_some());
        records.dailies.sort_by(daily_order);
        records.dailies.truncate(DAILIES_KEPT);
        Ok(records)
    }

    pub fn to_text(&self) -> String {
        let body = toml::to_string(self).unwrap_or_default();
        format!("{HEADER}{body}")
    }

    /// Enters `record` in order; its place (0 = best) if it made the table. A run that does
    /// not make it leaves the table as it was.
    pub fn insert(&mut self, record: Record) -> Option<usize> {
        let at = self
            .runs
            .iter()
            .position(|r| record.rank(r) == Ordering::Less)
            .unwrap_or(self.runs.len());
        if at >= RECORDS_KEPT {
            return None;
        }
        self.runs.insert(at, record);
        self.runs.truncate(RECORDS_KEPT);
        Some(at)
    }

    /// Enters a daily run in the Daily table: ranked when the table holds no run of its date
    /// yet (this install's first try), unranked otherwise. Returns whether it is ranked; a
    /// run that is not a daily is not entered.
    pub fn insert_daily(&mut self, mut record: Record) -> bool {
        if record.daily.is_none() {
            return false;
        }
        record.unranked =
            record.fork.is_some() || self.dailies.iter().any(|r| r.daily == record.daily);
        let ranked = !record.unranked;
        self.dailies.push(record);
        self.dailies.sort_by(daily_order);
        self.dailies.truncate(DAILIES_KEPT);
        ranked
    }

    /// Whether a record names this replay (such replays are never pruned).
    pub fn pins_replay(&self, name: &str) -> bool {
        (self.runs.iter().chain(&self.dailies)).any(|r| r.replay.as_deref() == Some(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(number: u64, score: u64, turns: u64) -> Record {
        Record {
            score,
            number,
            seed: number,
            class: "core:fighter".into(),
            outcome: "died".into(),
            cause: "Killed by a test".into(),
            floor: 1,
            turns,
            gold: 0,
            spent: 0,
            kills: 0,
            level: 1,
            rules: 3,
            content: "0".into(),
            packs: vec!["core".into()],
            morgue: format!("{number}.txt"),
            replay: Some(format!("{number}.replay")),
            daily: None,
            unranked: false,
            verified: false,
            fork: None,
        }
    }

    #[test]
    fn the_first_daily_of_a_date_is_ranked_and_later_tries_are_not() {
        let mut t = Records::default();
        let daily = |n: u64, date: &str, score: u64| Record {
            daily: Some(date.into()),
            ..record(n, score, 100)
        };
        assert!(
            !t.insert_daily(record(1, 500, 10)),
            "not a daily: not entered"
        );
        assert!(t.dailies.is_empty());
        assert!(t.insert_daily(daily(2, "2026-12-04", 300)));
        assert!(!t.insert_daily(daily(3, "2026-12-04", 900)), "a second try");
        assert!(t.insert_daily(daily(4, "2026-12-05", 100)));
        let order: Vec<(u64, bool)> = t.dailies.iter().map(|r| (r.number, r.unranked)).collect();
        assert_eq!(
            order,
            [(4, false), (2, false), (3, true)],
            "newest date, ranked try first"
        );
        let back = Records::parse(&t.to_text()).unwrap();
        assert_eq!(back, t, "the Daily table is kept in records.toml");
        assert!(back.pins_replay("3.replay"));
    }

    #[test]
    fn the_score_adds_depth_gold_kills_and_the_win_bonus() {
        assert_eq!(score(3, 40, 5, false), 750 + 40 + 50);
        assert_eq!(score(5, 0, 0, true), 1250 + 1000);
    }

    /// A run that went down to floor 2 and climbed back scores, and is recorded, at floor 2.
    #[test]
    fn a_run_that_climbed_keeps_its_deepest_floor() {
        use crate::game::Command;
        let content = Content::core().unwrap();
        let mut g = Game::new(6, &content).unwrap();
        let (hero, down) = (g.party.hero, g.floor.down);
        g.floor.creatures.get_mut(&hero).unwrap().pos = down;
        g.execute(&Command::Descend, &content);
        g.execute(&Command::Ascend, &content);
        assert_eq!(g.floor.depth, 1);
        let (gold, kills) = (g.gold_collected(), g.party.kills);
        assert_eq!(score_of(&g), score(2, gold, kills, false));
        let record = Record::of(&g, &content, 1, String::new(), None);
        assert_eq!(
            (record.floor, record.score),
            (2, score(2, gold, kills, false))
        );
    }

    #[test]
    fn records_keep_order_and_the_limit() {
        let mut t = Records::default();
        for n in 0..30u64 {
            // Scores rise and fall, with ties.
            let at = t.insert(record(n, (n * 37) % 11 * 100, 100 - n));
            assert!(at.is_none_or(|i| i < RECORDS_KEPT));
        }
        assert_eq!(t.runs.len(), RECORDS_KEPT);
        for pair in t.runs.windows(2) {
            assert_ne!(pair[0].rank(&pair[1]), Ordering::Greater, "{pair:?}");
        }
        // A run below the whole table is not entered and changes nothing.
        let before = t.clone();
        assert_eq!(t.insert(record(99, 0, 1000)), None);
        assert_eq!(t, before);
        // A new best goes first; the last falls out.
        let last = t.runs.last().unwrap().clone();
        assert_eq!(t.insert(record(100, 5000, 10)), Some(0));
        assert!(!t.runs.contains(&last));
        assert!(t.pins_replay("100.replay"));
        assert!(!t.pins_replay(last.replay.as_deref().unwrap()));
        // Equal scores: fewer turns first.
        let mut u = Records::default();
        u.insert(record(1, 500, 300));
        u.insert(record(2, 500, 200));
        assert_eq!(u.runs[0].number, 2);
    }

    #[test]
    fn the_table_reads_back_what_it_wrote_and_names_where_it_is_broken() {
        let mut t = Records::default();
        t.insert(record(1, 900, 50));
        let mut r = record(2, 400, 70);
        r.replay = None;
        t.insert(r);
        let text = t.to_text();
        assert!(text.starts_with("# Delve's records"));
        assert_eq!(Records::parse(&text).unwrap(), t);
        let broken = text.replace("score = 900", "score = \"nine hundred\"");
        let err = Records::parse(&broken).unwrap_err();
        assert!(err.contains("line"), "{err}");
        assert!(err.contains("score"), "{err}");
    }
}
