//! The player's settings (tile zoom, animations, colour-blind palette, sound volume and mute,
//! each sound channel's volume and the positional cues, text size and high contrast, terse
//! or verbose announcements, autofight's health threshold),
//! kept in `saves/settings.toml` (`$DELVE_SETTINGS`; in the browser, local storage) and applied
//! to the game at once. A file that does not read is moved aside to `settings.toml.bad`, said
//! on the main menu, and the defaults are used; nothing is guessed.

use bevy::audio::{GlobalVolume, Volume};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::render::glyph::Tween;
use crate::app::render::palette::Palette;
use crate::app::render::stealth::StealthRangeShown;
use crate::app::save::{SaveNotice, SaveStore};
use crate::app::shared::{Overlay, Screen, SoundMix};
use crate::app::turn::{Action, AutofightBelow, Bindings, ExplorePicksUp, Pinch};
use bevy::input::mouse::MouseWheel;

#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// Map zoom: 1 draws tiles 32 pixels wide.
    pub zoom: f32,
    /// Smooth movement and the feedback on blows (F2).
    pub animations: bool,
    /// The colour-blind-safe palette (F4).
    pub colour_blind: bool,
    /// Sound volume, 0 to 100.
    pub volume: u32,
    pub muted: bool,
    /// The UI's scale, text and panels together: 1 to 2.
    pub text_scale: f32,
    /// Light text on opaque dark panels (a11y::contrast).
    pub high_contrast: bool,
    /// The class chosen last (a class id): the class choice screen opens on it, and
    /// `--seed` without `--class` plays it. Empty: none chosen yet.
    pub class: String,
    /// The stealth range drawn on the map (U): on from a player's first run until turned off.
    pub stealth_range: bool,
    /// Each channel's volume under `volume`, 0 to 100: the turn's effects, the positional
    /// cues, the menus' clicks.
    pub effects_volume: u32,
    pub cues_volume: u32,
    pub interface_volume: u32,
    /// Monsters, items, stairs and doors heard where they are.
    pub cues: bool,
    /// Every log line said, or (off) only what matters: harm, kills, finds, levels, alerts and
    /// refusals.
    pub verbose: bool,
    /// Autofight refuses below this share of health, 0 to 100 (%).
    pub autofight_below: u32,
    /// Auto-explore goes to the items it knows of and picks them up (off: gold only).
    pub explore_picks_up: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            zoom: 1.0,
            animations: true,
            colour_blind: false,
            volume: 70,
            muted: false,
            text_scale: 1.0,
            high_contrast: false,
            class: String::new(),
            stealth_range: true,
            effects_volume: 100,
            cues_volume: 80,
            interface_volume: 60,
            cues: true,
            verbose: true,
            autofight_below: 50,
            explore_picks_up: true,
        }
    }
}

pub const ZOOM_MIN: f32 = 0.5;
pub const ZOOM_MAX: f32 = 2.5;
pub const TEXT_SCALE_MIN: f32 = 1.0;
pub const TEXT_SCALE_MAX: f32 = 2.0;

impl Settings {
    /// Reads a settings file; a bad value names its field and the allowed range.
    pub fn parse(text: &str) -> Result<Settings, String> {
        let s: Settings = toml::from_str(text).map_err(|e| e.to_string().trim().to_string())?;
        if !(ZOOM_MIN..=ZOOM_MAX).contains(&s.zoom) {
            return Err(format!(
                "`zoom` is {}, it must be from {ZOOM_MIN} to {ZOOM_MAX}",
                s.zoom
            ));
        }
        if !(TEXT_SCALE_MIN..=TEXT_SCALE_MAX).contains(&s.text_scale) {
            return Err(format!(
                "`text_scale` is {}, it must be from {TEXT_SCALE_MIN} to {TEXT_SCALE_MAX}",
                s.text_scale
            ));
        }
        for (name, value) in [
            ("volume", s.volume),
            ("effects_volume", s.effects_volume),
            ("cues_volume", s.cues_volume),
            ("interface_volume", s.interface_volume),
            ("autofight_below", s.autofight_below),
        ] {
            if value > 100 {
                return Err(format!("`{name}` is {value}, it must be from 0 to 100"));
            }
        }
        Ok(s)
    }

    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }
}

/// Where the settings live: a file (`$DELVE_SETTINGS`, by default `saves/settings.toml`), or
/// the browser's local storage. The saves' own store: it reads, writes atomically and moves a
/// bad copy aside, never deleting it.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct SettingsStore(pub SaveStore);

