//! Verifying a replay: play it again headless and say what it proves (seed, daily date,
//! fork origin, rules, class, outcome, floor, turn, score, final hash), or why it is refused, with an exit
//! code per kind of refusal. A result is a replay file; anyone can check it this way.
use std::fmt;

use crate::content::Content;
use crate::game::Fork;
use crate::game::outcome_name;
use crate::runs::replay::{CHECKPOINT_TURNS, Replay, ReplayError};

/// What a verified replay proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub seed: u64,
    pub daily: Option<String>,
    /// The run it took over, for a fork (what the replay says: the source is not checked).
    pub fork: Option<Fork>,
    pub rules: u32,
    pub class: String,
    /// `won`, `died` or `alive`.
    pub outcome: &'static str,
    pub floor: u32,
    pub turn: u64,
    pub score: u64,
    pub hash: u64,
    /// Claims an older replay does not carry, so verify could not check them.
    pub unchecked: Vec<&'static str>,
}

/// Why a replay is refused, and the exit code that kind of refusal gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub code: u8,
    pub reason: String,
}

/// The file is not a readable replay (damaged, cut short, another kind of file).
pub const DAMAGED: u8 = 4;
/// The replay is readable but made with other content or rules: not checked here.
pub const NOT_HERE: u8 = 3;
/// The replay does not prove what it claims.
pub const FALSE: u8 = 1;

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seed {}", self.seed)?;
        if let Some(d) = &self.daily {
            write!(f, " (daily {d})")?;
        }
        if let Some(fork) = &self.fork {
            write!(f, ", {fork}")?;
        }
        write!(f, ", rules {}", self.rules)?;
        if !self.class.is_empty() {
            write!(f, ", {}", self.class)?;
        }
        write!(
            f,
            ": {} on floor {} at turn {}, score {}, hash {:016x}",
            self.outcome, self.floor, self.turn, self.score, self.hash
        )?;
        if !self.unchecked.is_empty() {
            write!(
                f,
                " (not recorded, so not checked: {})",
                self.unchecked.join(", ")
            )?;
        }
        Ok(())
    }
}

fn refuse(code: u8, reason: impl Into<String>) -> Refused {
    Refused {
        code,
        reason: reason.into(),
    }
}

