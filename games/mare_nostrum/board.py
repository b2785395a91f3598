"""Questions about the map the rules ask again and again: who controls what, where Units stand,
which Provinces are adjacent or connected by Triremes, the leadership tracks, the pieces left.

Only Provinces and Seas in play are in the State (Setup 3-4p), so every lookup is limited to them.
"""

from __future__ import annotations

from typing import Any

from games.mare_nostrum import heroes as H
from games.mare_nostrum.data import board
from games.mare_nostrum.state import COIN, MNState, ProvinceState


# -- resources in hand --------------------------------------------------------------------------
def hand_size(s: MNState, role: str) -> int:
    pl = s.players[role]
    return sum(pl.hand.values()) + len(pl.rare)


def kind_of(token: str) -> str:
    return token.rstrip("*")


def count_kind(s: MNState, role: str, kind: str) -> int:
    pl = s.players[role]
    return pl.hand.get(kind, 0) + (pl.rare.count(kind) if kind != COIN else 0)


def kinds_in_hand(s: MNState, role: str) -> dict[str, int]:
    """Resources by kind, a Rare Good counted as its ordinary kind (§1.2)."""
    pl = s.players[role]
    out = {k: v for k, v in pl.hand.items() if v > 0}
    for r in pl.rare:
        out[r] = out.get(r, 0) + 1
    return out


def token_for(s: MNState, role: str, kind: str, reserved: list[str] | None = None) -> str | None:
    """The token a player gives when he gives one of ``kind``: an ordinary one first, then a Rare
    Good. ``reserved`` tokens (already offered or set apart) are not available."""
    pl = s.players[role]
    reserved = reserved or []
    if pl.hand.get(kind, 0) - reserved.count(kind) > 0:
        return kind
    if kind != COIN and pl.rare.count(kind) - reserved.count(kind + "*") > 0:
        return kind + "*"
    return None


def take_token(s: MNState, role: str, token: str) -> None:
    pl = s.players[role]
    if token.endswith("*"):
        pl.rare.remove(kind_of(token))
    else:
        pl.hand[token] -= 1
        if pl.hand[token] == 0:
            del pl.hand[token]


def give_token(s: MNState, role: str, token: str) -> None:
    pl = s.players[role]
    if token.endswith("*"):
        pl.rare.append(kind_of(token))
        pl.rare.sort()
    else:
        pl.hand[token] = pl.hand.get(token, 0) + 1


def spend_token(s: MNState, role: str, token: str) -> None:
    """A Resource leaves a hand for good: ordinary ones back to the supply, Rare Goods set aside
    (§1.2)."""
    take_token(s, role, token)
    if token.endswith("*"):
        s.rare_aside.append(kind_of(token))
    else:
        s.supply[token] = s.supply.get(token, 0) + 1


def from_supply(s: MNState, role: str, kind: str, n: int = 1) -> int:
    """Take up to ``n`` of a kind from the supply; Resources are limited (§9). Returns how many."""
    got = min(n, s.supply.get(kind, 0))
    if got:
        s.supply[kind] -= got
        s.players[role].hand[kind] = s.players[role].hand.get(kind, 0) + got
    return got


def draw_rare(s: MNState, role: str) -> str | None:
    """Draw a Rare Good face down; an empty pile is remade from the set-aside ones (§1.2)."""
    if not s.rare_pile and s.rare_aside:
        s.rare_pile = sorted(s.rare_aside)
        s.rare_aside = []
        s.rng.shuffle(s.rare_pile)
    if not s.rare_pile:
        return None
    kind = s.rare_pile.pop()
    give_token(s, role, kind + "*")
    return kind


# -- provinces, units and control ----------------------------------------------------------------
def unit_roles(pv: ProvinceState) -> set[str]:
    out = {r for r, n in pv.legions.items() if n > 0}
    if pv.fortress:
        out.add(pv.fortress)
    return out


def at_war(pv: ProvinceState) -> bool:
    """Units of two or more players stand in the Province (§4.2.1)."""
    return len(unit_roles(pv)) >= 2


def enemy_units(pv: ProvinceState, role: str) -> bool:
    return bool(unit_roles(pv) - {role})


def enemy_legions(pv: ProvinceState, role: str) -> bool:
    return any(n > 0 for r, n in pv.legions.items() if r != role)


def legions(pv: ProvinceState, role: str) -> int:
    return pv.legions.get(role, 0)


