//! `delve sim`: the bot plays headless; one run (with save, load, record) or many (a summary).
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::value_parser;
use serde::Serialize;

use super::{Bot, Format};
use crate::content::Content;
use crate::game::{Game, Outcome, bot, outcome_name};
use crate::runs::replay::Replay;
use crate::runs::stats::{AbilityStats, KindStats, RunStats, add_up};

#[derive(clap::Args, Debug)]
pub struct SimArgs {
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Turns to play (refused commands do not count); with --load, turns more.
    #[arg(long, default_value_t = 1000)]
    pub turns: u64,
    #[arg(long, value_enum, default_value_t = Bot::Explore)]
    pub bot: Bot,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the final state here as a save (`delve sim --load` and the game read it).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Also write the save every K turns on the way, as the game's autosave does.
    #[arg(long, value_name = "K", requires = "save", value_parser = value_parser!(u64).range(1..))]
    pub save_every: Option<u64>,
    /// The hero's class, e.g. `core:rogue` (a bare name means `core:`); default: the first
    /// class of the content (`core:fighter`).
    #[arg(long, value_name = "ID", conflicts_with = "load")]
    pub class: Option<String>,
    /// Play the daily challenge: the seed of today's UTC date (or `--date`'s), on the core
    /// pack alone so that anyone can check it.
    #[arg(long, conflicts_with_all = ["seed", "mods", "runs"])]
    pub daily: bool,
    /// With `--daily`: the date, `YYYY-MM-DD`, instead of today's.
    #[arg(long, value_name = "YYYY-MM-DD", requires = "daily")]
    pub date: Option<String>,
    /// Continue this save instead of starting a new run.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "class", "daily"])]
    pub load: Option<PathBuf>,
    /// Write the run's replay here (`delve replay FILE` plays it again).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Write the run's morgue file here (as the game writes one for every finished run).
    #[arg(long, value_name = "FILE")]
    pub morgue: Option<PathBuf>,
    /// Play this many runs (seeds S, S+1, …) and summarise how they ended.
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u64).range(1..),
          conflicts_with_all = ["save", "load", "record", "morgue"])]
    pub runs: u64,
    /// With --runs: draw how the runs ended on each floor as a PNG bar chart.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Also load the mods in this folder, as the game does (default: the core pack alone).
    #[arg(long, value_name = "DIR")]
    pub mods: Option<PathBuf>,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct SimReport {
    pub seed: u64,
    /// The hero's class id.
    pub class: String,
    /// The daily challenge's date, for a daily run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
    pub turns: u64,
    pub floor: u32,
    pub outcome: &'static str,
    pub state_hash: String,
    pub turns_per_second: f64,
    pub gold: u32,
    pub kills: u32,
    pub level: u32,
    /// Who killed the hero and with what, when the run ended in death.
    pub killer: Option<String>,
    pub killed_with: Option<String>,
    /// Creature kind id → how many appeared, killed, died and acted (the hero's kind is its
    /// class).
    pub creatures: BTreeMap<String, KindStats>,
    /// Ability id → how often it was used, and hit.
    pub abilities: BTreeMap<String, AbilityStats>,
}

/// Plays `turns` turns of a new run with the bot (or until the run ends) and reports.
pub fn simulate(content: &Content, seed: u64, turns: u64) -> Result<(Game, SimReport), String> {
    let game = Game::new(seed, content).map_err(|e| e.to_string())?;
    simulate_game(game, content, turns, |_| Ok(()))
}

/// `simulate` with the hero of `class`.
pub fn simulate_as(
    content: &Content,
    seed: u64,
    class: &str,
    turns: u64,
) -> Result<(Game, SimReport), String> {
    let game = Game::new_as(seed, class, content).map_err(|e| e.to_string())?;
    simulate_game(game, content, turns, |_| Ok(()))
}

