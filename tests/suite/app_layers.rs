//! The app's plugins import one way: each folder of `src/app` may use only the layers below
//! its own (and `shared`, which uses none of them), so no two plugins form an import circle.
use std::path::Path;

/// Bottom to top; a module may import only modules of a lower layer.
const LAYERS: &[&[&str]] = &[
    &["shared"],
    &["web"],
    &["save"],
    &["content"],
    &["turn"],
    &["dungeon", "ai", "combat"],
    &["render"],
    &["ui", "window", "idle", "settings", "audio"],
    &["screens"],
    &["a11y"],
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/app is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn app_modules_import_only_lower_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut wrong = Vec::new();
    let mut checked = 0;
    for file in files {
        let rel = file.strip_prefix(&root).expect("under src/app");
        let Some(first) = rel.iter().next().and_then(|c| c.to_str()) else {
            continue;
        };
        if first == "mod.rs" {
            continue; // the app itself aggregates every plugin
        }
        let module = first.trim_end_matches(".rs");
        let own = layer(module).unwrap_or_else(|| panic!("{module}: give it a layer"));
        let text = std::fs::read_to_string(&file).expect("readable");
        assert!(
            !text.contains("super::super"),
            "{}: name other modules by crate::app:: paths",
            rel.display()
        );
        for (at, _) in text.match_indices("crate::app::") {
            let rest = &text[at + "crate::app::".len()..];
            let target: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            checked += 1;
            if target == module {
                continue;
            }
            match layer(&target) {
                Some(t) if t < own => {}
                _ => wrong.push(format!("{} ({module}) uses {target}", rel.display())),
            }
        }
    }
    assert!(checked > 50, "only {checked} imports seen");
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

fn app_sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files
        .into_iter()
        .map(|f| {
            let rel = f.strip_prefix(&root).expect("under src/app");
            let text = std::fs::read_to_string(&f).expect("readable");
            (rel.display().to_string(), text)
        })
        .collect()
}

/// Only the turn steps (registered in `shared.rs`), the commands that cost no turn (done where
/// the turn plugin judges commands), the run's opening, content reload and the replay viewer
/// take the game's write access or make its resource; nothing takes the resource mutably but
/// `GameWriter` itself.
#[test]
fn only_the_owners_change_the_game() {
    let allowed = [
        "shared.rs",
        "turn/steps.rs",
        "dungeon/run.rs",
        "content/loading.rs",
        "screens/watch.rs",
    ];
    let mut wrong = Vec::new();
    for (file, text) in app_sources() {
        let writes = text.contains("GameWriter") || text.contains("GameRes::new(");
        // `mod.rs` re-exports it for the app's users (tests).
        if writes && !allowed.contains(&file.as_str()) && file != "mod.rs" {
            wrong.push(format!("{file} changes the game"));
        }
        if file != "shared.rs" && (text.contains("ResMut<GameRes>") || text.contains("GameRes(")) {
            wrong.push(format!("{file} reaches the game resource's inside"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Systems of the run take the game without an `Option`: at most five do (the smoke driver
/// and content reload span screens where no run is open), each saying why on the line before.
#[test]
fn few_systems_take_the_game_as_an_option() {
    let mut found = Vec::new();
    for (file, text) in app_sources() {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let optional = [
                "Option<Res<GameRes>>",
                "Option<ResMut<GameRes>>",
                "Option<GameWriter",
            ]
            .iter()
            .any(|p| line.contains(p));
            if optional {
                let why = i > 0 && lines[i - 1].trim_start().starts_with("//");
                found.push((format!("{file}:{}", i + 1), why));
            }
        }
    }
    assert!(found.len() <= 5, "{found:?}");
    assert!(found.iter().all(|(_, why)| *why), "say why: {found:?}");
}

/// DESIGN.md names every file that differs by `target_arch = "wasm32"`, and only those.
#[test]
fn the_design_names_the_browser_only_code() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(here.join("docs/DESIGN.md")).expect("DESIGN.md");
    let start = doc
        .find("**Browser-only code.**")
        .expect("the browser-only paragraph");
    let para = &doc[start..start + doc[start..].find("\n\n").expect("its end")];
    let (app, core) = para
        .split_once("in the app")
        .expect("app files, then core files");
    let named = |text: &str, prefix: &str| -> Vec<String> {
        text.split('`')
            .skip(1)
            .step_by(2)
            .filter(|s| s.ends_with(".rs") && !s.starts_with("tests/"))
            .map(|s| format!("{prefix}{s}"))
            .collect()
    };
    let mut listed: Vec<String> = named(app, "app/");
    listed.extend(named(core, ""));
    listed.sort();
    let mut files = Vec::new();
    rust_files(&here.join("src"), &mut files);
    let mut real: Vec<String> = files
        .iter()
        .filter(|f| std::fs::read_to_string(f).is_ok_and(|t| t.contains("wasm32")))
        .map(|f| {
            f.strip_prefix(here.join("src"))
                .expect("under src")
                .display()
                .to_string()
        })
        .collect();
    real.sort();
    assert_eq!(listed, real);
}
