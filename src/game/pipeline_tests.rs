//! The combat turn pipeline, modifiers, triggers, items and traps, on hand-made fights.
use super::*;
use crate::content::{Content, Pack, load_packs};
use crate::map::Pos;

/// Core plus a test pack; a broken test pack fails loudly.
pub(super) fn content_with(extra: &str) -> Content {
    let pack = Pack {
        id: "test".into(),
        files: vec![("test.toml".into(), extra.as_bytes().to_vec())],
    };
    let (content, report) = load_packs(&[crate::content::core_pack(), pack]);
    assert!(!report.has_errors(), "{report}");
    assert!(report.loaded.contains(&"test".to_string()), "{report}");
    content
}

/// A MODDING.md recipe loaded beside core: the first TOML block after `heading` (and before
/// "## Failure policy"), as the file `file` of the pack `mymod`.
pub(super) fn recipe_content(heading: &str, file: &str) -> Content {
    let modding = include_str!("../../MODDING.md");
    let start = modding.find(heading).unwrap();
    let end = start + modding[start..].find("## Failure policy").unwrap();
    let block = modding[start..end]
        .split("```toml\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .unwrap();
    let pack = Pack {
        id: "mymod".into(),
        files: vec![(file.into(), block.as_bytes().to_vec())],
    };
    let (content, report) = load_packs(&[crate::content::core_pack(), pack]);
    assert!(!report.has_errors(), "{report}");
    content
}

/// What a save does to the state: written as JSON, read back and bound to `content`'s terrain
/// (the save file's frame and checks are the record's, tested there).
pub(super) fn through_a_save(g: &Game, content: &Content) -> Result<Game, Vec<String>> {
    let text = serde_json::to_string(g).expect("the state encodes");
    let mut loaded: Game = serde_json::from_str(&text).expect("the state reads back");
    let missing = loaded.missing_content(content);
    if !missing.is_empty() {
        return Err(missing);
    }
    loaded.bind_terrain(content)?;
    Ok(loaded)
}

/// A run on floor 1 with its monsters gone: only what the test puts there.
pub(super) fn empty_run(content: &Content) -> Game {
    let mut g = Game::new(11, content).expect("a run starts");
    let hero = g.party.hero;
    g.floor.creatures.retain(|id, _| *id == hero);
    g.floor.encounter_rooms.clear();
    g.floor.treasure.clear();
    g.floor.traps.clear();
    g.floor.ground.clear();
    // The class's kit too: the tests give the hero what they test.
    g.party.inventory.clear();
    g.party.equipment.clear();
    g.party.gold = 0;
    let max = g.attribute(hero, super::combat::Attr::MaxHealth, content);
    g.floor.creatures.get_mut(&hero).unwrap().health = max;
    g
}

/// Passable tiles near the hero, nearest first, not the hero's own.
fn free_tiles(g: &Game) -> Vec<Pos> {
    let hp = g.hero_pos();
    let mut v: Vec<Pos> = (0..g.floor.map.len())
        .map(|i| g.floor.map.pos(i))
        .filter(|&p| g.floor.map.is_passable(p) && p != hp)
        .collect();
    v.sort_by_key(|p| (p.manhattan(hp), p.y, p.x));
    v
}

/// A fight against `kinds` with the given initiatives (the hero's first).
pub(super) fn fight(
    g: &mut Game,
    content: &Content,
    kinds: &[&str],
    hero_init: i32,
    inits: &[i32],
) -> Vec<CreatureId> {
    let tiles = free_tiles(g);
    let ids: Vec<CreatureId> = kinds
        .iter()
        .zip(tiles)
        .map(|(k, p)| g.spawn(content.creature(k).expect("kind"), p))
        .collect();
    g.start_combat(ids[0], &ids, content);
    g.drain(content);
    g.floor.creatures.get_mut(&g.party.hero).unwrap().initiative = hero_init;
    for (id, i) in ids.iter().zip(inits) {
        g.floor.creatures.get_mut(id).unwrap().initiative = *i;
    }
    g.log.last_events.clear();
    ids
}

fn acted(g: &Game, who: CreatureId) -> bool {
    g.log
        .last_events
        .iter()
        .any(|e| matches!(e, Event::AbilityUsed { source, .. } if *source == who))
}

const BRUTES: &str = r#"
[[abilities]]
id = "test:maul"
name = "Maul"
actions = [ { action = "damage", amount = 5, damage_type = "blunt", target = "target" } ]

[[creatures]]
id = "test:brute"
name = "Brute"
symbol = "b"
color = "red"
base = { max_health = 10, damage = 1, hit_chance = 1.0 }
abilities = ["test:maul"]
ai = [ { ability = "test:maul" } ]
xp = 5

[[modifiers]]
id = "test:retribution"
name = "Retribution"
triggers = [ { event = "damage_dealt", role = "target", actions = [ { action = "damage", amount = 50, damage_type = "holy", target = "all_enemies" } ] } ]

[[items]]
id = "test:retribution_ring"
name = "Ring of retribution"
symbol = "="
color = "gold"
slot = "trinket"
modifiers = ["test:retribution"]
"#;

#[test]
fn a_trigger_that_kills_mid_turn_stops_the_dead_from_acting() {
    let content = content_with(BRUTES);
    let mut g = empty_run(&content);
    g.party.equipment.insert(
        crate::content::schema::Slot::Trinket,
        ItemInstance {
            item: "test:retribution_ring".into(),
            affixes: vec![],
            charges: 0,
            count: 1,
        },
    );
    // The first brute acts first; its hit sets off the ring, which kills both brutes.
    let ids = fight(
        &mut g,
        &content,
        &["test:brute", "test:brute"],
        1,
        &[30, 20],
    );
    let hp = g.hero().health;
    let out = g.execute(&Command::Wait, &content);
    assert_eq!(out, Outcome::TurnPassed);
    assert!(acted(&g, ids[0]));
    assert!(
        !acted(&g, ids[1]),
        "the second brute died before its turn and must not act"
    );
    assert_eq!(
        g.hero().health,
        hp - 5.0,
        "only the first brute's blow landed"
    );
    assert!(!g.in_combat(), "both died: the fight is won");
    assert!(
        g.floor.creatures.len() == 1,
        "the dead are gone after the turn"
    );
}

#[test]
fn a_death_trigger_still_sees_its_dead_creature_before_cleanup() {
    let content = content_with(BRUTES);
    let mut g = empty_run(&content);
    let ids = fight(&mut g, &content, &["core:bloat"], 30, &[1]);
    g.floor.creatures.get_mut(&ids[0]).unwrap().health = 1.0;
    g.floor.creatures.get_mut(&g.party.hero).unwrap().initiative = 30;
    let before = g.hero().health;
    // Attack until it hits (every miss is a turn of its own).
    for _ in 0..20 {
        g.execute(
            &Command::Ability {
                ability: "core:attack".into(),
                target: Some(ids[0]),
            },
            &content,
        );
        if !g.in_combat() {
            break;
        }
    }
    let died = g
        .log
        .last_events
        .iter()
        .position(|e| matches!(e, Event::CreatureDied { creature, .. } if *creature == ids[0]))
        .expect("the bloat died");
    let burst = g
        .log.last_events
        .iter()
        .position(|e| matches!(e, Event::DamageDealt { source: Some(s), target, .. } if *s == ids[0] && *target == g.party.hero))
        .expect("its burst hit the hero");
    assert!(burst > died, "the burst is its death's trigger");
    assert!(g.hero().has_modifier("core:poisoned"));
    assert!(g.hero().health < before);
    assert!(
        !g.floor.creatures.contains_key(&ids[0]),
        "removed after the turn"
    );
}

#[test]
fn the_heros_death_ends_the_turn() {
    let content = content_with(BRUTES);
    let mut g = empty_run(&content);
    let ids = fight(
        &mut g,
        &content,
        &["test:brute", "test:brute"],
        1,
        &[30, 20],
    );
    g.floor.creatures.get_mut(&g.party.hero).unwrap().health = 3.0;
    let out = g.execute(&Command::Wait, &content);
    assert_eq!(out, Outcome::GameOver(RunOutcome::Died));
    assert!(acted(&g, ids[0]));
    assert!(!acted(&g, ids[1]), "nobody acts after the hero died");
    let death = g.run.death.as_ref().expect("a cause");
    assert_eq!(
        (death.killer.as_str(), death.ability.as_str()),
        ("a brute", "Maul")
    );
}

/// Poison kills the hero as a fight's turn begins: the turn ends there, with no tick after
/// it (no stamina back, no cooldown down, no modifier running out and firing its event).
#[test]
fn a_hero_killed_as_the_turn_begins_gets_no_tick() {
    let content = content_with(BRUTES);
    let mut g = empty_run(&content);
    fight(&mut g, &content, &["test:brute"], 30, &[1]);
    let hero = g.party.hero;
    g.apply_modifier(hero, "core:poisoned", Some(1), &content);
    g.drain(&content);
    let h = g.floor.creatures.get_mut(&hero).unwrap();
    h.health = 1.0;
    h.stamina = 0.0;
    h.cooldowns.insert("core:power_strike".into(), 2);
    g.log.last_events.clear();
    assert_eq!(
        g.execute(&Command::Wait, &content),
        Outcome::GameOver(RunOutcome::Died)
    );
    let h = g.hero();
    assert_eq!(h.stamina, 0.0, "no stamina regained");
    assert_eq!(h.cooldowns.get("core:power_strike"), Some(&2));
    assert!(
        !(g.log.last_events.iter()).any(|e| matches!(e, Event::ModifierExpired { .. })),
        "{:?}",
        g.log.last_events
    );
    assert_eq!(g.run.death.as_ref().unwrap().ability, "Poisoned");
}

/// Outside a fight a modifier running out can kill the hero in the turn's ticks; the dead
/// regain no stamina after it.
#[test]
fn a_dead_hero_regains_no_stamina() {
    let content = content_with(&format!(
        "{BRUTES}{}",
        r#"
[[modifiers]]
id = "test:fleeting"
name = "Fleeting"
duration = 1

[[modifiers]]
id = "test:doom"
name = "Doom"
triggers = [ { event = "modifier_expired", role = "target", actions = [ { action = "damage", amount = 500, damage_type = "holy", target = "self" } ] } ]
"#
    ));
    let mut g = empty_run(&content);
    let hero = g.party.hero;
    g.apply_modifier(hero, "test:doom", None, &content);
    g.apply_modifier(hero, "test:fleeting", None, &content);
    g.drain(&content);
    g.floor.creatures.get_mut(&hero).unwrap().stamina = 0.0;
    assert_eq!(
        g.execute(&Command::Wait, &content),
        Outcome::GameOver(RunOutcome::Died)
    );
    assert_eq!(g.hero().stamina, 0.0);
}

#[test]
fn locked_abilities_are_refused_with_their_reason_and_change_nothing() {
    let content = content_with(BRUTES);
    let mut g = empty_run(&content);
    let ids = fight(&mut g, &content, &["test:brute"], 30, &[1]);
    let target = Some(ids[0]);
    let strike = |g: &mut Game, a: &str| {
        let before = g.clone();
        let out = g.execute(
            &Command::Ability {
                ability: a.into(),
                target,
            },
            &content,
        );
        if let Outcome::Rejected(r) = out {
            assert!(*g == before, "a refusal of {a} changed the state");
            Some(r)
        } else {
            None
        }
    };
    // Full health: second wind's condition is false.
    assert_eq!(
        strike(&mut g, "core:second_wind"),
        Some(Reason::ConditionFalse)
    );
    g.floor.creatures.get_mut(&g.party.hero).unwrap().stamina = 3.0;
    assert!(matches!(
        strike(&mut g, "core:power_strike"),
        Some(Reason::NotEnoughStamina { .. })
    ));
    g.floor.creatures.get_mut(&g.party.hero).unwrap().stamina = 40.0;
    g.floor.creatures.get_mut(&ids[0]).unwrap().health = 1000.0;
    assert_eq!(strike(&mut g, "core:power_strike"), None, "usable once");
    // Cooldown 3, used last turn: judged after this turn's tick, two turns are left.
    assert_eq!(
        strike(&mut g, "core:power_strike"),
        Some(Reason::Cooldown(2))
    );
    assert_eq!(
        strike(&mut g, "test:nothing"),
        Some(Reason::UnknownAbility("test:nothing".into()))
    );
}

#[test]
fn a_failed_flee_passes_the_turn_and_a_fled_fight_does_not_restart() {
    let content = content_with(BRUTES);
    let (mut failed, mut fled) = (false, false);
    for seed in 0..60 {
        let mut g = empty_run(&content);
        g.run.rng = crate::rng::game_rng(seed);
        let ids = fight(&mut g, &content, &["test:brute"], 30, &[1]);
        g.floor.creatures.get_mut(&ids[0]).unwrap().health = 1000.0;
        let turn = g.run.turn;
        assert_eq!(g.execute(&Command::Flee, &content), Outcome::TurnPassed);
        assert_eq!(g.run.turn, turn + 1);
        if g.in_combat() {
            failed = true;
            assert!(
                acted(&g, ids[0]),
                "after a failed flee the enemies still act"
            );
        } else {
            fled = true;
            assert!(g.creature(ids[0]).unwrap().frightened > 0);
            // Adjacent or not, the frightened brute starts no fight on the next turns.
            for _ in 0..3 {
                g.execute(&Command::Wait, &content);
                assert!(!g.in_combat(), "a fled fight restarted");
            }
        }
    }
    assert!(
        failed && fled,
        "60 seeds gave both a failed and a successful flee"
    );
}

#[test]
fn modifiers_add_flat_then_percent_and_conditional_ones_need_their_target() {
    let content = content_with(
        r#"
[[modifiers]]
id = "test:might"
name = "Might"
effects = [ { attribute = "damage", flat = 3 }, { attribute = "damage", percent = 50 } ]
[[modifiers]]
id = "test:bane"
name = "Bane"
effects = [ { attribute = "damage", percent = 100, condition = [ { check = "tag", who = "target", tag = "core:undead" } ] } ]
"#,
    );
    let mut g = empty_run(&content);
    let hero = g.party.hero;
    let base = g.attribute(hero, Attr::Damage, &content);
    g.apply_modifier(hero, "test:might", None, &content);
    assert_eq!(
        g.attribute(hero, Attr::Damage, &content),
        (base + 3.0) * 1.5
    );
    g.apply_modifier(hero, "test:bane", None, &content);
    let tiles = free_tiles(&g);
    let skel = g.spawn(content.creature("core:skeleton").unwrap(), tiles[0]);
    let rat = g.spawn(content.creature("core:rat").unwrap(), tiles[1]);
    assert_eq!(
        g.attribute_vs(hero, Attr::Damage, Some(skel), &content),
        (base + 3.0) * 2.5
    );
    assert_eq!(
        g.attribute_vs(hero, Attr::Damage, Some(rat), &content),
        (base + 3.0) * 1.5
    );
    g.remove_modifier(hero, "test:might", &content);
    assert_eq!(
        g.attribute_vs(hero, Attr::Damage, Some(rat), &content),
        base
    );
}

#[test]
fn poison_stacks_ticks_per_stack_and_expires_with_an_event() {
    let content = content_with(BRUTES);
    let mut g = empty_run(&content);
    let hero = g.party.hero;
    g.floor.creatures.get_mut(&hero).unwrap().health = 50.0;
    for _ in 0..5 {
        g.apply_modifier(hero, "core:poisoned", None, &content);
    }
    g.drain(&content);
    assert_eq!(g.hero().modifiers[0].stacks, 3, "max_stacks caps it");
    let hp = g.hero().health;
    g.execute(&Command::Wait, &content);
    let regen = content.balance.health_regen;
    assert!(
        (g.hero().health - (hp - 6.0 + regen)).abs() < 1e-9,
        "3 stacks × 2 poison"
    );
    for _ in 0..5 {
        g.execute(&Command::Wait, &content);
    }
    assert!(!g.hero().has_modifier("core:poisoned"));
    let mut g2 = empty_run(&content);
    g2.apply_modifier(g2.party.hero, "core:poisoned", Some(1), &content);
    g2.drain(&content);
    g2.execute(&Command::Wait, &content);
    assert!(g2.log.last_events.iter().any(
        |e| matches!(e, Event::ModifierExpired { modifier, .. } if modifier == "core:poisoned")
    ));
}

#[test]
fn fear_makes_an_enemy_leave_the_fight() {
    let content = content_with(BRUTES);
    let mut g = empty_run(&content);
    let ids = fight(&mut g, &content, &["test:brute", "test:brute"], 30, &[1, 2]);
    g.party.inventory.push(ItemInstance {
        item: "core:scroll_of_fear".into(),
        affixes: vec![],
        charges: 0,
        count: 1,
    });
    let out = g.execute(
        &Command::UseItem {
            index: 0,
            target: None,
            item: None,
        },
        &content,
    );
    assert_eq!(out, Outcome::TurnPassed);
    assert!(g.party.inventory.is_empty(), "used up");
    assert!(!g.in_combat(), "both ran");
    assert!(ids.iter().all(|id| g.creature(*id).unwrap().frightened > 0));
}

#[test]
fn items_are_picked_up_worn_used_and_dropped() {
    let content = content_with(BRUTES);
    let mut g = empty_run(&content);
    let hero = g.party.hero;
    let here = g.hero_pos();
    let sword = ItemInstance {
        item: "core:short_sword".into(),
        affixes: vec!["core:keen".into()],
        charges: 0,
        count: 1,
    };
    let potion = ItemInstance {
        item: "core:healing_potion".into(),
        affixes: vec![],
        charges: 0,
        count: 1,
    };
    g.floor
        .ground
        .insert(here, vec![sword.clone(), potion.clone()]);
    let dmg = g.attribute(hero, Attr::Damage, &content);
    let crit = g.attribute(hero, Attr::CriticalChance, &content);
    assert_eq!(g.execute(&Command::PickUp, &content), Outcome::TurnPassed);
    assert_eq!(g.party.inventory, vec![sword.clone(), potion.clone()]);
    assert!(!g.floor.ground.contains_key(&here));
    assert_eq!(
        g.execute(&Command::PickUp, &content),
        Outcome::Rejected(Reason::NothingHere)
    );
    assert_eq!(
        g.execute(&Command::Equip(1), &content),
        Outcome::Rejected(Reason::NotEquipment)
    );
    assert_eq!(
        g.execute(
            &Command::UseItem {
                index: 0,
                target: None,
                item: None,
            },
            &content
        ),
        Outcome::Rejected(Reason::NotUsable)
    );
    assert_eq!(g.execute(&Command::Equip(0), &content), Outcome::TurnPassed);
    assert_eq!(g.attribute(hero, Attr::Damage, &content), dmg + 2.0);
    assert!(
        (g.attribute(hero, Attr::CriticalChance, &content) - (crit + 0.08)).abs() < 1e-12,
        "the affix counts"
    );
    assert_eq!(g.item_name(&sword, &content), "Keen short sword");
    g.floor.creatures.get_mut(&hero).unwrap().health = 10.0;
    assert_eq!(
        g.execute(
            &Command::UseItem {
                index: 0,
                target: None,
                item: None,
            },
            &content
        ),
        Outcome::TurnPassed
    );
    assert!(g.hero().health >= 25.0, "the potion healed 15");
    assert!(g.party.inventory.is_empty());
    assert_eq!(
        g.execute(
            &Command::Unequip(crate::content::schema::Slot::Weapon),
            &content
        ),
        Outcome::TurnPassed
    );
    assert_eq!(g.attribute(hero, Attr::Damage, &content), dmg);
    assert_eq!(g.execute(&Command::Drop(0), &content), Outcome::TurnPassed);
    assert_eq!(g.floor.ground.get(&g.hero_pos()), Some(&vec![sword]));
    assert_eq!(
        g.execute(&Command::Drop(0), &content),
        Outcome::Rejected(Reason::NoSuchItem(0))
    );
}

#[test]
fn a_full_pack_refuses_and_changes_nothing() {
    let content = content_with("[balance]\ninventory_size = 1\n");
    let mut g = empty_run(&content);
    let here = g.hero_pos();
    let potion = ItemInstance {
        item: "core:healing_potion".into(),
        affixes: vec![],
        charges: 0,
        count: 1,
    };
    g.party.inventory.push(potion.clone());
    g.floor.ground.insert(here, vec![potion]);
    let before = g.clone();
    assert_eq!(
        g.execute(&Command::PickUp, &content),
        Outcome::Rejected(Reason::InventoryFull)
    );
    assert!(g == before, "a refusal changed the state");
}

#[test]
fn traps_act_on_the_hero_and_name_themselves_as_the_cause() {
    let content = Content::core().unwrap();
    let mut g = empty_run(&content);
    let hero = g.party.hero;
    let next = free_tiles(&g)
        .into_iter()
        .find(|p| p.manhattan(g.hero_pos()) == 1)
        .unwrap();
    let dir =
        crate::map::Dir::from_delta(next.x - g.hero_pos().x, next.y - g.hero_pos().y).unwrap();
    g.floor.traps.insert(next, "core:poison_needle".into());
    g.execute(&Command::Move(dir), &content);
    assert!(g.hero().has_modifier("core:poisoned"));
    assert!(g.floor.traps.is_empty(), "a trap springs once");
    // A lethal one.
    let back = dir.reverse();
    g.floor
        .traps
        .insert(g.hero_pos().offset(back), "core:fire_vent".into());
    let h = g.floor.creatures.get_mut(&hero).unwrap();
    (h.health, h.modifiers) = (1.0, Vec::new());
    assert_eq!(
        g.execute(&Command::Move(back), &content),
        Outcome::GameOver(RunOutcome::Died)
    );
    let death = g.run.death.as_ref().unwrap();
    assert_eq!(
        (death.killer.as_str(), death.ability.as_str()),
        ("the dungeon", "fire vent")
    );
}

#[test]
fn summons_join_the_fight_with_their_own_initiative() {
    let content = content_with(BRUTES);
    let mut g = empty_run(&content);
    let ids = fight(&mut g, &content, &["core:necromancer"], 1, &[30]);
    g.floor.creatures.get_mut(&ids[0]).unwrap().health = 1000.0;
    g.execute(&Command::Wait, &content);
    assert_eq!(
        g.fight.enemies.len(),
        2,
        "raise dead called a skeleton into the fight"
    );
    let skel = g.fight.enemies[1];
    assert_eq!(g.creature(skel).unwrap().kind, "core:skeleton");
    assert!(g.creature(skel).unwrap().initiative > 0);
}

#[test]
fn killing_drops_the_loot_table_where_the_creature_fell() {
    let content = content_with(
        r#"
[[loot]]
id = "test:always"
gold = [7, 7]
rolls = 2
entries = [ { item = "core:healing_potion", weight = 1 } ]
[[creatures]]
id = "test:piñata"
name = "Pinata"
symbol = "p"
color = "pink"
base = { max_health = 1, hit_chance = 0.0 }
xp = 1
loot = "test:always"
"#
        .replace("piñata", "pinata")
        .as_str(),
    );
    let mut g = empty_run(&content);
    let ids = fight(&mut g, &content, &["test:pinata"], 30, &[1]);
    let at = g.creature(ids[0]).unwrap().pos;
    let gold = g.party.gold;
    for _ in 0..20 {
        g.execute(
            &Command::Ability {
                ability: "core:attack".into(),
                target: Some(ids[0]),
            },
            &content,
        );
        if !g.in_combat() {
            break;
        }
    }
    assert!(!g.in_combat());
    assert_eq!(g.floor.ground.get(&at).map(Vec::len), Some(2));
    assert_eq!(g.party.gold, gold + 7);
}
