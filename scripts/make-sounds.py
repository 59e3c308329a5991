# Synthesises Delve's sound effects (assets/sounds/*.ogg) from nothing: deterministic; the
# standard library and Debian's oggenc (vorbis-tools) only.
"""Make the game's sound effects.

Every sound is built here from sines, filtered noise and envelopes; nothing is downloaded or
sampled. Each is rendered as 16-bit PCM mono at 22050 Hz (checked there), then encoded as
Ogg Vorbis at quality 5 by `oggenc`, one file per effect: a twelfth of the WAV's size in the
browser's download, and not to be told apart in a game's effects. The output is
byte-identical on every run (the noise comes from `random.Random` with a fixed seed per sound,
and the Ogg stream's serial number is fixed).

Usage:
    python3 scripts/make-sounds.py              # write assets/sounds/<name>.ogg
    python3 scripts/make-sounds.py --verbose    # also read each file back and print its stats
    python3 scripts/make-sounds.py --out DIR    # write somewhere else
"""

import argparse
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave

RATE = 22050
TAU = 2.0 * math.pi

# Peak levels in dBFS: most effects sit at -3, the ones heard constantly (footsteps, menu
# clicks) much lower so they never tire the ear.
LOUD = -3.0
QUIET = -12.0


# --- building blocks -------------------------------------------------------------------------


def n_samples(seconds):
    return int(round(seconds * RATE))


def silence(seconds):
    return [0.0] * n_samples(seconds)


def noise(n, rng):
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def lowpass(xs, cutoff):
    """One-pole low-pass; `cutoff` is a number in Hz or a function of the sample index."""
    out = []
    y = 0.0
    for i, x in enumerate(xs):
        fc = cutoff(i) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-TAU * fc / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(xs, cutoff):
    """One-pole high-pass (the input minus its low-passed self)."""
    return [x - y for x, y in zip(xs, lowpass(xs, cutoff))]


def bandpass(xs, centre, q):
    """Chamberlin state-variable band-pass; `centre` may be a function of the sample index."""
    out = []
    low = band = 0.0
    damp = 1.0 / q
    for i, x in enumerate(xs):
        fc = centre(i) if callable(centre) else centre
        f = 2.0 * math.sin(math.pi * min(fc, RATE / 6.0) / RATE)
        low += f * band
        high = x - low - damp * band
        band += f * high
        out.append(band)
    return out


def tone(n, freq, partials=((1.0, 1.0),), phase=0.0):
    """A tone whose frequency may glide (`freq` a function of the sample index); the phase is
    accumulated, so glides have no steps. `partials` are (multiple, amplitude) pairs."""
    out = []
    ph = phase
    for i in range(n):
        f = freq(i) if callable(freq) else freq
        s = 0.0
        for mult, amp in partials:
            s += amp * math.sin(ph * mult)
        out.append(s)
        ph += TAU * f / RATE
    return out


def glide(f0, f1, seconds):
    """Exponential (musical) glide from f0 to f1 over `seconds`, then holding f1."""
    n = max(1, n_samples(seconds))
    ratio = f1 / f0
    return lambda i: f0 * ratio ** min(1.0, i / n)


def adsr_exp(n, attack, tau, hold=0.0):
    """Envelope: raised-cosine attack of `attack` s, flat for `hold` s, then exponential decay
    with time constant `tau` s."""
    a = max(1, n_samples(attack))
    h = n_samples(hold)
    env = []
    for i in range(n):
        if i < a:
            env.append(0.5 - 0.5 * math.cos(math.pi * i / a))
        elif i < a + h:
            env.append(1.0)
        else:
            env.append(math.exp(-(i - a - h) / (tau * RATE)))
    return env


def mul(xs, ys):
    return [x * y for x, y in zip(xs, ys)]


def gain(xs, g):
    return [x * g for x in xs]


def mix_into(dest, src, at=0.0, g=1.0):
    """Add `src` into `dest` starting at `at` seconds (grows `dest` if needed)."""
    start = n_samples(at)
    need = start + len(src)
    if need > len(dest):
        dest.extend([0.0] * (need - len(dest)))
    for i, s in enumerate(src):
        dest[start + i] += g * s
    return dest


