//! Autofight: one key that fights for the player, one turn a press. Outside a fight it steps
//! along the travel path towards the nearest hostile in view, so the last step is the bump
//! that starts the fight; in a fight it strikes as the bot would (its guard or its best blow,
//! at the weakest enemy); it goes round a creature that is not hostile, or waits for it to
//! pass. It never heals or flees: below the player's health threshold it
//! refuses and says why, and the choice is the player's again.
use std::fmt;

use super::bot::{first_step, strike};
use super::combat::Attr;
use super::command::Command;
use super::state::{CreatureId, Game};
use super::travel::{bystanders, hostiles_in_view, known_path, known_path_through};
use crate::content::Content;

/// Why autofight did nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum AutofightRefusal {
    /// No hostile monster is in view (and the hero is not fighting).
    NoHostileInView,
    /// The hero's health is below the threshold (a share of the maximum).
    HealthLow {
        health: f64,
        max: f64,
        threshold: f64,
    },
    /// Hostiles are in view, but no known way leads to any of them.
    NoWay,
}

impl fmt::Display for AutofightRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoHostileInView => f.write_str("Autofight: no hostile in view."),
            Self::HealthLow {
                health,
                max,
                threshold,
            } => write!(
                f,
                "Autofight refused: health {:.0} of {max:.0} is below {:.0}%.",
                health.max(0.0),
                threshold * 100.0
            ),
            Self::NoWay => f.write_str("Autofight: no known way to a hostile in view."),
        }
    }
}

/// What autofight does now: the command and, outside a fight, the monster it goes for.
#[derive(Clone, Debug, PartialEq)]
pub struct AutofightChoice {
    pub command: Command,
    pub target: Option<CreatureId>,
}

/// Autofight's choice, or why it refuses. `threshold` is the share of maximum health below
/// which it refuses (0.5 by default; 0 never refuses).
pub fn autofight(
    game: &Game,
    content: &Content,
    threshold: f64,
) -> Result<AutofightChoice, AutofightRefusal> {
    let max = game.attribute(game.party.hero, Attr::MaxHealth, content);
    let health = game.hero().health;
    let fighting = game.in_combat();
    let prey: Vec<CreatureId> = hostiles_in_view(game, content)
        .into_iter()
        .filter(|&id| !game.is_shopkeeper(id, content))
        .collect();
    if !fighting && prey.is_empty() {
        return Err(AutofightRefusal::NoHostileInView);
    }
    if health < max * threshold {
        return Err(AutofightRefusal::HealthLow {
            health,
            max,
            threshold,
        });
    }
    if fighting {
        let command = strike(game, content);
        let target = match &command {
            Command::Ability { target, .. } => *target,
            _ => None,
        };
        return Ok(AutofightChoice { command, target });
    }
    // Nearest by the steps of travel's path; ties to the lower id, so the choice is stable.
    // The path goes round the creatures that are not hostile; where they close the only way,
    // it waits for them to pass (never a bump that would start a fight with the forager).
    let standing = bystanders(game, content);
    let (_, id, command) = prey
        .into_iter()
        .filter_map(|id| {
            let at = game.creature(id)?.pos;
            let path = known_path(game, content, at).or_else(|| known_path_through(game, at))?;
            let command = match path.get(1) {
                Some(next) if standing.contains(next) => Command::Wait,
                _ => Command::Move(first_step(&path)?),
            };
            Some((path.len(), id, command))
        })
        .min_by_key(|&(steps, id, _)| (steps, id))
        .ok_or(AutofightRefusal::NoWay)?;
    Ok(AutofightChoice {
        command,
        target: Some(id),
    })
}
