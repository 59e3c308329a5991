"""Runs Orca (Debian's orca 43) and the game in one private session, sends keys with xdotool
and checks what Orca says after each: the `SPEECH OUTPUT:` lines of Orca's debug log.
Usage (inside dbus-run-session and an X display): orca_drive.py DELVE_BINARY DIR
Writes DIR/orca-transcript.txt (what was spoken, grouped under the key sent before it),
DIR/orca-debug.log (Orca's own log) and DIR/orca-game.log (the game's).
ORCA_SMOKE_PART=menu stops after the menus (see IN_RUN below for what the run's steps need)."""
import collections
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

binary, out = sys.argv[1], sys.argv[2]
PART = os.environ.get("ORCA_SMOKE_PART", "all")

# The game's command line: the fixture mod gives the fighter 6 health on a small floor 1
# crowded with goblins and skeletons, so a fight comes within a few steps and the hero dies in
# it (tests/fixtures/orca_mods).
GAME_ARGS = ["play", "--mods", "tests/fixtures/orca_mods"]

# What Orca must say, in order. Each step: the part it belongs to, the keys sent (None: give
# the game's window the focus, as a window manager would), and the words expected in what
# Orca says after them, in this order (substrings of its utterances, joined); SOMETHING: any
# words at all. Within one key's step nothing may be said twice, no object may be said by
# its role alone ("label.": a focused object without a name), and no announcement may end
# with its role ("… for 5. label.").
# (Orca hears no keys typed into the game, so there is no key echo here: AT-SPI gets key
# events from a toolkit's bridge, and AccessKit forwards none.)
SOMETHING = [""]
#
# The menus: the game moves AccessKit's focus to the entry under the cursor (a push button),
# and Orca says the focused object (onFocusedChanged), with the screen's panel on arrival.
MENUS = [
    ("menu", None, ["Main menu", "New run: N push button"]),
    ("menu", ["Down"], ["Random seed: R"]),
    ("menu", ["Down"], ["Daily challenge"]),
    ("menu", ["Up"], ["Random seed: R"]),
    ("menu", ["Up"], ["New run: N"]),
    # New run (seed 1, the menu's own): the class choice, the focus on its first class.
    ("menu", ["Return"], ["Choose your delver", "Fighter: 1 push button"]),
    ("menu", ["Down"], ["Rogue: 2"]),
    ("menu", ["Up"], ["Fighter: 1"]),
]
# IN_RUN: a run's news. Orca 43 does not listen for object:announcement (AccessKit's live
# regions), and it ignores name changes of labels; it says what takes the focus. So in a run
# each announcement is a new entry of the game's "Messages" log that takes the focus, and
# these words come from there: adjust them here.
IN_RUN = [
    # The fighter (seed 1): the run starts with its welcome.
    ("run", ["Return"], ["Welcome to Delve. Seed 1."]),
    # A move, then V: the surroundings, read on the key.
    ("run", ["h"], SOMETHING),
    ("run", ["v"], ["Floor 1 of", "You stand on", "Health"]),
    # Auto-explore (X) until a monster comes into view.
    ("run", ["x"], ["comes into view"], 3),
    # Autofight (Shift+F) walks to the nearest monster in view until the fight begins (at
    # most twelve presses, each one turn).
    ("fight", ["shift+f"], ["A fight begins with the"], 12),
    # Wait (Space) until the hero's health is low (said at once), then autofight refuses and
    # says why (no turn passes), then wait until the hero dies: the death is said at once.
    ("death", ["space"], ["Health low"], 8),
    ("death", ["shift+f"], ["Autofight refused: health", "is below 50%"]),
    ("death", ["space"], ["You are killed by the"], 12),
]
STEPS = MENUS + ([] if PART == "menu" else IN_RUN)

# What Orca says of a focused object without a name: its role alone.
ROLES_ALONE = {"label", "panel", "push button", "log", "menu", "frame", "unknown", "filler"}
# An announcement is its words alone: a role said after a sentence ("… for 5. label.") fails.
# (A menu's entry is a push button, and says so.)
TRAILING_ROLE = re.compile(r".*[.!?)]\s+(" + "|".join(sorted(ROLES_ALONE - {"push button", "menu"}
                                                              | {"status bar", "statusbar"})) + r")\.?$", re.S)
