"""Special units (§12) in battle and on the march: garrisons overrun when alone (§12.1.1), the
leaders that die with them (§8.4.6, ambiguity A13) and with a destroyed army (§8.4.4), militia
raised after a lost battle at home (§12.3), the Independents and slaves that never withdraw or
retreat (§12.5, §12.7.3, the ``STANDFAST`` sides of battle.py), mercenaries in pillage (§7.5.1,
battle.py). Mercenary HI are hired in the Manpower Phase or as a Minor Move (economy.py,
cities.py); the Soldiers of Fortune, pirates and the slave army enter by events (events.py)."""

from __future__ import annotations

import math
from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana.control import data
from games.pax_romana.flow import Frame, opt, paged, pop, push, question, turn_page
from games.pax_romana.leaders import kill_leader
from games.pax_romana.stability import militia_raised, stability_range
from games.pax_romana.state import LCU_TYPES, PRState


def overrun(s: PRState, space: str, owner: str, only: str | None = None) -> None:
    """An army of ``owner`` in ``space``: enemy garrisons without LCUs are destroyed at no cost
    (§12.1.1) and their leaders with them (§8.4.6); lone enemy elephants are destroyed (§9.2.3).
    An unoccupied enemy city at its lowest FP is captured by the battle step (§7.4.2)."""
    from games.pax_romana.battle import side_of
    mine = side_of(s, owner)
    if not any(k in LCU_TYPES for o in mine for k in s.stack(space, o)):
        return
    for other in list(s.units.get(space, {})):
        if other in mine or (only is not None and other not in side_of(s, only)):
            continue
        st = s.stack(space, other)
        if any(k in LCU_TYPES for k in st):
            continue
        if st.get("GR"):
            s.say(msg("log.garrison_overrun", power=f"@power.{other}", space=f"@space.{space}"))
            for lid in s.leaders_at(space, other):
                kill_leader(s, lid)
        for kind in list(st):
            if kind != "GS":
                s.remove(space, other, kind, 99)


def destroy_side(s: PRState, space: str, side: str) -> None:
    """Everything of a beaten side left in ``space`` without LCUs goes, and its leaders die
    (§8.4.4, §10.4.9)."""
    from games.pax_romana.battle import side_of
    for o in side_of(s, side):
        st = s.stack(space, o)
        if any(k in LCU_TYPES for k in st):
            continue
        for kind in list(st):
            if kind != "GS":
                s.remove(space, o, kind, 99)
        for lid in s.leaders_at(space, o):
            s.say(msg("log.leader_fell", leader=f"@leader.{lid}"))
            kill_leader(s, lid)


def militia_count(s: PRState, power: str, roll: int) -> int:
    """§12.3.2 from the Militia table: ceil(1d6/2) when Stable, one less in Unrest, none in
    Disorder."""
    band = stability_range(s.powers[power].stability)
    row = next(r for r in data().tables.militia.rows if r.range == band)
    if isinstance(row.militia, int):
        return row.militia
    n = math.ceil(roll / 2)
    if "- 1" in row.militia:
        n -= 1
    return max(0, n)


def militia_after(s: PRState, power: str | None, space: str, enemy: str) -> None:
    """§12.3.1: a Power that lost a land battle in its own Home Territory, with LCU or FP
    losses, may raise militia if above Disorder, once per Activation, never against slaves
    (§12.7.4): it is asked (``raise_militia``)."""
    if power is None or power not in s.powers or enemy == "slaves":
        return
    from games.pax_romana.movement import move_frame
    moving = move_frame(s)
    if moving is not None and moving.get("successor"):
        return                          # §17.2 Successor Wars Roll On: no militia
    d = data()
    if d.spaces[space].territory != d.home_territory(power).id:
        return
    if stability_range(s.powers[power].stability) == "disorder":
        return
    if f"militia|{power}" in s.moved or not militia_spaces(s, power):
        return
    push(s, "raise_militia", role=power, space=space, n=None)


def militia_spaces(s: PRState, power: str) -> list[str]:
    """§12.3.2: spaces of the Power's Home Territory not occupied by enemy units."""
    d = data()
    return [sp for sp in d.spaces_of_territory(d.home_territory(power).id)
            if not any(o != power for o in s.units.get(sp, {}))]


def _militia_choices(s: PRState, f: Frame) -> list[Choice]:
    if f["n"] is None:
        return [opt("raise_militia", None, "choice.raise_militia"),
                opt("no_militia", None, "choice.no_militia")]
    return paged(f, f["role"], [opt("militia_at", sp, "choice.militia_at", space=f"@space.{sp}")
                                for sp in militia_spaces(s, f["role"])], [])


def _militia_prompt(s: PRState, f: Frame) -> Msg:
    if f["n"] is None:
        return msg("prompt.raise_militia", who=f"@power.{f['role']}", space=f"@space.{f['space']}")
    return msg("prompt.place_militia", who=f"@power.{f['role']}", n=f["n"])


@question("raise_militia", _militia_choices, _militia_prompt, lapses=lambda s, f: True)
def raise_militia(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§12.3.2: Stable ceil(1d6/2), Unrest one less, each costing 1 Stability; the militia are
    placed one by one where the player wants in his Home Territory."""
    power = f["role"]
    if verb == "page":
        turn_page(f, power)
        return
    if verb == "no_militia":
        pop(s, f)
        return
    if verb == "raise_militia":
        s.moved[f"militia|{power}"] = {"ML": 0}
        roll = int(s.rng.roll(range(1, 7)))
        s.mark_irreversible()
        f["n"] = militia_count(s, power, roll)
        militia_raised(s, power)
        s.say(msg("log.militia", power=f"@power.{power}", n=f["n"], space=f"@space.{f['space']}"))
        if f["n"] <= 0:
            pop(s, f)
        return
    s.add(arg, power, "ML")
    s.moved[f"militia|{power}"]["ML"] += 1
    s.militia_turn[power] = s.turn
    f["n"] -= 1
    if f["n"] <= 0 or not militia_spaces(s, power):
        pop(s, f)
