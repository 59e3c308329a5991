//! The inventory overlay (I): what the hero wears and carries, each item as the hero knows
//! it (an unknown one under its look). A letter uses a consumable or wears a piece of
//! equipment, Shift+letter drops it, 1–3 take off weapon, armour or trinket; a known scroll
//! of identify asks which pack item it reveals, and ' (the quote key) names an unknown item.
//! Each choice is an ordinary command (a turn; in a fight only using counts; naming costs
//! none).
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::app::shared::{
    ContentRes, GameRes, Overlay, OverlayInput, PlayerCommand, Screen, SelectedTarget, TurnPhase,
};
use crate::app::ui::kit;
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};

use crate::app::turn::{
    Action, Bindings, Hovered, LETTERS, LastThrow, LookCursor, TurnInput, aim_start,
};

use crate::app::render::palette::{Palette, color_of};
use crate::app::render::picture::{PictureNode, Pictures};
use crate::content::Content;
use crate::content::schema::ActionDef;
use crate::content::schema::Slot;
use crate::game::identify::CALL_MAX;
use crate::game::{Command, CreatureId, Game};

/// The slots in the order the overlay lists them (and 1–3 take them off).
const SLOTS: [(Slot, &str); 3] = [
    (Slot::Weapon, "weapon"),
    (Slot::Armour, "armour"),
    (Slot::Trinket, "trinket"),
];

/// What the open inventory is doing.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub enum InventoryMode {
    /// Choosing an item to use, wear, take off or drop.
    #[default]
    Browse,
    /// Choosing the pack item the scroll of identify at `scroll` reveals.
    Identify { scroll: usize },
    /// Typing a name for the unknown pack item at `index`.
    Call { index: usize, name: String },
}

/// The key that names the unknown item under the cursor.
const CALL_KEY: KeyCode = KeyCode::Quote;
/// Throws the item under the cursor (a potion too): the target cursor opens on the map.
const THROW_KEY: KeyCode = KeyCode::Backquote;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InventoryMode>();
    app.add_systems(OnEnter(Overlay::Inventory), spawn_inventory);
    app.add_systems(
        OnExit(Overlay::Inventory),
        |mut mode: ResMut<InventoryMode>| {
            *mode = InventoryMode::Browse;
        },
    );
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
    let entries = inventory_entries(game, content, None, Palette::default(), &default());
    let line = |e: &ListEntry| format!("{}  {}", e.words, e.note.clone().unwrap_or_default());
    let mut out = vec!["Worn".to_string()];
    out.extend(entries[..SLOTS.len()].iter().map(line));
    out.push(pack_line(game, content));
    if game.party.inventory.is_empty() {
        out.push("(empty: , or P picks up what lies on your tile)".into());
    }
    out.extend(entries[SLOTS.len()..].iter().map(line));
    out.join("\n")
}

/// The pack's heading: how full it is.
fn pack_line(game: &Game, content: &Content) -> String {
    format!(
        "Pack ({}/{})",
        game.party.inventory.len(),
        content.balance.inventory_size
    )
}

/// The overlay's entries: the three worn slots (1–3 take off), then each item in the pack
/// (its letter uses or wears it), each with its picture and its description as the detail,
/// as the hero knows it. Choosing what identify reveals, only unknown pack items can be
/// chosen.
pub fn inventory_entries(
    game: &Game,
    content: &Content,
    pictures: Option<&Pictures>,
    palette: Palette,
    mode: &InventoryMode,
) -> Vec<ListEntry> {
    let shown = |it: &crate::game::ItemInstance| {
        let s = shown_item(game, content, pictures, palette, it);
        (s.name, s.picture, s.colour, s.detail)
    };
    let identifying = matches!(mode, InventoryMode::Identify { .. });
    let mut out = Vec::new();
    for (n, (slot, name)) in SLOTS.iter().enumerate() {
        let key = [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3][n];
        let entry = ListEntry::new(format!("{name}: ")).key(key, (n + 1).to_string());
        let mut entry = match game.party.equipment.get(slot) {
            Some(it) => {
                let (words, pic, colour, detail) = shown(it);
                ListEntry {
                    words: format!("{name}: {words}"),
                    ..entry
                }
                .icon(pic, colour)
                .note("[take off]")
                .detail(detail)
            }
            None => ListEntry {
                words: format!("{name}: -"),
                ..entry
            }
            .unavailable("nothing worn"),
        };
        if identifying && entry.unavailable.is_none() {
            entry = entry.unavailable("choose an item in the pack");
        }
        out.push(entry);
    }
    for (i, it) in game.party.inventory.iter().enumerate() {
        let letter = (b'a' + i as u8) as char;
        let def = content.item(&it.item);
        let what = match def.map(|d| d.slot) {
            _ if identifying => "[identify]",
            Some(Slot::Consumable) => "[use]",
            Some(Slot::Thrown) => "[throw]",
            Some(_) => "[wear]",
            None => "[?]",
        };
        let (words, pic, colour, detail) = shown(it);
        let mut entry = ListEntry::new(format!("{letter}  {words}"))
            .icon(pic, colour)
            .note(what)
            .detail(detail);
        if let Some(key) = letter_key(i) {
            entry = entry.key(key, letter.to_string());
            entry.note = Some(what.into());
        }
        if identifying && game.knows(&it.item) {
            entry = entry.unavailable("you know what it is");
        }
        out.push(entry);
    }
    out
}

