//! The Discoveries list (\): what the hero has learned of unknown items this run, kind by
//! kind: each item learned with the look it had, the looks the player named, and how many are
//! still unknown. \ or Esc closes it.
use bevy::prelude::*;

use crate::app::render::palette::Palette;
use crate::app::render::picture::Pictures;
use crate::app::shared::{ContentRes, GameRes, Overlay, OverlayInput, Screen, UiSystems};
use crate::app::turn::{Action, Bindings};
use crate::app::ui::kit;
use crate::app::ui::list::{ListEntry, ListMenu, ScreenInput};
use crate::content::Content;
use crate::game::{Game, ItemInstance};

/// The list.
#[derive(Component)]
struct DiscoveriesList;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Discoveries), spawn);
    app.add_systems(
        Update,
        (
            toggle
                .after(OverlayInput)
                .in_set(ScreenInput)
                .ambiguous_with(ScreenInput)
                .run_if(in_state(Screen::InGame)),
            draw.in_set(UiSystems::Overlay)
                .ambiguous_with(UiSystems::Overlay)
                .run_if(in_state(Overlay::Discoveries)),
        ),
    );
}

fn toggle(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    overlay: Res<State<Overlay>>,
    mut commands: Commands,
) {
    let pressed = bindings.just_pressed(&keys, Action::Discoveries);
    if let Some(next) = kit::toggled(overlay.get(), Overlay::Discoveries, pressed, true, true) {
        commands.set_state(next);
    }
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        Name::new("Discoveries"),
        DespawnOnExit(Overlay::Discoveries),
        kit::overlay(children![
            kit::title("Discoveries"),
            (
                DiscoveriesList,
                ListMenu::new("Discoveries", Vec::new()),
                Node {
                    width: px(760),
                    ..kit::list_node()
                },
            ),
            kit::hint("Up/Down move   \\ or Esc closes"),
        ]),
    ));
}

/// The list's entries: for each kind of item that starts a run unknown, a heading, then
/// each item learned (as it is now, with the look it had), each look the player named, and
/// how many of the kind are still unknown.
pub fn discoveries_entries(
    game: &Game,
    content: &Content,
    pictures: Option<&Pictures>,
    palette: Palette,
) -> Vec<ListEntry> {
    let ident = &game.party.ident;
    let mut out = Vec::new();
    for kind in content.item_kinds.values().filter(|k| k.unidentified) {
        let of_kind: Vec<&str> = (ident.looks.keys())
            .filter(|i| content.item(i).and_then(|d| d.kind.as_deref()) == Some(&kind.id))
            .map(String::as_str)
            .collect();
        if of_kind.is_empty() {
            continue;
        }
        let heading = format!("{}s", crate::game::identify::lower_first(&kind.name));
        out.push(ListEntry::new(heading).unavailable("a heading"));
        let entry = |id: &str, suffix: String| {
            let it = ItemInstance::new(id, content);
            let s = super::inventory::shown_item(game, content, pictures, palette, &it);
            // A kind, not one item: no charges.
            let name = if game.knows(id) {
                crate::game::items::true_name(&it, content)
            } else {
                s.name
            };
            ListEntry::new(format!("  {name}{suffix}"))
                .icon(s.picture, s.colour)
                .detail(s.detail)
        };
        for id in ident
            .learned
            .iter()
            .filter(|l| of_kind.contains(&l.as_str()))
        {
            out.push(entry(
                id,
                format!(
                    ": was the {}",
                    game.unknown_name(id, content).unwrap_or_default()
                ),
            ));
        }
        for id in of_kind.iter().filter(|i| ident.called.contains_key(**i)) {
            out.push(entry(id, String::new()));
        }
        let unknown = of_kind.iter().filter(|i| !game.knows(i)).count();
        if unknown > 0 {
            let s = if unknown == 1 { "" } else { "s" };
            out.push(ListEntry::new(format!(
                "  {unknown} {} kind{s} still unknown",
                kind.name
            )));
        }
    }
    if out.is_empty() {
        out.push(ListEntry::new("Nothing in this run's content is unknown."));
    }
    out
}

fn draw(
    game: Res<GameRes>,
    content: Res<ContentRes>,
    pictures: Option<Res<Pictures>>,
    palette: Option<Res<Palette>>,
    mut list: Single<&mut ListMenu, With<DiscoveriesList>>,
) {
    if !game.is_changed() && !list.entries.is_empty() {
        return;
    }
    let palette = palette.map_or_else(Palette::default, |p| *p);
    let entries = discoveries_entries(game.game(), &content.0, pictures.as_deref(), palette);
    if list.entries != entries {
        list.set_entries(entries);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Command;

    #[test]
    fn the_list_names_what_was_learned_with_its_look_and_counts_the_rest() {
        let content = Content::core().unwrap();
        let mut g = Game::new_as(4, "core:rogue", &content).unwrap();
        g.party.inventory.clear();
        g.party
            .inventory
            .push(ItemInstance::new("core:potion_of_weakness", &content));
        let look = g.item_name(&g.party.inventory[0], &content);
        g.execute(
            &Command::UseItem {
                index: 0,
                target: None,
                item: None,
            },
            &content,
        );
        let words: Vec<String> = discoveries_entries(&g, &content, None, Palette::default())
            .into_iter()
            .map(|e| e.words)
            .collect();
        let text = words.join("\n");
        assert!(text.contains("potions"), "{text}");
        assert!(
            text.contains(&format!("Potion of weakness: was the {look}")),
            "{text}"
        );
        assert!(text.contains("still unknown"), "{text}");
    }
}
