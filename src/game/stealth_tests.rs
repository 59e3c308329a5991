//! Tests of stealth and noise: sleepers stay put and wake on a noise within its radius only,
//! a stealthier hero is noticed later, a hunter that loses sight of the hero loses track,
//! and a bump on a monster that has not noticed the hero is a sneak attack.
use super::door_tests::{core, world};
use super::{Awareness, Command, CreatureId, Game, Outcome};
use crate::content::Content;
use crate::map::{Dir, Pos};

/// A goblin at `at` in `g`, in `awareness`.
fn goblin(g: &mut Game, content: &Content, at: Pos, awareness: Awareness) -> CreatureId {
    let id = g.spawn(content.creature("core:goblin").expect("core goblin"), at);
    g.floor.creatures.get_mut(&id).unwrap().ai.awareness = awareness;
    id
}

/// The hall with the core's rules, sleepers that only a noise wakes, and `knobs` applied.
fn quiet_hall(knobs: impl FnOnce(&mut crate::content::Balance)) -> (Content, Game) {
    let mut content = core();
    content.balance.wake_chance = 0.0;
    knobs(&mut content.balance);
    let g = world(HALL, &content);
    (content, g)
}

/// A hall with a shaft going down from its middle, out of sight of most of the hall.
const SHAFT: &str = "\
###########
#@........#
#######.###
#######.###
#######.###
###########";

const HALL: &str = "\
##############################
#@...........................#
##############################";

#[test]
fn a_sleeper_stays_put_and_never_starts_a_fight() {
    let (content, mut g) = quiet_hall(|_| {});
    let id = goblin(&mut g, &content, Pos::new(3, 1), Awareness::Asleep);
    for _ in 0..20 {
        assert_eq!(g.execute(&Command::Wait, &content), Outcome::TurnPassed);
    }
    assert_eq!(
        g.floor.creatures[&id].pos,
        Pos::new(3, 1),
        "it sleeps where it lies"
    );
    g.execute(&Command::Move(Dir::Right), &content);
    assert_eq!(g.hero_pos(), Pos::new(2, 1));
    assert!(!g.in_combat(), "a sleeper next to the hero does not attack");
    assert_eq!(g.floor.creatures[&id].ai.awareness, Awareness::Asleep);
}

#[test]
fn a_noise_wakes_sleepers_within_its_radius_and_not_beyond() {
    let content = core();
    let mut g = world(HALL, &content);
    let near = goblin(&mut g, &content, Pos::new(11, 1), Awareness::Asleep);
    let far = goblin(&mut g, &content, Pos::new(13, 1), Awareness::Asleep);
    let rng = g.run.rng.clone();
    g.make_noise(Pos::new(1, 1), 10);
    assert_eq!(g.floor.creatures[&near].ai.awareness, Awareness::LostTrack);
    assert_eq!(
        g.floor.creatures[&near].ai.last_seen,
        Pos::new(1, 1),
        "it comes to look"
    );
    assert_eq!(g.floor.creatures[&far].ai.awareness, Awareness::Asleep);
    assert_eq!(g.run.rng, rng, "a noise is certain: nothing is drawn");
}

#[test]
fn a_fight_is_heard() {
    let (content, mut g) = quiet_hall(|b| b.fight_noise = 6);
    let foe = goblin(&mut g, &content, Pos::new(2, 1), Awareness::Hunting);
    let near = goblin(&mut g, &content, Pos::new(7, 1), Awareness::Asleep);
    let far = goblin(&mut g, &content, Pos::new(20, 1), Awareness::Asleep);
    g.execute(&Command::Wait, &content);
    assert_eq!(
        g.fight.enemies,
        vec![foe],
        "the sleeper in view does not join"
    );
    assert_eq!(g.floor.creatures[&near].ai.awareness, Awareness::LostTrack);
    assert_eq!(g.floor.creatures[&far].ai.awareness, Awareness::Asleep);
}

