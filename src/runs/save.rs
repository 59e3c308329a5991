//! Saves: the whole `Game` with its RNG, a format version, a checksum and the content
//! fingerprint; written atomically so a crash mid-write leaves the previous save loadable.
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::content::Content;
use crate::game::{Game, RULES_VERSION};
use crate::hash::fnv1a;

/// 2: the game carries its command record (the run's replay) and its encounter rooms.
pub const FORMAT_VERSION: u32 = 3;
const MAGIC: &str = "DELVE-SAVE";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    Io(String),
    NotASave,
    Version {
        found: String,
    },
    Damaged(String),
    MissingContent(Vec<String>),
    /// Made by a newer game, whose rules this one does not know.
    NewerRules(u32),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Io(e) => write!(f, "cannot read or write the save: {e}"),
            SaveError::NotASave => write!(f, "this is not a Delve save file"),
            SaveError::Version { found } => write!(
                f,
                "the save has format version {found}; this game reads version {FORMAT_VERSION}"
            ),
            SaveError::Damaged(why) => write!(f, "the save is damaged ({why})"),
            SaveError::MissingContent(ids) => write!(
                f,
                "the save uses content that is no longer loaded: {}",
                ids.join(", ")
            ),
            SaveError::NewerRules(v) => write!(
                f,
                "the save's run plays rules version {v}, newer than this game's {RULES_VERSION}: \
                 continue it with a newer Delve"
            ),
        }
    }
}

impl std::error::Error for SaveError {}

/// A save that loaded, with a warning when it was made with other (compatible) content.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub game: Game,
    pub warning: Option<String>,
}

/// The save file's bytes: a header (magic, version, fingerprint, checksum) and the JSON body.
pub fn encode(game: &Game, content: &Content) -> Result<Vec<u8>, SaveError> {
    encode_with(game, content.fingerprint())
}

/// `encode` with the content's fingerprint already computed.
pub fn encode_with(game: &Game, fingerprint: u64) -> Result<Vec<u8>, SaveError> {
    let body = serde_json::to_vec(game)
        .map_err(|e| SaveError::Io(format!("cannot encode the game: {e}")))?;
    Ok(frame(MAGIC, FORMAT_VERSION, fingerprint, &body))
}

pub fn decode(bytes: &[u8], content: &Content) -> Result<Loaded, SaveError> {
    let (fingerprint, body) = unframe(bytes, MAGIC, FORMAT_VERSION).map_err(|e| match e {
        FrameError::Foreign => SaveError::NotASave,
        FrameError::Version(found) => SaveError::Version { found },
        FrameError::Damaged(why) => SaveError::Damaged(why),
    })?;
    let mut game: Game = serde_json::from_slice(body)
        .map_err(|e| SaveError::Damaged(format!("unreadable game state: {e}")))?;
    check_game(&game)?;
    if game.origin.rules > RULES_VERSION {
        return Err(SaveError::NewerRules(game.origin.rules));
    }
    let missing = game.missing_content(content);
    if !missing.is_empty() {
        return Err(SaveError::MissingContent(missing));
    }
    game.bind_terrain(content)
        .map_err(SaveError::MissingContent)?;
    let mut warnings = Vec::new();
    if fingerprint != content.fingerprint() {
        warnings.push(
            "this save was made with other content; every id it uses still exists".to_string(),
        );
    }
    if game.origin.rules < RULES_VERSION {
        warnings.push(format!(
            "the run began under rules version {}; it goes on under version {RULES_VERSION} \
             (its replay cannot be checked)",
            game.origin.rules
        ));
    }
    let warning = (!warnings.is_empty()).then(|| warnings.join("; "));
    Ok(Loaded { game, warning })
}

/// Why framed bytes (a save or a replay) could not be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum FrameError {
    /// Not our kind of file at all.
    Foreign,
    Version(String),
    Damaged(String),
}

/// `MAGIC VERSION`, the content fingerprint and the body's checksum, a blank line, the body.
pub(crate) fn frame(magic: &str, version: u32, fingerprint: u64, body: &[u8]) -> Vec<u8> {
    let mut out = format!(
        "{magic} {version}\nfingerprint {fingerprint:016x}\nchecksum {:016x}\n\n",
        fnv1a(body)
    )
    .into_bytes();
    out.extend_from_slice(body);
    out
}

