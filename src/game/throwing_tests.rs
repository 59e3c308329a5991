//! Tests of range: a throw refused with its reason costs nothing; outside a fight a throw
//! opens the fight with the throw first; the first creature on the line takes the hit and a
//! miss can strike the one behind; darts count down, come down and are gathered again; a
//! thrown potion works on whom it hits; an archer opens a fight from across the room and a
//! melee monster does not.
use super::door_tests::{core, world};
use super::state::{AiMode, Awareness, ItemInstance};
use super::{Command, CreatureId, Event, Game, Outcome, Reason};
use crate::content::Content;
use crate::map::Pos;
use crate::rng::Rng;
use rand_xoshiro::rand_core::SeedableRng;

/// A hall of open floor, the hero at its west end.
pub(super) const HALL: &str = "\
#############
#...........#
#@..........#
#...........#
#############";

fn monster(
    g: &mut Game,
    content: &Content,
    kind: &str,
    at: Pos,
    awareness: Awareness,
) -> CreatureId {
    let id = g.spawn(content.creature(kind).expect("a core creature"), at);
    g.floor.creatures.get_mut(&id).unwrap().ai.awareness = awareness;
    g.update_sight(content);
    id
}

/// The hall with the hero holding one stack of darts (first in the pack), none breaking.
fn with_darts(content: &mut Content) -> Game {
    if let Some(t) = (content.items.get_mut("core:dart")).and_then(|d| d.throw.as_mut()) {
        t.break_chance = 0.0;
    }
    let mut g = world(HALL, content);
    g.party
        .inventory
        .insert(0, ItemInstance::new("core:dart", content));
    g
}

fn darts(g: &Game) -> u32 {
    (g.party.inventory.iter())
        .find(|it| it.item == "core:dart")
        .map_or(0, |it| it.count)
}

#[test]
fn a_refused_throw_says_why_and_costs_nothing() {
    let mut content = core();
    let mut g = with_darts(&mut content);
    let (turn, hash) = (g.run.turn, g.state_hash());
    let refused = |g: &mut Game, cmd: Command| match g.execute(&cmd, &content) {
        Outcome::Rejected(r) => r,
        other => panic!("{cmd:?} was not refused: {other:?}"),
    };
    let far = Pos::new(1 + 7, 2);
    assert_eq!(
        refused(&mut g, Command::Throw { index: 0, at: far }),
        Reason::OutOfRange {
            distance: 7,
            range: 6
        }
    );
    let missing = g.party.inventory.len();
    assert_eq!(
        refused(
            &mut g,
            Command::Throw {
                index: missing,
                at: Pos::new(3, 2)
            }
        ),
        Reason::NoSuchItem(missing)
    );
    // Equipment does not fly (a potion does: it shatters on whom it hits).
    g.party
        .inventory
        .push(ItemInstance::new("core:dagger", &content));
    assert_eq!(
        refused(
            &mut g,
            Command::Throw {
                index: missing,
                at: Pos::new(3, 2)
            }
        ),
        Reason::NotThrowable
    );
    g.party.inventory.pop();
    assert_eq!(
        (g.run.turn, g.state_hash()),
        (turn, hash),
        "a refusal changes nothing"
    );
    g.floor.visible[g.floor.map.idx(Pos::new(5, 2)).unwrap()] = false;
    assert_eq!(
        refused(
            &mut g,
            Command::Throw {
                index: 0,
                at: Pos::new(5, 2)
            }
        ),
        Reason::TileNotInView
    );
}

