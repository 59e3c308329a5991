//! MODDING.md's "A shop" recipe: its file loads beside core, and floor 1 then has a shop kept
//! by the recipe's keeper with wares from its stock.
use crate::content::{Content, Pack, core_pack, load_packs};
use crate::game::Game;

const KEEPER: &str = "mymod:pedlar";

/// The recipe's TOML block, as MODDING.md shows it.
fn recipe_block() -> &'static str {
    let modding = include_str!("../../MODDING.md");
    let start = modding.find("## A shop").unwrap();
    let end = start + modding[start..].find("## Failure policy").unwrap();
    modding[start..end]
        .split("```toml\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .unwrap()
}

fn with_recipe() -> Content {
    let pack = Pack {
        id: "mymod".into(),
        files: vec![("shop.toml".into(), recipe_block().as_bytes().to_vec())],
    };
    let (content, report) = load_packs(&[core_pack(), pack]);
    assert!(!report.has_errors(), "{report}");
    content
}

#[test]
fn modding_mds_shop_recipe_loads_and_floor_1_has_its_shop() {
    let content = with_recipe();
    assert!(content.creatures[KEEPER].shopkeeper, "{KEEPER} keeps shops");
    let g = Game::new(1, &content).unwrap();
    let shop = g.shop.as_ref().expect("floor 1 has a shop");
    let keeper = g
        .creature(shop.keeper)
        .expect("the keeper stands in its shop");
    assert_eq!(keeper.kind, KEEPER);
    assert!(shop.room.contains(keeper.pos));
    assert!(!shop.wares.is_empty(), "the shop has wares");
    assert!(shop.wares.iter().all(|it| g.price(it, &content) > 0));
}
