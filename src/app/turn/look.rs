//! The look and target cursor. `;` looks: a cursor on the hero that the move keys move; Tab
//! and Shift+Tab go to the next and the last thing in sight (`examine::look_targets`:
//! creatures nearest first, then items); Enter travels there; Escape or `;` leaves. `T` aims
//! a throw the same way, starting on the last target still in sight, else the nearest hostile:
//! Enter throws the pack's first thrown item there (the inventory aims any throwable), and `Q`
//! throws again at the last target without the cursor. It points as the mouse does
//! (`Hovered`), so the examine panel describes the tile under it (and, aiming, the throw's
//! odds); the screen reader hears it (a11y) and the map draws it with the line of fire
//! (render). On a touch screen a long press opens it on the pressed tile (`gestures`) and the
//! touch bar becomes its context bar (`context_actions`).
use bevy::prelude::*;

use crate::app::shared::{
    AppSystems, ContentRes, GameRes, Notice, Overlay, PlayerCommand, Screen, TurnPhase,
};

use super::input::bindings::{Action, Bindings, Mods};
use super::input::pointer::Hovered;
use super::travel::{KnownInView, KnownWatching, Travel};
use crate::content::Content;
use crate::content::schema::Slot;
use crate::game::examine::look_targets;
use crate::game::{Command, CreatureId, Game, TravelGoal, hostiles_in_view, watchers};
use crate::map::Pos;

/// Where the look cursor points, while looking; `throwing` is the pack item a throw at it
/// would throw (aiming), none when only looking.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LookCursor {
    pub at: Pos,
    pub throwing: Option<usize>,
}

/// What the touch screen's context bar offers for the tile the cursor is on (a long press
/// opens the cursor there): the actions that fit it, as `context_actions` chooses them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContextAction {
    /// Travel there, as Enter does while looking.
    Travel,
    /// A step into the monster next to the hero, or in a fight the first ability on an enemy.
    Attack,
    /// Aim the pack's first thrown item at the tile (the odds show), before throwing it.
    Aim,
    /// Throw what is aimed, as Enter does while aiming.
    Throw,
    PickUp,
    Descend,
    /// Climb the up stairs the hero stands on.
    Ascend,
    /// Leave the cursor, as Escape does.
    Close,
}

/// A button of the context bar, pressed this frame.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContextChosen(pub ContextAction);

/// The last throw the cursor sent: what was thrown and at whom (`fire_again` repeats it).
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct LastThrow(pub Option<(String, Option<CreatureId>)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastThrow>()
        .add_message::<ContextChosen>();
    app.add_systems(
        Update,
        (
            open.in_set(super::TurnInput)
                .after(super::travel::step)
                .run_if(in_state(TurnPhase::AwaitingInput).and_then(in_state(Overlay::None))),
            // After the overlays' keys (Escape leaves every overlay) and the map's.
            look_keys
                .in_set(AppSystems::Input)
                .after(super::TurnInput)
                .run_if(in_state(Overlay::Look)),
        )
            .run_if(in_state(Screen::InGame)),
    );
    app.add_systems(OnExit(Overlay::Look), leave);
}

/// The first of the actions `wanted` that a key pressed this frame asks for.
fn pressed(keys: &ButtonInput<KeyCode>, bindings: &Bindings, wanted: &[Action]) -> Option<Action> {
    let mods = Mods::held(keys);
    keys.get_just_pressed()
        .filter_map(|k| bindings.pressed(*k, mods))
        .find(|a| wanted.contains(a))
}

/// The pack's first thrown item (darts before potions: a potion is thrown from the pack).
pub fn first_thrown(game: &Game, content: &Content) -> Option<usize> {
    (game.party.inventory.iter()).position(|it| {
        content
            .item(&it.item)
            .is_some_and(|d| d.slot == Slot::Thrown)
    })
}

/// Where aiming starts: the last target if it is still in sight (in a fight, still an enemy),
/// else in a fight the first enemy, else the nearest hostile in sight, else the hero.
pub fn aim_start(game: &Game, content: &Content, last: &LastThrow) -> Pos {
    let in_sight = |id: CreatureId| {
        (game.creature(id))
            .filter(|c| c.is_alive() && game.is_visible(c.pos))
            .filter(|c| !game.in_combat() || game.fight.enemies.contains(&c.id))
            .map(|c| c.pos)
    };
    let hostile = |p: &Pos| {
        (game.creature_at(*p)).is_some_and(|c| {
            content
                .creature(&c.kind)
                .is_some_and(|k| k.hostile && !k.shopkeeper)
        })
    };
    (last.0.as_ref().and_then(|(_, t)| *t))
        .and_then(in_sight)
        .or_else(|| game.fight.enemies.first().copied().and_then(in_sight))
        .or_else(|| look_targets(game).into_iter().find(hostile))
        .unwrap_or_else(|| game.hero_pos())
}

