//! The command line: `delve` (play), `delve sim`, `delve replay`, `delve gen`, `delve check-mods`,
//! `delve new-mod`, `delve modding-doc`.
pub mod modding_doc;
mod new_mod;
mod plot;
mod race;
mod replay;
mod sim;
// Desktop only: verifying folders and writing results pages has no place in the browser.
#[cfg(not(target_arch = "wasm32"))]
pub mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::content::Content;

pub use new_mod::{NewModArgs, NewModError, new_mod, run_new_mod};
pub use race::play_args;
pub use replay::{ReplayArgs, run_replay};
pub use sim::{
    RunsSummary, SimArgs, SimReport, class_id, class_of, run_sim, simulate, simulate_as,
    simulate_game, summarize,
};

#[derive(Parser, Debug)]
#[command(
    name = "delve",
    version = crate::VERSION,
    about = "A turn-based dungeon-descent roguelike"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Cmd>,
}

#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// Open the game window (the default).
    Play(PlayArgs),
    /// Run the game headless with a bot; no window, no GPU.
    Sim(SimArgs),
    /// Play a recorded run again headless and print its final state hash.
    Replay(ReplayArgs),
    /// Play replays again headless and print what each proves (seed, daily date, outcome,
    /// score, hash), or why it is refused.
    #[cfg(not(target_arch = "wasm32"))]
    Verify(verify::VerifyArgs),
    /// Watch a replay in the game window (play, pause, step, jump to any turn).
    Watch(WatchArgs),
    /// Generate one floor and print it (ASCII, JSON) or draw it (PNG).
    Gen(GenArgs),
    /// Check the content packs and mods; print the load report.
    CheckMods(CheckModsArgs),
    /// Write a new mod folder to start from: a creature with an ability on floor 1.
    NewMod(NewModArgs),
    /// Print MODDING.md, the modding reference generated from the content schema.
    ModdingDoc,
}

#[derive(clap::Args, Debug)]
pub struct CheckModsArgs {
    /// The mods folder.
    #[arg(long, default_value = "mods")]
    pub mods: std::path::PathBuf,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print the loaded entry with this id as TOML, whole (what `copy_from` made of it),
    /// after the report; `floor:N` prints the profile floor N is made from (its spawns with
    /// every pack's `spawn` rules in), `balance` and `progression` what every pack left.
    #[arg(long, value_name = "ID")]
    pub show: Option<String>,
}

#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Floor number (1 is the first); picks the content's profile for that depth.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub floor: u32,
    /// Override the profile's width (odd, 11..=1001).
    #[arg(long)]
    pub width: Option<u32>,
    /// Override the profile's height (odd, 11..=1001).
    #[arg(long)]
    pub height: Option<u32>,
    #[arg(long, value_enum, default_value_t = GenFormat::Ascii)]
    pub format: GenFormat,
    /// Write here instead of standard output (required for PNG).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Also load the mods in this folder (a folder of mod folders, all of them on), so the
    /// floor is made from their floor profiles, spawn rules and prefabs too.
    #[arg(long, value_name = "DIR")]
    pub mods: Option<std::path::PathBuf>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenFormat {
    Ascii,
    Json,
    Png,
}

