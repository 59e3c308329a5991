//! One integration-test harness, so Bevy links once: core tests always, app tests with `app`.
mod app_layers;
mod balance;
mod content_compose;
mod content_fixtures;
mod content_mistakes;
mod content_numbers;
mod core_rules;
mod determinism;
mod saves_replays;
#[path = "../../src/test_tier.rs"]
mod tier;

#[cfg(feature = "app")]
mod app_a11y;
#[cfg(feature = "app")]
mod app_by_ear;
#[cfg(feature = "app")]
mod app_classes;
#[cfg(feature = "app")]
mod app_headless;
#[cfg(feature = "app")]
mod app_layout;
#[cfg(feature = "app")]
mod app_runs;
#[cfg(feature = "app")]
mod app_screens;
#[cfg(feature = "app")]
mod app_turn_steps;
