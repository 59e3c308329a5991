//! The browser page's copy of what a screen reader gets: winit's AccessKit does not reach the
//! page, so the screen's title, text and menu entries go into visually hidden page elements
//! (the canvas points at the focused entry with `aria-activedescendant`), and announcements
//! into the page's live regions (`web/index.html`, `window.delveA11y`).
use bevy::prelude::*;

use crate::app::shared::{Menu, SeenOnly};
use crate::app::web;

/// What the page was last given: title, text, entries, focused entry.
type Mirrored = (String, Vec<String>, Vec<String>, Option<usize>);

pub(super) fn plugin(app: &mut App) {
    // Only the browser has a page; the work is skipped elsewhere.
    if cfg!(target_arch = "wasm32") {
        app.add_systems(
            Update,
            mirror.after(crate::app::shared::AppSystems::Present),
        );
    }
}

/// Texts the page reads: not those drawn only for the eye (the menu's entries say them).
type PageTexts<'w, 's> = Query<'w, 's, &'static Text, Without<SeenOnly>>;

/// The screen as words: its menu's title and entries, and every text of its root and under it,
/// in order.
fn screen_words(
    root: Entity,
    menu: &Menu,
    children: &Query<&Children>,
    texts: &PageTexts,
) -> Mirrored {
    let lines = std::iter::once(root)
        .chain(children.iter_descendants_depth_first(root))
        .filter_map(|e| texts.get(e).ok())
        .map(|t| t.0.clone())
        .filter(|t| !t.trim().is_empty())
        .collect();
    (
        menu.title.clone(),
        lines,
        menu.entries.clone(),
        menu.focused,
    )
}

/// In a run with no overlay open, the page reads the sidebar (health, equipment, monsters in
/// view, the fight) as the screen's text.
const RUN_PANELS: [&str; 2] = ["Sidebar", "Read aloud"];

fn mirror(
    menus: Query<(Entity, &Menu)>,
    parents: Query<&ChildOf>,
    panels: Query<(Entity, &Name)>,
    children: Query<&Children>,
    texts: PageTexts,
    changed_text: Query<(), Changed<Text>>,
    changed_menu: Query<(), Changed<Menu>>,
    mut last: Local<Option<Mirrored>>,
) {
    if changed_text.is_empty() && changed_menu.is_empty() && last.is_some() {
        return;
    }
    let now = match menus.iter().next() {
        // A kit list's `Menu` is on the list, inside its screen: the page reads the screen.
        Some((list, menu)) => {
            let root = parents.iter_ancestors(list).last().unwrap_or(list);
            screen_words(root, menu, &children, &texts)
        }
        None => {
            let run = Menu::new("In the dungeon", Vec::new(), None);
            let mut words = (run.title.clone(), Vec::new(), Vec::new(), None);
            for (e, _) in panels
                .iter()
                .filter(|(_, n)| RUN_PANELS.contains(&n.as_str()))
            {
                words.1.extend(screen_words(e, &run, &children, &texts).1);
            }
            words
        }
    };
    if last.as_ref() != Some(&now) {
        web::mirror_screen(&now.0, &now.1, &now.2, now.3);
        *last = Some(now);
    }
}
