//! The core pack's balance target with the explore bot (issue: win rate 10–40 %, median death
//! floor at least 3). Deterministic: the same 40 seeds every time, so a content change that
//! breaks the target fails here.
use delve::cli::{simulate, summarize};
use delve::content::Content;

#[test]
fn explore_bot_wins_sometimes_and_dies_deep() {
    let content = Content::core().unwrap_or_else(|r| panic!("{r}"));
    let reports: Vec<_> = (1..=40)
        .map(|seed| simulate(&content, seed, 30_000).unwrap().1)
        .collect();
    let s = summarize(&reports, 1, 30_000);
    assert_eq!(s.won + s.died + s.unfinished, 40);
    assert!(
        (0.10..=0.40).contains(&s.win_rate),
        "win rate {:.0}% is outside 10-40%",
        s.win_rate * 100.0
    );
    let median = s.median_death_floor.expect("some runs die");
    assert!(median >= 3, "median death floor {median} is below 3");
}