/// Opens the cursor over the map at `at`, aiming `throwing` if given.
pub fn start_cursor(
    commands: &mut Commands,
    hovered: &mut Hovered,
    at: Pos,
    throwing: Option<usize>,
) {
    commands.insert_resource(LookCursor { at, throwing });
    *hovered = Hovered(Some(at));
    commands.set_state(Overlay::Look);
}

/// The look, throw and throw-again keys on the map.
fn open(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    last: Res<LastThrow>,
    mut hovered: ResMut<Hovered>,
    mut sent: MessageWriter<PlayerCommand>,
    mut notices: MessageWriter<Notice>,
    mut commands: Commands,
) {
    let wanted = [Action::Look, Action::Throw, Action::FireAgain];
    let (g, c) = (game.game(), &content.0);
    let Some(action) = pressed(&keys, &bindings, &wanted).filter(|_| !g.is_over()) else {
        return;
    };
    if action == Action::Look {
        start_cursor(&mut commands, &mut hovered, g.hero_pos(), None);
        return;
    }
    if action == Action::FireAgain
        && let Some(cmd) = throw_again(g, &last)
    {
        sent.write(PlayerCommand(cmd));
        return;
    }
    match first_thrown(g, c) {
        Some(index) => {
            let at = aim_start(g, c, &last);
            start_cursor(&mut commands, &mut hovered, at, Some(index));
        }
        None => {
            notices.write(Notice("You have nothing to throw.".into()));
        }
    }
}

/// The last throw again: the same item (its first stack in the pack) at the same creature, if
/// both are still there and the creature in sight (in a fight, an enemy of it).
pub fn throw_again(game: &Game, last: &LastThrow) -> Option<Command> {
    let (item, target) = last.0.as_ref()?;
    let index = game
        .party
        .inventory
        .iter()
        .position(|it| it.item == *item)?;
    let c = game.creature((*target)?)?;
    let ready = c.is_alive()
        && game.is_visible(c.pos)
        && (!game.in_combat() || game.fight.enemies.contains(&c.id));
    ready.then_some(Command::Throw { index, at: c.pos })
}

/// The cursor's keys (Escape is every overlay's, in the pause menu's input).
fn look_keys(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut cursor: ResMut<LookCursor>,
    mut hovered: ResMut<Hovered>,
    mut travel: (ResMut<Travel>, ResMut<KnownInView>, ResMut<KnownWatching>),
    mut thrown: (MessageWriter<PlayerCommand>, ResMut<LastThrow>),
    mut commands: Commands,
    mut chosen: MessageReader<ContextChosen>,
) {
    let g = game.game();
    let mods = Mods::held(&keys);
    let context = chosen.read().last().map(|c| c.0);
    if pressed(&keys, &bindings, &[Action::Look]).is_some() || context == Some(ContextAction::Close)
    {
        commands.set_state(Overlay::None);
        return;
    }
    if context == Some(ContextAction::Aim) {
        cursor.throwing = first_thrown(g, &content.0);
        return;
    }
    let at = cursor.at;
    let direct = match context {
        Some(ContextAction::PickUp) => Some(Command::PickUp),
        Some(ContextAction::Descend) => Some(Command::Descend),
        Some(ContextAction::Ascend) => Some(Command::Ascend),
        Some(ContextAction::Attack) if g.in_combat() => {
            let abilities = g.known_abilities(g.party.hero, &content.0);
            super::input::keys::tapped_enemy_attack(Some(at), g, &abilities).map(|(_, cmd)| cmd)
        }
        // Outside a fight, the bump that attacks.
        Some(ContextAction::Attack) => (crate::map::Dir::ALL.into_iter())
            .find(|&d| g.hero_pos().offset(d) == at)
            .map(Command::Move),
        _ => None,
    };
    if let Some(cmd) = direct {
        thrown.0.write(PlayerCommand(cmd));
        commands.set_state(Overlay::None);
        return;
    }
    let act = matches!(context, Some(ContextAction::Travel | ContextAction::Throw));
    if keys.just_pressed(KeyCode::Enter) || act {
        if let Some(index) = cursor.throwing {
            let item = g.party.inventory.get(index).map(|it| it.item.clone());
            let target = g.creature_at(at).map(|c| c.id);
            thrown.0.write(PlayerCommand(Command::Throw { index, at }));
            *thrown.1 = LastThrow(item.map(|i| (i, target)));
        } else if at != g.hero_pos() && g.is_explored(at) && !g.in_combat() {
            // As a click there does: travel, with what is in view now known.
            travel.0.0 = Some(TravelGoal::Tile(at));
            travel.1.0 = hostiles_in_view(g, &content.0);
            travel.2.0 = watchers(g, &content.0);
        }
        commands.set_state(Overlay::None);
        return;
    }
    let mut at = cursor.at;
    if keys.just_pressed(KeyCode::Tab) {
        at = next_target(&look_targets(g), at, mods.shift).unwrap_or(at);
    }
    for k in keys.get_just_pressed() {
        if let Some(Action::Move(d)) = bindings.pressed(*k, mods) {
            let to = at.offset(d);
            if g.floor.map.in_bounds(to) {
                at = to;
            }
        }
    }
    if at != cursor.at {
        cursor.at = at;
    }
    hovered.set_if_neq(Hovered(Some(at)));
}

