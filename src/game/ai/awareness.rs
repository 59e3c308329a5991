//! What a monster knows of the hero, brought up to date before it moves (docs/design/
//! stealth.md): a sleeper may wake, the unaware may notice, a hunter may lose track.
use super::Phase;
use crate::game::state::{Awareness, Creature};
use crate::rng;

impl Phase<'_> {
    /// Brings `c`'s awareness up to date; it sees the hero when the hero sees its tile and the
    /// hero is within its `sight`. Returns whether it moves this turn (a sleeper does not; one
    /// that wakes spends the turn waking). The rules' stream is drawn from only by a sleeper
    /// or an unaware monster within the stealth range, so far-off monsters cost nothing.
    /// Its chances are `[balance]`'s times its `perception` times how near the hero is.
    pub(super) fn perceive(&mut self, c: &mut Creature, sight: u32, perception: f64) -> bool {
        let hero = self.hero.pos;
        let d2 = c.pos.dist2(hero);
        let in_stealth = (d2 as f64) <= self.stealth2;
        let keen = || perception * nearness(d2 as f64, self.stealth2);
        let sees = || {
            let sight = i64::from(sight);
            d2 <= sight * sight && self.map.idx(c.pos).is_some_and(|i| self.visible[i])
        };
        match c.ai.awareness {
            Awareness::Asleep => {
                if in_stealth && rng::unit(self.rng) < self.balance.wake_chance * keen() {
                    if sees() {
                        c.alert(hero);
                        self.noticed.push(c.id);
                    } else {
                        c.ai.awareness = Awareness::Unaware;
                    }
                }
                return false;
            }
            Awareness::Unaware => {
                if in_stealth && sees() && rng::unit(self.rng) < self.balance.notice_chance * keen()
                {
                    c.alert(hero);
                    self.noticed.push(c.id);
                }
            }
            // Already looking for the hero: seeing it is enough.
            Awareness::LostTrack => {
                if sees() {
                    c.alert(hero);
                    self.noticed.push(c.id);
                }
            }
            Awareness::Hunting => {
                if sees() {
                    c.ai.last_seen = hero;
                    c.ai.unseen = 0;
                } else {
                    c.ai.unseen += 1;
                    if c.ai.unseen >= self.balance.lose_track_turns {
                        c.ai.awareness = Awareness::LostTrack;
                    }
                }
            }
        }
        true
    }
}

/// How much nearness sharpens a monster's chances: 1.5 beside the hero, falling in a straight
/// line to 0.5 at the edge of the stealth range (`d2` and `range2` are squared tiles), so a
/// hero far off is noticed a third as often as one close by; about 1 on average.
fn nearness(d2: f64, range2: f64) -> f64 {
    if range2 <= 0.0 {
        return 1.5;
    }
    (1.5 - (d2 / range2).sqrt()).clamp(0.5, 1.5)
}
