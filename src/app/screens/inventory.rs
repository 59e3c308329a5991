//! The inventory overlay (I): what the hero wears and carries. A letter uses a consumable
//! or wears a piece of equipment, Shift+letter drops it, 1–3 take off weapon, armour or
//! trinket. Each choice is an ordinary command (a turn; in a fight only using counts). Each
//! item is shown with its picture.
use bevy::prelude::*;

use crate::app::shared::{
    AppSystems, ContentRes, GameRes, Menu, Overlay, OverlayInput, PlayerCommand, Screen, TurnPhase,
};

use crate::app::turn::{Action, Bindings, LETTERS, Mods, SelectedTarget, TurnInput};

use crate::app::render::palette::{Palette, color_of};
use crate::app::render::picture::{PictureNode, Pictures, picture_node};
use crate::content::Content;
use crate::content::schema::Slot;
use crate::game::items::item_name;
use crate::game::{Command, Game};

/// The slots in the order the overlay lists them (and 1–3 take them off).
const SLOTS: [(Slot, &str); 3] = [
    (Slot::Weapon, "weapon"),
    (Slot::Armour, "armour"),
    (Slot::Trinket, "trinket"),
];

#[derive(Component)]
struct InventoryText;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Inventory), spawn_inventory);
    app.add_systems(
        Update,
        (
            inventory_input
                .in_set(AppSystems::Input)
                .after(OverlayInput)
                .before(TurnInput)
                .run_if(in_state(Screen::InGame).and_then(in_state(TurnPhase::AwaitingInput))),
            refresh
                .in_set(crate::app::shared::UiSystems::Overlay)
                .run_if(in_state(Overlay::Inventory)),
        ),
    );
}

/// The letter key of pack slot `i` (a–t).
fn letter_key(i: usize) -> Option<KeyCode> {
    LETTERS[..20].get(i).copied()
}

/// The overlay's text (pure, for tests).
pub fn inventory_text(game: &Game, content: &Content) -> String {
    inventory_rows(game, content)
        .into_iter()
        .map(|(_, line)| line)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The overlay's lines, each with the item it shows (for its picture), if any.
pub fn inventory_rows(game: &Game, content: &Content) -> Vec<(Option<String>, String)> {
    let mut out = vec![(None, "Worn".to_string())];
    for (n, (slot, name)) in SLOTS.iter().enumerate() {
        let worn = game.equipment.get(slot);
        let shown = worn.map_or("-".to_string(), |it| item_name(it, content));
        out.push((
            worn.map(|it| it.item.clone()),
            format!("  {}  {name:<8} {shown}", n + 1),
        ));
    }
    out.push((None, String::new()));
    out.push((
        None,
        format!(
            "Pack ({}/{})",
            game.inventory.len(),
            content.balance.inventory_size
        ),
    ));
    if game.inventory.is_empty() {
        out.push((
            None,
            "  (empty: , or P picks up what lies on your tile)".into(),
        ));
    }
    for (i, it) in game.inventory.iter().enumerate() {
        let letter = (b'a' + i as u8) as char;
        let def = content.item(&it.item);
        let what = match def.map(|d| d.slot) {
            Some(Slot::Consumable) => "use",
            Some(_) => "wear",
            None => "?",
        };
        let desc = def.map_or("", |d| d.description.as_str());
        out.push((
            Some(it.item.clone()),
            format!("  {letter}  {:<28} [{what}] {desc}", item_name(it, content)),
        ));
    }
    out.push((None, String::new()));
    out.push((
        None,
        "letter: use or wear   Shift+letter: drop   1-3: take off   Esc: close".into(),
    ));
    out
}

/// The command a key stands for in the open overlay, if any (pure, for tests): a letter
/// uses a consumable or wears equipment.
pub fn inventory_command(
    key: KeyCode,
    shift: bool,
    game: &Game,
    content: &Content,
    target: usize,
) -> Option<Command> {
    if let Some(n) = [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3]
        .iter()
        .position(|k| *k == key)
    {
        return Some(Command::Unequip(SLOTS[n].0));
    }
    let i = (0..game.inventory.len()).find(|&i| letter_key(i) == Some(key))?;
    if shift {
        return Some(Command::Drop(i));
    }
    let equipment = content
        .item(&game.inventory[i].item)
        .is_some_and(|d| d.slot != Slot::Consumable);
    Some(if equipment {
        Command::Equip(i)
    } else {
        Command::UseItem {
            index: i,
            target: game.enemies.get(target).copied(),
        }
    })
}

fn spawn_inventory(mut commands: Commands) {
    commands.spawn((
        Name::new("Inventory"),
        Menu::new("Inventory", Vec::new(), None),
        DespawnOnExit(Overlay::Inventory),
        crate::app::ui::kit::overlay(children![
            (Text::new("Inventory"), TextFont::from_font_size(36.0)),
            (
                InventoryText,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(2),
                    ..default()
                },
            ),
        ]),
    ));
}