/// The context bar's actions for the tile under the cursor, in the bar's order: an attack on
/// a hostile next to the hero (in a fight, on an enemy), aiming or throwing at a seen tile
/// with something to throw, travel to another known tile outside a fight, picking up and
/// descending on the hero's own tile; closing always.
pub fn context_actions(game: &Game, content: &Content, cursor: &LookCursor) -> Vec<ContextAction> {
    let (at, hero) = (cursor.at, game.hero_pos());
    let hostile = (game.creature_at(at))
        .filter(|c| c.id != game.party.hero && game.is_visible(at))
        .filter(|c| (content.creature(&c.kind)).is_some_and(|k| k.hostile && !k.shopkeeper));
    let fighting = game.in_combat();
    let mut actions = Vec::new();
    if hostile.is_some_and(|c| {
        if fighting {
            game.fight.enemies.contains(&c.id)
        } else {
            at.manhattan(hero) == 1
        }
    }) {
        actions.push(ContextAction::Attack);
    }
    if cursor.throwing.is_some() {
        actions.push(ContextAction::Throw);
    } else if at != hero && game.is_visible(at) && first_thrown(game, content).is_some() {
        actions.push(ContextAction::Aim);
    }
    if !fighting && at != hero && game.is_explored(at) && cursor.throwing.is_none() {
        actions.push(ContextAction::Travel);
    }
    if at == hero && !fighting {
        if game
            .floor
            .ground
            .get(&hero)
            .is_some_and(|items| !items.is_empty())
        {
            actions.push(ContextAction::PickUp);
        }
        if hero == game.floor.down {
            actions.push(ContextAction::Descend);
        }
        if hero == game.floor.up {
            actions.push(ContextAction::Ascend);
        }
    }
    actions.push(ContextAction::Close);
    actions
}

/// The next (or, going back, the last) of `targets` after the cursor at `at`: from a tile
/// that is none of them, the first (or the last).
pub fn next_target(targets: &[Pos], at: Pos, back: bool) -> Option<Pos> {
    let n = targets.len();
    if n == 0 {
        return None;
    }
    let i = match targets.iter().position(|&p| p == at) {
        Some(i) if back => (i + n - 1) % n,
        Some(i) => (i + 1) % n,
        None if back => n - 1,
        None => 0,
    };
    Some(targets[i])
}

fn leave(mut hovered: ResMut<Hovered>, mut commands: Commands) {
    commands.remove_resource::<LookCursor>();
    hovered.set_if_neq(Hovered(None));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ItemInstance;
    use crate::map::Dir;

    #[test]
    fn the_context_bar_offers_what_fits_the_pressed_tile() {
        let content = Content::core().expect("core loads");
        let mut g = Game::new(11, &content).expect("a run starts");
        g.party.inventory.clear();
        g.floor.ground.clear();
        let hero = g.hero_pos();
        let next = (Dir::ALL.into_iter().map(|d| hero.offset(d)))
            .find(|&p| g.floor.map.is_passable(p) && g.creature_at(p).is_none())
            .expect("an open neighbour");
        let hostile = |id: &CreatureId| {
            (g.creature(*id)).is_some_and(|c| {
                (content.creature(&c.kind)).is_some_and(|k| k.hostile && !k.shopkeeper)
            })
        };
        let monster = (g.floor.creatures.keys().copied())
            .find(|id| *id != g.party.hero && hostile(id))
            .expect("a monster on floor 1");
        g.floor.creatures.get_mut(&monster).unwrap().pos = next;
        let i = g.floor.map.idx(next).unwrap();
        (g.floor.visible[i], g.floor.explored[i]) = (true, true);
        let look = |g: &Game, at: Pos, throwing: Option<usize>| {
            context_actions(g, &content, &LookCursor { at, throwing })
        };
        use ContextAction::*;
        // A hostile next to the hero, nothing to throw: attack, or go there.
        assert_eq!(look(&g, next, None), [Attack, Travel, Close]);
        // With darts: aim first, then (aiming) throw, and no travel while aiming.
        g.party
            .inventory
            .push(ItemInstance::new("core:dart", &content));
        assert_eq!(look(&g, next, None), [Attack, Aim, Travel, Close]);
        assert_eq!(look(&g, next, Some(0)), [Attack, Throw, Close]);
        // The hero's own tile: it starts on the up stairs, which climb; pick up what lies
        // there, descend on the down stairs.
        assert_eq!(g.floor.up, hero);
        assert_eq!(look(&g, hero, None), [Ascend, Close]);
        g.floor
            .ground
            .insert(hero, vec![ItemInstance::new("core:dart", &content)]);
        (g.floor.up, g.floor.down) = (next, hero);
        assert_eq!(look(&g, hero, None), [PickUp, Descend, Close]);
        // A tile known but out of sight: neither an attack nor a throw, only travel.
        g.floor.visible[i] = false;
        assert_eq!(look(&g, next, None), [Travel, Close]);
    }
}
