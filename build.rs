//! Lists the core pack's files with their FNV-1a hashes (`core_files.rs`: the browser checks
//! the files its page fetches against them) and embeds them for the builds that carry them
//! (`core_embedded.rs`); embeds the example mods (`assets/examples/<folder>/**/*.toml` and their `*.png` sprites) so
//! the browser build, which has no file system, carries them and loads them through the same
//! loader as the desktop (off until the player turns one on); and names the commit the game is built from (`DELVE_COMMIT`).
use std::fmt::Write;
use std::path::{Path, PathBuf};

#[allow(dead_code)]
#[path = "src/hash/fnv.rs"]
mod fnv;

fn mod_files(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            mod_files(root, &p, out);
        } else if p
            .extension()
            .is_some_and(|x| x == "toml" || x.eq_ignore_ascii_case("png"))
        {
            let rel = p.strip_prefix(root).expect("under root");
            out.push((rel.to_string_lossy().replace('\\', "/"), p.clone()));
        }
    }
}

/// The commit shown beside the version (`delve --version`, the main menu, the morgue):
/// `DELVE_COMMIT` when set (a build from a copy without git: the browser's, a release
/// package's), else git's short hash of HEAD, else "unknown". Reruns when HEAD moves.
fn commit(manifest: &Path) -> String {
    println!("cargo:rerun-if-env-changed=DELVE_COMMIT");
    if let Some(c) = std::env::var_os("DELVE_COMMIT") {
        return c.to_string_lossy().into_owned();
    }
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .current_dir(manifest)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let Some(hash) = git(&["rev-parse", "--short=9", "HEAD"]) else {
        return "unknown".into();
    };
    // HEAD itself, and the branch file it points at (a commit moves that one).
    let mut watched = vec!["HEAD".to_string()];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watched.push(branch);
    }
    for path in watched {
        if let Some(file) = git(&["rev-parse", "--git-path", &path]) {
            println!("cargo:rerun-if-changed={}", manifest.join(file).display());
        }
    }
    hash
}

/// `(name, bytes)` of a file embedded by its path from the manifest: relative at compile time,
/// not this run's absolute path, so a target folder shared by two checkouts (CI's and a
/// working copy) keeps the generated code.
fn embed(name: &str, path: &str) -> String {
    format!(
        "({name:?}, include_bytes!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/{path}\")) as &[u8])"
    )
}

/// The core pack (`assets/core/*.toml`, by name): its list with each file's hash, and the
/// same list with the bytes embedded.
fn core_files(manifest: &Path, out: &Path) {
    println!("cargo:rerun-if-changed=assets/core");
    let mut names: Vec<String> = std::fs::read_dir(manifest.join("assets/core"))
        .expect("assets/core is the core pack")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    let (mut hashes, mut embedded) = (String::from("&[\n"), String::from("&[\n"));
    for name in names {
        let path = manifest.join("assets/core").join(&name);
        println!("cargo:rerun-if-changed={}", path.display());
        let bytes = std::fs::read(&path).expect("a core file reads");
        let _ = writeln!(hashes, "    ({name:?}, {:#018x}),", fnv::fnv1a(&bytes));
        let _ = writeln!(
            embedded,
            "    {},",
            embed(&name, &format!("assets/core/{name}"))
        );
    }
    hashes += "]\n";
    embedded += "]\n";
    std::fs::write(out.join("core_files.rs"), hashes).expect("OUT_DIR is writable");
    std::fs::write(out.join("core_embedded.rs"), embedded).expect("OUT_DIR is writable");
}

fn main() {
    println!("cargo:rerun-if-changed=assets/examples");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    println!("cargo:rustc-env=DELVE_COMMIT={}", commit(&manifest));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    core_files(&manifest, &out);
    // `core_embedded`: the build carries the core pack's bytes. All do but the browser's game,
    // whose page fetches them (src/content/load/pack.rs).
    println!("cargo::rustc-check-cfg=cfg(core_embedded)");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if !(wasm && std::env::var_os("CARGO_FEATURE_APP").is_some()) {
        println!("cargo::rustc-cfg=core_embedded");
    }
    let mods = manifest.join("assets/examples");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&mods)
        .map(|it| {
            it.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    folders.sort();
    let mut code = String::from("&[\n");
    for folder in folders {
        let mut files = Vec::new();
        mod_files(&folder, &folder, &mut files);
        files.sort();
        let name = folder.file_name().expect("a folder").to_string_lossy();
        // A file added inside a mod folder changes the folder, not `assets/examples/`.
        println!("cargo:rerun-if-changed={}", folder.display());
        let _ = writeln!(code, "    ({name:?}, &[");
        for (rel, _) in files {
            let path = format!("assets/examples/{name}/{rel}");
            let _ = writeln!(code, "        {},", embed(&rel, &path));
        }
        code += "    ] as &[(&str, &[u8])]),\n";
    }
    code += "] as &[(&str, &[(&str, &[u8])])]\n";
    std::fs::write(out.join("bundled_mods.rs"), code).expect("OUT_DIR is writable");
}
