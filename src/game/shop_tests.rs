//! Shops on a floor 1 that always has one: placement, buying, selling, refusals, the bump
//! that opens a shop and never a fight, and the score that shopping never lowers.
use super::pipeline_tests::content_with;
use super::*;
use crate::content::Content;

/// Core with floor 1's profile given a shop every time.
fn shop_content() -> Content {
    let core = crate::content::core_pack();
    let floors = core
        .files
        .iter()
        .find(|(name, _)| name == "floors.toml")
        .map(|(_, bytes)| String::from_utf8(bytes.clone()).unwrap())
        .unwrap();
    let first = floors.split("[[floors]]").nth(1).unwrap();
    content_with(&format!(
        "[[floors]]{first}shop = {{ chance = 1.0, stock = \"core:shop_stock\", items = 8 }}\n"
    ))
}

/// A run on floor 1 with the hero standing next to the keeper, no monsters but the keeper.
fn at_the_shop(content: &Content, gold: u32) -> Game {
    let mut g = Game::new(3, content).unwrap();
    let keeper = g.floor.shop.as_ref().expect("floor 1 has a shop").keeper;
    g.floor
        .creatures
        .retain(|id, _| *id == g.party.hero || *id == keeper);
    let kp = g.creature(keeper).unwrap().pos;
    let beside = crate::map::Dir::ALL
        .into_iter()
        .map(|d| kp.offset(d))
        .find(|&p| g.floor.map.is_passable(p))
        .unwrap();
    let hero = g.party.hero;
    g.floor.creatures.get_mut(&hero).unwrap().pos = beside;
    g.party.gold = gold;
    g.party.inventory.clear();
    g
}

#[test]
fn a_shop_is_a_room_with_its_keeper_and_wares_of_value() {
    let content = shop_content();
    let g = Game::new(3, &content).unwrap();
    let shop = g.floor.shop.as_ref().unwrap();
    let keeper = g.creature(shop.keeper).unwrap();
    assert!(shop.room.contains(keeper.pos));
    assert!(!shop.room.contains(g.hero_pos()), "not the hero's own room");
    assert!(g.is_shopkeeper(shop.keeper, &content));
    assert!(!shop.wares.is_empty());
    assert!(shop.wares.iter().all(|it| g.price(it, &content) > 0));
    // The same seed, the same shop; the core floors without one are as they were.
    assert_eq!(Game::new(3, &content).unwrap().floor.shop, g.floor.shop);
    let plain = Game::new(3, &Content::core().unwrap()).unwrap();
    assert!(plain.floor.shop.is_none(), "core's floor 1 has no shop");
    assert_eq!(plain.floor.map, g.floor.map);
}

#[test]
fn buying_takes_gold_gives_the_ware_and_costs_no_turn() {
    let content = shop_content();
    let mut g = at_the_shop(&content, 1000);
    let ware = g.floor.shop.as_ref().unwrap().wares[0].clone();
    let price = g.price(&ware, &content);
    let (turn, collected) = (g.run.turn, g.gold_collected());
    assert_eq!(g.execute(&Command::Buy(0), &content), Outcome::NoTurn);
    assert_eq!(g.party.gold, 1000 - price);
    assert_eq!(g.party.inventory, vec![ware]);
    assert_eq!(g.run.turn, turn);
    assert_eq!(g.party.gold_spent, price);
    assert_eq!(
        g.gold_collected(),
        collected,
        "shopping never lowers the score"
    );
    assert_eq!(g.log.record.last(), Some(&Command::Buy(0)));
}

#[test]
fn what_cannot_be_afforded_is_refused_with_no_change() {
    let content = shop_content();
    let mut g = at_the_shop(&content, 0);
    let before = g.clone();
    let need = g.price(&g.floor.shop.as_ref().unwrap().wares[0], &content);
    assert_eq!(
        g.execute(&Command::Buy(0), &content),
        Outcome::Rejected(Reason::NotEnoughGold { need, have: 0 })
    );
    assert!(g == before, "a refusal changed the state");
    // Away from the shop nothing is traded.
    let mut far = at_the_shop(&content, 1000);
    let up = far.floor.up;
    let hero = far.party.hero;
    far.floor.creatures.get_mut(&hero).unwrap().pos = up;
    assert_eq!(
        far.execute(&Command::Buy(0), &content),
        Outcome::Rejected(Reason::NoShopHere)
    );
}

#[test]
fn selling_gives_a_share_of_the_price_or_the_unknown_price() {
    let content = shop_content();
    let mut g = at_the_shop(&content, 0);
    g.party
        .inventory
        .push(ItemInstance::new("core:chain_mail", &content));
    g.party
        .inventory
        .push(ItemInstance::new("core:potion_of_confusion", &content));
    let mail = g.price(&g.party.inventory[0], &content);
    assert_eq!(g.execute(&Command::Sell(0), &content), Outcome::NoTurn);
    let share = (f64::from(mail) * content.balance.sell_share).floor() as u32;
    assert_eq!(g.party.gold, share);
    assert_eq!(g.execute(&Command::Sell(0), &content), Outcome::NoTurn);
    assert_eq!(g.party.gold, share + content.balance.unknown_sell_price);
    assert!(g.party.inventory.is_empty());
    let wares = &g.floor.shop.as_ref().unwrap().wares;
    assert_eq!(wares.last().unwrap().item, "core:potion_of_confusion");
    assert_eq!(g.gold_collected(), 0, "selling is not finding gold");
}

#[test]
fn bumping_the_keeper_never_starts_a_fight() {
    let content = shop_content();
    let mut g = at_the_shop(&content, 0);
    let keeper = g.floor.shop.as_ref().unwrap().keeper;
    let kp = g.creature(keeper).unwrap().pos;
    let hp = g.hero_pos();
    let d = crate::map::Dir::from_delta(kp.x - hp.x, kp.y - hp.y).unwrap();
    assert_eq!(g.execute(&Command::Move(d), &content), Outcome::TurnPassed);
    assert!(!g.in_combat());
    assert_eq!(g.hero_pos(), hp);
    assert_eq!(g.creature(keeper).unwrap().pos, kp, "it stands in its shop");
    assert!(
        g.log
            .lines
            .iter()
            .any(|l| l.text.contains("shows you the wares"))
    );
}

/// A shopkeeper never moves: its shop is a room of plain floor, never one a lake or a chasm
/// fills, where it could stand in the only way through.
#[test]
fn shops_keep_to_rooms_of_plain_floor() {
    let content = Content::core().unwrap_or_else(|r| panic!("{r}"));
    let (mut shops, mut beside_water) = (0, 0);
    for seed in 0..40 {
        let mut g = Game::new(seed, &content).expect("a run starts");
        for floor in 2..=5 {
            g.enter_floor(floor, &content)
                .expect("the floor is entered");
            let Some(shop) = &g.floor.shop else { continue };
            shops += 1;
            let r = shop.room;
            for y in r.y..r.y + r.h {
                for x in r.x..r.x + r.w {
                    let p = crate::map::Pos::new(x, y);
                    assert_eq!(
                        g.floor.map.get(p),
                        crate::map::Tile::FLOOR,
                        "seed {seed} floor {floor}"
                    );
                }
            }
            let kinds = g.floor.map.used_ids();
            beside_water += usize::from(kinds.iter().any(|k| k.contains("water")));
        }
    }
    assert!(shops > 10, "{shops} shops");
    assert!(beside_water > 0, "floors with water and a shop: none");
}
