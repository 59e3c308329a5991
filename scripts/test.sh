#!/usr/bin/env bash
# One command to run the tests: installs what the build needs, then runs every test
# (the Bevy-free core and the headless Bevy tests) in one cargo invocation.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cargo test --locked --features app "$@"
