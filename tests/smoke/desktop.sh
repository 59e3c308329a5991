#!/usr/bin/env bash
# Starts the real game in a window under Xvfb (Mesa's software Vulkan), lets it drive itself
# through its screens, and checks the screenshots it saved in DIR.
# Usage: tests/smoke/desktop.sh DIR
set -euo pipefail
dir="${1:?usage: tests/smoke/desktop.sh DIR}"
cd "$(dirname "$0")/../.."
bash scripts/deps.sh xvfb xauth mesa-vulkan-drivers
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
rm -rf "$dir"/*.png "$dir"/run.save* "$dir"/settings.toml* "$dir"/morgue "$dir"/replays \
  "$dir"/records.toml*
# Two tries of one daily and one of the day before, for the Daily table's picture.
cp tests/fixtures/smoke/records.toml "$dir/records.toml"
# Its own save file: the smoke never touches (or continues) the player's run.
export DELVE_SAVE="$dir/run.save"
export DELVE_SETTINGS="$dir/settings.toml"
# Built as the test build builds it: the integration tests make cargo build the `delve` binary
# with the tests' feature set, so Bevy is not compiled a second time (a plain `cargo build`
# resolves shared dependencies without the dev-dependencies' features and rebuilds Bevy).
cargo test --locked --features app,smoke --no-run
target="${CARGO_TARGET_DIR:-target}"
# Seed 23 as a hunter: the core pack (the example mods are off, as on a first start) and the
# fixture that puts a shop, doors, pools, grass, slingers and archers on floor 1 (`--mods
# tests/fixtures/shop_mods`),
# the explore bot throws, is shot at and fights on floor 1, so the run reaches every screen;
# the terrain's picture waits until the hero sees a door, shallows and grass at once. Its last
# stretch dives (`bot::dive`) to end the run.
SEED="${SMOKE_SEED:-23}"
CLASS="${SMOKE_CLASS:-hunter}"
# Two ghosts for the race's picture: the explore bot's runs of the same seed as a fighter and
# an arcanist, recorded under the game's content (the core pack and the fixture).
for ghost in fighter arcanist; do
  "$target/debug/delve" sim --mods tests/fixtures/shop_mods --seed "$SEED" --class "$ghost" \
    --turns 400 --record "$dir/ghost-$ghost.replay" > /dev/null
done
start=$(date +%s)
WGPU_BACKEND=vulkan timeout 180 xvfb-run -a -s "-screen 0 1280x800x24" \
  "$target/debug/delve" play --seed "$SEED" --class "$CLASS" --mods tests/fixtures/shop_mods \
  --race "$dir/ghost-fighter.replay" "$dir/ghost-arcanist.replay" --smoke "$dir" > "$dir/smoke.log" 2>&1 || {
  echo "smoke: the game failed or timed out; last lines of $dir/smoke.log:" >&2
  tail -20 "$dir/smoke.log" >&2
  exit 1
}
echo "smoke: game ran $(( $(date +%s) - start )) s"
shots=(menu mods classes floor race terrain explore ai target archer history help find inventory shop settings contrast combat gameover records daily watch)
for shot in "${shots[@]}"; do
  [ -f "$dir/$shot.png" ] || { echo "smoke: $shot.png was not taken; see $dir/smoke.log" >&2; exit 1; }
done
grep -h "creatures drawn from pictures\|smoke: watching" "$dir/smoke.log" | sed 's/.*smoke: /smoke: /'
# The finished run was kept beside the smoke's save: its morgue, its replay, the records.
for kept in "$dir"/morgue/*.txt "$dir"/replays/*.replay "$dir/records.toml"; do
  [ -f "$kept" ] || { echo "smoke: the finished run was not kept ($kept)" >&2; exit 1; }
done
# No sound card under Xvfb: the game says so once in its log and runs silent.
audio=$(grep -ci "audio" "$dir/smoke.log" || true)
if [ "$audio" != 1 ]; then
  echo "smoke: expected exactly one audio line in the game's log, found $audio:" >&2
  grep -i "audio" "$dir/smoke.log" >&2 || true
  exit 1
fi
files=()
for shot in "${shots[@]}"; do files+=("$dir/$shot.png"); done
python3 tests/smoke/check_png.py "${files[@]}"
