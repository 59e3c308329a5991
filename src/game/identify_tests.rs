//! Identification on hand-made runs: looks per seed, learning by use and by identify, calls,
//! wands, and the bad potions' and scrolls' effects.
use super::identify::Identification;
use super::pipeline_tests::{content_with, empty_run};
use super::*;
use crate::content::Content;

fn core_content() -> Content {
    Content::core().unwrap_or_else(|r| panic!("core content broken:\n{r}"))
}
use crate::map::Pos;

/// An empty run whose hero knows nothing yet (not even its kit's potion).
fn unknowing(content: &Content) -> Game {
    let mut g = empty_run(content);
    g.party.ident = Identification::deal(g.origin.seed, content);
    g
}

fn carry(g: &mut Game, content: &Content, id: &str) -> usize {
    g.party.inventory.push(ItemInstance::new(id, content));
    g.party.inventory.len() - 1
}

fn use_item(index: usize, target: Option<CreatureId>, item: Option<usize>) -> Command {
    Command::UseItem {
        index,
        target,
        item,
    }
}

#[test]
fn looks_are_dealt_per_seed_one_each_and_never_to_known_items() {
    let content = core_content();
    let a = Identification::deal(1, &content);
    assert_eq!(
        a,
        Identification::deal(1, &content),
        "one seed, one dealing"
    );
    let differ = (2..6).any(|s| Identification::deal(s, &content).looks != a.looks);
    assert!(differ, "other seeds deal other looks");
    let potions = (content.items.values())
        .filter(|i| i.kind.as_deref() == Some("core:potion"))
        .count();
    let dealt_potions = (a.looks.values())
        .filter(|l| content.appearances[*l].kind == "core:potion")
        .count();
    assert_eq!(dealt_potions, potions, "every potion has a look");
    let mut looks: Vec<&String> = a.looks.values().collect();
    looks.sort();
    looks.dedup();
    assert_eq!(looks.len(), a.looks.len(), "no two items share a look");
    assert!(
        !a.looks.contains_key("core:scroll_of_identify"),
        "known from the start"
    );
    assert!(
        !a.looks.contains_key("core:short_sword"),
        "equipment has no kind"
    );
}

#[test]
fn dealing_looks_leaves_the_floors_and_the_rules_stream_as_they_were() {
    let content = core_content();
    let g = Game::new(5, &content).unwrap();
    let mut bare = Content::clone(&content);
    bare.item_kinds.clear();
    let h = Game::new(5, &bare).unwrap();
    assert!(h.party.ident.looks.is_empty());
    assert_eq!(g.floor.map, h.floor.map);
    assert_eq!(g.floor.ground, h.floor.ground);
    assert_eq!(g.run.rng, h.run.rng);
}

#[test]
fn an_unknown_item_shows_its_look_and_hides_what_it_does() {
    let content = core_content();
    let mut g = unknowing(&content);
    let i = carry(&mut g, &content, "core:potion_of_confusion");
    let look = g.look(&g.party.inventory[i], &content);
    let appearance = &content.appearances[&g.party.ident.looks["core:potion_of_confusion"]];
    assert!(!look.known);
    assert_eq!(look.name, format!("{} potion", appearance.words));
    assert_eq!(look.color, appearance.color);
    assert_eq!(look.picture, &content.item_kinds["core:potion"].picture);
    assert_eq!(look.description, None);
    assert!(!look.name.to_lowercase().contains("confusion"));
    assert!(g.party.ident.learn("core:potion_of_confusion"));
    let look = g.look(&g.party.inventory[i], &content);
    assert!(look.known);
    assert_eq!(look.name, "Potion of confusion");
    assert_eq!(look.color, content.items["core:potion_of_confusion"].color);
    assert!(look.description.is_some_and(|d| d.contains("random")));
}

#[test]
fn a_class_knows_its_kit() {
    let content = core_content();
    for class in content.classes.values() {
        let g = Game::new_as(3, &class.id, &content).unwrap();
        for id in class.carry.iter().chain(&class.wear) {
            assert!(g.knows(id), "{}: {id}", class.id);
        }
    }
}

#[test]
fn using_an_item_identifies_it_and_what_is_known_survives_a_save() {
    let content = core_content();
    let mut g = unknowing(&content);
    let i = carry(&mut g, &content, "core:antidote");
    let before = g.item_name(&g.party.inventory[i], &content);
    assert!(!g.knows("core:antidote"));
    assert_eq!(
        g.execute(&use_item(i, None, None), &content),
        Outcome::TurnPassed
    );
    assert!(g.knows("core:antidote"));
    assert_eq!(g.party.ident.learned, ["core:antidote"]);
    let line = format!("The {before} is an antidote.");
    assert!(
        g.log.lines.iter().any(|l| l.text == line),
        "{:?}",
        g.log.lines
    );
    let loaded = super::pipeline_tests::through_a_save(&g, &content).unwrap();
    assert!(loaded.knows("core:antidote"));
    assert_eq!(loaded.party.ident, g.party.ident);
    assert_eq!(loaded.state_hash(), g.state_hash());
}

