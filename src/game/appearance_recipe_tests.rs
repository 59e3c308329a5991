//! MODDING.md's "New appearance words" recipe: its file loads beside core, adds its two
//! potion looks, and runs deal them.
use crate::content::Content;
use crate::game::Game;
use crate::game::identify::Identification;

const NEW_LOOKS: [&str; 2] = ["mymod:inky_blue", "mymod:sparkling_silver"];

fn with_recipe() -> Content {
    super::pipeline_tests::recipe_content("## New appearance words", "appearances.toml")
}

#[test]
fn modding_mds_appearance_recipe_loads_and_its_looks_are_dealt() {
    let content = with_recipe();
    for id in NEW_LOOKS {
        let look = (content.appearances.get(id)).unwrap_or_else(|| panic!("{id} loaded"));
        assert_eq!(look.kind, "core:potion", "{id}");
    }
    // Some seed deals a potion one of the new looks, and the run shows it by its words.
    let dealt = (1..=40).find_map(|seed| {
        let ident = Identification::deal(seed, &content);
        let (item, look) = ident
            .looks
            .iter()
            .find(|(_, look)| NEW_LOOKS.contains(&look.as_str()))?;
        Some((seed, item.clone(), look.clone()))
    });
    let (seed, item, look) = dealt.expect("seeds 1..=40 deal a potion a new look");
    assert_eq!(content.items[&item].kind.as_deref(), Some("core:potion"));
    let mut g = Game::new(seed, &content).unwrap();
    g.party.ident.learned.clear();
    let it = crate::game::ItemInstance::new(&item, &content);
    let words = &content.appearances[&look].words;
    assert_eq!(g.item_name(&it, &content), format!("{words} potion"));
}
