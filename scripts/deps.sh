#!/usr/bin/env bash
# Installs what a build needs on Debian and Ubuntu (apt), skipping what is already there.
# Elsewhere it installs nothing: it names the packages to install on Fedora, Arch or macOS,
# checks the build's C libraries with pkg-config where it can, and goes on when cargo is present.
# Usage: scripts/deps.sh [extra Debian packages...]   (the smoke tests' extras: Xvfb, Chromium...)
set -euo pipefail
# The C libraries Bevy's Linux backends link (audio, input devices, Wayland, keyboard maps) and
# pkg-config to find them. mold only makes linking faster (scripts/link-gcc.sh uses it if present).
base=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev mold)
# The same libraries by pkg-config's names, to check a system whose packages we cannot ask.
pc_names=(alsa libudev wayland-client xkbcommon)

need_cargo() {
  command -v cargo >/dev/null || { echo "cargo not found: install Rust 1.95 or newer (https://rustup.rs)" >&2; exit 1; }
}

os_id=""
if [ -r /etc/os-release ]; then
  # shellcheck disable=SC1091
  os_id="$(. /etc/os-release && echo "${ID:-} ${ID_LIKE:-}")"
fi

if [ "$(uname -s)" = Linux ] && command -v apt-get >/dev/null && command -v dpkg-query >/dev/null &&
  [[ " $os_id " =~ \ (debian|ubuntu)\  ]]; then
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
  need_cargo
  exit 0
fi

# Not Debian or Ubuntu: say what to install, install nothing.
case "$(uname -s) $os_id" in
  Darwin*)
    echo "deps: macOS needs no libraries beyond Xcode's command line tools (xcode-select --install)." ;;
  *fedora*|*rhel*|*centos*)
    echo "deps: on Fedora: sudo dnf install gcc pkgconf-pkg-config alsa-lib-devel systemd-devel wayland-devel libxkbcommon-devel mold" ;;
  *arch*|*manjaro*)
    echo "deps: on Arch: sudo pacman -S --needed gcc pkgconf alsa-lib systemd-libs wayland libxkbcommon mold" ;;
  *)
    echo "deps: not Debian, Ubuntu, Fedora, Arch or macOS: install your system's development packages for ${pc_names[*]} (pkg-config names) and a C compiler." ;;
esac
if [ "$(uname -s)" = Linux ] && command -v pkg-config >/dev/null; then
  absent=()
  for name in "${pc_names[@]}"; do pkg-config --exists "$name" || absent+=("$name"); done
  if [ ${#absent[@]} -gt 0 ]; then
    echo "deps: pkg-config does not find: ${absent[*]}; the build of the game's window will fail without them" >&2
  fi
fi
if [ $# -gt 0 ]; then
  echo "deps: these Debian packages are wanted too; install your system's equivalents: $*"
fi
need_cargo
