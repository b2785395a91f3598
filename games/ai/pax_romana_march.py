"""The computer player in Scenario I, the Pyrrhic War: one Game Turn, and Greece wins if it holds
the space of Rome or Italia at its end, else Rome (the scenario's victory rule). Nothing else
counts, so the VP race of the other scenarios is replaced here by the march on Rome.

**Evaluation** (``march_value``, from Greece; Rome's is its opposite): Rome held by Greece (or
Italia) wins, unless Rome may still take it back; while the other side has Activations left, the
BP by which its strongest army near Rome outnumbers what holds the city counts, an army the
fewer Major Moves away the more (by land, or by sea from a port: embarking, the voyage and the
landing cost 3 MP, §11.3.1, and each port on the way where the transport must Stop more); and a
little, the Battle Points each side has left (Rome's free Legions among them while a Call-Up may
raise them). Once the side without Rome has no Activation left to change that, the game is
decided and nothing else counts.

**Policy**: Rome's armies go home to Rome and stay there, and its Call-Up raises the Legions in
Rome; in Rome's last Activation with Greece holding Rome, they march on it whatever holds it.
Greece's armies go for Rome by the shortest way, by sea from a port (counting the ports where
the transport must Stop and roll for Continuation on the way, §11.1.2-3, and shunning the open
sea, §11.2.1), landing in the port nearest Rome that they may take, and attack only with a clear
edge except in Greece's last Activation, when any fight is better than none.
"""

from __future__ import annotations

import heapq
import math
from collections import deque
from functools import cache
from typing import Any

from games.core import Choice, View
from games.pax_romana.activation import ams_left, battle_points
from games.pax_romana.control import data
from games.pax_romana.rules import public_board
from games.pax_romana.state import PRState

ROME = "rome"
GREECE = "greece"
HOLD = 60.0          # Rome's space (or Italia) held by Greece: the game, if it lasts
EDGE = 2.0           # a BP by which the strongest army near Rome outnumbers what holds it
MOST_EDGE = 12       # ... counted up to this many BP either way
MATERIAL = 0.4       # a BP either side has left
SEA_MP = 3           # embark, voyage, disembark (§11.3.1)
NEAR = 0.85          # an attacker's weight for each Major Move step beyond the first
GUARD = (1.0, 0.7, 0.45, 0.3)    # a Roman army's weight as a guard, by its steps from Rome
FAR_GUARD = 0.15
FREE_GUARD = 0.6     # the free Legions still to raise, while Rome has an Activation left
STOP = 1.5           # a port sailed through where the transport must Stop (§11.1.2-3)
OFF_COURSE = 0.2     # an NTP sailed through (Off Course on a 6, §11.2.1)
HOP = 0.01           # each sea link, so that of two routes alike the shorter is sailed


def _ai() -> Any:
    """The computer player's module, whose board helpers this one shares (it imports this one)."""
    from games.ai import pax_romana
    return pax_romana


def is_march(scenario: str, roles: list[str] | tuple[str, ...]) -> bool:
    return scenario == "I" and set(roles) == {ROME, GREECE}


def _steps_from(sources: list[str]) -> dict[str, int]:
    """Steps by land from each space to the nearest of ``sources``."""
    d = data()
    out = dict.fromkeys(sources, 0)
    q = deque(sources)
    while q:
        cur = q.popleft()
        for nb in sorted(d.land_neighbours(cur)):
            if nb not in out:
                out[nb] = out[cur] + 1
                q.append(nb)
    return out


@cache
def land_steps() -> dict[str, int]:
    """Steps by land from each space to Rome."""
    return _steps_from([ROME])


@cache
def _sails_to_rome(port: str) -> bool:
    return ROME in _ai().sea_distances(port, 14)


def _passing(point: str) -> float:
    """What sailing on through ``point`` costs a Greek transport, in Major Move steps: a port
    outside Greece's Home Territory Stops it and it sails on only after a Continuation roll
    (§11.1.2-3); an NTP may put it Off Course; a DSTP may sink it (§11.2.1)."""
    ai = _ai()
    if ai._deep(point):
        return float(ai.DEEP_STEPS)
    if point in data().ports:
        return 0.0 if data().spaces[point].home_of == GREECE else STOP
    return OFF_COURSE


@cache
def _passage(start: str) -> dict[str, float]:
    """What sailing from ``start`` to each sea point costs, in Major Move steps, by what the
    voyage sails through on the way (``_passing`` of each point between)."""
    ai = _ai()
    cost = {start: 0.0}
    q = [(0.0, start)]
    while q:
        d, cur = heapq.heappop(q)
        if d > cost[cur]:
            continue
        on = d + HOP + (_passing(cur) if cur != start else 0.0)
        for nb in ai._sea_neighbours(cur):
            if on < cost.get(nb, math.inf):
                cost[nb] = on
                heapq.heappush(q, (on, nb))
    return cost


