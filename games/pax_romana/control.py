"""Control of spaces, provinces and territories (§5), and the Line of Communication (§6.1.5-6.1.8)
that income (§6.1), forming units (§6.2.4) and isolation (§9.6) need."""

from __future__ import annotations

from functools import cache

from games.pax_romana import alliances
from games.pax_romana.data import PaxRomanaData, load
from games.pax_romana.state import LCU_TYPES, POWERS, PRState

# A space nobody may count as his: two sides in it (an alliance, slaves in a city, §12.7.3)
CONTESTED = "contested"


@cache
def data() -> PaxRomanaData:
    return load()


def occupants(s: PRState, space: str, ignore: frozenset[str] | set[str] = frozenset()) -> set[str]:
    """Who occupies ``space`` for control (§5.1.1): owners of LCUs or garrisons there, the owner
    of a city or settlement, an unrevealed tribe. Galleys, elephants and leaders do not count
    (§5.4.2); nor the units of the owners in ``ignore`` (allies, §4.3.1)."""
    found: set[str] = set()
    for owner, st in s.units.get(space, {}).items():
        if owner in ignore:
            continue
        if any(n > 0 and (k in LCU_TYPES or k == "GR") for k, n in st.items()):
            found.add("greece" if owner == "successor" else owner)    # card 36 (§17.2)
    city = s.cities.get(space)
    if city is not None and city.owner:
        found.add(city.owner)
    if space in s.tribes:
        found.add("barbarian")
    return found


def space_controller(s: PRState, space: str) -> str | None:
    """The Power (or other side) that controls ``space`` (§5.1): its sole occupant; if nobody
    occupies it, the Power whose Home Territory it lies in; else nobody. Slaves in a city cancel
    its owner's control (§12.7.3); the Soldiers of Fortune cancel everyone's (§12.4.1)."""
    return _controller_of(s, space, occupants(s, space))


def _controller_of(s: PRState, space: str, occ: set[str]) -> str | None:
    if "slaves" in occ:
        return "slaves"
    if s.allied_independents:           # an allied Pergamum (§5.4.1, §17.2)
        from games.pax_romana.independents import UNSET, allied_control
        got = allied_control(s, space, occ)
        if got is not UNSET:
            return got
    if occ and s.alliances:
        # §4.3.1, §5.4.1: allies together, or an ally's army in a space that is a Power's by
        # its Home Territory: the allied army does not break that control
        home = data().spaces[space].home_of
        joint = occ | ({home} if home in s.powers else set())
        if len(joint) > 1 and alliances.all_allied(s, joint):
            return alliances.joint_holder(s, space, joint)
    if len(occ) == 1:
        return next(iter(occ))
    if occ:
        return CONTESTED
    return data().spaces[space].home_of


@cache
def _home_default() -> dict[str, str | None]:
    d = data()
    return {sp: x.home_of for sp, x in d.spaces.items() if sp not in d.transit_points}


def controllers(s: PRState) -> dict[str, str | None]:
    """The controller of every space (not the Transit Points): only occupied spaces need
    working out, the rest belong to the Home Territory they lie in, or to nobody."""
    out = dict(_home_default())
    for sp in set(s.units) | set(s.cities) | set(s.tribes):
        if sp in out:
            out[sp] = space_controller(s, sp)
    return out


@cache
def _province_facts(province: str) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
    """The spaces of a province, its capitals (of its home Power), that Power."""
    d = data()
    p = d.provinces[province]
    spaces = d.spaces_of(province)
    capitals = tuple(sp for sp in spaces
                     if d.spaces[sp].capital and d.spaces[sp].home_of == p.home_of)
    return spaces, capitals, p.home_of


def controls_province(s: PRState, power: str, province: str,
                      ctrl: dict[str, str | None]) -> bool:
    """§5.2: a Power's control of a province."""
    spaces, capitals, home_of = _province_facts(province)
    n = len(spaces)
    from games.pax_romana.rebellions import no_control
    if n == 0 or no_control(s, province):       # rebels hold it (§13.3)
        return False
    view = _seen_by(s, power, spaces, ctrl)
    counts: dict[str | None, int] = {}
    for sp in spaces:
        c = view[sp]
        counts[c] = counts.get(c, 0) + 1
    return _controls(power, n, counts, capitals, home_of, view)


def _seen_by(s: PRState, power: str, spaces: tuple[str, ...],
             ctrl: dict[str, str | None]) -> dict[str, str | None]:
    """The province's spaces as they count for ``power``: its allies' units neither control
    spaces for anyone nor break control while the alliance lasts (§4.3.1, §5.4.1), so a space
    is read as if they were not there (their cities and settlements still count)."""
    view = {sp: ctrl[sp] for sp in spaces}
    drop = alliances.unit_holders(s, power) if s.alliances else set()
    if drop:
        for sp in spaces:
            if drop & set(s.units.get(sp, {})):
                view[sp] = _controller_of(s, sp, occupants(s, sp, ignore=drop))
    return view


