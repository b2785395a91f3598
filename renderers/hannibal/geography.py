"""Our own schematic geography of the western Mediterranean for the Hannibal board picture.

The game's spaces come with positions on a 2300 x 1582 map (``x``, ``y`` in the board dict). The
land shapes below are drawn by hand around those positions, in the same coordinates: a rough
coastline that keeps every space on land, the Strait of Messana and the Strait of Bonifacio open
as water, and the seas between. They are a picture, not data of the game: nothing in the rules
depends on them. Coastlines are roughened with a fixed wobble when drawn (``wobbly``), so the
same map is drawn every time.
"""

from __future__ import annotations

import math

Point = tuple[float, float]

SOURCE_W, SOURCE_H = 2300, 1582

# Europe: Iberia, Gaul and Italy in one mass, traced clockwise from the Atlantic coast of Spain.
EUROPE: tuple[Point, ...] = (
    (-60, 700), (150, 684), (290, 676), (395, 648), (452, 566), (505, 512), (585, 474),
    (618, 405), (700, 372), (770, 338), (835, 298), (880, 236), (900, 120), (905, -60),
    (1800, -60), (1790, 200), (1758, 300), (1784, 392), (1822, 436), (1900, 492), (1950, 580),
    (1995, 640), (2075, 672), (2150, 722), (2200, 770), (2268, 790), (2330, 840), (2292, 880),
    (2205, 884), (2168, 905), (2130, 930), (2195, 958), (2204, 1012), (2150, 1032),
    (2095, 1058), (2086, 1100), (2048, 1122), (2021, 1104), (2016, 1056), (2004, 1010),
    (1972, 940), (1948, 905), (1898, 872), (1862, 830), (1818, 790), (1752, 782), (1700, 742),
    (1650, 686), (1560, 632), (1548, 560), (1552, 510), (1500, 494), (1455, 500), (1400, 508),
    (1345, 530), (1305, 584), (1245, 588), (1190, 582), (1140, 560), (1080, 572), (1062, 594),
    (1072, 672), (1040, 708), (968, 762), (905, 780), (840, 820), (790, 860), (768, 900),
    (752, 990), (700, 1040), (628, 1106), (540, 1130), (462, 1142), (322, 1148),
    (220, 1148), (120, 1140), (-60, 1130),
)

# Africa: Mauretania, Numidia and the Carthaginian lands, from the Strait of Gibraltar east.
AFRICA: tuple[Point, ...] = (
    (-60, 1232), (120, 1214), (260, 1212), (420, 1224), (560, 1226), (720, 1206), (860, 1178),
    (922, 1158), (1000, 1150), (1062, 1170), (1120, 1162), (1190, 1168), (1262, 1196),
    (1322, 1166), (1392, 1176), (1440, 1168), (1484, 1142), (1498, 1108), (1550, 1098),
    (1578, 1130), (1566, 1168), (1606, 1178), (1652, 1210), (1648, 1268), (1664, 1306),
    (1668, 1360), (1624, 1392), (1602, 1436), (1590, 1482), (1606, 1532), (1640, 1600),
    (1660, 1700), (-60, 1700),
)

# Illyria, across the Adriatic in the top right corner.
ILLYRIA: tuple[Point, ...] = (
    (1960, -60), (2360, -60), (2360, 560), (2300, 540), (2240, 478), (2150, 392), (2070, 318),
    (2010, 236), (1972, 140),
)

CORSICA: tuple[Point, ...] = (
    (1488, 584), (1532, 588), (1556, 636), (1550, 690), (1524, 716), (1488, 712), (1462, 680),
    (1466, 628),
)

SARDINIA: tuple[Point, ...] = (
    (1428, 754), (1500, 752), (1558, 798), (1580, 860), (1560, 932), (1520, 1012),
    (1470, 1032), (1420, 1000), (1394, 930), (1388, 868), (1404, 800),
)

SICILY: tuple[Point, ...] = (
    (1714, 1100), (1760, 1064), (1850, 1034), (1930, 1040), (1994, 1044), (2000, 1094),
    (1984, 1130), (2020, 1170), (2042, 1226), (2000, 1242), (1920, 1226), (1850, 1232),
    (1790, 1192), (1740, 1142),
)

MAJORCA: tuple[Point, ...] = (
    (910, 884), (962, 862), (1022, 878), (1036, 914), (1000, 950), (940, 956), (904, 930),
)
MINORCA: tuple[Point, ...] = ((1052, 858), (1082, 852), (1090, 872), (1058, 882))
IBIZA: tuple[Point, ...] = ((870, 962), (896, 954), (906, 976), (884, 986))

LANDMASSES: dict[str, tuple[Point, ...]] = {
    "europe": EUROPE, "africa": AFRICA, "illyria": ILLYRIA, "corsica": CORSICA,
    "sardinia": SARDINIA, "sicily": SICILY, "majorca": MAJORCA, "minorca": MINORCA,
    "ibiza": IBIZA,
}

# Sea names and where they are written (centre), with their names in Russian.
SEAS: tuple[tuple[str, str, Point], ...] = (
    ("Mare Balearicum", "Балеарское море", (1160, 840)),
    ("Mare Tyrrhenum", "Тирренское море", (1770, 968)),
    ("Mare Africum", "Африканское море", (1240, 1060)),
    ("Mare\nHadriaticum", "Адриатическое\nморе", (1968, 330)),
    ("Mare\nIonium", "Ионическое\nморе", (2196, 1300)),
    ("Oceanus", "Океан", (330, 380)),
    ("Mare Ibericum", "Иберийское море", (440, 1185)),
    ("Syrtis", "Сирт", (1880, 1460)),
)


def wobbly(poly: tuple[Point, ...], step: float = 14.0, amp: float = 5.0) -> list[Point]:
    """The polygon with its edges cut into short steps and nudged sideways by a fixed wobble, so
    that coasts look drawn by hand (the same every time)."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        steps = max(1, int(length // step))
        nx, ny = (-(by - ay) / length, (bx - ax) / length) if length else (0.0, 0.0)
        for k in range(steps):
            t = k / steps
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
            w = amp * (math.sin(x * 0.045 + y * 0.031) + 0.6 * math.sin(x * 0.11 - y * 0.093))
            w *= min(1.0, k, steps - k)          # corners stay where they were drawn
            out.append((x + nx * w, y + ny * w))
    return out


def inside(poly: tuple[Point, ...] | list[Point], x: float, y: float) -> bool:
    """Whether (x, y) lies inside the polygon (even-odd rule)."""
    hit = False
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        if (ay > y) != (by > y) and x < ax + (bx - ax) * (y - ay) / (by - ay):
            hit = not hit
    return hit


def landmass_of(x: float, y: float) -> str | None:
    """The name of the land shape holding (x, y); None at sea."""
    for name, poly in LANDMASSES.items():
        if inside(poly, x, y):
            return name
    return None
