//! The inventory overlay (I): what the hero wears and carries. A letter uses a consumable
//! or wears a piece of equipment, Shift+letter drops it, 1–3 take off weapon, armour or
//! trinket. Each choice is an ordinary command (a turn; in a fight only using counts). Each
//! item is shown with its picture.
use bevy::prelude::*;

use crate::app::shared::{
    ContentRes, GameRes, Overlay, OverlayInput, PlayerCommand, Screen, TurnPhase,
};
use crate::app::ui::kit;
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};

use crate::app::turn::{Action, Bindings, LETTERS, Mods, SelectedTarget, TurnInput};

use crate::app::render::palette::{Palette, color_of};
use crate::app::render::picture::{PictureNode, Pictures};
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

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Inventory), spawn_inventory);
    app.add_systems(
        Update,
        (
            inventory_input
                .after(OverlayInput)
                .in_set(ScreenInput)
                .ambiguous_with(ScreenInput)
                .before(TurnInput)
                .run_if(in_state(Screen::InGame).and_then(in_state(TurnPhase::AwaitingInput))),
            refresh
                .in_set(crate::app::shared::UiSystems::Overlay)
                .ambiguous_with(crate::app::shared::UiSystems::Overlay)
                .run_if(in_state(Overlay::Inventory)),
        ),
    );
}

/// The letter key of pack slot `i` (a–t).
fn letter_key(i: usize) -> Option<KeyCode> {
    LETTERS[..20].get(i).copied()
}

/// The overlay's text (pure, for tests): the worn slots, then the pack.
pub fn inventory_text(game: &Game, content: &Content) -> String {
    let entries = inventory_entries(game, content, None, Palette::default());
    let line = |e: &ListEntry| format!("{}  {}", e.words, e.note.clone().unwrap_or_default());
    let mut out = vec!["Worn".to_string()];
    out.extend(entries[..SLOTS.len()].iter().map(line));
    out.push(pack_line(game, content));
    if game.inventory.is_empty() {
        out.push("(empty: , or P picks up what lies on your tile)".into());
    }
    out.extend(entries[SLOTS.len()..].iter().map(line));
    out.join("\n")
}

/// The pack's heading: how full it is.
fn pack_line(game: &Game, content: &Content) -> String {
    format!(
        "Pack ({}/{})",
        game.inventory.len(),
        content.balance.inventory_size
    )
}

/// The overlay's entries: the three worn slots (1–3 take off), then each item in the pack
/// (its letter uses or wears it), each with its picture and its description as the detail.
pub fn inventory_entries(
    game: &Game,
    content: &Content,
    pictures: Option<&Pictures>,
    palette: Palette,
) -> Vec<ListEntry> {
    let icon = |id: &str| {
        let rgb = content.item(id).map_or([200, 200, 200], |i| i.color);
        let pic = pictures.map_or(PictureNode::None, |p| p.item(content, id));
        (pic, color_of(rgb, palette))
    };
    let mut out = Vec::new();
    for (n, (slot, name)) in SLOTS.iter().enumerate() {
        let key = [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3][n];
        let entry = ListEntry::new(format!("{name}: ")).key(key, (n + 1).to_string());
        out.push(match game.equipment.get(slot) {
            Some(it) => {
                let (pic, colour) = icon(&it.item);
                let desc = content
                    .item(&it.item)
                    .map_or("", |d| d.description.as_str());
                ListEntry {
                    words: format!("{name}: {}", item_name(it, content)),
                    ..entry
                }
                .icon(pic, colour)
                .note("[take off]")
                .detail(desc)
            }
            None => ListEntry {
                words: format!("{name}: -"),
                ..entry
            }
            .unavailable("nothing worn"),
        });
    }
    for (i, it) in game.inventory.iter().enumerate() {
        let letter = (b'a' + i as u8) as char;
        let def = content.item(&it.item);
        let what = match def.map(|d| d.slot) {
            Some(Slot::Consumable) => "[use]",
            Some(_) => "[wear]",
            None => "[?]",
        };
        let (pic, colour) = icon(&it.item);
        let mut entry = ListEntry::new(format!("{letter}  {}", item_name(it, content)))
            .icon(pic, colour)
            .note(what)
            .detail(def.map_or("", |d| d.description.as_str()));
        if let Some(key) = letter_key(i) {
            entry = entry.key(key, letter.to_string());
            entry.note = Some(what.into());
        }
        out.push(entry);
    }
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

/// The inventory's list.
#[derive(Component)]
struct InventoryList;

/// The pack's heading above the list.
#[derive(Component)]
struct PackLine;

fn spawn_inventory(mut commands: Commands) {
    commands.spawn((
        Name::new("Inventory"),
        DespawnOnExit(Overlay::Inventory),
        kit::overlay(children![
            (Text::new("Inventory"), TextFont::from_font_size(36.0)),
            (
                PackLine,
                Text::new(""),
                TextFont::from_font_size(17.0),
                TextColor(Color::srgb(0.8, 0.8, 0.7)),
            ),
            (
                InventoryList,
                kit::list(ListMenu::new("Inventory", Vec::new())),
            ),
            (
                Text::new(
                    "Enter or its letter: use or wear   Shift+letter or Delete: drop   \
                         1-3: take off   Esc: close"
                ),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(0.6, 0.6, 0.6)),
            ),
            kit::key_row(vec![("Drop it".into(), KeyCode::Delete)]),
        ]),
    ));
}

