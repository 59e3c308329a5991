//! The explore bot: plays from the game state alone (no memory outside it).
use super::combat::Attr;
use super::command::Command;
use super::state::{Game, ItemInstance};
use super::travel::{Pickup, bystanders, explore_towards, pick_up_here, step_round, walled_round};
use crate::content::Content;
use crate::content::registry::AttrKey;
use crate::content::schema::{ActionDef, Slot, Target};
use crate::grid::nearest;
use crate::map::{Dir, Pos};

/// Below this share of health the bot rests when no monster is in view.
const REST_BELOW: f64 = 0.7;
const FLEE_BELOW: f64 = 0.2;
/// The farthest (in tiles) the bot goes out of its way to sneak up on a monster.
const SNEAK_REACH: i64 = 8;

/// The bot's next command.
pub fn explore(game: &Game, content: &Content) -> Command {
    if game.in_combat() {
        return fight(game, content);
    }
    let hero = game.hero();
    let health = hero.health / game.attribute(game.party.hero, Attr::MaxHealth, content);
    // A shopkeeper in view is no danger, nor is a monster that has not noticed the hero.
    let monster_in_view = (game.floor.creatures.values()).any(|c| {
        c.id != game.party.hero
            && game.is_visible(c.pos)
            && !game.is_shopkeeper(c.id, content)
            && !c.ai.awareness.unaware()
    });
    if let Some(cmd) = gear_up(game, content) {
        return cmd;
    }
    if let Some(cmd) = shopping(game, content) {
        return cmd;
    }
    // An unknown potion or scroll is tried only when it is safe: full health, nobody in view.
    if health >= 1.0
        && !monster_in_view
        && let Some(index) = try_unknown(game, content)
    {
        return Command::UseItem {
            index,
            target: None,
            item: None,
        };
    }
    if health < REST_BELOW && !monster_in_view {
        return Command::Wait;
    }
    if let Some(cmd) = throw_shot(game, content) {
        return cmd;
    }
    if let Some(d) = sneak_step(game, content) {
        return Command::Move(d);
    }
    // Auto-explore's own rule, as a player plays it with "Explore picks up items" off: gold,
    // then the unexplored edge, by the ways no bystander closes (what the bot wants it takes
    // as it walks over it: `gear_up`); then the stairs. When a bystander closes the way to
    // them too, the bot does what a player does with one that will not move: walks into it.
    // (With every item sought, its rogue won 48 % of the balance test's runs, over the band:
    // that retune is a change of rules, for another issue.)
    let pickup = Pickup {
        off: true,
        ..Pickup::default()
    };
    let open = pick_up_here(game, content, &pickup)
        .or_else(|| explore_towards(game, content, &pickup, false));
    if hero.pos == game.floor.down && (health >= REST_BELOW || monster_in_view) && open.is_none() {
        return Command::Descend;
    }
    let bump = || {
        let path = nearest(&game.floor.map, hero.pos, |p| p == game.floor.down)?;
        first_step(&path).map(Command::Move)
    };
    match open
        .or_else(|| step_towards(game, content, |p| p == game.floor.down, false))
        .or_else(bump)
    {
        Some(cmd) => cmd,
        None if hero.pos == game.floor.down => Command::Descend,
        None => Command::Wait,
    }
}

/// A throw of the pack's first thrown item (never a potion: those are for drinking) at the
/// nearest hostile in view that its line of fire reaches first, within the item's range and
/// not next to the hero (there a bump does better): the fight opens with a blow struck from
/// afar.
fn throw_shot(game: &Game, content: &Content) -> Option<Command> {
    let index = (game.party.inventory.iter()).position(|it| {
        content
            .item(&it.item)
            .is_some_and(|d| d.slot == Slot::Thrown)
    })?;
    let throw = content
        .item(&game.party.inventory[index].item)?
        .throw
        .as_ref()?;
    let range = super::throwing::throw_range(throw, content);
    let hero = game.hero_pos();
    let mut targets: Vec<(u32, Pos, super::state::CreatureId)> = (game.floor.creatures.values())
        .filter(|c| c.id != game.party.hero && c.is_alive() && game.is_visible(c.pos))
        .filter(|c| {
            content
                .creature(&c.kind)
                .is_some_and(|k| k.hostile && !k.shopkeeper)
        })
        .map(|c| (hero.chebyshev(c.pos), c.pos, c.id))
        .filter(|&(d, _, _)| (2..=range).contains(&d))
        .collect();
    targets.sort();
    targets
        .into_iter()
        .find(|&(_, at, id)| game.line_of_fire(hero, at).first_creature() == Some(id))
        .map(|(_, at, _)| Command::Throw { index, at })
}

