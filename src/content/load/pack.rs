//! The loader's input: a pack of content files, the size limit per file, and the core pack
//! embedded in the binary.

/// Files larger than this are refused before parsing (a modder's accident, not content).
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// A pack of content files: the core pack or one mod.
#[derive(Clone, Debug)]
pub struct Pack {
    pub id: String,
    /// (path relative to the pack, raw bytes)
    pub files: Vec<(String, Vec<u8>)>,
}

/// The core pack, embedded so that the browser build and a moved binary carry it.
pub fn core_pack() -> Pack {
    macro_rules! embed {
        ($($name:literal),*) => {
            vec![$(($name.to_string(), include_bytes!(concat!("../../../assets/core/", $name)).to_vec())),*]
        };
    }
    Pack {
        id: "core".into(),
        files: embed!(
            "creatures.toml",
            "abilities.toml",
            "modifiers.toml",
            "appearances.toml",
            "items.toml",
            "loot.toml",
            "traps.toml",
            "types.toml",
            "prefabs.toml",
            "floors.toml",
            "classes.toml",
            "terrain.toml"
        ),
    }
}
