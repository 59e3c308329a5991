//! The Settings screen (O on the main menu and in the pause menu): tile zoom, animations, the
//! colour-blind palette, sound volume and mute, text size and high contrast, each sound
//! channel's volume and the positional cues, terse or verbose announcements and autofight's
//! threshold, then every action with its keys. Up/Down (or Tab) choose; Left/Right, Enter or a drag change a value; Enter on
//! an action waits for its new key (Ctrl, Alt or Shift may be held with it). Esc goes back;
//! every change is kept at once.
use bevy::prelude::*;

use crate::app::settings::{Settings, TEXT_SCALE_MAX, TEXT_SCALE_MIN, ZOOM_MAX, ZOOM_MIN};
use crate::app::shared::{Overlay, OverlayInput, Screen, UiSystems};
use crate::app::turn::{Action, Bindings, Chord, KeysPath, Mods, is_modifier, name_of};
use crate::app::ui::kit;
use crate::app::ui::list::{ListChoice, ListEntry, ListMenu, ScreenInput};

/// The settings' list.
#[derive(Component)]
pub struct SettingsList;

/// The line under the list: what the last rebinding did, or what the one under way waits for.
#[derive(Component)]
struct KeysNotice;

/// The action waiting for its new key, what the last rebinding said, and the key it took this
/// frame (so Esc that cancels a rebinding does not also close the overlay).
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Rebinding {
    pub waiting: Option<Action>,
    pub said: String,
    pub took: Option<KeyCode>,
}

/// The values' rows come first; the actions' rows follow.
pub const ROWS: usize = 14;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Rebinding>();
    app.add_systems(OnEnter(Screen::Settings), |commands: Commands| {
        spawn(commands, DespawnOnExit(Screen::Settings))
    });
    app.add_systems(OnEnter(Overlay::Settings), |commands: Commands| {
        spawn(commands, DespawnOnExit(Overlay::Settings))
    });
    let open = in_state(Screen::Settings).or_else(in_state(Overlay::Settings));
    app.add_systems(
        Update,
        (
            input
                .in_set(ScreenInput)
                .ambiguous_with(ScreenInput)
                .before(OverlayInput)
                .run_if(open.clone()),
            // One overlay is open at a time: never beside another's text.
            draw.in_set(UiSystems::Overlay)
                .ambiguous_with(UiSystems::Overlay)
                .run_if(open),
        ),
    );
}

fn spawn<S: States>(mut commands: Commands, despawn: DespawnOnExit<S>) {
    commands.insert_resource(Rebinding::default());
    commands.spawn((
        Name::new("Settings"),
        despawn,
        kit::overlay(children![
            (Text::new("Settings"), TextFont::from_font_size(40.0)),
            (
                SettingsList,
                kit::list(ListMenu::new("Settings", Vec::new())),
            ),
            (
                KeysNotice,
                Text::new(""),
                TextFont::from_font_size(16.0),
                TextColor(Color::srgb(0.85, 0.8, 0.55)),
            ),
            kit::hint("Up/Down choose   Left/Right, Enter or drag change   Esc back"),
        ]),
    ));
}

/// Changes row `row` one step in direction `by` (+1 right, −1 left).
pub fn change(s: &mut Settings, row: usize, by: i32) {
    match row {
        0 => {
            let z = s.zoom + 0.25 * by as f32;
            s.zoom = z.clamp(ZOOM_MIN, ZOOM_MAX);
        }
        1 => s.animations = !s.animations,
        2 => s.colour_blind = !s.colour_blind,
        3 => s.volume = step_percent(s.volume, by),
        4 => s.muted = !s.muted,
        5 => {
            let t = s.text_scale + 0.25 * by as f32;
            s.text_scale = t.clamp(TEXT_SCALE_MIN, TEXT_SCALE_MAX);
        }
        6 => s.high_contrast = !s.high_contrast,
        7 => s.effects_volume = step_percent(s.effects_volume, by),
        8 => s.cues_volume = step_percent(s.cues_volume, by),
        9 => s.interface_volume = step_percent(s.interface_volume, by),
        10 => s.cues = !s.cues,
        11 => s.verbose = !s.verbose,
        12 => s.autofight_below = step_percent(s.autofight_below, by),
        _ => s.explore_picks_up = !s.explore_picks_up,
    }
}

/// A percentage ten points on or back, within 0 to 100.
fn step_percent(v: u32, by: i32) -> u32 {
    (v as i32 + 10 * by).clamp(0, 100) as u32
}

