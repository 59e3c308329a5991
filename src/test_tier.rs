//! The two test tiers: the default `cargo test` is the quick loop, and `DELVE_SLOW=1` adds the
//! long runs (the soak, the balance runs, the large property tests and the 1001×1001 floors).
//! An environment variable, not a cargo feature (which would rebuild the crates) or
//! `#[ignore]` (which hides a test): the same binaries run both tiers. The library's unit tests
//! and the integration suite (`tests/suite`, by `#[path]`) share this one file.

/// Whether the slow tier runs: `DELVE_SLOW=1`. Any other value than `1`, `0` or none stops the
/// test run with the variable named, so a typo never runs the quick tier unnoticed.
pub fn slow() -> bool {
    match std::env::var("DELVE_SLOW").as_deref() {
        Err(std::env::VarError::NotPresent) | Ok("" | "0") => false,
        Ok("1") => true,
        other => panic!("DELVE_SLOW must be 1 (the slow tier) or 0, not {other:?}"),
    }
}

/// A property test's case count: `full` in the slow tier, a tenth (at least 16) in the quick one.
pub fn cases(full: u32) -> u32 {
    if slow() { full } else { (full / 10).max(16) }
}

/// Says on the test's output that a slow-tier test was passed over, and returns whether it runs.
pub fn run_slow(what: &str) -> bool {
    let run = slow();
    if !run {
        eprintln!("{what}: slow tier only (DELVE_SLOW=1)");
    }
    run
}
