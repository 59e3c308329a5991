//! A finished run as players share it: its replay and one line that says what it claims
//! ("Delve daily 2026-12-05: died on floor 5, turn 3,412, score 1,660, hash …"), which
//! `delve verify` checks against the replay.
use crate::content::Content;
use crate::game::{Game, RunOutcome};
use crate::runs::replay::Replay;

/// `n` with commas between thousands: 3412 → "3,412".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The run's one-line result: a daily by its date, another run by its seed and class.
pub fn result_line(game: &Game, content: &Content) -> String {
    let run = match &game.origin.daily {
        Some(date) => format!("Delve daily {date}"),
        None => format!(
            "Delve seed {} ({})",
            game.origin.seed,
            super::class_name(&game.origin.class, content)
        ),
    };
    let run = match &game.origin.fork {
        Some(fork) => format!("{run}, {fork}"),
        None => run,
    };
    let how = match game.run.outcome {
        Some(RunOutcome::Won) => "escaped the dungeon".to_string(),
        Some(RunOutcome::Died) => format!("died on floor {}", game.floor.depth),
        Some(RunOutcome::Abandoned) => format!("abandoned on floor {}", game.floor.depth),
        Some(RunOutcome::Left) => "left the dungeon without the prize".to_string(),
        None => format!("alive on floor {}", game.floor.depth),
    };
    let score = super::score_of(game);
    format!(
        "{run}: {how}, turn {}, score {}, hash {:016x}",
        thousands(game.run.turn),
        thousands(score),
        game.state_hash()
    )
}

/// The files to share, named after the run: its replay (with its claims and checkpoints)
/// and the result line, as (name, bytes) pairs.
pub fn shared_files(game: &Game, content: &Content) -> Result<[(String, Vec<u8>); 2], String> {
    let stem = match &game.origin.daily {
        Some(date) => format!("delve-daily-{date}"),
        None => format!("delve-seed-{}", game.origin.seed),
    };
    let replay = Replay::of(game, content)
        .with_checkpoints(content)
        .encode(content)
        .map_err(|e| e.to_string())?;
    let line = format!("{}\n", result_line(game, content));
    Ok([
        (format!("{stem}.replay"), replay),
        (format!("{stem}.txt"), line.into_bytes()),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(3412), "3,412");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn a_shared_daily_says_what_its_replay_proves() {
        let content = Content::core().unwrap();
        let date = crate::daily::Date::parse("2026-12-05").unwrap();
        let daily = Game::new_daily(date, content.first_class(), &content).unwrap();
        let (game, _) = crate::runs::stats::bot_run_from(daily, 20_000, &content);
        let [(replay_name, replay), (line_name, line)] = shared_files(&game, &content).unwrap();
        assert_eq!(
            (replay_name.as_str(), line_name.as_str()),
            (
                "delve-daily-2026-12-05.replay",
                "delve-daily-2026-12-05.txt"
            )
        );
        let line = String::from_utf8(line).unwrap();
        assert!(line.starts_with("Delve daily 2026-12-05: "), "{line}");
        let proved =
            crate::runs::verify::verify(&replay, &content).expect("the shared replay verifies");
        assert!(
            line.contains(&format!("hash {:016x}", proved.hash)),
            "the line's hash is the one verify finds: {line}"
        );
        assert!(
            line.contains(&format!("turn {}", thousands(game.run.turn))),
            "{line}"
        );
    }
}
