# Sourced by the wasm scripts: the browser build route (docs/design/browser-build.md). Debian's rustc-web
# (1.96) builds std for wasm32 itself; it comes first on PATH only for these builds, in its
# own target dir so the native builds' artefacts are not rebuilt by a second rustc.
bash "$(dirname "${BASH_SOURCE[0]}")/deps.sh" rustc-web cargo-web rust-web-src lld-22
export WASM_TARGET_DIR="${WASM_TARGET_DIR:-$HOME/.cache/delve-wasm}"
# Without CI's clippy wrapper (.ci/run): rustup's clippy-driver is not this rustc's.
wasm_cargo() {
  env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS PATH="/usr/bin:$PATH" RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_DIR="$WASM_TARGET_DIR" /usr/bin/cargo "$@" \
    -Z build-std=std,panic_abort --target wasm32-unknown-unknown
}
