# Draws the example mods' sprites (assets/examples/*/*.png) from the pixel maps below: 16×16 art, each
# pixel doubled to 32×32 RGBA. Standard library only; run `python3 scripts/art/mod_sprites.py`.
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCALE = 2

# `.` is transparent; every other character is a colour of the sprite's palette.
FIRE_IMP = (
    {
        "k": (40, 16, 12, 255),
        "r": (200, 52, 24, 255),
        "o": (255, 106, 32, 255),
        "y": (255, 214, 90, 255),
        "w": (255, 248, 220, 255),
        "h": (120, 30, 20, 255),
    },
    [
        "..k..........k..",
        ".khk........khk.",
        ".khrk......krhk.",
        "..krrkkkkkkrrk..",
        "...krooooooork..",
        "..kroywooywork..",
        "..krookooookrk..",
        "..kroooookoork..",
        "...krowwwwork...",
        "..kkrroooorrkk..",
        ".kork.kookk.kok.",
        "kooork.oo.kroook",
        ".kk..kroork..kk.",
        ".....krk.krk..y.",
        "....kok...kok.oy",
        "....kk.....kk..o",
    ],
)

PLAGUE_RAT = (
    {
        "k": (22, 30, 16, 255),
        "g": (92, 140, 60, 255),
        "l": (150, 196, 96, 255),
        "d": (58, 92, 40, 255),
        "p": (230, 150, 170, 255),
        "e": (255, 60, 40, 255),
        "s": (190, 230, 90, 255),
    },
    [
        "................",
        "................",
        "...kk...........",
        "..kpgk..........",
        "..kggkkkkk......",
        ".kgeggggggkk....",
        "kpgggglgggggk...",
        ".kkggglgsggggk..",
        "...kggggggsggk..",
        "...kdggggggggdk.",
        "....kdgdddgdddk.",
        ".....kdk.kdk.kk.",
        ".....kpk.kpk...k",
        "..s...........kp",
        ".sls.........kpk",
        "..s.........kk..",
    ],
)


def png(width, height, rows):
    """An RGBA PNG of `rows` (lists of RGBA tuples), maximally compressed."""
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in rows)
    chunk = lambda kind, data: (
        struct.pack(">I", len(data)) + kind + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    )


def draw(art):
    palette, lines = art
    assert all(len(line) == 16 for line in lines) and len(lines) == 16
    rows = []
    for line in lines:
        row = [palette.get(c, (0, 0, 0, 0)) for c in line for _ in range(SCALE)]
        rows.extend([row] * SCALE)
    return png(16 * SCALE, 16 * SCALE, rows)


def main():
    for path, art in [
        ("assets/examples/bestiary/fire_imp.png", FIRE_IMP),
        ("assets/examples/hardcore/plague_rat.png", PLAGUE_RAT),
    ]:
        (ROOT / path).write_bytes(draw(art))
        print(path)


if __name__ == "__main__":
    main()