def echo(xs, taps, length):
    """Feed-forward echoes: `taps` are (delay s, gain); the result is `length` s long."""
    out = list(xs) + [0.0] * max(0, n_samples(length) - len(xs))
    out = out[: n_samples(length)]
    for delay, g in taps:
        d = n_samples(delay)
        for i in range(len(out) - 1, d - 1, -1):
            j = i - d
            if j < len(xs):
                out[i] += g * xs[j]
    return out


def soft_clip(xs, drive):
    k = math.tanh(drive)
    return [math.tanh(drive * x) / k for x in xs]


def fades(xs, fade_in=0.002, fade_out=0.008):
    """Raised-cosine fade-in and fade-out so no file starts or ends on a step."""
    n = len(xs)
    fi = max(1, n_samples(fade_in))
    fo = max(1, n_samples(fade_out))
    out = list(xs)
    for i in range(min(fi, n)):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fi)
    for k in range(min(fo, n)):
        out[n - 1 - k] *= 0.5 - 0.5 * math.cos(math.pi * k / fo)
    return out


def remove_dc(xs):
    mean = sum(xs) / len(xs)
    return [x - mean for x in xs]


def normalise(xs, peak_db):
    peak = max(abs(x) for x in xs) or 1.0
    return gain(xs, 10.0 ** (peak_db / 20.0) / peak)


# --- the sounds ------------------------------------------------------------------------------


def step(rng):
    """A soft footfall: low-passed noise thud with a faint low body, ~60 ms."""
    n = n_samples(0.060)
    thud = lowpass(lowpass(noise(n, rng), 700.0), 500.0)
    thud = mul(thud, adsr_exp(n, 0.003, 0.014))
    body = tone(n, glide(110.0, 70.0, 0.05))
    body = mul(body, adsr_exp(n, 0.004, 0.018))
    out = [t * 3.0 + 0.35 * b for t, b in zip(thud, body)]
    return out, QUIET, (0.001, 0.015)


def hit(rng):
    """A punch: short bright noise burst over a low sine body that drops in pitch, ~120 ms."""
    n = n_samples(0.120)
    burst = bandpass(noise(n, rng), lambda i: 2400.0 * math.exp(-i / (0.03 * RATE)) + 500.0, 1.2)
    burst = mul(burst, adsr_exp(n, 0.001, 0.012))
    body = tone(n, glide(180.0, 65.0, 0.08), ((1.0, 1.0), (2.0, 0.25)))
    body = mul(body, adsr_exp(n, 0.002, 0.035))
    out = [1.6 * a + b for a, b in zip(burst, body)]
    return soft_clip(out, 1.8), LOUD, (0.001, 0.02)


def miss(rng):
    """A swoosh: band-passed noise swept up then down, swelling and fading, ~150 ms."""
    n = n_samples(0.150)

    def centre(i):
        t = i / n
        return 500.0 + 2600.0 * math.sin(math.pi * t) ** 1.5

    sw = bandpass(noise(n, rng), centre, 2.5)
    env = [math.sin(math.pi * (i / n) ** 0.7) ** 2 for i in range(n)]
    out = lowpass(mul(sw, env), 5000.0)
    return out, LOUD, (0.004, 0.02)


def throw(rng):
    """A thrown thing's whistle: a thin band of noise gliding down as it passes, ~220 ms."""
    n = n_samples(0.220)

    def centre(i):
        return 3800.0 - 2300.0 * (i / n)

    sw = bandpass(noise(n, rng), centre, 6.0)
    env = [math.sin(math.pi * (i / n) ** 0.6) ** 2 for i in range(n)]
    out = lowpass(mul(sw, env), 7000.0)
    return out, LOUD, (0.004, 0.02)


def kill(rng):
    """A descending two-tone thump with a noise crunch, ~300 ms."""
    out = silence(0.300)
    warm = ((1.0, 1.0), (2.0, 0.3), (3.0, 0.1))
    n1 = n_samples(0.130)
    t1 = mul(tone(n1, glide(330.0, 260.0, 0.12), warm), adsr_exp(n1, 0.002, 0.05))
    mix_into(out, t1, 0.0, 0.8)
    n2 = n_samples(0.190)
    t2 = mul(tone(n2, glide(196.0, 110.0, 0.18), warm), adsr_exp(n2, 0.003, 0.07))
    mix_into(out, t2, 0.105, 1.0)
    nc = n_samples(0.090)
    crunch = lowpass(noise(nc, rng), 1800.0)
    crunch = mul(crunch, adsr_exp(nc, 0.001, 0.02))
    mix_into(out, crunch, 0.0, 1.4)
    mix_into(out, gain(crunch, 0.6), 0.105)
    sub = mul(tone(n2, glide(90.0, 50.0, 0.15)), adsr_exp(n2, 0.003, 0.06))
    mix_into(out, sub, 0.105, 0.6)
    return soft_clip(out[: n_samples(0.300)], 1.3), LOUD, (0.001, 0.03)


