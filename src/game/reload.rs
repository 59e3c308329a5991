//! Content hot reload: a running game takes new definitions where every id it uses still exists.
use serde::{Deserialize, Serialize};

use super::state::Game;
use crate::content::Content;

/// When a run's content changed under it: its replay cannot be checked against one content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContentReload {
    pub turn: u64,
    /// How many recorded commands came before the reload.
    pub commands: u64,
    /// The new content's fingerprint.
    pub fingerprint: u64,
}

impl Game {
    /// Every content id the game names that `content` lacks, sorted, each once.
    pub fn missing_content(&self, content: &Content) -> Vec<String> {
        let mut missing = Vec::new();
        let floors = std::iter::once(&self.floor).chain(self.depths.kept.values());
        let carried = self
            .party
            .inventory
            .iter()
            .chain(self.party.equipment.values());
        let mut items: Vec<&super::state::ItemInstance> = carried.collect();
        for floor in floors {
            for c in floor.creatures.values() {
                if content.creature(&c.kind).is_none() {
                    missing.push(c.kind.clone());
                }
                for m in &c.modifiers {
                    if content.modifier(&m.id).is_none() {
                        missing.push(m.id.clone());
                    }
                }
            }
            items.extend(floor.ground.values().flatten());
            for t in floor.traps.values() {
                if !content.traps.contains_key(t) {
                    missing.push(t.clone());
                }
            }
            for id in floor.map.used_ids() {
                if content.terrains.tile(id).is_none() {
                    missing.push(id.to_string());
                }
            }
        }
        for it in items {
            if content.item(&it.item).is_none() {
                missing.push(it.item.clone());
            }
            for a in &it.affixes {
                if !content.affixes.contains_key(a) {
                    missing.push(a.clone());
                }
            }
        }
        missing.sort();
        missing.dedup();
        missing
    }

    /// Gives the floor's tiles `content`'s terrain kinds, each by id (after loading a save,
    /// a reload, or entering a floor). Fails naming the kinds `content` lacks.
    pub fn bind_terrain(&mut self, content: &Content) -> Result<(), Vec<String>> {
        self.floor.map.bind(&content.terrains)
    }

    /// Goes on with `content` (a hot reload): refused, changing nothing, when the run names
    /// ids the new content lacks. Pools are clamped to maxima that fell; the reload is
    /// recorded so the run's replay says it spans one.
    pub fn adopt_content(&mut self, content: &Content) -> Result<(), Vec<String>> {
        let missing = self.missing_content(content);
        if !missing.is_empty() {
            return Err(missing);
        }
        self.bind_terrain(content)?;
        let ids: Vec<_> = self.floor.creatures.keys().copied().collect();
        for id in ids {
            self.clamp_pools(id, content);
        }
        self.origin.reloads.push(ContentReload {
            turn: self.run.turn,
            commands: self.log.record.len() as u64,
            fingerprint: content.fingerprint(),
        });
        self.log("The content was reloaded; the run goes on with the new definitions.");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::content::{Content, Pack, core_pack, load_packs};
    use crate::game::{Command, Game, Outcome};
    use crate::map::Dir;

    fn with_mod(files: &[(&str, &str)]) -> Content {
        let m = Pack {
            id: "tweak".into(),
            files: files
                .iter()
                .map(|(p, t)| (p.to_string(), t.as_bytes().to_vec()))
                .collect(),
        };
        let (content, report) = load_packs(&[core_pack(), m]);
        assert!(!report.has_errors(), "{report}");
        content
    }

    #[test]
    fn a_reload_keeps_the_run_and_uses_the_new_definitions() {
        let core = Content::core().unwrap();
        let mut g = Game::new(5, &core).unwrap();
        for d in [Dir::Up, Dir::Left, Dir::Down, Dir::Right] {
            if !matches!(g.execute(&Command::Move(d), &core), Outcome::Rejected(_)) {
                break;
            }
        }
        // Without its kit, whose armour may add health of its own.
        g.party.equipment.clear();
        let before = g.clone();
        // The hero's maximum health drops to 5: the hero's health follows it down.
        let mut hero = core.creature("core:hero").unwrap().clone();
        hero.base.max_health = 5.0;
        let mut new = core.clone();
        new.creatures.insert("core:hero".into(), hero);
        // The run's class keeps the hero's health, not a health of its own.
        if let Some(class) = new.classes.get_mut(&g.origin.class) {
            class.base.max_health = None;
        }
        new.derive_heroes();
        g.adopt_content(&new).unwrap();
        let max = g.attribute(g.party.hero, crate::game::combat::Attr::MaxHealth, &new);
        assert_eq!(max, 5.0);
        assert_eq!(g.hero().health, 5.0);
        assert_eq!(g.run.turn, before.run.turn, "a reload is not a turn");
        assert_eq!(g.log.record, before.log.record);
        assert_eq!(g.origin.reloads.len(), 1);
        assert_eq!(g.origin.reloads[0].turn, before.run.turn);
        assert_eq!(g.origin.reloads[0].fingerprint, new.fingerprint());
        assert_ne!(
            g.state_hash(),
            before.state_hash(),
            "the reload is in the state"
        );
    }

    #[test]
    fn a_reload_that_drops_ids_the_run_uses_is_refused_and_changes_nothing() {
        let core = Content::core().unwrap();
        let mut g = Game::new(5, &core).unwrap();
        let mut new = core.clone();
        let kind = g
            .floor
            .creatures
            .values()
            .find(|c| c.id != g.party.hero)
            .map(|c| c.kind.clone())
            .unwrap();
        new.creatures.remove(&kind);
        let before = g.clone();
        assert_eq!(g.adopt_content(&new), Err(vec![kind]));
        assert_eq!(g, before);
    }

    #[test]
    fn runs_without_reloads_keep_their_saved_form() {
        let core = Content::core().unwrap();
        let g = Game::new(5, &core).unwrap();
        let json = serde_json::to_string(&g).unwrap();
        assert!(
            !json.contains("reloads"),
            "older saves and hashes stay valid"
        );
        let mut reloaded = g.clone();
        reloaded.adopt_content(&with_mod(&[])).unwrap();
        let json = serde_json::to_string(&reloaded).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, reloaded);
    }
}
