"""The Ancients battlefield geometry (spec 2.2).

Rows r = 1..9 from the south player's baseline (row 1) to the north player's (row 9). Odd rows
hold 13 hexes (c = 1..13), even rows 12 (c = 1..12) shifted half a hex toward higher c. A hex is
named by its column letter and row: "A1" .. "M9".
"""

from __future__ import annotations

from functools import cache

COLS = 13
ROWS = 9
LETTERS = "ABCDEFGHIJKLM"

Hex = tuple[int, int]  # (c, r)

# Direction names as seen from the south player's seat (north = up, toward row 9).
DIRECTIONS = ("E", "W", "NE", "NW", "SE", "SW")


def row_length(r: int) -> int:
    return 13 if r % 2 == 1 else 12


def on_board(c: int, r: int) -> bool:
    return 1 <= r <= ROWS and 1 <= c <= row_length(r)


def name(h: Hex) -> str:
    return f"{LETTERS[h[0] - 1]}{h[1]}"


@cache
def parse_hex(text: str) -> Hex:
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in LETTERS or not text[1:].isdigit():
        raise ValueError(f"not a hex name: {text!r}")
    return LETTERS.index(text[0]) + 1, int(text[1:])


def step(h: Hex, direction: str) -> Hex:
    c, r = h
    odd = r % 2 == 1
    if direction == "E":
        return c + 1, r
    if direction == "W":
        return c - 1, r
    dr = 1 if direction.startswith("N") else -1
    east = direction.endswith("E")
    if odd:
        return (c if east else c - 1), r + dr
    return (c + 1 if east else c), r + dr


@cache
def neighbours(h: Hex) -> tuple[Hex, ...]:
    return tuple(n for d in DIRECTIONS if on_board(*(n := step(h, d))))


def direction_to(a: Hex, b: Hex) -> str | None:
    for d in DIRECTIONS:
        if step(a, d) == b:
            return d
    return None


def rear(h: Hex, side: str) -> tuple[Hex, ...]:
    """The (up to two) on-board neighbours toward the side's own baseline (spec 10.2)."""
    dirs = ("SW", "SE") if side == "south" else ("NW", "NE")
    return tuple(n for d in dirs if on_board(*(n := step(h, d))))


def axial(h: Hex) -> tuple[int, int]:
    c, r = h
    return c - (r + 1) // 2, r


def distance(a: Hex, b: Hex) -> int:
    qa, ra = axial(a)
    qb, rb = axial(b)
    dq, dr = qa - qb, ra - rb
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def center(h: Hex) -> tuple[float, float]:
    """Hex centre in units of hex width (x) and row pitch (y), y growing north."""
    c, r = h
    return c + (0.0 if r % 2 == 1 else 0.5), float(r)


def sections_of(h: Hex, side: str) -> frozenset[str]:
    """The sections of a hex from the side's own seat (spec 2.2: c 5 and c 9 of the 13-hex rows
    are shared)."""
    c, r = h
    if r % 2 == 1:
        south = (set(["left"]) if c <= 5 else set()) | (set(["center"]) if 5 <= c <= 9 else set()) \
            | (set(["right"]) if c >= 9 else set())
    else:
        south = {"left"} if c <= 4 else ({"center"} if c <= 8 else {"right"})
    if side == "south":
        return frozenset(south)
    mirror = {"left": "right", "right": "left", "center": "center"}
    return frozenset(mirror[s] for s in south)


ALL_HEXES: tuple[Hex, ...] = tuple((c, r) for r in range(1, ROWS + 1)
                                   for c in range(1, row_length(r) + 1))