/// Towards a hostile near by that sleeps or has not noticed the hero: the bump will be a
/// sneak attack. Near by, not in view: a step that hides the prey behind a corner must not
/// turn the bot back to exploring (it would step back and forth for ever); it reads where the
/// prey is from the state, as the bot does everything.
fn sneak_step(game: &Game, content: &Content) -> Option<Dir> {
    let prey: Vec<Pos> = (game.floor.creatures.values())
        .filter(|c| {
            game.catches_unaware(c.id)
                && game.is_explored(c.pos)
                && c.pos.dist2(game.hero_pos()) <= SNEAK_REACH * SNEAK_REACH
                && content
                    .creature(&c.kind)
                    .is_some_and(|k| k.hostile && !k.shopkeeper)
        })
        .map(|c| c.pos)
        .collect();
    if prey.is_empty() {
        return None;
    }
    // Reach counted in steps: each step along the path brings the prey one nearer, so the bot
    // never turns back at the edge of its reach.
    let path = path_towards(game, content, |p| prey.contains(&p))?;
    if path.len() > SNEAK_REACH as usize + 1 {
        return None;
    }
    first_step(&path)
}

/// The hero's next command on the way over the floor to the nearest tile satisfying `goal`
/// (shortest path): a step round the creatures that are not hostile, and with `through` a way
/// they close, letting them pass (`travel::step_round`).
pub fn step_towards(
    game: &Game,
    content: &Content,
    goal: impl Fn(Pos) -> bool,
    through: bool,
) -> Option<Command> {
    step_round(game, content, &game.floor.map, goal, through)
}

/// The hero's shortest path to the nearest tile satisfying `goal`, its own tile first, round
/// the creatures that are not hostile.
fn path_towards(game: &Game, content: &Content, goal: impl Fn(Pos) -> bool) -> Option<Vec<Pos>> {
    let map = walled_round(&game.floor.map, &bystanders(game, content), |_| false);
    nearest(&map, game.hero_pos(), goal)
}

/// The direction of a path's first step (the path starts on the walker's tile).
pub(super) fn first_step(path: &[Pos]) -> Option<Dir> {
    let (from, next) = (path.first()?, path.get(1)?);
    Dir::from_delta(next.x - from.x, next.y - from.y)
}

/// Auto-explore: towards the nearest explored tile that borders an unexplored one.
pub fn frontier_step(game: &Game, content: &Content, through: bool) -> Option<Command> {
    step_towards(
        game,
        content,
        |p| {
            Dir::ALL.iter().any(|&d| {
                let q = p.offset(d);
                game.floor.map.in_bounds(q) && !game.is_explored(q)
            })
        },
        through,
    )
}

/// A fight, with whatever abilities the hero's class gives: heal when low, drink, flee;
/// put up a guard the fight is long enough for; else the most damage the stamina buys.
fn fight(game: &Game, content: &Content) -> Command {
    let h = game.hero();
    let health = h.health / game.attribute(game.party.hero, Attr::MaxHealth, content);
    let abilities = Abilities::of(game, content);
    if health < 0.45
        && let Some(heal) = abilities
            .usable()
            .find(|a| (abilities.actions(a).iter()).any(|x| matches!(x, ActionDef::Heal { .. })))
    {
        return ability(heal, None);
    }
    if health < 0.35
        && let Some(index) = potion(game, content, Pool::Health)
    {
        return Command::UseItem {
            index,
            target: None,
            item: None,
        };
    }
    if health < FLEE_BELOW {
        return Command::Flee;
    }
    let plan = Strike::plan(game, content, &abilities);
    if let Some(guard) = plan.guard {
        return guard;
    }
    // Too little stamina for any ability that costs some: a draught, if one is carried.
    let cheapest = (abilities.known.iter())
        .filter_map(|a| content.ability(a).map(|a| a.cost))
        .filter(|c| *c > 0.0)
        .min_by(f64::total_cmp);
    if cheapest.is_some_and(|c| h.stamina < c)
        && let Some(index) = potion(game, content, Pool::Stamina)
    {
        return Command::UseItem {
            index,
            target: None,
            item: None,
        };
    }
    plan.blow
}

/// The fight's best strike, as the bot chooses it: a guard the fight is long enough for, else
/// the usable ability that deals the most damage, at the weakest enemy. Autofight's choice.
pub fn strike(game: &Game, content: &Content) -> Command {
    let plan = Strike::plan(game, content, &Abilities::of(game, content));
    plan.guard.unwrap_or(plan.blow)
}

