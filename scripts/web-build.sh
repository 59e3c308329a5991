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
wasm="$target_dir/wasm32-unknown-unknown/$profile/delve.wasm"
if [ "$profile" = web-small ]; then
  # binaryen's optimiser at -O1 over the published wasm: 0.51 MB less code, 20 KB less gzipped
  # and 14.5 KB less as Brotli (docs/BUILDING.md, sizes; -O2, -Os and -Oz send more). Before
  # wasm-bindgen, not after: Debian's binaryen 108 turns the table of JavaScript objects
  # wasm-bindgen adds into one the page cannot fill. The features are the ones Rust's wasm32
  # target turns on; wasm-opt refuses a module that uses others.
  command -v wasm-opt >/dev/null || bash scripts/deps.sh binaryen
  wasm-opt -O1 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$wasm" -o "$target_dir/delve-opt.wasm"
  wasm="$target_dir/delve-opt.wasm"
fi
"$tools/bin/wasm-bindgen" --target web --no-typescript --remove-name-section \
  --remove-producers-section --out-dir "$out" --out-name delve "$wasm"
cp web/index.html web/mods.js "$out/"
# The game's own pictures and sounds, which the page's game fetches over HTTP (src/app/content/
# files.rs) instead of carrying them in the wasm; their credits go with them.
mkdir -p "$out/assets/art" "$out/assets/sounds" "$out/assets/core"
cp assets/art/icons.png assets/art/CREDITS.md "$out/assets/art/"
cp assets/sounds/*.ogg assets/sounds/CREDITS.md "$out/assets/sounds/"
# The core pack's content files likewise (the wasm keeps only their hashes and checks them),
# with the list the page fetches them by.
cp assets/core/*.toml "$out/assets/core/"
(cd assets/core && python3 -c 'import json, sys; print(json.dumps(sorted(sys.argv[1:])))' *.toml) \
  > "$out/assets/core/index.json"
# The page fetches one of these and decodes it itself, so a plain static server sends a small
# file: Brotli (-q 11, its largest standard window; about 30 % under gzip) where the page can
# decode it, gzip where it cannot (web/index.html). The gzip file is libdeflate's level 12, the
# same format as gzip -9's and 4 % smaller (185 KB on the published wasm) in 2 s; neither
# writes a time or a name, so the bytes are the same from build to build.
bash scripts/deps.sh brotli libdeflate-tools
libdeflate-gzip -12 -c "$out/delve_bg.wasm" > "$out/delve_bg.wasm.gz"
brotli -q 11 -w 24 -n -k -f "$out/delve_bg.wasm"
chmod 644 "$out/delve_bg.wasm.br"
# Brotli's decoder for the browsers whose DecompressionStream lacks "brotli" (Chromium 156
# among them): brotli-dec-wasm (MIT or Apache-2.0; the `brotli-decompressor` crate built for
# the browser), its npm package at a pinned version, checked against the registry's hash; its
# wasm is published gzipped (101 KB instead of 218 KB), which every such browser inflates.
decoder_version=2.3.2
decoder_sha512="5H+k8eVLIJY6B4olN2HP9QzJAxcplf0jV7mWnkpxvOSeUE9Npg3dQ2pgLn30a9MUFHNro1iSmtdu6VNdlb+TIw=="
decoder_dir="${DELVE_TOOLS:-$HOME/.cache/delve-tools}/brotli-dec-wasm-$decoder_version"
if [ ! -f "$decoder_dir/package/pkg/brotli_dec_wasm.js" ]; then
  command -v npm >/dev/null || bash scripts/deps.sh nodejs npm
  rm -rf "$decoder_dir" && mkdir -p "$decoder_dir"
  (cd "$decoder_dir" && npm pack --silent "brotli-dec-wasm@$decoder_version" >/dev/null)
  tarball="$decoder_dir/brotli-dec-wasm-$decoder_version.tgz"
  got=$(python3 -c 'import base64, hashlib, sys
print(base64.b64encode(hashlib.sha512(open(sys.argv[1], "rb").read()).digest()).decode())' "$tarball")
  if [ "$got" != "$decoder_sha512" ]; then
    echo "web-build: brotli-dec-wasm $decoder_version from npm is not the package pinned here (sha512 $got)" >&2
    rm -rf "$decoder_dir"
    exit 1
  fi
  tar -xzf "$tarball" -C "$decoder_dir"
fi
mkdir -p "$out/vendor/brotli-dec"
cp "$decoder_dir/package/pkg/brotli_dec_wasm.js" "$decoder_dir/package/LICENSE-MIT.txt" \
  "$decoder_dir/package/LICENSE-Apache.txt" "$out/vendor/brotli-dec/"
libdeflate-gzip -12 -c "$decoder_dir/package/pkg/brotli_dec_wasm_bg.wasm" \
  > "$out/vendor/brotli-dec/brotli_dec_wasm_bg.wasm.gz"
ls -l "$out"
gz=$(stat -c %s "$out/delve_bg.wasm.gz")
br=$(stat -c %s "$out/delve_bg.wasm.br")
decoder=$(stat -c %s "$out/vendor/brotli-dec/brotli_dec_wasm_bg.wasm.gz")
echo "wasm: $(stat -c %s "$out/delve_bg.wasm") bytes, gzip (libdeflate -12): $gz bytes, brotli -q 11: $br bytes (+ its decoder: $decoder bytes gzipped)"
# The published build's budget: what the player downloads first (docs/BUILDING.md, sizes). Other
# profiles and unpatched builds are larger by design and only report their size.
budget=4100000
# What a browser downloads: Brotli (docs/BUILDING.md, sizes); gzip where the page cannot
# decode Brotli.
br_budget=3000000
if [ "$profile" = web-small ] && [ "${WEB_PATCHES:-1}" != 0 ]; then
  if [ "$gz" -gt "$budget" ]; then
    echo "web-build: delve_bg.wasm.gz is $gz bytes, over the budget of $budget by $((gz - budget)): make room before adding code (docs/BUILDING.md, sizes)" >&2
    exit 1
  fi
  if [ "$br" -gt "$br_budget" ]; then
    echo "web-build: delve_bg.wasm.br is $br bytes, over the budget of $br_budget by $((br - br_budget)): make room before adding code (docs/BUILDING.md, sizes)" >&2
    exit 1
  fi
fi
