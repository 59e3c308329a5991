//! One integration-test harness, so Bevy links once: core tests always, app tests with `app`.
mod core_rules;
mod determinism;

#[cfg(feature = "app")]
mod app_headless;