def add_legions(pv: ProvinceState, role: str, n: int) -> None:
    pv.legions[role] = pv.legions.get(role, 0) + n
    if pv.legions[role] <= 0:
        del pv.legions[role]


def holder(pv: ProvinceState, key: str) -> str | None:
    """Whose Legion holds the building or marker: only while he alone has Units there (§4.3)."""
    r = pv.held.get(key)
    if r is None or unit_roles(pv) != {r}:
        return None
    return r


_SLOT_KEYS: dict[str, tuple[str, ...]] = {}


def slot_keys(pid: str) -> tuple[str, ...]:
    """Every Building slot of a Province: "city:i", "caravan:i", "market", "temple"."""
    keys = _SLOT_KEYS.get(pid)
    if keys is None:
        slots = board().provinces[pid].slots
        keys = tuple([f"city:{i}" for i in range(len(slots.cities))]
                     + [f"caravan:{i}" for i in range(len(slots.caravans))]
                     + (["market"] if slots.market else []) + (["temple"] if slots.temple else []))
        _SLOT_KEYS[pid] = keys
    return keys


def building_keys(s: MNState, pid: str, built_only: bool = True) -> list[str]:
    pv = s.provinces[pid]
    if not built_only:
        return list(slot_keys(pid))
    return [k for k in slot_keys(pid) if is_built(pv, k)]


def is_built(pv: ProvinceState, key: str) -> bool:
    if key[0] == "c":
        if key[1] == "i":
            return pv.cities[int(key[5:])]
        return pv.caravans[int(key[8:])]
    return pv.market if key == "market" else pv.temple


def province_key(pid: str, pv: ProvinceState) -> tuple[Any, ...]:
    """Everything that makes a Province what it is, as a hashable key (for caches)."""
    return (pid, pv.controller, pv.printed, tuple(pv.cities), tuple(pv.caravans), pv.market,
            pv.temple, tuple(pv.legions.items()), pv.fortress, tuple(pv.held.items()),
            pv.marker_turn, tuple(pv.circe.items()))


_OWNERS: dict[tuple[Any, ...], dict[str, str]] = {}


def owners(s: MNState, pid: str) -> dict[str, str]:
    """Each built Building of a Province and who controls it: its occupier, else the Controlling
    Player (Control box); Buildings of an uncontrolled Province are nobody's. (Read only: the
    answer is shared by every Province in the same condition.)"""
    pv = s.provinces[pid]
    key = province_key(pid, pv)
    got = _OWNERS.get(key)
    if got is None:
        if len(_OWNERS) > 20000:
            _OWNERS.clear()
        got = _OWNERS[key] = _owners(pid, pv)
    return got


def _owners(pid: str, pv: ProvinceState) -> dict[str, str]:
    units = unit_roles(pv)
    out = {}
    for k in slot_keys(pid):
        if not is_built(pv, k):
            continue
        r = pv.held.get(k)
        if r is None or units != {r}:
            r = pv.controller
        if r is not None:
            out[k] = r
    return out


def building_owner(s: MNState, pid: str, key: str) -> str | None:
    """Who controls a built Building: its occupier, else the Controlling Player (Control box)."""
    pv = s.provinces[pid]
    return holder(pv, key) or pv.controller


def city_type(pid: str, key: str) -> str:
    return board().provinces[pid].slots.cities[int(key.split(":")[1])].type


def caravan_good(pid: str, key: str) -> str:
    return board().provinces[pid].slots.caravans[int(key.split(":")[1])].good


_CAPITALS: dict[str, str] = {}


def capital_province(role: str) -> str:
    got = _CAPITALS.get(role)
    if got is None:
        got = _CAPITALS[role] = board().capital_province(role)
    return got


_NEAR: dict[tuple[str, str, int], list[str]] = {}


def _near(s: MNState, what: str, x: str) -> list[str]:
    """Neighbours in play, cached: what is in play depends only on the number of players."""
    key = (what, x, s.players_n)
    got = _NEAR.get(key)
    if got is None:
        bd = board()
        table, pool = {"land": (bd.land, s.provinces), "coast": (bd.coast, s.seas),
                       "shore": (bd.shore, s.provinces), "sea": (bd.sea_links, s.seas)}[what]
        got = _NEAR[key] = sorted(y for y in table.get(x, ()) if y in pool)
    return got


def land_neighbours(s: MNState, pid: str) -> list[str]:
    return _near(s, "land", pid)


def coast(s: MNState, pid: str) -> list[str]:
    return _near(s, "coast", pid)


def shore(s: MNState, sid: str) -> list[str]:
    return _near(s, "shore", sid)


