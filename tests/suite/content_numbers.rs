//! Wild numbers in content (issue #17): generated `[balance]` patches and core files with
//! numbers swapped for wild ones either fail to load with an error located in the mod's
//! file, or load and play 1,000 bot turns without a panic.
use std::ops::Range;
use std::path::Path;

use delve::cli::{content_with_mods, simulate};
use delve::content::{BALANCE_RANGES, KnobKind, KnobRange, Pack, Severity, core_pack, load_packs};
use proptest::prelude::*;

/// Numbers a careless or hostile modder might write, as TOML literals.
const WILD: &[&str] = &[
    "nan",
    "inf",
    "-inf",
    "-1",
    "-0.5",
    "1e9",
    "1e300",
    "-1e300",
    "4294967295",
    "99999",
];

/// Mostly plausible numbers (so many cases load and play), sometimes wild ones.
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => proptest::sample::select(WILD).prop_map(str::to_string),
        1 => (0.0f64..2.0).prop_map(|v| format!("{v:?}")),
        1 => (0u32..40).prop_map(|v| v.to_string()),
    ]
}

/// A value inside the row's range, its ends included where the row includes them (pairs of
/// counts may be equal and reach the ends, pairs of numbers neither).
fn in_range(row: &'static KnobRange) -> BoxedStrategy<String> {
    let (lo, hi) = (row.min, row.max);
    let one: BoxedStrategy<f64> = match row.kind {
        KnobKind::NumberBelowMax => prop_oneof![Just(lo), lo..hi].boxed(),
        KnobKind::NumberPair => (lo..hi)
            .prop_filter("off the ends", move |&v| v > lo)
            .boxed(),
        _ => prop_oneof![Just(lo), Just(hi), lo..=hi].boxed(),
    };
    let shown = move |v: f64| match row.kind {
        KnobKind::Count | KnobKind::CountPair => format!("{}", v.floor()),
        _ => format!("{v:?}"),
    };
    match row.kind {
        KnobKind::Number | KnobKind::NumberBelowMax | KnobKind::Count => {
            one.prop_map(shown).boxed()
        }
        KnobKind::NumberPair | KnobKind::CountPair => (one.clone(), one)
            .prop_filter(
                "a pair of numbers keeps room between its ends",
                move |(a, b)| row.kind == KnobKind::CountPair || a != b,
            )
            .prop_map(move |(a, b)| format!("[{}, {}]", shown(a.min(b)), shown(a.max(b))))
            .boxed(),
    }
}

/// A knob's wild value: half the time in range, else a literal outside it (NaN, infinities,
/// negatives, huge), for pairs also in-range ends swapped.
fn wild(row: &'static KnobRange) -> BoxedStrategy<String> {
    const FLOATS: &[&str] = &[
        "nan", "inf", "-inf", "-1.0", "1e300", "-1e300", "2.0", "1.0",
    ];
    const COUNTS: &[&str] = &["0", "-1", "4294967295", "1000000", "101"];
    let bad = match row.kind {
        KnobKind::Number | KnobKind::NumberBelowMax | KnobKind::NumberPair => {
            proptest::sample::select(FLOATS)
        }
        KnobKind::Count | KnobKind::CountPair => proptest::sample::select(COUNTS),
    }
    .prop_map(str::to_string);
    match row.kind {
        KnobKind::Number | KnobKind::NumberBelowMax | KnobKind::Count => {
            prop_oneof![in_range(row), bad].boxed()
        }
        KnobKind::NumberPair | KnobKind::CountPair => {
            let swapped = in_range(row).prop_filter_map("ends differ", |pair| {
                let (lo, hi) = pair.trim_matches(['[', ']']).split_once(", ")?;
                (lo != hi).then(|| format!("[{hi}, {lo}]"))
            });
            let any = (bad.clone(), bad).prop_map(|(a, b)| format!("[{a}, {b}]"));
            prop_oneof![in_range(row), swapped, any].boxed()
        }
    }
}

/// A `[balance]` table giving each knob with a chance of one in three: half the tables
/// keep every knob in range (its ends included), half use wild values; with whether it is
/// in range, for such a table must load.
fn balance_patch() -> impl Strategy<Value = (String, bool)> {
    let table = |value: fn(&'static KnobRange) -> BoxedStrategy<String>| {
        let lines: Vec<BoxedStrategy<Option<String>>> = BALANCE_RANGES
            .iter()
            .map(|row| {
                proptest::option::weighted(0.35, value(row))
                    .prop_map(move |v| v.map(|v| format!("{} = {v}\n", row.key)))
                    .boxed()
            })
            .collect();
        lines.prop_map(|l| format!("[balance]\n{}", l.into_iter().flatten().collect::<String>()))
    };
    prop_oneof![
        table(in_range).prop_map(|t| (t, true)),
        table(wild).prop_map(|t| (t, false)),
    ]
}

