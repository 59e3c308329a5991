#!/usr/bin/env bash
# Prepares the published browser build's sources: a copy of the project in which two of Bevy's
# crates are the registry's own packages (checked against Cargo.lock's checksums) with one
# scripted change each; prints the copy's path. Both changes only drop code the game never runs
# (README: sizes), and Cargo has no way to make either from Delve's own manifest.
# - bevy_reflect without its default feature auto_register_inventory. Bevy turns
#   auto-registration on through `reflect_auto_register`, which Delve leaves off, so the game
#   never reads those registrations; but Bevy 0.19's own crates depend on bevy_reflect with
#   its default features, whose inventory keeps the code of every reflected type in the
#   download: 5.4 MB of the 20 MB.
# - bevy_core_pipeline without its 3D half: `CorePipelinePlugin` (in `DefaultPlugins`) adds the
#   3D pipeline, deferred lighting, order-independent transparency, mipmap generation and
#   motion vectors beside the 2D pipeline; a 2D game never draws with them.
# The copy's Cargo.lock is checked to change nothing but those two entries (crates only the
# registrations used, such as inventory, drop out).
# Usage: scripts/web-patches.sh DIR   (run from the project's root)
set -euo pipefail
dir="${1:?usage: scripts/web-patches.sh DIR}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
patched=(bevy_reflect bevy_core_pipeline)
entry() { awk -v n="$1" '/^\[\[package\]\]$/{p=0} $0=="name = \""n"\""{p=1} p' Cargo.lock; }
PATH="/usr/bin:$PATH" cargo fetch --locked --target wasm32-unknown-unknown >/dev/null
patch_lines=""
declare -A versions
for name in "${patched[@]}"; do
  version=$(entry "$name" | sed -n 's/^version = "\(.*\)"$/\1/p')
  sum=$(entry "$name" | sed -n 's/^checksum = "\(.*\)"$/\1/p')
  [ -n "$version" ] && [ -n "$sum" ] || { echo "web-patches: no $name from the registry in Cargo.lock" >&2; exit 1; }
  versions[$name]=$version
  crate=$(ls "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/"$name-$version.crate" | head -1)
  echo "$sum  $crate" | sha256sum --check --quiet - || { echo "web-patches: $crate does not match Cargo.lock's checksum" >&2; exit 1; }
  rm -rf "$dir/$name-$version"
  tar -xzf "$crate" -C "$dir"
  patch_lines+="$name = { path = \"../$name-$version\" }"$'\n'
done
# Each change is an exact text replaced once; a text not found (another version) stops the build.
python3 - "$dir" "${versions[bevy_reflect]}" "${versions[bevy_core_pipeline]}" <<'PY'
import os, sys
root, reflect, pipeline = sys.argv[1:]
def change(path, old, new):
    text = open(path).read()
    if text.count(old) != 1:
        sys.exit(f"web-patches: {path}: the text to change is not there once:\n{old}")
    times = os.stat(path)
    open(path, "w").write(text.replace(old, new))
    # The packaged file's time again: the same change on the next run must not look like an
    # edit, which would rebuild Bevy's render crates and the game (9 minutes in CI's smoke).
    os.utime(path, ns=(times.st_atime_ns, times.st_mtime_ns))
change(f"{root}/bevy_reflect-{reflect}/Cargo.toml",
       '    "debug",\n    "auto_register_inventory",\n]', '    "debug",\n]')
lib = f"{root}/bevy_core_pipeline-{pipeline}/src/lib.rs"
change(lib, """use crate::{
    blit::BlitPlugin, core_2d::Core2dPlugin, core_3d::Core3dPlugin,
    deferred::copy_lighting_id::CopyDeferredLightingIdPlugin, mip_generation::MipGenerationPlugin,
    prepass::BackgroundMotionVectorsPlugin, tonemapping::TonemappingPlugin,
    upscaling::UpscalingPlugin,
};""", """use crate::{
    blit::BlitPlugin, core_2d::Core2dPlugin, tonemapping::TonemappingPlugin,
    upscaling::UpscalingPlugin,
};""")
change(lib, "use oit::OrderIndependentTransparencyPlugin;\n", "")
change(lib, """        app.add_plugins((Core2dPlugin, Core3dPlugin, CopyDeferredLightingIdPlugin))
            .add_plugins((
                BlitPlugin,
                TonemappingPlugin,
                UpscalingPlugin,
                OrderIndependentTransparencyPlugin,
                MipGenerationPlugin,
                BackgroundMotionVectorsPlugin,
            ));""", """        app.add_plugins((Core2dPlugin, BlitPlugin, TonemappingPlugin, UpscalingPlugin));""")
PY
# The project's files (not its build outputs), times kept so an unchanged file is not rebuilt.
rm -rf "$dir/delve"
mkdir -p "$dir/delve"
tar --exclude=./target --exclude=./out --exclude=./.git --exclude=./saves -cf - . | tar -xf - -C "$dir/delve"
printf '\n[patch.crates-io]\n%s' "$patch_lines" >> "$dir/delve/Cargo.toml"
(cd "$dir/delve" && PATH="/usr/bin:$PATH" cargo tree --offline --quiet --features app --target wasm32-unknown-unknown >/dev/null)
# Every other package of the copy's lock is one of the project's.
python3 - Cargo.lock "$dir/delve/Cargo.lock" "${patched[@]}" <<'PY'
import sys
lock, copy_lock, names = sys.argv[1], sys.argv[2], sys.argv[3:]
def packages(path):
    blocks = open(path).read().split("[[package]]\n")[1:]
    return {b.strip() for b in blocks if not any(b.startswith(f'name = "{n}"\n') for n in names)}
extra = packages(copy_lock) - packages(lock)
if extra:
    sys.exit("web-patches: the patched Cargo.lock differs from the project's beyond "
             + ", ".join(names) + ":\n"
             + "\n".join(sorted(b.splitlines()[0] + " " + b.splitlines()[1] for b in extra)))
PY
echo "$dir/delve"
