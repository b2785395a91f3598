"""Cities and Settlements (§7): building and repairing instead of a Minor Move (§7.1), capture
(§7.4.1-7.4.2, called by battle.py), destruction by the owner (§7.4.3), pillage (§7.5); and the
other Minor Moves that are not moves: creating garrisons (§12.1.4) and hiring a Mercenary HI
(§12.2.2)."""

from __future__ import annotations

import math
from typing import Any

from games.core import Choice, msg
from games.pax_romana.control import data, space_controller
from games.pax_romana.economy import FULL_COST, full_fp, may_hire, mercenary_spaces
from games.pax_romana.flow import Frame, opt, paged
from games.pax_romana.state import LCU_TYPES, City, PRState


def _treasury(s: PRState, power: str) -> int:
    return s.powers[power].treasury if s.options.get("treasury", True) else 0


def settlement_sites(s: PRState, power: str) -> list[str]:
    """§7.1.2: a space with one of the Power's Garrisons, that it controls, without a city or
    settlement, not a Rough Mountain (§7.1.3)."""
    d = data()
    return sorted(sp for sp in s.spaces_of_owner(power)
                  if sp in d.spaces and s.stack(sp, power).get("GR", 0) > 0
                  and sp not in s.cities and not d.spaces[sp].rough_mountain
                  and space_controller(s, sp) == power
                  and s.moved.get(f"{sp}|{power}", {}).get("GR", 0) < s.stack(sp, power)["GR"])


def city_sites(s: PRState, power: str) -> list[str]:
    """§7.1.2: an intact own Settlement with a full-strength LG or HI (not mercenary)."""
    out = []
    for sp, c in s.cities.items():
        if c.owner == power and c.kind == "settlement" and c.fp >= 2:
            st = s.stack(sp, power)
            if st.get("LG", 0) or st.get("HI", 0):
                out.append(sp)
    return sorted(out)


def repair_sites(s: PRState, power: str) -> list[str]:
    """§7.1.6: an own damaged city or settlement, restored to full strength at 1T per FP."""
    return sorted(sp for sp, c in s.cities.items()
                  if c.owner == power and c.fp < full_fp(c.kind)
                  and full_fp(c.kind) - c.fp <= _treasury(s, power))


def garrison_sources(s: PRState, power: str) -> list[str]:
    """§12.1.4: a space with an LG, HI or LI (full or weakened) of the Power; not mercenaries or
    militia (§12.1.7)."""
    return sorted(sp for sp in s.spaces_of_owner(power)
                  if sp in data().spaces
                  and any(s.stack(sp, power).get(k, 0) for k in ("LG", "wLG", "HI", "wHI", "LI")))


def destroy_sites(s: PRState, power: str) -> list[str]:
    """§7.4.3: an own city or settlement outside the Home Territory, with the Power's army in
    the space (the MP it costs belong to movement.py; here the whole Minor Move)."""
    d = data()
    home = d.home_territory(power).id
    return sorted(sp for sp, c in s.cities.items()
                  if c.owner == power and d.spaces[sp].territory != home
                  and any(k in LCU_TYPES for k in s.stack(sp, power)))


def minor_menu(s: PRState, power: str) -> list[Choice]:
    out = []
    cash = _treasury(s, power)
    if cash >= 2 and settlement_sites(s, power):
        out.append(opt("menu", "settlement", "choice.build_settlement"))
    if cash >= 3 and city_sites(s, power):
        out.append(opt("menu", "city", "choice.build_city"))
    if repair_sites(s, power):
        out.append(opt("menu", "repair", "choice.repair"))
    if garrison_sources(s, power):
        out.append(opt("menu", "garrison", "choice.make_garrison"))
    if may_hire(s, power) and cash >= FULL_COST["MHI"] and mercenary_spaces(s, power):
        out.append(opt("menu", "hire", "choice.hire_minor"))
    if destroy_sites(s, power):
        out.append(opt("menu", "destroy", "choice.destroy"))
    return out


def minor_stage_choices(s: PRState, f: Frame, power: str, stage: str) -> list[Choice]:
    if stage == "settlement":
        sites = settlement_sites(s, power)
    elif stage == "city":
        sites = city_sites(s, power)
    elif stage == "repair":
        sites = repair_sites(s, power)
    elif stage == "garrison":
        return paged(f, power, [opt("garrison", f"{sp}|{k}", "choice.disband_to_garrison",
                                    unit=f"@unit.{k}", space=f"@space.{sp}")
                                for sp in garrison_sources(s, power)
                                for k in ("LG", "wLG", "HI", "wHI", "LI")
                                if s.stack(sp, power).get(k, 0)], [])
    elif stage == "hire":
        sites = mercenary_spaces(s, power)
    elif stage == "destroy":
        sites = destroy_sites(s, power)
    else:
        sites = []
    return paged(f, power, [opt(stage, sp, "choice.at_space", space=f"@space.{sp}")
                            for sp in sites], [])


