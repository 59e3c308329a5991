"""Starts the game, turns the session's "screen reader enabled" on and reads the game's
accessibility tree over AT-SPI with pyatspi (Debian's python3-pyatspi), as Orca would.
Usage (inside dbus-run-session and an X display): atspi_tree.py DELVE_BINARY DIR"""
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

binary, out = sys.argv[1], sys.argv[2]


def set_screen_reader(on):
    """The AT-SPI bus's own switch that AccessKit's Unix adapter waits for."""
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)
    bus.call_sync(
        "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
        GLib.Variant("(ssv)", ("org.a11y.Status", "ScreenReaderEnabled", GLib.Variant("b", on))),
        None, Gio.DBusCallFlags.NONE, 5000, None)


def walk(node, depth, lines, found):
    try:
        role = node.get_role_name()
        name = node.get_name() or ""
        states = node.get_state_set()
        focused = states.contains(Atspi.StateType.FOCUSED)
        text = ""
        if "Text" in (node.get_interfaces() or []):
            text = Atspi.Text.get_text(node, 0, Atspi.Text.get_character_count(node))
    except GLib.Error:
        return
    mark = " [focused]" if focused else ""
    lines.append(f"{'  ' * depth}{role}: {name!r}{' ' + repr(text) if text else ''}{mark}")
    found.append((role, name, text, focused))
    for i in range(node.get_child_count()):
        child = node.get_child_at_index(i)
        if child is not None:
            walk(child, depth + 1, lines, found)


def game_tree():
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is None:
            continue
        lines, found = [], []
        walk(app, 0, lines, found)
        if any(n == "New run: N" for _, n, _, _ in found):
            return lines, found
    return None, None


def wait_for(check, what, log):
    deadline = time.time() + 90
    while time.time() < deadline:
        lines, found = game_tree()
        if found and check(found):
            return lines, found
        time.sleep(1)
    print(f"atspi: {what} not seen; the game's log:\n" + open(log).read()[-3000:], file=sys.stderr)
    sys.exit(1)


def focused_button(found):
    return [n for r, n, _, f in found if f and r == "push button"]


def focus_window():
    """A window manager would focus the game's window; Xvfb has none. AccessKit reports the
    focused node only while its window has the focus."""
    found = subprocess.run(["xdotool", "search", "--name", "^Delve"], capture_output=True,
                           text=True).stdout.split()
    for w in found:
        subprocess.run(["xdotool", "windowfocus", "--sync", w], check=False,
                       capture_output=True)
    return bool(found)


set_screen_reader(True)
log = f"{out}/atspi-game.log"
game = subprocess.Popen([binary, "play"], stdout=open(log, "w"), stderr=subprocess.STDOUT)
try:
    deadline = time.time() + 60
    while not focus_window() and time.time() < deadline:
        time.sleep(1)
    time.sleep(3)
    focus_window()
    lines, found = wait_for(lambda f: focused_button(f) == ["New run: N"],
                            "the main menu with the focus on New run", log)
    labels = [t or n for r, n, t, _ in found if r == "label"]
    if "DELVE" not in labels:
        print(f"atspi: the title label is missing: {labels}", file=sys.stderr)
        sys.exit(1)
    focus_window()
    subprocess.run(["xdotool", "key", "Down"], check=True)
    after, found2 = wait_for(lambda f: focused_button(f) == ["Random seed: R"],
                             "the focus moving to Random seed after Down", log)
    with open(f"{out}/atspi.txt", "w") as f:
        f.write("\n".join(lines) + "\n\n# after Down\n" + "\n".join(after) + "\n")
    print(f"atspi: {len(found)} nodes; focused {focused_button(found)} then {focused_button(found2)}")
finally:
    game.terminate()
    try:
        game.wait(10)
    except subprocess.TimeoutExpired:
        game.kill()
