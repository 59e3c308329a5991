#!/usr/bin/env bash
# Prepares the published browser build's sources: a copy of the project in which some of Bevy's
# crates are the registry's own packages (checked against Cargo.lock's checksums) with the
# changes of scripts/patches/ applied; prints the copy's path. Each patch is named
# CRATE-VERSION-what.patch and opens with why it exists, what it saves (measured) and which
# upstream change would remove it. They only drop code the game never runs, and Cargo has no
# way to make them from Delve's own manifest; without them (WEB_PATCHES=0 in
# scripts/web-build.sh) the build works and is larger (docs/BUILDING.md, sizes).
# The copy's Cargo.lock is checked to change nothing but the patched crates' entries (crates
# only the dropped code used, such as inventory, drop out).
# Usage: scripts/web-patches.sh DIR   (run from the project's root)
set -euo pipefail
dir="${1:?usage: scripts/web-patches.sh DIR}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
entry() { awk -v n="$1" '/^\[\[package\]\]$/{p=0} $0=="name = \""n"\""{p=1} p' Cargo.lock; }
# Every package of the lock, not only the browser's: `cargo tree` below reads the whole
# graph offline, and on a new machine nothing else may have fetched the native-only ones yet.
PATH="/usr/bin:$PATH" cargo fetch --locked >/dev/null
patch_lines=""
patched=()
for file in scripts/patches/*.patch; do
  base="$(basename "$file" .patch)"
  # CRATE-VERSION-what: the crate's name may hold dashes, its version starts with a digit.
  [[ "$base" =~ ^(.+)-([0-9]+\.[0-9]+\.[0-9]+)-[^/]+$ ]] ||
    { echo "web-patches: $file: name it CRATE-VERSION-what.patch" >&2; exit 1; }
  name="${BASH_REMATCH[1]}" want="${BASH_REMATCH[2]}"
  version=$(entry "$name" | sed -n 's/^version = "\(.*\)"$/\1/p')
  sum=$(entry "$name" | sed -n 's/^checksum = "\(.*\)"$/\1/p')
  [ -n "$version" ] && [ -n "$sum" ] || { echo "web-patches: no $name from the registry in Cargo.lock" >&2; exit 1; }
  [ "$version" = "$want" ] || { echo "web-patches: $file is for $name $want, Cargo.lock has $version: make the patch again for it, or drop it" >&2; exit 1; }
  crate=$(ls "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/"$name-$version.crate" | head -1)
  echo "$sum  $crate" | sha256sum --check --quiet - || { echo "web-patches: $crate does not match Cargo.lock's checksum" >&2; exit 1; }
  # A crate with two patches is unpacked once, before the first.
  first=1
  [[ " ${patched[*]} " != *" $name "* ]] || first=0
  if [ "$first" = 1 ]; then
    rm -rf "${dir:?}/$name-$version"
    tar -xzf "$crate" -C "$dir"
  fi
  # The files the patch changes keep their packaged times, or the patch's own when it is newer:
  # the same change on the next run must not look like an edit, which would rebuild Bevy's
  # render crates and the game (9.5 minutes in CI's smoke), and an edited patch must.
  changed=$(sed -n 's#^+++ b/\([^\t]*\).*#\1#p' "$file")
  patch_time=$(stat -c %Y "$file")
  declare -A times=()
  for f in $changed; do
    times[$f]=$(stat -c %Y "$dir/$name-$version/$f")
    [ "${times[$f]}" -ge "$patch_time" ] || times[$f]=$patch_time
  done
  # No fuzz: a patch that does not apply exactly (another version's text) stops the build.
  patch --quiet -p1 -F0 --forward --no-backup-if-mismatch -d "$dir/$name-$version" < "$file" ||
    { echo "web-patches: $file does not apply to $name $version" >&2; exit 1; }
  for f in $changed; do touch -d "@${times[$f]}" "$dir/$name-$version/$f"; done
  unset times
  if [ "$first" = 1 ]; then
    patched+=("$name")
    patch_lines+="$name = { path = \"../$name-$version\" }"$'\n'
  fi
done
# The project's files (not its build outputs), times kept so an unchanged file is not rebuilt.
rm -rf "$dir/delve"
mkdir -p "$dir/delve"
tar --exclude=./target --exclude=./out --exclude=./.git --exclude=./saves -cf - . | tar -xf - -C "$dir/delve"
printf '\n[patch.crates-io]\n%s' "$patch_lines" >> "$dir/delve/Cargo.toml"
(cd "$dir/delve" && PATH="/usr/bin:$PATH" cargo tree --offline --quiet --features app --target wasm32-unknown-unknown >/dev/null)
# Every other package of the copy's lock is one of the project's.
# A package may lose dependencies (a feature the patches turn off: naga without its GLSL
# parser drops pp-rs), never gain or change anything else.
python3 - Cargo.lock "$dir/delve/Cargo.lock" "${patched[@]}" <<'PY'
import re, sys
lock, copy_lock, names = sys.argv[1], sys.argv[2], sys.argv[3:]
def packages(path):
    blocks = open(path).read().split("[[package]]\n")[1:]
    return {b.strip() for b in blocks if not any(b.startswith(f'name = "{n}"\n') for n in names)}
def split(block):
    deps = re.search(r"^dependencies = \[\n(.*?)^\]\n?", block + "\n", re.S | re.M)
    listed = set(re.findall(r'"([^"]+)"', deps.group(1))) if deps else set()
    rest = (block + "\n").replace(deps.group(0), "") if deps else block
    return rest.strip(), listed
original = {split(b)[0]: split(b)[1] for b in packages(lock)}
def fewer_deps(block):
    rest, listed = split(block)
    return rest in original and listed <= original[rest]
extra = {b for b in packages(copy_lock) - packages(lock) if not fewer_deps(b)}
if extra:
    sys.exit("web-patches: the patched Cargo.lock differs from the project's beyond "
             + ", ".join(names) + ":\n"
             + "\n".join(sorted(b.splitlines()[0] + " " + b.splitlines()[1] for b in extra)))
PY
echo "$dir/delve"