/// Turns until an unaware goblin 3 tiles down the hall notices a hero waiting there, for
/// `stealth` as the class's factor; at most 200.
fn turns_to_notice(seed: u64, stealth: f64) -> u32 {
    let mut content = core();
    for class in content.classes.values_mut() {
        class.stealth = stealth;
    }
    let mut g = world(HALL, &content);
    g.run.rng = crate::rng::game_rng(seed);
    let id = goblin(&mut g, &content, Pos::new(4, 1), Awareness::Unaware);
    g.floor.creatures.get_mut(&id).unwrap().ai.home = Pos::new(4, 1);
    for turn in 0..200 {
        if g.floor.creatures[&id].ai.awareness == Awareness::Hunting {
            return turn;
        }
        g.execute(&Command::Wait, &content);
    }
    200
}

#[test]
fn a_stealthier_hero_is_noticed_later() {
    let (mut plain, mut quiet) = (0, 0);
    for seed in 0..60 {
        plain += turns_to_notice(seed, 1.0);
        quiet += turns_to_notice(seed, 0.6);
    }
    assert!(
        quiet > plain * 3 / 2,
        "noticed after {quiet} turns in all, not later than {plain}"
    );
}

#[test]
fn a_hunter_that_loses_sight_of_the_hero_loses_track_and_goes_to_look() {
    let mut content = core();
    content.balance.lose_track_turns = 3;
    let mut g = world(SHAFT, &content);
    let id = goblin(&mut g, &content, Pos::new(7, 4), Awareness::Hunting);
    g.floor.creatures.get_mut(&id).unwrap().ai.last_seen = Pos::new(7, 1);
    g.floor.creatures.get_mut(&id).unwrap().ai.unseen = 2;
    let hero = g.party.hero;
    // The hero is far off and out of its sight from the bottom of the shaft.
    g.floor.creatures.get_mut(&hero).unwrap().pos = Pos::new(1, 1);
    g.update_sight(&content);
    g.monsters_act(&content);
    let c = &g.floor.creatures[&id];
    assert_eq!(c.ai.awareness, Awareness::LostTrack);
    assert_eq!(c.ai.last_seen, Pos::new(7, 1));
}

/// The damage a bump on a sleeping goblin does, and the log, with `factor` as the sneak
/// attack's.
fn sneak_damage(factor: f64) -> (f64, Vec<String>) {
    let mut content = core();
    content.balance.sneak_attack = factor;
    for class in content.classes.values_mut() {
        class.sneak_attack = None;
    }
    let mut g = world(HALL, &content);
    let id = goblin(&mut g, &content, Pos::new(2, 1), Awareness::Asleep);
    let before = g.floor.creatures[&id].health;
    let log = g.log.lines.len();
    g.execute(&Command::Move(Dir::Right), &content);
    assert_eq!(g.hero_pos(), Pos::new(1, 1), "the bump is the move");
    let after = g
        .floor
        .creatures
        .get(&id)
        .map_or(0.0, |c| c.health.max(0.0));
    let lines = g.log.lines[log..].iter().map(|l| l.text.clone()).collect();
    (before - after, lines)
}

#[test]
fn a_sneak_attack_strikes_first_and_hard() {
    let (single, _) = sneak_damage(1.0);
    let (triple, log) = sneak_damage(3.0);
    assert!(single > 0.0, "a sneak attack always hits");
    assert!(
        triple >= (3.0 * single - 1.5).min(15.0),
        "×3 did {triple}, ×1 did {single}"
    );
    assert_eq!(log[0], "You catch the goblin asleep!", "{log:?}");
    assert!(
        log.iter().any(|l| l.starts_with("A fight begins")),
        "{log:?}"
    );
}

#[test]
fn a_hunting_monster_gets_no_sneak_attack() {
    let content = core();
    let mut g = world(HALL, &content);
    let id = goblin(&mut g, &content, Pos::new(2, 1), Awareness::Hunting);
    let before = g.floor.creatures[&id].health;
    g.execute(&Command::Move(Dir::Right), &content);
    assert!(g.in_combat() || g.fight.starting);
    assert_eq!(
        g.floor.creatures[&id].health, before,
        "the fight's first round is to come"
    );
    assert!(!g.log.lines.iter().any(|l| l.text.contains("unaware")));
}

