//! `delve verify FILE...`: plays each replay again headless and prints what it proves, or why
//! it is refused (exit 4: not a readable replay; 3: other content or rules, not checked here;
//! 1: it does not prove what it claims; the highest over all the files). With `--table OUT`,
//! it verifies a folder of replays and writes a static results page there.
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use crate::content::Content;
use crate::runs::verify::{DAMAGED, NOT_HERE, Refused, Verified, verify};
use crate::runs::{FolderArchive, import_replay};

#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Replay files (`delve sim --record`, the game's kept or exported replays); with
    /// `--table`, one folder of them.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Load the mods in this folder too, for replays played with them.
    #[arg(long, value_name = "DIR")]
    pub mods: Option<PathBuf>,
    /// Write a results page here: `index.html` (sortable by score), `results.json`, and a
    /// copy of each verified replay the page links to.
    #[arg(long, value_name = "OUT")]
    pub table: Option<PathBuf>,
    /// Also keep each replay that verifies in the player's records, as a file dropped on the
    /// Watch screen is kept: in the Records, marked verified, with its replay and morgue.
    #[arg(long, conflicts_with = "table")]
    pub import: bool,
}

pub fn run_verify(args: &VerifyArgs) -> ExitCode {
    let content = match super::content_with_mods(args.mods.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("delve verify: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(out) = &args.table {
        let [dir] = &args.files[..] else {
            eprintln!("delve verify: --table takes one folder of replays");
            return ExitCode::from(2);
        };
        return match write_table(dir, out, &content) {
            Ok(results) => {
                println!(
                    "{}: {} verified, {} not checked here, {} refused",
                    out.display(),
                    results.verified.len(),
                    results.not_checked_here.len(),
                    results.refused.len()
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("delve verify: {e}");
                ExitCode::from(2)
            }
        };
    }
    let mut archive = args
        .import
        .then(|| FolderArchive::beside(&crate::places::Places::here().save_file()));
    let mut worst = 0u8;
    for file in &args.files {
        let checked = match &mut archive {
            Some(archive) => import_file(file, archive, &content),
            None => verify_file(file, &content).map(|v| format!("verified: {v}")),
        };
        match checked {
            Ok(said) => println!("{}: {said}", file.display()),
            Err(r) => {
                println!("{}: refused: {}", file.display(), r.reason);
                worst = worst.max(r.code);
            }
        }
    }
    ExitCode::from(worst)
}

fn read_replay(file: &Path) -> Result<Vec<u8>, Refused> {
    std::fs::read(file).map_err(|e| Refused {
        code: DAMAGED,
        reason: format!("cannot read it: {e}"),
    })
}

fn verify_file(file: &Path, content: &Content) -> Result<Verified, Refused> {
    verify(&read_replay(file)?, content)
}

/// Verifies `file` and keeps its run in `archive`'s records (`runs::import_replay`): what it
/// proved and where it was kept.
fn import_file(
    file: &Path,
    archive: &mut FolderArchive,
    content: &Content,
) -> Result<String, Refused> {
    let (proved, kept) = import_replay(archive, &read_replay(file)?, content)?;
    let mut said = format!("verified: {proved}; kept as run #{}", kept.number);
    if let Some(replay) = &kept.replay {
        said += &format!(" ({replay})");
    }
    for problem in &kept.problems {
        said += &format!("; problem: {problem}");
    }
    Ok(said)
}

/// The results page's data: one row per verified run, best score first; the files this
/// build could not check and the refused ones apart, each with the reason.
#[derive(Serialize, Debug, Default)]
pub struct Results {
    pub verified: Vec<Row>,
    pub not_checked_here: Vec<Apart>,
    pub refused: Vec<Apart>,
}

#[derive(Serialize, Debug)]
pub struct Row {
    pub file: String,
    pub seed: String,
    pub daily: Option<String>,
    /// "forked from …, turn N", for a run that took over another's replay (never ranked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fork: Option<String>,
    pub class: String,
    pub outcome: String,
    pub floor: u32,
    pub turn: u64,
    pub score: u64,
    pub hash: String,
}

#[derive(Serialize, Debug)]
pub struct Apart {
    pub file: String,
    pub reason: String,
}

/// Verifies every `.replay` in `dir` and writes `out/index.html`, `out/results.json` and
/// `out/replays/` (the verified files, which the page links to).
pub fn write_table(dir: &Path, out: &Path, content: &Content) -> Result<Results, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "replay"))
        .collect();
    files.sort();
    let replays = out.join("replays");
    std::fs::create_dir_all(&replays).map_err(|e| format!("{}: {e}", replays.display()))?;
    let mut results = Results::default();
    for file in &files {
        let name = file
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        match verify_file(file, content) {
            Ok(v) => {
                std::fs::copy(file, replays.join(&name))
                    .map_err(|e| format!("{}: {e}", replays.join(&name).display()))?;
                results.verified.push(Row {
                    file: name,
                    seed: v.seed.to_string(),
                    daily: v.daily,
                    fork: v.fork.as_ref().map(ToString::to_string),
                    class: v.class,
                    outcome: v.outcome.to_string(),
                    floor: v.floor,
                    turn: v.turn,
                    score: v.score,
                    hash: format!("{:016x}", v.hash),
                });
            }
            Err(r) if r.code == NOT_HERE => results.not_checked_here.push(Apart {
                file: name,
                reason: r.reason,
            }),
            Err(r) => results.refused.push(Apart {
                file: name,
                reason: r.reason,
            }),
        }
    }
    results
        .verified
        .sort_by(|a, b| b.score.cmp(&a.score).then(a.turn.cmp(&b.turn)));
    let json = serde_json::to_string_pretty(&results).map_err(|e| e.to_string())?;
    let write = |name: &str, text: &str| {
        crate::runs::save::write_atomic(&out.join(name), text.as_bytes())
            .map_err(|e| format!("{}: {e}", out.join(name).display()))
    };
    write("results.json", &json)?;
    write("index.html", &page(&results))?;
    Ok(results)
}