def sea_neighbours(s: MNState, sid: str) -> list[str]:
    return _near(s, "sea", sid)


def triremes(s: MNState, sid: str, role: str) -> int:
    return s.seas[sid].get(role, 0)


def sea_components(s: MNState, role: str) -> dict[str, int]:
    """Seas holding the player's Triremes, numbered by chain: an unbroken chain of his own Triremes
    joins them (§3.1.1, Glossary 'connected')."""
    own = {sid for sid, t in s.seas.items() if t.get(role, 0) > 0}
    comp: dict[str, int] = {}
    n = 0
    for start in sorted(own):
        if start in comp:
            continue
        n += 1
        comp[start] = n
        todo = [start]
        while todo:
            x = todo.pop()
            for y in sea_neighbours(s, x):
                if y in own and y not in comp:
                    comp[y] = n
                    todo.append(y)
    return comp


def connected_to(s: MNState, role: str, pid: str, comp: dict[str, int] | None = None) -> set[str]:
    """Provinces linked with ``pid`` by a chain of the player's Triremes (§3.1.1, spec A.4)."""
    comp = sea_components(s, role) if comp is None else comp
    chains = {comp[x] for x in coast(s, pid) if x in comp}
    if not chains:
        return set()
    out = set()
    for sid, c in comp.items():
        if c in chains:
            out.update(shore(s, sid))
    out.discard(pid)
    return out


def adjacent_or_connected(s: MNState, role: str, pid: str) -> set[str]:
    return set(land_neighbours(s, pid)) | connected_to(s, role, pid)


def controlled(s: MNState, role: str) -> list[str]:
    return [pid for pid, pv in s.provinces.items() if pv.controller == role]


# -- pieces --------------------------------------------------------------------------------------
def triremes_on_board(s: MNState, role: str) -> int:
    return sum(t.get(role, 0) for t in s.seas.values())


def pieces_left(s: MNState, role: str) -> dict[str, int]:
    """Units and Control Markers still in the box: none can be built beyond the set (§9)."""
    return all_pieces_left(s)[role]


def all_pieces_left(s: MNState, keys: dict[str, tuple[Any, ...]] | None = None,
                    ) -> dict[str, dict[str, int]]:
    """Pieces left per role; with the Provinces' ``keys`` at hand, from the map's totals."""
    limits = board().pieces
    if keys is not None:
        totals = land_totals(s, keys)
        out = {}
        for r in s.roles:
            lg, fo, mk = totals.get(r, (0,) * 7)[4:]
            out[r] = {"legions": limits.legions - lg,
                      "triremes": limits.triremes - triremes_on_board(s, r),
                      "fortresses": limits.fortresses - fo,
                      "control_markers": limits.control_markers - mk}
        return out
    out = {r: {"legions": limits.legions, "triremes": limits.triremes,
               "fortresses": limits.fortresses, "control_markers": limits.control_markers}
           for r in s.roles}
    for pv in s.provinces.values():
        for r, n in pv.legions.items():
            if r in out:
                out[r]["legions"] -= n
        if pv.fortress in out:
            out[pv.fortress]["fortresses"] -= 1
        if pv.controller in out and not pv.printed:
            out[pv.controller]["control_markers"] -= 1
    for fleet in s.seas.values():
        for r, n in fleet.items():
            if r in out:
                out[r]["triremes"] -= n
    return out


# What a Province gives a role: trade, culture, military, great cities (6.3), and the pieces of
# his standing there: Legions, Fortresses, Control Markers (not a printed one).
Counts = tuple[int, int, int, int, int, int, int]
_CONTRIB: dict[tuple[Any, ...], dict[str, Counts]] = {}


def contribution(pid: str, pv: ProvinceState,
                 key: tuple[Any, ...] | None = None) -> dict[str, Counts]:
    """What one Province gives each role (see ``Counts``)."""
    key = province_key(pid, pv) if key is None else key
    got = _CONTRIB.get(key)
    if got is not None:
        return got
    if len(_CONTRIB) > 20000:
        _CONTRIB.clear()
    acc: dict[str, list[int]] = {}
    for r, n in pv.legions.items():
        a = acc.setdefault(r, [0] * 7)
        a[2] += n
        a[4] += n
    if pv.fortress:
        a = acc.setdefault(pv.fortress, [0] * 7)
        a[2] += 1
        a[5] += 1
    if pv.controller is not None and not pv.printed:
        acc.setdefault(pv.controller, [0] * 7)[6] += 1
    for k, r in _owners(pid, pv).items():
        a = acc.setdefault(r, [0] * 7)
        if k[1] == "a" or k == "market":
            a[0] += 1
        else:
            a[1] += 1
            if k[1] == "i" and city_type(pid, k) != "ordinary":
                a[3] += 1
    got = _CONTRIB[key] = {r: (a[0], a[1], a[2], a[3], a[4], a[5], a[6])
                           for r, a in acc.items()}
    return got