/// The hero's abilities as a fight judges them: those it knows, which of them it may use
/// (judged as the rules judge the hero's command: after the round's tick), and what each does.
struct Abilities<'a> {
    judged: Game,
    known: &'a [String],
    content: &'a Content,
}

impl<'a> Abilities<'a> {
    fn of(game: &Game, content: &'a Content) -> Self {
        Self {
            judged: game.as_the_round_begins(content),
            known: (content.creature(&game.hero().kind)).map_or(&[][..], |k| &k.abilities[..]),
            content,
        }
    }

    fn usable(&self) -> impl Iterator<Item = &'a String> + '_ {
        (self.known.iter()).filter(|a| {
            (self.judged)
                .ability_lock(self.judged.party.hero, a, None, self.content)
                .is_none()
        })
    }

    fn actions(&self, ability: &str) -> &'a [ActionDef] {
        (self.content.ability(ability)).map_or(&[][..], |a| &a.actions[..])
    }
}

/// What the bot would strike with: a guard worth putting up, and the best blow.
struct Strike {
    guard: Option<Command>,
    blow: Command,
}

impl Strike {
    fn plan(game: &Game, content: &Content, abilities: &Abilities) -> Self {
        let hero = game.party.hero;
        let h = game.hero();
        let actions = |a: &str| abilities.actions(a);
        let target = game.fight.enemies.iter().copied().min_by(|a, b| {
            let ha = game.creature(*a).map_or(0.0, |c| c.health);
            let hb = game.creature(*b).map_or(0.0, |c| c.health);
            ha.total_cmp(&hb).then(a.cmp(b))
        });
        let damage = game.attribute(hero, Attr::Damage, content);
        let enemies_health: f64 = (game.fight.enemies.iter())
            .filter_map(|e| game.creature(*e))
            .map(|c| c.health)
            .sum();
        // A guard (a modifier on the hero) pays when the fight outlasts it by a few blows.
        let guard = abilities.usable().find(|a| {
            let mine = actions(a).iter().find_map(|x| match x {
                ActionDef::ApplyModifier {
                    modifier,
                    target: Target::SelfTarget,
                    ..
                } => Some(modifier),
                _ => None,
            });
            mine.is_some_and(|m| !h.has_modifier(m)) && enemies_health > 3.0 * damage
        });
        let worth = |a: &str| -> f64 {
            (actions(a).iter())
                .map(|x| match x {
                    ActionDef::Damage {
                        amount,
                        scale,
                        target: Target::AllEnemies,
                        ..
                    } => (amount + scale * damage) * game.fight.enemies.len() as f64,
                    ActionDef::Damage { amount, scale, .. } => amount + scale * damage,
                    _ => 0.0,
                })
                .sum()
        };
        let best = (abilities.usable())
            .map(|a| (a, worth(a)))
            .filter(|(_, w)| *w > 0.0)
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(a.0)));
        Self {
            guard: guard.map(|a| ability(a, target)),
            blow: match best {
                Some((a, _)) => ability(a, target),
                None => ability("core:attack", target),
            },
        }
    }
}

/// What a potion restores.
#[derive(Clone, Copy, PartialEq)]
enum Pool {
    Health,
    Stamina,
}

/// At a shop with gold: buy the known healing potion it sells, until three are carried; on
/// a floor whose shop has been seen, walk there first.
fn shopping(game: &Game, content: &Content) -> Option<Command> {
    let shop = game.floor.shop.as_ref()?;
    let heals = |it: &ItemInstance| {
        game.knows(&it.item)
            && content
                .item(&it.item)
                .is_some_and(|d| (d.actions.iter()).any(|a| matches!(a, ActionDef::Heal { .. })))
    };
    if game.party.inventory.iter().filter(|it| heals(it)).count() >= 3
        || game.party.inventory.len() >= content.balance.inventory_size as usize
    {
        return None;
    }
    let ware = (shop.wares.iter().enumerate())
        .filter(|(_, it)| heals(it) && game.price(it, content) <= game.party.gold)
        .min_by_key(|(i, it)| (game.price(it, content), *i))?
        .0;
    if game.at_shop() {
        return Some(Command::Buy(ware));
    }
    let keeper = game.creature(shop.keeper)?.pos;
    if !game.is_explored(keeper) {
        return None;
    }
    step_towards(game, content, |p| p.manhattan(keeper) == 1, true)
}