/// Text for HTML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page: the verified runs as a table (a click on Score sorts it again), then the files
/// apart with their reasons.
fn page(r: &Results) -> String {
    let mut rows = String::new();
    for v in &r.verified {
        let file = escape(&v.file);
        rows += &format!(
            "<tr><td data-n=\"{score}\">{score}</td><td>{outcome}</td><td>{floor}</td><td>{turn}</td><td>{class}</td><td>{seed}</td><td>{daily}</td><td><code>{hash}</code></td><td><a href=\"replays/{file}\">{file}</a></td></tr>\n",
            score = v.score,
            outcome = escape(&v.outcome),
            floor = v.floor,
            turn = v.turn,
            class = escape(&v.class),
            seed = escape(&v.seed),
            // A fork is never a daily: its column says where the fork came from instead.
            daily = escape(v.daily.as_deref().or(v.fork.as_deref()).unwrap_or("")),
            hash = escape(&v.hash),
        );
    }
    let apart = |title: &str, list: &[Apart]| -> String {
        if list.is_empty() {
            return String::new();
        }
        let items: String = (list.iter())
            .map(|a| format!("<li>{}: {}</li>\n", escape(&a.file), escape(&a.reason)))
            .collect();
        format!("<h2>{title}</h2>\n<ul>\n{items}</ul>\n")
    };
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Delve results</title>\n\
         <style>body{{font-family:sans-serif;background:#111;color:#ddd}}table{{border-collapse:collapse}}\
         td,th{{padding:4px 10px;border-bottom:1px solid #333}}th{{cursor:pointer}}a{{color:#fc6}}</style></head>\n\
         <body><h1>Delve results</h1>\n<p>Every run below was played again from its replay by \
         <code>delve verify</code> and ended where it says. It does not prove a first try, or a person at the keys.</p>\n\
         <table id=\"runs\"><thead><tr><th onclick=\"sortByScore()\">Score</th><th>Outcome</th><th>Floor</th>\
         <th>Turn</th><th>Class</th><th>Seed</th><th>Daily or fork</th><th>Hash</th><th>Replay</th></tr></thead>\n\
         <tbody>\n{rows}</tbody></table>\n{}{}\
         <script>let down=true;function sortByScore(){{const b=document.querySelector('#runs tbody');\
         const rows=[...b.rows];down=!down;rows.sort((x,y)=>(down?-1:1)*(x.cells[0].dataset.n-y.cells[0].dataset.n));\
         rows.forEach(r=>b.appendChild(r));}}</script>\n</body></html>\n",
        apart("Not checked here", &r.not_checked_here),
        apart("Refused", &r.refused),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, bot};
    use crate::runs::replay::Replay;

    #[test]
    fn the_results_page_lists_the_good_runs_and_sets_the_rest_apart() {
        let content = Content::core().unwrap();
        let dir = std::env::temp_dir().join(format!("delve-table-{}", std::process::id()));
        let (replays, out) = (dir.join("in"), dir.join("out"));
        std::fs::create_dir_all(&replays).unwrap();
        for seed in [4, 5] {
            let mut g = Game::new(seed, &content).unwrap();
            while g.run.turn < 300 && !g.is_over() {
                let cmd = bot::explore(&g, &content);
                g.execute(&cmd, &content);
            }
            let bytes = Replay::of(&g, &content).encode(&content).unwrap();
            std::fs::write(replays.join(format!("run{seed}.replay")), &bytes).unwrap();
            if seed == 4 {
                // Run 4 taken over at turn 100 and played on: verified, and named a fork.
                let mut fork = Replay::of(&g, &content).fork_at(100, &content).unwrap();
                while fork.run.turn < 300 && !fork.is_over() {
                    let cmd = bot::explore(&fork, &content);
                    fork.execute(&cmd, &content);
                }
                let r = Replay::of(&fork, &content).encode(&content).unwrap();
                std::fs::write(replays.join("fork.replay"), r).unwrap();
            }
            if seed == 5 {
                let mut other = content.clone();
                other.balance.evasion += 0.01;
                let r = Replay::of(&g, &content).encode(&other).unwrap();
                std::fs::write(replays.join("other.replay"), r).unwrap();
                std::fs::write(replays.join("cut.replay"), &bytes[..bytes.len() / 2]).unwrap();
            }
        }
        let results = write_table(&replays, &out, &content).unwrap();
        let files = |v: &[Apart]| v.iter().map(|a| a.file.clone()).collect::<Vec<_>>();
        assert_eq!(results.verified.len(), 3);
        assert!(results.verified[0].score >= results.verified[1].score);
        let forks: Vec<(&str, &str)> = (results.verified.iter())
            .filter_map(|r| Some((r.file.as_str(), r.fork.as_deref()?)))
            .collect();
        assert_eq!(forks.len(), 1, "{forks:?}");
        assert_eq!(forks[0].0, "fork.replay");
        assert!(
            forks[0].1.starts_with("forked from seed 4 (hash "),
            "{forks:?}"
        );
        assert!(forks[0].1.ends_with(", turn 100"), "{forks:?}");
        assert_eq!(files(&results.not_checked_here), ["other.replay"]);
        assert_eq!(files(&results.refused), ["cut.replay"]);
        let html = std::fs::read_to_string(out.join("index.html")).unwrap();
        assert!(html.contains("href=\"replays/run4.replay\""));
        assert!(
            html.contains(forks[0].1),
            "the page names the fork's origin"
        );
        assert!(out.join("replays/run5.replay").is_file());
        assert!(!out.join("replays/cut.replay").exists());
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("results.json")).unwrap())
                .unwrap();
        assert_eq!(json["verified"].as_array().unwrap().len(), 3);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn import_keeps_a_replay_that_proves_its_claims_and_refuses_a_cut_one() {
        let content = Content::core().unwrap();
        let dir = std::env::temp_dir().join(format!("delve-import-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut g = Game::new(6, &content).unwrap();
        while g.run.turn < 200 && !g.is_over() {
            let cmd = bot::explore(&g, &content);
            g.execute(&cmd, &content);
        }
        let bytes = Replay::of(&g, &content).encode(&content).unwrap();
        let (good, cut) = (dir.join("good.replay"), dir.join("cut.replay"));
        std::fs::write(&good, &bytes).unwrap();
        std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
        let mut archive = FolderArchive::beside(&dir.join("saves/run.save"));

        let said = import_file(&good, &mut archive, &content).unwrap();
        assert!(said.starts_with("verified: seed 6"), "{said}");
        assert!(said.contains("kept as run #1"), "{said}");
        let refused = import_file(&cut, &mut archive, &content).unwrap_err();
        assert_eq!(refused.code, DAMAGED, "{}", refused.reason);

        let mut problems = Vec::new();
        let records = crate::runs::kept::read_records(&mut archive, &mut problems);
        assert_eq!(problems, Vec::<String>::new());
        let kept: Vec<(u64, bool)> = records
            .runs
            .iter()
            .map(|r| (r.number, r.verified))
            .collect();
        assert_eq!(
            kept,
            [(1, true)],
            "only the good replay is kept, marked verified"
        );
        assert!(dir.join("saves/replays").read_dir().unwrap().count() == 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn import_is_not_offered_with_a_results_page() {
        use clap::Parser;
        let parsed = crate::cli::Cli::try_parse_from([
            "delve", "verify", "--import", "--table", "out", "dir",
        ]);
        assert!(parsed.is_err());
    }
}
