#!/usr/bin/env bash
# A real screen reader on the real game: Debian's Orca (43) and the game's window under Xvfb, in
# a private D-Bus session with the AT-SPI bus and "screen reader enabled". It sends keys with
# xdotool through the main menu, a new run's class choice and the run (a move, the surroundings
# key, auto-explore until a monster is in view, autofight until the fight begins, waiting until
# health is low, autofight's refusal, the hero's death; the fixture mod tests/fixtures/orca_mods
# makes that run short) and checks what Orca SPEAKS after each key (the SPEECH OUTPUT lines of its
# debug log; no sound card, so no synthesizer): the expected words, in order, nothing said
# twice between two keys, no object said by its role alone, and no announcement followed by
# its role ("… for 5. label."). The steps and their words are
# the table at the top of tests/smoke/orca_drive.py.
# Usage: tests/smoke/orca.sh DIR   (writes DIR/orca-transcript.txt: what Orca said under each
# key; DIR/orca-debug.log: Orca's log; DIR/orca-game.log: the game's)
# DELVE_BIN=PATH uses that game binary instead of building one; ORCA_SMOKE_PART=menu stops
# after the menus. A session gets 180 s; a failed one is tried once more (the first try's files
# are kept in DIR/try1). Orca allows one Orca per user: it will not run beside another.
set -euo pipefail
dir="${1:?usage: tests/smoke/orca.sh DIR}"
cd "$(dirname "$0")/../.."
bash scripts/deps.sh xvfb xauth mesa-vulkan-drivers xdotool dbus dbus-x11 at-spi2-core orca
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
if [ -n "${DELVE_BIN:-}" ]; then
  bin="$DELVE_BIN"
else
  # Built as the test build builds it (see desktop.sh).
  cargo test --locked --features app,smoke --no-run
  bin="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/debug/delve"
fi
session() {
  rm -rf "$dir/run.save" "$dir/settings.toml" "$dir/keys.toml" "$dir"/orca-*.log \
    "$dir/orca-transcript.txt"
  DELVE_SAVE="$dir/run.save" DELVE_SETTINGS="$dir/settings.toml" DELVE_KEYS="$dir/keys.toml" \
    WGPU_BACKEND=vulkan timeout -k 10 180 xvfb-run -a -s "-screen 0 1280x800x24" \
    dbus-run-session -- /usr/bin/python3 tests/smoke/orca_drive.py "$bin" "$dir"
}
start=$(date +%s)
rm -rf "$dir/try1"
if ! session; then
  echo "orca: the first try failed or timed out (180 s); retrying once (its files: $dir/try1)" >&2
  mkdir -p "$dir/try1"
  mv "$dir"/orca-* "$dir/try1/" 2>/dev/null || true
  session || {
    echo "orca: the retry failed too; what Orca said: $dir/orca-transcript.txt" >&2
    exit 1
  }
  echo "orca: passed on the retry"
fi
echo "orca: $(( $(date +%s) - start )) s"
