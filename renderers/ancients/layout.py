"""Where things go on the Ancients board picture.

Pointy-top hexes; row 9 (the north baseline) at the top, row 1 (south) at the bottom; even rows
shifted half a hex right, as ``games.ancients.hexes.center`` gives. Two dotted section lines run
straight down the picture: through the centres of the E and I hexes of the 13-hex rows and along
the hexsides between D|E and H|I of the 12-hex rows (spec 2.2).
"""

from __future__ import annotations

import math

from games.ancients.hexes import COLS, ROWS, center, parse_hex

HEX_W = 80                              # hex width, flat side to flat side
RADIUS = HEX_W / math.sqrt(3)           # centre to corner
PITCH = RADIUS * 1.5                    # row to row

MARGIN_X = 38                           # row numbers left and right of the board
PANEL_H = 72                            # each army's panel (north above, south below)
LETTERS_H = 26                          # column letters above and below the board
INFO_H = 60                             # scenario, last battle, deck
LEGEND_H = 36

BOARD_W = COLS * HEX_W
BOARD_H = round((ROWS - 1) * PITCH + 2 * RADIUS)

WIDTH = BOARD_W + 2 * MARGIN_X
BOARD_TOP = PANEL_H + LETTERS_H
BOARD_BOTTOM = BOARD_TOP + BOARD_H
SOUTH_PANEL_TOP = BOARD_BOTTOM + LETTERS_H
INFO_TOP = SOUTH_PANEL_TOP + PANEL_H
LEGEND_TOP = INFO_TOP + INFO_H
HEIGHT = LEGEND_TOP + LEGEND_H

SIZE = (WIDTH, HEIGHT)

# Block (unit) size inside a hex.
BLOCK_W = 60
BLOCK_H = 56


def pixel(c: int, r: int) -> tuple[float, float]:
    """The picture coordinates of the centre of hex (c, r)."""
    x, y = center((c, r))
    return MARGIN_X + (x - 0.5) * HEX_W, BOARD_TOP + RADIUS + (ROWS - y) * PITCH


def pixel_of(item: dict) -> tuple[float, float]:
    """Centre of a hex given as a board-dict item: uses ``c``/``r`` if present, else ``hex``."""
    if "c" in item and "r" in item:
        return pixel(int(item["c"]), int(item["r"]))
    return pixel(*parse_hex(str(item["hex"])))


def pixel_of_name(hex_name: str) -> tuple[float, float]:
    return pixel(*parse_hex(hex_name))


def section_line_xs() -> tuple[float, float]:
    """The x of the two dotted section lines (through the centres of E and I in odd rows)."""
    return pixel(5, 1)[0], pixel(9, 1)[0]