# The log speaks to the player: a line naming the hero in the third person ("Skeleton hits Hero
# for 6.") or a creature with a capital mid-sentence ("The Skeleton") fails.
SECOND_VOICE = re.compile(r"\b(hits|hurts|misses|on) Hero\b|\bHero (hits|uses)\b"
                          r"|\b(the|a|an) (Skeleton|Goblin|Cave bat|Giant rat|Forager|Orc)\b")

STEP_TIMEOUT = 15  # the game renders in software: a key's answer can take seconds
SETTLE = 1.5  # after the expected words, how long to listen for more (a repeat) before the next key
QUIET = 4  # a step that expects nothing listens this long
START_TIMEOUT = 90  # the game's window, then its first focus spoken

log_path = f"{out}/orca-debug.log"
game_log = f"{out}/orca-game.log"
transcript_path = f"{out}/orca-transcript.txt"

# `HH:MM:SS.ffffff - SPEECH OUTPUT: 'words'{voice}`; a key's echo has a space before the voice
# ("'v ' {...}"), another voice its name (" voice=uppercase"). The words may span lines.
# (This Orca has no speech server: see session_env.)
SPEECH_START = "SPEECH OUTPUT: '"
SPEECH = re.compile(r"SPEECH OUTPUT: '(.*)'(?: voice=\w+)? ?(\{.*\}|None)?$", re.S)


class OrcaLog:
    """Reads the utterances Orca logs, as they come."""

    def __init__(self, path):
        self.path, self.pos, self.rest, self.open = path, 0, "", None

    def new(self):
        try:
            with open(self.path, encoding="utf-8", errors="replace") as f:
                f.seek(self.pos)
                data = f.read()
                self.pos = f.tell()
        except FileNotFoundError:
            return []
        data = self.rest + data
        lines = data.split("\n")
        self.rest = lines.pop()  # a line not finished yet
        said = []
        for line in lines:
            if self.open is not None:
                self.open += "\n" + line
            elif SPEECH_START in line:
                self.open = line[line.index(SPEECH_START):]
            else:
                continue
            m = SPEECH.match(self.open)
            if m:
                # Orca's log indents an utterance's further lines under its timestamp.
                said.append(m.group(1).replace("\n" + " " * 18, "\n").strip())
                self.open = None
            elif self.open.count("\n") > 50:
                said.append(self.open)  # not Orca's format: keep it as it came
                self.open = None
        return said


class Transcript:
    def __init__(self, path):
        self.f = open(path, "w", encoding="utf-8")
        self.f.write("# What Orca said (SPEECH OUTPUT in its debug log), under the key sent before it.\n")

    def heading(self, text):
        self.f.write(f"> {text}\n")
        self.f.flush()

    def said(self, words):
        for w in words:
            self.f.write(f"  {w!r}\n" if "\n" in w or '"' in w else f'  "{w}"\n')
        self.f.flush()


def fail(msg):
    print(f"orca: {msg}", file=sys.stderr)
    sys.exit(1)


def found_in_order(said, expect):
    if not said:
        return False
    text, at = "\n".join(said), 0
    for words in expect:
        i = text.find(words, at)
        if i < 0:
            return False
        at = i + len(words)
    return True


def xdotool(*args, timeout=10):
    try:
        return subprocess.run(["xdotool", *args], capture_output=True, text=True,
                              timeout=timeout).stdout.split()
    except subprocess.TimeoutExpired:
        return []


def game_window():
    found = xdotool("search", "--name", "^Delve")
    return found[0] if found else None


