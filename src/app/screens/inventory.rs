//! The inventory overlay (I): what the hero wears and carries. A letter uses a consumable
//! or wears a piece of equipment, Shift+letter drops it, 1–3 take off weapon, armour or
//! trinket. Each choice is an ordinary command (a turn; in a fight only using counts).
use bevy::prelude::*;

use crate::app::shared::{
    AppSystems, ContentRes, GameRes, Overlay, OverlayInput, PendingCommand, Screen, TurnPhase,
};

use crate::app::turn::{Action, Bindings, LETTERS, SelectedTarget, TurnInput};

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
    let mut out = String::from("Worn\n");
    for (n, (slot, name)) in SLOTS.iter().enumerate() {
        let worn = game
            .equipment
            .get(slot)
            .map_or("-".to_string(), |it| item_name(it, content));
        out += &format!("  {}  {name:<8} {worn}\n", n + 1);
    }
    out += &format!(
        "\nPack ({}/{})\n",
        game.inventory.len(),
        content.balance.inventory_size
    );
    if game.inventory.is_empty() {
        out += "  (empty: , or P picks up what lies on your tile)\n";
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
        out += &format!(
            "  {letter}  {:<28} [{what}] {desc}\n",
            item_name(it, content)
        );
    }
    out += "\nletter: use or wear   Shift+letter: drop   1-3: take off   Esc: close";
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

fn spawn_inventory(mut commands: Commands, game: Option<Res<GameRes>>, content: Res<ContentRes>) {
    let text = game.map_or_else(String::new, |g| inventory_text(&g.0, &content.0));
    commands.spawn((
        Name::new("Inventory"),
        DespawnOnExit(Overlay::Inventory),
        super::pause::overlay_root(0.8),
        children![
            (Text::new("Inventory"), TextFont::from_font_size(36.0)),
            (
                InventoryText,
                Text::new(text),
                TextFont::from_font_size(18.0)
            ),
        ],
    ));
}

/// Rewrites the list after every turn while it is open.
fn refresh(
    game: Option<Res<GameRes>>,
    content: Res<ContentRes>,
    mut text: Query<&mut Text, With<InventoryText>>,
) {
    let Some(game) = game else { return };
    if !game.is_changed() {
        return;
    }
    for mut t in &mut text {
        t.0 = inventory_text(&game.0, &content.0);
    }
}

#[allow(clippy::too_many_arguments)]
fn inventory_input(
    keys: Res<ButtonInput<KeyCode>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    bindings: Res<Bindings>,
    game: Option<Res<GameRes>>,
    content: Res<ContentRes>,
    target: Res<SelectedTarget>,
    mut pending: ResMut<PendingCommand>,
    mut phase: ResMut<NextState<TurnPhase>>,
) {
    let toggle = keys
        .get_just_pressed()
        .any(|k| bindings.action(*k) == Some(Action::Inventory));
    match overlay.get() {
        Overlay::None if toggle => next_overlay.set(Overlay::Inventory),
        Overlay::Inventory => {
            let Some(game) = game else { return };
            let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
            let cmd = keys
                .get_just_pressed()
                .copied()
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .find_map(|k| inventory_command(k, shift, &game.0, &content.0, target.0));
            if let Some(cmd) = cmd {
                pending.0 = Some(cmd);
                phase.set(TurnPhase::Resolving);
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
