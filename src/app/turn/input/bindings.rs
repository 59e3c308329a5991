//! Key bindings: defaults in code, and the player's own in a TOML file (`keys.toml` beside the
//! save, or `$DELVE_KEYS`). A binding is a key with the modifiers held (`Ctrl+KeyF`,
//! `Shift+KeyZ`). A file that does not parse is reported on the main menu with its line, and
//! the defaults stay in use; nothing is guessed.
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
    /// Climb the up stairs the hero stands on (`<`).
    Ascend,
    Explore,
    TravelStairs,
    Flee,
    PickUp,
    Inventory,
    /// The message history overlay.
    History,
    /// The Discoveries list: the items learned this run.
    Discoveries,
    /// Read the surroundings aloud (and the fight, in one).
    Describe,
    /// Read the fight aloud: enemies, hit chances, abilities and their locks.
    ReadFight,
    /// Read the log's last lines aloud.
    ReadLog,
    /// Say the last announcement again.
    SayAgain,
    /// Close the open door beside the hero.
    CloseDoor,
    /// Search for hidden doors: five turns, stopping when a monster comes into view.
    Search,
    /// Wait until rested: health and stamina full, something comes into view or notices the
    /// hero, or 100 turns.
    Rest,
    /// Show or hide the stealth range on the map.
    ToggleStealthRange,
    /// Shout: a loud noise that wakes sleepers and brings the unaware to look.
    Shout,
    /// The look cursor: point at any tile with the keys, and read what is there.
    Look,
    /// Aim a throw with the cursor (the pack's first thrown item).
    Throw,
    /// Throw again at the last target, if it is still in sight.
    FireAgain,
    /// Fight for me: step towards the nearest hostile in view, or strike as the bot would.
    Autofight,
    /// The find list: what this floor holds, by name, to travel to.
    Find,
    /// Leave the pile here to lie (auto-explore passes it by), or take that back.
    LeavePile,
}

/// The action names the file uses.
const NAMES: [(&str, Action); 29] = [
    ("up", Action::Move(Dir::Up)),
    ("down", Action::Move(Dir::Down)),
    ("left", Action::Move(Dir::Left)),
    ("right", Action::Move(Dir::Right)),
    ("wait", Action::Wait),
    ("descend", Action::Descend),
    ("ascend", Action::Ascend),
    ("explore", Action::Explore),
    ("travel_stairs", Action::TravelStairs),
    ("flee", Action::Flee),
    ("pick_up", Action::PickUp),
    ("inventory", Action::Inventory),
    ("history", Action::History),
    ("discoveries", Action::Discoveries),
    ("describe", Action::Describe),
    ("read_fight", Action::ReadFight),
    ("read_log", Action::ReadLog),
    ("say_again", Action::SayAgain),
    ("close_door", Action::CloseDoor),
    ("search", Action::Search),
    ("rest", Action::Rest),
    ("toggle_stealth_range", Action::ToggleStealthRange),
    ("shout", Action::Shout),
    ("look", Action::Look),
    ("throw", Action::Throw),
    ("fire_again", Action::FireAgain),
    ("autofight", Action::Autofight),
    ("find", Action::Find),
    ("leave_pile", Action::LeavePile),
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
const OTHER_KEYS: [KeyCode; 34] = [
    KeyCode::Tab,
    KeyCode::Backslash,
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

/// The modifier keys held with a key. A binding names the ones it needs; a key pressed with
/// Ctrl or Alt held never triggers a binding without them (Ctrl+F is not F's flee), while Shift
/// alone falls back to the plain binding (a capital letter moves as the small one does).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Mods {
    pub ctrl: bool,
    pub alt: bool,
    pub shift: bool,
}

impl Mods {
    pub const NONE: Mods = Mods {
        ctrl: false,
        alt: false,
        shift: false,
    };

    /// The modifiers held now, either side, or let go this frame: a quick Ctrl+F can press
    /// and release both keys between two frames (a slow page's frames are long), and the F
    /// was pressed with the Ctrl all the same.
    pub fn held(keys: &ButtonInput<KeyCode>) -> Mods {
        let down = |pair: [KeyCode; 2]| {
            keys.any_pressed(pair) || pair.iter().any(|k| keys.just_released(*k))
        };
        Mods {
            ctrl: down([KeyCode::ControlLeft, KeyCode::ControlRight]),
            alt: down([KeyCode::AltLeft, KeyCode::AltRight]),
            shift: down([KeyCode::ShiftLeft, KeyCode::ShiftRight]),
        }
    }
}

/// A key with the modifiers that must be held with it: what a binding names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Chord {
    pub key: KeyCode,
    pub mods: Mods,
}

