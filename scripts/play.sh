#!/usr/bin/env bash
# One command to play: installs what the build needs, then starts the game.
# Extra arguments go to the game, e.g. `scripts/play.sh --seed 42`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
exec cargo run --release --locked --features app -- play "$@"
