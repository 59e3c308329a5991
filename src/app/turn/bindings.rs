//! Key bindings: defaults in code, and the player's own in a TOML file (`keys.toml` beside the
//! save, or `$DELVE_KEYS`). A file that does not parse is reported on the main menu and the
//! defaults stay in use; nothing is guessed.
use std::collections::BTreeMap;
use std::path::PathBuf;

use bevy::prelude::*;

use crate::content::diagnostics::nearest;
use crate::map::Dir;

/// What a key can ask for outside the fight's ability digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Action {
    Move(Dir),
    Wait,
    Descend,
    Explore,
    TravelStairs,
    Flee,
    PickUp,
    Inventory,
    /// The message history overlay.
    History,
    /// Read the surroundings aloud (and the fight, in one).
    Describe,
    /// Read the fight aloud: enemies, hit chances, abilities and their locks.
    ReadFight,
    /// Read the log's last lines aloud.
    ReadLog,
    /// Say the last announcement again.
    SayAgain,
}

/// The action names the file uses.
const NAMES: [(&str, Action); 16] = [
    ("up", Action::Move(Dir::Up)),
    ("down", Action::Move(Dir::Down)),
    ("left", Action::Move(Dir::Left)),
    ("right", Action::Move(Dir::Right)),
    ("wait", Action::Wait),
    ("descend", Action::Descend),
    ("explore", Action::Explore),
    ("travel_stairs", Action::TravelStairs),
    ("flee", Action::Flee),
    ("pick_up", Action::PickUp),
    ("inventory", Action::Inventory),
    ("history", Action::History),
    ("describe", Action::Describe),
    ("read_fight", Action::ReadFight),
    ("read_log", Action::ReadLog),
    ("say_again", Action::SayAgain),
];

/// The letter keys A–Z (also the inventory's item letters).
pub const LETTERS: [KeyCode; 26] = [
    KeyCode::KeyA,
    KeyCode::KeyB,
    KeyCode::KeyC,
    KeyCode::KeyD,
    KeyCode::KeyE,
    KeyCode::KeyF,
    KeyCode::KeyG,
    KeyCode::KeyH,
    KeyCode::KeyI,
    KeyCode::KeyJ,
    KeyCode::KeyK,
    KeyCode::KeyL,
    KeyCode::KeyM,
    KeyCode::KeyN,
    KeyCode::KeyO,
    KeyCode::KeyP,
    KeyCode::KeyQ,
    KeyCode::KeyR,
    KeyCode::KeyS,
    KeyCode::KeyT,
    KeyCode::KeyU,
    KeyCode::KeyV,
    KeyCode::KeyW,
    KeyCode::KeyX,
    KeyCode::KeyY,
    KeyCode::KeyZ,
];

/// The other keys a file may name, by Bevy's spelling of them (their `Debug` names).
const OTHER_KEYS: [KeyCode; 32] = [
    KeyCode::ArrowUp,
    KeyCode::ArrowDown,
    KeyCode::ArrowLeft,
    KeyCode::ArrowRight,
    KeyCode::Space,
    KeyCode::Enter,
    KeyCode::Period,
    KeyCode::Comma,
    KeyCode::Slash,
    KeyCode::Semicolon,
    KeyCode::Backspace,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::Numpad2,
    KeyCode::Numpad4,
    KeyCode::Numpad5,
    KeyCode::Numpad6,
    KeyCode::Numpad8,
    KeyCode::NumpadEnter,
    KeyCode::Digit0,
    KeyCode::F5,
    KeyCode::F6,
    KeyCode::F7,
    KeyCode::F8,
    KeyCode::F9,
    KeyCode::F10,
    KeyCode::F11,
    KeyCode::F12,
    KeyCode::Insert,
    KeyCode::Delete,
];

/// Every key a file may name.
fn nameable_keys() -> Vec<KeyCode> {
    OTHER_KEYS.iter().chain(&LETTERS).copied().collect()
}

/// Which keys do what (exploring; in a fight Wait and Flee apply, digits pick abilities).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct Bindings(pub BTreeMap<KeyCode, Action>);

impl Default for Bindings {
    fn default() -> Self {
        use Action::*;
        let mut map = BTreeMap::new();
        let mut bind = |keys: &[KeyCode], a: Action| {
            for &k in keys {
                map.insert(k, a);
            }
        };
        bind(
            &[KeyCode::ArrowUp, KeyCode::KeyW, KeyCode::KeyK],
            Move(Dir::Up),
        );
        bind(
            &[KeyCode::ArrowDown, KeyCode::KeyS, KeyCode::KeyJ],
            Move(Dir::Down),
        );
        bind(
            &[KeyCode::ArrowLeft, KeyCode::KeyA, KeyCode::KeyH],
            Move(Dir::Left),
        );
        bind(
            &[KeyCode::ArrowRight, KeyCode::KeyD, KeyCode::KeyL],
            Move(Dir::Right),
        );
        bind(&[KeyCode::Space, KeyCode::Period], Wait);
        bind(&[KeyCode::Enter], Descend);
        bind(&[KeyCode::KeyX, KeyCode::KeyO], Explore);
        bind(&[KeyCode::KeyG], TravelStairs);
        bind(&[KeyCode::KeyF], Flee);
        bind(&[KeyCode::Comma, KeyCode::KeyP], PickUp);
        bind(&[KeyCode::KeyI, KeyCode::KeyE], Inventory);
        bind(&[KeyCode::KeyM], History);
        bind(&[KeyCode::KeyV], Describe);
        bind(&[KeyCode::KeyC], ReadFight);
        bind(&[KeyCode::KeyN], ReadLog);
        bind(&[KeyCode::KeyR], SayAgain);
        Self(map)
    }
}