impl Chord {
    pub const fn plain(key: KeyCode) -> Chord {
        Chord {
            key,
            mods: Mods::NONE,
        }
    }

    /// As a file writes it: `Ctrl+Alt+Shift+KeyF`, modifiers in that order.
    pub fn name(self) -> String {
        let mut s = String::new();
        for (held, word) in [
            (self.mods.ctrl, "Ctrl+"),
            (self.mods.alt, "Alt+"),
            (self.mods.shift, "Shift+"),
        ] {
            if held {
                s += word;
            }
        }
        s + &format!("{:?}", self.key)
    }

    /// A file's spelling of a chord: modifiers (`Ctrl`, `Alt`, `Shift`, any case) joined to
    /// the key with `+`; the key by Bevy's name (`KeyF`), or a bare letter (`F`).
    fn parse(text: &str, nameable: &[KeyCode], names: &[String]) -> Result<Chord, String> {
        let mut parts: Vec<&str> = text.split('+').map(str::trim).collect();
        let key = parts.pop().unwrap_or_default();
        let mut mods = Mods::NONE;
        for m in parts {
            let flag = match m.to_ascii_lowercase().as_str() {
                "ctrl" | "control" => &mut mods.ctrl,
                "alt" => &mut mods.alt,
                "shift" => &mut mods.shift,
                _ => {
                    return Err(format!(
                        "unknown modifier `{m}` in `{text}` (known: Ctrl, Alt, Shift)"
                    ));
                }
            };
            if std::mem::replace(flag, true) {
                return Err(format!("`{m}` is named twice in `{text}`"));
            }
        }
        let spelled = match key.as_bytes() {
            [c] if c.is_ascii_alphabetic() => format!("Key{}", key.to_ascii_uppercase()),
            _ => key.to_string(),
        };
        let Some(i) = names.iter().position(|n| *n == spelled) else {
            let hint = nearest(key, names.iter().map(String::as_str))
                .map_or(String::new(), |n| format!(", did you mean `{n}`?"));
            return Err(format!("unknown key `{key}`{hint}"));
        };
        Ok(Chord {
            key: nameable[i],
            mods,
        })
    }
}

/// Which chords do what (exploring; in a fight Wait and Flee apply, digits pick abilities).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct Bindings(pub BTreeMap<Chord, Action>);

