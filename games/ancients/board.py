"""Board queries: who is where, terrain effects (§16, spec 14), movement (§8), line of sight (§10)."""

from __future__ import annotations

import math
from collections.abc import Iterable

from games.ancients import hexes
from games.ancients.data import UnitSpec, units
from games.ancients.state import AncientsState, Leader, Unit

IMPASSABLE = {"lake", "steep", "coast", "fortified_walls"}
STOPS_ALL = {"forest", "marsh"}             # every unit and leader must stop on entering
BLOCKS_LOS = {"forest", "camp", "city_walls", "fortified_walls"}


def spec(u: Unit) -> UnitSpec:
    return units()[u.type]


def hx(name: str) -> hexes.Hex:
    return hexes.parse_hex(name)


def terrain(s: AncientsState, h: str) -> str | None:
    t = s.terrain.get(h)
    if t is None:
        return None
    if t.type == "river":
        return "ford" if t.fordable else "river"
    return t.type


def impassable(s: AncientsState, h: str, u: Unit | None = None) -> bool:
    t = terrain(s, h)
    if t in IMPASSABLE or t == "river":
        return True
    if u is not None:
        sp = spec(u)
        if sp.war_machine and t in ("broken", "marsh"):
            return True   # §16: war machines may not enter broken ground or marsh (spec 18.32)
        if t == "city_walls" and (sp.mounted or sp.war_machine):
            return True
    return False


def unit_at(s: AncientsState, h: str) -> Unit | None:
    for u in s.units.values():
        if u.hex == h:
            return u
    return None


def leader_at(s: AncientsState, h: str) -> Leader | None:
    for ldr in s.leaders.values():
        if ldr.hex == h:
            return ldr
    return None


def occupancy(s: AncientsState) -> tuple[dict[str, Unit], dict[str, Leader]]:
    return ({u.hex: u for u in s.units.values()}, {ldr.hex: ldr for ldr in s.leaders.values()})


def attached_leader(s: AncientsState, u: Unit) -> Leader | None:
    ldr = leader_at(s, u.hex)
    return ldr if ldr is not None and ldr.side == u.side else None


def lone(s: AncientsState, ldr: Leader) -> bool:
    return unit_at(s, ldr.hex) is None


def adjacent(a: str, b: str) -> bool:
    if not a or not b:
        return False
    return hexes.distance(hx(a), hx(b)) == 1


def neighbours(h: str) -> list[str]:
    return [hexes.name(n) for n in hexes.neighbours(hx(h))]


def adjacent_enemy_units(s: AncientsState, u: Unit) -> list[Unit]:
    by_hex, _ = occupancy(s)
    return [e for n in neighbours(u.hex) if (e := by_hex.get(n)) is not None and e.side != u.side]


def adjacent_enemy_targets(s: AncientsState, u: Unit) -> list[str]:
    """Hexes a unit may attack in close combat: enemy units, and lone enemy leaders (spec 9.1)."""
    by_hex, lead = occupancy(s)
    out = []
    for n in neighbours(u.hex):
        e = by_hex.get(n)
        if e is not None and e.side != u.side:
            out.append(n)
        elif e is None and (ldr := lead.get(n)) is not None and ldr.side != u.side:
            out.append(n)
    return out


def sections(s: AncientsState, h: str, side: str) -> frozenset[str]:
    return hexes.sections_of(hx(h), side)


def baseline_row(side: str) -> int:
    return 1 if side == "south" else 9


def rear(h: str, side: str) -> list[str]:
    return [hexes.name(n) for n in hexes.rear(hx(h), side)]


def supported(s: AncientsState, u: Unit) -> bool:
    """§12 support (spec 10.4): friendly units or lone friendly leaders in 2 adjacent hexes.
    Elephants are never supported."""
    if spec(u).elephant:
        return False
    by_hex, lead = occupancy(s)
    count = 0
    for n in neighbours(u.hex):
        f = by_hex.get(n)
        if f is not None:
            count += f.side == u.side
        elif (ldr := lead.get(n)) is not None and ldr.side == u.side:
            count += 1
    return count >= 2


def leader_near(s: AncientsState, u: Unit) -> bool:
    """A friendly leader attached to the unit or in an adjacent hex (spec 9.6)."""
    for ldr in s.leaders.values():
        if ldr.side == u.side and (ldr.hex == u.hex or adjacent(ldr.hex, u.hex)):
            return True
    return False