/// Draws the list when the overlay opens and after every turn while it is open: each line
/// with its item's picture.
fn refresh(
    mut commands: Commands,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    pictures: Option<Res<Pictures>>,
    palette: Option<Res<Palette>>,
    list: Query<Entity, With<InventoryText>>,
    mut drawn: Local<Option<Entity>>,
) {
    let Ok(list) = list.single() else {
        return;
    };
    if !game.is_changed() && *drawn == Some(list) {
        return;
    }
    *drawn = Some(list);
    let c = &content.0;
    let palette = palette.map_or_else(Palette::default, |p| *p);
    commands.entity(list).despawn_children();
    commands.entity(list).with_children(|p| {
        for (item, line) in inventory_rows(game.game(), c) {
            p.spawn(Node {
                column_gap: px(8),
                align_items: AlignItems::Center,
                min_height: px(22),
                ..default()
            })
            .with_children(|row| {
                let pic = match (&item, pictures.as_deref()) {
                    (Some(id), Some(pics)) => pics.item(c, id),
                    _ => PictureNode::None,
                };
                let rgb = item
                    .as_deref()
                    .and_then(|id| c.item(id))
                    .map_or([200, 200, 200], |i| i.color);
                picture_node(row, pictures.as_deref(), pic, color_of(rgb, palette), 22.0);
                row.spawn((Text::new(line), TextFont::from_font_size(18.0)));
            });
        }
    });
}

fn inventory_input(
    keys: Res<ButtonInput<KeyCode>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    bindings: Res<Bindings>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    target: Res<SelectedTarget>,
    mut sent: MessageWriter<PlayerCommand>,
) {
    let toggle = keys
        .get_just_pressed()
        .any(|k| bindings.pressed(*k, Mods::held(&keys)) == Some(Action::Inventory));
    match overlay.get() {
        Overlay::None if toggle => next_overlay.set(Overlay::Inventory),
        Overlay::Inventory => {
            let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
            let cmd = keys
                .get_just_pressed()
                .copied()
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .find_map(|k| inventory_command(k, shift, game.game(), &content.0, target.0));
            if let Some(cmd) = cmd {
                sent.write(PlayerCommand(cmd));
            } else if toggle {
                // I and E are pack letters too: they close only where no item has them.
                next_overlay.set(Overlay::None);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ItemInstance;

    #[test]
    fn letters_use_or_wear_shift_drops_digits_take_off() {
        let content = Content::core().unwrap();
        let mut g = Game::new(5, &content).unwrap();
        let item = |id: &str| ItemInstance {
            item: id.into(),
            affixes: vec![],
        };
        g.inventory = vec![item("core:healing_potion"), item("core:chain_mail")];
        let cmd = |k, shift| inventory_command(k, shift, &g, &content, 0);
        assert_eq!(
            cmd(KeyCode::KeyA, false),
            Some(Command::UseItem {
                index: 0,
                target: None
            })
        );
        assert_eq!(cmd(KeyCode::KeyB, false), Some(Command::Equip(1)));
        assert_eq!(cmd(KeyCode::KeyB, true), Some(Command::Drop(1)));
        assert_eq!(cmd(KeyCode::KeyC, false), None, "no third item");
        assert_eq!(
            cmd(KeyCode::Digit2, false),
            Some(Command::Unequip(Slot::Armour))
        );
        let text = inventory_text(&g, &content);
        assert!(text.contains("a  Healing potion"), "{text}");
        assert!(
            text.contains("[wear]") && text.contains("Pack (2/20)"),
            "{text}"
        );
    }
}