#[test]
fn identify_reveals_the_chosen_item_and_only_it() {
    let content = core_content();
    let mut g = unknowing(&content);
    let scroll = carry(&mut g, &content, "core:scroll_of_identify");
    let a = carry(&mut g, &content, "core:potion_of_darkness");
    let b = carry(&mut g, &content, "core:wand_of_sparks");
    assert!(g.knows("core:scroll_of_identify"), "known from the start");
    let out = g.execute(&use_item(scroll, None, Some(b)), &content);
    assert_eq!(out, Outcome::TurnPassed);
    assert!(g.knows("core:wand_of_sparks"));
    assert!(!g.knows("core:potion_of_darkness"), "{a} stays unknown");
    assert_eq!(g.party.inventory.len(), 2, "the scroll is used up");
    // With nothing chosen it reveals the first unknown item.
    carry(&mut g, &content, "core:scroll_of_identify");
    g.execute(&use_item(2, None, None), &content);
    assert!(g.knows("core:potion_of_darkness"));
    assert_eq!(
        g.execute(&use_item(0, None, Some(9)), &content),
        Outcome::Rejected(Reason::NoSuchItem(9))
    );
}

#[test]
fn calling_an_item_names_it_costs_no_turn_and_replays() {
    let content = core_content();
    let mut g = unknowing(&content);
    let i = carry(&mut g, &content, "core:potion_of_weakness");
    let turn = g.run.turn;
    let call = Command::Call {
        index: i,
        name: "bad?".into(),
    };
    assert_eq!(g.execute(&call, &content), Outcome::NoTurn);
    assert_eq!(g.run.turn, turn, "no turn passed");
    assert!(
        g.item_name(&g.party.inventory[i], &content)
            .ends_with("(called bad?)")
    );
    assert_eq!(g.log.record.last(), Some(&call));
    let long = Command::Call {
        index: i,
        name: "x".repeat(31),
    };
    assert_eq!(
        g.execute(&long, &content),
        Outcome::Rejected(Reason::BadName)
    );
    g.party.ident.learn("core:potion_of_weakness");
    assert_eq!(
        g.execute(&call, &content),
        Outcome::Rejected(Reason::AlreadyKnown)
    );
    assert!(!g.party.ident.called.contains_key("core:potion_of_weakness"));
    // A played run with a call in it replays to the same hash.
    let mut run = Game::new(9, &content).unwrap();
    let potion = ItemInstance::new("core:potion_of_weakness", &content);
    run.party.inventory.push(potion);
    let cmds = [
        Command::Wait,
        Command::Call {
            index: run.party.inventory.len() - 1,
            name: "weak".into(),
        },
        Command::Wait,
    ];
    let mut again = run.clone();
    for c in &cmds {
        run.execute(c, &content);
        again.execute(c, &content);
    }
    assert_eq!(run.state_hash(), again.state_hash());
    assert_eq!(run.run.turn, again.run.turn);
}

#[test]
fn a_wand_takes_a_charge_a_use_on_a_creature_in_view_and_crumbles_with_the_last() {
    let content = core_content();
    let mut g = unknowing(&content);
    let wand = carry(&mut g, &content, "core:wand_of_slowness");
    assert_eq!(g.party.inventory[wand].charges, 5);
    assert_eq!(
        g.execute(&use_item(wand, None, None), &content),
        Outcome::Rejected(Reason::NoTarget)
    );
    let hp = g.hero_pos();
    let near = (0..g.floor.map.len())
        .map(|i| g.floor.map.pos(i))
        .filter(|&p| g.floor.map.is_passable(p) && g.is_visible(p) && p.manhattan(hp) >= 3)
        .min_by_key(|p| (p.manhattan(hp), p.y, p.x))
        .expect("a tile in view");
    let rat = g.spawn(content.creature("core:rat").unwrap(), near);
    let far = g.spawn(content.creature("core:rat").unwrap(), Pos::new(-5, -5));
    assert_eq!(
        g.execute(&use_item(wand, Some(far), None), &content),
        Outcome::Rejected(Reason::NotInView)
    );
    for left in (1..5).rev() {
        g.floor.creatures.get_mut(&rat).unwrap().pos = near;
        g.floor.creatures.get_mut(&rat).unwrap().modifiers.clear();
        g.fight.enemies.clear();
        assert_eq!(
            g.execute(&use_item(0, Some(rat), None), &content),
            Outcome::TurnPassed
        );
        assert_eq!(g.party.inventory[0].charges, left);
    }
    assert!(g.knows("core:wand_of_slowness"));
    assert_eq!(
        g.creature(rat).unwrap().ai.awareness,
        Awareness::Hunting,
        "it knows who did it"
    );
    g.floor.creatures.get_mut(&rat).unwrap().pos = near;
    g.fight.enemies.clear();
    g.execute(&use_item(0, Some(rat), None), &content);
    assert!(g.party.inventory.is_empty(), "the last charge spent");
}