/// An item as a list shows it, as the hero knows it.
pub struct ShownItem {
    /// `Game::look`'s name for it.
    pub name: String,
    pub picture: PictureNode,
    pub colour: Color,
    /// Its description, or that the hero does not know what it does.
    pub detail: String,
}

/// An item as the inventory, the shop and the Discoveries list show it.
pub fn shown_item(
    game: &Game,
    content: &Content,
    pictures: Option<&Pictures>,
    palette: Palette,
    it: &crate::game::ItemInstance,
) -> ShownItem {
    let look = game.look(it, content);
    ShownItem {
        picture: pictures.map_or(PictureNode::None, |p| p.item_look(it, &look)),
        colour: color_of(look.color, palette),
        detail: (look.description)
            .unwrap_or("You do not know what it does.")
            .to_string(),
        name: look.name,
    }
}

/// What choosing a pack item asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    /// A command for the turn.
    Command(Command),
    /// A known scroll of identify: which pack item it reveals, first.
    ChooseForIdentify(usize),
    /// A thrown item: where it goes, first (the target cursor).
    Throw(usize),
}

/// The creature a wand is aimed at: in a fight the selected enemy, outside one the nearest
/// creature the hero sees (ties by id).
pub fn aim(game: &Game, target: usize) -> Option<CreatureId> {
    if game.in_combat() {
        return game.fight.enemies.get(target).copied();
    }
    let hp = game.hero_pos();
    (game.floor.creatures.values())
        .filter(|c| c.id != game.party.hero && c.is_alive() && game.is_visible(c.pos))
        .min_by_key(|c| (c.pos.dist2(hp), c.id))
        .map(|c| c.id)
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
    match inventory_choice(key, shift, game, content, target)? {
        Choice::Command(c) => Some(c),
        Choice::ChooseForIdentify(_) | Choice::Throw(_) => None,
    }
}

/// What a key asks for in the open overlay (pure, for tests).
pub fn inventory_choice(
    key: KeyCode,
    shift: bool,
    game: &Game,
    content: &Content,
    target: usize,
) -> Option<Choice> {
    if let Some(n) = [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3]
        .iter()
        .position(|k| *k == key)
    {
        return Some(Choice::Command(Command::Unequip(SLOTS[n].0)));
    }
    let i = (0..game.party.inventory.len()).find(|&i| letter_key(i) == Some(key))?;
    if shift {
        return Some(Choice::Command(Command::Drop(i)));
    }
    let it = &game.party.inventory[i];
    let def = content.item(&it.item)?;
    if def.slot.is_worn() {
        return Some(Choice::Command(Command::Equip(i)));
    }
    if def.slot == Slot::Thrown {
        return Some(Choice::Throw(i));
    }
    let identifies = def.actions.iter().any(|a| matches!(a, ActionDef::Identify));
    if identifies
        && game.knows(&it.item)
        && game.party.inventory.iter().any(|o| !game.knows(&o.item))
    {
        return Some(Choice::ChooseForIdentify(i));
    }
    Some(Choice::Command(Command::UseItem {
        index: i,
        target: aim(game, target),
        item: None,
    }))
}

/// The inventory's list.
#[derive(Component)]
struct InventoryList;

/// The pack's heading above the list.
#[derive(Component)]
struct PackLine;

/// What the overlay asks for now (which item identify reveals, the name being typed).
#[derive(Component)]
struct ModeLine;

/// The mode's words under the list.
pub fn mode_line(game: &Game, content: &Content, mode: &InventoryMode) -> String {
    match mode {
        InventoryMode::Browse => String::new(),
        InventoryMode::Identify { .. } => {
            "Which item should the scroll reveal? Choose an unknown one (Esc: close).".into()
        }
        InventoryMode::Call { index, name } => {
            let what = game
                .party
                .inventory
                .get(*index)
                .map_or_else(String::new, |it| game.item_name(it, content));
            format!("Call the {what}: {name}_   (Enter: done, empty: no name, Esc: close)")
        }
    }
}

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
                ModeLine,
                Text::new(""),
                TextFont::from_font_size(17.0),
                TextColor(Color::srgb(0.95, 0.85, 0.5)),
            ),
            kit::hint(
                "Enter or its letter: use, wear or aim   Shift+letter or Delete: drop   \
                     1-3: take off   ': name an unknown item   `: throw it   Esc: close"
            ),
            kit::key_row(vec![
                ("Drop it".into(), KeyCode::Delete),
                ("Name it".into(), CALL_KEY),
                ("Throw it".into(), THROW_KEY),
            ]),
        ]),
    ));
}