def _landing_cost(at: str, port: str) -> float:
    """From ``at`` at sea: the voyage to ``port`` and the land steps on from it to Rome."""
    return _passage(at).get(port, math.inf) + land_steps().get(port, 99)


@cache
def _voyage_steps(port: str) -> float:
    """Major Move steps from ``port`` to Rome by sea: embarking, the voyage and the landing
    (``SEA_MP``, §11.3.1), what every point sailed through costs (``_passing``), and the land
    steps on from the port of landing."""
    ports = [p for p in sorted(data().ports) if p in land_steps()]
    return SEA_MP + min((_landing_cost(port, p) for p in ports), default=99.0)


@cache
def _steps_to_rome() -> dict[str, float]:
    d = data()
    out: dict[str, float] = {ROME: 0.0}
    for p in sorted(d.ports):
        out[p] = min(out.get(p, 99.0), _voyage_steps(p))
    q = [(v, sp) for sp, v in out.items()]
    heapq.heapify(q)
    while q:
        dist, cur = heapq.heappop(q)
        if dist > out.get(cur, dist):
            continue
        for nb in sorted(d.land_neighbours(cur)):
            if dist + 1 < out.get(nb, 99.0):
                out[nb] = dist + 1
                heapq.heappush(q, (dist + 1, nb))
    return out


def steps_to_rome(sp: str) -> float:
    """Major Move steps from ``sp`` to Rome: by land, or to a port and by sea (``_voyage_steps``)."""
    return _steps_to_rome().get(sp, 99.0)


def _stacks(b: dict[str, Any], who: str) -> list[tuple[str, int]]:
    return [(sp, int(x["bp"].get(who, 0))) for sp, x in b["spaces"].items()
            if int(x["bp"].get(who, 0)) > 0 and sp in data().spaces]


def _walls(b: dict[str, Any], who: str) -> int:
    x = b["spaces"].get(ROME)
    city = x["city"] if x else None
    return int(city["fp"]) if city and city["owner"] == who else 0


def _free_bp(s: PRState, who: str) -> int:
    return sum(battle_points(k) * n for k, n in s.free_units.get(who, {}).items())


def roman_guard(s: PRState, b: dict[str, Any]) -> float:
    """What holds Rome for Rome: its walls, its armies by their steps from it, and the free
    Legions a Call-Up may still raise."""
    total = float(_walls(b, ROME))
    for sp, bp in _stacks(b, ROME):
        k = land_steps().get(sp, 99)
        total += bp * (GUARD[k] if k < len(GUARD) else FAR_GUARD)
    if ams_left(s, ROME) > 0:
        total += FREE_GUARD * _free_bp(s, ROME)
    return total


def greek_threat(b: dict[str, Any]) -> float:
    """The strongest Greek army, by how many Major Move steps it is from Rome."""
    return max((bp * NEAR ** max(0, steps_to_rome(sp) - 1) for sp, bp in _stacks(b, GREECE)),
               default=0.0)


def march_value(s: PRState) -> float:
    """How well Greece stands (see the module's docstring)."""
    b = public_board(s)
    held = greece_holds(b)
    # The game is decided when the side without Rome has no Activation left to change that:
    # what either side has left no longer counts (else a lost last assault, which costs BP,
    # would rate below not trying, which loses as surely)
    if held and ams_left(s, ROME) == 0:
        return HOLD
    if not held and ams_left(s, GREECE) == 0:
        return 0.0
    value = HOLD if held else 0.0
    if held:
        # Rome's strongest army near its city against the Greeks in it and the walls taken
        near = max((bp * NEAR ** max(0, land_steps().get(sp, 99) - 1)
                    for sp, bp in _stacks(b, ROME)), default=0.0)
        hold = _ai()._mine(b, GREECE, ROME) + _walls(b, GREECE)
        value -= EDGE * max(-MOST_EDGE, min(MOST_EDGE, near - hold))
    elif not held and ams_left(s, GREECE) > 0:
        value += EDGE * max(-MOST_EDGE, min(MOST_EDGE, greek_threat(b) - roman_guard(s, b)))
    bp = _ai()._army_bp
    value += MATERIAL * (bp(s, GREECE) - bp(s, ROME) - _free_bp(s, ROME))
    return value


# -- the policy -----------------------------------------------------------------------------------

def _may_attack(view: View, strength: int, need: int) -> bool:
    """A clear edge, or whatever the odds in Greece's last Activation (not taking Rome then
    loses as surely as a lost battle)."""
    if need <= 0:
        return True
    last = int(view.board["powers"][view.role or ""].get("ams_left", 0)) == 0
    return strength >= _ai().ATTACK_EDGE * need + 1 or last