# -- movement (§8, spec 6) ---------------------------------------------------------------------

def stops_on_entering(s: AncientsState, h: str, mover: Unit | None) -> bool:
    t = terrain(s, h)
    if t in STOPS_ALL or t == "ford" or t == "city_walls":
        return True
    if t == "broken" and (mover is None or spec(mover).mounted):
        return True   # mounted units and lone leaders stop in broken ground
    return False


_DEST_CACHE: dict[tuple, dict[str, list[str]]] = {}


def _position_key(s: AncientsState) -> tuple:
    """What movement depends on besides the mover: terrain and where every piece stands."""
    return (tuple((h, t.type, t.fordable) for h, t in s.terrain.items()),
            tuple((u.id, u.hex, u.side) for u in s.units.values()),
            tuple((ld.id, ld.hex, ld.side) for ld in s.leaders.values()))


def unit_destinations(s: AncientsState, u: Unit, budget: int, through_friends: bool,
                      start: str | None = None, any_one: bool = False,
                      ) -> dict[str, list[str]]:
    """Memoised by position: a View and then ``act`` ask the same question of equal States."""
    key = (_position_key(s), u.id, u.type, start, budget, through_friends, any_one)
    hit = _DEST_CACHE.get(key)
    if hit is None:
        if len(_DEST_CACHE) > 4096:
            _DEST_CACHE.clear()
        hit = _DEST_CACHE[key] = _unit_destinations(s, u, budget, through_friends, start,
                                                    any_one)
    return {h: list(p) for h, p in hit.items()}


def _unit_destinations(s: AncientsState, u: Unit, budget: int, through_friends: bool,
                       start: str | None = None, any_one: bool = False,
                       ) -> dict[str, list[str]]:
    """Every hex the unit may end its move in, with one shortest path (excluding the start).

    Units may not enter or pass hexes with other units or enemy leaders; light foot ordered by
    certain cards may pass through friendly units. A lone friendly leader's hex ends the move
    (and the leader attaches), unless the unit already has a leader (a hex holds one leader).
    """
    start = start or u.hex
    if terrain(s, start) in ("marsh", "city_walls"):
        budget = min(budget, 1)   # §16: leaving marsh or city walls, one hex and stop
    by_hex, lead = occupancy(s)
    has_leader = (ldr := lead.get(u.hex)) is not None and ldr.side == u.side
    best: dict[str, list[str]] = {}
    frontier: list[tuple[str, list[str]]] = [(start, [])]
    seen = {start: 0}
    while frontier:
        nxt: list[tuple[str, list[str]]] = []
        for h, path in frontier:
            if len(path) >= budget:
                continue
            for n in neighbours(h):
                if impassable(s, n, u):
                    continue
                if path and terrain(s, n) == "city_walls":
                    continue   # §16: only a move that starts next to the walls may enter them
                other = by_hex.get(n)
                if other is u:
                    other = None
                ld = lead.get(n)
                if ld is not None and ld.side != u.side:
                    continue
                friend_pass = other is not None and other.side == u.side and through_friends
                if other is not None and not friend_pass:
                    continue
                p = path + [n]
                can_end = other is None and not (ld is not None and has_leader)
                if can_end and n not in best:
                    best[n] = p
                    if any_one and n != start:
                        return best
                stop_here = (ld is not None and other is None) or stops_on_entering(s, n, u)
                if stop_here:
                    continue
                if seen.get(n, 99) <= len(p):
                    continue
                seen[n] = len(p)
                nxt.append((n, p))
        frontier = nxt
    best.pop(start, None)
    return best


def leader_destinations(s: AncientsState, ldr: Leader, budget: int = 3) -> dict[str, list[str]]:
    """A lone leader moves 1-3 hexes, may pass friendly units and leaders, never enemies, and
    may not end with another friendly leader (§8, spec 6.4)."""
    by_hex, lead = occupancy(s)
    if terrain(s, ldr.hex) in ("marsh", "city_walls"):
        budget = min(budget, 1)
    best: dict[str, list[str]] = {}
    frontier: list[tuple[str, list[str]]] = [(ldr.hex, [])]
    seen = {ldr.hex: 0}
    while frontier:
        nxt = []
        for h, path in frontier:
            if len(path) >= budget:
                continue
            for n in neighbours(h):
                if impassable(s, n) or (path and terrain(s, n) == "city_walls"):
                    continue
                other = by_hex.get(n)
                ld = lead.get(n)
                if (other is not None and other.side != ldr.side) or (
                        ld is not None and ld.side != ldr.side):
                    continue
                p = path + [n]
                if ld is None and n not in best:
                    best[n] = p
                if stops_on_entering(s, n, None) and other is None:
                    continue
                if seen.get(n, 99) <= len(p):
                    continue
                seen[n] = len(p)
                nxt.append((n, p))
        frontier = nxt
    best.pop(ldr.hex, None)
    return best