#[test]
fn a_throw_outside_a_fight_opens_it_with_the_throw_first() {
    let mut content = core();
    let mut g = with_darts(&mut content);
    let at = Pos::new(5, 2);
    let goblin = monster(&mut g, &content, "core:goblin", at, Awareness::Unaware);
    let (health, hero_health) = (g.floor.creatures[&goblin].health, g.hero().health);
    assert_eq!(
        g.execute(&Command::Throw { index: 0, at }, &content),
        Outcome::TurnPassed
    );
    assert!(g.in_combat(), "the throw opened a fight");
    assert_eq!(g.fight.enemies, [goblin]);
    // Unaware, it was struck for sure and harder, and it has not acted yet.
    assert!(
        g.floor.creatures[&goblin].health < health,
        "{:?}",
        g.log.lines
    );
    assert_eq!(
        g.hero().health,
        hero_health,
        "nobody struck back before initiative"
    );
    assert_eq!(darts(&g), 5, "one dart thrown");
    assert_eq!(
        g.floor.ground[&at][0].item, "core:dart",
        "it came down by the goblin"
    );
    let texts: Vec<&str> = g.log.lines.iter().map(|l| l.text.as_str()).collect();
    let thrown = texts
        .iter()
        .position(|t| t.starts_with("You throw the dart"))
        .unwrap();
    let fight = texts
        .iter()
        .position(|t| t.starts_with("A fight begins"))
        .unwrap();
    assert!(thrown < fight, "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("unaware")), "{texts:?}");
}

#[test]
fn the_first_creature_on_the_line_takes_the_hit_and_a_miss_can_strike_the_one_behind() {
    let mut content = core();
    let (mut front_struck, mut rear_struck) = (0, 0);
    for seed in 0..60 {
        let mut g = with_darts(&mut content);
        let front = monster(
            &mut g,
            &content,
            "core:goblin",
            Pos::new(4, 2),
            Awareness::Hunting,
        );
        let rear = monster(
            &mut g,
            &content,
            "core:goblin",
            Pos::new(6, 2),
            Awareness::Hunting,
        );
        g.run.rng = Rng::seed_from_u64(seed);
        let before = (
            g.floor.creatures[&front].health,
            g.floor.creatures[&rear].health,
        );
        g.execute(
            &Command::Throw {
                index: 0,
                at: Pos::new(6, 2),
            },
            &content,
        );
        let hit =
            |id| g.floor.creatures[&id].health < if id == front { before.0 } else { before.1 };
        assert!(!(hit(front) && hit(rear)), "one dart strikes one creature");
        if hit(front) {
            front_struck += 1;
            assert!(
                g.floor.ground.contains_key(&Pos::new(4, 2)),
                "it came down by the front one"
            );
        }
        if hit(rear) {
            rear_struck += 1;
            assert!(
                g.log
                    .lines
                    .iter()
                    .any(|l| l.text.starts_with("The dart misses the goblin")),
                "the rear one is struck only past a miss"
            );
        }
        assert!(g.in_combat(), "struck or missed, they fight");
    }
    assert!(
        front_struck > 20,
        "the front goblin takes most darts: {front_struck}"
    );
    assert!(rear_struck > 0, "a miss flew on and struck the one behind");
}

#[test]
fn darts_count_down_come_down_and_are_gathered_again() {
    let mut content = core();
    let mut g = with_darts(&mut content);
    let at = Pos::new(4, 2);
    g.execute(&Command::Throw { index: 0, at }, &content);
    g.execute(&Command::Throw { index: 0, at }, &content);
    assert_eq!(darts(&g), 4);
    assert_eq!(g.floor.ground[&at].len(), 1, "they stack where they lie");
    assert_eq!(g.floor.ground[&at][0].count, 2);
    assert!(!g.in_combat(), "nobody was there to fight");
    for _ in 0..3 {
        g.execute(&Command::Move(crate::map::Dir::Right), &content);
    }
    assert_eq!(g.hero_pos(), at);
    assert_eq!(darts(&g), 6, "walking over them gathers them");
    assert!(!g.floor.ground.contains_key(&at));
    // Saved and read back, the stack keeps its count.
    let back: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(darts(&back), 6);
}

#[test]
fn a_thrown_potion_shatters_on_whom_it_hits_and_works_on_it() {
    let content = core();
    let mut g = world(HALL, &content);
    g.party.inventory = vec![ItemInstance::new("core:potion_of_weakness", &content)];
    let at = Pos::new(4, 2);
    // Asleep: the flask strikes for sure.
    let goblin = monster(&mut g, &content, "core:goblin", at, Awareness::Asleep);
    g.execute(&Command::Throw { index: 0, at }, &content);
    assert!(g.party.inventory.is_empty(), "it is gone");
    assert!(!g.floor.ground.contains_key(&at), "it shattered");
    let modifiers: Vec<&str> = (g.floor.creatures[&goblin].modifiers.iter())
        .map(|m| m.id.as_str())
        .collect();
    assert!(
        !modifiers.is_empty(),
        "what it held works on the goblin: {:?}",
        g.log.lines
    );
    assert!(
        g.knows("core:potion_of_weakness"),
        "and the hero learns what it was"
    );
}

#[test]
fn an_archer_opens_a_fight_from_across_the_room_and_a_melee_monster_does_not() {
    let content = core();
    for (kind, shoots) in [("core:goblin_archer", true), ("core:goblin", false)] {
        let mut g = world(HALL, &content);
        let at = Pos::new(6, 2);
        let id = monster(&mut g, &content, kind, at, Awareness::Hunting);
        g.log.last_events.clear();
        g.execute(&Command::Wait, &content);
        let shot = g.log.last_events.iter().any(|e| {
            matches!(e, Event::AbilityUsed { source, ability, .. }
                if *source == id && ability == "core:arrow")
        });
        assert_eq!(shot, shoots, "{kind}: {:?}", g.log.lines);
        assert_eq!(g.in_combat(), shoots, "{kind}");
        if shoots {
            assert_eq!(
                g.floor.creatures[&id].pos, at,
                "it shot instead of stepping"
            );
        }
    }
}

/// Whether `id` shot `ability` at the hero in the last turn.
fn shot(g: &Game, id: CreatureId, with: &str) -> bool {
    g.log.last_events.iter().any(|e| {
        matches!(e, Event::AbilityUsed { source, ability, .. } if *source == id && ability == with)
    })
}

/// The hall with a hunting `kind` at `at`, changed by `set`, after the hero waits a turn.
fn a_turn_with(
    content: &Content,
    kind: &str,
    at: Pos,
    set: impl FnOnce(&mut super::state::Creature),
) -> (Game, CreatureId) {
    let mut g = world(HALL, content);
    let id = monster(&mut g, content, kind, at, Awareness::Hunting);
    set(g.floor.creatures.get_mut(&id).unwrap());
    g.execute(&Command::Wait, content);
    (g, id)
}

#[test]
fn a_shot_from_afar_is_what_the_monsters_ai_list_would_choose() {
    let content = core();
    let at = Pos::new(6, 2);
    // Badly hurt, the goblin archer's list flees first: it runs instead of shooting.
    let (g, id) = a_turn_with(&content, "core:goblin_archer", at, |c| c.health = 4.0);
    assert!(!shot(&g, id, "core:arrow"), "{:?}", g.log.lines);
    assert!(!g.in_combat());
    assert_eq!(g.floor.creatures[&id].ai.mode, AiMode::Flee, "it runs");
    // An arrow still cooling down for a turn is not ready (it once counted as ready).
    let (g, id) = a_turn_with(&content, "core:goblin_archer", at, |c| {
        c.cooldowns.insert("core:arrow".into(), 1);
    });
    assert!(!shot(&g, id, "core:arrow"), "{:?}", g.log.lines);
    // The skeleton has the stamina for its bone throw and opens the fight with one (its
    // reach is 4).
    let (g, id) = a_turn_with(&content, "core:skeleton", Pos::new(5, 2), |_| {});
    assert!(shot(&g, id, "core:bone_throw"), "{:?}", g.log.lines);
    assert!(g.in_combat());
}

/// An archer that steadies itself when it notices the hero: the noticing's trigger acts
/// before the shot it allows, not after the arrow has flown.
#[test]
fn noticing_the_hero_acts_before_the_shot() {
    let content = super::pipeline_tests::content_with(
        r#"
[[modifiers]]
id = "test:steady"
name = "Steady"
effects = [ { attribute = "hit_chance", flat = 0.1 } ]

[[creatures]]
id = "test:keen_archer"
name = "Keen archer"
symbol = "g"
color = "lime"
base = { max_health = 18, max_stamina = 15, damage = 5, hit_chance = 0.75, dexterity = 5 }
abilities = ["core:attack", "core:arrow"]
ai = [ { ability = "core:arrow" }, { ability = "core:attack" } ]
movement = { target = { shy = 5 }, nav = "path" }
triggers = [ { event = "hero_noticed", actions = [ { action = "apply_modifier", modifier = "test:steady", target = "self" } ] } ]
"#,
    );
    let mut g = world(HALL, &content);
    // Looking for the hero already: seeing it is noticing it.
    let id = monster(
        &mut g,
        &content,
        "test:keen_archer",
        Pos::new(6, 2),
        Awareness::LostTrack,
    );
    g.log.last_events.clear();
    g.execute(&Command::Wait, &content);
    let at = |pred: &dyn Fn(&Event) -> bool| g.log.last_events.iter().position(pred);
    let steadied = at(
        &|e| matches!(e, Event::ModifierApplied { target, modifier } if *target == id && modifier == "test:steady"),
    );
    let loosed = at(&|e| matches!(e, Event::AbilityUsed { source, .. } if *source == id));
    assert!(
        steadied.is_some() && loosed.is_some() && steadied < loosed,
        "{:?}",
        g.log.last_events
    );
}

/// A throw's ability is used like any other: refused while the hero lacks its stamina, in a
/// fight as outside one, and paid for when thrown.
#[test]
fn a_throw_is_refused_under_its_abilitys_lock_and_paid_for() {
    let mut content = core();
    (content.abilities.get_mut("core:dart_throw").unwrap()).cost = 10.0;
    let tired = |g: &mut Game, stamina: f64| {
        let hero = g.party.hero;
        g.floor.creatures.get_mut(&hero).unwrap().stamina = stamina;
    };
    let at = Pos::new(4, 2);
    let throw = Command::Throw { index: 0, at };
    // Outside a fight, and in one.
    for fighting in [false, true] {
        let mut g = with_darts(&mut content);
        let id = monster(&mut g, &content, "core:goblin", at, Awareness::Hunting);
        if fighting {
            g.start_combat(id, &[], &content);
            g.drain(&content);
        }
        tired(&mut g, 5.0);
        let hash = g.state_hash();
        assert!(
            matches!(
                g.execute(&throw, &content),
                Outcome::Rejected(Reason::NotEnoughStamina { .. })
            ),
            "fighting: {fighting}"
        );
        assert_eq!(g.state_hash(), hash, "a refusal costs nothing");
    }
    let mut g = with_darts(&mut content);
    monster(&mut g, &content, "core:goblin", at, Awareness::Hunting);
    tired(&mut g, 20.0);
    assert_eq!(g.execute(&throw, &content), Outcome::TurnPassed);
    let regen = content.balance.stamina_regen;
    assert!(
        g.hero().stamina <= 20.0 - 10.0 + regen,
        "{}",
        g.hero().stamina
    );
}