def minor_decide(s: PRState, f: Frame, power: str, verb: str, arg: Any) -> None:
    """Carry out a Minor Move that is not a move; it uses the Minor Move (§9.1.1)."""
    f["stage"] = None
    f["minors"] -= 1
    pay = s.options.get("treasury", True)
    p = s.powers[power]
    if verb == "settlement":
        s.remove(arg, power, "GR")
        if pay:
            p.treasury -= 2
        s.cities[arg] = City(owner=power, kind="settlement", fp=2)
        s.say(msg("log.built", power=f"@power.{power}", what="@word.settlement",
                  space=f"@space.{arg}"))
    elif verb == "city":
        kind = "LG" if s.stack(arg, power).get("LG", 0) else "HI"
        s.remove(arg, power, kind)
        if pay:
            p.treasury -= 3
        s.cities[arg] = City(owner=power, kind="city", fp=5)
        s.say(msg("log.built", power=f"@power.{power}", what="@word.city",
                  space=f"@space.{arg}"))
    elif verb == "repair":
        c = s.cities[arg]
        cost = full_fp(c.kind) - c.fp
        if pay:
            p.treasury -= cost
        c.fp = full_fp(c.kind)
        s.say(msg("log.repaired", power=f"@power.{power}", space=f"@space.{arg}", n=cost))
    elif verb == "garrison":
        sp, kind = arg.split("|")
        s.remove(sp, power, kind)
        n = garrisons_from(kind)
        s.add(sp, power, "GR", n)
        s.say(msg("log.garrisoned", power=f"@power.{power}", unit=f"@unit.{kind}",
                  space=f"@space.{sp}", n=n))
    elif verb == "hire":
        if pay:
            p.treasury -= FULL_COST["MHI"]
        s.add(arg, power, "MHI")
        s.mercenary_turn[power] = s.turn
        key = f"{arg}|{power}"
        s.moved.setdefault(key, {})
        s.say(msg("log.formed", power=f"@power.{power}", unit="@unit.MHI",
                  space=f"@space.{arg}"))
    elif verb == "destroy":
        destroy(s, arg)


def garrisons_from(kind: str) -> int:
    """§12.1.6: a full LG or HI gives 3 garrisons, an LI 2, a weakened LG or HI 1."""
    rows = {r.disbanded: r.garrisons for r in data().tables.garrison_conversion.rows}
    if kind in ("wLG", "wHI"):
        return rows["weakened LG or HI"]
    if kind == "LI":
        return rows["LI"]
    return rows["full LG or HI"]


def destroy(s: PRState, space: str) -> None:
    c = s.cities.pop(space)
    s.say(msg("log.destroyed", power=f"@power.{c.owner}", space=f"@space.{space}"))


def capture(s: PRState, space: str, new_owner: str) -> None:
    """§7.2.1, §7.4.1-7.4.2: the capturer becomes the owner; barbarians make it Independent
    (§7.4.5), the Soldiers of Fortune give it to their Power."""
    c = s.cities[space]
    if new_owner == "sof" and s.sof is not None:
        new_owner = s.sof["power"]
    if new_owner == "barbarian":
        new_owner = "independent"
    old = c.owner
    c.owner = new_owner
    s.say(msg("log.captured", space=f"@space.{space}", power=f"@power.{new_owner}",
              old=f"@power.{old}"))


def pillage(s: PRState, power: str, space: str, campaign: int, mercenaries: bool,
            barbarian: bool = False) -> bool:
    """§7.5 after a capture: 1d6 (+1 with mercenaries) greater than the leader's Campaign (0 with
    no leader) pillages: a settlement gives ceil(1d6/2) T, a city 1d6 T, halved (down) with
    mercenaries or SoF; barbarians get nothing (§7.5.4). Then 1d6 against the same Campaign:
    above it ends the move. Never in one's own Home Territory (§7.5.5). Returns whether the
    army may go on moving."""
    d = data()
    if power in s.powers and d.spaces[space].territory == d.home_territory(power).id:
        return True
    roll = s.rng.roll(range(1, 7)) + (1 if mercenaries else 0)
    if roll > campaign:
        c = s.cities[space]
        got = s.rng.roll(range(1, 7))
        if c.kind == "settlement":
            got = math.ceil(got / 2)
        if mercenaries:
            got //= 2
        if barbarian:
            got = 0
        if power in s.powers:
            s.powers[power].treasury += got
        s.say(msg("log.pillaged", power=f"@power.{power}", space=f"@space.{space}", n=got))
    else:
        s.say(msg("log.pillage_failed", power=f"@power.{power}", space=f"@space.{space}"))
    go_on = s.rng.roll(range(1, 7)) <= campaign
    return go_on