/// Byte ranges of the number literals in a TOML text (values after `=`, `[`, `{` or `,`;
/// strings and comments skipped).
fn number_spans(text: &str) -> Vec<Range<usize>> {
    let b = text.as_bytes();
    let mut spans = Vec::new();
    let (mut i, mut prev) = (0, b'\n');
    while i < b.len() {
        match b[i] {
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            q @ (b'"' | b'\'') => {
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                prev = q;
                i += 1;
                continue;
            }
            c if (c.is_ascii_digit() || c == b'-') && matches!(prev, b'=' | b'[' | b'{' | b',') => {
                let start = i;
                while i < b.len() && !b" ,]}\r\n#\t".contains(&b[i]) {
                    i += 1;
                }
                spans.push(start..i);
                prev = b'0';
                continue;
            }
            c if !c.is_ascii_whitespace() => prev = c,
            _ => {}
        }
        i += 1;
    }
    spans
}

/// Refused with every error located in the mod's own file, or played for 1,000 turns; a
/// panic anywhere fails the case. A pack that `must_load` (every number in range) is never
/// refused.
fn refused_or_plays(pack: Pack, seed: u64, must_load: bool) -> Result<(), TestCaseError> {
    let (id, files) = (pack.id.clone(), pack.files.clone());
    let (content, report) = load_packs(&[core_pack(), pack]);
    prop_assert!(
        !(must_load && report.has_errors()),
        "an in-range patch was refused:\n{}\n{}",
        String::from_utf8_lossy(&files[0].1),
        report
    );
    if report.has_errors() {
        prop_assert_eq!(&report.skipped, std::slice::from_ref(&id));
        for d in report
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
        {
            prop_assert_eq!(&d.pack, &id);
            prop_assert!(files.iter().any(|(f, _)| *f == d.file), "{:?}", d);
            prop_assert!(d.line >= 1 && d.column >= 1, "{:?}", d);
            let place = format!("{}/{}:{}:{}", d.pack, d.file, d.line, d.column);
            prop_assert!(d.to_string().contains(&place), "{}", d);
        }
        return Ok(());
    }
    // A stuck bot is an `Err`, not a panic: the case is about crashing the rules.
    let _ = simulate(&content, seed, 1000);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::tier::cases(128)))]

    #[test]
    fn wild_balance_patches_are_refused_or_play(
        (text, in_range) in balance_patch(),
        seed in 0u64..1000,
    ) {
        let pack = Pack { id: "knobs".into(), files: vec![("balance.toml".into(), text.into_bytes())] };
        refused_or_plays(pack, seed, in_range)?;
    }

    #[test]
    fn wild_numbers_in_core_files_are_refused_or_play(
        file in any::<proptest::sample::Index>(),
        edits in proptest::collection::vec((any::<proptest::sample::Index>(), number()), 1..4),
        seed in 0u64..1000,
    ) {
        let core = core_pack();
        let (name, bytes) = file.get(&core.files).clone();
        let mut text = String::from_utf8(bytes).unwrap();
        let spans = number_spans(&text);
        prop_assume!(!spans.is_empty());
        let mut chosen: Vec<(Range<usize>, String)> =
            edits.into_iter().map(|(i, v)| (i.get(&spans).clone(), v)).collect();
        // Last first, so earlier ranges stay valid; one edit per literal.
        chosen.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        chosen.dedup_by_key(|(r, _)| r.start);
        for (r, v) in chosen {
            text.replace_range(r, &v);
        }
        let pack = Pack { id: "mutant".into(), files: vec![(name, text.into_bytes())] };
        refused_or_plays(pack, seed, false)?;
    }
}

#[test]
fn number_spans_find_values_not_keys_strings_or_comments() {
    let text = "a1 = 3 # 4\nb = [1.5, -2]\nc = \"5\"\nd = { e = nan, f = 7 }\n";
    let found: Vec<&str> = number_spans(text).into_iter().map(|r| &text[r]).collect();
    assert_eq!(found, ["3", "1.5", "-2", "7"]);
}

/// `delve sim --mods DIR` refuses a folder with a broken `[balance]` (exit 1, no panic).
#[test]
fn sim_refuses_broken_balance_mods() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mods");
    for case in [
        "balance_swapped_pair",
        "balance_not_finite",
        "balance_out_of_range",
    ] {
        let err = content_with_mods(Some(&fixtures.join(case))).expect_err(case);
        assert!(err.contains("balance.toml:"), "{case}: {err}");
    }
}
