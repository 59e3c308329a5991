#!/usr/bin/env bash
# One command to run the tests: installs what the build needs, then runs every test (the
# Bevy-free core and the headless Bevy tests) in one cargo invocation, both tiers: the quick
# one that plain `cargo test` runs and the slow one's long runs (DELVE_SLOW=1: the soak, the
# balance runs, the large property tests, the 1001×1001 floors). DELVE_SLOW=0 runs the quick
# tier alone.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
DELVE_SLOW="${DELVE_SLOW:-1}" cargo test --locked --features app,smoke "$@"