/// The fingerprint and the checksummed body of framed bytes.
pub(crate) fn unframe<'a>(
    bytes: &'a [u8],
    magic: &str,
    version: u32,
) -> Result<(u64, &'a [u8]), FrameError> {
    let split = bytes
        .windows(2)
        .position(|w| w == b"\n\n")
        .ok_or(FrameError::Foreign)?;
    let header = std::str::from_utf8(&bytes[..split]).map_err(|_| FrameError::Foreign)?;
    let body = &bytes[split + 2..];
    let mut lines = header.lines();
    let first = lines.next().unwrap_or_default();
    let found = first.strip_prefix(magic).ok_or(FrameError::Foreign)?.trim();
    if found != version.to_string() {
        return Err(FrameError::Version(found.to_string()));
    }
    let field = |line: Option<&str>, name: &str| -> Result<u64, FrameError> {
        line.and_then(|l| l.strip_prefix(name))
            .and_then(|v| u64::from_str_radix(v.trim(), 16).ok())
            .ok_or_else(|| FrameError::Damaged(format!("bad `{}` line", name.trim())))
    };
    let fingerprint = field(lines.next(), "fingerprint ")?;
    let checksum = field(lines.next(), "checksum ")?;
    if fnv1a(body) != checksum {
        return Err(FrameError::Damaged("checksum mismatch".into()));
    }
    Ok((fingerprint, body))
}

/// Structural checks a checksum cannot give (a hand-edited save with a fixed-up checksum).
fn check_game(game: &Game) -> Result<(), SaveError> {
    let n = game.floor.map.len();
    let bad = |why: &str| Err(SaveError::Damaged(why.to_string()));
    if n != game.floor.map.width() as usize * game.floor.map.height() as usize {
        return bad("map size does not match its tiles");
    }
    if game.floor.explored.len() != n || game.floor.visible.len() != n {
        return bad("sight memory does not match the map");
    }
    if !game.floor.creatures.contains_key(&game.party.hero) {
        return bad("the hero is missing");
    }
    if game
        .fight
        .enemies
        .iter()
        .any(|e| !game.floor.creatures.contains_key(e))
    {
        return bad("the fight names a creature that does not exist");
    }
    if game
        .floor
        .creatures
        .values()
        .any(|c| !game.floor.map.in_bounds(c.pos))
    {
        return bad("a creature stands outside the map");
    }
    Ok(())
}

/// Writes atomically: a temp file beside the target, flushed and synced, then renamed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    // Callers name the file; the error says what went wrong with it.
    let io = |e: std::io::Error| SaveError::Io(e.to_string());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let tmp = tmp_path(path);
    let mut f = std::fs::File::create(&tmp).map_err(io)?;
    f.write_all(bytes).map_err(io)?;
    f.sync_all().map_err(io)?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(io)
}

fn tmp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

pub fn save(path: &Path, game: &Game, content: &Content) -> Result<(), SaveError> {
    write_atomic(path, &encode(game, content)?)
}

pub fn load(path: &Path, content: &Content) -> Result<Loaded, SaveError> {
    let bytes = std::fs::read(path).map_err(|e| SaveError::Io(e.to_string()))?;
    decode(&bytes, content)
}

