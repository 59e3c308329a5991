//! MODDING.md's "A shop" recipe: its file loads beside core, and floor 1 then has a shop kept
//! by the recipe's keeper with wares from its stock.
use crate::content::Content;
use crate::game::Game;

const KEEPER: &str = "mymod:pedlar";

fn with_recipe() -> Content {
    super::pipeline_tests::recipe_content("## A shop", "shop.toml")
}

#[test]
fn modding_mds_shop_recipe_loads_and_floor_1_has_its_shop() {
    let content = with_recipe();
    assert!(content.creatures[KEEPER].shopkeeper, "{KEEPER} keeps shops");
    let g = Game::new(1, &content).unwrap();
    let shop = g.floor.shop.as_ref().expect("floor 1 has a shop");
    let keeper = g
        .creature(shop.keeper)
        .expect("the keeper stands in its shop");
    assert_eq!(keeper.kind, KEEPER);
    assert!(shop.room.contains(keeper.pos));
    assert!(!shop.wares.is_empty(), "the shop has wares");
    assert!(shop.wares.iter().all(|it| g.price(it, &content) > 0));
}

/// The recipe's floor 1 is core's, the shop aside: the block MODDING.md says to copy cannot
/// fall behind `assets/core/floors.toml` unnoticed (pasting it would change floor 1).
#[test]
fn the_shop_recipes_floor_is_cores_floor_1() {
    let recipe = with_recipe();
    let core = Content::core().unwrap();
    let mut floor = recipe.floors.iter().find(|f| f.depth == 1).unwrap().clone();
    assert!(floor.shop.is_some());
    floor.shop = None;
    assert_eq!(&floor, core.floors.iter().find(|f| f.depth == 1).unwrap());
}