/// Plays `turns` more turns of `game`; `each` sees the state after every accepted command.
pub fn simulate_game(
    mut game: Game,
    content: &Content,
    turns: u64,
    mut each: impl FnMut(&Game) -> Result<(), String>,
) -> Result<(Game, SimReport), String> {
    let end = game.run.turn.saturating_add(turns);
    // Wall-clock time only measures the sim; it never reaches the rules.
    let start = std::time::Instant::now();
    let first = game.run.turn;
    let mut refusals = 0u32;
    let mut stats = RunStats::starting_at(&game);
    while game.run.turn < end && !game.is_over() {
        let cmd = bot::explore(&game, content);
        match stats.execute(&mut game, &cmd, content) {
            Outcome::Rejected(reason) => {
                // A bot that only proposes refused commands would spin forever.
                refusals += 1;
                if refusals > 1000 {
                    return Err(format!("the bot is stuck: `{cmd:?}` refused ({reason})"));
                }
            }
            _ => {
                refusals = 0;
                each(&game)?;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let report = SimReport {
        seed: game.origin.seed,
        class: game.origin.class.clone(),
        daily: game.origin.daily.clone(),
        turns: game.run.turn,
        floor: game.floor.depth,
        outcome: outcome_name(game.run.outcome),
        state_hash: format!("{:016x}", game.state_hash()),
        turns_per_second: ((game.run.turn - first) as f64 / secs).round(),
        gold: game.party.gold,
        kills: game.party.kills,
        level: game.party.level,
        killer: game.run.death.as_ref().map(|d| d.killer.clone()),
        killed_with: game.run.death.as_ref().map(|d| d.ability.clone()),
        creatures: stats.creatures,
        abilities: stats.abilities,
    };
    Ok((game, report))
}

/// How many runs ended on one floor, and how.
#[derive(Serialize, Debug, Clone, Default, PartialEq, Eq)]
pub struct FloorEnds {
    pub floor: u32,
    pub won: u32,
    pub died: u32,
    pub unfinished: u32,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct RunsSummary {
    pub runs: u64,
    /// The hero's class in the runs (the first run's).
    pub class: String,
    pub first_seed: u64,
    pub max_turns: u64,
    pub won: u32,
    pub died: u32,
    /// Still alive when the turn limit came.
    pub unfinished: u32,
    /// Win rate over all runs, 0..1.
    pub win_rate: f64,
    pub median_death_floor: Option<u32>,
    pub mean_turns: f64,
    /// One entry per floor from 1 to the deepest reached.
    pub ends: Vec<FloorEnds>,
    pub deaths_by_creature: BTreeMap<String, u32>,
    pub deaths_by_ability: BTreeMap<String, u32>,
    /// Creature kind id → over all runs, how many appeared, killed, died and acted.
    pub creatures: BTreeMap<String, KindStats>,
    /// Ability id → over all runs, how often it was used, and hit.
    pub abilities: BTreeMap<String, AbilityStats>,
}

/// Tallies run reports (any order) into the per-floor ends and totals.
pub fn summarize(reports: &[SimReport], first_seed: u64, max_turns: u64) -> RunsSummary {
    let deepest = reports.iter().map(|r| r.floor).max().unwrap_or(1).max(1);
    let mut ends: Vec<FloorEnds> = (1..=deepest)
        .map(|floor| FloorEnds {
            floor,
            ..FloorEnds::default()
        })
        .collect();
    let mut deaths = Vec::new();
    let (mut by_creature, mut by_ability) = (BTreeMap::new(), BTreeMap::new());
    let (mut creatures, mut abilities) = (BTreeMap::new(), BTreeMap::new());
    for r in reports {
        add_up(&mut creatures, &r.creatures, KindStats::add);
        add_up(&mut abilities, &r.abilities, AbilityStats::add);
        if let Some(k) = &r.killer {
            *by_creature.entry(k.clone()).or_insert(0) += 1;
        }
        if let Some(a) = &r.killed_with {
            *by_ability.entry(a.clone()).or_insert(0) += 1;
        }
        let e = &mut ends[r.floor.max(1) as usize - 1];
        match r.outcome {
            "won" => e.won += 1,
            "died" => {
                e.died += 1;
                deaths.push(r.floor);
            }
            _ => e.unfinished += 1,
        }
    }
    deaths.sort_unstable();
    let sum = |f: fn(&FloorEnds) -> u32| ends.iter().map(f).sum::<u32>();
    let won = sum(|e| e.won);
    let runs = reports.len() as u64;
    RunsSummary {
        runs,
        class: reports.first().map_or(String::new(), |r| r.class.clone()),
        first_seed,
        max_turns,
        won,
        died: sum(|e| e.died),
        unfinished: sum(|e| e.unfinished),
        win_rate: won as f64 / runs.max(1) as f64,
        median_death_floor: deaths.get(deaths.len() / 2).copied(),
        mean_turns: reports.iter().map(|r| r.turns as f64).sum::<f64>() / runs.max(1) as f64,
        ends,
        deaths_by_creature: by_creature,
        deaths_by_ability: by_ability,
        creatures,
        abilities,
    }
}

fn render(report: &SimReport, format: Format) -> String {
    match format {
        Format::Json => serde_json::to_string(report).unwrap_or_default(),
        Format::Text => format!(
            "seed {} ({}{}): {} after {} turns on floor {} (level {}, {} gold, {} kills)\nstate hash {}\n{} turns/s",
            report.seed,
            report.class,
            report
                .daily
                .as_ref()
                .map_or(String::new(), |d| format!(", daily {d}")),
            report.outcome,
            report.turns,
            report.floor,
            report.level,
            report.gold,
            report.kills,
            report.state_hash,
            report.turns_per_second
        ),
    }
}

fn render_summary(s: &RunsSummary, format: Format) -> String {
    if format == Format::Json {
        return serde_json::to_string(s).unwrap_or_default();
    }
    let mut out = format!(
        "{} runs of {} from seed {} (at most {} turns each): {} won, {} died, {} unfinished (win rate {:.1}%)\n",
        s.runs,
        s.class,
        s.first_seed,
        s.max_turns,
        s.won,
        s.died,
        s.unfinished,
        s.win_rate * 100.0
    );
    match s.median_death_floor {
        Some(f) => _ = writeln!(out, "median death floor {f}"),
        None => out.push_str("no deaths\n"),
    }
    let _ = writeln!(out, "mean turns {:.0}", s.mean_turns);
    for (what, counts) in [
        ("killers", &s.deaths_by_creature),
        ("killing blows", &s.deaths_by_ability),
    ] {
        let mut sorted: Vec<_> = counts.iter().collect();
        sorted.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let list: Vec<String> = sorted.iter().map(|(k, n)| format!("{k} {n}")).collect();
        if !list.is_empty() {
            let _ = writeln!(out, "{what}: {}", list.join(", "));
        }
    }
    out.push_str("floor  won  died  unfinished");
    for e in &s.ends {
        let _ = write!(
            out,
            "\n{:>5} {:>4} {:>5} {:>11}",
            e.floor, e.won, e.died, e.unfinished
        );
    }
    out
}

/// The class a command line asks for (a bare name means `core:`), or the content's first.
pub fn class_of(arg: Option<&str>, content: &Content) -> String {
    match arg {
        Some(id) => class_id(id),
        None => content.first_class().to_string(),
    }
}

/// The daily run's date: `--date`'s, else today's in UTC by this machine's clock.
pub fn daily_date(arg: Option<&str>) -> Result<crate::daily::Date, String> {
    match arg {
        Some(text) => crate::daily::Date::parse(text).map_err(|e| format!("--date: {e}")),
        None => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_err(|_| "this machine's clock is before 1970: give --date".to_string())?;
            Ok(crate::daily::Date::from_unix_seconds(now.as_secs() as i64))
        }
    }
}

/// A class as the command line names it: a bare name means `core:`.
pub fn class_id(arg: &str) -> String {
    if arg.contains(':') {
        arg.to_string()
    } else {
        format!("core:{arg}")
    }
}

/// Exit 1 with a message that names the file.
fn fail(path: &Path, what: impl std::fmt::Display) -> ExitCode {
    eprintln!("delve sim: {}: {what}", path.display());
    ExitCode::from(1)
}

pub fn run_sim(args: &SimArgs) -> ExitCode {
    let content = match super::content_with_mods(args.mods.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("delve: {e}");
            return ExitCode::from(1);
        }
    };
    if args.runs > 1 || args.plot.is_some() {
        return run_many(args, &content);
    }
    let game = match &args.load {
        Some(path) => match crate::runs::save::load(path, &content) {
            Ok(loaded) => {
                if let Some(w) = loaded.warning {
                    eprintln!("delve sim: {}: {w}", path.display());
                }
                loaded.game
            }
            Err(e) => return fail(path, e),
        },
        None if args.daily => {
            let class = class_of(args.class.as_deref(), &content);
            let started = daily_date(args.date.as_deref())
                .and_then(|d| Game::new_daily(d, &class, &content).map_err(|e| e.to_string()));
            match started {
                Ok(g) => g,
                Err(e) => {
                    eprintln!("delve sim: {e}");
                    return ExitCode::from(1);
                }
            }
        }
        None => match Game::new_as(
            args.seed,
            &class_of(args.class.as_deref(), &content),
            &content,
        ) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("delve sim: {e}");
                return ExitCode::from(1);
            }
        },
    };
    let autosave = |g: &Game| -> Result<(), String> {
        if let (Some(path), Some(k)) = (&args.save, args.save_every)
            && g.run.turn.is_multiple_of(k)
        {
            crate::runs::save::save(path, g, &content)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    };
    let (game, report) = match simulate_game(game, &content, args.turns, autosave) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("delve sim: {e}");
            return ExitCode::from(1);
        }
    };
    if let Some(path) = &args.save
        && let Err(e) = crate::runs::save::save(path, &game, &content)
    {
        return fail(path, e);
    }
    if let Some(path) = &args.record
        && let Err(e) = Replay::of(&game, &content)
            .with_checkpoints(&content)
            .write(path, &content)
    {
        return fail(path, e);
    }
    if let Some(path) = &args.morgue
        && let Err(e) = crate::runs::save::write_atomic(path, morgue_of(&game, &content).as_bytes())
    {
        let why = match e {
            crate::runs::save::SaveError::Io(why) => why,
            other => other.to_string(),
        };
        return fail(path, format!("cannot write the morgue: {why}"));
    }
    super::emit(render(&report, args.format));
    ExitCode::SUCCESS
}

