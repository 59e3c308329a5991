//! The core pack's death curve with the explore bot: the target (over 200 runs: win
//! rate 15–35 %, no floor takes over 30 % of the deaths, median death floor at least 4) with
//! bands loose enough for 60 runs. Deterministic: the same 60 seeds every time, so a content
//! or rules change that brings back a wall fails here.
use delve::cli::{simulate, summarize};
use delve::content::Content;

const SEEDS: u64 = 60;

#[test]
fn explore_bot_wins_sometimes_and_no_floor_is_a_wall() {
    if !crate::tier::run_slow("the 60 balance runs") {
        return;
    }
    let content = Content::core().unwrap_or_else(|r| panic!("{r}"));
    // Two threads: the runs are independent, and the seeds fix the outcome.
    let half = SEEDS / 2;
    let play = |seeds: std::ops::RangeInclusive<u64>| {
        seeds
            .map(|seed| simulate(&content, seed, 30_000).unwrap().1)
            .collect::<Vec<_>>()
    };
    let mut reports = std::thread::scope(|s| {
        let first = s.spawn(|| play(1..=half));
        let mut rest = play(half + 1..=SEEDS);
        let mut all = first.join().expect("runs");
        all.append(&mut rest);
        all
    });
    reports.sort_by_key(|r| r.seed);
    let s = summarize(&reports, 1, 30_000);
    assert_eq!(u64::from(s.won + s.died + s.unfinished), SEEDS);
    assert!(
        (0.10..=0.40).contains(&s.win_rate),
        "win rate {:.0}% is outside 10-40%",
        s.win_rate * 100.0
    );
    let median = s.median_death_floor.expect("some runs die");
    assert!(median >= 4, "median death floor {median} is below 4");
    for e in &s.ends {
        assert!(
            f64::from(e.died) <= 0.40 * f64::from(s.died),
            "floor {} takes {} of {} deaths (over 40%): {:?}",
            e.floor,
            e.died,
            s.died,
            s.ends
        );
    }
}
