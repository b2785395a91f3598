"""Primitives on a Hannibal State: the small verbs every rule and every event is written with.

Queries: ``cu``, ``elephants``, ``gens_at``, ``commander``, ``army_size``, ``controller``,
``province_controller``, ``political_points``, ``generals_of``, ``where``, ``besieged``,
``enemy_outside``.
Changes: ``add_cu``, ``remove_cu``, ``place_general``, ``take_general``, ``move_force``,
``place_pc``, ``remove_pc``, ``flip_pc``, ``set_control`` (every change of an area's control;
#26: Carthage losing Syracuse empties the Syracuse box, said in the log), ``displace``,
``lose_cus``; ``check_siege_train`` (#30: a train caught by enemy CUs without Carthaginian CUs
is lost; adding or moving Roman CUs checks it).
Dice and questions: ``roll`` (one d6 from the State's RNG; tests script it with
``s.rng.scripted = ["4"]``) and ``ask`` (a question to one role, answered through the View; see
events.py for how an event uses it).

Every change (but ``set_control`` on the Syracuse box) writes nothing to the log by itself; the caller says what happened with ``s.say``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from operator import attrgetter
from typing import Any

from games.core import msg
from games.hannibal import board as B
from games.hannibal.flow import Frame, push
from games.hannibal.state import CARTHAGE, ROME, HState, area_of, inside, other

DIE = (1, 2, 3, 4, 5, 6)
DEAD_STATES = ("pool", "aside", "displaced", "dead")


def roll(s: HState) -> int:
    """One six-sided die (§2.1)."""
    return s.rng.roll(DIE)


def ukey(side: str, loc: str) -> str:
    return f"{side}|{loc}"


# -- units -------------------------------------------------------------------------------------------
def cu(s: HState, side: str, loc: str) -> int:
    u = s.units.get(ukey(side, loc))
    return u[0] if u else 0


def elephants(s: HState, side: str, loc: str) -> int:
    u = s.units.get(ukey(side, loc))
    return u[1] if u else 0


def cu_in_area(s: HState, side: str, sid: str) -> int:
    """CUs of ``side`` in area ``sid``, inside and outside its walls."""
    return cu(s, side, sid) + cu(s, side, inside(sid))


def areas_with_cus(s: HState, side: str) -> set[str]:
    """The areas where ``side`` has CUs, inside or outside the walls (one pass over the units:
    for a query over every area, instead of ``cu_in_area`` per area)."""
    head = side + "|"
    cut = len(head)
    return {area_of(k[cut:]) for k, u in s.units.items() if u[0] > 0 and k.startswith(head)}


def locations_with_cus(s: HState, side: str) -> set[str]:
    """The locations (an area, or inside its walls) where ``side`` has CUs."""
    head = side + "|"
    cut = len(head)
    return {k[cut:] for k, u in s.units.items() if u[0] > 0 and k.startswith(head)}


def add_cu(s: HState, side: str, loc: str, n: int, el: int = 0) -> None:
    """Put ``n`` CUs (``el`` of them elephants) of ``side`` at ``loc``. CUs are unlimited (§2.2);
    elephants are capped at 4 on the map by the caller (§17.1)."""
    if n <= 0:
        return
    u = s.units.setdefault(ukey(side, loc), [0, 0])
    u[0] += n
    u[1] += min(el, n)
    _displace_lone_enemies(s, side, area_of(loc))
    if side == ROME:
        check_siege_train(s)


def remove_cu(s: HState, side: str, loc: str, n: int, elephant: bool = False) -> int:
    """Remove up to ``n`` CUs; ordinary CUs go first unless ``elephant`` (an "e" result or the
    first rout loss, §17.2) asks for one elephant among them. Returns how many were removed."""
    key = ukey(side, loc)
    u = s.units.get(key)
    if not u or n <= 0:
        return 0
    n = min(n, u[0])
    el_lost = 0
    if elephant and u[1] > 0:
        el_lost = 1
    ordinary = u[0] - u[1]
    rest = n - el_lost
    from_ord = min(rest, ordinary)
    el_lost += rest - from_ord
    u[0] -= n
    u[1] -= el_lost
    if u[0] <= 0:
        del s.units[key]
    return n


def move_cus(s: HState, side: str, src: str, dst: str, n: int, el: int | None = None) -> None:
    """Move ``n`` CUs from ``src`` to ``dst``; elephants travel in proportion unless ``el`` says
    how many of them are elephants (ordinary CUs are taken first)."""
    have = elephants(s, side, src)
    if el is None:
        el = max(0, n - (cu(s, side, src) - have))
    el = min(el, have, n)
    u = s.units.get(ukey(side, src))
    if not u or n <= 0:
        return
    n = min(n, u[0])
    u[0] -= n
    u[1] -= el
    if u[0] <= 0:
        del s.units[ukey(side, src)]
    d = s.units.setdefault(ukey(side, dst), [0, 0])
    d[0] += n
    d[1] += el


def total_elephants(s: HState) -> int:
    return sum(u[1] for k, u in s.units.items() if k.startswith(CARTHAGE))


# -- generals ----------------------------------------------------------------------------------------
def gens_at(s: HState, side: str, loc: str) -> list[str]:
    return s.stacks.get(ukey(side, loc), [])


def gens_in_area(s: HState, side: str, sid: str) -> list[str]:
    return gens_at(s, side, sid) + gens_at(s, side, inside(sid))


def commander(s: HState, side: str, loc: str) -> str | None:
    g = s.stacks.get(ukey(side, loc))
    return g[0] if g else None


def where(s: HState, key: str) -> str | None:
    loc = s.gens.get(key)
    return None if loc is None or loc in DEAD_STATES else loc


def side_of(key: str) -> str:
    return B.general(key).side


def generals_of(s: HState, side: str) -> list[str]:
    """The generals of ``side`` on the map, in a fixed order."""
    gens = s.gens
    return [g for g in _generals_by_side(side)
            if gens.get(g) is not None and gens[g] not in DEAD_STATES]


@cache
def _generals_by_side(side: str) -> tuple[str, ...]:
    return tuple(g for g in B.board().generals if side_of(g) == side)


def rank(s: HState, key: str) -> int:
    """Status (§9.3, §18.3): Hannibal over every Carthaginian, a consul over a proconsul."""
    if key == "hannibal" or key in s.consuls:
        return 0
    return 1


def place_general(s: HState, key: str, loc: str, lead: bool = False) -> None:
    """Put a general at ``loc``. The stack's commander is the highest in status; among equals the
    arriving general leads when ``lead`` (the mover commands, §10.8), else he is subordinate."""
    take_general(s, key)
    stack = s.stacks.setdefault(ukey(side_of(key), loc), [])
    if lead:
        stack.insert(0, key)
    else:
        stack.append(key)
    stack.sort(key=lambda g: rank(s, g))
    s.gens[key] = loc


def take_general(s: HState, key: str, status: str | None = None) -> None:
    """Lift a general off the map (``status`` says where he goes: pool, displaced, dead...)."""
    loc = where(s, key)
    if loc is not None:
        k = ukey(side_of(key), loc)
        stack = s.stacks.get(k, [])
        if key in stack:
            stack.remove(key)
        if not stack:
            s.stacks.pop(k, None)
    if status is not None:
        s.gens[key] = status


def set_commander(s: HState, side: str, loc: str, key: str) -> None:
    stack = s.stacks.get(ukey(side, loc), [])
    if key in stack:
        stack.remove(key)
        stack.insert(0, key)
        stack.sort(key=lambda g: rank(s, g))


def resort(s: HState) -> None:
    """Keep every stack's commander the highest in status (after elections)."""
    for stack in s.stacks.values():
        stack.sort(key=lambda g: rank(s, g))