#[test]
fn some_monsters_start_asleep_and_never_guards_foragers_or_shopkeepers() {
    let content = core();
    let (mut asleep, mut all) = (0, 0);
    for seed in 0..20 {
        let g = Game::new(seed, &content).expect("a run starts");
        let guards: Vec<CreatureId> = (g.floor.encounter_rooms.iter())
            .flat_map(|r| r.guards.iter().copied())
            .collect();
        for c in g.floor.creatures.values().filter(|c| c.id != g.party.hero) {
            if guards.contains(&c.id) || !super::state::sleeps(&content.creatures[&c.kind]) {
                assert_ne!(c.ai.awareness, Awareness::Asleep, "{}", c.kind);
                continue;
            }
            all += 1;
            if c.ai.awareness == Awareness::Asleep {
                asleep += 1;
                assert!(!guards.contains(&c.id), "a guard stands ready");
            }
        }
    }
    let share = asleep as f64 / all as f64;
    let want = content.balance.asleep_chance;
    assert!(
        (want - 0.15..=want + 0.1).contains(&share),
        "{asleep} of {all} asleep"
    );
}

#[test]
fn a_splash_in_the_shallows_is_heard() {
    let (content, mut g) = quiet_hall(|_| {});
    let water = (g.floor.map.terrains().tile("core:shallow_water")).expect("the core's shallows");
    let noise = u32::from(g.floor.map.rules(water).noise);
    assert!(noise > 0, "shallow water is loud");
    g.floor.map.set(Pos::new(2, 1), water);
    let heard = noise as i32 + 2;
    let near = goblin(&mut g, &content, Pos::new(heard - 1, 1), Awareness::Asleep);
    let far = goblin(&mut g, &content, Pos::new(heard + 2, 1), Awareness::Asleep);
    g.execute(&Command::Move(Dir::Right), &content);
    assert_eq!(g.hero_pos(), Pos::new(2, 1));
    // Woken, it came to look, and seeing the hero down the hall it hunts.
    assert_eq!(g.floor.creatures[&near].ai.awareness, Awareness::Hunting);
    assert_eq!(g.floor.creatures[&far].ai.awareness, Awareness::Asleep);
}

#[test]
fn an_unaware_monster_in_view_does_not_join_a_fight() {
    let mut content = core();
    content.balance.notice_chance = 0.0;
    let mut g = world(HALL, &content);
    let foe = goblin(&mut g, &content, Pos::new(2, 1), Awareness::Hunting);
    let idle = goblin(&mut g, &content, Pos::new(4, 1), Awareness::Unaware);
    g.execute(&Command::Wait, &content);
    assert_eq!(g.fight.enemies, vec![foe], "only a hunter joins");
    // The fight's noise sends it to look.
    assert_eq!(g.floor.creatures[&idle].ai.awareness, Awareness::LostTrack);
}

#[test]
fn opening_or_closing_a_door_is_heard_door_noise_tiles_around() {
    let (content, mut g) = quiet_hall(|b| b.door_noise = 5);
    let door = g
        .floor
        .map
        .terrains()
        .tile("core:door")
        .expect("the core's door");
    g.floor.map.set(Pos::new(2, 1), door);
    let near = goblin(&mut g, &content, Pos::new(7, 1), Awareness::Asleep);
    let far = goblin(&mut g, &content, Pos::new(9, 1), Awareness::Asleep);
    assert!(
        g.loud_command(&Command::Move(Dir::Right)),
        "walking into a door"
    );
    g.execute(&Command::Move(Dir::Right), &content);
    assert_eq!(g.hero_pos(), Pos::new(1, 1), "opening is the move");
    assert_ne!(g.floor.creatures[&near].ai.awareness, Awareness::Asleep);
    assert_eq!(g.floor.creatures[&far].ai.awareness, Awareness::Asleep);
    // Closing it again is as loud.
    assert!(g.loud_command(&Command::CloseDoor(Dir::Right)));
    let far_pos = g.floor.creatures[&far].pos;
    g.floor.creatures.get_mut(&far).unwrap().pos = Pos::new(6, 1);
    g.execute(&Command::CloseDoor(Dir::Right), &content);
    assert_ne!(
        g.floor.creatures[&far].ai.awareness,
        Awareness::Asleep,
        "{far_pos:?}"
    );
    assert!(!g.loud_command(&Command::Wait));
}

