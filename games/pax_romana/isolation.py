"""The Attrition and Isolation Phase (§3.2 G, §9.6): land units that cannot trace a LOC home
suffer attrition; fleets outside a friendly controlled port are destroyed."""

from __future__ import annotations

import math
from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana.alliances import allied, separate
from games.pax_romana.control import data, reachable, space_controller
from games.pax_romana.flow import Frame, opt, phase, pop, push, question, step
from games.pax_romana.state import PRState


def isolated_spaces(s: PRState, power: str) -> list[str]:
    """§9.6.1-9.6.2: spaces with the Power's non-garrison land units, not in its own city or
    settlement, from which no LOC reaches a friendly home space."""
    loc = reachable(s, power)
    out = []
    for sp in sorted(s.spaces_of_owner(power)):
        if sp not in data().spaces:
            continue
        st = s.stack(sp, power)
        if not any(k not in ("GR", "GS") for k in st):
            continue
        c = s.cities.get(sp)
        if c is not None and c.owner == power:
            continue
        if sp not in loc:
            out.append(sp)
    return out


def attrition_losses(units: int, roll: int) -> int:
    """§9.6.3: the table's percentage of the units (garrisons and leaders not counted,
    ambiguity A44), rounded up."""
    pct = data().tables.attrition.percent(roll)
    return math.ceil(units * pct / 100)


@phase("G")
def attrition_phase(s: PRState) -> None:
    """§3.2 G: allied armies stacked together part (§4.3.1); then 1d6 for each isolated space,
    the owner choosing which units absorb the losses (§9.6.3); then every fleet not in a
    friendly controlled port is destroyed (§9.6.4)."""
    push(s, "fleet_attrition")
    push(s, "isolation_rolls")
    separate(s)                         # §4.3.1: allies stacked together part first


@step("isolation_rolls")
def isolation_rolls(s: PRState, f: Frame) -> None:
    pop(s, f)
    for power in reversed(s.roles):
        for sp in reversed(isolated_spaces(s, power)):
            push(s, "attrition_roll", power=power, space=sp)


@step("attrition_roll")
def attrition_roll(s: PRState, f: Frame) -> None:
    pop(s, f)
    power, sp = f["power"], f["space"]
    units = sum(n for k, n in s.stack(sp, power).items() if k not in ("GR", "GS"))
    if not units:
        return
    roll = int(s.rng.roll(range(1, 7)))
    losses = attrition_losses(units, roll)
    s.say(msg("log.attrition", power=f"@power.{power}", space=f"@space.{sp}", roll=roll,
              n=losses))
    push(s, "attrition", role=power, space=sp, losses=losses, weakened=False)


def loss_options(s: PRState, power: str, space: str, losses: int, weakened: bool) -> list[str]:
    """What may absorb the next loss: eliminating a unit (an LG/HI counts two, a weakened one
    one, ambiguity A20), or weakening one LG/HI (one loss; only one per roll, §10.6.5)."""
    st = s.stack(space, power)
    out = []
    for kind in ("LI", "ML", "MLI", "EL", "CV", "MCV", "MHI", "BR", "wHI", "wLG", "HI", "LG"):
        if st.get(kind):
            if kind in ("HI", "LG") and losses < 2 and (
                    not weakened or any(st.get(k) for k in ("LI", "ML", "MLI", "EL", "CV",
                                                           "MCV", "MHI", "wHI", "wLG"))):
                continue
            out.append(f"kill|{kind}")
    if not weakened:
        for kind in ("HI", "LG"):
            if st.get(kind):
                out.append(f"weaken|{kind}")
    return out


def _owner(f: Frame) -> str:
    """Whose units take the attrition: the asked Power's own, or those of the army it commands
    (``owner``: the Successor army, an allied Independent's, §17.2)."""
    return str(f.get("owner", f["role"]))


def _attrition_choices(s: PRState, f: Frame) -> list[Choice]:
    return [opt("loss", key, f"choice.{key.split('|')[0]}_unit", unit=f"@unit.{key.split('|')[1]}")
            for key in loss_options(s, _owner(f), f["space"], f["losses"], f["weakened"])]


def _attrition_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.attrition", who=f"@power.{f['role']}", space=f"@space.{f['space']}",
               n=f["losses"])


@question("attrition", _attrition_choices, _attrition_prompt, lapses=lambda s, f: True)
def _attrition(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    what, kind = arg.split("|")
    power, sp = _owner(f), f["space"]
    s.remove(sp, power, kind)
    if what == "weaken":
        s.add(sp, power, f"w{kind}")
        f["weakened"] = True
        f["losses"] -= 1
    else:
        f["losses"] -= 2 if kind in ("HI", "LG") else 1
    s.merge_weakened(sp, power)
    if f["losses"] <= 0 or not loss_options(s, power, sp, f["losses"], f["weakened"]):
        pop(s, f)


@step("fleet_attrition")
def fleet_attrition(s: PRState, f: Frame) -> None:
    """§9.6.4: fleets outside a friendly controlled port are destroyed; an ally's port is
    friendly while the alliance lasts (§4.3.1)."""
    pop(s, f)
    for power in s.roles:
        for sp in sorted(s.spaces_of_owner(power)):
            n = s.stack(sp, power).get("GS", 0)
            if not n:
                continue
            if sp in data().ports and (space_controller(s, sp) == power or allied(
                    s, power, str(space_controller(s, sp)))):
                continue
            s.remove(sp, power, "GS", n)
            s.say(msg("log.fleet_lost", power=f"@power.{power}", space=f"@space.{sp}", n=n))


# -- §9.6.5 (optional, Advanced Game): attrition in rough mountains -------------------------------
def _army(st: dict[str, int]) -> dict[str, int]:
    """Land units other than garrisons and galleys, a weakened LG/HI counted as its unit."""
    out: dict[str, int] = {}
    for k, n in st.items():
        if k not in ("GR", "GS"):
            out[k.lstrip("w")] = out.get(k.lstrip("w"), 0) + n
    return out


def rough_armies(s: PRState, power: str) -> dict[str, dict[str, int]]:
    """The Power's armies of 3 or more units standing in rough mountain spaces as its Activation
    begins (§9.6.5)."""
    if not (s.options.get("advanced") and s.options.get("rough_mountain_attrition")):
        return {}
    out = {}
    for sp in sorted(data().rough_mountains):
        army = _army(s.stack(sp, power))
        if sum(army.values()) >= 3:
            out[sp] = army
    return out


def rough_attrition(s: PRState, power: str, armies: dict[str, dict[str, int]]) -> None:
    """§9.6.5: at the end of the Activation, each of those armies that did not leave its space
    suffers attrition by §9.6.3."""
    for sp in sorted(armies, reverse=True):
        now = _army(s.stack(sp, power))
        if all(now.get(k, 0) >= n for k, n in armies[sp].items()):
            push(s, "attrition_roll", power=power, space=sp)
