//! Keeping finished runs: each one's morgue and replay filed under a run number, the records
//! table updated, and the oldest replays removed past a bound unless a record names them.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::morgue::morgue;
use super::records::{Record, Records};
use super::stats::RunStats;
use crate::content::Content;
use crate::game::Game;
use crate::runs::replay::Replay;

/// Replays kept on the desktop, and in the browser (whose storage is smaller).
pub const REPLAYS_KEPT: usize = 50;
pub const REPLAYS_KEPT_BROWSER: usize = 12;

/// Where kept runs live: the morgue files, the replays, the records table beside them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Shelf {
    Morgues,
    Replays,
    /// The records table (and a broken one moved aside).
    Records,
}

impl Shelf {
    pub fn folder(self) -> &'static str {
        match self {
            Shelf::Morgues => "morgue",
            Shelf::Replays => "replays",
            Shelf::Records => "",
        }
    }
}

/// The file name of the records table on its shelf.
pub const RECORDS_FILE: &str = "records.toml";

/// Storage for kept runs: a folder on the desktop, the page's storage in the browser, memory
/// in tests. Errors are whole sentences naming what failed.
pub trait Archive {
    fn names(&self, shelf: Shelf) -> Result<Vec<String>, String>;
    /// `None` when there is no such file.
    fn read(&self, shelf: Shelf, name: &str) -> Result<Option<Vec<u8>>, String>;
    fn write(&mut self, shelf: Shelf, name: &str, bytes: &[u8]) -> Result<(), String>;
    fn remove(&mut self, shelf: Shelf, name: &str) -> Result<(), String>;
    /// Where a file is, for the player ("saves/morgue/000003-seed-7.txt").
    fn describe(&self, shelf: Shelf, name: &str) -> String;
    /// How many replays to keep.
    fn replays_kept(&self) -> usize {
        REPLAYS_KEPT
    }
}

/// Kept runs under a folder (the save's folder: `saves/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderArchive(pub PathBuf);

impl FolderArchive {
    /// The archive beside a save file: finished runs are kept in the save's folder.
    pub fn beside(save: &Path) -> FolderArchive {
        FolderArchive(
            save.parent()
                .filter(|d| !d.as_os_str().is_empty())
                .map_or_else(|| PathBuf::from("."), Path::to_path_buf),
        )
    }

    fn path(&self, shelf: Shelf, name: &str) -> PathBuf {
        self.0.join(shelf.folder()).join(name)
    }
}

