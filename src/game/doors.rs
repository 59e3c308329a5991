//! Doors and hidden doors: walking into a closed door opens it (that is the move), the hero
//! closes an open one beside it, and searching (or standing beside one) finds a hidden one.
//! What opens, closes or hides is the terrain's (`opens_to`, `closes_to`, `found_as`).
use super::command::{Command, Reason};
use super::state::Game;
use crate::content::Content;
use crate::map::{Dir, Pos, Tile};
use crate::rng;

impl Game {
    /// What tile `p` becomes when walked into, if it opens instead of being entered.
    pub fn opens_to(&self, p: Pos) -> Option<Tile> {
        self.floor.map.rules(self.floor.map.get(p)).opens_to
    }

    /// The hero's move into a closed door: it opens, and the hero stays. It is heard
    /// `door_noise` tiles around.
    pub(super) fn hero_opens(&mut self, at: Pos, to: Tile, content: &Content) {
        self.floor.map.set(at, to);
        self.log("You open the door.");
        self.make_noise(at, content.balance.door_noise);
    }

    /// Whether the hero's `cmd` is loud this turn (the stealth range doubles): it opens or
    /// closes a door, or shouts. Judged before the command runs.
    pub(super) fn loud_command(&self, cmd: &Command) -> bool {
        match cmd {
            Command::CloseDoor(_) | Command::Shout => true,
            Command::Move(d) => self.opens_to(self.hero_pos().offset(*d)).is_some(),
            _ => false,
        }
    }

    /// Why the hero cannot close a door towards `d`, if it cannot.
    pub(super) fn close_refusal(&self, d: Dir) -> Option<Reason> {
        let at = self.hero_pos().offset(d);
        if self
            .floor
            .map
            .rules(self.floor.map.get(at))
            .closes_to
            .is_none()
        {
            return Some(Reason::NoDoor);
        }
        let taken = self.creature_at(at).is_some()
            || self.floor.treasure.contains_key(&at)
            || self
                .floor
                .ground
                .get(&at)
                .is_some_and(|pile| !pile.is_empty());
        taken.then_some(Reason::DoorBlocked)
    }

    /// Closes the open door towards `d` (judged by `close_refusal`), heard `door_noise`
    /// tiles around.
    pub(super) fn close_door(&mut self, d: Dir, content: &Content) {
        let at = self.hero_pos().offset(d);
        if let Some(closed) = self.floor.map.rules(self.floor.map.get(at)).closes_to {
            self.floor.map.set(at, closed);
            self.log("You close the door.");
            self.make_noise(at, content.balance.door_noise);
        }
    }

    /// The directions of the open doors next to the hero that it could close, in `Dir::ALL`'s
    /// order (for a key that closes "the" door).
    pub fn closable_doors(&self) -> Vec<Dir> {
        Dir::ALL
            .into_iter()
            .filter(|&d| self.close_refusal(d).is_none())
            .collect()
    }

    /// One turn of searching: each hidden tile the hero sees within `search_radius` is found
    /// with `search_chance`. Finding nothing says nothing (the search key repeats it, and
    /// says when it is done).
    pub(super) fn search(&mut self, content: &Content) {
        let b = &content.balance;
        self.look_for_hidden(b.search_radius, b.search_chance);
    }

    /// Standing beside a hidden tile may find it unsearched (`notice_hidden_chance` a turn).
    pub(super) fn notice_hidden(&mut self, content: &Content) {
        let chance = content.balance.notice_hidden_chance;
        if chance > 0.0 {
            self.look_for_hidden(1, chance);
        }
    }

    /// Rolls `chance` for each hidden tile the hero sees within `radius` steps (diagonals
    /// count one), row by row; the rules' stream is drawn from only where there is one.
    fn look_for_hidden(&mut self, radius: u32, chance: f64) {
        let hero = self.hero_pos();
        let r = radius as i32;
        for y in hero.y - r..=hero.y + r {
            for x in hero.x - r..=hero.x + r {
                let p = Pos::new(x, y);
                let Some(to) = self.floor.map.rules(self.floor.map.get(p)).found_as else {
                    continue;
                };
                if !self.is_visible(p) || rng::unit(&mut self.run.rng) >= chance {
                    continue;
                }
                self.floor.map.set(p, to);
                if let Some(i) = self.floor.map.idx(p) {
                    self.floor.explored[i] = true;
                }
                self.log("You find a hidden door!");
            }
        }
    }
}