/// The list after every turn while the overlay is open (and when it opens).
fn refresh(
    game: Res<GameRes>,
    content: Res<ContentRes>,
    pictures: Option<Res<Pictures>>,
    palette: Option<Res<Palette>>,
    mode: Res<InventoryMode>,
    mut list: Single<&mut ListMenu, With<InventoryList>>,
    mut pack: Single<&mut Text, (With<PackLine>, Without<ModeLine>)>,
    mut asks: Single<&mut Text, (With<ModeLine>, Without<PackLine>)>,
) {
    if !game.is_changed() && !mode.is_changed() && !list.entries.is_empty() {
        return;
    }
    let c = &content.0;
    let line = mode_line(game.game(), c, &mode);
    if asks.0 != line {
        asks.0 = line;
    }
    // Typing a name, the list leaves the letters to the name.
    let typing = matches!(*mode, InventoryMode::Call { .. });
    if list.keys_held != typing {
        list.keys_held = typing;
    }
    let palette = palette.map_or_else(Palette::default, |p| *p);
    let entries = inventory_entries(game.game(), c, pictures.as_deref(), palette, &mode);
    if list.entries != entries {
        list.set_entries(entries);
    }
    let mut line = pack_line(game.game(), c);
    if game.party.inventory.is_empty() {
        line += ": empty (, or P picks up what lies on your tile)";
    }
    if pack.0 != line {
        pack.0 = line;
    }
}

fn inventory_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut typed: MessageReader<KeyboardInput>,
    mut picked: MessageReader<ListChoice>,
    list: Query<(Entity, &ListMenu), With<InventoryList>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut mode: ResMut<InventoryMode>,
    bindings: Res<Bindings>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    target: Res<SelectedTarget>,
    mut sent: MessageWriter<PlayerCommand>,
    mut aim: (Commands, Res<LastThrow>, ResMut<Hovered>),
) {
    let typed: Vec<KeyboardInput> = typed.read().cloned().collect();
    let toggle = bindings.just_pressed(&keys, Action::Inventory);
    match overlay.get() {
        Overlay::None if toggle => next_overlay.set(Overlay::Inventory),
        Overlay::Inventory => {
            let Ok((list_e, list)) = list.single() else {
                return;
            };
            let (game, content) = (game.game(), &content.0);
            if let InventoryMode::Call { index, name } = &*mode {
                let (index, mut name) = (*index, name.clone());
                let mut done = false;
                for k in typed.iter().filter(|k| k.state == ButtonState::Pressed) {
                    match &k.logical_key {
                        Key::Character(c) if name.chars().count() < CALL_MAX => name.push_str(c),
                        Key::Space if name.chars().count() < CALL_MAX => name.push(' '),
                        Key::Backspace => {
                            name.pop();
                        }
                        Key::Enter => done = true,
                        _ => {}
                    }
                }
                picked.clear();
                if done {
                    sent.write(PlayerCommand(Command::Call { index, name }));
                    *mode = InventoryMode::Browse;
                } else if mode.as_ref()
                    != &(InventoryMode::Call {
                        index,
                        name: name.clone(),
                    })
                {
                    *mode = InventoryMode::Call { index, name };
                }
                return;
            }
            let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
            let chosen = picked.read().filter_map(|c| c.chosen_in(list_e)).last();
            if let InventoryMode::Identify { scroll } = *mode {
                // The chosen pack item is what the scroll reveals.
                if let Some(i) = chosen.and_then(|i| i.checked_sub(SLOTS.len())) {
                    sent.write(PlayerCommand(Command::UseItem {
                        index: scroll,
                        target: None,
                        item: Some(i),
                    }));
                    *mode = InventoryMode::Browse;
                }
                return;
            }
            let under_cursor = list
                .cursor
                .checked_sub(SLOTS.len())
                .filter(|i| *i < game.party.inventory.len());
            let throwable = |i: usize| {
                (content.item(&game.party.inventory[i].item)).is_some_and(|d| d.throw.is_some())
            };
            let thrown = under_cursor
                .filter(|&i| keys.just_pressed(THROW_KEY) && throwable(i))
                .map(Choice::Throw);
            if keys.just_pressed(CALL_KEY) {
                if let Some(i) =
                    under_cursor.filter(|&i| !game.knows(&game.party.inventory[i].item))
                {
                    let name = (game.party.ident.called.get(&game.party.inventory[i].item))
                        .cloned()
                        .unwrap_or_default();
                    *mode = InventoryMode::Call { index: i, name };
                }
                return;
            }
            // An entry chosen (its letter or digit, Enter, a click or a tap) is used, worn or
            // taken off; Shift+letter, or Delete on the cursor's item, drops it.
            let chosen = chosen.and_then(|i| entry_choice(i, game, content, target.0));
            let dropped = if shift {
                keys.get_just_pressed()
                    .copied()
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .find_map(|k| inventory_command(k, true, game, content, target.0))
                    .filter(|c| matches!(c, Command::Drop(_)))
                    .map(Choice::Command)
            } else if keys.any_just_pressed([KeyCode::Delete, KeyCode::Backspace]) {
                under_cursor.map(|i| Choice::Command(Command::Drop(i)))
            } else {
                None
            };
            match thrown.or(chosen).or(dropped) {
                Some(Choice::Command(cmd)) => {
                    sent.write(PlayerCommand(cmd));
                }
                Some(Choice::Throw(index)) => {
                    // The target cursor takes over from the pack.
                    let (commands, last, hovered) = (&mut aim.0, &aim.1, &mut aim.2);
                    let at = aim_start(game, content, last);
                    commands.insert_resource(LookCursor {
                        at,
                        throwing: Some(index),
                    });
                    **hovered = Hovered(Some(at));
                    next_overlay.set(Overlay::Look);
                }
                Some(Choice::ChooseForIdentify(scroll)) => {
                    *mode = InventoryMode::Identify { scroll };
                }
                None if toggle
                    && !list
                        .entries
                        .iter()
                        .any(|e| e.key.as_ref().is_some_and(|(k, _)| keys.just_pressed(*k))) =>
                {
                    // I and E are pack letters too: they close only where no item has them.
                    next_overlay.set(Overlay::None);
                }
                None => {}
            }
        }
        _ => {}
    }
}