impl Default for Bindings {
    fn default() -> Self {
        use Action::*;
        let mut map = BTreeMap::new();
        let mut bind = |keys: &[KeyCode], a: Action| {
            for &k in keys {
                map.insert(Chord::plain(k), a);
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
        bind(&[KeyCode::Backslash], Discoveries);
        bind(&[KeyCode::KeyV], Describe);
        bind(&[KeyCode::KeyC], ReadFight);
        bind(&[KeyCode::KeyN], ReadLog);
        bind(&[KeyCode::KeyR], SayAgain);
        bind(&[KeyCode::KeyZ], Rest);
        bind(&[KeyCode::KeyU], ToggleStealthRange);
        bind(&[KeyCode::KeyY], Shout);
        bind(&[KeyCode::Semicolon], Look);
        bind(&[KeyCode::KeyT], Throw);
        bind(&[KeyCode::KeyQ], FireAgain);
        let shift = Mods {
            shift: true,
            ..Mods::NONE
        };
        map.insert(
            Chord {
                key: KeyCode::KeyC,
                mods: shift,
            },
            CloseDoor,
        );
        map.insert(
            Chord {
                key: KeyCode::KeyS,
                mods: shift,
            },
            Search,
        );
        map.insert(
            Chord {
                key: KeyCode::KeyF,
                mods: shift,
            },
            Autofight,
        );
        map.insert(
            Chord {
                key: KeyCode::KeyP,
                mods: shift,
            },
            LeavePile,
        );
        // `<`: Shift+`,` on most layouts.
        map.insert(
            Chord {
                key: KeyCode::Comma,
                mods: shift,
            },
            Ascend,
        );
        map.insert(
            Chord {
                key: KeyCode::KeyF,
                mods: Mods {
                    ctrl: true,
                    ..Mods::NONE
                },
            },
            Find,
        );
        Self(map)
    }
}

impl Bindings {
    /// The action a key pressed with no modifier asks for.
    pub fn action(&self, key: KeyCode) -> Option<Action> {
        self.pressed(key, Mods::NONE)
    }

    /// The action a key pressed with these modifiers asks for: the binding that names exactly
    /// them, else (Shift alone, or none) the key's plain binding.
    pub fn pressed(&self, key: KeyCode, mods: Mods) -> Option<Action> {
        let exact = self.0.get(&Chord { key, mods }).copied();
        exact.or_else(|| {
            (!mods.ctrl && !mods.alt)
                .then(|| self.0.get(&Chord::plain(key)).copied())
                .flatten()
        })
    }

    /// Whether a key pressed this frame, with the modifiers held, asks for `action`.
    pub fn just_pressed(&self, keys: &ButtonInput<KeyCode>, action: Action) -> bool {
        let mods = Mods::held(keys);
        (keys.get_just_pressed()).any(|&k| self.pressed(k, mods) == Some(action))
    }

    /// The first key (in key order) bound to `action` without modifiers, if the player left
    /// it one (the touch bar presses it).
    pub fn key_for(&self, action: Action) -> Option<Chord> {
        let all: Vec<Chord> = (self.0.iter())
            .filter(|(_, a)| **a == action)
            .map(|(c, _)| *c)
            .collect();
        (all.iter().find(|c| c.mods == Mods::NONE))
            .or(all.first())
            .copied()
    }

    /// The defaults with the file's actions replaced: each listed action gets exactly the
    /// chords the file gives it. Unknown actions, keys or modifiers, and a chord bound to two
    /// actions, are errors that name them and the file's line.
    pub fn parse(text: &str) -> Result<Bindings, String> {
        let table: BTreeMap<String, Vec<String>> =
            toml::from_str(text).map_err(|e| e.to_string().trim().to_string())?;
        let nameable = nameable_keys();
        let key_names: Vec<String> = nameable.iter().map(|k| format!("{k:?}")).collect();
        let mut out = Bindings::default();
        for (name, keys) in &table {
            let at = line_of(text, name);
            let Some(&(_, action)) = NAMES.iter().find(|(n, _)| n == name) else {
                let known: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
                return Err(format!(
                    "{at}unknown action `{name}` (known: {})",
                    known.join(", ")
                ));
            };
            out.0.retain(|_, a| *a != action);
            for k in keys {
                let chord = Chord::parse(k, &nameable, &key_names)
                    .map_err(|e| format!("{at}`{name}`: {e}"))?;
                if let Some(other) = out.0.insert(chord, action)
                    && other != action
                    && table.contains_key(name_of(other))
                {
                    // Named in the file's order, at the later of the two lines.
                    let (first, second) = {
                        let mut two = [name_of(other), name.as_str()];
                        two.sort_by_key(|n| line_number(text, n));
                        (two[0], two[1])
                    };
                    return Err(format!(
                        "{}`{k}` is bound to both `{first}` and `{second}`",
                        line_of(text, second)
                    ));
                }
            }
        }
        Ok(out)
    }
}

impl Bindings {
    /// Every action with its chords, as `keys.toml` writes it: what `parse` reads back.
    pub fn to_file(&self) -> String {
        let mut out = String::from(
            "# Delve's key bindings: each action and the keys that do it (Ctrl+, Alt+ and Shift+ \
             may lead a key). Written by the Settings screen; edit freely.\n",
        );
        for (name, action) in NAMES {
            let chords: Vec<String> = self
                .0
                .iter()
                .filter(|(_, a)| **a == action)
                .map(|(c, _)| format!("\"{}\"", c.name()))
                .collect();
            out += &format!("{name} = [{}]\n", chords.join(", "));
        }
        out
    }

    /// Binds `chord` to `action`, taking it from the action that had it (returned).
    pub fn rebind(&mut self, action: Action, chord: Chord) -> Option<Action> {
        self.0.insert(chord, action).filter(|a| *a != action)
    }

    /// The chords bound to `action`, in key order, as the Settings screen names them.
    pub fn chords_of(&self, action: Action) -> Vec<Chord> {
        self.0
            .iter()
            .filter(|(_, a)| **a == action)
            .map(|(c, _)| *c)
            .collect()
    }

    /// Every action `keys.toml` can bind, in the file's order.
    pub fn actions() -> impl Iterator<Item = Action> {
        NAMES.iter().map(|(_, a)| *a)
    }
}

/// A modifier key: held with a key, never bound alone.
pub fn is_modifier(key: KeyCode) -> bool {
    use KeyCode::*;
    matches!(
        key,
        ShiftLeft
            | ShiftRight
            | ControlLeft
            | ControlRight
            | AltLeft
            | AltRight
            | SuperLeft
            | SuperRight
    )
}

/// The line (from 1) where `name` is given a value.
fn line_number(text: &str, name: &str) -> Option<usize> {
    text.lines()
        .position(|l| {
            l.trim_start()
                .strip_prefix(name)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map(|i| i + 1)
}

/// "line N: " for the line where `name` is given a value, to lead an error with.
fn line_of(text: &str, name: &str) -> String {
    line_number(text, name).map_or(String::new(), |n| format!("line {n}: "))
}

/// The action's name in `keys.toml`.
pub fn name_of(a: Action) -> &'static str {
    NAMES.iter().find(|(_, x)| *x == a).map_or("?", |(n, _)| n)
}

/// Where the player's bindings live (`None`: nowhere, as in the browser).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct KeysPath(pub Option<PathBuf>);

impl KeysPath {
    /// Where the bindings are kept: the file, the browser's local storage, or (no file
    /// given natively, as in the tests) nowhere.
    pub fn store(&self) -> crate::app::save::SaveStore {
        use crate::app::save::SaveStore;
        match &self.0 {
            Some(path) => SaveStore::File(path.clone()),
            None if cfg!(target_arch = "wasm32") => SaveStore::Browser("delve.keys".into()),
            None => SaveStore::Off,
        }
    }
}

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
    let store = path.store();
    let read = match store.read() {
        Ok(None) => return,
        Ok(Some(bytes)) => String::from_utf8(bytes)
            .map_err(|e| e.to_string())
            .and_then(|t| Bindings::parse(&t)),
        Err(e) => Err(e),
    };
    match read {
        Ok(b) => *bindings = b,
        Err(e) => {
            let msg = format!("{}: {e}; the default keys are in use", store.describe());
            warn!("{msg}");
            notice.0 = Some(msg);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rebinding_takes_the_chord_from_its_old_action_and_the_file_reads_back() {
        let mut b = Bindings::default();
        let ctrl_x = Chord {
            key: KeyCode::KeyX,
            mods: Mods {
                ctrl: true,
                ..Mods::NONE
            },
        };
        assert_eq!(
            b.rebind(Action::Wait, Chord::plain(KeyCode::KeyG)),
            Some(Action::TravelStairs)
        );
        assert_eq!(b.rebind(Action::Flee, ctrl_x), None);
        assert_eq!(b.action(KeyCode::KeyG), Some(Action::Wait));
        assert!(b.chords_of(Action::TravelStairs).is_empty());
        let file = b.to_file();
        assert!(file.contains("flee = [\"KeyF\", \"Ctrl+KeyX\"]"), "{file}");
        assert!(file.contains("travel_stairs = []"), "{file}");
        assert_eq!(Bindings::parse(&file).unwrap(), b);
    }

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
        let twice = Bindings::parse("up = [\"KeyQ\"]\ndown = [\"KeyQ\"]").unwrap_err();
        assert!(
            twice.contains("bound to both") && twice.starts_with("line 2: "),
            "{twice}"
        );
        assert!(Bindings::parse("up = 3").is_err());
    }

    #[test]
    fn chords_name_their_modifiers_and_ctrl_never_falls_back_to_the_plain_key() {
        let b = Bindings::parse("explore = [\"Ctrl+F\", \"shift+KeyZ\"]").unwrap();
        let ctrl = Mods {
            ctrl: true,
            ..Mods::NONE
        };
        let shift = Mods {
            shift: true,
            ..Mods::NONE
        };
        assert_eq!(b.pressed(KeyCode::KeyF, ctrl), Some(Action::Explore));
        assert_eq!(b.pressed(KeyCode::KeyF, Mods::NONE), Some(Action::Flee));
        assert_eq!(b.pressed(KeyCode::KeyZ, shift), Some(Action::Explore));
        assert_eq!(
            b.pressed(KeyCode::KeyZ, Mods::NONE),
            Some(Action::Rest),
            "Z alone still rests"
        );
        // Shift alone falls back to the plain binding; Ctrl does not.
        assert_eq!(b.pressed(KeyCode::KeyG, shift), Some(Action::TravelStairs));
        assert_eq!(b.pressed(KeyCode::KeyG, ctrl), None);
        let names: Vec<String> =
            b.0.iter()
                .filter(|(_, a)| **a == Action::Explore)
                .map(|(c, _)| c.name())
                .collect();
        assert_eq!(names, ["Ctrl+KeyF", "Shift+KeyZ"]);
        let e = Bindings::parse("# keys\nexplore = [\"Hyper+KeyF\"]").unwrap_err();
        assert!(
            e.starts_with("line 2: ") && e.contains("unknown modifier `Hyper`"),
            "{e}"
        );
        let e = Bindings::parse("flee = [\"Ctrl+KeyF\"]\nexplore = [\"ctrl+f\"]").unwrap_err();
        assert!(e.contains("bound to both `flee` and `explore`"), "{e}");
    }

    /// A chord pressed and let go between two frames still counts its modifier.
    #[test]
    fn a_modifier_let_go_in_the_same_frame_still_counts() {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::KeyF);
        keys.release(KeyCode::KeyF);
        keys.release(KeyCode::ControlLeft);
        let mods = Mods::held(&keys);
        assert!(mods.ctrl && !mods.shift && !mods.alt);
        assert_eq!(
            Bindings::default().pressed(KeyCode::KeyF, mods),
            Some(Action::Find)
        );
        keys.clear();
        assert_eq!(
            Mods::held(&keys),
            Mods::NONE,
            "the next frame: nothing held"
        );
    }

    /// Autofight and find have the key plan's chords, beside the plain keys they share a
    /// letter with (F flees).
    #[test]
    fn autofight_and_find_have_their_planned_chords() {
        let b = Bindings::default();
        let with = |shift, ctrl| Mods {
            shift,
            ctrl,
            ..Mods::NONE
        };
        assert_eq!(
            b.pressed(KeyCode::KeyF, with(true, false)),
            Some(Action::Autofight)
        );
        assert_eq!(
            b.pressed(KeyCode::KeyF, with(false, true)),
            Some(Action::Find)
        );
        assert_eq!(b.pressed(KeyCode::KeyF, Mods::NONE), Some(Action::Flee));
        let moved = Bindings::parse("autofight = [\"Tab\"]").unwrap();
        assert_eq!(
            moved.pressed(KeyCode::Tab, Mods::NONE),
            Some(Action::Autofight)
        );
        assert_eq!(
            moved.pressed(KeyCode::KeyF, with(true, false)),
            Some(Action::Flee)
        );
    }
}