def _controls(power: str, n: int, counts: dict[str | None, int], capitals: tuple[str, ...],
              home_of: str | None, ctrl: dict[str, str | None]) -> bool:
    mine = counts.get(power, 0)
    if mine == 0:
        return False
    if home_of == power:
        # §5.2.2a: the Capital alone holds the province; §5.2.2b: any space, unless another
        # side holds more than half of it
        if any(ctrl[c] == power for c in capitals):
            return True
        return not any(k > n / 2 for c, k in counts.items() if c is not None and c != power)
    if home_of is not None:
        # §5.2.3: another Power's home province: more than half, and not while its owner
        # holds its Capital
        if mine <= n / 2:
            return False
        return not any(ctrl[c] == home_of for c in capitals)
    # §5.2.1: more than half, or some and nobody else any
    if mine > n / 2:
        return True
    return all(c in (power, None) for c in counts)


def province_controller(s: PRState, province: str, ctrl: dict[str, str | None]) -> str | None:
    spaces, capitals, home_of = _province_facts(province)
    n = len(spaces)
    from games.pax_romana.rebellions import no_control
    if n == 0 or no_control(s, province):       # rebels hold it (§13.3)
        return None
    counts: dict[str | None, int] = {}
    for sp in spaces:
        c = ctrl[sp]
        counts[c] = counts.get(c, 0) + 1
    if not s.alliances:
        for power in s.roles:
            if power in counts and _controls(power, n, counts, capitals, home_of, ctrl):
                return power
        return None
    # §4.3.1: each Power reads the province without its allies' units; where two allies both
    # hold it so, the one that holds it by the plain count, else the one with more spaces
    # (equal: neither)
    held = [p for p in s.roles if controls_province(s, p, province, ctrl)]
    if len(held) <= 1:
        return held[0] if held else None
    if home_of in held:
        return home_of
    plain = [p for p in held if p in counts
             and _controls(p, n, counts, capitals, home_of, ctrl)]
    if len(plain) == 1:
        return plain[0]
    most = max(counts.get(p, 0) for p in held)
    top = [p for p in held if counts.get(p, 0) == most]
    return top[0] if len(top) == 1 else None


def province_map(s: PRState, ctrl: dict[str, str | None] | None = None) -> dict[str, str | None]:
    ctrl = controllers(s) if ctrl is None else ctrl
    return {p: province_controller(s, p, ctrl) for p in data().provinces}


def territory_controller(territory: str, provinces: dict[str, str | None]) -> str | None:
    """§5.3.1: all its provinces."""
    provs = data().provinces_of(territory)
    if not provs:
        return None
    first = provinces[provs[0]]
    if first is None:
        return None
    return first if all(provinces[p] == first for p in provs) else None


def territory_map(provinces: dict[str, str | None]) -> dict[str, str | None]:
    return {t: territory_controller(t, provinces) for t in data().territories}


# -- Lines of Communication (§6.1.5-6.1.8) --------------------------------------------------------
def _blocks_land(s: PRState, power: str, point: str) -> bool:
    """A point a LOC may not pass through (§6.1.6): occupied by another side's land units, a
    city or settlement of another side, a tribe."""
    friends = alliances.allies(s, power) if s.alliances else set()
    for owner, st in s.units.get(point, {}).items():
        if owner != power and owner not in friends and any(
                k != "GS" and n > 0 for k, n in st.items()):
            return True
    city = s.cities.get(point)
    if city is not None and city.owner != power and city.owner not in friends:
        return True
    return point in s.tribes


def _blocks_sea(s: PRState, power: str, point: str) -> bool:
    """A point a LOC may not use by sea: a Deep Sea Transit Point, pirates, an enemy galley in
    a port (§6.1.6-6.1.7)."""
    d = data()
    np = d.naval_points.get(point)
    if np is not None and np.kind == "dstp":
        return True
    if any(p["at"] == point for p in s.pirates):
        return True
    return any(owner != power and st.get("GS", 0) > 0
               for owner, st in s.units.get(point, {}).items())


def reachable(s: PRState, power: str) -> set[str]:
    """Every point a LOC reaches from a friendly space of ``power``'s Home Territory."""
    d = data()
    home = d.home_territory(power).id
    start = [sp for sp in d.spaces_of_territory(home, transit_points=True)
             if not _blocks_land(s, power, sp)
             and (sp in d.transit_points or space_controller(s, sp) == power)]
    seen = set(start)
    todo = list(start)
    while todo:
        pt = todo.pop()
        if pt in d.spaces:
            for nb in d.land_neighbours(pt):
                if nb not in seen and not _blocks_land(s, power, nb):
                    seen.add(nb)
                    todo.append(nb)
        if _blocks_sea(s, power, pt):
            continue
        for nb in d.sea_neighbours(pt):
            if nb in seen or _blocks_sea(s, power, nb):
                continue
            if nb in d.spaces and _blocks_land(s, power, nb):
                continue
            seen.add(nb)
            todo.append(nb)
    return seen


def in_play(s: PRState) -> list[str]:
    return [p for p in POWERS if p in s.powers]