/// The morgue of `game`, its figures counted by playing its commands again (not possible for
/// a run that spanned a content reload, which the morgue says).
pub fn morgue_of(game: &Game, content: &Content) -> String {
    let stats = crate::runs::RunStats::of_replay(&Replay::of(game, content), content)
        .ok()
        .map(|(_, s)| s);
    crate::runs::morgue(game, content, stats.as_ref())
}

fn run_many(args: &SimArgs, content: &Content) -> ExitCode {
    let class = class_of(args.class.as_deref(), content);
    if let Err(e) = Game::new_as(args.seed, &class, content) {
        eprintln!("delve sim: {e}");
        return ExitCode::from(1);
    }
    let mut reports = Vec::new();
    for i in 0..args.runs {
        let seed = args.seed.wrapping_add(i);
        match simulate_as(content, seed, &class, args.turns) {
            Ok((_, r)) => reports.push(r),
            Err(e) => {
                eprintln!("delve sim: seed {seed}: {e}");
                return ExitCode::from(1);
            }
        }
    }
    let summary = summarize(&reports, args.seed, args.turns);
    if let Some(path) = &args.plot {
        let written = super::plot::ends_chart(&summary.ends)
            .and_then(|png| std::fs::write(path, png).map_err(|e| e.to_string()));
        if let Err(e) = written {
            return fail(path, e);
        }
    }
    super::emit(render_summary(&summary, args.format));
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(floor: u32, outcome: &'static str, turns: u64) -> SimReport {
        let died = outcome == "died";
        SimReport {
            killer: died.then(|| format!("Orc {floor}")),
            killed_with: died.then(|| "Attack".to_string()),
            seed: 0,
            class: String::new(),
            daily: None,
            turns,
            floor,
            outcome,
            state_hash: String::new(),
            turns_per_second: 0.0,
            gold: 0,
            kills: 0,
            level: 1,
            creatures: BTreeMap::from([(
                "core:rat".to_string(),
                KindStats {
                    appeared: floor,
                    killed: 1,
                    died: 1,
                    acted: 2,
                },
            )]),
            abilities: BTreeMap::from([(
                "core:bite".to_string(),
                AbilityStats { used: 2, hit: 1 },
            )]),
        }
    }

    #[test]
    fn summary_tallies_every_run_once() {
        let reports = [
            report(1, "died", 10),
            report(3, "died", 30),
            report(3, "alive", 50),
            report(8, "won", 90),
            report(2, "died", 20),
        ];
        let s = summarize(&reports, 7, 100);
        assert_eq!((s.won, s.died, s.unfinished), (1, 3, 1));
        assert_eq!(s.won + s.died + s.unfinished, s.runs as u32);
        assert_eq!(s.ends.len(), 8);
        assert_eq!(
            s.ends[2],
            FloorEnds {
                floor: 3,
                won: 0,
                died: 1,
                unfinished: 1
            }
        );
        assert_eq!(s.median_death_floor, Some(2));
        assert!((s.win_rate - 0.2).abs() < 1e-12);
        assert!((s.mean_turns - 40.0).abs() < 1e-12);
        assert_eq!(s.deaths_by_ability["Attack"], 3);
        assert_eq!(s.deaths_by_creature.values().sum::<u32>(), 3);
        // Each run's kinds and abilities, added up.
        let rat = &s.creatures["core:rat"];
        assert_eq!(
            (rat.appeared, rat.killed, rat.died, rat.acted),
            (17, 5, 5, 10)
        );
        assert_eq!(s.abilities["core:bite"], AbilityStats { used: 10, hit: 5 });
    }
}