/// Plays the replay in `bytes` on `content` and checks every claim it makes.
pub fn verify(bytes: &[u8], content: &Content) -> Result<Verified, Refused> {
    let replay = Replay::decode(bytes, content).map_err(|e| match e {
        ReplayError::OtherRules { .. } | ReplayError::OtherContent { .. } => {
            refuse(NOT_HERE, e.to_string())
        }
        _ => refuse(DAMAGED, e.to_string()),
    })?;
    if let Some(fork) = &replay.origin.fork {
        // A fork's first commands are its source's: at most all of its own.
        if fork.turn > replay.commands.len() as u64 {
            return Err(refuse(
                FALSE,
                format!(
                    "it claims a fork at turn {}, but it has {} turns",
                    fork.turn,
                    replay.commands.len()
                ),
            ));
        }
        if replay.origin.daily.is_some() {
            return Err(refuse(
                FALSE,
                "it claims both a daily run and a fork, and a fork is never a daily run",
            ));
        }
    }
    if let Some(date) = &replay.origin.daily {
        let parsed = crate::daily::Date::parse(date)
            .map_err(|e| refuse(FALSE, format!("its daily date: {e}")))?;
        let seed = crate::daily::daily_seed(parsed);
        if seed != replay.origin.seed {
            return Err(refuse(
                FALSE,
                format!(
                    "it claims the daily run of {date}, whose seed is {seed}, but plays seed {}",
                    replay.origin.seed
                ),
            ));
        }
        if replay.packs != ["core"] {
            return Err(refuse(
                FALSE,
                "a daily run plays the core pack alone, and this one had mods",
            ));
        }
    }
    let (game, checkpoints) = replay.run_with_checkpoints(content).map_err(|e| match e {
        // Played across a content reload: no one content can check it.
        ReplayError::SpansReload { .. } => refuse(NOT_HERE, e.to_string()),
        _ => refuse(FALSE, e.to_string()),
    })?;
    // The first recorded checkpoint the run does not reach as recorded (an older replay
    // records none).
    if !replay.checkpoints.is_empty() {
        let differs = (replay.checkpoints.iter())
            .enumerate()
            .find(|(i, recorded)| checkpoints.get(*i) != Some(*recorded));
        if let Some((_, &(turn, _))) = differs {
            return Err(refuse(
                FALSE,
                format!("it goes wrong by turn {turn}: the state there is not the recorded one"),
            ));
        }
    }
    let hash = game.state_hash();
    if hash != replay.final_hash {
        return Err(refuse(
            FALSE,
            format!(
                "it ends in state hash {hash:016x}, not the recorded {:016x}",
                replay.final_hash
            ),
        ));
    }
    let outcome = outcome_name(game.run.outcome);
    let score = crate::runs::score_of(&game);
    let mut unchecked = Vec::new();
    // Replays that record their claims record a score; in them no outcome claims a run
    // that goes on.
    let claims_recorded = replay.score.is_some();
    let claimed = (replay.outcome.as_deref()).unwrap_or("alive");
    if claimed != outcome && (claims_recorded || replay.outcome.is_some()) {
        return Err(refuse(
            FALSE,
            format!("it claims the run {claimed}, but it {outcome}"),
        ));
    }
    if !claims_recorded && replay.outcome.is_none() && outcome != "alive" {
        unchecked.push("outcome");
    }
    match replay.score {
        Some(claimed) if claimed != score => {
            return Err(refuse(
                FALSE,
                format!("it claims score {claimed}, but the run scores {score}"),
            ));
        }
        None => unchecked.push("score"),
        _ => {}
    }
    if replay.checkpoints.is_empty() && game.run.turn >= CHECKPOINT_TURNS {
        unchecked.push("checkpoints");
    }
    Ok(Verified {
        seed: replay.origin.seed,
        daily: replay.origin.daily.clone(),
        fork: replay.origin.fork.clone(),
        rules: replay.origin.rules,
        class: replay.origin.class.clone(),
        outcome,
        floor: game.floor.depth,
        turn: game.run.turn,
        score,
        hash,
        unchecked,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Command, Game, RULES_VERSION, bot};
    use crate::map::Dir;

    /// A bot run of `turns` turns, or to its end.
    fn played(game: Game, turns: u64, content: &Content) -> Game {
        let mut g = game;
        while g.run.turn < turns && !g.is_over() {
            let cmd = bot::explore(&g, content);
            g.execute(&cmd, content);
        }
        g
    }

    fn encode(r: &Replay, content: &Content) -> Vec<u8> {
        r.encode(content).unwrap()
    }

    #[test]
    fn a_replay_verifies_and_damaged_ones_are_refused_with_their_code() {
        let content = Content::core().unwrap();
        let g = played(
            Game::new_as(3, "core:rogue", &content).unwrap(),
            1200,
            &content,
        );
        let good = Replay::of(&g, &content).with_checkpoints(&content);
        assert!(!good.checkpoints.is_empty(), "{} turns", g.run.turn);
        let bytes = encode(&good, &content);
        let v = verify(&bytes, &content).unwrap();
        assert_eq!((v.seed, v.turn, v.hash), (3, g.run.turn, g.state_hash()));
        assert_eq!(v.class, "core:rogue");
        assert!(v.unchecked.is_empty(), "{v}");

        let code = |bytes: &[u8]| {
            verify(bytes, &content)
                .map(|_| 0)
                .unwrap_or_else(|r| r.code)
        };
        // A bit flipped, the file cut short: damaged.
        let mut flipped = bytes.clone();
        let at = flipped.len() - 20;
        flipped[at] ^= 0x04;
        assert_eq!(code(&flipped), DAMAGED);
        assert_eq!(code(&bytes[..bytes.len() - 30]), DAMAGED);
        // A command edited, the checksum made again and the claims kept.
        let mut edited = good.clone();
        let i = (edited.commands.iter())
            .position(|c| matches!(c, Command::Move(_)))
            .unwrap();
        let Command::Move(d) = edited.commands[i] else {
            unreachable!()
        };
        edited.commands[i] = Command::Move(if d == Dir::Left {
            Dir::Right
        } else {
            Dir::Left
        });
        assert_eq!(code(&encode(&edited, &content)), FALSE);
        // The score, the final hash, a checkpoint edited.
        let mut score = good.clone();
        score.score = score.score.map(|s| s + 100);
        assert_eq!(code(&encode(&score, &content)), FALSE);
        let mut hash = good.clone();
        hash.final_hash ^= 1;
        assert_eq!(code(&encode(&hash, &content)), FALSE);
        let mut checkpoint = good.clone();
        checkpoint.checkpoints[0].1 ^= 1;
        let refused = verify(&encode(&checkpoint, &content), &content).unwrap_err();
        assert!(refused.reason.contains("by turn 500"), "{}", refused.reason);
        // Other content, other rules: not checked here.
        let mut other = content.clone();
        other.balance.evasion += 0.01;
        assert_eq!(code(&encode(&good, &other)), NOT_HERE);
        let mut rules = good.clone();
        rules.origin.rules = RULES_VERSION - 1;
        assert_eq!(code(&encode(&rules, &content)), NOT_HERE);
    }

    #[test]
    fn a_daily_replay_must_play_its_dates_seed() {
        let content = Content::core().unwrap();
        let date = crate::daily::Date::parse("2026-12-05").unwrap();
        let g = played(
            Game::new_daily(date, "core:fighter", &content).unwrap(),
            300,
            &content,
        );
        let good = Replay::of(&g, &content);
        let v = verify(&encode(&good, &content), &content).unwrap();
        assert_eq!(v.daily.as_deref(), Some("2026-12-05"));
        let mut wrong = good.clone();
        wrong.origin.daily = Some("2026-12-06".into());
        let refused = verify(&encode(&wrong, &content), &content).unwrap_err();
        assert_eq!(refused.code, FALSE);
        assert!(
            refused.reason.contains("daily run of 2026-12-06"),
            "{}",
            refused.reason
        );
    }

    /// A replay from before the claims were recorded verifies what it carries and says what
    /// it could not check.
    #[test]
    fn an_older_replay_says_what_it_could_not_check() {
        let content = Content::core().unwrap();
        let g = played(Game::new(8, &content).unwrap(), 1200, &content);
        let mut old = Replay::of(&g, &content);
        (old.outcome, old.score, old.checkpoints) = (None, None, Vec::new());
        let v = verify(&encode(&old, &content), &content).unwrap();
        assert!(v.unchecked.contains(&"score"), "{v}");
        assert_eq!(
            v.unchecked.contains(&"checkpoints"),
            g.run.turn >= 500,
            "{v}"
        );
    }
}
