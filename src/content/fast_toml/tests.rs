//! Equivalence tests of the fast reader: on shipped, fixture, generated and mutated files it
//! answers nothing or exactly what `toml::from_str` (after the nesting check) answers.
use std::fmt::Debug;

use proptest::prelude::*;
use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
use serde_spanned::Spanned;

use super::from_str;
use crate::content::load::too_deep;
use crate::content::schema::ContentFile;
use crate::content::{MAX_NESTING, core_pack};

/// Any TOML document with every value's span and its keys in the order serde saw them:
/// what a reader must agree on.
#[derive(Debug)]
#[allow(
    dead_code,
    reason = "compared through Debug, which the lint does not count"
)]
enum Tree {
    Str(String),
    Int(i64),
    Float(f64),
    Bool(bool),
    Seq(Vec<Spanned<Tree>>),
    /// In the order the reader hands the keys over.
    Map(Vec<(String, Spanned<Tree>)>),
}

impl<'de> serde::Deserialize<'de> for Tree {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Tree;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("any TOML value")
            }
            fn visit_str<E>(self, v: &str) -> Result<Tree, E> {
                Ok(Tree::Str(v.into()))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Tree, E> {
                Ok(Tree::Int(v))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Tree, E> {
                Ok(Tree::Float(v))
            }
            fn visit_bool<E>(self, v: bool) -> Result<Tree, E> {
                Ok(Tree::Bool(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Tree, A::Error> {
                let mut items = Vec::new();
                while let Some(x) = a.next_element()? {
                    items.push(x);
                }
                Ok(Tree::Seq(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Tree, A::Error> {
                let mut map = Vec::new();
                while let Some(entry) = a.next_entry()? {
                    map.push(entry);
                }
                Ok(Tree::Map(map))
            }
        }
        d.deserialize_any(V)
    }
}

/// The promise: the fast path answers nothing, or exactly what the loader's slow path
/// (the nesting check, then `toml::from_str`) would have accepted. Returns whether the
/// fast path answered.
fn agrees<T: Debug + for<'de> serde::Deserialize<'de>>(text: &str) -> bool {
    let Some(fast) = from_str::<T>(text, MAX_NESTING) else {
        return false;
    };
    assert_eq!(
        too_deep(text, MAX_NESTING),
        None,
        "fast path took a too-deep file:\n{text}"
    );
    match toml::from_str::<T>(text) {
        Ok(slow) => assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "for:\n{text}"),
        Err(e) => panic!("fast path took a file toml refuses ({e}):\n{text}"),
    }
    true
}

fn toml_files(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            toml_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            let bytes = std::fs::read(&path).unwrap();
            if let Ok(text) = String::from_utf8(bytes) {
                out.push((path.display().to_string(), text));
            }
        }
    }
}

#[test]
fn every_shipped_and_fixture_file_reads_as_toml_reads_it() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    toml_files(&root.join("mods"), &mut files);
    toml_files(&root.join("tests/fixtures/mods"), &mut files);
    let mut fixtures = 0;
    for (name, text) in &files {
        agrees::<Tree>(text);
        if agrees::<ContentFile>(text) {
            fixtures += 1;
        } else if name.starts_with(&root.join("mods").display().to_string())
            && !name.ends_with("mod.toml")
        {
            panic!("{name} missed the fast path");
        }
    }
    assert!(fixtures > 20, "only {fixtures} files took the fast path");
    // The core pack must take the fast path, or loading is as slow as before.
    for (name, bytes) in core_pack().files {
        let text = String::from_utf8(bytes).unwrap();
        assert!(
            agrees::<ContentFile>(&text),
            "core {name} missed the fast path"
        );
        assert!(agrees::<Tree>(&text), "core {name} missed the fast path");
    }
}

#[test]
fn table_rules_are_toml_s() {
    let taken = [
        "a = 1\nb.c = 2\nb.d = 'x'\n[e]\nf = 1.5\n[e.g]\nh = [1, [2, 3], {i = true}]\n",
        "[[a]]\nx = 1\n[[a]]\nx = 2\n[a.b]\ny = 3\n[[a.c]]\nz = 4\n",
        "[a.b]\nx = 1\n[a]\ny = 2\n",
        "x = { a.b = 1, a.c = 2, d = { e = \"\\u00e9\\n\" } }\n",
        "s = \"\"\"\nline\"\"\"\"\nt = '''lit\\'''\nn = [0x1F, 0o17, 0b101, -3, +4, 1_000]\n",
        "f = [inf, -inf, 1e3, -2.5E-3, 6.0]\n\"quoted key\" = 1\n'lit.key' = 2\n",
        "a = [\n  1, # one\n  2,\n]\n",
        "1.5 = 'dotted number key'\n",
        // Keys reach serde sorted, as from toml's maps, however they were written.
        "b = 1\na = 2\nc = { z = 1, y.b = 2, y.a = 3 }\n",
        "[a.x]\n[b]\n[a]\nz = 1\n[[c]]\nb = 1\na = 2\n",
    ];
    for text in taken {
        assert!(agrees::<Tree>(text), "not taken:\n{text}");
    }
    // Each of these is an error for toml, or something left to it.
    let left = [
        "a = 1\na = 2\n",
        "[a]\n[a]\n",
        "a.b = 1\n[a]\n",
        "[a]\nb = 1\n[a.b]\n",
        "a = [1]\n[[a]]\n",
        "a = {b = 1}\na.c = 2\n",
        "x = {a = {b = 1}, a.c = 2}\n",
        "[[a]]\n[a]\n",
        "d = 1979-05-27\n",
        "big = 9223372036854775808\n",
        "a = \"unterminated\n",
        "a = 1 2\n",
        "[a.b]\n[a.b.c]\nx=1\n[a]\nb.d = 1\n",
    ];
    for text in left {
        assert!(!agrees::<Tree>(text), "taken:\n{text}");
    }
    // A float beyond f64 is toml's error, not infinity.
    let huge = format!("[balance]\nevasion = 1{}.0\n", "0".repeat(310));
    assert!(!agrees::<Tree>(&huge));
    assert!(!agrees::<ContentFile>(&huge));
}

#[test]
fn nesting_at_the_limit_is_taken_and_beyond_it_left_to_the_check() {
    let nested = |n: usize| format!("x = {}1{}\n", "[".repeat(n), "]".repeat(n));
    assert!(agrees::<Tree>(&nested(MAX_NESTING)));
    assert!(!agrees::<Tree>(&nested(MAX_NESTING + 1)));
    assert!(too_deep(&nested(MAX_NESTING + 1), MAX_NESTING).is_some());
    let float = format!(
        "x = {}1.5{}\n",
        "[".repeat(MAX_NESTING),
        "]".repeat(MAX_NESTING)
    );
    assert!(!agrees::<Tree>(&float));
    assert!(too_deep(&float, MAX_NESTING).is_some());
    let dots = |n: usize| format!("{} = 1\n", vec!["k"; n + 1].join("."));
    assert!(agrees::<Tree>(&dots(MAX_NESTING)));
    assert!(!agrees::<Tree>(&dots(MAX_NESTING + 1)));
    let header = format!("[[{}]]\n", vec!["k"; MAX_NESTING].join("."));
    assert!(!agrees::<Tree>(&header));
    assert!(too_deep(&header, MAX_NESTING).is_some());
}

#[test]
fn hostile_nesting_is_refused_without_exhausting_the_stack() {
    for open in ["[", "{a=", "[{a="] {
        let text = format!("x = {}", open.repeat(100_000));
        assert!(from_str::<Tree>(&text, MAX_NESTING).is_none());
    }
}

/// Small documents over a few names, so that keys collide, tables are reopened and
/// dotted keys cross headers: the table rules' corners.
fn document() -> impl Strategy<Value = String> {
    let name = prop::sample::select(vec![
        "a",
        "b",
        "c",
        "\"a\"",
        "'b.c'",
        "\"\\u0061\"",
        "'a b'",
        "k-_9",
        "\"\"",
        "1",
    ]);
    let key = prop::collection::vec(name, 1..4).prop_map(|k| k.join("."));
    let leaf = prop::sample::select(vec![
        "1",
        "-7",
        "0x1f",
        "2.5",
        "1e2",
        "nan",
        "true",
        "\"s\"",
        "'t'",
        "\"\\u00e9\"",
        "\"\"\"m\nl\"\"\"",
        "1979-05-27",
        "99999999999999999999",
        // Strings and numbers at the edges of the plain forms read without the decoder.
        "\"a\\tb\"",
        "\"t\tab\"",
        "\"del\u{7f}\"",
        "'li\"t'",
        "\"ü\"",
        "'\u{1}'",
        "01",
        "+0",
        "-0.0",
        "00.5",
        "1.",
        "1_000",
        "0.1e2",
        "+1.5",
        "-9223372036854775808",
        "9223372036854775807",
    ])
    .prop_map(str::to_string);
    let value = leaf.prop_recursive(3, 12, 3, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(|v| format!("[{}]", v.join(", "))),
            prop::collection::vec(
                (
                    prop::collection::vec(prop::sample::select(vec!["a", "b"]), 1..3),
                    inner
                ),
                0..3
            )
            .prop_map(|kv| {
                let parts: Vec<String> = kv
                    .iter()
                    .map(|(k, v)| format!("{} = {v}", k.join(".")))
                    .collect();
                format!("{{{}}}", parts.join(", "))
            }),
        ]
    });
    let line = prop_oneof![
        key.clone().prop_map(|k| format!("[{k}]")),
        key.clone().prop_map(|k| format!("[[{k}]]")),
        (key, value).prop_map(|(k, v)| format!("{k} = {v}")),
    ];
    prop::collection::vec(line, 0..8).prop_map(|lines| lines.join("\n"))
}

