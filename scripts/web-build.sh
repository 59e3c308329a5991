#!/usr/bin/env bash
# Builds the browser version into a servable folder (default out/web).
# Route (docs/design/browser-build.md): Debian's rustc-web builds std for wasm32 itself
# (-Z build-std), wasm-ld-22 links, wasm-bindgen-cli at the lockfile's version makes the JS glue.
# Usage: scripts/web-build.sh [OUT_DIR]     (WEB_PROFILE=web-small, the published one, by default)
# WEB_PATCHES=0 builds the published profile from Bevy's unpatched crates (scripts/patches/):
# it works, and is larger than the size budget below allows.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-out/web}"
profile="${WEB_PROFILE:-web-small}"
source scripts/wasm-env.sh
# The commit the game shows beside its version (build.rs): named here, since the published
# build compiles a copy of the project that has no git.
export DELVE_COMMIT="${DELVE_COMMIT:-$(git rev-parse --short=9 HEAD 2>/dev/null || echo unknown)}"
src="."
flags=""
std_features=()
if [ "$profile" = "web-small" ]; then
  # The published build (docs/BUILDING.md: sizes): no source locations and no message formatting for
  # panics (the page says when the game stopped); derived `Debug` prints a type's or variant's
  # name only (no player reads more: key names are variant names); Bevy's reflection without
  # its auto-registration and its core pipeline without the 3D half (scripts/web-patches.sh
  # says why and how).
  flags="-Zlocation-detail=none -Zfmt-debug=shallow -Zunstable-options -Cpanic=immediate-abort"
  # The standard library's own size-first algorithms (its sorts above all: 0.3 MB of them).
  std_features=(-Z build-std-features=optimize_for_size)
  if [ "${WEB_PATCHES:-1}" != 0 ]; then
    src="$(bash scripts/web-patches.sh "$WASM_TARGET_DIR/published")"
  fi
fi
(cd "$src" && RUSTFLAGS="$flags" wasm_cargo build --locked --features app --bin delve \
  --profile "$profile" "${std_features[@]}")
target_dir="$WASM_TARGET_DIR"
version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
tools="${DELVE_TOOLS:-$HOME/.cache/delve-tools}/wasm-bindgen-$version"
if [ ! -x "$tools/bin/wasm-bindgen" ]; then
  # Not --locked: the CLI's own lockfile pins a crate version the registry here lacks.
  # Lightly optimised: it builds in less time (once per machine, but in a cold CI's time) and
  # still runs in seconds.
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install wasm-bindgen-cli --version "=$version" \
    --root "$tools"
fi
mkdir -p "$out"
"$tools/bin/wasm-bindgen" --target web --no-typescript --remove-name-section \
  --remove-producers-section --out-dir "$out" --out-name delve \
  "$target_dir/wasm32-unknown-unknown/$profile/delve.wasm"
cp web/index.html web/mods.js "$out/"
# The game's own pictures and sounds, which the page's game fetches over HTTP (src/app/content/
# files.rs) instead of carrying them in the wasm; their credits go with them.
mkdir -p "$out/assets/art" "$out/assets/sounds"
cp assets/art/icons.png assets/art/CREDITS.md "$out/assets/art/"
cp assets/sounds/*.ogg assets/sounds/CREDITS.md "$out/assets/sounds/"
# The page fetches this one and inflates it itself (DecompressionStream), so a plain static
# server sends the small file; -n keeps the bytes the same from build to build.
gzip -9 -n -k -f "$out/delve_bg.wasm"
ls -l "$out"
gz=$(stat -c %s "$out/delve_bg.wasm.gz")
echo "wasm: $(stat -c %s "$out/delve_bg.wasm") bytes, gzip -9: $gz bytes"
# The published build's budget: what the player downloads first (docs/BUILDING.md, sizes). Other
# profiles and unpatched builds are larger by design and only report their size.
budget=4500000
if [ "$profile" = web-small ] && [ "${WEB_PATCHES:-1}" != 0 ] && [ "$gz" -gt "$budget" ]; then
  echo "web-build: delve_bg.wasm.gz is $gz bytes, over the budget of $budget by $((gz - budget)): make room before adding code (docs/BUILDING.md, sizes)" >&2
  exit 1
fi
