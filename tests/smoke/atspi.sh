#!/usr/bin/env bash
# Reads the game's accessibility tree from outside, as Orca does: a private D-Bus session with
# the AT-SPI bus and "screen reader enabled", the game's main menu in a window under Xvfb, and
# pyatspi walking the tree. It must find the menu's buttons with the focus on "New run", and
# the focus on "Random seed" after a Down key (sent with xdotool).
# Usage: tests/smoke/atspi.sh DIR   (writes DIR/atspi.txt: the tree as read, and the game's log)
set -euo pipefail
dir="${1:?usage: tests/smoke/atspi.sh DIR}"
cd "$(dirname "$0")/../.."
bash scripts/deps.sh xvfb xauth mesa-vulkan-drivers xdotool dbus at-spi2-core python3-pyatspi
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
# Built as the test build builds it (see desktop.sh).
cargo test --locked --features app,smoke --no-run
bin="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/debug/delve"
export DELVE_SAVE="$dir/run.save" DELVE_SETTINGS="$dir/settings.toml" DELVE_KEYS="$dir/keys.toml"
rm -f "$dir/run.save"
WGPU_BACKEND=vulkan timeout 180 xvfb-run -a -s "-screen 0 1280x800x24" \
  dbus-run-session -- /usr/bin/python3 tests/smoke/atspi_tree.py "$bin" "$dir"