/// The list after every turn while the overlay is open (and when it opens).
fn refresh(
    game: Res<GameRes>,
    content: Res<ContentRes>,
    pictures: Option<Res<Pictures>>,
    palette: Option<Res<Palette>>,
    mut list: Single<&mut ListMenu, With<InventoryList>>,
    mut pack: Single<&mut Text, With<PackLine>>,
) {
    if !game.is_changed() && !list.entries.is_empty() {
        return;
    }
    let c = &content.0;
    let palette = palette.map_or_else(Palette::default, |p| *p);
    let entries = inventory_entries(game.game(), c, pictures.as_deref(), palette);
    if list.entries != entries {
        list.set_entries(entries);
    }
    let mut line = pack_line(game.game(), c);
    if game.inventory.is_empty() {
        line += ": empty (, or P picks up what lies on your tile)";
    }
    if pack.0 != line {
        pack.0 = line;
    }
}

fn inventory_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut picked: MessageReader<ListChoice>,
    list: Query<(Entity, &ListMenu), With<InventoryList>>,
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
            let Ok((list_e, list)) = list.single() else {
                return;
            };
            let (game, content) = (game.game(), &content.0);
            let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
            // An entry chosen (its letter or digit, Enter, a click or a tap) is used, worn or
            // taken off; Shift+letter, or Delete on the cursor's item, drops it.
            let chosen = picked
                .read()
                .filter_map(|c| c.chosen_in(list_e))
                .last()
                .and_then(|i| entry_command(i, game, content, target.0));
            let dropped = if shift {
                keys.get_just_pressed()
                    .copied()
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .find_map(|k| inventory_command(k, true, game, content, target.0))
                    .filter(|c| matches!(c, Command::Drop(_)))
            } else if keys.any_just_pressed([KeyCode::Delete, KeyCode::Backspace]) {
                list.cursor
                    .checked_sub(SLOTS.len())
                    .filter(|i| *i < game.inventory.len())
                    .map(Command::Drop)
            } else {
                None
            };
            if let Some(cmd) = chosen.or(dropped) {
                sent.write(PlayerCommand(cmd));
            } else if toggle
                && !list
                    .entries
                    .iter()
                    .any(|e| e.key.as_ref().is_some_and(|(k, _)| keys.just_pressed(*k)))
            {
                // I and E are pack letters too: they close only where no item has them.
                next_overlay.set(Overlay::None);
            }
        }
        _ => {}
    }
}

/// The command of entry `i` of the list: take off a worn slot, use or wear a pack item.
fn entry_command(i: usize, game: &Game, content: &Content, target: usize) -> Option<Command> {
    if i < SLOTS.len() {
        return Some(Command::Unequip(SLOTS[i].0));
    }
    let key = letter_key(i - SLOTS.len())?;
    inventory_command(key, false, game, content, target)
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
        assert!(text.contains("a  Healing potion  [use]"), "{text}");
        assert!(
            text.contains("[wear]") && text.contains("Pack (2/20)"),
            "{text}"
        );
    }
}