/// Moves a save that cannot be loaded aside (never deletes it); returns where it went.
pub fn quarantine(path: &Path) -> Result<PathBuf, SaveError> {
    for i in 0..1000 {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(format!(
            ".bad{}",
            if i == 0 {
                String::new()
            } else {
                format!(".{i}")
            }
        ));
        let to = path.with_file_name(name);
        if !to.exists() {
            std::fs::rename(path, &to).map_err(|e| SaveError::Io(e.to_string()))?;
            return Ok(to);
        }
    }
    Err(SaveError::Io("too many quarantined saves".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Command;
    use crate::game::bot::{self, played};

    fn content() -> Content {
        Content::core().unwrap()
    }

    #[test]
    fn round_trip_keeps_hash_and_next_outcome() {
        let content = content();
        for (seed, turns) in [(1, 0), (2, 37), (3, 150), (4, 400)] {
            let g = played(seed, turns, &content);
            let loaded = decode(&encode(&g, &content).unwrap(), &content).unwrap();
            assert!(loaded.warning.is_none());
            let mut a = g.clone();
            let mut b = loaded.game;
            assert_eq!(a.state_hash(), b.state_hash());
            for _ in 0..30 {
                let cmd: Command = bot::explore(&a, &content);
                assert_eq!(a.execute(&cmd, &content), b.execute(&cmd, &content));
                assert_eq!(a.state_hash(), b.state_hash());
            }
        }
    }

    #[test]
    fn damage_is_reported_never_panics() {
        let content = content();
        let bytes = encode(&played(5, 60, &content), &content).unwrap();
        for cut in [0, 5, 20, bytes.len() / 2, bytes.len() - 1] {
            assert!(
                decode(&bytes[..cut], &content).is_err(),
                "truncated at {cut}"
            );
        }
        let mut flipped = bytes.clone();
        let last = flipped.len() - 10;
        flipped[last] ^= 0x04;
        assert!(matches!(
            decode(&flipped, &content),
            Err(SaveError::Damaged(_))
        ));
        let other = String::from_utf8(bytes.clone()).unwrap().replacen(
            &format!("{MAGIC} {FORMAT_VERSION}"),
            "DELVE-SAVE 9",
            1,
        );
        assert_eq!(
            decode(other.as_bytes(), &content).unwrap_err(),
            SaveError::Version { found: "9".into() }
        );
    }

    #[test]
    fn missing_content_ids_are_named() {
        let content = content();
        let g = played(6, 10, &content);
        let mut fewer = content.clone();
        let kind = g
            .floor
            .creatures
            .values()
            .find(|c| c.id != g.party.hero)
            .map(|c| c.kind.clone())
            .expect("a monster on floor 1");
        fewer.creatures.remove(&kind);
        match decode(&encode(&g, &content).unwrap(), &fewer) {
            Err(SaveError::MissingContent(ids)) => assert!(ids.contains(&kind)),
            other => panic!("expected missing content, got {other:?}"),
        }
    }

    #[test]
    fn atomic_write_replaces_and_quarantine_keeps() {
        let dir = std::env::temp_dir().join(format!("delve-save-test-{}", std::process::id()));
        let path = dir.join("run.save");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        assert!(!tmp_path(&path).exists());
        let moved = quarantine(&path).unwrap();
        assert!(!path.exists());
        assert_eq!(std::fs::read(&moved).unwrap(), b"two");
        let _ = std::fs::remove_dir_all(&dir);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(crate::test_tier::cases(300)))]

        /// Truncation at any length and a bit flip anywhere: an error with its message, or
        /// (a flip that changes nothing the loader reads, like hex case) the very same game.
        #[test]
        fn truncation_and_bit_flips_never_panic_or_change_the_game(
            cut in 0usize..100_000, at in 0usize..100_000, bit in 0u8..8
        ) {
            let content = content();
            let game = played(6, 40, &content);
            let bytes = encode(&game, &content).unwrap();
            let cut = cut % bytes.len();
            proptest::prop_assert!(decode(&bytes[..cut], &content).is_err());
            let mut flipped = bytes.clone();
            flipped[at % bytes.len()] ^= 1 << bit;
            match decode(&flipped, &content) {
                Err(e) => proptest::prop_assert!(!e.to_string().is_empty()),
                Ok(loaded) => proptest::prop_assert_eq!(loaded.game.state_hash(), game.state_hash()),
            }
        }
    }

    /// A save written before rules versions existed loads (the run goes on, with a warning);
    /// one from newer rules is refused with the reason.
    #[test]
    fn saves_of_other_rules_versions() {
        let content = content();
        let g = played(8, 120, &content);
        let body = serde_json::to_string(&g).unwrap();
        let old = body.replace(&format!(",\"rules\":{RULES_VERSION}"), "");
        assert_ne!(old, body, "the state names its rules version");
        let bytes = frame(MAGIC, FORMAT_VERSION, content.fingerprint(), old.as_bytes());
        let loaded = decode(&bytes, &content).expect("an old save loads");
        assert_eq!(loaded.game.origin.rules, 1);
        let warning = loaded.warning.expect("and says so");
        assert!(warning.contains("rules version 1"), "{warning}");
        assert!(
            warning.contains(&format!("version {RULES_VERSION}")),
            "{warning}"
        );
        let newer = body.replace(
            &format!("\"rules\":{RULES_VERSION}"),
            &format!("\"rules\":{}", RULES_VERSION + 1),
        );
        let bytes = frame(
            MAGIC,
            FORMAT_VERSION,
            content.fingerprint(),
            newer.as_bytes(),
        );
        let err = decode(&bytes, &content).unwrap_err();
        assert_eq!(err, SaveError::NewerRules(RULES_VERSION + 1));
        assert!(err.to_string().contains("newer"));
    }
}
