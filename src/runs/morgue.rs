//! The morgue file: a finished run told in plain text (seed, outcome, floors, kills, what the
//! hero carried, the last messages), written for every run that ends.
use std::fmt::Write as _;

use super::stats::RunStats;
use crate::content::Content;
use crate::content::schema::Slot;
use crate::game::{Attr, Game, RunOutcome};

/// How many of the log's last lines the morgue keeps.
pub const MORGUE_LOG_LINES: usize = 30;

/// The outcome in a few words: "escaped the dungeon", "killed by …", "still alive".
pub fn outcome_line(game: &Game) -> String {
    match (game.run.outcome, &game.run.death) {
        (Some(RunOutcome::Won), _) => "Escaped the dungeon".into(),
        (Some(RunOutcome::Died), Some(d)) => format!("Killed by {} ({})", d.killer, d.ability),
        (Some(RunOutcome::Died), None) => "Died".into(),
        (Some(RunOutcome::Abandoned), _) => format!("Abandoned on floor {}", game.floor.depth),
        (Some(RunOutcome::Left), _) => "Left the dungeon without the prize".into(),
        (None, _) => "Still alive (the run is unfinished)".into(),
    }
}

/// The morgue text of `game`. `stats` are the per-floor figures and kills by kind; `None`
/// when they could not be counted (a run that spanned a content reload), which it says.
pub fn morgue(game: &Game, content: &Content, stats: Option<&RunStats>) -> String {
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(w, "Delve morgue file");
    let _ = writeln!(w, "=================");
    let _ = writeln!(w);
    let _ = writeln!(w, "{}.", outcome_line(game));
    let _ = writeln!(
        w,
        "{}. Floor {} of {}, turn {}. Level {} ({} XP), {} gold collected ({} spent at shops), {} kills.",
        super::class_name(&game.origin.class, content),
        game.floor.depth,
        game.run.floors,
        game.run.turn,
        game.party.level,
        game.party.xp,
        game.gold_collected(),
        game.party.gold_spent,
        game.party.kills
    );
    let hero = game.hero();
    // The maxima as the rules count them (level bonus and modifiers), as the sidebar shows.
    let _ = writeln!(
        w,
        "Health {:.0} of {:.0}, stamina {:.0} of {:.0}.",
        hero.health.max(0.0),
        game.attribute(game.party.hero, Attr::MaxHealth, content),
        hero.stamina.max(0.0),
        game.attribute(game.party.hero, Attr::MaxStamina, content)
    );
    let _ = writeln!(w);
    let _ = writeln!(w, "Seed:        {}", game.origin.seed);
    if !game.origin.class.is_empty() {
        let _ = writeln!(w, "Class:       {}", game.origin.class);
    }
    if let Some(fork) = &game.origin.fork {
        let _ = writeln!(w, "Fork:        {fork} (unranked)");
    }
    let _ = writeln!(w, "Rules:       version {}", game.origin.rules);
    let _ = writeln!(w, "Game:        Delve {}", crate::VERSION);
    let _ = writeln!(w, "Content:     {:016x}", content.fingerprint());
    let _ = writeln!(w, "Packs:       {}", content.packs.join(", "));
    if let Some(r) = game.origin.reloads.first() {
        let _ = writeln!(
            w,
            "Replay:      none (content reloaded: no replay; first reload at turn {})",
            r.turn
        );
    }

    section(w, "Floors");
    match stats {
        Some(s) => {
            let _ = writeln!(w, "  floor  turns   gold  kills");
            for f in &s.floors {
                let _ = writeln!(
                    w,
                    "  {:>5}  {:>5}  {:>5}  {:>5}",
                    f.floor, f.turns, f.gold, f.kills
                );
            }
        }
        None => {
            let _ = writeln!(
                w,
                "  Not counted: the content was reloaded during the run, so it cannot be played again."
            );
        }
    }

    section(w, "Kills by creature");
    match stats {
        Some(s) if s.kills.is_empty() => {
            let _ = writeln!(w, "  none");
        }
        Some(s) => {
            let mut kills: Vec<(&String, &u32)> = s.kills.iter().collect();
            // Most first, then by name, so the file reads the same every time.
            kills.sort_by(|a, b| b.1.cmp(a.1).then_with(|| a.0.cmp(b.0)));
            for (kind, n) in kills {
                let _ = writeln!(w, "  {n:>4}  {}", content.display_name(kind));
            }
        }
        None => {
            let _ = writeln!(w, "  Not counted ({} in all).", game.party.kills);
        }
    }

    section(w, "Equipment");
    if game.party.equipment.is_empty() {
        let _ = writeln!(w, "  nothing worn");
    }
    for (slot, item) in &game.party.equipment {
        let _ = writeln!(
            w,
            "  {:<9} {}",
            slot_name(*slot),
            game.item_name(item, content)
        );
    }

    section(w, "Inventory");
    if game.party.inventory.is_empty() {
        let _ = writeln!(w, "  empty");
    }
    for (i, item) in game.party.inventory.iter().enumerate() {
        let _ = writeln!(w, "  {:>2}. {}", i + 1, game.item_name(item, content));
    }

    if !game.party.ident.learned.is_empty() {
        section(w, "Discoveries");
        for id in &game.party.ident.learned {
            let it = crate::game::ItemInstance::new(id, content);
            let was = game.unknown_name(id, content);
            let name = crate::game::items::true_name(&it, content);
            match was {
                Some(was) => writeln!(w, "  {name} (was the {was})"),
                None => writeln!(w, "  {name}"),
            }
            .ok();
        }
    }

    section(w, "Abilities");
    for id in game.known_abilities(game.party.hero, content) {
        let _ = writeln!(w, "  {}", content.display_name(&id));
    }

    section(w, "Last messages");
    let from = game.log.lines.len().saturating_sub(MORGUE_LOG_LINES);
    for line in &game.log.lines[from..] {
        let _ = writeln!(w, "  [{:>5}] {}", line.turn, line.text);
    }
    out
}