#[test]
fn a_shout_wakes_sleepers_in_its_radius_and_costs_a_turn() {
    let (content, mut g) = quiet_hall(|b| b.shout_noise = 12);
    let near = goblin(&mut g, &content, Pos::new(13, 1), Awareness::Asleep);
    let far = goblin(&mut g, &content, Pos::new(15, 1), Awareness::Asleep);
    let turn = g.run.turn;
    assert_eq!(g.execute(&Command::Shout, &content), Outcome::TurnPassed);
    assert_eq!(g.run.turn, turn + 1);
    assert!(g.log.lines.iter().any(|l| l.text == "You shout!"));
    assert_ne!(g.floor.creatures[&near].ai.awareness, Awareness::Asleep);
    assert_eq!(g.floor.creatures[&far].ai.awareness, Awareness::Asleep);
}

#[test]
fn a_door_opened_out_of_sight_near_by_is_heard() {
    let content = core();
    let mut g = world(SHAFT, &content);
    let door = g
        .floor
        .map
        .terrains()
        .tile("core:door")
        .expect("the core's door");
    g.floor.map.set(Pos::new(7, 3), door);
    g.update_sight(&content);
    let id = goblin(&mut g, &content, Pos::new(7, 4), Awareness::Hunting);
    g.floor.creatures.get_mut(&id).unwrap().ai.last_seen = Pos::new(7, 1);
    let hero = g.party.hero;
    g.floor.creatures.get_mut(&hero).unwrap().pos = Pos::new(5, 1);
    g.update_sight(&content);
    assert!(!g.is_visible(Pos::new(7, 3)), "the door is out of sight");
    // Its mode cycle may send it away first: it comes within a few turns.
    let opened = (0..40).find(|_| {
        assert!(!g.heard_last_turn(), "nothing heard before the door opens");
        g.execute(&Command::Wait, &content);
        g.opens_to(Pos::new(7, 3)).is_none()
    });
    assert!(opened.is_some(), "it opened the door");
    assert!(g.heard_last_turn(), "{:?}", g.log.lines.last());
    g.execute(&Command::Wait, &content);
    assert!(!g.heard_last_turn(), "only the turn it happened");
}

/// Turns until an unaware goblin 3 tiles off notices the waiting hero, with `perception`.
fn turns_to_notice_with(seed: u64, perception: f64) -> u32 {
    let mut content = core();
    content
        .creatures
        .get_mut("core:goblin")
        .expect("core goblin")
        .perception = perception;
    let mut g = world(HALL, &content);
    g.run.rng = crate::rng::game_rng(seed);
    let id = goblin(&mut g, &content, Pos::new(4, 1), Awareness::Unaware);
    g.floor.creatures.get_mut(&id).unwrap().ai.home = Pos::new(4, 1);
    (0..200)
        .find(|_| {
            let hunting = g.floor.creatures[&id].ai.awareness == Awareness::Hunting;
            g.execute(&Command::Wait, &content);
            hunting
        })
        .unwrap_or(200)
}

#[test]
fn a_keener_monster_notices_sooner_and_one_without_perception_never() {
    let (mut plain, mut keen) = (0, 0);
    for seed in 0..60 {
        plain += turns_to_notice_with(seed, 1.0);
        keen += turns_to_notice_with(seed, 2.0);
    }
    assert!(keen * 3 / 2 < plain, "keen {keen} turns, plain {plain}");
    assert_eq!(turns_to_notice_with(1, 0.0), 200);
}