impl Default for SettingsStore {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            return Self(SaveStore::Browser("delve.settings".into()));
        }
        Self(SaveStore::File(
            crate::places::Places::here().file("DELVE_SETTINGS", "settings.toml"),
        ))
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .init_resource::<SettingsStore>()
        .init_resource::<StealthRangeShown>()
        .init_resource::<SoundMix>()
        .init_resource::<AutofightBelow>()
        .init_resource::<ExplorePicksUp>();
    app.add_systems(Startup, load);
    app.add_systems(
        Update,
        (
            // After the map's gestures: a pinch is read the frame it is made.
            keys.in_set(crate::app::shared::AppSystems::Input)
                .after(crate::app::turn::TurnInput),
            (apply, store).chain().run_if(resource_changed::<Settings>),
        ),
    );
}

/// Reads the stored settings, or explains why not and keeps a bad copy aside.
pub fn read(store: &SaveStore) -> Result<Option<Settings>, String> {
    let place = store.describe();
    let Some(bytes) = store.read().map_err(|e| format!("{place}: {e}"))? else {
        return Ok(None);
    };
    String::from_utf8(bytes)
        .map_err(|_| "not UTF-8".to_string())
        .and_then(|t| Settings::parse(&t))
        .map(Some)
        .map_err(|e| {
            let kept = store.quarantine().map_or_else(
                |r| format!("it could not be moved aside ({r})"),
                |to| format!("it was moved to {to}"),
            );
            format!("{place}: {e}; {kept}, and the default settings are in use")
        })
}

fn load(store: Res<SettingsStore>, mut settings: ResMut<Settings>, mut notice: ResMut<SaveNotice>) {
    match read(&store.0) {
        Ok(Some(s)) => *settings = s,
        Ok(None) => {}
        Err(msg) => {
            warn!("{msg}");
            notice.0 = Some(msg);
        }
    }
}

/// F2, F4, U (the stealth range), the wheel and +/- change the settings too, so the choice is kept (the wheel
/// zooms only over the map, not in an overlay, where it scrolls).
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut wheel: MessageReader<MouseWheel>,
    overlay: Option<Res<State<Overlay>>>,
    bindings: Option<Res<Bindings>>,
    in_game: Option<Res<State<Screen>>>,
    mut settings: ResMut<Settings>,
    (pinch, mut pinched_from): (Option<Res<Pinch>>, Local<Option<f32>>),
) {
    // Two fingers scale the zoom the pinch began at, so it never drifts.
    match pinch.and_then(|p| p.0) {
        Some(spread) => {
            let from = *pinched_from.get_or_insert(settings.zoom);
            let zoom = pinch_zoom(from, spread);
            if settings.zoom != zoom {
                settings.zoom = zoom;
            }
        }
        None => *pinched_from = None,
    }
    if keys.just_pressed(KeyCode::F2) {
        settings.animations = !settings.animations;
    }
    if keys.just_pressed(KeyCode::F4) {
        settings.colour_blind = !settings.colour_blind;
    }
    let on_map = overlay.is_some_and(|o| *o.get() == Overlay::None);
    let playing = in_game.is_some_and(|s| *s.get() == Screen::InGame);
    if on_map
        && playing
        && let Some(b) = bindings
        && b.just_pressed(&keys, Action::ToggleStealthRange)
    {
        settings.stealth_range = !settings.stealth_range;
    }
    let mut steps: f32 = wheel.read().map(|w| w.y.signum()).sum();
    if !on_map {
        return;
    }
    if keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd) {
        steps += 1.0;
    }
    if keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract) {
        steps -= 1.0;
    }
    if steps != 0.0 {
        let zoom = (settings.zoom * 1.1f32.powf(steps)).clamp(ZOOM_MIN, ZOOM_MAX);
        // Kept to two decimals, as the file shows it.
        settings.zoom = (zoom * 100.0).round() / 100.0;
    }
}

/// The zoom a pinch asks for: the zoom it began at scaled by the fingers' spread, kept in
/// range and to two decimals (as the file writes it).
pub fn pinch_zoom(from: f32, spread: f32) -> f32 {
    let zoom = (from * spread).clamp(ZOOM_MIN, ZOOM_MAX);
    (zoom * 100.0).round() / 100.0
}

