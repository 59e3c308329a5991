#!/usr/bin/env bash
# Packages for players, into dist/:
# - delve-VERSION-linux-x86_64.tar.gz: the release binary, the example mods, a players' README,
#   the licences and the art, sound and font credits. Unpacked anywhere and started from any
#   folder, the game keeps its files in the platform's data folder (src/places.rs).
# - delve-VERSION-web.zip: the published browser build as a static site, playable from any
#   static file host or `python3 -m http.server`.
# Not run by CI: a release build of Bevy is long (docs/BUILDING.md, packages).
# Usage: scripts/package.sh [native|web|all]   (all by default)
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
case "$what" in native|web|all) ;; *) echo "usage: scripts/package.sh [native|web|all]" >&2; exit 2 ;; esac
bash scripts/deps.sh zip openssl
# npm fetches the font's licence text from its registry package.
command -v npm >/dev/null || bash scripts/deps.sh nodejs npm
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
# The version line's commit (build.rs), the same for both packages.
export DELVE_COMMIT="${DELVE_COMMIT:-$(git rev-parse --short=9 HEAD 2>/dev/null || echo unknown)}"
mkdir -p dist
dist="$(cd dist && pwd)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

# The licence of the default font Bevy draws text with (FiraMono, compiled into the binary):
# its OFL text from a registry package, checked against the integrity the registry states.
# Fetched once a run: both packages copy it.
font_licence() {
  local made="$stage/font/FONT.txt"
  if [ -f "$made" ]; then
    cp "$made" "$1"
    return
  fi
  local pkg="@fontsource/fira-mono@5.3.0"
  local sum="sha512-FZzRwKhpoXQU1uhEGKUg5AHUUdfiaTXxGCdBBeGHUmcZaqEDEmndSVvpXHkSViH25f/UiWfhcWTib+6A8o4qeQ=="
  local tmp="$stage/font"
  mkdir -p "$tmp"
  (cd "$tmp" && npm pack --silent "$pkg" >/dev/null)
  local got="sha512-$(openssl dgst -sha512 -binary "$tmp"/*.tgz | base64 -w0)"
  [ "$got" = "$sum" ] || { echo "package: $pkg does not match its integrity" >&2; exit 1; }
  tar -xzf "$tmp"/*.tgz -C "$tmp" package/LICENSE
  {
    echo "FiraMono (the game's text font, in Bevy's bevy_text crate):"
    echo "Digitized data copyright (c) 2012-2015, The Mozilla Foundation and Telefonica S.A."
    echo "Licensed under the SIL Open Font License, Version 1.1, whose text follows (from the"
    echo "npm package $pkg)."
    echo
    sed -n '/SIL OPEN FONT LICENSE/,$p' "$tmp/package/LICENSE"
  } > "$made"
  cp "$made" "$1"
}

# What both packages carry beside the game.
papers() {
  local to="$1"
  mkdir -p "$to/licences"
  cp docs/PLAYERS.md "$to/README.md"
  cp CHANGELOG.md LICENSE-MIT LICENSE-APACHE "$to/"
  cp assets/art/CREDITS.md "$to/licences/ART.md"
  cp assets/sounds/CREDITS.md "$to/licences/SOUNDS.md"
  font_licence "$to/licences/FONT.txt"
}

if [ "$what" != web ]; then
  cargo build --release --locked --features app --bin delve
  name="delve-$version-linux-x86_64"
  mkdir -p "$stage/$name"
  cp "${CARGO_TARGET_DIR:-target}/release/delve" "$stage/$name/"
  # The example mods, off until the player turns one on; `mods/` is where a player's go.
  cp -r assets/examples "$stage/$name/examples"
  mkdir -p "$stage/$name/mods"
  cp mods/README.md "$stage/$name/mods/"
  papers "$stage/$name"
  tar -czf "$dist/$name.tar.gz" -C "$stage" "$name"
  echo "package: $dist/$name.tar.gz ($(stat -c %s "$dist/$name.tar.gz") bytes)"
fi

if [ "$what" != native ]; then
  name="delve-$version-web"
  bash scripts/web-build.sh "$stage/$name"
  papers "$stage/$name"
  rm -f "$dist/$name.zip"
  (cd "$stage" && zip -qr "$dist/$name.zip" "$name")
  echo "package: $dist/$name.zip ($(stat -c %s "$dist/$name.zip") bytes)"
fi
