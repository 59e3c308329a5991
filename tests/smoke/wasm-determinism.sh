#!/usr/bin/env bash
# Native versus browser: runs recorded by the native `delve sim --record` are replayed by the
# core compiled to wasm32 (the browser build's target, run in Node's V8); every replay must
# end in the native state hash, and the daily seeds of three dates must be the native ones. Usage: tests/smoke/wasm-determinism.sh [DIR]
# WASM_BUILD_ONLY=1 stops after the wasm build (CI builds it early, beside the native builds).
set -euo pipefail
cd "$(dirname "$0")/../.."
dir="${1:-out/wasm-determinism}"
mkdir -p "$dir"
source scripts/wasm-env.sh
command -v node >/dev/null || bash scripts/deps.sh nodejs
# The library alone as a cdylib: no Bevy, no dev-dependencies, just the exports.
# In the light web-ci profile (quick to build; the hashes must not depend on the optimisation
# level anyway), and not the published one, whose `delve.wasm` is the game's.
wasm_cargo rustc --locked --lib --profile web-ci --features wasm-replay --crate-type cdylib
wasm="$WASM_TARGET_DIR/wasm32-unknown-unknown/web-ci/delve.wasm"
[ "${WASM_BUILD_ONLY:-}" = 1 ] && exit 0
cargo build --locked --quiet --bin delve
native="${CARGO_TARGET_DIR:-target}/debug/delve"
files=()
for seed in 1 2 3 7 42 1234; do
  "$native" sim --seed "$seed" --turns 3000 --record "$dir/seed$seed.replay" >/dev/null
  files+=("$dir/seed$seed.replay")
done
# One run of each core class (the first seeds play the first class, the fighter).
for class in rogue arcanist; do
  "$native" sim --seed 5 --class "$class" --turns 3000 --record "$dir/$class.replay" >/dev/null
  files+=("$dir/$class.replay")
done
node tests/web/replay_hash.mjs "$wasm" "${files[@]}" > "$dir/wasm.txt"
fail=0
while read -r file hash; do
  want=$("$native" replay "$file" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state_hash"])')
  if [ "$hash" = "$want" ]; then
    echo "same  $file $hash"
  else
    echo "DIFFERENT  $file native $want wasm $hash"
    fail=1
  fi
done < "$dir/wasm.txt"
[ "$(wc -l < "$dir/wasm.txt")" -eq "${#files[@]}" ] || { echo "wasm replayed too few files"; fail=1; }
# The daily seeds of three dates (the ones src/daily.rs pins): the same in wasm as natively.
dates=(2026-12-05 2027-01-01 2028-02-29)
# Into a file first: a failing node ends the script here (a process substitution's failure
# would be ignored, and no date compared), and the count below catches a short answer.
node tests/web/daily_seed.mjs "$wasm" "${dates[@]}" > "$dir/daily.txt"
while read -r date seed; do
  want=$("$native" sim --daily --date "$date" --turns 0 --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["seed"])')
  if [ "$seed" = "$want" ]; then
    echo "same  daily $date $seed"
  else
    echo "DIFFERENT  daily $date native $want wasm $seed"
    fail=1
  fi
done < "$dir/daily.txt"
[ "$(wc -l < "$dir/daily.txt")" -eq "${#dates[@]}" ] || { echo "wasm gave too few daily seeds"; fail=1; }
exit $fail
