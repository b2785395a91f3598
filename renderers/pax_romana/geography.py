"""Where the schematic map puts sea and land that no space or naval point marks.

The land is drawn as the part of the picture nearer to a land space than to anything at sea
(a Voronoi diagram of the points); these extra points, in real-world lon/lat, keep open sea open
(the Atlantic, the Bay of Biscay, the North Sea, the Baltic, the middle of the Mediterranean
basins, the Black Sea, the Gulf of Sidra) and fill the land beyond the game's spaces (Scandinavia,
the steppe, the Sahara, Arabia), which is drawn as wild land outside every territory. A drawing
aid only, not game data: the rules never read it.
"""

from __future__ import annotations

OPEN_SEA: tuple[tuple[float, float], ...] = (
    # the Atlantic, the Bay of Biscay and the seas round Britannia
    (-11.5, 55.5), (-11.5, 52.0), (-11.5, 48.5), (-11.5, 45.0), (-11.5, 41.0), (-11.5, 37.0),
    (-11.5, 33.0), (-8.5, 50.5), (-8.0, 47.0), (-5.0, 46.0), (-3.0, 45.5), (-8.5, 53.5),
    (-7.5, 55.5), (-9.5, 34.0), (-8.5, 44.8), (-10.0, 29.5), (-4.0, 49.6), (-1.0, 50.1),
    (-6.0, 51.7),
    # the North Sea and the Baltic
    (2.5, 52.8), (3.0, 55.0), (5.5, 54.5), (7.0, 56.5), (1.0, 56.5), (4.0, 56.5),
    (12.5, 55.0), (15.5, 55.0), (18.5, 55.5), (20.0, 56.8),
    # the western Mediterranean
    (0.5, 37.0), (2.5, 38.5), (4.5, 40.0), (5.5, 38.0), (6.5, 42.5), (4.5, 42.0), (7.5, 39.5),
    (7.0, 37.8), (-2.0, 36.2), (-3.5, 36.0), (1.5, 36.6), (8.5, 43.3),
    # the Tyrrhenian Sea and the Sicilian channel
    (10.8, 41.5), (11.5, 40.0), (13.0, 39.5), (12.3, 38.5), (14.0, 38.8), (10.0, 38.2),
    (12.0, 36.8), (13.5, 36.2), (11.0, 35.5), (10.5, 42.6), (13.5, 40.4),
    # the Adriatic
    (13.5, 44.5), (14.5, 43.5), (15.6, 43.0), (16.5, 42.3), (17.8, 41.6), (18.7, 40.9),
    (12.8, 45.0),
    # the Ionian Sea, the Gulf of Sidra and the Libyan Sea
    (17.0, 38.7), (18.5, 37.5), (19.5, 36.0), (17.0, 35.5), (15.0, 34.0), (13.0, 34.0),
    (18.0, 33.5), (17.5, 31.5), (19.0, 31.0), (16.2, 31.5), (21.5, 34.0), (24.5, 33.5),
    (27.5, 33.0), (30.5, 32.3), (32.5, 32.5), (20.5, 38.0), (21.0, 36.2), (15.5, 36.5),
    (11.5, 33.8), (22.5, 35.0), (26.0, 34.2), (29.0, 34.5), (16.8, 33.0),
    # the Aegean and the seas round Crete and Rhodes
    (25.0, 39.5), (24.5, 38.3), (25.3, 37.0), (26.0, 38.6), (23.8, 39.8), (24.0, 36.6),
    (25.5, 35.8), (27.5, 35.6), (24.0, 35.8), (27.0, 36.4), (23.5, 37.5), (26.3, 40.3),
    (28.0, 40.7), (25.0, 40.5),
    # the Levant and round Cyprus
    (30.5, 35.5), (32.0, 36.0), (33.5, 36.3), (34.8, 35.6), (35.3, 34.6), (34.0, 34.0),
    (32.5, 34.3), (34.2, 33.0), (34.3, 32.0), (31.0, 33.5), (35.9, 36.5),
    # the Black Sea and the Sea of Azov
    (29.8, 43.2), (31.0, 42.0), (31.5, 44.0), (33.0, 43.0), (34.5, 42.8), (36.0, 43.0),
    (37.5, 42.5), (39.0, 42.8), (38.0, 44.0), (33.0, 42.1), (30.8, 45.2), (35.2, 45.4),
    (36.5, 46.0), (40.5, 42.0), (30.0, 41.6), (37.5, 41.6), (34.3, 44.1),
)

WILD_LAND: tuple[tuple[float, float], ...] = (
    # Scandinavia
    (12.0, 57.5), (16.0, 57.5), (14.0, 56.2),
    # the steppe and the forests north of the Black Sea
    (22.0, 56.5), (26.0, 55.0), (31.0, 55.0), (36.0, 54.5), (41.0, 54.0), (45.0, 52.0),
    (45.0, 48.5), (41.0, 50.5), (34.0, 51.5), (28.0, 52.0), (23.0, 53.0),
    # the Caucasus and the east
    (45.5, 43.5), (45.5, 37.0), (45.5, 33.0),
    # Arabia and the deserts
    (40.5, 31.0), (37.5, 29.0), (43.5, 30.0), (39.0, 33.5), (35.5, 28.2),
    # the Sahara
    *((lon, lat) for lon in range(-10, 34, 3) for lat in (27.0, 28.6, 30.2)),
    (-2.0, 33.0), (3.0, 33.0), (8.0, 33.0), (13.0, 31.0), (-6.0, 32.0), (5.0, 31.6),
    (10.0, 31.8), (22.0, 30.6), (26.0, 30.8), (30.0, 29.8),
    # the steppe's northern edge
    *((lon, lat) for lon in range(20, 47, 3) for lat in (55.5, 57.0)),
)