/// The pack's first unknown item that needs no target (a potion, a scroll), or a known
/// identify while something is unknown.
fn try_unknown(game: &Game, content: &Content) -> Option<usize> {
    let works_alone =
        |def: &crate::content::registry::Item| def.slot == Slot::Consumable && def.charges == 0;
    let unknown = game.first_unknown(None).is_some();
    game.party.inventory.iter().position(|it| {
        content.item(&it.item).is_some_and(|def| {
            works_alone(def)
                && if game.knows(&it.item) {
                    unknown && def.actions.iter().any(|a| matches!(a, ActionDef::Identify))
                } else {
                    true
                }
        })
    })
}

/// The pack's known potion that restores most of `pool`, by index.
fn potion(game: &Game, content: &Content, pool: Pool) -> Option<usize> {
    let heal = |i: &usize| {
        let it = &game.party.inventory[*i];
        if !game.knows(&it.item) {
            return 0.0;
        }
        content.item(&it.item).map_or(0.0, |def| {
            def.actions
                .iter()
                .map(|a| match (a, pool) {
                    (ActionDef::Heal { amount, .. }, Pool::Health) => *amount,
                    (ActionDef::RestoreStamina { amount, .. }, Pool::Stamina) => *amount,
                    _ => 0.0,
                })
                .sum::<f64>()
        })
    };
    (0..game.party.inventory.len())
        .filter(|i| heal(i) > 0.0)
        .max_by(|a, b| heal(a).total_cmp(&heal(b)).then(b.cmp(a)))
}

/// A rough worth of what an item (with its affixes) does for the hero while worn.
fn worth(it: &ItemInstance, content: &Content) -> f64 {
    let Some(def) = content.item(&it.item) else {
        return 0.0;
    };
    let affix_mods = it
        .affixes
        .iter()
        .filter_map(|a| content.affixes.get(a))
        .flat_map(|a| a.modifiers.iter());
    def.modifiers
        .iter()
        .chain(affix_mods)
        .filter_map(|m| content.modifier(m))
        .map(|m| {
            let triggers = m.triggers.len() as f64 * 2.0;
            let effects: f64 = m
                .effects
                .iter()
                .filter(|e| e.condition.is_empty())
                .map(|e| {
                    let weight = match e.attribute {
                        AttrKey::Damage => 1.0,
                        AttrKey::MaxHealth => 0.15,
                        AttrKey::MaxStamina => 0.1,
                        AttrKey::Dexterity => 0.6,
                        AttrKey::HitChance => 25.0,
                        AttrKey::CriticalChance => 12.0,
                        AttrKey::CriticalFactor => 3.0,
                        AttrKey::Luck => 0.1,
                        AttrKey::Resistance(_) => 10.0,
                    };
                    weight * (e.flat + e.percent / 10.0)
                })
                .sum();
            effects
                + triggers
                + if m.effects.iter().any(|e| !e.condition.is_empty()) {
                    1.0
                } else {
                    0.0
                }
        })
        .sum()
}

/// Whether the bot wants an item: any consumable, or gear better than what is worn.
fn wanted(game: &Game, it: &ItemInstance, content: &Content) -> bool {
    content.item(&it.item).is_some_and(|def| {
        def.slot == Slot::Consumable
            || worth(it, content)
                > game
                    .party
                    .equipment
                    .get(&def.slot)
                    .map_or(0.0, |w| worth(w, content))
    })
}

/// Outside a fight: take what lies here if any of it is wanted, wear what is better than
/// what is worn.
fn gear_up(game: &Game, content: &Content) -> Option<Command> {
    if let Some(pile) = game.floor.ground.get(&game.hero_pos())
        && game.party.inventory.len() < content.balance.inventory_size as usize
        && pile.iter().any(|it| wanted(game, it, content))
    {
        return Some(Command::PickUp);
    }
    game.party
        .inventory
        .iter()
        .position(|it| {
            content.item(&it.item).is_some_and(|d| d.slot.is_worn()) && wanted(game, it, content)
        })
        .map(Command::Equip)
}

fn ability(id: &str, target: Option<super::state::CreatureId>) -> Command {
    Command::Ability {
        ability: id.to_string(),
        target,
    }
}

/// A new run of `seed` played by the bot for `turns` turns, or to its end (for tests).
#[cfg(test)]
pub(crate) fn played(seed: u64, turns: u64, content: &Content) -> Game {
    let mut g = Game::new(seed, content).expect("a run starts");
    while g.run.turn < turns && !g.is_over() {
        let cmd = explore(&g, content);
        g.execute(&cmd, content);
    }
    g
}
