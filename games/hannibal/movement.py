"""Movement (§10), naval movement (§11), interception (§12), avoid battle and pursuit (§13).

An activation picks a general (``pick_gen``), how many CUs go with him (``pick_cus``), then moves
one area at a time (``march``). After each area entered the opponent reacts (§10.3): he says what
his army in that area does (``here``: stand, avoid with all or part of it, shelter in the walls,
or bring CUs out of the walls first), declares his interceptions from adjacent areas
(``intercept``), and ``resolve`` rolls the dice in the order of §10.3: avoid first, then
interceptions, then overrun (§10.5, §12.9), then battle (§14).
"""

from __future__ import annotations

from typing import Any

from games.core import msg
from games.hannibal import board as B
from games.hannibal import prims as P
from games.hannibal.flow import Frame, decision, opt, pop, pop_kind, push, step
from games.hannibal.state import CARTHAGE, ROME, HState, area_of, inside, is_inside, other

MAX_MOVE_CU = 10


def _loc_name(loc: str) -> str:
    return f"@space.{area_of(loc)}" if not is_inside(loc) else f"@inside.{area_of(loc)}"


def rating(g: str) -> int:
    return B.general(g).battle


def avoid_range(g: str) -> int:
    """§13.1 with the printed abilities: Fabius avoids on 1-5, Gisgo on 1-3."""
    return {"fabius": 5, "gisgo": 3}.get(g, rating(g))


def intercept_range(g: str) -> int:
    """§12.4 with the printed abilities: Varro intercepts on 1-4, Gisgo on 1-3."""
    return {"varro": 4, "gisgo": 3}.get(g, rating(g))


def pursue_range(g: str) -> int:
    """§13.4 with the printed ability: Flaminius pursues on 1-4."""
    return {"flaminius": 4}.get(g, rating(g))


def consular(s: HState, gens: list[str]) -> bool:
    return any(g in s.consuls for g in gens)


def group_of(s: HState, g: str) -> list[str]:
    """Who moves when ``g`` is activated: a commander takes his whole stack, a subordinate
    detaches alone (§9.2, §10.9)."""
    loc = P.where(s, g)
    assert loc is not None
    stack = P.gens_at(s, P.side_of(g), loc)
    if stack and stack[0] == g:
        return list(stack)
    return [g]


def cu_range(s: HState, g: str) -> tuple[int, int]:
    """How many CUs may move with ``g`` (§10.2: at most 10; §18.1: a consular army moves with at
    least 5 and no CUs may be taken away from a consul below 5). §10.9: a subordinate may leave
    his army at any moment, with or without CUs («с ВЧ или без них»): from a consul who has 5 or
    fewer CUs he still leaves alone."""
    side = P.side_of(g)
    loc = P.where(s, g)
    assert loc is not None
    have = P.cu(s, side, loc)
    group = group_of(s, g)
    hi = min(MAX_MOVE_CU, have)
    lo = 5 if consular(s, group) else 0
    staying = [x for x in P.gens_at(s, side, loc) if x not in group]
    if consular(s, staying):
        hi = min(hi, max(0, have - 5))
    return lo, hi


def can_start_move(s: HState, g: str) -> bool:
    loc = P.where(s, g)
    if loc is None or held_in_port(s, g):
        return False
    side = P.side_of(g)
    if is_inside(loc) and P.cu(s, other(side), area_of(loc)) > 0 and (
            P.cu(s, side, loc) == 0 or s.truce):
        return False            # a sortie (§20.7) needs CUs; none during a Truce (#64)
    lo, hi = cu_range(s, g)
    return lo <= hi


def held_in_port(s: HState, g: str) -> bool:
    """#41 (§25): a general whose fleet Bad Weather kept in port stays there until the end of
    the turn (the marker names the general: the card acts on generals, not on CUs)."""
    return WEATHER + g in s.markers


WEATHER = "weather:"


# -- the activation -----------------------------------------------------------------------------------
# ``s.activation`` is the card that moves generals now: {"side", "card", "ops", "campaign" (generals
# still to move), "moved", "failed" ([interceptor, mover] pairs: the general whose interception
# of the army led by ``mover`` failed, §12.10), "sailed",
# "kind" ("ops" | "campaign" | "forced"), "mp", "naval_cap", "sieged"}; an event may add "only" (the
# generals it may move) and "charms" (#28: Hannibal removes Roman PCs on his way).
# ``s.move`` is the army moving now: {"g", "gens", "n", "loc", "mp", "came_from", "by" ("land" |
# "sea"), "sailed", "battle", "returned", "pursuit_failed", "gone", "intercepted",
# "avoid_failed", "here", "declared", "over"}.

def begin_activation(s: HState, side: str, card: int, ops: int, campaign: int = 0,
                     mp: int = 4, naval_cap: int = 5, kind: str = "ops", **extra: Any) -> None:
    """Let ``side`` move generals with ``card``: one (OPS), or ``campaign`` of them (§10.11).
    ``extra`` is kept in the activation for the rules that look at the card (a Guide...)."""
    s.activation = {"side": side, "card": card, "ops": ops, "campaign": campaign,
                    "moved": [], "failed": [], "sailed": False, "kind": kind, "mp": mp,
                    "naval_cap": naval_cap, "sieged": [], **extra}
    push(s, "pick_gen", role=side)


def _act(s: HState) -> dict[str, Any]:
    assert s.activation is not None
    return s.activation


def failed_against(s: HState, g: str) -> bool:
    """§12.10: ``g`` tried to intercept the army moving now and failed, during this card: until
    the card ends he may neither avoid that army nor try to intercept it again. Other armies of
    a campaign he may intercept and avoid."""
    m = s.move
    return m is not None and s.activation is not None and [g, m["g"]] in s.activation["failed"]


def _mv(s: HState) -> dict[str, Any]:
    assert s.move is not None
    return s.move


def _pick_gen_choices(s: HState, f: Frame) -> list[Any]:
    from games.hannibal.cards import movable_generals
    a = _act(s)
    gens = [g for g in movable_generals(s, f["role"], a["ops"]) if g not in a["moved"]
            and g in a.get("only", [g])]
    out = [opt("general", g, "choice.general", g=f"@gen.{g}", where=_loc_name(P.where(s, g) or ""))
           for g in gens][:24]
    if a["kind"] == "campaign":
        out.append(opt("done", None, "choice.end_campaign"))
    return out