impl Archive for FolderArchive {
    fn names(&self, shelf: Shelf) -> Result<Vec<String>, String> {
        let dir = self.0.join(shelf.folder());
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(format!("{}: {e}", dir.display())),
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| !n.ends_with(".tmp"))
            .collect();
        names.sort();
        Ok(names)
    }

    fn read(&self, shelf: Shelf, name: &str) -> Result<Option<Vec<u8>>, String> {
        let path = self.path(shelf, name);
        match std::fs::read(&path) {
            Ok(b) => Ok(Some(b)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    fn write(&mut self, shelf: Shelf, name: &str, bytes: &[u8]) -> Result<(), String> {
        let path = self.path(shelf, name);
        crate::runs::save::write_atomic(&path, bytes)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    fn remove(&mut self, shelf: Shelf, name: &str) -> Result<(), String> {
        let path = self.path(shelf, name);
        std::fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn describe(&self, shelf: Shelf, name: &str) -> String {
        self.path(shelf, name).display().to_string()
    }
}

/// Kept runs in memory (tests; a place to keep nothing).
#[derive(Clone, Debug, Default)]
pub struct MemoryArchive(pub BTreeMap<(Shelf, String), Vec<u8>>);

impl Archive for MemoryArchive {
    fn names(&self, shelf: Shelf) -> Result<Vec<String>, String> {
        Ok(self
            .0
            .keys()
            .filter(|(s, _)| *s == shelf)
            .map(|(_, n)| n.clone())
            .collect())
    }
    fn read(&self, shelf: Shelf, name: &str) -> Result<Option<Vec<u8>>, String> {
        Ok(self.0.get(&(shelf, name.to_string())).cloned())
    }
    fn write(&mut self, shelf: Shelf, name: &str, bytes: &[u8]) -> Result<(), String> {
        self.0.insert((shelf, name.to_string()), bytes.to_vec());
        Ok(())
    }
    fn remove(&mut self, shelf: Shelf, name: &str) -> Result<(), String> {
        self.0.remove(&(shelf, name.to_string()));
        Ok(())
    }
    fn describe(&self, shelf: Shelf, name: &str) -> String {
        Path::new(shelf.folder()).join(name).display().to_string()
    }
}

/// The name of kept run `number`'s file of kind `extension` ("000012-seed-7.txt").
pub fn kept_file_name(number: u64, seed: u64, extension: &str) -> String {
    format!("{number:06}-seed-{seed}.{extension}")
}

/// The run number a kept file's name starts with ("000012-seed-7.txt" → 12).
pub fn run_number(name: &str) -> Option<u64> {
    let digits: String = name.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// What keeping a run did, for the GameOver screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    pub number: u64,
    /// Where the morgue went.
    pub morgue: Option<String>,
    /// Where the replay went; none for a run that spanned a content reload.
    pub replay: Option<String>,
    /// Its place in the records table (0 = best), if it made it.
    pub place: Option<usize>,
    /// Problems met on the way (each names its file); whatever else could be kept was.
    pub problems: Vec<String>,
    /// Replays removed as the oldest past the bound.
    pub pruned: Vec<String>,
}

/// Reads the records table; a broken one is moved aside (never lost) and reported.
pub fn read_records(archive: &mut dyn Archive, problems: &mut Vec<String>) -> Records {
    let bytes = match archive.read(Shelf::Records, RECORDS_FILE) {
        Ok(Some(b)) => b,
        Ok(None) => return Records::default(),
        Err(e) => {
            problems.push(e);
            return Records::default();
        }
    };
    let where_ = archive.describe(Shelf::Records, RECORDS_FILE);
    let text = String::from_utf8_lossy(&bytes);
    match Records::parse(&text) {
        Ok(r) => r,
        Err(e) => {
            let aside = (0..)
                .map(|i| {
                    format!(
                        "{RECORDS_FILE}.bad{}",
                        if i == 0 {
                            String::new()
                        } else {
                            format!(".{i}")
                        }
                    )
                })
                .find(|n| archive.read(Shelf::Records, n).is_ok_and(|b| b.is_none()))
                .unwrap_or_else(|| format!("{RECORDS_FILE}.bad"));
            let moved = archive.write(Shelf::Records, &aside, &bytes);
            let kept = match moved {
                Ok(()) => format!(
                    "it was kept as {}",
                    archive.describe(Shelf::Records, &aside)
                ),
                Err(m) => format!("and it could not be kept aside: {m}"),
            };
            problems.push(format!(
                "{where_} is not a records table ({}); a new table was started, {kept}",
                e.trim_end()
            ));
            Records::default()
        }
    }
}

/// Keeps a finished run: its morgue, its replay (unless it spanned a content reload), its
/// place in the records, and prunes the oldest replays that no record names.
pub fn keep_run(
    archive: &mut dyn Archive,
    game: &Game,
    content: &Content,
    stats: Option<&RunStats>,
) -> Kept {
    let mut kept = Kept::default();
    let mut records = read_records(archive, &mut kept.problems);
    let mut numbers: Vec<u64> = records.runs.iter().map(|r| r.number).collect();
    for shelf in [Shelf::Morgues, Shelf::Replays] {
        match archive.names(shelf) {
            Ok(names) => numbers.extend(names.iter().filter_map(|n| run_number(n))),
            Err(e) => kept.problems.push(e),
        }
    }
    kept.number = numbers.into_iter().max().unwrap_or(0) + 1;
    let morgue_name = kept_file_name(kept.number, game.origin.seed, "txt");
    match archive.write(
        Shelf::Morgues,
        &morgue_name,
        morgue(game, content, stats).as_bytes(),
    ) {
        Ok(()) => kept.morgue = Some(archive.describe(Shelf::Morgues, &morgue_name)),
        Err(e) => kept.problems.push(e),
    }

    let mut replay_name = None;
    let mut verified = false;
    if game.origin.reloads.is_empty() {
        let name = kept_file_name(kept.number, game.origin.seed, "replay");
        let bytes = Replay::of(game, content)
            .with_checkpoints(content)
            .encode(content)
            .map_err(|e| e.to_string());
        // A daily's replay is played again as anyone would check it, for the Daily table's
        // mark.
        if game.origin.daily.is_some()
            && let Ok(bytes) = &bytes
        {
            verified = crate::runs::verify::verify(bytes, content).is_ok();
        }
        match bytes.and_then(|bytes| archive.write(Shelf::Replays, &name, &bytes)) {
            Ok(()) => {
                kept.replay = Some(archive.describe(Shelf::Replays, &name));
                replay_name = Some(name);
            }
            Err(e) => kept.problems.push(e),
        }
    }

    let record = Record {
        verified,
        ..Record::of(game, content, kept.number, morgue_name, replay_name)
    };
    let daily = record.daily.is_some();
    records.insert_daily(record.clone());
    kept.place = records.insert(record);
    if (kept.place.is_some() || daily)
        && let Err(e) = archive.write(Shelf::Records, RECORDS_FILE, records.to_text().as_bytes())
    {
        kept.problems.push(e);
    }
    prune_replays(archive, &records, &mut kept);
    kept
}

/// Imports someone's replay into the records: it is played again and must prove every claim
/// it makes (`crate::runs::verify`) before its run is kept as a finished run is, marked verified.
/// Refused with the reason when it does not, or when it cannot be checked here.
pub fn import_replay(
    archive: &mut dyn Archive,
    bytes: &[u8],
    content: &Content,
) -> Result<(crate::runs::verify::Verified, Kept), crate::runs::verify::Refused> {
    let verified = crate::runs::verify::verify(bytes, content)?;
    let game = Replay::decode(bytes, content)
        .and_then(|r| r.run(content))
        .map_err(|e| crate::runs::verify::Refused {
            code: crate::runs::verify::DAMAGED,
            reason: e.to_string(),
        })?;
    let kept = keep_run(archive, &game, content, None);
    let mut problems = Vec::new();
    let mut records = read_records(archive, &mut problems);
    let mut marked = false;
    for r in records.runs.iter_mut().chain(records.dailies.iter_mut()) {
        if r.number == kept.number {
            r.verified = true;
            marked = true;
        }
    }
    let mut kept = kept;
    kept.problems.append(&mut problems);
    if marked
        && let Err(e) = archive.write(Shelf::Records, RECORDS_FILE, records.to_text().as_bytes())
    {
        kept.problems.push(e);
    }
    Ok((verified, kept))
}

/// Removes the oldest replays past the archive's bound, never one a record names.
fn prune_replays(archive: &mut dyn Archive, records: &Records, kept: &mut Kept) {
    let Ok(mut names) = archive.names(Shelf::Replays) else {
        return;
    };
    names.retain(|n| run_number(n).is_some() && n.ends_with(".replay"));
    names.sort_by_key(|n| run_number(n));
    let mut extra = names.len().saturating_sub(archive.replays_kept());
    for name in names {
        if extra == 0 {
            break;
        }
        if records.pins_replay(&name) {
            continue;
        }
        match archive.remove(Shelf::Replays, &name) {
            Ok(()) => kept.pruned.push(name),
            Err(e) => kept.problems.push(e),
        }
        extra -= 1;
    }
}

/// A kept replay as the Watch list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptReplay {
    pub name: String,
    pub number: u64,
    pub seed: u64,
    pub turns: u64,
    pub packs: Vec<String>,
    /// Why it cannot be watched with this content and these rules, if so.
    pub refused: Option<String>,
    /// Its record, when it has one.
    pub record: Option<Record>,
    /// Its score: its record's, else what the replay claims (none from replays older than
    /// the claims).
    pub score: Option<u64>,
    /// A fork of another replay (never ranked, so never "my best" before a ranked run).
    pub forked: bool,
}

/// The kept replays, newest first, each read far enough to say whether it can be watched.
pub fn list_replays(
    archive: &mut dyn Archive,
    content: &Content,
) -> (Vec<KeptReplay>, Vec<String>) {
    let mut problems = Vec::new();
    let records = read_records(archive, &mut problems);
    let mut names = archive.names(Shelf::Replays).unwrap_or_else(|e| {
        problems.push(e);
        Vec::new()
    });
    names.retain(|n| n.ends_with(".replay"));
    names.sort_by_key(|n| std::cmp::Reverse((run_number(n), n.clone())));
    let mut out = Vec::new();
    for name in names {
        let bytes = match archive.read(Shelf::Replays, &name) {
            Ok(Some(b)) => b,
            Ok(None) => continue,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let record = records
            .runs
            .iter()
            .find(|r| r.replay.as_deref() == Some(name.as_str()))
            .cloned();
        let (replay, refused) = match Replay::decode(&bytes, content) {
            Ok(r) => (Some(r), None),
            Err(e) => (Replay::peek(&bytes), Some(e.to_string())),
        };
        let (seed, turns, packs, claimed, forked) = match replay {
            Some(r) => (
                r.origin.seed,
                r.final_turn,
                r.packs,
                r.score,
                r.origin.fork.is_some(),
            ),
            None => (0, 0, Vec::new(), None, false),
        };
        out.push(KeptReplay {
            number: run_number(&name).unwrap_or(0),
            name,
            seed,
            turns,
            packs,
            refused,
            score: record.as_ref().map(|r| r.score).or(claimed),
            forked,
            record,
        });
    }
    (out, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bot run played to its end.
    fn finished(seed: u64, content: &Content) -> (Game, RunStats) {
        crate::runs::stats::bot_run(seed, 20_000, content)
    }

    #[test]
    fn a_daily_run_enters_the_daily_table_verified_and_a_second_try_unranked() {
        let content = Content::core().unwrap();
        let date = crate::daily::Date::parse("2026-12-05").unwrap();
        let daily = Game::new_daily(date, content.first_class(), &content).unwrap();
        let (game, _) = crate::runs::stats::bot_run_from(daily, 20_000, &content);
        let mut a = MemoryArchive::default();
        keep_run(&mut a, &game, &content, None);
        keep_run(&mut a, &game, &content, None);
        let records = read_records(&mut a, &mut Vec::new());
        let marks: Vec<(Option<&str>, bool, bool)> = (records.dailies.iter())
            .map(|r| (r.daily.as_deref(), r.verified, r.unranked))
            .collect();
        assert_eq!(
            marks,
            [
                (Some("2026-12-05"), true, false),
                (Some("2026-12-05"), true, true)
            ]
        );
        // A run that is not a daily stays out of the table.
        let (plain, stats) = finished(7, &content);
        keep_run(&mut a, &plain, &content, Some(&stats));
        assert_eq!(read_records(&mut a, &mut Vec::new()).dailies.len(), 2);
    }

    #[test]
    fn an_imported_replay_is_verified_before_it_enters_the_records() {
        let content = Content::core().unwrap();
        let (game, _) = finished(7, &content);
        let bytes = Replay::of(&game, &content)
            .with_checkpoints(&content)
            .encode(&content)
            .unwrap();
        let mut a = MemoryArchive::default();
        let (proved, kept) = import_replay(&mut a, &bytes, &content).expect("it verifies");
        assert_eq!(proved.hash, game.state_hash());
        assert!(
            kept.replay.is_some(),
            "its replay is kept: {:?}",
            kept.problems
        );
        let records = read_records(&mut a, &mut Vec::new());
        let r = (records.runs.iter())
            .find(|r| r.number == kept.number)
            .expect("in the records");
        assert!(r.verified && r.seed == 7, "{r:?}");
        // An edited claim is refused, and nothing enters the records.
        let mut lie = Replay::decode(&bytes, &content).unwrap();
        lie.score = lie.score.map(|s| s + 1);
        let lie = lie.encode(&content).unwrap();
        let mut b = MemoryArchive::default();
        let refused = import_replay(&mut b, &lie, &content).expect_err("a lie");
        assert_eq!(refused.code, crate::runs::verify::FALSE);
        assert!(read_records(&mut b, &mut Vec::new()).runs.is_empty());
        let damaged = import_replay(&mut b, &bytes[..bytes.len() / 2], &content);
        assert_eq!(
            damaged.expect_err("cut short").code,
            crate::runs::verify::DAMAGED
        );
    }

    #[test]
    fn a_kept_run_files_its_morgue_replay_and_record() {
        let content = Content::core().unwrap();
        let (game, stats) = finished(7, &content);
        let mut a = MemoryArchive::default();
        let kept = keep_run(&mut a, &game, &content, Some(&stats));
        assert_eq!(kept.number, 1);
        assert_eq!(kept.problems, Vec::<String>::new());
        assert_eq!(kept.morgue.as_deref(), Some("morgue/000001-seed-7.txt"));
        assert_eq!(kept.replay.as_deref(), Some("replays/000001-seed-7.replay"));
        assert_eq!(kept.place, Some(0));
        let bytes = a
            .read(Shelf::Replays, "000001-seed-7.replay")
            .unwrap()
            .unwrap();
        let replay = Replay::decode(&bytes, &content).unwrap();
        assert_eq!(
            replay.run(&content).unwrap().state_hash(),
            game.state_hash()
        );
        let records = read_records(&mut a, &mut Vec::new());
        assert_eq!(
            records.runs[0].replay.as_deref(),
            Some("000001-seed-7.replay")
        );
        assert_eq!(records.runs[0].morgue, "000001-seed-7.txt");
        // The next run gets the next number.
        let kept2 = keep_run(&mut a, &game, &content, Some(&stats));
        assert_eq!(kept2.number, 2);
    }

    #[test]
    fn the_oldest_replays_go_first_but_never_a_records() {
        let content = Content::core().unwrap();
        let (game, stats) = finished(3, &content);
        let mut a = MemoryArchive::default();
        // A record's replay, then many later runs that score less.
        keep_run(&mut a, &game, &content, Some(&stats));
        let mut poor = Game::new(9, &content).unwrap();
        poor.run.outcome = Some(crate::game::RunOutcome::Died);
        for _ in 0..REPLAYS_KEPT + 25 {
            keep_run(&mut a, &poor, &content, None);
        }
        // 76 replays for a bound of 50: the table's twenty (the good run and the first poor
        // ones, which tie and go by number) stay; of the rest, the oldest 26 went.
        let numbers: Vec<u64> = a
            .names(Shelf::Replays)
            .unwrap()
            .iter()
            .filter_map(|n| run_number(n))
            .collect();
        let expected: Vec<u64> = (1..=20).chain(47..=76).collect();
        assert_eq!(numbers, expected);
        let morgues = a.names(Shelf::Morgues).unwrap();
        assert_eq!(morgues.len(), REPLAYS_KEPT + 26, "every morgue is kept");
    }

    #[test]
    fn a_reloaded_run_keeps_its_morgue_and_record_without_a_replay() {
        let content = Content::core().unwrap();
        let (mut game, _) = finished(6, &content);
        game.adopt_content(&content).unwrap();
        let mut a = MemoryArchive::default();
        let kept = keep_run(&mut a, &game, &content, None);
        assert_eq!(kept.replay, None);
        assert!(kept.morgue.is_some());
        assert!(a.names(Shelf::Replays).unwrap().is_empty());
        let records = read_records(&mut a, &mut Vec::new());
        assert_eq!(records.runs[0].replay, None);
        let morgue = a
            .read(Shelf::Morgues, "000001-seed-6.txt")
            .unwrap()
            .unwrap();
        assert!(
            String::from_utf8(morgue)
                .unwrap()
                .contains("content reloaded: no replay")
        );
    }

    #[test]
    fn a_broken_records_file_is_moved_aside_and_a_new_table_started() {
        let content = Content::core().unwrap();
        let (game, stats) = finished(2, &content);
        let mut a = MemoryArchive::default();
        a.write(Shelf::Records, RECORDS_FILE, b"[[run]]\nscore = \"lots\"\n")
            .unwrap();
        let kept = keep_run(&mut a, &game, &content, Some(&stats));
        assert_eq!(kept.problems.len(), 1, "{:?}", kept.problems);
        let p = &kept.problems[0];
        assert!(p.contains("records.toml is not a records table"), "{p}");
        assert!(p.contains("line 2"), "{p}");
        assert!(p.contains("records.toml.bad"), "{p}");
        assert_eq!(
            a.read(Shelf::Records, "records.toml.bad").unwrap().unwrap(),
            b"[[run]]\nscore = \"lots\"\n"
        );
        assert_eq!(kept.place, Some(0));
    }

    #[test]
    fn the_watch_list_is_newest_first_and_says_what_cannot_be_watched() {
        let content = Content::core().unwrap();
        let (game, stats) = finished(5, &content);
        let mut a = MemoryArchive::default();
        keep_run(&mut a, &game, &content, Some(&stats));
        keep_run(&mut a, &game, &content, Some(&stats));
        let mut other = content.clone();
        other.balance.evasion += 0.01;
        let (list, problems) = list_replays(&mut a, &content);
        assert!(problems.is_empty());
        assert_eq!(list.iter().map(|k| k.number).collect::<Vec<_>>(), [2, 1]);
        assert!(list.iter().all(|k| k.refused.is_none() && k.seed == 5));
        assert_eq!(list[0].turns, game.run.turn);
        let (list, _) = list_replays(&mut a, &other);
        let why = list[0].refused.as_deref().unwrap();
        assert!(why.contains("recorded with other content"), "{why}");
        assert_eq!(list[0].seed, 5, "a refused replay still says what it is");
    }

    #[test]
    fn a_folder_archive_writes_where_it_says() {
        let dir = std::env::temp_dir().join(format!("delve-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let content = Content::core().unwrap();
        let (game, stats) = finished(8, &content);
        let mut a = FolderArchive(dir.clone());
        let kept = keep_run(&mut a, &game, &content, Some(&stats));
        assert!(kept.problems.is_empty(), "{:?}", kept.problems);
        let morgue = std::path::PathBuf::from(kept.morgue.unwrap());
        assert_eq!(morgue, dir.join("morgue/000001-seed-8.txt"));
        assert!(
            std::fs::read_to_string(&morgue)
                .unwrap()
                .contains("Seed:        8")
        );
        assert!(dir.join("records.toml").is_file());
        assert!(dir.join("replays/000001-seed-8.replay").is_file());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