/// What entry `i` of the list asks for: take off a worn slot, use or wear a pack item.
fn entry_choice(i: usize, game: &Game, content: &Content, target: usize) -> Option<Choice> {
    if i < SLOTS.len() {
        return Some(Choice::Command(Command::Unequip(SLOTS[i].0)));
    }
    let key = letter_key(i - SLOTS.len())?;
    inventory_choice(key, false, game, content, target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ItemInstance;

    #[test]
    fn letters_use_or_wear_shift_drops_digits_take_off() {
        let content = Content::core().unwrap();
        let mut g = Game::new(5, &content).unwrap();
        let item = |id: &str| ItemInstance::new(id, &content);
        g.party.inventory = vec![item("core:healing_potion"), item("core:chain_mail")];
        let cmd = |k, shift| inventory_command(k, shift, &g, &content, 0);
        assert_eq!(
            cmd(KeyCode::KeyA, false),
            Some(Command::UseItem {
                index: 0,
                target: None,
                item: None,
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

    /// An unknown item shows its look in the list (words, colour, no description), and a
    /// known scroll of identify asks which unknown pack item it reveals.
    #[test]
    fn unknown_items_show_their_look_and_identify_asks_for_one() {
        let content = Content::core().unwrap();
        let mut g = Game::new(5, &content).unwrap();
        g.party.inventory = vec![
            ItemInstance::new("core:scroll_of_identify", &content),
            ItemInstance::new("core:potion_of_darkness", &content),
        ];
        let look = &content.appearances[&g.party.ident.looks["core:potion_of_darkness"]];
        let palette = Palette::default();
        let entries = inventory_entries(&g, &content, None, palette, &InventoryMode::Browse);
        let potion = &entries[SLOTS.len() + 1];
        assert_eq!(potion.words, format!("b  {} potion", look.words));
        assert_eq!(
            potion.icon.as_ref().unwrap().1,
            color_of(look.color, palette)
        );
        assert_eq!(potion.detail, "You do not know what it does.");
        assert!(!inventory_text(&g, &content).contains("darkness"));
        assert_eq!(
            inventory_choice(KeyCode::KeyA, false, &g, &content, 0),
            Some(Choice::ChooseForIdentify(0))
        );
        let picking = InventoryMode::Identify { scroll: 0 };
        let entries = inventory_entries(&g, &content, None, palette, &picking);
        assert!(
            entries[SLOTS.len()].unavailable.is_some(),
            "the scroll is known"
        );
        assert!(entries[SLOTS.len() + 1].unavailable.is_none());
        assert!(mode_line(&g, &content, &picking).contains("reveal"));
    }
}
