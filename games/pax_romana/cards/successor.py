"""The Successor army of Successor Wars Roll On (card 36, §17.2): Greek units another Power moves
against the other Greeks.

For the card's Major Move the chosen Greek army's units and leaders change owner to
``SUCCESSOR``: a side of its own, friendly to nobody, commanded by the card's drawer
(``card_effects["successor"]["power"]``, public), so that it may attack Greek units, armies,
cities and settlements while Greece decides for its defenders as against any enemy. Its units
still count as Greek for control (control.occupants), so no space, province or capital changes
hands while they march. Greek units met on the way outside a Greek City or Settlement may join
it instead of being attacked (the card's "pick up units"); a Greek City or Settlement it takes
is destroyed with everything in it, never pillaged (the card's "destroy everything"). When the
move and its battles are over (the step ``successor_over``) everything of the Successor army
is Greek again.

Ambiguity A40 (option ``successor_greek_answers``): by default Greece may intercept and
withdraw against the Successor army as against any enemy army; with ``False`` its units stand.
"""

from __future__ import annotations

from typing import Any

from games.core import msg
from games.pax_romana.flow import Frame, opt, pop, push, question, step
from games.pax_romana.state import LCU_TYPES, PRState
from games.pax_romana.texts import extend

SUCCESSOR = "successor"
GREECE = "greece"


def commander(s: PRState) -> str | None:
    """The Power moving the Successor army (the card's drawer), while it marches."""
    got = (s.card_effects.get(SUCCESSOR) or {}).get("power")
    return str(got) if got else None


def as_greek(owner: str) -> str:
    """The Successor army's units are Greek for control (§5.1)."""
    return GREECE if owner == SUCCESSOR else owner


def greece_answers(s: PRState) -> bool:
    """A40: whether Greece may intercept or withdraw against the Successor army."""
    return bool(s.options.get("successor_greek_answers", True))


def stands_against(s: PRState, power: str | None, mover: str, intercepting: bool = False) -> bool:
    """Greece neither intercepts nor withdraws against the Successor army when A40 says so; the
    drawer, who moves it, never intercepts it."""
    if mover != SUCCESSOR:
        return False
    if intercepting and power == commander(s):
        return True
    return power == GREECE and not greece_answers(s)


def _convert(s: PRState, space: str, units: dict[str, int], src: str, dst: str) -> None:
    for kind, n in sorted(units.items()):
        s.add(space, dst, kind, s.remove(space, src, kind, n))
    for lid in s.leaders_at(space, src):
        s.leaders[lid].owner = dst


def muster(s: PRState, power: str, space: str) -> dict[str, int]:
    """The Greek army at ``space`` becomes the Successor army under ``power``; returns its
    units (those that may move: not galleys, not units that moved this Activation)."""
    from games.pax_romana.activation import movable
    units = movable(s, GREECE, space)
    s.card_effects[SUCCESSOR] = {"power": power, "from": space}
    _convert(s, space, units, GREECE, SUCCESSOR)
    return units


def joinable(s: PRState, space: str) -> dict[str, int]:
    """Greek land units the Successor army meets outside a Greek City or Settlement."""
    from games.pax_romana.activation import movable
    c = s.cities.get(space)
    if c is not None and c.owner == GREECE:
        return {}
    return movable(s, GREECE, space)


def offer_join(s: PRState, f: Frame, space: str) -> None:
    """On entering a space with Greek units (not in a city or settlement) the drawer says
    whether they join the army (to be picked up, §9.2.1) or are attacked."""
    units = joinable(s, space)
    if any(k in LCU_TYPES for k in units):
        push(s, "successor_join", role=f["role"], space=space, n=sum(units.values()))


@question("successor_join",
          lambda s, f: [opt("join", None, "choice.successor_join", n=f["n"]),
                        opt("attack", None, "choice.successor_attack")],
          lambda s, f: msg("prompt.successor_join", who=f"@power.{f['role']}",
                           space=f"@space.{f['space']}", card="@card.36"))
def _successor_join(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    if verb != "join":
        return
    space = f["space"]
    _convert(s, space, joinable(s, space), GREECE, SUCCESSOR)
    s.say(msg("log.successor_join", space=f"@space.{space}"))


def take_city(s: PRState, space: str) -> None:
    """A Greek City or Settlement the Successor army takes is destroyed, with what is left in
    it; another side's is captured for Greece; never pillaged."""
    from games.pax_romana import cities
    if s.cities[space].owner != GREECE:
        cities.capture(s, space, GREECE)
        return
    for kind, n in dict(s.stack(space, GREECE)).items():
        if kind != "GS":
            s.remove(space, GREECE, kind, n)
    cities.destroy(s, space)


@step("successor_over")
def successor_over(s: PRState, f: Frame) -> None:
    """The move and its battles are over: the Successor army is Greek again."""
    pop(s, f)
    for space in sorted(s.spaces_of_owner(SUCCESSOR)):
        _convert(s, space, dict(s.stack(space, SUCCESSOR)), SUCCESSOR, GREECE)
        s.merge_weakened(space, GREECE)
    for ls in s.leaders.values():
        if ls.owner == SUCCESSOR:
            ls.owner = GREECE
    s.finished = [x for x in s.finished if not x.endswith(f"|{SUCCESSOR}")]
    s.card_effects.pop(SUCCESSOR, None)
    s.say(msg("log.successor_over"))


extend({
    "en": {
        "power.successor": "the Successor army (Greek)",
        "army.successor": "the Successor army (Greek)",
        "prompt.successor_join": "{who}: {card}: the Greek units at {space}: do they join the "
                                 "army, or does it attack them?",
        "choice.successor_join": "They join the army ({n} units; picking them up costs 1 MP)",
        "choice.successor_attack": "Attack them",
        "log.successor_join": "The Greek units at {space} join the Successor army.",
        "log.successor_over": "The Successor army's march is over: its units are Greek again.",
    },
    "ru": {
        "power.successor": "армия диадохов (греческая)",
        "power.successor:gen": "армии диадохов (греческой)",
        "power.successor:dat": "армии диадохов (греческой)",
        "power.successor:acc": "армию диадохов (греческую)",
        "army.successor": "армия диадохов (греческая)",
        "army.successor:gen": "армии диадохов (греческой)",
        "army.successor:dat": "армии диадохов (греческой)",
        "army.successor:acc": "армию диадохов (греческую)",
        "prompt.successor_join": "{who}: {card}: греческие отряды в {space:loc} присоединяются к "
                                 "армии или она их атакует?",
        "choice.successor_join": "Присоединяются ({n} отр.; забрать их стоит 1 ОД)",
        "choice.successor_attack": "Атаковать их",
        "log.successor_join": "Греческие отряды в {space:loc} присоединяются к армии диадохов.",
        "log.successor_over": "Поход армии диадохов окончен: её отряды снова греческие.",
    },
})