def pickup(rng):
    """A bright two-note chime (B5 then E6), ~180 ms."""
    out = silence(0.180)
    bell = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.05))
    for at, f, length in ((0.0, 987.77, 0.10), (0.060, 1318.51, 0.12)):
        n = n_samples(length)
        note = mul(tone(n, f, bell), adsr_exp(n, 0.003, 0.045))
        mix_into(out, note, at)
    out = lowpass(out[: n_samples(0.180)], 7000.0)
    return out, LOUD, (0.002, 0.03)


def descend(rng):
    """A low sweep down with a rumble, echoed as if down a stairwell, ~600 ms."""
    n = n_samples(0.340)
    sweep = tone(n, glide(320.0, 70.0, 0.32), ((1.0, 1.0), (2.0, 0.2), (3.0, 0.08)))
    sweep = mul(sweep, adsr_exp(n, 0.015, 0.12, hold=0.05))
    rumble = lowpass(lowpass(noise(n, rng), lambda i: 900.0 - 700.0 * i / n), 400.0)
    rumble = mul(rumble, adsr_exp(n, 0.02, 0.1, hold=0.04))
    dry = [s + 3.0 * r for s, r in zip(sweep, rumble)]
    wet = echo(dry, ((0.110, 0.45), (0.220, 0.22), (0.330, 0.1)), 0.600)
    return lowpass(wet, 2500.0), LOUD, (0.005, 0.06)


def levelup(rng):
    """A rising C-major arpeggio (C5 E5 G5 C6) with soft attacks, ~700 ms."""
    out = silence(0.700)
    warm = ((1.0, 1.0), (2.0, 0.28), (3.0, 0.1), (4.0, 0.04))
    notes = ((0.000, 523.25, 0.25), (0.085, 659.26, 0.25), (0.170, 783.99, 0.28),
             (0.255, 1046.50, 0.445))
    for k, (at, f, length) in enumerate(notes):
        n = n_samples(length)
        last = k == len(notes) - 1
        if last:
            vib = lambda i, f=f: f * (1.0 + 0.004 * math.sin(TAU * 5.5 * i / RATE)
                                      * min(1.0, i / (0.15 * RATE)))
            env = adsr_exp(n, 0.018, 0.16, hold=0.06)
        else:
            vib = f
            env = adsr_exp(n, 0.015, 0.11)
        mix_into(out, mul(tone(n, vib, warm), env), at, 1.0 if last else 0.8)
    # A faint shimmer an octave up on the top note.
    n = n_samples(0.40)
    shimmer = mul(tone(n, 2093.0), adsr_exp(n, 0.04, 0.12))
    mix_into(out, shimmer, 0.28, 0.15)
    return lowpass(out[: n_samples(0.700)], 6000.0), LOUD, (0.003, 0.06)


def death(rng):
    """A slow low tone sinking away with a slowing tremolo, ~1.2 s."""
    n = n_samples(1.200)
    freq = glide(196.0, 49.0, 1.1)
    body = tone(n, freq, ((1.0, 1.0), (2.0, 0.45), (3.0, 0.2), (4.0, 0.08)))
    # Tremolo from 7 Hz slowing to 3 Hz; the phase is accumulated so it slows smoothly.
    trem = []
    ph = 0.0
    for i in range(n):
        t = i / n
        trem.append(1.0 - 0.45 * (0.5 + 0.5 * math.sin(ph)))
        ph += TAU * (7.0 - 4.0 * t) / RATE
    env = []
    for i in range(n):
        t = i / RATE
        a = min(1.0, t / 0.06)
        d = 1.0 if t < 0.6 else max(0.0, 1.0 - (t - 0.6) / 0.6) ** 1.5
        env.append(a * d)
    murmur = lowpass(lowpass(noise(n, rng), 300.0), 200.0)
    out = [b * tr * e + 2.0 * m * e for b, tr, e, m in zip(body, trem, env, murmur)]
    return lowpass(out, lambda i: 1800.0 - 1300.0 * i / n), LOUD, (0.005, 0.05)


