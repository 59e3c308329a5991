//! Classes in the rules: each starts with its kit, attributes and abilities; a mod adds one
//! with a file; an unknown one is refused with the nearest name; the replay of each class
//! plays again to its hash (the record's tests); what a class names is checked on load.
use crate::content::diagnostics::Severity;
use crate::content::{Content, Pack, core_pack, load_packs};
use crate::game::combat::Attr;
use crate::game::{Game, NewGameError};

const CORE_CLASSES: [&str; 4] = ["core:fighter", "core:rogue", "core:arcanist", "core:hunter"];

fn with_mod(text: &str) -> (Content, crate::content::LoadReport) {
    with_pack("m", text)
}

fn with_pack(id: &str, text: &str) -> (Content, crate::content::LoadReport) {
    let pack = Pack {
        id: id.into(),
        files: vec![("classes.toml".into(), text.as_bytes().to_vec())],
    };
    load_packs(&[core_pack(), pack])
}

#[test]
fn each_core_class_starts_with_its_kit_abilities_and_attributes() {
    let content = Content::core().unwrap();
    let order: Vec<&str> = content
        .classes_in_order()
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(order, CORE_CLASSES, "the choice screen's order");
    assert_eq!(Game::new(1, &content).unwrap().origin.class, "core:fighter");
    for id in CORE_CLASSES {
        let class = &content.classes[id];
        let g = Game::new_as(1, id, &content).unwrap();
        assert_eq!(g.origin.class, id);
        assert_eq!(g.hero().kind, id);
        let worn: Vec<&str> = g
            .party
            .equipment
            .values()
            .map(|i| i.item.as_str())
            .collect();
        let mut want: Vec<&str> = class.wear.iter().map(String::as_str).collect();
        want.sort_by_key(|i| content.items[*i].slot);
        assert_eq!(worn, want, "{id} wears its kit");
        let carried: Vec<&str> = g.party.inventory.iter().map(|i| i.item.as_str()).collect();
        assert_eq!(carried, class.carry, "{id} carries its kit");
        assert_eq!(g.party.gold, class.gold);
        let kind = content.creature(id).unwrap();
        assert_eq!(kind.abilities, class.abilities, "{id}");
        // Full pools, as the kit makes them.
        let max = g.attribute(g.party.hero, Attr::MaxHealth, &content);
        assert_eq!(g.hero().health, max, "{id}");
    }
    let rogue = Game::new_as(1, "core:rogue", &content).unwrap();
    let fighter = Game::new_as(1, "core:fighter", &content).unwrap();
    let dex = |g: &Game| g.attribute(g.party.hero, Attr::Dexterity, &content);
    assert!(dex(&rogue) > dex(&fighter), "the rogue's own dexterity");
    // What the class does not give, it keeps from `core:hero`.
    let hero = content.creature("core:hero").unwrap();
    let rogue_kind = content.creature("core:rogue").unwrap();
    assert_eq!(rogue_kind.base.max_stamina, hero.base.max_stamina);
    assert_eq!(rogue_kind.base.dexterity, 8.0);
}

#[test]
fn a_class_grows_by_its_own_per_level() {
    let content = Content::core().unwrap();
    let mut arcanist = Game::new_as(1, "core:arcanist", &content).unwrap();
    let mut fighter = Game::new_as(1, "core:fighter", &content).unwrap();
    let stamina = |g: &Game| g.attribute(g.party.hero, Attr::MaxStamina, &content);
    let (a1, f1) = (stamina(&arcanist), stamina(&fighter));
    arcanist.party.level = 3;
    fighter.party.level = 3;
    // The arcanist's per_level gives 5 stamina a level; `[progression]`'s gives 3.
    assert_eq!(stamina(&arcanist) - a1, 10.0);
    assert_eq!(stamina(&fighter) - f1, 6.0);
}

#[test]
fn an_unknown_class_is_refused_with_the_nearest_name() {
    let content = Content::core().unwrap();
    let err = Game::new_as(1, "core:rouge", &content).unwrap_err();
    assert!(
        matches!(&err, NewGameError::UnknownClass { nearest: Some(n), .. } if n == "core:rogue"),
        "{err:?}"
    );
    let said = err.to_string();
    assert!(said.contains("did you mean `core:rogue`"), "{said}");
    assert!(
        said.contains("core:fighter, core:rogue, core:arcanist"),
        "{said}"
    );
}

#[test]
fn a_mod_adds_a_class_with_one_file() {
    let (content, report) = with_mod(
        "[[classes]]\nid = \"m:duelist\"\nname = \"Duelist\"\ndescription = \"Fast blades.\"\n\
         color = \"cyan\"\nicon = \"katana\"\norder = 5\nbase = { dexterity = 12 }\n\
         abilities = [\"core:attack\", \"core:flurry\"]\nwear = [\"core:spear\"]\n",
    );
    assert!(!report.has_errors(), "{report}");
    let ids: Vec<&str> = content
        .classes_in_order()
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(ids.last(), Some(&"m:duelist"));
    let g = Game::new_as(3, "m:duelist", &content).unwrap();
    assert_eq!(
        g.party.equipment.values().next().unwrap().item,
        "core:spear"
    );
    assert_eq!(content.creature("m:duelist").unwrap().base.dexterity, 12.0);
}

#[test]
fn what_a_class_names_is_checked_where_it_is_written() {
    let cases = [
        (
            "abilities = [\"core:atack\"]\n",
            "unknown ability `core:atack`, did you mean `core:attack`?",
        ),
        (
            "carry = [\"core:healing_potin\"]\n",
            "did you mean `core:healing_potion`?",
        ),
        (
            "wear = [\"core:healing_potion\"]\n",
            "is not worn: put it in `carry`",
        ),
        (
            "wear = [\"core:dagger\", \"core:spear\"]\n",
            "a second item for the weapon slot",
        ),
    ];
    for (line, want) in cases {
        let text = format!(
            "[[classes]]\nid = \"m:x\"\nname = \"X\"\ndescription = \"x\"\ncolor = \"red\"\n{line}"
        );
        let (_, report) = with_mod(&text);
        let e = (report.diagnostics.iter())
            .find(|d| d.severity == Severity::Error)
            .unwrap_or_else(|| panic!("no error for {line}"));
        assert!(e.message.contains(want), "{line}: {}", e.message);
        assert_eq!((e.file.as_str(), e.line), ("classes.toml", 6), "{line}");
    }
    let (_, report) = with_mod(
        "[[classes]]\nid = \"core:rat\"\nname = \"X\"\ndescription = \"x\"\ncolor = \"red\"\n",
    );
    assert!(report.has_errors(), "a class with a creature's id");
}

#[test]
fn modding_mds_class_recipe_loads_and_plays() {
    let content = super::pipeline_tests::recipe_content("## A new class", "classes.toml");
    let g = Game::new_as(2, "mymod:duelist", &content).unwrap();
    assert_eq!(g.party.gold, 10);
    assert_eq!(
        content.creature("mymod:duelist").unwrap().base.dexterity,
        10.0
    );
}