fn apply(
    settings: Res<Settings>,
    mut tween: ResMut<Tween>,
    mut palette: ResMut<Palette>,
    mut stealth: ResMut<StealthRangeShown>,
    mut volume: ResMut<GlobalVolume>,
    mut mix: ResMut<SoundMix>,
    mut autofight: ResMut<AutofightBelow>,
    mut picks_up: ResMut<ExplorePicksUp>,
    mut projection: Query<&mut Projection, With<Camera2d>>,
) {
    tween.set_if_neq(Tween(settings.animations));
    palette.set_if_neq(Palette {
        colour_blind: settings.colour_blind,
    });
    stealth.set_if_neq(StealthRangeShown(settings.stealth_range));
    let level = if settings.muted {
        0.0
    } else {
        settings.volume as f32 / 100.0
    };
    volume.volume = Volume::Linear(level);
    let share = |v: u32| v as f32 / 100.0;
    mix.set_if_neq(SoundMix {
        effects: share(settings.effects_volume),
        cues: share(settings.cues_volume),
        interface: share(settings.interface_volume),
        cues_on: settings.cues,
    });
    autofight.set_if_neq(AutofightBelow(f64::from(settings.autofight_below) / 100.0));
    picks_up.set_if_neq(ExplorePicksUp(settings.explore_picks_up));
    for mut p in &mut projection {
        if let Projection::Orthographic(o) = &mut *p {
            o.scale = 1.0 / settings.zoom;
        }
    }
}

/// Writes the settings after each change (not the first load: nothing changed on disk).
fn store(
    settings: Res<Settings>,
    store: Res<SettingsStore>,
    mut first: Local<bool>,
    mut notice: ResMut<SaveNotice>,
) {
    if !*first {
        *first = true;
        return;
    }
    let written = store.0.write(settings.to_toml().as_bytes());
    if let Err(e) = written {
        let msg = format!("The settings could not be kept: {e}");
        warn!("{msg}");
        notice.0 = Some(msg);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pinch_zooms_by_the_spread_within_the_settings_range() {
        assert_eq!(pinch_zoom(1.0, 1.5), 1.5);
        assert_eq!(pinch_zoom(1.2, 0.5), 0.6);
        assert_eq!(pinch_zoom(2.0, 4.0), ZOOM_MAX);
        assert_eq!(pinch_zoom(1.0, 0.1), ZOOM_MIN);
        assert_eq!(
            pinch_zoom(1.25, 1.0),
            1.25,
            "fingers that have not moved change nothing"
        );
    }

    #[test]
    fn settings_round_trip_and_a_bad_file_is_moved_aside() {
        let s = Settings {
            zoom: 1.5,
            animations: false,
            colour_blind: true,
            volume: 30,
            muted: true,
            text_scale: 1.5,
            high_contrast: true,
            class: "core:rogue".into(),
            stealth_range: false,
            effects_volume: 40,
            cues_volume: 0,
            interface_volume: 100,
            cues: false,
            verbose: false,
            autofight_below: 25,
            explore_picks_up: false,
        };
        assert_eq!(Settings::parse(&s.to_toml()).unwrap(), s);
        assert!(
            Settings::parse("zoom = 9.0")
                .unwrap_err()
                .contains("`zoom` is 9")
        );
        assert!(
            Settings::parse("volume = 101")
                .unwrap_err()
                .contains("`volume`")
        );
        assert!(
            Settings::parse("text_scale = 3.0")
                .unwrap_err()
                .contains("`text_scale` is 3")
        );
        assert!(Settings::parse("loud = true").unwrap_err().contains("loud"));
        assert!(
            Settings::parse("autofight_below = 120")
                .unwrap_err()
                .contains("`autofight_below` is 120")
        );
        assert!(
            Settings::parse("cues_volume = 101")
                .unwrap_err()
                .contains("`cues_volume`")
        );
        // A partial file keeps the defaults for what it does not name.
        assert_eq!(Settings::parse("muted = true").unwrap().volume, 70);

        let dir = std::env::temp_dir().join(format!("delve-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("settings.toml");
        let store = SaveStore::File(file.clone());
        std::fs::write(&file, s.to_toml()).unwrap();
        assert_eq!(read(&store).unwrap(), Some(s));
        std::fs::write(&file, "zoom = \"big\"").unwrap();
        let e = read(&store).unwrap_err();
        assert!(e.contains("settings.toml") && e.contains("moved to"), "{e}");
        assert!(!file.exists());
        assert_eq!(
            std::fs::read_to_string(dir.join("settings.toml.bad")).unwrap(),
            "zoom = \"big\""
        );
        assert_eq!(read(&store).unwrap(), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