#[derive(clap::Args, Debug, Default, Clone)]
pub struct PlayArgs {
    /// Start a new run with this seed right away.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start a new run of this class right away, e.g. `core:rogue` (a bare name means
    /// `core:`); with `--seed` alone, the class chosen last.
    #[arg(long, value_name = "ID")]
    pub class: Option<String>,
    /// Smoke test: write screenshots into this folder and exit (builds with the `smoke`
    /// feature only).
    #[cfg(feature = "smoke")]
    #[arg(long, value_name = "DIR")]
    pub smoke: Option<std::path::PathBuf>,
    /// Also load the mods in this folder (a folder of mod folders), after the usual ones.
    #[arg(long, value_name = "DIR")]
    pub mods: Option<std::path::PathBuf>,
    /// Race these replays of one seed: their heroes play beside yours as ghosts (at most
    /// 8); without `--seed`, a new run of their seed starts right away.
    #[arg(long, value_name = "FILE", num_args = 1..=crate::runs::race::MAX_GHOSTS)]
    pub race: Vec<std::path::PathBuf>,
    /// A replay to watch instead of the menu (`delve watch FILE`).
    #[arg(skip)]
    pub watch: Option<std::path::PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct WatchArgs {
    /// The replay file (`delve sim --record`, or one the game kept in `saves/replays/`).
    pub file: std::path::PathBuf,
}

/// `delve watch FILE`: the game, opened on the replay. The file must at least be a replay;
/// whether it matches the content is checked once the content has loaded.
pub fn watch_args(args: &WatchArgs) -> Result<PlayArgs, String> {
    let bytes = std::fs::read(&args.file)
        .map_err(|e| format!("{}: cannot read the replay: {e}", args.file.display()))?;
    if crate::runs::replay::Replay::peek(&bytes).is_none() {
        return Err(format!(
            "{}: this is not a Delve replay file (or it is damaged)",
            args.file.display()
        ));
    }
    Ok(PlayArgs {
        watch: Some(args.file.clone()),
        ..PlayArgs::default()
    })
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bot {
    Explore,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// Prints a report line to standard output. A closed pipe (`delve sim | head`) is not an
/// error worth a panic: the reader has what it wanted.
pub(crate) fn emit(text: impl std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{text}");
}

/// The core pack plus the mods in `dir` (all enabled), as the game loads them; any pack that
/// fails to load is an error here, since a run with other content is another run.
pub fn content_with_mods(dir: Option<&std::path::Path>) -> Result<Content, String> {
    let Some(dir) = dir else {
        return core_content();
    };
    if !dir.is_dir() {
        return Err(format!("{}: no such mods folder", dir.display()));
    }
    loaded_cleanly(dir)
}

#[cfg(core_embedded)]
fn loaded_cleanly(dir: &std::path::Path) -> Result<Content, String> {
    let (content, report) =
        crate::content::mods::load_with_mods(dir, &std::collections::BTreeSet::new());
    if report.has_errors() || !report.skipped.is_empty() {
        return Err(format!(
            "{}: the mods do not load cleanly:\n{report}",
            dir.display()
        ));
    }
    Ok(content)
}

#[cfg(not(core_embedded))]
fn loaded_cleanly(_: &std::path::Path) -> Result<Content, String> {
    Err(NO_CORE_HERE.into())
}

/// Loads the core pack, or says why it cannot (a bug in the shipped content).
#[cfg(core_embedded)]
pub fn core_content() -> Result<Content, String> {
    Content::core().map_err(|r| format!("the core content is broken:\n{r}"))
}

#[cfg(not(core_embedded))]
pub fn core_content() -> Result<Content, String> {
    Err(NO_CORE_HERE.into())
}

/// The browser's game has no command line, and its core pack is the page's (the loader
/// checks it there): these commands are never reached in it.
#[cfg(not(core_embedded))]
const NO_CORE_HERE: &str = "the browser's game has no command line";

/// Why `delve gen` could not run: usage problems exit 2, output problems exit 1.
#[derive(Debug, PartialEq, Eq)]
pub enum GenError {
    Usage(String),
    Output(String),
}

/// Generates the floor `delve gen` asks for and renders it in the chosen format.
pub fn gen_floor(content: &Content, args: &GenArgs) -> Result<Vec<u8>, GenError> {
    let mut profile = content
        .generator_profile(args.floor)
        .ok_or_else(|| GenError::Usage("the content defines no floor profile".into()))?;
    if let Some(w) = args.width {
        profile.width = w;
    }
    if let Some(h) = args.height {
        profile.height = h;
    }
    // Rooms larger than a small override map would be refused; shrink them to fit instead.
    let fit = profile.width.min(profile.height).saturating_sub(2);
    let fit = if fit % 2 == 0 {
        fit.saturating_sub(1)
    } else {
        fit
    };
    if fit >= 3 {
        profile.room_max = profile.room_max.min(fit);
        profile.room_min = profile.room_min.min(profile.room_max);
    }
    // Likewise prefab rooms that no longer fit are left out rather than refused.
    let (w, h) = (profile.width, profile.height);
    profile.prefabs.retain(|p| {
        let (pw, ph) = p.size();
        pw + 2 <= w && ph + 2 <= h
    });
    if profile.prefabs.is_empty() {
        profile.prefab_count = 0;
    }
    profile
        .validate()
        .map_err(|e| GenError::Usage(format!("invalid floor: {e}")))?;
    let floor = crate::dungeon::generate_in(&profile, args.seed, args.floor, &content.terrains);
    let symbol = |id: &str| content.creature(id).map_or('?', |k| k.symbol);
    match args.format {
        GenFormat::Ascii => Ok(with_terrain_glyphs(
            &crate::dungeon::to_ascii(&floor, &symbol),
            &floor.map,
            content,
        )
        .into_bytes()),
        GenFormat::Json => serde_json::to_vec(&floor)
            .map_err(|e| GenError::Output(format!("cannot encode JSON: {e}"))),
        GenFormat::Png => {
            if args.out.is_none() {
                return Err(GenError::Usage("--format png needs --out FILE".into()));
            }
            let color = |id: &str| content.creature(id).map_or([255, 0, 255], |k| k.color);
            let terrain = |id: &str| content.terrain.get(id).map(|k| k.color);
            crate::dungeon::to_png(&floor, &color, &terrain, 8).map_err(GenError::Output)
        }
    }
}

/// `text` (the map as `to_ascii` draws it) with the content's kinds (water, chasms, lava,
/// grass), which the dungeon draws as `?`, in their own glyphs.
fn with_terrain_glyphs(text: &str, map: &crate::map::TileMap, content: &Content) -> String {
    let engine = crate::map::Tile::ENGINE.len();
    let mut tiles = map.tiles().iter();
    text.chars()
        .map(|c| match c {
            '\n' => c,
            _ => match tiles.next() {
                Some(&t) if c == '?' && usize::from(t.0) >= engine => {
                    content.terrain_of(t).map_or(c, |k| k.glyph)
                }
                _ => c,
            },
        })
        .collect()
}

pub fn run_gen(args: &GenArgs) -> ExitCode {
    let content = match content_with_mods(args.mods.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("delve: {e}");
            return ExitCode::from(1);
        }
    };
    let bytes = match gen_floor(&content, args) {
        Ok(b) => b,
        Err(GenError::Usage(m)) => {
            eprintln!("delve gen: {m}");
            return ExitCode::from(2);
        }
        Err(GenError::Output(m)) => {
            eprintln!("delve gen: {m}");
            return ExitCode::from(1);
        }
    };
    match &args.out {
        Some(path) => match std::fs::write(path, &bytes) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("delve gen: cannot write {}: {e}", path.display());
                ExitCode::from(1)
            }
        },
        None => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            if out.write_all(&bytes).and_then(|_| out.flush()).is_err() {
                return ExitCode::from(1);
            }
            ExitCode::SUCCESS
        }
    }
}