def greece_holds(b: dict[str, Any]) -> bool:
    """Greece holds Rome's space or Italia: the scenario's victory, at the end of the turn."""
    return (b["control"].get(ROME) == GREECE
            or b["provinces"].get("italia", {}).get("control") == GREECE)


def _last_stand(view: View, choices: list[Choice]) -> list[Choice]:
    """Rome's last Activation with Greece holding Rome: the steps toward Rome, whatever holds
    it (any chance is better than the certain loss)."""
    if view.role != ROME or not greece_holds(view.board):
        return []
    if int(view.board["powers"][ROME].get("ams_left", 0)) > 0:
        return []
    here = land_steps().get(_ai()._space_arg(view), 99)
    return [c for c in choices if c.verb == "to" and land_steps().get(str(c.arg), 99) < here]


def march_move(view: View, choices: list[Choice], strength: int) -> Choice | None:
    """An army's next step (``prompt.move_army``) in Scenario I, or None to leave it to the
    policy of the other scenarios (a single unit's Minor Move)."""
    me = view.role or ""
    b = view.board
    at = _ai()._space_arg(view)
    stop = next((c for c in choices if c.verb == "stop"), None)
    tos = [c for c in choices if c.verb == "to"]
    if me == ROME:
        if at == ROME:
            return stop
        desperate = _last_stand(view, tos)
        if desperate:
            return min(desperate, key=lambda c: (land_steps()[str(c.arg)], str(c.arg)))
        here = land_steps().get(at, 99)
        better = [c for c in tos if land_steps().get(str(c.arg), 99) < here
                  and _ai().defence(b, me, str(c.arg)) * _ai().ATTACK_EDGE + 1 <= strength]
        return min(better, key=lambda c: str(c.arg)) if better else stop
    here = steps_to_rome(at)
    if at == ROME:
        return stop
    embark = next((c for c in choices if c.verb == "embark"), None)
    on = [c for c in tos if steps_to_rome(str(c.arg)) < here
          and _may_attack(view, strength, _ai().defence(b, me, str(c.arg)))]
    land = land_steps().get(at, 99)
    if embark is not None and land > SEA_MP and at in data().ports and _sails_to_rome(at):
        return embark
    if on:
        return min(on, key=lambda c: (steps_to_rome(str(c.arg)), str(c.arg)))
    return stop


def march_landing(view: View, choices: list[Choice], strength: int) -> Choice | None:
    """At sea (``prompt.transport``): Greece sails for Rome when it may take it, else for the
    Italian port nearest Rome it may land in; Rome sails home."""
    me = view.role or ""
    b = view.board
    at = _ai()._space_arg(view)
    d = data()
    ports = [p for p in sorted(d.ports) if p in land_steps()]
    if me == GREECE:
        ports = [p for p in ports if _may_attack(view, strength, _ai().defence(b, me, p))]
    if not ports:
        return None
    goal = min(ports, key=lambda p: (land_steps()[p], p))
    land = next((c for c in choices if c.verb == "land"), None)
    if at == goal and land is not None:
        return land
    go_on = next((c for c in choices if c.verb == "continue_voyage"), None)
    if go_on is not None:
        return go_on
    sails = [c for c in choices if c.verb == "sail_to"]
    if not sails:
        return land

    def via(point: str) -> float:
        # a Deep Sea Transit Point may sink the transport with its army (§11.2.1): it counts
        # as DEEP_STEPS, as in the other scenarios' voyages, so a coastal route wins a tie
        ai = _ai()
        return (ai.sea_distances(point, 14).get(goal, 99)
                + (ai.DEEP_STEPS if ai._deep(point) else 0))
    return min(sails, key=lambda c: (via(str(c.arg)), str(c.arg)))


def march_candidates(view: View, candidates: list[Choice]) -> list[Choice]:
    """The choices the search weighs in Scenario I: a Greek army in a port across the sea
    embarks (Rome is won in Italy only; a rollout of one sampled storm too easily rates staying
    home best, which loses for certain); in Rome's last Activation with Greece holding Rome, a
    Roman army steps toward Rome (a few sampled lost assaults rated staying put best, which
    loses for certain too)."""
    if view.prompt_msg.key != "prompt.move_army":
        return candidates
    if view.role == ROME:
        return _last_stand(view, candidates) or candidates
    if view.role != GREECE:
        return candidates
    at = _ai()._space_arg(view)
    if at in land_steps():
        return candidates
    return [c for c in candidates if c.verb == "embark"] or candidates


def march_place(choices: list[Choice]) -> Choice | None:
    """Rome's Call-Up raises its Legions in Rome: Rome's province first, then Rome's space."""
    home = data().spaces[ROME].province
    return next((c for c in choices if c.verb == "place" and c.arg == ROME
                 or c.verb == "province" and c.arg == home), None)