/// Each row's name and value.
fn values(s: &Settings) -> [(&'static str, String); ROWS] {
    let on = |b: bool| if b { "on" } else { "off" };
    [
        (
            "Tile zoom",
            format!("{:.0}%  ({:.0} px tiles)", s.zoom * 100.0, s.zoom * 32.0),
        ),
        ("Animations", on(s.animations).to_string()),
        ("Colour-blind palette", on(s.colour_blind).to_string()),
        ("Sound volume", format!("{}%", s.volume)),
        ("Mute", on(s.muted).to_string()),
        ("Text size", format!("{:.0}%", s.text_scale * 100.0)),
        ("High contrast", on(s.high_contrast).to_string()),
        ("Effects volume", format!("{}%", s.effects_volume)),
        ("Cue volume", format!("{}%", s.cues_volume)),
        ("Interface volume", format!("{}%", s.interface_volume)),
        ("Positional cues", on(s.cues).to_string()),
        (
            "Announcements",
            if s.verbose { "verbose" } else { "terse" }.to_string(),
        ),
        (
            "Autofight stops below",
            format!("{}% health", s.autofight_below),
        ),
        ("Explore picks up items", on(s.explore_picks_up).to_string()),
    ]
}

/// The rows as shown, the chosen one marked (the values' rows).
pub fn rows(s: &Settings, chosen: usize) -> Vec<String> {
    values(s)
        .iter()
        .enumerate()
        .map(|(i, (name, v))| {
            let mark = if i == chosen { ">" } else { " " };
            format!("{mark} {name:<24} < {v} >")
        })
        .collect()
}

/// A chord as the Settings screen names it: "Ctrl+F", "Up", "Space".
fn chord_words(c: Chord) -> String {
    c.name()
        .replace("Key", "")
        .replace("Arrow", "")
        .replace("Digit", "")
}

/// The key bindings in use, one action a line.
pub fn bindings_lines(b: &Bindings) -> Vec<String> {
    Bindings::actions()
        .map(|a| {
            let keys: Vec<String> = b.chords_of(a).into_iter().map(chord_words).collect();
            format!("  {:<20} {}", name_of(a), keys.join(" "))
        })
        .collect()
}

/// The list: the values, then each action with its keys.
fn entries(s: &Settings, b: &Bindings, waiting: Option<Action>, file: &str) -> Vec<ListEntry> {
    let mut out: Vec<ListEntry> = values(s)
        .into_iter()
        .map(|(name, v)| ListEntry::new(name).value(v))
        .collect();
    out.extend(Bindings::actions().map(|a| {
        let keys: Vec<String> = b.chords_of(a).into_iter().map(chord_words).collect();
        let shown = if waiting == Some(a) {
            "press a key...".to_string()
        } else if keys.is_empty() {
            "unbound".to_string()
        } else {
            keys.join(" ")
        };
        ListEntry::new(format!("Key: {}", name_of(a).replace('_', " ")))
            .note(shown)
            .detail(format!(
                "Enter, then the new key for {} (Ctrl, Alt or Shift may be held with it); \
                 Backspace unbinds it, Esc keeps it. Kept in {file}.",
                name_of(a)
            ))
    }));
    out
}

fn input(
    keys: Res<ButtonInput<KeyCode>>,
    mut choices: MessageReader<ListChoice>,
    mut list: Single<(Entity, &mut ListMenu), With<SettingsList>>,
    mut settings: ResMut<Settings>,
    mut bindings: ResMut<Bindings>,
    mut rebinding: ResMut<Rebinding>,
    keys_path: Res<KeysPath>,
    screen: Res<State<Screen>>,
    mut commands: Commands,
) {
    let (list_e, list) = &mut *list;
    let choices: Vec<ListChoice> = choices
        .read()
        .filter(|c| c.list == *list_e)
        .copied()
        .collect();
    if rebinding.took.is_some() {
        rebinding.took = None;
    }
    // A rebinding under way takes the next key (the one that began it was last frame's).
    if let Some(action) = rebinding.waiting {
        let Some(key) = keys.get_just_pressed().copied().find(|k| !is_modifier(*k)) else {
            return;
        };
        let name = name_of(action);
        let said = match key {
            KeyCode::Escape => format!("The keys of {name} are as they were."),
            KeyCode::Backspace => {
                bindings.0.retain(|_, a| *a != action);
                format!("{name} has no key now.")
            }
            key => {
                let chord = Chord {
                    key,
                    mods: Mods::held(&keys),
                };
                match bindings.rebind(action, chord) {
                    Some(old) => format!(
                        "{} now does {name} (it did {}).",
                        chord_words(chord),
                        name_of(old)
                    ),
                    None => format!("{} now does {name}.", chord_words(chord)),
                }
            }
        };
        let store = keys_path.store();
        let kept = if key == KeyCode::Escape {
            Ok(())
        } else {
            store.write(bindings.to_file().as_bytes())
        };
        rebinding.said = match kept {
            Ok(()) => said,
            Err(e) => format!("{said} It could not be kept in {}: {e}", store.describe()),
        };
        rebinding.waiting = None;
        list.keys_held = false;
        // The key is the rebinding's: Esc here does not also close the screen.
        rebinding.took = Some(key);
        return;
    }
    for c in choices {
        if c.index < ROWS {
            // Enter, a click or a tap steps a value on, as Right does.
            change(&mut settings, c.index, if c.step == 0 { 1 } else { c.step });
        } else if c.step == 0
            && let Some(action) = Bindings::actions().nth(c.index - ROWS)
        {
            rebinding.waiting = Some(action);
            rebinding.said = format!(
                "Press the new key for {} (Esc keeps the old, Backspace unbinds).",
                name_of(action)
            );
            // The kit leaves the keys to this screen until the new one is pressed.
            list.keys_held = true;
        }
    }
    // In a run, Esc is the pause menu's own key: it closes the overlay.
    if keys.just_pressed(KeyCode::Escape) && *screen.get() == Screen::Settings {
        commands.set_state(Screen::MainMenu);
    }
}

fn draw(
    settings: Res<Settings>,
    bindings: Res<Bindings>,
    rebinding: Res<Rebinding>,
    keys_path: Res<KeysPath>,
    mut list: Single<&mut ListMenu, With<SettingsList>>,
    mut notice: Single<&mut Text, With<KeysNotice>>,
) {
    if !settings.is_changed()
        && !bindings.is_changed()
        && !rebinding.is_changed()
        && !list.entries.is_empty()
    {
        return;
    }
    let file = keys_path.store().describe();
    let now = entries(&settings, &bindings, rebinding.waiting, &file);
    if list.entries != now {
        list.set_entries(now);
    }
    if notice.0 != rebinding.said {
        notice.0 = rebinding.said.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_row_changes_its_own_setting_within_range() {
        let mut s = Settings::default();
        change(&mut s, 0, 1);
        assert_eq!(s.zoom, 1.25);
        for _ in 0..20 {
            change(&mut s, 0, 1);
        }
        assert_eq!(s.zoom, ZOOM_MAX);
        change(&mut s, 1, 1);
        assert!(!s.animations);
        change(&mut s, 2, -1);
        assert!(s.colour_blind);
        change(&mut s, 3, -1);
        assert_eq!(s.volume, 60);
        for _ in 0..20 {
            change(&mut s, 3, -1);
        }
        assert_eq!(s.volume, 0);
        change(&mut s, 4, 1);
        assert!(s.muted);
        change(&mut s, 5, 1);
        assert_eq!(s.text_scale, 1.25);
        for _ in 0..10 {
            change(&mut s, 5, 1);
        }
        assert_eq!(s.text_scale, TEXT_SCALE_MAX);
        change(&mut s, 6, 1);
        assert!(s.high_contrast);
        change(&mut s, 7, -1);
        assert_eq!(s.effects_volume, 90);
        for _ in 0..3 {
            change(&mut s, 8, 1);
        }
        assert_eq!(s.cues_volume, 100, "80 and three steps, kept within 100");
        change(&mut s, 9, -1);
        assert_eq!(s.interface_volume, 50);
        change(&mut s, 10, 1);
        assert!(!s.cues);
        change(&mut s, 11, 1);
        assert!(!s.verbose);
        change(&mut s, 12, -1);
        assert_eq!(s.autofight_below, 40);
        assert!(
            rows(&s, 0)[12].contains("Autofight stops below") && rows(&s, 0)[12].contains("40%")
        );
        assert!(rows(&s, 0)[6].contains("High contrast") && rows(&s, 0)[6].contains("on"));
        let shown = rows(&s, 3);
        assert!(shown[3].starts_with("> Sound volume") && shown[3].contains("0%"));
        assert!(
            bindings_lines(&Bindings::default())
                .iter()
                .any(|l| l.contains("history") && l.ends_with('M'))
        );
    }
}