def displace(s: HState, key: str) -> None:
    """§10.10: a displaced general leaves the map. Scipio Africanus and Hannibal die (Carthage then
    owes 5 PCs); a Carthaginian returns in the next reinforcement phase, a Roman goes back to the
    pool of consul tokens."""
    side = side_of(key)
    if key in ("africanus", "hannibal"):
        take_general(s, key, "dead")
        s.say(msg("log.general_dies", g=f"@gen.{key}"))
        if key == "hannibal":
            push(s, "remove_pcs", role=CARTHAGE, n=5, why="hannibal")
    elif side == CARTHAGE:
        take_general(s, key, "displaced")
        s.say(msg("log.displaced", g=f"@gen.{key}"))
    else:
        take_general(s, key, "pool")
        if key in s.consuls:
            s.consuls.remove(key)
        if key in s.proconsuls:
            s.proconsuls.remove(key)
        s.say(msg("log.displaced", g=f"@gen.{key}"))


def _displace_lone_enemies(s: HState, side: str, sid: str) -> None:
    """Enemy generals without CUs where CUs arrive are displaced (§6.3, §10.10)."""
    enemy = other(side)
    if cu(s, enemy, sid) == 0 and gens_at(s, enemy, sid) and cu(s, side, sid) > 0:
        for g in list(gens_at(s, enemy, sid)):
            displace(s, g)