def alarm(rng):
    """The forager's alarm: a warbling hi-lo-hi-lo two-tone call, ~700 ms."""
    total = 0.700
    n = n_samples(total)
    hi, lo = 880.0, 660.0
    seg = n / 4.0

    def freq(i):
        # Hi and lo alternate each quarter with a 25 ms glide between, and a fast warble on top.
        k = int(i // seg)
        pos = i - k * seg
        target = hi if k % 2 == 0 else lo
        prev = lo if k % 2 == 0 else hi
        g = n_samples(0.025)
        if k > 0 and pos < g:
            u = pos / g
            u = u * u * (3.0 - 2.0 * u)
            base = prev + (target - prev) * u
        else:
            base = target
        return base * (1.0 + 0.018 * math.sin(TAU * 16.0 * i / RATE))

    body = tone(n, freq, ((1.0, 1.0), (2.0, 0.22), (3.0, 0.18), (5.0, 0.05)))
    env = []
    for i in range(n):
        k = int(i // seg)
        pos = (i - k * seg) / seg
        swell = 0.45 + 0.55 * math.sin(math.pi * pos) ** 0.6  # each call swells, then dips
        env.append(swell)
    outer = adsr_exp(n, 0.012, 1.0, hold=total)
    out = mul(mul(body, env), outer)
    tail = [max(0.0, min(1.0, (n - i) / (0.08 * RATE))) for i in range(n)]
    out = lowpass(mul(out, tail), 3500.0)
    return out, LOUD, (0.003, 0.02)


def menu(rng):
    """A tiny soft UI click, ~30 ms."""
    n = n_samples(0.030)
    ping = mul(tone(n, glide(1900.0, 1500.0, 0.02)), adsr_exp(n, 0.0008, 0.0045))
    tick = highpass(noise(n, rng), 2000.0)
    tick = mul(tick, adsr_exp(n, 0.0003, 0.0015))
    out = lowpass([p + 0.5 * t for p, t in zip(ping, tick)], 6000.0)
    return out, QUIET, (0.0005, 0.008)


def cue(rng):
    """A soft pitched blip for a monster seen moving or noticing: a damped 900 Hz sine with a
    tiny click on the attack, ~70 ms."""
    n = n_samples(0.070)
    ping = tone(n, glide(960.0, 880.0, 0.03), ((1.0, 1.0), (2.0, 0.12)))
    ping = mul(ping, adsr_exp(n, 0.0015, 0.016))
    nc = n_samples(0.010)
    click = highpass(noise(nc, rng), 2500.0)
    click = mul(click, adsr_exp(nc, 0.0003, 0.0012))
    out = mix_into(ping, click, 0.0, 0.35)
    return lowpass(out, 5000.0), QUIET, (0.0005, 0.012)


def spot(rng):
    """Something seen: a gentle rising two-note shimmer (E6 then A6, each a slightly detuned
    pair), ~200 ms."""
    out = silence(0.200)
    for at, f, length, g in ((0.0, 1318.51, 0.13, 0.8), (0.055, 1760.0, 0.145, 1.0)):
        n = n_samples(length)
        pair = [a + b for a, b in zip(tone(n, f), tone(n, f * 1.006, phase=1.0))]
        mix_into(out, mul(pair, adsr_exp(n, 0.012, 0.04)), at, g)
    out = lowpass(out[: n_samples(0.200)], 5000.0)
    return out, QUIET, (0.002, 0.03)


def heartbeat(rng):
    """A low double thump, lub-dub (the second softer and a little higher), ~450 ms."""
    out = silence(0.450)
    for at, f0, f1, g in ((0.0, 62.0, 42.0, 1.0), (0.165, 72.0, 48.0, 0.75)):
        n = n_samples(0.200)
        body = tone(n, glide(f0, f1, 0.08), ((1.0, 1.0), (2.0, 0.35), (3.0, 0.1)))
        body = mul(body, adsr_exp(n, 0.006, 0.038))
        thud = lowpass(lowpass(noise(n, rng), 260.0), 180.0)
        thud = mul(thud, adsr_exp(n, 0.004, 0.02))
        mix_into(out, [b + 2.5 * t for b, t in zip(body, thud)], at, g)
    out = lowpass(lowpass(out[: n_samples(0.450)], 500.0), 700.0)
    return out, LOUD, (0.002, 0.05)


def door(rng):
    """A wooden door: a short stick-slip creak rising in pitch, then a dull thunk as it
    swings to, ~250 ms."""
    out = silence(0.250)
    # The creak: a train of clicks, their rate gliding 45 -> 95 Hz with a little jitter, rung
    # through two wooden resonances.
    nc = n_samples(0.170)
    rate = glide(45.0, 95.0, 0.15)
    pulses = [0.0] * nc
    t = 0.0
    while t < nc:
        pulses[int(t)] = rng.uniform(0.6, 1.0)
        t += RATE / rate(int(t)) * rng.uniform(0.9, 1.1)
    grain = [p + 0.08 * x for p, x in zip(pulses, noise(nc, rng))]
    creak = [a + 0.6 * b for a, b in zip(bandpass(grain, 620.0, 7.0), bandpass(grain, 1350.0, 9.0))]
    env = [math.sin(math.pi * min(1.0, i / nc)) ** 0.8 for i in range(nc)]
    mix_into(out, mul(creak, env), 0.0, 3.5)
    # The thunk: low-passed noise and a low wooden body.
    nt = n_samples(0.100)
    thunk = lowpass(lowpass(noise(nt, rng), 900.0), 600.0)
    thunk = mul(thunk, adsr_exp(nt, 0.002, 0.018))
    body = mul(tone(nt, glide(150.0, 95.0, 0.05), ((1.0, 1.0), (2.7, 0.3))), adsr_exp(nt, 0.002, 0.025))
    mix_into(out, [3.5 * a + 0.9 * b for a, b in zip(thunk, body)], 0.150, 1.4)
    out = lowpass(out[: n_samples(0.250)], 4000.0)
    return soft_clip(out, 1.2), LOUD, (0.001, 0.02)


def step_water(rng):
    """A footfall in shallow water: a soft thud, a splash of noise rising in pitch and a
    couple of droplet chirps, ~120 ms."""
    n = n_samples(0.120)
    thud = mul(lowpass(lowpass(noise(n, rng), 500.0), 400.0), adsr_exp(n, 0.003, 0.015))
    splash = bandpass(noise(n, rng), lambda i: 900.0 + 2200.0 * i / n, 2.0)
    splash = mul(splash, adsr_exp(n, 0.008, 0.03))
    out = [2.5 * t + 0.8 * s for t, s in zip(thud, splash)]
    for at, f in ((0.025, 1100.0), (0.050, 1500.0)):
        nd = n_samples(0.030)
        drop = mul(tone(nd, glide(f, f * 1.7, 0.02)), adsr_exp(nd, 0.001, 0.007))
        mix_into(out, drop, at, 0.25)
    return lowpass(out[:n], 5000.0), QUIET, (0.001, 0.02)


def step_grass(rng):
    """A footfall in grass: a brushy rustle of high noise in small grains, over a faint
    thud, ~90 ms."""
    n = n_samples(0.090)
    brush = bandpass(noise(n, rng), 2600.0, 1.2)
    # Grains: the rustle flickers as blades brush past one another.
    flick = lowpass([rng.uniform(0.2, 1.0) for _ in range(n)], 150.0)
    env = [math.sin(math.pi * (i / n) ** 0.6) ** 2 for i in range(n)]
    brush = mul(mul(brush, flick), env)
    thud = mul(lowpass(lowpass(noise(n, rng), 500.0), 400.0), adsr_exp(n, 0.003, 0.012))
    out = [b + 1.2 * t for b, t in zip(brush, thud)]
    return lowpass(out, 5000.0), QUIET, (0.003, 0.02)


def step_wood(rng):
    """A footfall on boards: a hollow knock of two damped wooden modes and a short click,
    ~80 ms."""
    n = n_samples(0.080)
    low = mul(tone(n, glide(190.0, 175.0, 0.03)), adsr_exp(n, 0.001, 0.020))
    mid = mul(tone(n, 505.0), adsr_exp(n, 0.001, 0.010))
    nc = n_samples(0.012)
    click = mul(bandpass(noise(nc, rng), 1600.0, 1.5), adsr_exp(nc, 0.0004, 0.002))
    out = [a + 0.5 * b for a, b in zip(low, mid)]
    mix_into(out, click, 0.0, 0.8)
    return lowpass(out, 4000.0), QUIET, (0.0005, 0.015)


# name -> (maker, noise seed). The seeds are fixed so every run writes the same bytes.
SOUNDS = {
    "step": (step, 1001),
    "hit": (hit, 1002),
    "miss": (miss, 1003),
    "kill": (kill, 1004),
    "pickup": (pickup, 1005),
    "descend": (descend, 1006),
    "levelup": (levelup, 1007),
    "death": (death, 1008),
    "alarm": (alarm, 1009),
    "menu": (menu, 1010),
    "throw": (throw, 1011),
    "cue": (cue, 1012),
    "spot": (spot, 1013),
    "heartbeat": (heartbeat, 1014),
    "door": (door, 1015),
    "step_water": (step_water, 1016),
    "step_grass": (step_grass, 1017),
    "step_wood": (step_wood, 1018),
}


# --- output ----------------------------------------------------------------------------------


def render(name):
    maker, seed = SOUNDS[name]
    samples, peak_db, (fade_in, fade_out) = maker(random.Random(seed))
    samples = fades(remove_dc(samples), fade_in, fade_out)
    return normalise(samples, peak_db)


def to_pcm16(samples):
    ints = [max(-32767, min(32767, int(round(s * 32767.0)))) for s in samples]
    return struct.pack("<%dh" % len(ints), *ints)


def write_wav(path, samples):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(to_pcm16(samples))


def db(x):
    return 20.0 * math.log10(x) if x > 0 else float("-inf")


def inspect(path):
    """Read a written file back and describe it: format, duration, peak, RMS, DC, ends, and a
    coarse envelope drawn in characters."""
    with wave.open(path, "rb") as w:
        ch, width, rate, frames = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
        data = w.readframes(frames)
    assert (ch, width, rate) == (1, 2, RATE), (path, ch, width, rate)
    xs = [v / 32768.0 for v in struct.unpack("<%dh" % frames, data)]
    peak = max(abs(x) for x in xs)
    rms = math.sqrt(sum(x * x for x in xs) / len(xs))
    dc = sum(xs) / len(xs)
    bars = " .:-=+*#%@"
    cols = 40
    env = ""
    for c in range(cols):
        chunk = xs[c * len(xs) // cols:(c + 1) * len(xs) // cols] or [0.0]
        p = max(abs(x) for x in chunk) / (peak or 1.0)
        env += bars[min(len(bars) - 1, int(round(p * (len(bars) - 1))))]
    return {
        "frames": frames,
        "seconds": frames / rate,
        "peak_db": db(peak),
        "rms_db": db(rms),
        "dc": dc,
        "first": abs(xs[0]),
        "last": abs(xs[-1]),
        "bytes": os.path.getsize(path),
        "envelope": env,
    }


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(here, "..", "assets", "sounds"),
                    help="output folder (default: assets/sounds)")
    ap.add_argument("--verbose", action="store_true", help="print each file's stats")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    oggenc = shutil.which("oggenc")
    if not oggenc:
        sys.exit("make-sounds: oggenc not found (apt-get install vorbis-tools)")
    tmp = tempfile.mkdtemp()
    total = 0
    for name in SOUNDS:
        path = os.path.join(tmp, name + ".wav")
        write_wav(path, render(name))
        info = inspect(path)
        ogg = os.path.join(args.out, name + ".ogg")
        subprocess.run([oggenc, "--quiet", "--quality", "5", "--serial", "1", "--output", ogg, path],
                       check=True)
        info["bytes"] = os.path.getsize(ogg)
        total += info["bytes"]
        # The ends must be (near) silent, so a sound never starts or stops with a click.
        if info["first"] > 0.01 or info["last"] > 0.01:
            sys.exit("%s: starts or ends away from zero (%.4f, %.4f)" % (name, info["first"], info["last"]))
        if args.verbose:
            print("%-10s %5d ms %6d B  peak %6.1f dBFS  rms %6.1f dBFS  dc %+.4f  |%s|" % (
                name, round(info["seconds"] * 1000), info["bytes"], info["peak_db"],
                info["rms_db"], info["dc"], info["envelope"]))
    if args.verbose:
        print("total      %d bytes in %d files (%d Hz mono, Ogg Vorbis)" % (total, len(SOUNDS), RATE))
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
