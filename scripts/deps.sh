#!/usr/bin/env bash
# Installs the Debian packages a build needs, skipping those already there.
# Usage: scripts/deps.sh [extra packages...]
set -euo pipefail
base=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev mold)
missing=()
for p in "${base[@]}" "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v cargo >/dev/null || { echo "cargo not found: install Rust 1.95+ (rustup)" >&2; exit 1; }