/// The core with a mod's creature file.
fn with_creatures(text: &str) -> Content {
    let pack = crate::content::Pack {
        id: "m".into(),
        files: vec![("creatures.toml".into(), text.as_bytes().to_vec())],
    };
    let (content, report) = crate::content::load_packs(&[crate::content::core_pack(), pack]);
    assert!(!report.has_errors(), "{report}");
    content
}

#[test]
fn content_sets_how_a_creature_starts_and_a_trigger_hears_it_notice() {
    let content = with_creatures(
        r#"
[[creatures]]
id = "m:watcher"
name = "Watcher"
symbol = "w"
color = "red"
starts = "unaware"
perception = 10
movement = { target = "hero" }
triggers = [ { event = "hero_noticed", actions = [ { action = "apply_modifier", modifier = "core:weakened", target = "target" } ] } ]

[[creatures]]
id = "m:sleeper"
name = "Sleeper"
symbol = "z"
color = "blue"
starts = "asleep"

[[creatures]]
id = "m:hunter"
name = "Hunter"
symbol = "h"
color = "red"
starts = "hunting"
"#,
    );
    let mut g = world(HALL, &content);
    let kind = |id: &str| content.creature(id).expect(id).clone();
    for (id, want) in [
        ("m:watcher", Awareness::Unaware),
        ("m:sleeper", Awareness::Asleep),
        ("m:hunter", Awareness::Hunting),
    ] {
        let k = kind(id);
        let c = g.spawn(&k, Pos::new(20, 1));
        g.place_awake_or_asleep(c, &k, &content);
        assert_eq!(g.floor.creatures[&c].ai.awareness, want, "{id}");
        g.floor.creatures.remove(&c);
    }
    let k = kind("m:watcher");
    let w = g.spawn(&k, Pos::new(4, 1));
    g.execute(&Command::Wait, &content);
    // Perception 10 makes the chance certain within the stealth range.
    assert_eq!(g.floor.creatures[&w].ai.awareness, Awareness::Hunting);
    assert!(
        (g.log.last_events.iter())
            .any(|e| matches!(e, super::events::Event::HeroNoticed { creature } if *creature == w))
    );
    assert!(g.hero().has_modifier("core:weakened"), "its trigger ran");
    assert!(
        g.log
            .lines
            .iter()
            .any(|l| l.text == "The watcher notices you!")
    );
}

/// A hero without the basic attack strikes a sneak attack with its first blow it can use,
/// and pays for it; with none it can use (too tired), the fight begins without the blow.
#[test]
fn a_sneak_attack_without_the_basic_attack_is_paid_for_and_locked() {
    let mut content = core();
    let power = content.ability("core:power_strike").unwrap().clone();
    (content.heroes.get_mut("core:fighter").unwrap()).abilities = vec![power.id.clone()];
    for tired in [false, true] {
        let mut g = world(HALL, &content);
        assert_eq!(g.hero().kind, "core:fighter");
        let id = goblin(&mut g, &content, Pos::new(2, 1), Awareness::Asleep);
        let hero = g.party.hero;
        if tired {
            g.floor.creatures.get_mut(&hero).unwrap().stamina = power.cost - 1.0;
        }
        let (stamina, health) = (g.hero().stamina, g.floor.creatures[&id].health);
        g.execute(&Command::Move(Dir::Right), &content);
        let felled = g.floor.creatures.get(&id).is_none_or(|c| !c.is_alive());
        assert!(
            g.in_combat() || g.fight.starting || felled,
            "the fight begins"
        );
        let struck = g.floor.creatures.get(&id).is_none_or(|c| c.health < health);
        assert_eq!(struck, !tired, "tired: {tired}");
        let h = g.hero();
        if tired {
            assert!(
                h.stamina >= stamina,
                "nothing paid: {} of {stamina}",
                h.stamina
            );
            assert!(h.cooldowns.is_empty());
        } else {
            assert!(h.stamina < stamina, "paid {} of {stamina}", h.stamina);
            assert!(h.cooldowns.contains_key(&power.id), "{:?}", h.cooldowns);
        }
    }
}