fn section(w: &mut String, title: &str) {
    let _ = writeln!(w);
    let _ = writeln!(w, "{title}");
    let _ = writeln!(w, "{}", "-".repeat(title.len()));
}

fn slot_name(slot: Slot) -> &'static str {
    match slot {
        Slot::Weapon => "Weapon",
        Slot::Armour => "Armour",
        Slot::Trinket => "Trinket",
        Slot::Consumable => "Other",
        Slot::Thrown => "Thrown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runs::replay::Replay;
    use crate::runs::stats::bot_run;

    #[test]
    fn the_morgue_of_a_bot_run_lists_what_the_run_did() {
        let content = Content::core().unwrap();
        let (game, stats) = bot_run(7, 5000, &content);
        let text = morgue(&game, &content, Some(&stats));
        assert!(text.contains(&format!("Seed:        {}", game.origin.seed)));
        assert!(text.contains(&outcome_line(&game)));
        assert!(text.contains(&format!(
            "Floor {} of {}",
            game.floor.depth, game.run.floors
        )));
        assert!(text.contains(&format!("{:016x}", content.fingerprint())));
        assert!(text.contains("Packs:       core"));
        // The version and the commit the game was built from, for a bug report.
        let game_line = format!("Game:        Delve {}", env!("CARGO_PKG_VERSION"));
        assert!(text.contains(&game_line), "{text}");
        assert!(!env!("DELVE_COMMIT").is_empty());
        // One table row per floor the run saw, with its turns.
        for f in &stats.floors {
            let row = format!(
                "  {:>5}  {:>5}  {:>5}  {:>5}",
                f.floor, f.turns, f.gold, f.kills
            );
            assert!(text.contains(&row), "missing floor row {row:?}\n{text}");
        }
        // Each kind killed, by its shown name.
        for (kind, n) in &stats.kills {
            let row = format!("  {n:>4}  {}", content.display_name(kind));
            assert!(text.contains(&row), "missing kill row {row:?}\n{text}");
        }
        for item in game.party.equipment.values().chain(&game.party.inventory) {
            assert!(text.contains(&game.item_name(item, &content)));
        }
        assert!(text.contains(&content.display_name("core:attack")));
        let last = &game.log.lines.last().unwrap().text;
        assert!(text.contains(last.as_str()));
        let messages = text.split("Last messages").nth(1).unwrap();
        assert_eq!(
            messages.lines().filter(|l| l.starts_with("  [")).count(),
            game.log.lines.len().min(MORGUE_LOG_LINES)
        );
    }

    /// A levelled hero's maxima include the level bonus: the morgue says what the sidebar
    /// and the rules say, never the kind's base.
    #[test]
    fn the_morgue_prints_the_real_maxima() {
        let content = Content::core().unwrap();
        let mut game = Game::new(3, &content).unwrap();
        game.party.level = 3;
        let hero = game.party.hero;
        let (max_h, max_s) = (
            game.attribute(hero, Attr::MaxHealth, &content),
            game.attribute(hero, Attr::MaxStamina, &content),
        );
        let base = &content.creature(&game.hero().kind).unwrap().base;
        assert!(max_h > base.max_health && max_s > base.max_stamina);
        let h = game.floor.creatures.get_mut(&hero).unwrap();
        (h.health, h.stamina) = (max_h, max_s);
        let text = morgue(&game, &content, None);
        let line = format!("Health {max_h:.0} of {max_h:.0}, stamina {max_s:.0} of {max_s:.0}.");
        assert!(text.contains(&line), "{line:?} missing:\n{text}");
    }

    #[test]
    fn a_reloaded_run_says_it_has_no_replay_and_keeps_its_totals() {
        let content = Content::core().unwrap();
        let (mut game, _) = bot_run(6, 60, &content);
        game.adopt_content(&content).unwrap();
        let text = morgue(&game, &content, None);
        assert!(text.contains("content reloaded: no replay"), "{text}");
        assert!(text.contains(&format!("Not counted ({} in all).", game.party.kills)));
        // The replay of such a run is refused, so the figures cannot be counted again.
        assert!(RunStats::of_replay(&Replay::of(&game, &content), &content).is_err());
    }
}