impl Bindings {
    pub fn action(&self, key: KeyCode) -> Option<Action> {
        self.0.get(&key).copied()
    }

    /// The first key (in key order) bound to `action`, if the player left it one.
    pub fn key_for(&self, action: Action) -> Option<KeyCode> {
        self.0.iter().find(|(_, a)| **a == action).map(|(k, _)| *k)
    }

    /// The defaults with the file's actions replaced: each listed action gets exactly the
    /// keys the file gives it. Unknown actions or key names are errors that name them.
    pub fn parse(text: &str) -> Result<Bindings, String> {
        let table: BTreeMap<String, Vec<String>> =
            toml::from_str(text).map_err(|e| e.to_string().trim().to_string())?;
        let nameable = nameable_keys();
        let key_names: Vec<String> = nameable.iter().map(|k| format!("{k:?}")).collect();
        let mut out = Bindings::default();
        for (name, keys) in &table {
            let Some(&(_, action)) = NAMES.iter().find(|(n, _)| n == name) else {
                let known: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
                return Err(format!(
                    "unknown action `{name}` (known: {})",
                    known.join(", ")
                ));
            };
            out.0.retain(|_, a| *a != action);
            for k in keys {
                let Some(i) = key_names.iter().position(|n| n == k) else {
                    let hint = nearest(k, key_names.iter().map(String::as_str))
                        .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
                    return Err(format!("`{name}`: unknown key `{k}`{hint}"));
                };
                let code = nameable[i];
                if let Some(other) = out.0.insert(code, action)
                    && other != action
                    && table.contains_key(name_of(other))
                {
                    return Err(format!(
                        "`{k}` is bound to both `{}` and `{name}`",
                        name_of(other)
                    ));
                }
            }
        }
        Ok(out)
    }
}

/// The action's name in `keys.toml`.
pub fn name_of(a: Action) -> &'static str {
    NAMES.iter().find(|(_, x)| *x == a).map_or("?", |(n, _)| n)
}

/// Where the player's bindings live (`None`: nowhere, as in the browser).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct KeysPath(pub Option<PathBuf>);

impl Default for KeysPath {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            return Self(None);
        }
        Self(Some(
            crate::places::Places::here().file("DELVE_KEYS", "keys.toml"),
        ))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Bindings>().init_resource::<KeysPath>();
    app.add_systems(Startup, load);
}

fn load(
    path: Res<KeysPath>,
    mut bindings: ResMut<Bindings>,
    mut notice: ResMut<crate::app::save::SaveNotice>,
) {
    let Some(path) = path.0.as_ref().filter(|p| p.exists()) else {
        return;
    };
    match std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|t| Bindings::parse(&t))
    {
        Ok(b) => *bindings = b,
        Err(e) => {
            let msg = format!("{}: {e}; the default keys are in use", path.display());
            warn!("{msg}");
            notice.0 = Some(msg);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_rebinds_only_what_it_names_and_errors_name_the_key() {
        let b = Bindings::parse("up = [\"KeyI\"]\nexplore = [\"KeyZ\"]\n").unwrap();
        assert_eq!(b.action(KeyCode::KeyI), Some(Action::Move(Dir::Up)));
        assert_eq!(
            b.action(KeyCode::KeyW),
            None,
            "up has exactly the file's keys"
        );
        assert_eq!(b.action(KeyCode::KeyZ), Some(Action::Explore));
        assert_eq!(b.action(KeyCode::KeyX), None);
        assert_eq!(b.action(KeyCode::KeyS), Some(Action::Move(Dir::Down)));
        let e = Bindings::parse("up = [\"KeyWW\"]").unwrap_err();
        assert!(
            e.contains("unknown key `KeyWW`") && e.contains("did you mean `KeyW`"),
            "{e}"
        );
        assert!(
            Bindings::parse("jump = [\"Space\"]")
                .unwrap_err()
                .contains("unknown action `jump`")
        );
        assert!(
            Bindings::parse("up = [\"KeyQ\"]\ndown = [\"KeyQ\"]")
                .unwrap_err()
                .contains("bound to both")
        );
        assert!(Bindings::parse("up = 3").is_err());
    }
}
