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