def move_force(s: HState, side: str, src: str, dst: str, gens: Iterable[str], n: int) -> None:
    """Move generals and ``n`` CUs of ``side`` from ``src`` to ``dst``; the first general leads."""
    gens = list(gens)
    move_cus(s, side, src, dst, n)
    for i, g in enumerate(gens):
        place_general(s, g, dst, lead=(i == 0))
    if side == ROME and n > 0:
        check_siege_train(s)


def army_size(s: HState, side: str, loc: str) -> int:
    return cu(s, side, loc)


# -- political control -------------------------------------------------------------------------------
def controller(s: HState, sid: str) -> str | None:
    """Who controls an area: his PC, walled city or (Carthage) friendly tribe (§19.1, §20.9)."""
    return s.spaces[sid].pc


def friendly(s: HState, side: str, sid: str) -> bool:
    return s.spaces[sid].pc == side


def hostile_tribe(s: HState, side: str, sid: str) -> bool:
    """A non-friendly tribe for ``side`` (§20.9): neutral for both, Carthaginian for Rome."""
    t = s.spaces[sid].tribe
    return t == "neutral" or (t == CARTHAGE and side == ROME)


_CONTROL: dict[tuple[str | None, ...], dict[str, str | None]] = {}
_PC = attrgetter("pc")


