#!/usr/bin/env bash
# Regenerates assets/art/ (icons.png, icons.toml, CREDITS.md) from the game-icons.net icons:
# fetches the pinned npm package, checks its integrity, installs a pinned rasteriser into a
# venv (outside the game's crate graph) and packs the icons of scripts/art/icons.txt.
# Playing and CI need none of this: its output is committed.
set -euo pipefail

PACKAGE="@iconify-json/game-icons"
VERSION="1.2.4"
INTEGRITY="sha512-/HDDZxowXgDJcOEwPspUCq5RuDdl25OyZKdtxqqiPJQNTrWIym7r4StLzIVs77DyNzOWWhH5wDqwYR3WHeDfkg=="
# resvg's command line as a PyPI wheel, and Pillow to pack its output.
RESVG_CLI="0.44.0"
PILLOW="11.3.0"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/delve-art"
mkdir -p "$cache"

tarball="$cache/iconify-json-game-icons-$VERSION.tgz"
if [[ ! -f "$tarball" ]]; then
    (cd "$cache" && npm pack --silent "$PACKAGE@$VERSION" >/dev/null)
fi
actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
if [[ "$actual" != "$INTEGRITY" ]]; then
    echo "fetch-art: $tarball does not match the pinned integrity" >&2
    echo "  expected $INTEGRITY" >&2
    echo "  got      $actual" >&2
    echo "  (delete it to download again)" >&2
    exit 1
fi
rm -rf "$cache/package"
tar -xzf "$tarball" -C "$cache"

venv="$cache/venv"
if [[ ! -x "$venv/bin/python" ]]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check --only-binary :all: \
    "resvg-cli==$RESVG_CLI" "pillow==$PILLOW"

"$venv/bin/python" "$root/scripts/art/pack_atlas.py" \
    --package "$cache/package" \
    --list "$root/scripts/art/icons.txt" \
    --resvg "$venv/bin/resvg" \
    --out "$root/assets/art"
