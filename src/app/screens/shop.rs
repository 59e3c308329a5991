//! The shop overlay, opened by bumping a shopkeeper: the wares with their prices, then the
//! pack with what the keeper pays. Choosing a ware buys it, choosing a pack item sells it;
//! what cannot be bought or sold now says why. Trading costs no turn. Esc closes.
use bevy::prelude::*;

use crate::app::render::palette::Palette;
use crate::app::render::picture::Pictures;
use crate::app::shared::{
    ContentRes, GameRes, Overlay, OverlayInput, PlayerCommand, Screen, TurnPhase, TurnResolved,
    UiSystems,
};
use crate::app::ui::kit;
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};
use crate::content::Content;
use crate::game::{Command, Game, ItemInstance, Outcome};

/// The shop's list.
#[derive(Component)]
struct ShopList;

/// The gold line above the list.
#[derive(Component)]
struct GoldLine;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Shop), spawn);
    app.add_systems(
        Update,
        (
            open_on_bump
                .after(OverlayInput)
                .in_set(ScreenInput)
                .ambiguous_with(ScreenInput)
                .run_if(in_state(Screen::InGame)),
            trade
                .after(OverlayInput)
                .in_set(ScreenInput)
                .ambiguous_with(ScreenInput)
                .run_if(in_state(Overlay::Shop).and_then(in_state(TurnPhase::AwaitingInput))),
            draw.in_set(UiSystems::Overlay)
                .ambiguous_with(UiSystems::Overlay)
                .run_if(in_state(Overlay::Shop)),
        ),
    );
}

/// A move into the shopkeeper (the turn it took has ended) opens the shop.
fn open_on_bump(
    mut resolved: MessageReader<TurnResolved>,
    game: Res<GameRes>,
    overlay: Res<State<Overlay>>,
    mut commands: Commands,
) {
    let bumped = resolved.read().any(|r| match (&r.command, &r.outcome) {
        (Command::Move(d), Outcome::TurnPassed) => game.floor.shop.as_ref().is_some_and(|s| {
            game.creature(s.keeper)
                .is_some_and(|k| k.pos == game.hero_pos().offset(*d))
        }),
        _ => false,
    });
    if bumped && *overlay.get() == Overlay::None && game.at_shop() {
        commands.set_state(Overlay::Shop);
    }
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        Name::new("Shop"),
        DespawnOnExit(Overlay::Shop),
        kit::overlay(children![
            kit::title("Shop"),
            (
                GoldLine,
                Text::new(""),
                TextFont::from_font_size(17.0),
                TextColor(Color::srgb(0.95, 0.85, 0.5)),
            ),
            (
                ShopList,
                ListMenu::new("Shop", Vec::new()),
                Node {
                    width: px(760),
                    ..kit::list_node()
                },
            ),
            kit::hint("Enter, a click or a tap: buy a ware or sell an item   Esc closes"),
        ]),
    ));
}

/// The list's entries: a heading, each ware with its price, a heading, each pack item with
/// what the keeper pays; each unavailable one with the rules' reason.
pub fn shop_entries(
    game: &Game,
    content: &Content,
    pictures: Option<&Pictures>,
    palette: Palette,
) -> Vec<ListEntry> {
    let shown = |it: &ItemInstance, words: String| {
        let s = super::inventory::shown_item(game, content, pictures, palette, it);
        ListEntry::new(format!("  {}  {words}", s.name))
            .icon(s.picture, s.colour)
            .detail(s.detail)
    };
    let why = |cmd: &Command| {
        game.trade_refusal(cmd, content).map(|r| match r {
            crate::game::Reason::InCombat => "not during a fight".to_string(),
            r => r.to_string(),
        })
    };
    let mut out = vec![ListEntry::new("For sale").unavailable("a heading")];
    let wares = game.floor.shop.as_ref().map_or(&[][..], |s| &s.wares[..]);
    for (i, it) in wares.iter().enumerate() {
        let mut e = shown(it, format!("{} gold", game.price(it, content)));
        if let Some(r) = why(&Command::Buy(i)) {
            e = e.unavailable(r);
        }
        out.push(e);
    }
    if wares.is_empty() {
        out.push(ListEntry::new("  Sold out").unavailable("nothing left"));
    }
    out.push(ListEntry::new("Your pack").unavailable("a heading"));
    for (i, it) in game.party.inventory.iter().enumerate() {
        let offer = game.offer(it, content).map_or_else(
            || "not traded".to_string(),
            |g| format!("sells for {g} gold"),
        );
        let mut e = shown(it, offer);
        if let Some(r) = why(&Command::Sell(i)) {
            e = e.unavailable(r);
        }
        out.push(e);
    }
    out
}

/// The command of entry `i` of the list: buy a ware, or sell a pack item.
pub fn shop_command(i: usize, game: &Game) -> Option<Command> {
    let wares = game.floor.shop.as_ref().map_or(0, |s| s.wares.len());
    // A heading, the wares (or "Sold out"), a heading, the pack.
    let first_pack = 2 + wares.max(1);
    if (1..=wares).contains(&i) {
        Some(Command::Buy(i - 1))
    } else {
        i.checked_sub(first_pack)
            .filter(|&k| k < game.party.inventory.len())
            .map(Command::Sell)
    }
}

fn trade(
    mut picked: MessageReader<ListChoice>,
    list: Query<Entity, With<ShopList>>,
    game: Res<GameRes>,
    mut sent: MessageWriter<PlayerCommand>,
) {
    let Ok(list_e) = list.single() else { return };
    let chosen = picked.read().filter_map(|c| c.chosen_in(list_e)).last();
    if let Some(cmd) = chosen.and_then(|i| shop_command(i, game.game())) {
        sent.write(PlayerCommand(cmd));
    }
}

fn draw(
    game: Res<GameRes>,
    content: Res<ContentRes>,
    pictures: Option<Res<Pictures>>,
    palette: Option<Res<Palette>>,
    mut list: Single<&mut ListMenu, With<ShopList>>,
    mut gold: Single<&mut Text, With<GoldLine>>,
) {
    if !game.is_changed() && !list.entries.is_empty() {
        return;
    }
    let palette = palette.map_or_else(Palette::default, |p| *p);
    let entries = shop_entries(game.game(), &content.0, pictures.as_deref(), palette);
    if list.entries != entries {
        list.set_entries(entries);
    }
    let line = format!("Your gold: {}", game.party.gold);
    if gold.0 != line {
        gold.0 = line;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list's entries map to the wares and the pack, and a ware the hero cannot afford
    /// says so.
    #[test]
    fn entries_buy_wares_sell_the_pack_and_say_why_not() {
        let mut content = Content::core().unwrap();
        content.floors[0].shop = Some(crate::content::schema::ShopDef {
            chance: 1.0,
            stock: toml::Spanned::new(0..0, "core:shop_stock".into()),
            items: 4,
            keeper: toml::Spanned::new(0..0, "core:shopkeeper".into()),
        });
        let mut g = Game::new(3, &content).unwrap();
        let wares = g.floor.shop.as_ref().unwrap().wares.len();
        g.party.gold = 0;
        let entries = shop_entries(&g, &content, None, Palette::default());
        assert_eq!(entries.len(), 2 + wares + g.party.inventory.len());
        assert_eq!(shop_command(1, &g), Some(Command::Buy(0)));
        assert_eq!(shop_command(2 + wares, &g), Some(Command::Sell(0)));
        assert_eq!(shop_command(0, &g), None, "a heading");
        // Far from the shop, every ware says where to trade.
        assert!(entries[1].unavailable.is_some());
    }
}