@cache
def _province_areas() -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """Each province with the number of its areas needed for control, and its areas."""
    bd = B.board()
    return tuple((pid, bd.province_threshold.get(pid) or (len(p.spaces) // 2 + 1),
                  tuple(p.spaces))
                 for pid, p in bd.provinces.items())


def province_controllers(s: HState) -> dict[str, str | None]:
    """Who controls each province (§19.1): at least the printed number of its areas (read it,
    never change it: the answer is shared by every State with the same markers)."""
    key = tuple(map(_PC, s.spaces.values()))
    got = _CONTROL.get(key)
    if got is not None:
        return got
    spaces = s.spaces
    out: dict[str, str | None] = {}
    for pid, need, areas in _province_areas():
        ctl = None
        for side in (ROME, CARTHAGE):
            if sum(1 for a in areas if spaces[a].pc == side) >= need:
                ctl = side
        out[pid] = ctl
    if len(_CONTROL) > 20000:
        _CONTROL.clear()
    _CONTROL[key] = out
    return out


def province_controller(s: HState, pid: str) -> str | None:
    return province_controllers(s)[pid]


def political_points(s: HState, side: str) -> int:
    """§22.1: one point per scoring province controlled."""
    ctl = province_controllers(s)
    return sum(1 for pid, p in B.board().provinces.items() if p.need and ctl[pid] == side)


SYRACUSE_BOX = "syracuse_allied"


def set_control(s: HState, sid: str, side: str | None) -> None:
    """Who controls area ``sid`` now (its PC, walled city or subjugated tribe): every change of
    control goes through here. #26 (§25): the PC in the Syracuse box of the naval track stays
    only while Carthage holds Syracuse; once she loses it, the box is empty for good."""
    s.spaces[sid].pc = side
    if sid == "syracuse" and side != CARTHAGE and SYRACUSE_BOX in s.markers:
        s.markers.remove(SYRACUSE_BOX)
        s.say(msg("log.syracuse_box_empty"))


def place_pc(s: HState, side: str, sid: str) -> None:
    """A PC of ``side`` in an area without a walled city or tribe marker (§19.2)."""
    set_control(s, sid, side)


def remove_pc(s: HState, sid: str) -> None:
    """Remove an ordinary PC (never a walled city or a tribe, §15.5, §22.2)."""
    if ordinary_pc_area(s, sid):
        set_control(s, sid, None)


def flip_pc(s: HState, side: str, sid: str) -> None:
    set_control(s, sid, side)


def removable_pcs(s: HState, side: str) -> list[str]:
    """Areas holding an ordinary PC of ``side`` (not a walled city, not a tribe)."""
    return [sid for sid, sp in s.spaces.items() if sp.pc == side and ordinary_pc_area(s, sid)]


def ordinary_pc_area(s: HState, sid: str) -> bool:
    """An area whose marker is an ordinary PC: no walled city, no tribe still standing."""
    plain, tribes = pc_kinds()
    return sid in plain or (sid in tribes and s.spaces[sid].tribe is None)


@cache
def pc_kinds() -> tuple[frozenset[str], frozenset[str]]:
    """The areas printed for an ordinary PC, and the tribe areas (a PC once the tribe is gone)."""
    spaces = B.board().spaces
    return (frozenset(sid for sid, sp in spaces.items() if sp.kind == "pc_space"),
            frozenset(sid for sid, sp in spaces.items() if sp.kind == "tribe"))


# -- sieges, enemies ---------------------------------------------------------------------------------
def besieged(s: HState, sid: str) -> bool:
    """A walled city with at least one siege point is besieged (§20.4)."""
    sp = s.spaces[sid]
    return B.walled(sid) and sp.siege > 0 and sp.siege_by is not None and sp.siege_by != sp.pc


def enemy_outside(s: HState, side: str, sid: str) -> int:
    return cu(s, other(side), sid)


def lift_sieges(s: HState) -> None:
    """§20.6: a siege (or subjugation) ends when the besieger has no CUs left in the area."""
    for sid, sp in s.spaces.items():
        if sp.siege_by is not None and cu(s, sp.siege_by, sid) == 0:
            sp.siege_by = None
            sp.siege = 0
    check_siege_train(s)


def check_siege_train(s: HState) -> None:
    """#30 (§25): the siege train is lost when Roman CUs stand in its area and no Carthaginian
    CUs stand with it (on its side of the walls)."""
    t = s.siege_train
    if t is not None and cu(s, CARTHAGE, t) == 0 and cu(s, ROME, area_of(t)) > 0:
        s.siege_train = None
        s.say(msg("log.train_lost", where=f"@space.{area_of(t)}"))


# -- questions ---------------------------------------------------------------------------------------
def ask(s: HState, role: str, prompt: str, options: list[tuple[Any, str, dict[str, Any]]],
        then: str, **data: Any) -> Frame | None:
    """Ask ``role`` to pick one of ``options`` (each ``(arg, label key, label args)``); when he
    answers, the continuation registered as ``CONTINUE[then]`` is called with
    ``(state, frame, arg)``. ``data`` is kept in the frame for it. Returns the question's frame.

    With no options nothing is asked (returns None) and the continuation is never called: the
    caller has nothing left to do, so a question is always asked last in its handler (an event
    whose choice is empty is over, as when the player had answered it)."""
    if not options:
        return None
    return push(s, "pick", role=role, prompt=prompt, options=[[a, k, dict(v)] for a, k, v in options],
                then=then, **data)


CONTINUE: dict[str, Any] = {}


def continuation(name: str) -> Any:
    """Register what happens when a question asked with ``ask(..., then=name)`` is answered."""
    def deco(fn: Any) -> Any:
        CONTINUE[name] = fn
        return fn
    return deco


def _pick_choices(s: HState, f: Frame) -> list[Any]:
    from games.hannibal.flow import opt
    return [opt("pick", a, k, **v) for a, k, v in f["options"]]


def _pick_prompt(s: HState, f: Frame) -> Any:
    return msg(f["prompt"], **f.get("prompt_args", {}))


def _pick_decide(s: HState, f: Frame, verb: str, arg: Any) -> None:
    from games.hannibal.flow import pop
    pop(s, f)
    CONTINUE[f["then"]](s, f, arg)


def _register() -> None:
    from games.hannibal.flow import decision
    decision("pick", _pick_choices, _pick_prompt)(_pick_decide)


_register()