# -- line of sight (§10, spec 8.5) --------------------------------------------------------------

def pixel(h: hexes.Hex) -> tuple[float, float]:
    x, y = hexes.center(h)
    return x, y * math.sqrt(3) / 2


def _hex_at(x: float, y: float) -> hexes.Hex:
    r = round(y / (math.sqrt(3) / 2))
    best = None
    for rr in (r - 1, r, r + 1):
        off = 0.0 if rr % 2 == 1 else 0.5
        for cc in (math.floor(x - off), math.floor(x - off) + 1):
            cx, cy = cc + off, rr * math.sqrt(3) / 2
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best is None or d < best[0]:
                best = (d, (cc, rr))
    assert best is not None
    return best[1]


def hexes_between(a: str, b: str) -> list[tuple[str, str]]:
    """Hexes the line from a's centre to b's centre passes, as pairs: (x, x) inside a hex, or
    (x, y) when the line runs along the edge between x and y."""
    ha, hb = hx(a), hx(b)
    n = hexes.distance(ha, hb)
    (x0, y0), (x1, y1) = pixel(ha), pixel(hb)
    out: list[tuple[str, str]] = []
    eps = 1e-6
    steps = n * 4
    for i in range(1, steps):
        t = i / steps
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        p = _hex_at(x + eps, y + eps * 0.7)
        q = _hex_at(x - eps, y - eps * 0.7)
        pair = (_name_or_off(p), _name_or_off(q))
        if ha in (p, q) or hb in (p, q):
            if p == q or (p in (ha, hb) and q in (ha, hb)):
                continue
            # one side of an edge touches an end hex: the other side still matters alone
            pair = (pair[0], pair[0]) if q in (ha, hb) else (pair[1], pair[1])
        if not out or out[-1] != pair:
            out.append(pair)
    return out


def _name_or_off(h: hexes.Hex) -> str:
    return hexes.name(h) if hexes.on_board(*h) else "off"


def line_of_sight(s: AncientsState, a: str, b: str) -> bool:
    by_hex, lead = occupancy(s)
    hill_a, hill_b = terrain(s, a) == "hill", terrain(s, b) == "hill"
    walls_a, walls_b = terrain(s, a) == "city_walls", terrain(s, b) == "city_walls"

    def blocked(h: str) -> bool:
        if h == "off":
            return True    # the battlefield edge (spec 18.26)
        if h in by_hex or h in lead:
            return True
        t = terrain(s, h)
        if t == "city_walls" and walls_a and walls_b:
            return False   # §16: along city walls, between units on city walls
        if t in BLOCKS_LOS:
            return True
        # §16 hills: an intermediate hill blocks, except between units both on hills (a plateau)
        return t == "hill" and not (hill_a and hill_b)

    for p, q in hexes_between(a, b):
        if p == q:
            if blocked(p):
                return False
        elif blocked(p) and blocked(q):
            return False
    return True


SIDE_ANGLES = {"E": 0.0, "NE": 60.0, "NW": 120.0, "W": 180.0, "SW": -120.0, "SE": -60.0}


def entry_sides(h: str, frm: str) -> list[str]:
    """The hexsides of h that the line from frm's centre crosses to enter h: one side, or the
    two sides that meet where it enters exactly at a vertex (§16 rampart, spec 14.6 / 18.29).
    For a neighbour this is the side they share."""
    (x0, y0), (x1, y1) = pixel(hx(h)), pixel(hx(frm))
    angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
    return [d for d, a in SIDE_ANGLES.items() if abs((angle - a + 180) % 360 - 180) <= 30 + 1e-6]


def units_of(s: AncientsState, side: str) -> Iterable[Unit]:
    return (u for u in s.units.values() if u.side == side)