/// The generated documents reach both answers often, or the property below proves little.
#[test]
fn generated_documents_are_often_taken_and_often_left() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = document();
    let (mut taken, total) = (0, 2000);
    for _ in 0..total {
        let text = strategy.new_tree(&mut runner).unwrap().current();
        taken += usize::from(agrees::<Tree>(&text));
    }
    assert!(
        taken > total / 5 && taken < total * 4 / 5,
        "{taken} of {total} taken"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::test_tier::cases(2000)))]

    #[test]
    fn generated_documents_read_as_toml_reads_them(text in document()) {
        agrees::<Tree>(&text);
        agrees::<ContentFile>(&text);
    }

    /// Real content files with a byte changed, inserted or cut.
    #[test]
    fn mutated_content_reads_as_toml_reads_it(
        file in 0usize..9,
        at in 0usize..8000,
        byte in prop::sample::select(b"[]{}.,=\"'#\n \\1a_-+:".to_vec()),
        insert in any::<bool>(),
        cut in 0usize..8000,
    ) {
        let (_, bytes) = core_pack().files.swap_remove(file);
        let mut text = String::from_utf8(bytes).unwrap();
        let mut at = at % text.len();
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        if insert {
            text.insert(at, byte as char);
        } else {
            text.replace_range(at..at + text[at..].chars().next().map_or(0, char::len_utf8), &(byte as char).to_string());
        }
        let mut cut = cut.max(at + 1).min(text.len());
        while !text.is_char_boundary(cut) {
            cut += 1;
        }
        text.truncate(cut);
        agrees::<ContentFile>(&text);
        agrees::<Tree>(&text);
    }
}
