"""The Attrition and Isolation Phase (§3.2 G, §9.6): land units that cannot trace a LOC home
suffer attrition; fleets outside a friendly controlled port are destroyed."""

from __future__ import annotations

import math
from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana.alliances import allied, separate
from games.pax_romana.control import data, reachable, space_controller
from games.pax_romana.flow import Frame, opt, phase, pop, push, question, step
from games.pax_romana.independents import PERGAMUM
from games.pax_romana.state import LCU_TYPES, PRState


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
    """1d6 for the units of ``power`` in ``space`` (§9.6.3); with ``owners`` (§9.6.5 with
    §17.2) for the army those sides' units there make together, the Power choosing the losses
    among all of them."""
    pop(s, f)
    power, sp = f["power"], f["space"]
    owners = f.get("owners") or [power]
    army = {o: {k: n for k, n in s.stack(sp, o).items() if k not in ("GR", "GS")}
            for o in owners}
    army = {o: st for o, st in army.items() if st}
    units = sum(n for st in army.values() for n in st.values())
    if not units:
        return
    roll = int(s.rng.roll(range(1, 7)))
    losses = attrition_losses(units, roll)
    lead = power if power in army else next(iter(army))
    s.say(msg("log.attrition", power=f"@power.{lead}", space=f"@space.{sp}", roll=roll,
              n=losses))
    if list(army) == [power]:
        push(s, "attrition", role=power, space=sp, losses=losses, weakened=False)
    else:
        push(s, "attrition", role=power, owner=lead, space=sp, losses=losses, weakened=False,
             army=army)


KILL_ORDER = ("LI", "ML", "MLI", "EL", "CV", "MCV", "MHI", "BR", "wHI", "wLG", "HI", "LG")
SMALLER = ("LI", "ML", "MLI", "EL", "CV", "MCV", "MHI", "wHI", "wLG")


def _options_of(st: dict[str, int], losses: int, weakened: bool, smaller: bool = False) -> list[str]:
    """``loss_options`` for the units ``st``; ``smaller``: a partner's unit in the same army
    could take a single loss instead of a full LG/HI."""
    out = []
    for kind in KILL_ORDER:
        if st.get(kind):
            if kind in ("HI", "LG") and losses < 2 and (
                    not weakened or smaller or any(st.get(k) for k in SMALLER)):
                continue
            out.append(f"kill|{kind}")
    if not weakened:
        for kind in ("HI", "LG"):
            if st.get(kind):
                out.append(f"weaken|{kind}")
    return out


def loss_options(s: PRState, power: str, space: str, losses: int, weakened: bool) -> list[str]:
    """What may absorb the next loss: eliminating a unit (an LG/HI counts two, a weakened one
    one, ambiguity A20), or weakening one LG/HI (one loss; only one per roll, §10.6.5)."""
    return _options_of(s.stack(space, power), losses, weakened)


def army_left(s: PRState, space: str, army: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """What of each side's part of ``army`` (owner -> units) is still in ``space``."""
    out: dict[str, dict[str, int]] = {}
    for o, units in army.items():
        st = s.stack(space, o)
        got = {k: min(n, st.get(k, 0)) for k, n in units.items() if k not in ("GR", "GS")}
        if any(got.values()):
            out[o] = {k: n for k, n in got.items() if n > 0}
    return out


def army_loss_options(s: PRState, space: str, army: dict[str, dict[str, int]], lead: str,
                      losses: int, weakened: bool, moving: bool = True) -> list[str]:
    """§17.2 with §9.6.3, §10.6.5: what of a joint army (the ally's units and the Pergamenes
    moving as one, ``army``: owner -> units) may absorb the next attrition loss
    (``owner|verb|kind``): the rules of ``loss_options`` over both sides' units together (one
    LG/HI weakened per roll in the whole army); on the move (``moving``) the moving side's
    (``lead``) last land combat unit only after the partner's last, as at sea
    (``independents.joint_loss_options``)."""
    parts = army_left(s, space, army)
    out: list[str] = []
    for o in sorted(parts, key=lambda x: (x != lead, x)):
        smaller = any(st.get(k) for p, st in parts.items() if p != o for k in SMALLER)
        out += [f"{o}|{key}" for key in _options_of(parts[o], losses, weakened, smaller)]
    if not moving:
        return out
    mine = sum(n for k, n in parts.get(lead, {}).items() if k in LCU_TYPES)
    theirs = any(k in LCU_TYPES for p, st in parts.items() if p != lead for k in st)
    kept = [key for key in out if not (theirs and mine == 1 and key.startswith(f"{lead}|kill|")
                                       and key.split("|")[2] in LCU_TYPES)]
    return kept or out


def _owner(f: Frame) -> str:
    """Whose units take the attrition: the asked Power's own, or those of the army it commands
    (``owner``: the Successor army, an allied Independent's, §17.2)."""
    return str(f.get("owner", f["role"]))


def attrition_keys(s: PRState, f: Frame) -> list[str]:
    """The next loss's options: over the whole of a moving army when the frame names it
    (``army``: owner -> units; ``owner|verb|kind`` when it is a joint army, §17.2), else over
    the asked Power's (or commanded army's) units in the space (``verb|kind``)."""
    army = f.get("army")
    if not army:
        return loss_options(s, _owner(f), f["space"], f["losses"], f["weakened"])
    if len(army) == 1:
        o = next(iter(army))
        return _options_of(army_left(s, f["space"], army).get(o, {}), f["losses"], f["weakened"])
    return army_loss_options(s, f["space"], army, _owner(f), f["losses"], f["weakened"],
                             bool(f.get("move")))


def _attrition_choices(s: PRState, f: Frame) -> list[Choice]:
    out = []
    for key in attrition_keys(s, f):
        parts = key.split("|")
        if len(parts) == 3:             # a joint army: whose unit it is (§17.2)
            out.append(opt("loss", key, f"choice.{parts[1]}_unit_of", unit=f"@unit.{parts[2]}",
                           who=f"@power.{parts[0]}"))
        else:
            out.append(opt("loss", key, f"choice.{parts[0]}_unit", unit=f"@unit.{parts[1]}"))
    return out


def _attrition_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.attrition", who=f"@power.{f['role']}", space=f"@space.{f['space']}",
               n=f["losses"])