@decision("pick_gen", _pick_gen_choices, lambda s, f: msg("prompt.pick_general"))
def _pick_gen(s: HState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "done":
        pop(s, f)
        s.activation = None
        return
    g = str(arg)
    lo, hi = cu_range(s, g)
    if lo == hi:
        pop(s, f)
        _start_march(s, f["role"], g, lo)
    else:
        f["k"] = "pick_cus"
        f["g"] = g


def _cus_choices(s: HState, f: Frame) -> list[Any]:
    lo, hi = cu_range(s, f["g"])
    return [opt("cus", n, "choice.cus", n=n) for n in range(hi, lo - 1, -1)] + [
        opt("back", None, "choice.back")]


@decision("pick_cus", _cus_choices, lambda s, f: msg("prompt.cus", g=f"@gen.{f['g']}"))
def _pick_cus(s: HState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "back":
        f["k"] = "pick_gen"
        return
    pop(s, f)
    _start_march(s, f["role"], f["g"], int(arg))


def _start_march(s: HState, side: str, g: str, n: int) -> None:
    a = _act(s)
    loc = P.where(s, g)
    assert loc is not None
    group = group_of(s, g)
    a["moved"] = a["moved"] + group
    if a["campaign"]:
        a["campaign"] -= 1
    # #30 (§25): the siege train may go with the army its area's commander leads away (he is
    # asked: with it the army may not cross the Alps); a sortie takes it along
    train = s.siege_train == loc and side == CARTHAGE and n > 0 and group[0] == P.commander(
        s, side, loc)
    # the moving army stands outside the walls from its first step on
    sortie = is_inside(loc) and P.cu(s, other(side), area_of(loc)) > 0
    if is_inside(loc):
        P.move_force(s, side, loc, area_of(loc), group, n)
        loc = area_of(loc)
        if train and sortie:
            s.siege_train = loc
    elif group[0] != g:
        P.take_general(s, g)
        P.place_general(s, g, loc, lead=True)
    mp = a["mp"]
    if g == "nero" and a["kind"] == "campaign":
        mp = 6          # §10.12
    if a["kind"] == "campaign":
        mp = min(mp, mp - _tired_cus(s, side, loc, n))
    s.last_move = [area_of(loc)]
    s.say(msg("log.activate", g=f"@gen.{g}", n=n, where=_loc_name(loc)))
    s.move = {"g": g, "gens": group, "n": n, "loc": loc, "mp": mp, "mp0": mp, "came_from": None,
              "by": "land", "sailed": False, "battle": False, "returned": False,
              "pursuit_failed": False, "gone": False, "intercepted": False,
              "avoid_failed": False, "here": "none", "declared": [], "start": loc,
              "train": train and sortie, "path": [[loc, mp, "land"]]}
    push(s, "move_end", role=side)
    if sortie:
        # §20.7: the besieged come out and fight the besiegers; they may go back in after
        from games.hannibal.combat import start_battle
        s.move["battle"] = True
        start_battle(s, side, loc, sortie=True)
        return
    push(s, "march", role=side)
    if train:
        P.ask(s, side, "prompt.train_q",
              [("take", "choice.train_take", {}), ("leave", "choice.train_leave", {})],
              then="move:train", prompt_args={"g": f"@gen.{g}"})


@P.continuation("move:train")
def _train_q(s: HState, f: Frame, arg: Any) -> None:
    """#30 (§25): the siege train goes with the army (never over an Alpine pass) or stays."""
    m = _mv(s)
    if arg == "take":
        m["train"] = True
        s.siege_train = m["loc"]
        s.say(msg("log.train_goes", g=f"@gen.{m['g']}"))


def _tired_cus(s: HState, side: str, loc: str, n: int) -> int:
    """§10.11: in a campaign, CUs that already moved with another general may go on only up to
    4 areas in all. Fresh CUs go first; returns the areas already used by the most-moved CUs
    the army takes (and uses them up), 0 if all are fresh."""
    a = _act(s)
    tired: list[list[int]] = a.setdefault("tired", {}).get(loc, [])
    fresh = P.cu(s, side, loc) - sum(c for c, _ in tired)
    need = n - max(0, fresh)
    used = 0
    for entry in sorted(tired, key=lambda e: e[1]):
        if need <= 0:
            break
        take = min(need, entry[0])
        entry[0] -= take
        need -= take
        used = max(used, entry[1])
    a["tired"][loc] = [e for e in tired if e[0] > 0]
    return used


def _legal_steps(s: HState) -> list[tuple[str, str, int]]:
    m = _mv(s)
    side, loc, n = _act(s)["side"], m["loc"], m["n"]
    enemy = other(side)
    out = []
    here_region = B.region_of(loc)
    for to, kind in B.neighbours(loc):
        cost = 1 if kind == "line" else 2                      # §10.6
        if cost > m["mp"]:
            continue
        if kind == "strait" and {to, loc} == {"messana", "rhegium"} and not (
                s.spaces["messana"].pc == side and s.spaces["rhegium"].pc == side):
            continue
        if n == 0 and P.cu(s, enemy, to) > 0:                  # §10.4 lone general
            continue
        if n == 0 and cost >= m["mp"] and P.gens_at(s, enemy, to):
            continue            # §10.4: he could not stop there, and could go no further
        if "fabius" in m["gens"] and B.region_of(to) != B.ITALY:
            continue                                            # §24 Fabius stays in Italy
        if "hanno" in m["gens"] and B.region_of(to) != B.AFRICA:
            continue                                            # §24 Hanno stays in Africa
        if kind == "alps" and m.get("train"):
            continue                                            # #30: no Alps for the train
        if s.truce and (P.cu_in_area(s, enemy, to) > 0 or s.spaces[to].pc == enemy):
            continue                                            # #64 Truce
        if n and side == CARTHAGE and "counsel:hanno" in s.markers \
                and here_region == B.AFRICA and B.region_of(to) != B.AFRICA:
            continue                                            # #57
        if n and side == ROME and "counsel:cato" in s.markers \
                and here_region != B.AFRICA and B.region_of(to) == B.AFRICA:
            continue                                            # #58
        out.append((to, kind, cost))
    return out


def sail_targets(s: HState) -> list[str]:
    m = _mv(s)
    side = _act(s)["side"]
    out = []
    for p in B.ports():
        if p == m["loc"]:
            continue
        if "fabius" in m["gens"] and B.region_of(p) != B.ITALY:
            continue
        if "hanno" in m["gens"] and B.region_of(p) != B.AFRICA:
            continue
        if s.truce and (P.cu_in_area(s, other(side), p) > 0 or s.spaces[p].pc == other(side)):
            continue
        if m["n"] and side == CARTHAGE and "counsel:hanno" in s.markers \
                and B.region_of(m["loc"]) == B.AFRICA and B.region_of(p) != B.AFRICA:
            continue
        if m["n"] and side == ROME and "counsel:cato" in s.markers \
                and B.region_of(m["loc"]) != B.AFRICA and B.region_of(p) == B.AFRICA:
            continue
        out.append(p)
    return out


def can_sail(s: HState) -> bool:
    """§11.1: a ship card, from a port, 3 MP, at most 5 CUs (10 on a Campaign card, §11.4);
    one naval move per army and per card; two in a row for Nero on a Campaign card (§10.12) and
    with Forced March 3 (#63)."""
    a, m = _act(s), _mv(s)
    card = B.card(a["card"])
    if not card.ship or m["mp"] < 3 or not B.space(m["loc"]).port or m["n"] > a["naval_cap"]:
        return False
    twice = (m["g"] == "nero" and a["kind"] == "campaign") or a["kind"] == "forced"
    if m["sailed"] and not (twice and m.get("sails", 0) < 2):
        return False
    if a["sailed"] and not m["sailed"]:
        return False                                            # §11.4: one army per card
    if a["side"] == ROME and "naval_victory" in s.markers and a["kind"] != "campaign":
        return False                                            # #29
    return bool(sail_targets(s))


def can_stop(s: HState) -> bool:
    """§10.4: a general without CUs may not stop where an enemy general without CUs stands
    (unless he has no way on left)."""
    m = _mv(s)
    enemy = other(_act(s)["side"])
    if not (m["n"] == 0 and P.gens_at(s, enemy, m["loc"]) and P.cu(s, enemy, m["loc"]) == 0):
        return True
    return not _legal_steps(s) and not can_sail(s)


def _walls_ok(s: HState) -> bool:
    m = _mv(s)
    loc, side = m["loc"], _act(s)["side"]
    return (B.walled(loc) and s.spaces[loc].pc == side and not P.besieged(s, loc)
            and P.cu(s, side, inside(loc)) + m["n"] <= B.space(loc).capacity)


def held_by_consul(s: HState) -> bool:
    """§18.3: a proconsul's army *entering* an area with a consular army of fewer than 5 CUs
    stops there unless it hands over enough CUs to bring the consul up to 5 (by dropping
    them). An army that starts by the consul is leaving him, not entering (§10.9)."""
    m = _mv(s)
    side = _act(s)["side"]
    if side != ROME or consular(s, m["gens"]) or m["came_from"] is None:
        return False
    staying = [g for g in P.gens_at(s, side, m["loc"]) if g not in m["gens"]]
    return consular(s, staying) and P.cu(s, side, m["loc"]) - m["n"] < 5


def _march_choices(s: HState, f: Frame) -> list[Any]:
    steps = [] if held_by_consul(s) else _legal_steps(s)
    out = [opt("to", to, "choice.move_to" if kind == "line" else "choice.move_cross",
               where=f"@space.{to}", mp=cost, kind=f"@link.{kind}")
           for to, kind, cost in steps][:21]
    if _troop_choices(s):
        out.append(opt("troops", None, "choice.troops"))
    if can_sail(s) and not held_by_consul(s):
        out.append(opt("sail", None, "choice.sail"))
    if can_charm_start(s):
        out.append(opt("charm", None, "choice.charm_start", where=f"@space.{_mv(s)['loc']}"))
    if can_stop(s):
        if _walls_ok(s):
            out.append(opt("walls", None, "choice.enter_walls"))
        out.append(opt("stop", None, "choice.stop"))
    return out


# -- #28 Hannibal Charms Italy (§25) ---------------------------------------------------------------
def charm_target(s: HState, sid: str) -> bool:
    """A Roman ordinary PC (no walled city, no tribe) in an Italian area without Roman CUs,
    where Hannibal stands outside the walls."""
    return (B.region_of(sid) == B.ITALY and s.spaces[sid].pc == ROME
            and P.ordinary_pc_area(s, sid) and P.cu_in_area(s, ROME, sid) == 0
            and P.where(s, "hannibal") == sid)


def can_charm_start(s: HState) -> bool:
    """#28: the PC of the area where Hannibal begins his move, for one movement point, before
    his first step (never during a Truce: it would take the area from Rome)."""
    m = _mv(s)
    return (bool(_act(s).get("charms")) and m["g"] == "hannibal" and m["came_from"] is None
            and not m.get("charmed") and m["mp"] >= 1 and not s.truce
            and charm_target(s, m["loc"]))


def _charm(s: HState, sid: str) -> None:
    P.remove_pc(s, sid)
    s.say(msg("log.charm", where=f"@space.{sid}"))


@step("charm")
def charm(s: HState, f: Frame) -> None:
    """#28: after the reaction phase of an area Hannibal entered: if he still stands there, no
    battle was fought and no Roman CUs are left (none came, they avoided him or were overrun),
    the Roman PC there is removed at no cost."""
    pop(s, f)
    m = s.move
    if m is None or m["gone"] or m["battle"] or m["loc"] != f["sid"]:
        return
    if charm_target(s, f["sid"]):
        _charm(s, f["sid"])


def _troop_choices(s: HState) -> list[Any]:
    """§10.2, §10.8-10.9: on the way the army may drop CUs and subordinates and pick up CUs
    (never over 10) and generals not higher in status; a consular army keeps 5 CUs (§18.1)."""
    m = _mv(s)
    side, loc = _act(s)["side"], m["loc"]
    out = []
    keep = 5 if consular(s, m["gens"]) else 0
    for k in range(1, max(0, m["n"] - keep) + 1):
        out.append(opt("drop", k, "choice.drop", n=k))
    here = P.cu(s, side, loc) - m["n"]
    staying = [g for g in P.gens_at(s, side, loc) if g not in m["gens"]]
    if consular(s, staying):
        here -= 5
    for k in range(1, max(0, min(MAX_MOVE_CU - m["n"], here)) + 1):
        out.append(opt("pick", k, "choice.pick", n=k))
    for g in staying:
        if P.rank(s, g) >= P.rank(s, m["g"]):
            out.append(opt("pickgen", g, "choice.pick_general", g=f"@gen.{g}"))
    for g in m["gens"][1:]:
        if g not in s.consuls or P.cu(s, side, loc) - m["n"] >= 5:
            out.append(opt("dropgen", g, "choice.drop_general", g=f"@gen.{g}"))
    return out[:24]


@decision("troops", lambda s, f: _troop_choices(s) + [opt("back", None, "choice.back")],
          lambda s, f: msg("prompt.troops", g=f"@gen.{_mv(s)['g']}", n=_mv(s)["n"]))
def _troops(s: HState, f: Frame, verb: str, arg: Any) -> None:
    f["k"] = "march"
    m = _mv(s)
    if verb == "drop":
        m["n"] -= int(arg)
        if m["n"] == 0:
            m["train"] = False          # #30: the train stays with the CUs left here
    elif verb == "pick":
        m["n"] += int(arg)
    elif verb == "pickgen":
        m["gens"] = m["gens"] + [str(arg)]
    elif verb == "dropgen":
        m["gens"] = [g for g in m["gens"] if g != arg]
    if verb != "back":
        s.say(msg(f"log.{verb}", g=f"@gen.{m['g']}", n=arg if isinstance(arg, int) else 0,
                  other=f"@gen.{arg}" if isinstance(arg, str) else "",
                  where=f"@space.{m['loc']}"))


def _march_prompt(s: HState, f: Frame) -> Any:
    m = _mv(s)
    return msg("prompt.march", g=f"@gen.{m['g']}", where=f"@space.{m['loc']}", mp=m["mp"],
               n=m["n"])


@decision("march", _march_choices, _march_prompt)
def _march(s: HState, f: Frame, verb: str, arg: Any) -> None:
    m = _mv(s)
    side = f["role"]
    if verb == "stop":
        pop(s, f)
        return
    if verb == "walls":
        pop(s, f)
        P.move_force(s, side, m["loc"], inside(m["loc"]), m["gens"], m["n"])
        s.say(msg("log.enter_walls", g=f"@gen.{m['g']}", where=f"@space.{m['loc']}"))
        m["loc"] = inside(m["loc"])
        if m.get("train"):
            s.siege_train = m["loc"]
        return
    if verb == "sail":
        f["k"] = "sail_to"
        return
    if verb == "troops":
        f["k"] = "troops"
        return
    if verb == "charm":
        m["mp"] -= 1
        m["charmed"] = True
        _charm(s, m["loc"])
        return
    to = str(arg)
    kind = B.link_kind(m["loc"], to) or "line"
    enter(s, side, to, 1 if kind == "line" else 2, kind)


def enter(s: HState, side: str, to: str, cost: int, kind: str) -> None:
    """Step into ``to`` (§10.2 step 3): pay, move, pass attrition (§10.6), then the reaction
    phase (§10.3)."""
    m = _mv(s)
    P.move_force(s, side, m["loc"], to, m["gens"], m["n"])
    if m.get("train"):
        s.siege_train = to
    m["came_from"] = m["loc"]
    m["loc"] = to
    m["mp"] -= cost
    m["by"] = "land"
    m["arrived"] = m["n"]
    m["path"] = m.get("path", []) + [[to, m["mp"], "land"]]
    s.last_move.append(to)
    s.say(msg("log.move", g=f"@gen.{m['g']}", where=f"@space.{to}"))
    from games.hannibal.cards import open_window
    if _act(s).get("charms") and m["g"] == "hannibal":
        push(s, "charm", sid=to)
    push(s, "react")
    open_window(s, other(side), "enter", space=to, mover=side)
    areas = len(m["path"]) - 1
    if kind in CROSSINGS or areas >= 3:
        # before the pass roll and the reaction phase: Bad Weather (#41) may hold the general
        push(s, "crossing", link=kind)
        open_window(s, other(side), "crossing", space=to, link=kind, mover=side,
                    mp_spent=m["mp0"] - m["mp"], areas=areas)


CROSSINGS = ("pass", "alps", "strait")


def weather_stop(s: HState) -> int | None:
    """#41 (§25): where Bad Weather sends the army that has just stepped by land: the index in
    ``s.move["path"]`` (the start, then each area entered) of the 2nd area it entered; the area
    it came from when it has entered fewer than 3 (a pass or strait crossed with the 3rd or 4th
    MP: it stays on its side); never back over the sea (at most to its landing port). Where
    enemy CUs have come to stand outside the walls since (an avoid), the nearest free area
    before it on the path; None when there is none (the card cannot be played)."""
    path = _mv(s)["path"]
    k = len(path) - 1
    if k < 1:
        return None
    t = min(2, k - 1)
    lo = max([i for i in range(k) if path[i][2] == "sea"], default=0)
    t = max(t, lo)
    enemy = other(_act(s)["side"])
    for i in range(t, lo - 1, -1):
        if P.cu(s, enemy, path[i][0]) == 0:
            return i
    return None


@step("crossing")
def crossing(s: HState, f: Frame) -> None:
    """After a land step that a response may stop (a pass or strait, or the general's 3rd or
    later area), before the reaction: Bad Weather may have stopped it (``s.move["blocked"]``:
    the army goes back and its move ends, see ``weather_stop``); else pass attrition."""
    pop(s, f)
    m = _mv(s)
    if m.get("blocked"):
        side = _act(s)["side"]
        t = weather_stop(s)
        assert t is not None
        back, mp, _ = m["path"][t]
        entered = m["loc"]
        P.move_force(s, side, m["loc"], back, m["gens"], m["n"])
        if back == m["came_from"] and f["link"] in CROSSINGS:
            s.say(msg("event.bad_weather.crossing", g=f"@gen.{m['g']}",
                      where=f"@space.{entered}"))
        else:
            s.say(msg("event.bad_weather.land", g=f"@gen.{m['g']}", where=f"@space.{back}"))
        m["came_from"] = m["path"][t - 1][0] if t > 0 else None
        m["loc"] = back
        m["mp"] = mp            # the CUs have moved only this far (§10.11)
        m["path"] = m["path"][:t + 1]
        s.last_move = s.last_move[:t + 1]
        m["blocked"] = False
        if m.get("train"):
            s.siege_train = m["loc"]
        # no reaction phase for the area left: drop it with the window above it (Hostile Tribes)
        react = [i for i, fr in enumerate(s.flow) if fr["k"] == "react"]
        if react:
            del s.flow[react[-1]:]
        pop_kind(s, "march")
        return
    if f["link"] in ("pass", "alps"):
        pass_attrition(s, f["link"])


def pass_attrition(s: HState, kind: str) -> None:
    """§10.6: attrition after each pass: -2 on an ordinary pass, none on an Alpine pass; a Guide
    (#5) moving the army gives -3 more."""
    from games.hannibal.turn import attrition
    m = _mv(s)
    mod = -2 if kind == "pass" else 0
    if _act(s).get("guide"):
        mod -= 3
    if m["n"] > 0:
        lost = attrition(s, _act(s)["side"], m["loc"], mod, "pass")
        m["n"] = max(0, m["n"] - lost)
    if m["n"] == 0:
        m["train"] = False          # #30: a general alone leads no siege train


# -- naval movement (§11) --------------------------------------------------------------------------
def _sail_choices(s: HState, f: Frame) -> list[Any]:
    from games.hannibal.turn import _by_region
    out = _by_region(s, f, sail_targets(s), "port", "choice.sail_to")
    if f.get("province") is None:
        out = out[:24] + [opt("back", None, "choice.back")]
    return out


@decision("sail_to", _sail_choices, lambda s, f: msg("prompt.sail_to", g=f"@gen.{_mv(s)['g']}"))
def _sail_to(s: HState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "province":
        f["province"] = arg
        return
    f.pop("province", None)
    f["k"] = "march"
    if verb == "back":
        return
    sail(s, f["role"], str(arg))


def naval_modifier(s: HState, src: str, dst: str, n: int, g: str | None) -> int:
    """§11.6: the modifier to the Roman's naval combat roll against a Carthaginian sea move."""
    mod = B.space(src).port_mod + B.space(dst).port_mod
    if n <= 1:
        mod -= 1
    mod += sum(1 for p in (src, dst) if s.spaces[p].pc == ROME)
    for box in ("syracuse_allied", "philip_allied", "naval_victory"):
        if box in s.markers:
            mod -= 1
    if g == "mago":
        mod -= 1
    return mod


def sail(s: HState, side: str, dst: str) -> None:
    """A naval move (§11): 3 MP; every Carthaginian sea move risks the Roman fleet (§11.5)."""
    m = _mv(s)
    m["train"] = False          # #30: the siege train does not go by sea; it stays in port
    m["mp"] -= 3
    m["sailed"] = True
    m["sails"] = m.get("sails", 0) + 1
    _act(s)["sailed"] = True
    push(s, "naval", dst=dst)
    from games.hannibal.cards import open_window
    open_window(s, other(side), "naval", src=m["loc"], dst=dst, mover=side)


@step("naval")
def naval(s: HState, f: Frame) -> None:
    pop(s, f)
    m = _mv(s)
    side = _act(s)["side"]
    src, dst = m["loc"], f["dst"]
    if m.get("cancelled"):
        pop_kind(s, "march")
        return
    if side == CARTHAGE and not s.truce and not _act(s).get("no_naval_roll"):
        r = P.roll(s)
        mod = naval_modifier(s, src, dst, m["n"], m["g"])
        res = B.naval_result(r + mod)
        s.say(msg("log.naval_roll", roll=r, mod=mod, result=f"@naval.{res}"))
        if res == "return":
            pop_kind(s, "march")
            return
        if res == "sunk":
            P.remove_cu(s, side, src, m["n"])
            m["n"] = 0
            for g in m["gens"]:
                P.displace(s, g)
            m["gens"] = []
            m["gone"] = True
            pop_kind(s, "march")
            return
    P.move_force(s, side, src, dst, m["gens"], m["n"])
    m["came_from"] = src
    m["loc"] = dst
    m["by"] = "sea"
    m["arrived"] = m["n"]
    m["path"] = m.get("path", []) + [[dst, m["mp"], "sea"]]
    s.last_move.append(dst)
    s.say(msg("log.sail", g=f"@gen.{m['g']}", where=f"@space.{dst}"))
    if _act(s).get("charms") and m["g"] == "hannibal":
        push(s, "charm", sid=dst)
    push(s, "react")


# -- the reaction phase (§10.3) -----------------------------------------------------------------------
def interceptors(s: HState) -> list[str]:
    """Locations from which the opponent may intercept into the mover's area (§12.2-§12.3, §12.8)."""
    m = _mv(s)
    side, loc = _act(s)["side"], m["loc"]
    enemy = other(side)
    if s.truce or m["n"] + len(m["gens"]) == 0:
        return []
    if P.cu_in_area(s, side, loc) > m["n"]:
        return []       # §12.3: the area holds non-moving CUs of the moving player
    out = []
    for nb in B.land_neighbours(loc):
        for lc in (nb, inside(nb)):
            cmd = P.commander(s, enemy, lc)
            if cmd is None or P.cu(s, enemy, lc) == 0 or failed_against(s, cmd):
                continue
            if is_inside(lc) and P.cu(s, side, nb) > 0:
                continue
            out.append(lc)
    return out


def _enemy_here(s: HState) -> tuple[int, list[str]]:
    m = _mv(s)
    enemy = other(_act(s)["side"])
    return P.cu(s, enemy, m["loc"]), P.gens_at(s, enemy, m["loc"])


def avoid_targets(s: HState, k: int | None = None) -> list[str]:
    """§13.2: an adjacent area by a plain line, without the mover's CUs or PC, not where he came
    from, not a non-friendly tribe; or the own unbesieged walled city here (§13.5), if the ``k``
    CUs that avoid (by default all, up to 10) fit inside."""
    m = _mv(s)
    side, loc = _act(s)["side"], m["loc"]
    enemy = other(side)
    out = []
    for nb in B.land_neighbours(loc):
        if P.cu_in_area(s, side, nb) > 0 or s.spaces[nb].pc == side or nb == m["came_from"]:
            continue
        if P.hostile_tribe(s, enemy, nb):
            continue
        out.append(nb)
    n, _ = _enemy_here(s)
    k = min(n, MAX_MOVE_CU) if k is None else k
    if B.walled(loc) and s.spaces[loc].pc == enemy and not P.besieged(s, loc) and \
            P.cu(s, enemy, inside(loc)) + k <= B.space(loc).capacity:
        out.append(inside(loc))
    return out


def garrison_may_come_out(s: HState) -> int:
    """§10.3 step 1, §10.7: when an army enters an area with a walled city, its owner says again
    which of his CUs stand inside and which outside: CUs inside may come out (not out of a
    besieged city, nor where other CUs of the mover stand: that would be a sortie, §20.7).
    Returns how many CUs inside could come out (public facts only)."""
    m = _mv(s)
    side, loc = _act(s)["side"], m["loc"]
    if not B.walled(loc) or P.besieged(s, loc) or P.cu(s, side, loc) > m["n"]:
        return 0
    return P.cu(s, other(side), inside(loc))


@step("react")
def react(s: HState, f: Frame) -> None:
    m = _mv(s)
    f["k"] = "resolve"
    m["declared"] = []
    m["here"] = "none"
    if m["n"] + len(m["gens"]) == 0:
        return
    enemy = other(_act(s)["side"])
    n, gens = _enemy_here(s)
    if m["n"] == 0 and m.get("arrived") and n == 0 and gens:
        # §10.10: an army entered where enemy generals stand without CUs; that it lost its
        # CUs crossing the pass (or to the tribes) right after does not save them
        for x in list(gens):
            P.displace(s, x)
        gens = []
    if interceptors(s):
        push(s, "intercept", role=enemy)
    if m["n"] > 0 and (n > 0 or gens or garrison_may_come_out(s)):
        push(s, "here", role=enemy)


def _cmd_avoid_range(s: HState, side: str, loc: str) -> tuple[int, int]:
    """§13.2(a): the commander avoiding with his stack may leave CUs behind: he takes ``lo`` to
    ``hi`` of them (a consul keeps 5 with him, §18.1; at most 10)."""
    n = P.cu(s, side, loc)
    hi = min(MAX_MOVE_CU, n)
    lo = min(5, hi) if consular(s, P.gens_at(s, side, loc)) else 0
    return lo, hi


def _here_choices(s: HState, f: Frame) -> list[Any]:
    m = _mv(s)
    n, gens = _enemy_here(s)
    enemy = f["role"]
    loc = m["loc"]
    if f.get("sub"):
        if f["sub"] == "=":
            lo, hi = _cmd_avoid_range(s, enemy, loc)
            hi -= 1                     # all of them (up to 10) is the plain avoid
        else:
            lo, hi = _sub_range(s, enemy, loc, f["sub"])
        return [opt("avoidk", k, "choice.cus", n=k) for k in range(hi, lo - 1, -1)] + [
            opt("back", None, "choice.back")]
    if n:
        out = [opt("here", "stand", "choice.stand")]
    elif gens:
        out = [opt("here", "stand", "choice.stay_displaced")]
    else:
        out = [opt("here", "stand", "choice.stay_inside")]
    if gens and not failed_against(s, gens[0]) and avoid_targets(s):
        out.append(opt("here", "avoid", "choice.avoid", g=f"@gen.{gens[0]}",
                       r=avoid_range(gens[0])))
        lo, hi = _cmd_avoid_range(s, enemy, loc)
        if lo < hi:
            # §13.2(a): with fewer CUs, the rest stays behind
            out.append(opt("avoid_part", None, "choice.avoid_part", g=f"@gen.{gens[0]}",
                           r=avoid_range(gens[0])))
        # §13.3: a subordinate may make the attempt, leaving his commander with the rest
        for g in gens[1:]:
            lo, hi = _sub_range(s, enemy, loc, g)
            if lo <= hi and not failed_against(s, g):
                out.append(opt("here", f"avoid>{g}", "choice.avoid_sub", g=f"@gen.{g}",
                               r=avoid_range(g)))
    if f.get("walls_done"):
        return out[:25]
    if n and B.walled(loc) and s.spaces[loc].pc == enemy and not P.besieged(s, loc):
        room = B.space(loc).capacity - P.cu(s, enemy, inside(loc))
        for k in range(min(n, room), 0, -1):
            out.append(opt("here", f"shelter:{k}", "choice.shelter" if k == n
                           else "choice.shelter_part", n=k))
            if k < n and gens:
                # §13.5: the generals may go in with part of the army, the rest stands
                out.append(opt("shelter_gens", k, "choice.shelter_part_gens", n=k))
    inner = garrison_may_come_out(s)
    if inner:
        # §10.3 step 1: CUs inside come out (with or without the generals inside) and stand
        has_gens = bool(P.gens_at(s, enemy, inside(loc)))
        for k in range(inner, 0, -1):
            out.append(opt("come_out", k, "choice.come_out", n=k))
            if has_gens:
                out.append(opt("come_out_gens", k, "choice.come_out_gens", n=k))
    return out[:25]


def _react_prompt(key: str) -> Any:
    def prompt(s: HState, f: Frame) -> Any:
        m = _mv(s)
        return msg(key, g=f"@gen.{m['g']}", where=f"@space.{m['loc']}", n=m["n"])
    return prompt


def _sub_range(s: HState, side: str, loc: str, g: str) -> tuple[int, int]:
    """CUs a subordinate may take away from his commander's stack (§12.7, §13.3): the commander
    keeps at least 1 CU (5 for a consul); a consul takes at least 5."""
    stack = P.gens_at(s, side, loc)
    keep = 5 if stack and stack[0] in s.consuls else 1
    hi = min(MAX_MOVE_CU, P.cu(s, side, loc) - keep)
    return (5 if g in s.consuls else 0), hi


def _come_out(s: HState, side: str, k: int, with_gens: bool) -> None:
    """§10.3 step 1: ``k`` CUs (and the generals inside, ``with_gens``) leave the walls and stand
    outside; the siege train goes with them when no CUs stay inside (§25 #30)."""
    loc = _mv(s)["loc"]
    gens = list(P.gens_at(s, side, inside(loc))) if with_gens else []
    P.move_force(s, side, inside(loc), loc, gens, k)
    if side == CARTHAGE and s.siege_train == inside(loc) and P.cu(s, side, inside(loc)) == 0:
        s.siege_train = loc
    s.say(msg("log.come_out", side=f"@side.{side}", where=f"@space.{loc}", n=k))


@decision("here", _here_choices, _react_prompt("prompt.here"))
def _here(s: HState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "back":
        f.pop("sub", None)
        return
    if verb == "avoidk":
        pop(s, f)
        if f["sub"] == "=":
            _mv(s)["here"] = f"avoid={int(arg)}"
        else:
            _mv(s)["here"] = f"avoid>{f['sub']}>{int(arg)}"
        return
    if verb == "avoid_part":
        f["sub"] = "="
        return
    if str(arg).startswith("avoid>"):
        f["sub"] = str(arg).split(">")[1]
        return
    if verb in ("come_out", "come_out_gens"):
        # at once (step 1 comes before the avoid and the interceptions); then asked again
        _come_out(s, f["role"], int(arg), verb == "come_out_gens")
        f["walls_done"] = True
        return
    pop(s, f)
    _mv(s)["here"] = f"shelter:{int(arg)}:in" if verb == "shelter_gens" else str(arg)


def _intercept_lo(s: HState, enemy: str, lc: str) -> int:
    return 5 if consular(s, P.gens_at(s, enemy, lc)) else 1


def _intercept_choices(s: HState, f: Frame) -> list[Any]:
    """§12.4, §12.6: declare each interception (source, then how many CUs); all are declared
    before any roll."""
    m = _mv(s)
    enemy = f["role"]
    if f.get("src"):
        lc, _, sub = f["src"].partition(">")
        if sub:
            lo, hi = _sub_range(s, enemy, lc, sub)
            lo = max(lo, 1)
        else:
            lo, hi = _intercept_lo(s, enemy, lc), min(MAX_MOVE_CU, P.cu(s, enemy, lc))
        return [opt("icu", k, "choice.cus", n=k) for k in range(hi, lo - 1, -1)] + [
            opt("back", None, "choice.back")]
    done = {d.split("|")[0] for d in m["declared"]}
    out = []
    for lc in interceptors(s):
        if lc in done:
            continue
        stack = P.gens_at(s, enemy, lc)
        if P.cu(s, enemy, lc) >= _intercept_lo(s, enemy, lc):
            out.append(opt("intercept", lc, "choice.intercept", g=f"@gen.{stack[0]}",
                           where=_loc_name(lc), r=intercept_range(stack[0])))
        # §12.7: part of the stack may go under a subordinate; one attempt per area
        for g in stack[1:]:
            lo, hi = _sub_range(s, enemy, lc, g)
            if max(lo, 1) <= hi and not failed_against(s, g):
                out.append(opt("intercept", f"{lc}>{g}", "choice.intercept", g=f"@gen.{g}",
                               where=_loc_name(lc), r=intercept_range(g)))
    return out[:24] + [opt("intercept", "", "choice.no_more")]


@decision("intercept", _intercept_choices, _react_prompt("prompt.intercept"))
def _intercept(s: HState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "back":
        f.pop("src", None)
        return
    if verb == "icu":
        lc, _, sub = f.pop("src").partition(">")
        _mv(s)["declared"].append(f"{lc}|{int(arg)}|{sub}")
        return
    if not arg:
        pop(s, f)
        return
    f["src"] = str(arg)


@step("resolve")
def resolve(s: HState, f: Frame) -> None:
    """§10.3 steps 3-4, §12.9, §10.4: the dice, then what the mover may do."""
    pop(s, f)
    m = _mv(s)
    side, loc = _act(s)["side"], m["loc"]
    P.check_siege_train(s)
    if m["n"] + len(m["gens"]) == 0:
        m["gone"] = True
        pop_kind(s, "march")
        return
    enemy = other(side)
    # §12.4, §12.6: every interception is declared before any roll, so the +1 is judged as the
    # area stands at the declaration, before the avoid and the first interceptor moves in
    # (§19.3b: into an area with a PC of the mover and no CUs of the interceptor)
    literal = s.options.get("intercept_bonus") == "no_cus"
    mod = 1 if (literal or s.spaces[loc].pc == side) and P.cu_in_area(s, enemy, loc) == 0 \
        else 0
    n, gens = _enemy_here(s)
    here = m["here"]
    avoided = False
    if here.startswith("shelter"):
        # §10.3 step 1, §13.5: CUs inside the walls do not stop the mover; the generals go in
        # with the whole army or, if the owner said so, with part of it
        parts = here.split(":")
        k = int(parts[1])
        go_in = k == n or len(parts) > 2
        P.move_force(s, enemy, loc, inside(loc), list(gens) if go_in else [], k)
        if enemy == CARTHAGE and s.siege_train == loc and P.cu(s, enemy, loc) == 0:
            s.siege_train = inside(loc)         # #30: the train goes in with its army
        s.say(msg("log.shelter", side=f"@side.{enemy}", where=f"@space.{loc}", n=k))
    elif here.startswith("avoid") and gens:
        g, k, alone = gens[0], min(MAX_MOVE_CU, n), False
        if ">" in here:
            _, g, kk = here.split(">")
            k, alone = int(kk), True
        elif "=" in here:
            k = int(here.split("=")[1])         # §13.2(a): the rest stays behind
        r = P.roll(s)
        if r <= avoid_range(g):
            avoided = True
            s.say(msg("log.avoid_ok", g=f"@gen.{g}", roll=r))
            push(s, "pursue_q", role=side)
            # who avoids is fixed now: interceptors arriving next do not go with them
            push(s, "avoid_to", role=enemy, g=g, cus=k if alone else None, stack=list(gens),
                 n=k)
        else:
            s.say(msg("log.avoid_failed", g=f"@gen.{g}", roll=r))
            m["avoid_failed"] = True
            if n == 0:
                for x in list(gens):
                    P.displace(s, x)
    elif here == "stand" and n == 0 and gens:
        for x in list(gens):
            P.displace(s, x)
    intercepted = False
    for decl in m["declared"]:
        lc, want, sub = decl.split("|")
        g = sub or P.commander(s, enemy, lc)
        if g is None or P.where(s, g) != lc or P.cu(s, enemy, lc) == 0:
            continue
        r = P.roll(s)
        if r + mod <= intercept_range(g):
            group = [sub] if sub else list(P.gens_at(s, enemy, lc))
            k = min(int(want), P.cu(s, enemy, lc))
            train = not sub and enemy == CARTHAGE and s.siege_train == lc
            P.move_force(s, enemy, lc, loc, group, k)
            if train:
                s.siege_train = loc         # #30: the train goes with its army
            intercepted = True
            s.say(msg("log.intercept_ok", g=f"@gen.{g}", roll=r, mod=mod, where=f"@space.{loc}"))
        else:
            _act(s)["failed"] = _act(s)["failed"] + [[g, m["g"]]]
            s.say(msg("log.intercept_failed", g=f"@gen.{g}", roll=r, mod=mod))
    m["intercepted"] = m["intercepted"] or intercepted
    if intercepted and m["n"] == 0:
        # §10.10: the intercepting army enters where the mover's generals stand without CUs
        # (they set out alone, or lost every CU on the way): they are displaced, no battle
        _lone_generals_displaced(s)
        return
    if avoided:
        if intercepted:
            # the avoider leaves, the interceptors stand: no pursuit, fight or return (§12.5);
            # when the avoiders are gone the intercepting player names his commander (§12.6)
            pop_kind(s, "pursue_q")
            s.flow.insert(len(s.flow) - 1, {"k": "fight_or_return", "role": side})
            s.flow.insert(len(s.flow) - 1, {"k": "intercept_command", "role": enemy})
        return
    if intercepted:
        push(s, "resolve_rest", role=side)
        push(s, "intercept_command", role=enemy)
        return
    _after_interceptions(s)


@step("resolve_rest")
def resolve_rest(s: HState, f: Frame) -> None:
    pop(s, f)
    _after_interceptions(s)


def _after_interceptions(s: HState) -> None:
    """§10.5 overrun, then a battle or (after an interception) the mover's choice to fight or
    go back (§12.5). A mover without CUs never fights (§10.10)."""
    m = _mv(s)
    side, loc = _act(s)["side"], m["loc"]
    enemy = other(side)
    n, gens = _enemy_here(s)
    if n == 1 and not gens and m["n"] >= 5:
        P.remove_cu(s, enemy, loc, 1)
        s.say(msg("log.overrun", where=f"@space.{loc}"))
        n = 0
    if n == 0:
        return
    if m["n"] == 0:
        # generals whose CUs all fell on the way stand alone among enemy CUs (§10.10)
        _lone_generals_displaced(s)
    elif m["intercepted"] and m["came_from"] is not None:
        push(s, "fight_or_return", role=side)
    else:
        _battle(s)


def _lone_generals_displaced(s: HState) -> None:
    m = _mv(s)
    pop_kind(s, "pursue_q")
    for g in list(m["gens"]):
        if P.where(s, g) == m["loc"]:
            P.displace(s, g)
    m["gens"] = []
    m["gone"] = True
    pop_kind(s, "march")
    P.check_siege_train(s)


@step("intercept_command")
def intercept_command(s: HState, f: Frame) -> None:
    """§12.6, §9.3: where interceptors joined other generals of their side (another interceptor,
    or an army standing there), the intercepting player names the commander among those of the
    highest status (Hannibal and a consul always command)."""
    pop(s, f)
    m = s.move
    if m is None or m["gone"]:
        return
    loc, side = m["loc"], f["role"]
    stack = P.gens_at(s, side, loc)
    if len(stack) < 2:
        return
    best = min(P.rank(s, g) for g in stack)
    heads = [g for g in stack if P.rank(s, g) == best]
    if len(heads) < 2:
        return
    P.ask(s, side, "prompt.intercept_command",
          [(g, "choice.commander", {"g": f"@gen.{g}"}) for g in heads],
          then="move:intercept_command", loc=loc, prompt_args={"where": f"@space.{loc}"})


@P.continuation("move:intercept_command")
def _intercept_commander(s: HState, f: Frame, arg: Any) -> None:
    P.set_commander(s, f["role"], f["loc"], str(arg))
    s.say(msg("log.intercept_command", g=f"@gen.{arg}", where=f"@space.{f['loc']}"))


def _avoid_choices(s: HState, f: Frame) -> list[Any]:
    k = f["cus"] if f.get("cus") is not None else f.get("n")
    return [opt("avoid_to", x, "choice.avoid_to", where=_loc_name(x))
            for x in avoid_targets(s, None if k is None else int(k))][:25]


@decision("avoid_to", _avoid_choices, lambda s, f: msg("prompt.avoid_to", g=f"@gen.{f['g']}"))
def _avoid_to(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    m = _mv(s)
    enemy = f["role"]
    loc = m["loc"]
    dst = str(arg)
    train = False
    if f.get("cus") is not None:
        gens, k = [f["g"]], int(f["cus"])        # a subordinate and his CUs (§13.3)
    else:
        # the stack that rolled (interceptors that arrived since stay and fight); a general
        # who failed to intercept this army may not avoid it (§12.10): he stays
        gens = [g for g in f.get("stack", P.gens_at(s, enemy, loc))
                if P.where(s, g) == loc and (g == f["g"] or not failed_against(s, g))]
        k = min(int(f.get("n", MAX_MOVE_CU)), P.cu(s, enemy, loc))
        # #30: the train goes with the army, not a retreat; it stays with CUs left behind
        train = enemy == CARTHAGE and s.siege_train == loc and k == P.cu(s, enemy, loc)
    P.move_force(s, enemy, loc, dst, gens, k)
    if train:
        s.siege_train = dst
    s.say(msg("log.avoid_to", g=f"@gen.{f['g']}", where=_loc_name(dst)))
    if m["intercepted"]:
        return
    left, stay = P.cu(s, enemy, loc), P.gens_at(s, enemy, loc)
    if left == 0:
        for x in list(stay):
            P.displace(s, x)            # §10.10: generals who could not go, alone
        return
    if left == 1 and not stay and m["n"] >= 5:
        P.remove_cu(s, enemy, loc, 1)   # §10.5: one CU left behind without a general
        s.say(msg("log.overrun", where=f"@space.{loc}"))
        return
    # §13.2: CUs left behind (beyond 10, or by choice) stay and fight
    pop_kind(s, "pursue_q")
    _battle(s)


def _pursue_choices(s: HState, f: Frame) -> list[Any]:
    m = _mv(s)
    out = []
    if m["mp"] > 0:
        out.append(opt("pursue", "roll", "choice.pursue", r=pursue_range(m["g"])))
    out.append(opt("pursue", "stop", "choice.stop"))
    return out


@decision("pursue_q", _pursue_choices, lambda s, f: msg("prompt.pursue", g=f"@gen.{_mv(s)['g']}"))
def _pursue(s: HState, f: Frame, verb: str, arg: Any) -> None:
    """§13.4: going on after an avoid needs a roll of the commander's battle rating or less."""
    pop(s, f)
    m = _mv(s)
    if arg == "stop":
        pop_kind(s, "march")
        return
    r = P.roll(s)
    if r <= pursue_range(m["g"]):
        s.say(msg("log.pursue_ok", g=f"@gen.{m['g']}", roll=r))
    else:
        s.say(msg("log.pursue_failed", g=f"@gen.{m['g']}", roll=r))
        m["pursuit_failed"] = True
        pop_kind(s, "march")


def _fight_choices(s: HState, f: Frame) -> list[Any]:
    """§12.5, §12.8: fight (not for a general without CUs), go back, or, after a landing, enter
    one's own walled city if the army fits."""
    m = _mv(s)
    out = []
    if m["n"] > 0:
        out.append(opt("fight", "battle", "choice.fight"))
    out.append(opt("fight", "return", "choice.return"))
    if m["by"] == "sea" and _walls_ok(s):
        out.append(opt("fight", "walls", "choice.enter_walls"))
    loc, side = m["loc"], _act(s)["side"]
    if m["by"] == "sea" and B.walled(loc) and s.spaces[loc].pc == side and \
            not P.besieged(s, loc):
        # §12.8: part goes into the walled city, the rest (with the generals) sails back
        room = B.space(loc).capacity - P.cu(s, side, inside(loc))
        for k in range(1, min(room, m["n"] - 1) + 1):
            out.append(opt("fight", f"split:{k}", "choice.split", n=k))
    return out


@decision("fight_or_return", _fight_choices, _react_prompt("prompt.fight_or_return"))
def _fight_or_return(s: HState, f: Frame, verb: str, arg: Any) -> None:
    """§12.5: the intercepted army fights, or goes back where it came from and stops."""
    pop(s, f)
    m = _mv(s)
    if arg == "battle":
        _battle(s)
        return
    if arg == "walls":
        P.move_force(s, f["role"], m["loc"], inside(m["loc"]), m["gens"], m["n"])
        m["loc"] = inside(m["loc"])
        s.say(msg("log.enter_walls", g=f"@gen.{m['g']}", where=f"@space.{area_of(m['loc'])}"))
        pop_kind(s, "march")
        return
    side = f["role"]
    if str(arg).startswith("split:"):
        k = int(str(arg).split(":")[1])
        P.move_cus(s, side, m["loc"], inside(m["loc"]), k)
        m["n"] -= k
        s.say(msg("log.split", n=k, where=f"@space.{m['loc']}"))
    back = m["came_from"]
    kind = B.link_kind(m["loc"], back) if m["by"] == "land" else "sea"
    if kind == "sea" and side == CARTHAGE and not s.truce:
        # §12.5: sailing back needs a new naval roll; "return" means it cannot: it fights
        r = P.roll(s)
        mod = naval_modifier(s, m["loc"], back, m["n"], m["g"])
        res = B.naval_result(r + mod)
        s.say(msg("log.naval_roll", roll=r, mod=mod, result=f"@naval.{res}"))
        if res == "return":
            if m["n"] == 0:
                for g in list(m["gens"]):
                    P.displace(s, g)            # §10.10: alone among enemy CUs
                m["gone"] = True
                pop_kind(s, "march")
                return
            _battle(s)
            return
        if res == "sunk":
            P.remove_cu(s, side, m["loc"], m["n"])
            for g in m["gens"]:
                P.displace(s, g)
            m["gone"] = True
            pop_kind(s, "march")
            return
    P.move_force(s, side, m["loc"], back, m["gens"], m["n"])
    if m.get("train") and m["by"] == "land":
        s.siege_train = back
    m["loc"] = back
    m["returned"] = True
    s.say(msg("log.return", g=f"@gen.{m['g']}", where=f"@space.{back}"))
    pop_kind(s, "march")
    if kind in ("pass", "alps"):
        pass_attrition(s, kind)


def _battle(s: HState) -> None:
    from games.hannibal.combat import start_battle
    m = _mv(s)
    m["battle"] = True
    pop_kind(s, "march")
    side = _act(s)["side"]
    start_battle(s, side, m["loc"], came_from=m["came_from"],
                 surprise=other(side) if m["intercepted"] else None,
                 avoid_failed=other(side) if m["avoid_failed"] else None,
                 landed=m["by"] == "sea")


# -- the end of a move ---------------------------------------------------------------------------------
@step("move_end")
def move_end(s: HState, f: Frame) -> None:
    """§10.2 step 7: a siege or subjugation roll where no battle was fought (§20.2); Hanno's
    PC removal (§24); then the next general of a campaign (§10.11)."""
    pop(s, f)
    side = f["role"]
    m = _mv(s)
    a = _act(s)
    s.move = None
    if a["kind"] == "campaign" and m["n"] and not m["gone"]:
        # §10.11: what these CUs used; a battle, an assault, a return or a failed pursuit uses
        # them up (an assault is recorded when it is rolled)
        full = 6 if m["g"] == "nero" else 4
        spent = m["battle"] or m["returned"] or m["pursuit_failed"]
        used = full if spent else full - m["mp"]
        end = P.where(s, m["g"]) or m["loc"]
        a.setdefault("tired", {}).setdefault(end, []).append([m["n"], used])
    if a["campaign"] > 0:
        push(s, "pick_gen", role=side)
    else:
        push(s, "activation_end")
    if m["gone"] or not m["gens"] or P.where(s, m["g"]) is None:
        return
    loc = P.where(s, m["g"])
    assert loc is not None
    sid = area_of(loc)
    if m["battle"] or is_inside(loc):
        return
    from games.hannibal.siege import siege_possible
    if siege_possible(s, side, sid):
        subs = [g for g in m["gens"][1:] if P.where(s, g) == sid]
        push(s, "siege_q", role=side, sid=sid, g=m["g"], subs=subs)
    if m["g"] == "hanno" and s.spaces[sid].pc == ROME and P.ordinary_pc_area(s, sid):
        push(s, "hanno_pc", role=side, sid=sid)


@step("activation_end")
def activation_end(s: HState, f: Frame) -> None:
    pop(s, f)
    s.activation = None


@decision("hanno_pc", lambda s, f: [opt("hanno", "yes", "choice.hanno_remove",
                                        where=f"@space.{f['sid']}"),
                                    opt("hanno", "no", "choice.no")],
          lambda s, f: msg("prompt.hanno"))
def _hanno(s: HState, f: Frame, verb: str, arg: Any) -> None:
    """§24 Hanno: one Roman PC in the non-walled area where he ends his move (no battle)."""
    pop(s, f)
    if arg == "yes":
        P.remove_pc(s, f["sid"])
        s.say(msg("log.pc_removed", side="@side.rome", where=f"@space.{f['sid']}"))


# -- texts of this module (English and Russian) ------------------------------------------------------
_EN = {
    "choice.charm_start": "Charm: remove the Roman PC in {where} (1 MP)",
    "log.charm": "Hannibal charms Italy: the Roman PC in {where} is removed.",
    "prompt.intercept_command": "The intercepting armies unite in {where}: who commands?",
    "choice.commander": "{g}",
    "log.intercept_command": "{g} takes command in {where}.",
    "choice.stay_inside": "Stay inside the walls",
    "choice.avoid_part": "Avoid battle with {g}, leaving some CUs behind (1-{r})",
    "choice.shelter_part_gens": "{n} CUs and the generals into the walls, the rest stands",
    "choice.come_out": "{n} CUs come out of the walls and stand",
    "choice.come_out_gens": "{n} CUs and the generals come out of the walls and stand",
    "log.come_out": "{side}: {n} CUs come out of the walled city of {where}.",
    "prompt.train_q": "Does the siege train go with {g}? (With it he cannot cross the Alps.)",
    "choice.train_take": "The siege train goes with the army",
    "choice.train_leave": "The siege train stays here",
    "log.train_goes": "The siege train goes with {g}.",
}
_RU = {
    "choice.charm_start": "Чары: снять римский ПК в {where:loc} (1 ед. движения)",
    "log.charm": "Ганнибал зачаровал Италию: римский ПК в {where:loc} снят.",
    "prompt.intercept_command": "Перехватившие войска объединяются в {where:loc}: кто командует?",
    "choice.commander": "{g}",
    "log.intercept_command": "{g} принимает командование в {where:loc}.",
    "choice.stay_inside": "Остаться в крепости",
    "choice.avoid_part": "Уклониться от боя: {g}, оставив часть ВЧ (1-{r})",
    "choice.shelter_part_gens": "{n} ВЧ и полководцы в крепость, остальные принимают бой",
    "choice.come_out": "{n} ВЧ выходят из крепости и встают вне стен",
    "choice.come_out_gens": "{n} ВЧ и полководцы выходят из крепости и встают вне стен",
    "log.come_out": "{side}: {n} ВЧ выходят из крепости {where:gen}.",
    "prompt.train_q": "Идёт ли осадный парк с полководцем {g}? (С ним нельзя пройти "
                      "альпийский перевал.)",
    "choice.train_take": "Осадный парк идёт с войском",
    "choice.train_leave": "Осадный парк остаётся здесь",
    "log.train_goes": "Осадный парк идёт с полководцем {g}.",
}


def _register_texts() -> None:
    from games.hannibal.texts import TEXTS
    for lang, texts in (("en", _EN), ("ru", _RU)):
        for key, value in texts.items():
            TEXTS[lang].setdefault(key, value)


_register_texts()
