//! The Settings screen (O on the main menu and in the pause menu): tile zoom, animations, the
//! colour-blind palette, sound volume and mute, text size and high contrast, and the key
//! bindings in use. Up/Down (or Tab) choose, Left/Right (or Enter) change, Esc goes back;
//! every change is kept at once.
use bevy::prelude::*;

use crate::app::settings::{Settings, TEXT_SCALE_MAX, TEXT_SCALE_MIN, ZOOM_MAX, ZOOM_MIN};
use crate::app::shared::{AppSystems, Menu, Overlay, Screen, UiSystems};
use crate::app::turn::{Action, Bindings, name_of};

/// The row chosen.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SettingsRow(pub usize);

#[derive(Component)]
struct SettingsText;

pub const ROWS: usize = 7;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SettingsRow>();
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
            input.in_set(AppSystems::Input).run_if(open.clone()),
            // After the other screens' and overlays' text (it writes a `Text` too).
            draw.in_set(AppSystems::Present)
                .after(UiSystems::Screen)
                .run_if(open),
        ),
    );
}

fn spawn<S: States>(mut commands: Commands, despawn: DespawnOnExit<S>) {
    commands.spawn((
        Name::new("Settings"),
        Menu::default(),
        despawn,
        crate::app::ui::kit::overlay(children![
            (Text::new("Settings"), TextFont::from_font_size(40.0)),
            (
                SettingsText,
                Text::new(""),
                TextFont::from_font_size(19.0),
                Node {
                    width: px(620),
                    ..default()
                },
            ),
            (
                Text::new("Up/Down choose   Left/Right or Enter change   Esc back"),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(0.6, 0.6, 0.6)),
            ),
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
        3 => s.volume = (s.volume as i32 + 10 * by).clamp(0, 100) as u32,
        4 => s.muted = !s.muted,
        5 => {
            let t = s.text_scale + 0.25 * by as f32;
            s.text_scale = t.clamp(TEXT_SCALE_MIN, TEXT_SCALE_MAX);
        }
        _ => s.high_contrast = !s.high_contrast,
    }
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
    ]
}

/// The rows as shown, the chosen one marked.
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

/// The key bindings in use, one action a line.
pub fn bindings_lines(b: &Bindings) -> Vec<String> {
    let mut by_action: std::collections::BTreeMap<Action, Vec<String>> = Default::default();
    for (k, a) in &b.0 {
        by_action
            .entry(*a)
            .or_default()
            .push(k.name().replace("Key", "").replace("Arrow", ""));
    }
    by_action
        .into_iter()
        .map(|(a, keys)| format!("  {:<20} {}", name_of(a), keys.join(" ")))
        .collect()
}

fn input(
    keys: Res<ButtonInput<KeyCode>>,
    mut row: ResMut<SettingsRow>,
    mut settings: ResMut<Settings>,
    screen: Res<State<Screen>>,
    mut commands: Commands,
) {
    row.0 = super::list_cursor(&keys, row.0, ROWS);
    for (key, by) in [
        (KeyCode::ArrowLeft, -1),
        (KeyCode::ArrowRight, 1),
        (KeyCode::Enter, 1),
    ] {
        if keys.just_pressed(key) {
            change(&mut settings, row.0, by);
        }
    }
    // In a run, Esc is the pause menu's own key: it closes the overlay.
    if keys.just_pressed(KeyCode::Escape) && *screen.get() == Screen::Settings {
        commands.set_state(Screen::MainMenu);
    }
}

fn draw(
    settings: Res<Settings>,
    row: Res<SettingsRow>,
    bindings: Res<Bindings>,
    keys_path: Res<crate::app::turn::KeysPath>,
    mut text: Single<&mut Text, With<SettingsText>>,
    mut menu: Query<&mut Menu>,
) {
    if !settings.is_changed() && !row.is_changed() && !text.0.is_empty() {
        return;
    }
    let mut lines = rows(&settings, row.0);
    let entries = values(&settings)
        .iter()
        .map(|(name, v)| format!("{name}: {v}"))
        .collect();
    if let Some(mut m) = menu.iter_mut().next() {
        m.set_if_neq(Menu::new("Settings", entries, Some(row.0)));
    }
    lines.push(String::new());
    lines.push(match &keys_path.0 {
        Some(file) => format!("Keys ({} changes them; F1 lists them all)", file.display()),
        None => "Keys (F1 lists them all)".into(),
    });
    lines.extend(bindings_lines(&bindings));
    text.0 = lines.join("\n");
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
        assert!(rows(&s, 0)[6].contains("High contrast") && rows(&s, 0)[6].contains("on"));
        let shown = rows(&s, 3);
        assert!(shown[3].starts_with("> Sound volume") && shown[3].contains("0%"));
        assert!(
            bindings_lines(&Bindings::default())
                .iter()
                .any(|l| l.contains("history") && l.contains('M'))
        );
    }
}