@question("attrition", _attrition_choices, _attrition_prompt, lapses=lambda s, f: True)
def _attrition(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    parts = str(arg).split("|")
    power, what, kind = parts if len(parts) == 3 else (_owner(f), *parts)
    sp = f["space"]
    s.remove(sp, power, kind)
    if what == "weaken":
        s.add(sp, power, f"w{kind}")
        f["weakened"] = True
        f["losses"] -= 1
    else:
        f["losses"] -= 2 if kind in ("HI", "LG") else 1
    for units in _army_parts(s, f, power):
        _lose(units, what, kind)
    if f.get("move"):                   # a partner whose units are all lost leaves the army
        from games.pax_romana.movement import move_frame
        m = move_frame(s)
        if m is not None and m.get("with"):
            m["with"] = {o: st for o, st in m["with"].items() if st}
    s.merge_weakened(sp, power)
    if f["losses"] <= 0 or not attrition_keys(s, f):
        pop(s, f)


def _army_parts(s: PRState, f: Frame, power: str) -> list[dict[str, int]]:
    """The records of ``power``'s part of the army that took the loss: the frame's ``army``
    and, crossing an Alpine pass (``move``), the move's own units (§9.5.2)."""
    out = []
    if f.get("army") and power in f["army"]:
        out.append(f["army"][power])
    if f.get("move"):
        from games.pax_romana.movement import move_frame
        m = move_frame(s)
        if m is not None:
            units = m["units"] if power == m["owner"] else m.get("with", {}).get(power)
            if units is not None:
                out.append(units)
    return out


def _lose(units: dict[str, int], what: str, kind: str) -> None:
    if units.get(kind, 0) <= 0:
        return
    units[kind] -= 1
    if not units[kind]:
        del units[kind]
    if what == "weaken":
        units[f"w{kind}"] = units.get(f"w{kind}", 0) + 1
        if units[f"w{kind}"] >= 2:      # §10.6.6, as ``merge_weakened`` does on the map
            units[f"w{kind}"] -= 2
            units[kind] = units.get(kind, 0) + 1
            if not units[f"w{kind}"]:
                del units[f"w{kind}"]


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


def _partners(s: PRState, power: str) -> list[str]:
    """§17.2 (Alliance with Pergamum): the ally uses the Pergamene armies as if they were his
    own, combined with his: in his Activation they are his armies for §9.6.5."""
    return [PERGAMUM] if s.allied_independents.get(PERGAMUM) == power else []


def _rough_army(s: PRState, space: str, power: str) -> dict[str, int]:
    """The army in ``space``: the Power's units (by kind) and its allied Pergamenes' with them
    (``pergamum|kind``)."""
    out = _army(s.stack(space, power))
    for o in _partners(s, power):
        out.update({f"{o}|{k}": n for k, n in _army(s.stack(space, o)).items()})
    return out


def rough_armies(s: PRState, power: str) -> dict[str, dict[str, int]]:
    """The Power's armies of 3 or more units standing in rough mountain spaces as its Activation
    begins (§9.6.5); the allied Pergamenes there are one army with its units (§17.2), and a
    Pergamene army there alone is its army too."""
    if not (s.options.get("advanced") and s.options.get("rough_mountain_attrition")):
        return {}
    out = {}
    for sp in sorted(data().rough_mountains):
        army = _rough_army(s, sp, power)
        if sum(army.values()) >= 3:
            out[sp] = army
    return out


def rough_attrition(s: PRState, power: str, armies: dict[str, dict[str, int]]) -> None:
    """§9.6.5: at the end of the Activation, each of those armies that did not leave its space
    suffers attrition by §9.6.3 (a joint one as one army, §17.2)."""
    for sp in sorted(armies, reverse=True):
        now = _rough_army(s, sp, power)
        if all(now.get(k, 0) >= n for k, n in armies[sp].items()):
            owners = sorted({k.split("|")[0] if "|" in k else power for k in armies[sp]},
                            key=lambda o: (o != power, o))
            if owners == [power]:
                push(s, "attrition_roll", power=power, space=sp)
            else:
                push(s, "attrition_roll", power=power, space=sp, owners=owners)
