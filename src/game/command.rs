//! What the player asks for, and what the rules answer.
use std::fmt;

use serde::{Deserialize, Serialize};

use super::state::CreatureId;
use crate::content::schema::Slot;
use crate::map::Dir;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Step one tile; into a monster it bumps (starts a fight).
    Move(Dir),
    Wait,
    /// Take the down stairs the hero stands on.
    Descend,
    /// Take the up stairs the hero stands on (off the first floor: leave the dungeon).
    Ascend,
    /// Use an ability in combat; `target` indexes nothing, it names a creature.
    Ability {
        ability: String,
        target: Option<CreatureId>,
    },
    Flee,
    /// Take what lies on the hero's tile.
    PickUp,
    /// Wear the pack's item at this index (what it replaces goes back into the pack).
    Equip(usize),
    Unequip(Slot),
    Drop(usize),
    /// Use the pack's consumable at this index (a wand takes a charge, anything else is used
    /// up); in a fight it is the hero's action. `target` is the creature it is used on (a
    /// wand's: one the hero sees), `item` the pack's item it works on (identify's choice).
    UseItem {
        index: usize,
        target: Option<CreatureId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        item: Option<usize>,
    },
    /// Give the pack's unknown item at this index a name of the player's own (empty: take the
    /// name away). Costs no turn.
    Call {
        index: usize,
        name: String,
    },
    /// Buy the shop's ware at this index (next to its keeper or in its room). Costs no turn.
    Buy(usize),
    /// Sell the pack's item at this index to the shop. Costs no turn.
    Sell(usize),
    /// Close the open door next to the hero in this direction.
    CloseDoor(Dir),
    /// Search the tiles around for hidden doors, one turn.
    Search,
    /// Shout, one turn: a loud noise that wakes sleepers and brings the unaware to look.
    Shout,
    /// Throw one of the pack's item at this index at a tile: outside a fight one the hero
    /// sees within the item's range (a creature there or on the way may be struck, and the
    /// fight opens); in a fight, an enemy's tile (the hero's action).
    Throw {
        index: usize,
        at: crate::map::Pos,
    },
    /// Give the run up: it ends at once, abandoned, and is kept like any ended run (its
    /// replay, morgue and record). Costs no turn.
    Abandon,
}

impl Command {
    /// Commands that cost no turn: judged and done at once, with no step of the turn run.
    pub fn costs_no_turn(&self) -> bool {
        matches!(
            self,
            Command::Call { .. } | Command::Buy(_) | Command::Sell(_) | Command::Abandon
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunOutcome {
    Won,
    Died,
    /// The player gave the run up (`Command::Abandon`).
    Abandoned,
    /// The hero climbed out of the first floor without the prize.
    Left,
}

/// How a run stands in one word, as reports and replays write it: `won`, `died`, `abandoned`,
/// or `alive` for a run that goes on.
pub fn outcome_name(outcome: Option<RunOutcome>) -> &'static str {
    match outcome {
        None => "alive",
        Some(RunOutcome::Died) => "died",
        Some(RunOutcome::Won) => "won",
        Some(RunOutcome::Abandoned) => "abandoned",
        Some(RunOutcome::Left) => "left",
    }
}

/// Why a command was refused; refused commands cost no turn and change nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reason {
    Wall,
    NoStairs,
    InCombat,
    NotInCombat,
    RunOver,
    UnknownAbility(String),
    NotEnoughStamina {
        need: f64,
        have: f64,
    },
    Cooldown(u32),
    ConditionFalse,
    NoTarget,
    NothingHere,
    InventoryFull,
    NoSuchItem(usize),
    NotEquipment,
    NotUsable,
    NothingWorn,
    /// A wand's target is out of the hero's sight (or gone).
    NotInView,
    /// Only an unknown item can be given a name.
    AlreadyKnown,
    /// A name the player gave: too long, or with characters a name cannot have.
    BadName,
    /// Trading needs the shop's room or its keeper's side.
    NoShopHere,
    NoSuchWare(usize),
    NotEnoughGold {
        need: u32,
        have: u32,
    },
    /// Shops neither stock nor buy it (it has no `value`).
    NotTraded,
    /// Nobody harms a shopkeeper.
    Shopkeeper,
    /// Closing needs an open door there.
    NoDoor,
    /// Something stands or lies in the doorway.
    DoorBlocked,
    /// Only items with a `throw` can be thrown.
    NotThrowable,
    /// A throw's tile the hero does not see.
    TileNotInView,
    /// A throw farther than the item flies.
    OutOfRange {
        distance: u32,
        range: u32,
    },
    /// In a fight, a throw goes at one of its enemies.
    NotAnEnemy,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Wall => write!(f, "A wall blocks the way."),
            Reason::NoStairs => write!(f, "There are no stairs here."),
            Reason::InCombat => write!(f, "You are in a fight: choose an ability, wait or flee."),
            Reason::NotInCombat => write!(f, "There is nobody to fight."),
            Reason::RunOver => write!(f, "The run is over."),
            Reason::UnknownAbility(a) => write!(f, "You do not know `{a}`."),
            Reason::NotEnoughStamina { need, have } => {
                write!(f, "Not enough stamina ({have:.0} of {need:.0}).")
            }
            Reason::Cooldown(n) => write!(f, "Still recovering: {n} more turn(s)."),
            Reason::ConditionFalse => write!(f, "That cannot be used now."),
            Reason::NoTarget => write!(f, "Choose a target."),
            Reason::NothingHere => write!(f, "There is nothing here to pick up."),
            Reason::InventoryFull => write!(f, "Your pack is full."),
            Reason::NoSuchItem(i) => write!(f, "Your pack has no item {}.", i + 1),
            Reason::NotEquipment => write!(f, "That cannot be worn."),
            Reason::NotUsable => write!(f, "That cannot be used; wear it instead."),
            Reason::NothingWorn => write!(f, "You wear nothing there."),
            Reason::NotInView => write!(f, "You cannot see that creature."),
            Reason::NoDoor => write!(f, "There is no open door there."),
            Reason::DoorBlocked => write!(f, "Something is in the doorway."),
            Reason::AlreadyKnown => write!(f, "You already know what that is."),
            Reason::NoShopHere => write!(f, "There is no shop here."),
            Reason::NoSuchWare(i) => write!(f, "The shop has no ware {}.", i + 1),
            Reason::NotEnoughGold { need, have } => {
                write!(f, "Not enough gold ({have} of {need}).")
            }
            Reason::NotTraded => write!(f, "Shops do not trade in that."),
            Reason::Shopkeeper => write!(f, "The shopkeeper is not to be harmed."),
            Reason::NotThrowable => write!(f, "That cannot be thrown."),
            Reason::TileNotInView => write!(f, "You cannot see there."),
            Reason::OutOfRange { distance, range } => write!(
                f,
                "Too far: that is {distance} tiles away, and it flies {range} at most."
            ),
            Reason::NotAnEnemy => write!(f, "Throw at an enemy of the fight."),
            Reason::BadName => write!(
                f,
                "A name is at most {} letters, with no control characters.",
                super::identify::CALL_MAX
            ),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    TurnPassed,
    /// Accepted and done, with no turn: the steps did not run and the turn count stays.
    NoTurn,
    Rejected(Reason),
    GameOver(RunOutcome),
}
