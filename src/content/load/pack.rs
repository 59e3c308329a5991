//! The loader's input: a pack of content files, the size limit per file, and the core pack:
//! embedded in the binary, or (in the browser) fetched by the page and checked file by file
//! against the hashes this build was made with.

/// Files larger than this are refused before parsing (a modder's accident, not content).
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// A pack of content files: the core pack or one mod.
#[derive(Clone, Debug)]
pub struct Pack {
    pub id: String,
    /// (path relative to the pack, raw bytes)
    pub files: Vec<(String, Vec<u8>)>,
}

/// The core pack's files (`assets/core/*.toml`, by name) with the FNV-1a hash of each as this
/// build was made (build.rs): what a fetched copy must match.
pub const CORE_FILES: &[(&str, u64)] = include!(concat!(env!("OUT_DIR"), "/core_files.rs"));

/// The core pack, embedded so that a moved binary and the replay checks carry it. The
/// browser's game leaves it out of its download: its page fetches the files (`core_checked`).
#[cfg(core_embedded)]
pub fn core_pack() -> Pack {
    let files: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/core_embedded.rs"));
    Pack {
        id: "core".into(),
        files: (files.iter())
            .map(|(name, bytes)| (name.to_string(), bytes.to_vec()))
            .collect(),
    }
}

/// The core pack from files fetched over the network (`folder` names where they were asked
/// for), each checked against `CORE_FILES`: a file that did not arrive (`failed`, with the
/// reason the fetch gave), is not this build's (its hash differs), is missing or is extra
/// stops the load with a sentence naming it.
pub fn core_checked(
    folder: &str,
    mut files: Vec<(String, Vec<u8>)>,
    failed: &[(String, String)],
) -> Result<Pack, String> {
    if let Some((name, why)) = failed.first() {
        return Err(format!("{folder}/{name} did not arrive ({why})"));
    }
    if let Some((name, _)) = (files.iter()).find(|(n, _)| !CORE_FILES.iter().any(|(c, _)| c == n)) {
        return Err(format!(
            "{folder}/{name} is not a file of this build's core pack"
        ));
    }
    for (name, hash) in CORE_FILES {
        let Some((_, bytes)) = files.iter().find(|(n, _)| n == name) else {
            return Err(format!("{folder}/{name} is missing"));
        };
        let got = crate::hash::fnv1a(bytes);
        if got != *hash {
            return Err(format!(
                "{folder}/{name} is not the file this build was made with (its hash is \
                 {got:016x}, this build's {hash:016x}): publish the build's own {folder}"
            ));
        }
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(Pack {
        id: "core".into(),
        files,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_lists_every_core_file_with_its_hash() {
        let mut on_disk: Vec<(String, u64)> = std::fs::read_dir("assets/core")
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, crate::hash::fnv1a(&std::fs::read(&p).unwrap()))
            })
            .collect();
        on_disk.sort();
        let built: Vec<(String, u64)> = (CORE_FILES.iter())
            .map(|(n, h)| (n.to_string(), *h))
            .collect();
        assert_eq!(built, on_disk);
        let embedded: Vec<String> = core_pack().files.into_iter().map(|(n, _)| n).collect();
        assert_eq!(
            embedded,
            on_disk.into_iter().map(|(n, _)| n).collect::<Vec<_>>()
        );
    }

    #[test]
    fn fetched_core_files_are_checked_one_by_one() {
        let fetched = || core_pack().files;
        let check = |files, failed: &[(String, String)]| {
            core_checked("assets/core", files, failed).map(|p| p.files.len())
        };
        // Whole, in any order: the same pack, the same content fingerprint.
        let mut shuffled = fetched();
        shuffled.reverse();
        let pack = core_checked("assets/core", shuffled, &[]).unwrap();
        let (content, report) = crate::content::load_packs(&[pack]);
        assert!(!report.has_errors());
        let core = crate::content::Content::core().unwrap();
        assert_eq!(content.fingerprint(), core.fingerprint());

        let mut missing = fetched();
        missing.retain(|(n, _)| n != "items.toml");
        assert_eq!(
            check(missing, &[]),
            Err("assets/core/items.toml is missing".into())
        );

        let mut altered = fetched();
        let traps = altered.iter_mut().find(|(n, _)| n == "traps.toml").unwrap();
        traps.1.extend_from_slice(b"\n# changed\n");
        let why = check(altered, &[]).unwrap_err();
        assert!(why.starts_with("assets/core/traps.toml is not the file this build was made with"));

        let mut extra = fetched();
        extra.push(("more.toml".into(), Vec::new()));
        let why = check(extra, &[]).unwrap_err();
        assert_eq!(
            why,
            "assets/core/more.toml is not a file of this build's core pack"
        );

        let failed = [("loot.toml".to_string(), "HTTP 404 Not Found".to_string())];
        let why = check(fetched(), &failed).unwrap_err();
        assert_eq!(
            why,
            "assets/core/loot.toml did not arrive (HTTP 404 Not Found)"
        );
    }
}