def session_env():
    """Orca's home: settings in memory, its customizations (below), a private runtime dir."""
    home = tempfile.mkdtemp(prefix="orca-home-")
    runtime = tempfile.mkdtemp(prefix="orca-xdg-")
    os.chmod(runtime, 0o700)
    os.makedirs(f"{home}/.local/share/orca")
    # Orca kills itself (SIGKILL) when an AT-SPI call takes 10 s (timeoutTime), and its debug
    # file is block-buffered, so that kill would lose the log: no hang check, a line-buffered log.
    # No sound card here: speech-dispatcher's synthesizer fails to open audio and Orca's next
    # call to it never returns, so Orca gets no speech server. It logs each utterance (SPEECH
    # OUTPUT) before it would hand it to one, which is what this smoke reads.
    with open(f"{home}/.local/share/orca/orca-customizations.py", "w") as f:
        f.write("import orca.debug, orca.settings, orca.speech\n"
                "orca.settings.timeoutTime = 0\n"
                "if orca.debug.debugFile:\n"
                "    orca.debug.debugFile.reconfigure(line_buffering=True)\n"
                "orca.speech.init = lambda: None\n")
    env = dict(os.environ, HOME=home, XDG_RUNTIME_DIR=runtime, GSETTINGS_BACKEND="memory")
    return env


def start_bus(env):
    """The AT-SPI bus, with "screen reader enabled" on: AccessKit's adapter waits for it."""
    bus = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    session = Gio.bus_get_sync(Gio.BusType.SESSION)
    deadline = time.time() + 15
    while True:
        try:
            session.call_sync(
                "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
                GLib.Variant("(ssv)", ("org.a11y.Status", "ScreenReaderEnabled",
                                       GLib.Variant("b", True))),
                None, Gio.DBusCallFlags.NONE, 5000, None)
            return bus
        except GLib.Error:
            if time.time() > deadline:
                fail("the AT-SPI bus did not start")
            time.sleep(0.5)