_TOTALS: dict[tuple[Any, ...], dict[str, Counts]] = {}


def land_totals(s: MNState, keys: dict[str, tuple[Any, ...]] | None = None,
                ) -> dict[str, Counts]:
    """The Provinces' contributions summed per role. Most actions change no Province, so the
    sums are kept per content of the whole map (read only: the answer is shared)."""
    if keys is None:
        keys = {pid: province_key(pid, pv) for pid, pv in s.provinces.items()}
    whole = tuple(keys.values())
    got = _TOTALS.get(whole)
    if got is not None:
        return got
    if len(_TOTALS) > 5000:
        _TOTALS.clear()
    acc: dict[str, list[int]] = {}
    for pid, pv in s.provinces.items():
        for r, part in contribution(pid, pv, keys[pid]).items():
            a = acc.setdefault(r, [0] * 7)
            for i in range(7):
                a[i] += part[i]
    got = _TOTALS[whole] = {r: (a[0], a[1], a[2], a[3], a[4], a[5], a[6])
                            for r, a in acc.items()}
    return got


def scan(s: MNState, keys: dict[str, tuple[Any, ...]] | None = None) -> dict[str, dict[str, int]]:
    """One pass over the map: per role its Trade, Culture and Military tracks (§3.2, §4.3.4, §5)
    and its Capitals and Legendary Cities held (6.3).

    Trade = Caravans + Markets, Culture = Cities + Temples, Military = Units, each plus the
    influence of owned cards. Occupied Buildings count for the occupier (§4.3.4); Circe's Legions
    do not count as Caravans (§10); uncontrolled Provinces count for no one (READING)."""
    out = {r: H.influences(s, r) | {"great": 0} for r in s.roles}
    for r, (tr, cu, mi, gr, *_pieces) in land_totals(s, keys).items():
        o = out.get(r)
        if o is not None:
            o["trade"] += tr
            o["culture"] += cu
            o["military"] += mi
            o["great"] += gr
    for fleet in s.seas.values():
        for r, n in fleet.items():
            if r in out:
                out[r]["military"] += n
    return out


def tracks(s: MNState, role: str) -> dict[str, int]:
    x = scan(s)[role]
    return {"trade": x["trade"], "culture": x["culture"], "military": x["military"]}


def all_tracks(s: MNState) -> dict[str, dict[str, int]]:
    x = scan(s)
    return {t: {r: x[r][t] for r in s.roles} for t in ("trade", "culture", "military")}


def great_cities(s: MNState, role: str) -> list[str]:
    """Capital and Legendary City buildings the player controls or occupies (READING 6.3)."""
    out = []
    for pid in s.provinces:
        for key, r in owners(s, pid).items():
            if r == role and key[1] == "i" and city_type(pid, key) != "ordinary":
                out.append(f"{pid}/{key}")
    return out


def release_holdings(pv: ProvinceState, role: str) -> None:
    """Keep no more holdings than the player has Legions there (§4.3: a Building whose Legion is
    removed is no longer held). Circe's Legions go first, the Control Marker last."""
    n = legions(pv, role)
    mine_circe = [k for k, r in pv.circe.items() if r == role]
    mine_held = [k for k, r in pv.held.items() if r == role]
    mine_held.sort(key=lambda k: (k == "marker", k))
    while len(mine_circe) + len(mine_held) > n:
        if mine_circe:
            del pv.circe[mine_circe.pop()]
        else:
            k = mine_held.pop(0)
            del pv.held[k]
            if k == "marker":
                pv.marker_turn = None


def clear_war_holdings(pv: ProvinceState) -> None:
    """In a Province at war nobody occupies anything (§4.2.1, §4.3)."""
    if at_war(pv):
        pv.held.clear()
        pv.marker_turn = None
        pv.circe.clear()


def tidy(pv: ProvinceState) -> None:
    for r in list(pv.held.values()) + list(pv.circe.values()):
        release_holdings(pv, r)
    if pv.controller is None:
        pv.held.clear()
        pv.marker_turn = None
