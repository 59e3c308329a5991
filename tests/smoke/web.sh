#!/usr/bin/env bash
# Builds the browser version, serves it on 127.0.0.1, loads it in Debian's headless Chromium
# and saves DIR/web.png; checks the local-storage save and that the replay the page exports
# ends natively in the same state hash (the core pack alone, as the page played it: its example
# mods are off); taps a
# tile on a touch screen (web-touch.png); on a phone held upright (390x844) opens Settings and
# Records by taps alone from the main menu (web-settings-touch.png) and starts a run there
# (web-portrait.png); watches the exported replay, opened as a file from
# the Watch list (web-watch.png), imports it there, verified (web-import.png), and races it as a
# ghost; adds a good and a broken mod through the Mods
# screen's folder picker (web-mods.png); checks the page downloads the Brotli wasm and decodes
# it, falls back to gzip without a decoder, and takes Brotli that a host decodes by its
# `Content-Encoding` (tests/web/encodings.mjs, DIR/encodings.json); fails when the page logged
# an error, a picture is blank or the hashes differ.
# Usage: tests/smoke/web.sh DIR      (WEB_PROFILE picks the build: the published profile by
# default, which CI runs; web-ci for a quick rebuild after an edit)
set -euo pipefail
dir="${1:?usage: tests/smoke/web.sh DIR}"
cd "$(dirname "$0")/../.."
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
bash scripts/web-build.sh "$dir/site"
bash scripts/deps.sh chromium
command -v node >/dev/null || bash scripts/deps.sh nodejs npm
# playwright-core drives Debian's chromium; it never downloads a browser of its own.
tools="${DELVE_TOOLS:-$HOME/.cache/delve-tools}/node"
if [ ! -d "$tools/node_modules/playwright-core" ]; then
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-save --silent playwright-core@1.65.1
fi
# A free port; `serve PORT LOG COMMAND...` starts a server there (its pid in $servers, all
# stopped on exit) and waits until it answers.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
servers=""
trap 'kill $servers 2>/dev/null || true' EXIT
serve() {
  local port="$1" log="$2"
  shift 2
  "$@" > "$log" 2>&1 &
  servers="$servers $!"
  for _ in $(seq 50); do
    curl -sf "http://127.0.0.1:$port/" >/dev/null && break
    sleep 0.1
  done
}
port=$(free_port)
serve "$port" "$dir/server.log" python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dir/site"
rm -rf "$dir"/web*.png "$dir/web.replay" "$dir/mods-to-add"
# The folder the page is given: a mod made by `delve new-mod`, and one with a TOML error.
cargo run --locked --quiet --bin delve -- new-mod webmod --mods "$dir/mods-to-add" >/dev/null
cp -r tests/fixtures/mods/toml_syntax/* "$dir/mods-to-add/"
status=0
NODE_TOOLS="$tools" node tests/web/smoke.mjs "http://127.0.0.1:$port/?seed=7" "$dir" "$dir/mods-to-add" \
  | tee "$dir/web.json" || status=$?
for shot in web web-touch web-look-touch web-classes-touch web-portrait web-settings-touch web-watch web-import web-mods; do
  [ -f "$dir/$shot.png" ] && python3 tests/smoke/check_png.py "$dir/$shot.png" || status=1
done
# The other two ways the wasm arrives: gzip when the page has no Brotli decoder, and Brotli
# decoded by the browser when the host sends it with `Content-Encoding: br`.
port2=$(free_port)
serve "$port2" "$dir/server-encoded.log" python3 tests/web/serve_encoded.py "$port2" "$dir/site"
NODE_TOOLS="$tools" node tests/web/encodings.mjs "http://127.0.0.1:$port/?seed=7" \
  "http://127.0.0.1:$port2/?seed=7" | tee "$dir/encodings.json" || status=1
# The core pack's files, which the page fetches: one missing and one changed each stop the
# start with a sentence naming the file.
NODE_TOOLS="$tools" node tests/web/core_files.mjs "http://127.0.0.1:$port/?seed=7" \
  | tee "$dir/core-files.json" || status=1
if [ -f "$dir/web.replay" ]; then
  # The browser's run, replayed by the native core with the core pack alone (the page's
  # example mods are off on a first start): it must end in the hash it recorded.
  cargo run --locked --quiet --bin delve -- replay "$dir/web.replay" || status=1
else
  status=1
fi
exit $status
