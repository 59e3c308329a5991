//! The log's one voice: it speaks to the player as "you", names a creature or an item in
//! lower case mid-sentence ("the cave bat", "a short sword") unless the name is a proper one,
//! and starts every sentence with a capital.
use crate::content::Content;

use super::identify::{lower_first, upper_first};
use super::state::{CreatureId, Game, ItemInstance};

/// A name as it reads mid-sentence: "Cave bat" → "cave bat"; a proper name as it is.
pub fn common(name: &str, proper: bool) -> String {
    if proper {
        name.to_string()
    } else {
        lower_first(name)
    }
}

/// A name with "a" or "an" before it, as its first sound asks ("an amulet"); a proper name
/// takes none.
pub fn a(name: &str, proper: bool) -> String {
    if proper {
        return name.to_string();
    }
    let word = lower_first(name);
    let vowel = word.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// A name with "the" before it; a proper name takes none.
pub fn the(name: &str, proper: bool) -> String {
    if proper {
        name.to_string()
    } else {
        format!("the {}", lower_first(name))
    }
}

/// "the skeleton, the goblin and the bat": a list as a sentence says it.
pub fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The start of a sentence: "the skeleton" → "The skeleton".
pub fn sentence(words: &str) -> String {
    upper_first(words)
}

impl Game {
    /// A creature as the log names it mid-sentence: "you" for the hero, else "the cave bat"
    /// (or its proper name).
    pub fn called(&self, id: CreatureId, content: &Content) -> String {
        if id == self.party.hero {
            return "you".into();
        }
        self.kind_called(id, content, the)
    }

    /// A creature with "a": how the record names what killed the hero ("a skeleton").
    pub fn called_a(&self, id: CreatureId, content: &Content) -> String {
        self.kind_called(id, content, a)
    }

    /// A creature by its kind's name, `with` an article or none (`the`, `a`, `common`).
    pub fn kind_called(
        &self,
        id: CreatureId,
        content: &Content,
        with: fn(&str, bool) -> String,
    ) -> String {
        let kind = (self.floor.creatures.get(&id)).and_then(|c| content.creature(&c.kind));
        kind.map_or_else(|| id.to_string(), |k| with(&k.name, k.proper_name))
    }

    /// An item as the log names it mid-sentence, as the hero knows it: "the healing potion",
    /// "the murky green potion".
    pub fn item_called(&self, it: &ItemInstance, content: &Content) -> String {
        the(&self.item_name(it, content), self.item_proper(it, content))
    }

    /// An item with "a": "a dagger", "an amulet of luck".
    pub fn item_called_a(&self, it: &ItemInstance, content: &Content) -> String {
        a(&self.item_name(it, content), self.item_proper(it, content))
    }

    /// An item's name alone, mid-sentence: "dagger".
    pub fn item_common(&self, it: &ItemInstance, content: &Content) -> String {
        common(&self.item_name(it, content), self.item_proper(it, content))
    }

    /// A proper name counts only once the hero knows the item: an unknown one is "a murky
    /// green potion" whatever it is.
    fn item_proper(&self, it: &ItemInstance, content: &Content) -> bool {
        self.knows(&it.item) && content.item(&it.item).is_some_and(|i| i.proper_name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_in_lower_case_mid_sentence_with_the_right_article() {
        assert_eq!(the("Cave bat", false), "the cave bat");
        assert_eq!(a("Amulet of luck", false), "an amulet of luck");
        assert_eq!(a("Dagger", false), "a dagger");
        assert_eq!(a("Grug", true), "Grug");
        assert_eq!(the("Bloodletter", true), "Bloodletter");
        assert_eq!(common("Healing potion", false), "healing potion");
        assert_eq!(sentence("the orc flees."), "The orc flees.");
        let names = ["the orc".to_string(), "the bat".into(), "Grug".into()];
        assert_eq!(and_list(&names), "the orc, the bat and Grug");
        assert_eq!(and_list(&names[..1]), "the orc");
    }
}