/// `delve modding-doc`: the reference exactly as MODDING.md holds it (`> MODDING.md`).
pub fn run_modding_doc() -> ExitCode {
    use std::io::Write;
    let doc = modding_doc::modding_markdown();
    match std::io::stdout().lock().write_all(doc.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::from(1),
    }
}

/// `delve check-mods`: exit 0 without errors (warnings allowed), 1 with errors.
#[cfg(core_embedded)]
pub fn run_check_mods(args: &CheckModsArgs) -> ExitCode {
    // Checking a folder that is not there would report the core pack alone as all fine.
    if !args.mods.is_dir() {
        eprintln!(
            "delve check-mods: {}: no such mods folder",
            args.mods.display()
        );
        return ExitCode::from(2);
    }
    let (report, shown) = match &args.show {
        Some(id) => crate::content::mods::show_with_mods(&args.mods, id),
        None => {
            let none = std::collections::BTreeSet::new();
            (
                crate::content::mods::load_with_mods(&args.mods, &none).1,
                Vec::new(),
            )
        }
    };
    match (args.format, &args.show) {
        (Format::Text, _) => emit(&report),
        (Format::Json, None) => emit(serde_json::to_string_pretty(&report).unwrap_or_default()),
        // One JSON document: the report and the entries shown.
        (Format::Json, Some(_)) => emit(
            serde_json::to_string_pretty(&serde_json::json!({ "report": report, "shown": shown }))
                .unwrap_or_default(),
        ),
    }
    if let Some(id) = &args.show {
        if shown.is_empty() {
            eprintln!("delve check-mods: no loaded entry has the id `{id}`");
            return ExitCode::from(1);
        }
        if args.format == Format::Text {
            for entry in shown {
                emit(format!("\n{entry}"));
            }
        }
    }
    if report.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