#[test]
fn confusion_sends_steps_a_random_way() {
    let content = core_content();
    let mut g = unknowing(&content);
    let i = carry(&mut g, &content, "core:potion_of_confusion");
    g.execute(&use_item(i, None, None), &content);
    assert!(g.hero_confused(&content));
    let mut other = 0;
    for _ in 0..8 {
        let Some(d) = crate::map::Dir::ALL
            .into_iter()
            .find(|&d| g.floor.map.is_passable(g.hero_pos().offset(d)))
        else {
            break;
        };
        let from = g.hero_pos();
        g.execute(&Command::Move(d), &content);
        other += usize::from(g.hero_pos() != from.offset(d));
    }
    assert!(
        other > 0,
        "eight confused steps all went where they were sent"
    );
}

#[test]
fn darkness_shrinks_sight() {
    let content = core_content();
    let mut g = unknowing(&content);
    let seen = g.floor.visible.iter().filter(|v| **v).count();
    let i = carry(&mut g, &content, "core:potion_of_darkness");
    g.execute(&use_item(i, None, None), &content);
    assert_eq!(g.hero_sight(&content), 3);
    let hp = g.hero_pos();
    let now: Vec<Pos> = (0..g.floor.map.len())
        .filter(|&i| g.floor.visible[i])
        .map(|i| g.floor.map.pos(i))
        .collect();
    assert!(now.len() < seen, "{} of {seen}", now.len());
    // Within 3½ tiles: r² + r.
    assert!(now.iter().all(|p| p.dist2(hp) <= 12));
}

#[test]
fn aggravate_sets_every_monster_hunting_and_teleport_carries_the_hero_out_of_a_fight() {
    let content = content_with(
        "[[creatures]]\nid = \"test:brute\"\nname = \"Brute\"\nsymbol = \"B\"\n\
         color = \"red\"\nabilities = [\"core:attack\"]\nai = [ { ability = \"core:attack\" } ]\n",
    );
    let mut g = Game::new(21, &content).unwrap();
    g.party.ident.learned.clear();
    g.party.inventory.clear();
    let i = carry(&mut g, &content, "core:scroll_of_aggravate_monsters");
    g.execute(&use_item(i, None, None), &content);
    assert!(g.floor.alarm);
    let hero = g.party.hero;
    assert!(
        g.floor
            .creatures
            .values()
            .filter(|c| c.id != hero)
            .all(|c| c.ai.awareness == Awareness::Hunting)
    );

    let mut g = empty_run(&content);
    let hp = g.hero_pos();
    let next = crate::map::Dir::ALL
        .into_iter()
        .map(|d| hp.offset(d))
        .find(|&p| g.floor.map.is_passable(p))
        .unwrap();
    let brute = g.spawn(content.creature("test:brute").unwrap(), next);
    g.start_combat(brute, &[brute], &content);
    g.drain(&content);
    let i = carry(&mut g, &content, "core:scroll_of_teleportation");
    g.floor.creatures.get_mut(&hero).unwrap().initiative = 99;
    g.floor.creatures.get_mut(&brute).unwrap().initiative = 0;
    g.execute(&use_item(i, None, None), &content);
    assert!(!g.in_combat(), "carried out of the fight");
    assert_ne!(g.hero_pos(), hp);
    assert!(g.knows("core:scroll_of_teleportation"));
}

#[test]
fn a_kind_short_of_appearances_warns_at_the_item_left_known() {
    let potions: String = (0..6)
        .map(|n| {
            format!(
                "[[items]]\nid = \"test:potion_{n}\"\nname = \"P{n}\"\nsymbol = \"!\"\n\
                 color = \"red\"\nslot = \"consumable\"\nkind = \"core:potion\"\n\
                 actions = [ {{ action = \"heal\", amount = 1 }} ]\n"
            )
        })
        .collect();
    let pack = crate::content::Pack {
        id: "test".into(),
        files: vec![("test.toml".into(), potions.into_bytes())],
    };
    let (content, report) = crate::content::load_packs(&[crate::content::core_pack(), pack]);
    assert!(!report.has_errors(), "{report}");
    let warned: Vec<&crate::content::Diagnostic> = (report.diagnostics.iter())
        .filter(|d| d.message.contains("appearance(s) for more unknown items"))
        .collect();
    // 8 core potions and 6 more share 12 looks: the last two by id get none.
    assert_eq!(warned.len(), 2, "{report}");
    assert!(
        warned
            .iter()
            .all(|d| d.path.ends_with(".kind") && d.file == "test.toml")
    );
    let ident = Identification::deal(1, &content);
    assert!(!ident.looks.contains_key("test:potion_5"));
    assert!(ident.looks.contains_key("test:potion_3"));
}
