#!/usr/bin/env bash
# Prepares the published browser build's sources: a copy of the project whose bevy_reflect is
# the registry's own package (checked against Cargo.lock's checksum) with one default feature
# left out, auto-registration; prints the copy's path.
# Why: Bevy turns auto-registration on through `reflect_auto_register`, which Delve leaves off,
# so the game never reads those registrations; but Bevy 0.19's own crates depend on
# bevy_reflect with its default features, which include the registrations' inventory, and that
# keeps the code of every reflected type in the download: 5.4 MB of the 20 MB (README: sizes).
# Cargo has no way to turn a dependency's default feature off, hence the patched copy. The
# copy's Cargo.lock is checked to add or change nothing but bevy_reflect's entry (crates only
# the registrations used, such as inventory, drop out).
# Usage: scripts/web-reflect.sh DIR   (run from the project's root)
set -euo pipefail
dir="${1:?usage: scripts/web-reflect.sh DIR}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
entry() { awk -v n="$1" '/^\[\[package\]\]$/{p=0} $0=="name = \""n"\""{p=1} p' Cargo.lock; }
version=$(entry bevy_reflect | sed -n 's/^version = "\(.*\)"$/\1/p')
sum=$(entry bevy_reflect | sed -n 's/^checksum = "\(.*\)"$/\1/p')
[ -n "$version" ] && [ -n "$sum" ] || { echo "web-reflect: no bevy_reflect from the registry in Cargo.lock" >&2; exit 1; }
PATH="/usr/bin:$PATH" cargo fetch --locked --target wasm32-unknown-unknown >/dev/null
crate=$(ls "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/"bevy_reflect-$version.crate" | head -1)
echo "$sum  $crate" | sha256sum --check --quiet - || { echo "web-reflect: $crate does not match Cargo.lock's checksum" >&2; exit 1; }
rm -rf "$dir/bevy_reflect-$version"
tar -xzf "$crate" -C "$dir"
python3 - "$dir/bevy_reflect-$version/Cargo.toml" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
default = re.search(r'^default = \[\n(.*?)^\]', text, re.S | re.M)
line = '    "auto_register_inventory",\n'
if not default or line not in default.group(1):
    sys.exit(f"web-reflect: {path}: no auto_register_inventory in its default features")
start, end = default.span(1)
open(path, "w").write(text[:start] + default.group(1).replace(line, "") + text[end:])
PY
# The project's files (not its build outputs), times kept so an unchanged file is not rebuilt.
rm -rf "$dir/delve"
mkdir -p "$dir/delve"
tar --exclude=./target --exclude=./out --exclude=./.git --exclude=./saves -cf - . | tar -xf - -C "$dir/delve"
printf '\n[patch.crates-io]\nbevy_reflect = { path = "../bevy_reflect-%s" }\n' "$version" >> "$dir/delve/Cargo.toml"
(cd "$dir/delve" && PATH="/usr/bin:$PATH" cargo tree --offline --quiet --features app --target wasm32-unknown-unknown >/dev/null)
# Every other package of the copy's lock is one of the project's.
python3 - Cargo.lock "$dir/delve/Cargo.lock" <<'PY'
import sys
def packages(path):
    blocks = open(path).read().split("[[package]]\n")[1:]
    return {b.strip() for b in blocks if not b.startswith('name = "bevy_reflect"\n')}
ours, copy = packages(sys.argv[1]), packages(sys.argv[2])
extra = copy - ours
if extra:
    sys.exit("web-reflect: the patched Cargo.lock differs from the project's beyond bevy_reflect:\n"
             + "\n".join(sorted(b.splitlines()[0] + " " + b.splitlines()[1] for b in extra)))
PY
echo "$dir/delve"