def main():
    # The smoke's timeout (TERM) still ends the processes and removes the temporary dirs.
    signal.signal(signal.SIGTERM, lambda *_: fail("timed out (SIGTERM)"))
    env = session_env()
    procs = []
    try:
        procs.append(start_bus(env))
        # One Orca per user: `orca --replace` would SIGKILL any other (a developer's own screen
        # reader, another smoke), and without it Orca refuses to start beside one.
        others = subprocess.run(["pgrep", "-u", str(os.getuid()), "-x", "orca"],
                                capture_output=True, text=True).stdout.split()
        if others:
            fail(f"another Orca runs as this user (pids {' '.join(others)}); Orca allows one "
                 "per user, and this smoke does not replace it")
        # A crash in Orca (a segfault under its GObject bindings) prints its Python stack.
        orca = subprocess.Popen(["orca", f"--debug-file={log_path}"],
                                env=dict(env, PYTHONFAULTHANDLER="1"),
                                stdout=open(f"{out}/orca-stdout.log", "w"),
                                stderr=subprocess.STDOUT)
        procs.append(orca)
        speech, transcript = OrcaLog(log_path), Transcript(transcript_path)
        transcript.heading("(Orca starts)")
        said, deadline = [], time.time() + 30
        while "Screen reader on." not in said:
            if time.time() > deadline or orca.poll() is not None:
                with open(f"{out}/orca-stdout.log") as f:
                    said_out = f.read()[-2000:]
                fail(f"Orca did not start (see {log_path}); its output:\n{said_out}")
            time.sleep(0.3)
            new = speech.new()
            said += new
            transcript.said(new)
        time.sleep(1)
        transcript.said(speech.new())

        game = subprocess.Popen([binary, *GAME_ARGS], env=env, stdout=open(game_log, "w"),
                                stderr=subprocess.STDOUT)
        procs.append(game)
        start = time.time()
        wid = None
        while wid is None:
            if time.time() - start > START_TIMEOUT or game.poll() is not None:
                fail(f"the game's window did not open; see {game_log}")
            time.sleep(1)
            wid = game_window()

        def focus():
            xdotool("windowfocus", "--sync", wid, timeout=5)

        def listen(n, what, t0, expect, limit, quiet_ends=False, window=False):
            """What Orca says from `t0`: until `expect` has been said in order (and SETTLE more
            seconds, to hear a repeat), or with nothing expected QUIET seconds, or `limit`
            seconds; with `quiet_ends`, also once something was said and QUIET seconds passed
            with nothing new. Fails on Orca's or the game's end and on an object said by its
            role alone. `window`: the window gets the focus again every 5 s until something is
            said (the game answers once it has drawn its first frame)."""
            said, met_at, last, refocus = [], None, t0, t0 + 5
            while True:
                if orca.poll() is not None:
                    why = (" (SIGKILL: another `orca --replace` by this user kills every other "
                           "Orca)" if orca.returncode == -9 else "")
                    fail(f"step {n} ({what}): Orca died, exit status {orca.returncode}{why}; "
                         f"see {log_path}")
                if game.poll() is not None:
                    fail(f"step {n} ({what}): the game quit; see {game_log}")
                time.sleep(0.2)
                new = speech.new()
                now = time.time()
                if new:
                    said += new
                    last = now
                    transcript.said(new)
                nameless = [s for s in new if s.rstrip(".").strip() in ROLES_ALONE]
                if nameless:
                    fail(f"step {n} ({what}): Orca said an object by its role alone (it has no "
                         f"name): {nameless}; all it said: {said}")
                other_voice = [s for s in new if SECOND_VOICE.search(s)]
                if other_voice:
                    fail(f"step {n} ({what}): a line not in the log's one voice: {other_voice}")
                trailing = [s for s in new if TRAILING_ROLE.match(s)]
                if trailing:
                    fail(f"step {n} ({what}): Orca said a role after an announcement's words: "
                         f"{trailing}")
                if met_at is None and expect and found_in_order(said, expect):
                    met_at = now
                if met_at is not None and now - met_at >= SETTLE:
                    return said
                if not expect and now - t0 >= QUIET:
                    return said
                if met_at is None and (now - t0 >= limit
                                       or (quiet_ends and said and now - last >= QUIET)):
                    return said
                if window and not said and now >= refocus:
                    focus()
                    refocus = now + 5

        def missed(n, what, expect, said, limit):
            spoken = "\n".join(f"  {s!r}" for s in said) or "  (nothing)"
            fail(f"step {n} ({what}): expected {expect} in order within {limit}; Orca said:\n"
                 f"{spoken}\n(transcript: {transcript_path})")

        def press_until(n, part, keys, expect, most):
            """Presses `keys` until what Orca says after one press holds `expect`, at most
            `most` times; nothing may be said twice after one press."""
            what = "key " + " ".join(keys)
            for press in range(1, most + 1):
                if xdotool("getwindowfocus") != [wid]:
                    focus()
                transcript.heading(what if most == 1 else f"{what} ({press})")
                speech.new()  # nothing said before the key counts for it
                t0 = time.time()
                subprocess.run(["xdotool", "key", "--delay", "100", *keys], check=True)
                said = listen(n, what, t0, expect, STEP_TIMEOUT, quiet_ends=most > 1)
                twice = [s for s, c in collections.Counter(s for s in said if s).items() if c > 1]
                if twice:
                    fail(f"step {n} ({what}, press {press}): said more than once: {twice}; "
                         f"all it said: {said}")
                print(f"orca: step {n} ({part}) {what}"
                      f"{'' if most == 1 else f' ({press})'}: {' | '.join(said) or '(nothing)'}"
                      f" [{time.time() - t0:.1f} s]")
                if not expect or found_in_order(said, expect):
                    return
            missed(n, what, expect, said,
                   f"{STEP_TIMEOUT} s" if most == 1 else f"{most} presses")

        for n, (part, keys, expect, *repeat) in enumerate(STEPS, 1):
            if keys is not None:
                press_until(n, part, keys, expect, repeat[0] if repeat else 1)
                continue
            what = "the game's window gets the focus"
            transcript.heading(what)
            speech.new()
            t0 = time.time()
            focus()
            said = listen(n, what, t0, expect, START_TIMEOUT, window=True)
            if not found_in_order(said, expect):
                missed(n, what, expect, said, f"{START_TIMEOUT} s")
            print(f"orca: step {n} ({part}) {what}: {' | '.join(said)}"
                  f" [{time.time() - t0:.1f} s]")
        print(f"orca: {len(STEPS)} steps spoken as expected; transcript {transcript_path}")
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in reversed(procs):
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(env["HOME"], ignore_errors=True)
        shutil.rmtree(env["XDG_RUNTIME_DIR"], ignore_errors=True)


main()
