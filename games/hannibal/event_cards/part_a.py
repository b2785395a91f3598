"""Strategy-card events #1-#32 (§25, §8.3-§8.5), registered into ``EVENTS`` on import.

Each event is offered only when it would change the board (its ``can_play``): a card whose
event would do nothing may still be played for OPS or discarded (§8.6). Places and numbers come
from the card data (``params`` of strategy_cards.json); reinforcements obey §6.3 (never into a
besieged walled city, never where enemy CUs stand, §25 last note).

Hostile Tribes (#7/#8) is both an event of the player's own turn and a response (§8.4): to an
enemy army entering an area of Transalpine Gaul or Liguria (the "enter" window), or to any card
the opponent plays while his CUs stand there (the "card" window; any of those CUs, §25).

#28 Hannibal Charms Italy moves Hannibal with the "charms" mark on the activation: movement.py
removes the Roman PCs on his way. #30 places the siege train (``s.siege_train``); movement.py
carries it with its army, combat.py loses it in a retreat, prims.check_siege_train when it is
caught without Carthaginian CUs, and siege.py reads it on the siege table.

Not here: #6 Maharbal's Cavalry, #20 Spy, #31/#32 Deserters (the battle events of events.py).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import msg
from games.hannibal import board as B
from games.hannibal import data as D
from games.hannibal import prims as P
from games.hannibal.events import EVENTS, Event
from games.hannibal.state import CARTHAGE, ROME, HState, area_of, inside, is_inside, other
from games.hannibal.texts import TEXTS

Opts = list[tuple[Any, str, dict[str, Any]]]


# -- small helpers ----------------------------------------------------------------------------------
def _params(no: int) -> dict[str, Any]:
    return dict(D.strategy_card(no).params)


def _provinces(no: int) -> list[str]:
    p = _params(no)
    if "provinces" in p:
        return list(p["provinces"])
    return [str(p["province"])]


def _card(no: int) -> str:
    return f"@card.{no}"


def _loc_name(loc: str) -> str:
    return f"@inside.{area_of(loc)}" if is_inside(loc) else f"@space.{loc}"


def _reinforce_ok(s: HState, side: str, loc: str, n: int) -> bool:
    """§6.3 and the §25 note on reinforcement events: not into a besieged walled city, not into
    an area where enemy CUs stand outside the walls; inside the walls only as many as fit."""
    sid = area_of(loc)
    if is_inside(loc):
        return (not P.besieged(s, sid)
                and P.cu(s, side, loc) + n <= B.space(sid).capacity)
    return P.cu(s, other(side), sid) == 0


def _reinforce(s: HState, side: str, loc: str, n: int, el: int = 0) -> None:
    P.add_cu(s, side, loc, n, el)
    s.say(msg("log.reinforce", side=f"@side.{side}", n=n, where=_loc_name(loc)))


def _general_spots(s: HState, side: str, n: int, ok: Any) -> list[str]:
    """Locations of ``side``'s generals that pass ``ok(area)`` and may receive ``n`` CUs."""
    out: list[str] = []
    for g in P.generals_of(s, side):
        loc = P.where(s, g)
        if loc is not None and loc not in out and ok(area_of(loc)) \
                and _reinforce_ok(s, side, loc, n):
            out.append(loc)
    return out


def _ask_area(s: HState, role: str, prompt: str, spots: list[str], then: str,
              key: str = "choice.place_at", extra: Opts | None = None,
              **data: Any) -> None:
    """Ask for one of ``spots`` (locations); a long list is narrowed by province first, so no
    question holds more than 25 choices. ``extra`` options (e.g. "done") are always offered."""
    extra = list(extra or [])
    if len(spots) + len(extra) <= 25:
        opts: Opts = [(x, key, {"where": _loc_name(x)}) for x in spots]
        P.ask(s, role, prompt, opts + extra, then=then, **data)
        return
    provs: list[str] = []
    for x in spots:
        p = B.province_of(area_of(x))
        if p not in provs:
            provs.append(p)
    opts = [("prov:" + p, "choice.province", {"p": f"@prov.{p}"}) for p in provs][:25 - len(extra)]
    P.ask(s, role, prompt, opts + extra, then="ev_a:narrow", inner=then, spots=spots, key=key,
          extra=[list(e) for e in extra], **data)


@P.continuation("ev_a:narrow")
def _narrow(s: HState, f: dict[str, Any], arg: Any) -> None:
    data = {k: v for k, v in f.items()
            if k not in ("k", "role", "prompt", "options", "then", "inner", "spots", "key",
                         "extra")}
    extra: Opts = [(a, k, dict(v)) for a, k, v in f["extra"]]
    if isinstance(arg, str) and arg.startswith("prov:"):
        prov = arg[5:]
        if prov:
            opts: Opts = [(x, f["key"], {"where": _loc_name(x)}) for x in f["spots"]
                          if B.province_of(area_of(x)) == prov][:24 - len(extra)]
            P.ask(s, f["role"], f["prompt"], opts + extra + [("prov:", "choice.back", {})],
                  then="ev_a:narrow", inner=f["inner"], spots=f["spots"], key=f["key"],
                  extra=f["extra"], **data)
            return
        _ask_area(s, f["role"], f["prompt"], f["spots"], f["inner"], f["key"], extra, **data)
        return
    P.CONTINUE[f["inner"]](s, f, arg)


# -- #1-#4 Revolts (§25, revolt class) --------------------------------------------------------------
def _revolt_targets(s: HState, side: str, pid: str) -> list[str]:
    """The opponent's ordinary PCs in province ``pid`` (never a walled city or a tribe) in areas
    holding none of his CUs."""
    enemy = other(side)
    return [sid for sid in B.board().provinces[pid].spaces
            if s.spaces[sid].pc == enemy and P.ordinary_pc_area(s, sid)
            and P.cu_in_area(s, enemy, sid) == 0]


def _revolt(s: HState, side: str, pid: str) -> None:
    enemy = other(side)
    for sid in _revolt_targets(s, side, pid):
        P.remove_pc(s, sid)
        s.say(msg("log.pc_removed", side=f"@side.{enemy}", where=f"@space.{sid}"))


def _controlled_revolt_ok(s: HState, side: str, no: int) -> bool:
    """#1, #2, #4: only if the opponent controls the province (§19.1)."""
    pid = _provinces(no)[0]
    return (P.province_controller(s, pid) == other(side)
            and bool(_revolt_targets(s, side, pid)))


def _controlled_revolt(s: HState, side: str, no: int) -> None:
    _revolt(s, side, _provinces(no)[0])


def _numidia_choices(s: HState, side: str, no: int) -> list[str]:
    return [p for p in _provinces(no) if _revolt_targets(s, side, p)]


def _numidia_revolt_ok(s: HState, side: str, no: int) -> bool:
    return bool(_numidia_choices(s, side, no))


def _numidia_revolt(s: HState, side: str, no: int) -> None:
    """#3: in one Numidia of the player's choice (whoever controls it)."""
    provs = _numidia_choices(s, side, no)
    if len(provs) == 1:
        _revolt(s, side, provs[0])
        return
    P.ask(s, side, "prompt.ev_province",
          [(p, "choice.province_only", {"p": f"@prov.{p}"}) for p in provs],
          then="ev_a:numidia_revolt", prompt_args={"card": _card(no)})


@P.continuation("ev_a:numidia_revolt")
def _numidia_revolt_at(s: HState, f: dict[str, Any], arg: Any) -> None:
    _revolt(s, f["role"], str(arg))


# -- #5 Native Guide (§25, §10.6) -------------------------------------------------------------------
def _guide_ok(s: HState, side: str, no: int) -> bool:
    from games.hannibal.cards import movable_generals
    return bool(movable_generals(s, side, int(_params(no)["max_strategy"])))


def _guide(s: HState, side: str, no: int) -> None:
    """Moves a general of strategy rating 1-2 (OPS 2); every pass his army crosses in this move
    gets -3 more on its attrition roll (-5 on an ordinary pass)."""
    from games.hannibal.movement import begin_activation
    begin_activation(s, side, no, ops=int(_params(no)["max_strategy"]), guide=True)


# -- #7/#8 Hostile Tribes: on the player's own turn, or in response to an army entering (§8.4, §21.3)
def _tribe_targets(s: HState, side: str, no: int) -> list[str]:
    enemy = other(side)
    return [sid for sid in _areas_of(tuple(_provinces(no))) if P.cu(s, enemy, sid) > 0]


@cache
def _areas_of(provs: tuple[str, ...]) -> tuple[str, ...]:
    """The areas of the provinces ``provs``, in the board's order."""
    return tuple(sid for sid, sp in B.board().spaces.items() if sp.province in provs)


def _tribes_ok(s: HState, side: str, no: int) -> bool:
    return bool(_tribe_targets(s, side, no))


def _tribes(s: HState, side: str, no: int) -> None:
    spots = _tribe_targets(s, side, no)
    if len(spots) == 1:
        _tribe_attrition(s, side, spots[0])
        return
    enemy = other(side)
    P.ask(s, side, "prompt.ev_force",
          [(x, "choice.ev_force", {"where": f"@space.{x}", "n": P.cu(s, enemy, x)})
           for x in spots][:25],
          then="ev_a:tribes", prompt_args={"card": _card(no)})


@P.continuation("ev_a:tribes")
def _tribes_at(s: HState, f: dict[str, Any], arg: Any) -> None:
    _tribe_attrition(s, f["role"], str(arg))


def _tribes_respond_ok(s: HState, side: str, no: int, ctx: dict[str, Any]) -> bool:
    """#7/#8 as a response (§8.4, §25): the opponent has just played a card while his CUs stand
    in Transalpine Gaul or Liguria (the "card" window: any of them, with or without a general),
    or his army with CUs has just entered an area there by land (the "enter" window)."""
    if "by" in ctx:
        return ctx["by"] == other(side) and bool(_tribe_targets(s, side, no))
    sid = str(ctx["space"])
    return (ctx.get("mover") == other(side) and B.province_of(sid) in _provinces(no)
            and s.move is not None and s.move.get("n", 0) > 0 and P.cu(s, other(side), sid) > 0)


def _tribes_respond(s: HState, side: str, no: int, ctx: dict[str, Any]) -> None:
    """Against standing troops: the player picks them as on his own turn. Against an army
    entering: the roll comes before the reaction phase; the losses come off the moving army
    first."""
    if "by" in ctx:
        _tribes(s, side, no)
        return
    lost = _tribe_attrition(s, side, str(ctx["space"]))
    if s.move is not None:
        s.move["n"] = max(0, int(s.move["n"]) - lost)


def _tribe_attrition(s: HState, side: str, sid: str) -> int:
    """One roll on the hostile-tribe column (§21.3): the size of the force does not matter."""
    from games.hannibal.turn import attrition
    lost = attrition(s, other(side), sid, 0, "hostile_tribes", hostile_tribe=True)
    P.lift_sieges(s)
    return lost


# -- #9 Philip V of Macedon (§8.5, §11.6, §25) ---------------------------------------------------------
PHILIP = "philip_allied"


def _philip_ok(s: HState, side: str, no: int) -> bool:
    # The first play makes the alliance (a Carthaginian play); the second, by the Roman, ends it.
    return side == (ROME if PHILIP in s.markers else CARTHAGE)


def _lose_random_card(s: HState, side: str) -> None:
    hand = s.hands.get(side, [])
    if not hand:
        return
    lost = hand.pop(s.rng.below(len(hand)))
    s.discard.append(lost)
    from games.hannibal.cards import TRUCE
    if lost == TRUCE:
        s.reshuffle = True          # §8.7: the Truce card discarded in any way
    s.say(msg("log.ev_card_lost", side=f"@side.{side}", card=_card(lost)))


def _philip(s: HState, side: str, no: int) -> None:
    if PHILIP not in s.markers:
        # First play: the card goes back to the deck's discards; it is set aside only after its
        # second play as an event (§8.5).
        if no in s.removed:
            s.removed.remove(no)
            s.discard.append(no)
        s.markers.append(PHILIP)
        s.say(msg("log.ev_philip"))
        _lose_random_card(s, ROME)
        return
    s.markers.remove(PHILIP)
    s.say(msg("log.ev_philip_peace"))
    _lose_random_card(s, CARTHAGE)


# -- reinforcement events #10-#16, #22 (§25 reinforcement class) ----------------------------------------
def _macedonian_spots(s: HState, no: int) -> list[str]:
    p = _params(no)
    return [sid for sid in B.ports() if B.region_of(sid) in p["regions"]
            and s.spaces[sid].pc == CARTHAGE and _reinforce_ok(s, CARTHAGE, sid, int(p["cus"]))]


def _macedonian_ok(s: HState, side: str, no: int) -> bool:
    """#10: only while Philip V is allied with Carthage (#9)."""
    return PHILIP in s.markers and bool(_macedonian_spots(s, no))


def _macedonian(s: HState, side: str, no: int) -> None:
    _ask_area(s, side, "prompt.ev_place_cus", _macedonian_spots(s, no), "ev_a:place",
              n=int(_params(no)["cus"]), prompt_args={"card": _card(no),
                                                      "n": int(_params(no)["cus"])})


@P.continuation("ev_a:place")
def _place_at(s: HState, f: dict[str, Any], arg: Any) -> None:
    _reinforce(s, f["role"], str(arg), int(f["n"]))


def _slinger_spots(s: HState, side: str, no: int) -> list[str]:
    n = int(_params(no)["cus"])
    return [sid for sid in B.ports() if s.spaces[sid].pc == side
            and P.cu_in_area(s, other(side), sid) == 0 and _reinforce_ok(s, side, sid, n)]


def _slingers_ok(s: HState, side: str, no: int) -> bool:
    """#11: the player controls the Balearic Islands."""
    return (P.province_controller(s, str(_params(no)["province"])) == side
            and bool(_slinger_spots(s, side, no)))


def _slingers(s: HState, side: str, no: int) -> None:
    n = int(_params(no)["cus"])
    _ask_area(s, side, "prompt.ev_place_cus", _slinger_spots(s, side, no), "ev_a:place", n=n,
              prompt_args={"card": _card(no), "n": n})


def _african_loc(s: HState, no: int) -> str | None:
    sid = str(_params(no)["space"])
    n = int(_params(no)["cus"])
    if s.spaces[sid].pc != CARTHAGE:
        return None
    for loc in (sid, inside(sid)):
        if _reinforce_ok(s, CARTHAGE, loc, n):
            return loc
    return None


def _african_ok(s: HState, side: str, no: int) -> bool:
    return _african_loc(s, no) is not None


def _african(s: HState, side: str, no: int) -> None:
    """#12: 2 elephant CUs in Carthage, as many as the four elephant counters allow (§17.1); the
    rest are ordinary CUs."""
    loc = _african_loc(s, no)
    assert loc is not None
    p = _params(no)
    el = max(0, min(int(p["elephants"]), 4 - P.total_elephants(s)))
    _reinforce(s, CARTHAGE, loc, int(p["cus"]), el)


def _recruit_area_ok(s: HState, side: str, no: int) -> Any:
    p = _params(no)
    if "region" in p:
        # #15: a province of that region which the player controls
        return lambda sid: (B.region_of(sid) == p["region"]
                            and P.province_controller(s, B.province_of(sid)) == side)
    provs = _provinces(no)
    return lambda sid: B.province_of(sid) in provs


def _recruit_spots(s: HState, side: str, no: int) -> list[str]:
    return _general_spots(s, side, int(_params(no)["cus"]), _recruit_area_ok(s, side, no))


def _recruits_ok(s: HState, side: str, no: int) -> bool:
    return bool(_recruit_spots(s, side, no))


def _recruits(s: HState, side: str, no: int) -> None:
    """#13-#16: CUs join a general of the player in the named provinces."""
    spots = _recruit_spots(s, side, no)
    n = int(_params(no)["cus"])
    if len(spots) == 1:
        _reinforce(s, side, spots[0], n)
        return
    _ask_area(s, side, "prompt.ev_place_cus", spots, "ev_a:place", n=n,
              prompt_args={"card": _card(no), "n": n})


def _mutines_spots(s: HState, no: int) -> list[str]:
    pid = str(_params(no)["province"])
    return [sid for sid in B.board().provinces[pid].spaces
            if P.ordinary_pc_area(s, sid) and P.cu_in_area(s, ROME, sid) == 0]


def _mutines_ok(s: HState, side: str, no: int) -> bool:
    return bool(_mutines_spots(s, no))


def _mutines(s: HState, side: str, no: int) -> None:
    """#22: a CU and a PC in one non-walled area of Sicilia without Roman CUs."""
    _ask_area(s, side, "prompt.ev_place_cus", _mutines_spots(s, no), "ev_a:mutines", no=no,
              prompt_args={"card": _card(no), "n": int(_params(no)["cus"])})


@P.continuation("ev_a:mutines")
def _mutines_at(s: HState, f: dict[str, Any], arg: Any) -> None:
    sid = str(arg)
    _put_pc(s, CARTHAGE, sid)
    _reinforce(s, CARTHAGE, sid, int(_params(int(f["no"]))["cus"]))


def _put_pc(s: HState, side: str, sid: str) -> None:
    flip = s.spaces[sid].pc == other(side)
    if s.spaces[sid].pc == side:
        return
    P.place_pc(s, side, sid)
    s.say(msg("log.pc_flipped" if flip else "log.pc_placed", side=f"@side.{side}",
              where=f"@space.{sid}"))


# -- #17 Surprise Sortie (§20.7, §25 sortie class) -------------------------------------------------------
def _sortie_spots(s: HState, side: str) -> list[str]:
    return [sid for sid, sp in s.spaces.items()
            if B.walled(sid) and sp.pc == side and sp.siege_by == other(side) and sp.siege > 0]


def _sortie_ok(s: HState, side: str, no: int) -> bool:
    return bool(_sortie_spots(s, side))


def _sortie(s: HState, side: str, no: int) -> None:
    """One of the player's besieged walled cities loses a siege point."""
    spots = _sortie_spots(s, side)
    if len(spots) == 1:
        _sortie_at(s, {"role": side}, spots[0])
        return
    P.ask(s, side, "prompt.ev_sortie",
          [(x, "choice.ev_sortie", {"where": f"@space.{x}", "n": s.spaces[x].siege})
           for x in spots][:25],
          then="ev_a:sortie", prompt_args={"card": _card(no)})


@P.continuation("ev_a:sortie")
def _sortie_at(s: HState, f: dict[str, Any], arg: Any) -> None:
    sp = s.spaces[str(arg)]
    sp.siege -= int(_params(17)["siege_points"])
    if sp.siege <= 0:
        sp.siege = 0
        sp.siege_by = None
    s.say(msg("log.ev_sortie", where=f"@space.{arg}", n=sp.siege))


# -- #18 Traitor in Tarentum (§20, §25) ------------------------------------------------------------------
def _traitor_ok(s: HState, side: str, no: int) -> bool:
    """An army of the player (a general and at least 3 CUs) besieges Tarentum: an enemy walled
    city, no enemy CUs outside its walls; no Truce (§25: no assaults during a truce)."""
    p = _params(no)
    sid = str(p["space"])
    return (s.spaces[sid].pc == other(side) and not s.truce
            and bool(P.gens_at(s, side, sid)) and P.cu(s, side, sid) >= int(p["min_cus"])
            and P.cu(s, other(side), sid) == 0)


def _traitor(s: HState, side: str, no: int) -> None:
    """The city changes hands without a roll; the defenders inside are destroyed (§20.8)."""
    from games.hannibal.siege import capture
    capture(s, side, str(_params(no)["space"]), "city")


# -- #19 Senate Dismisses Proconsul (§18.3, §25 politics class) --------------------------------------
def _dismissable(s: HState) -> list[str]:
    return [g for g in s.proconsuls if g != "africanus" and P.where(s, g) is not None]


def _replacements(s: HState, loc: str) -> list[str]:
    out = [g for g in B.board().generals if s.gens.get(g) == "pool"]
    if B.region_of(area_of(loc)) != B.ITALY:
        out = [g for g in out if g != "fabius"]          # §24: Fabius never leaves Italy
    return out


def _senate_ok(s: HState, side: str, no: int) -> bool:
    return bool(_dismissable(s))


def _senate(s: HState, side: str, no: int) -> None:
    gens = _dismissable(s)
    if len(gens) == 1:
        _dismiss(s, side, no, gens[0])
        return
    P.ask(s, side, "prompt.ev_proconsul",
          [(g, "choice.general", {"g": f"@gen.{g}", "where": _loc_name(P.where(s, g) or "")})
           for g in gens],
          then="ev_a:dismiss", no=no, prompt_args={"card": _card(no)})


@P.continuation("ev_a:dismiss")
def _dismiss_cont(s: HState, f: dict[str, Any], arg: Any) -> None:
    _dismiss(s, f["role"], int(f["no"]), str(arg))


def _dismiss(s: HState, side: str, no: int, g: str) -> None:
    """The proconsul leaves the map (back to the pool of generals); the card's player picks his
    successor among the Roman generals not in play, who takes over as proconsul."""
    loc = P.where(s, g)
    assert loc is not None
    cands = _replacements(s, loc)
    P.take_general(s, g, "pool")
    s.proconsuls.remove(g)
    if not cands:
        s.say(msg("log.ev_dismissed", g=f"@gen.{g}"))
        return
    P.ask(s, side, "prompt.ev_successor",
          [(h, "choice.ev_general", {"g": f"@gen.{h}"}) for h in cands],
          then="ev_a:successor", loc=loc, old=g, prompt_args={"g": f"@gen.{g}"})


@P.continuation("ev_a:successor")
def _successor(s: HState, f: dict[str, Any], arg: Any) -> None:
    h, loc = str(arg), str(f["loc"])
    P.place_general(s, h, loc)
    s.proconsuls.append(h)
    P.resort(s)
    s.say(msg("log.ev_successor", g=f"@gen.{f['old']}", h=f"@gen.{h}", where=_loc_name(loc)))


# -- #21 Mercenaries Desert (§21.1, §25 attrition class) ----------------------------------------------
def _mercenary_stacks(s: HState) -> list[str]:
    """Carthaginian forces outside areas with a Carthaginian walled city."""
    out = []
    for key, u in sorted(s.units.items()):
        side, loc = key.split("|", 1)
        sid = area_of(loc)
        if side != CARTHAGE or u[0] <= 0:
            continue
        if B.walled(sid) and s.spaces[sid].pc == CARTHAGE:
            continue
        out.append(loc)
    return out


def _mercenaries_ok(s: HState, side: str, no: int) -> bool:
    return bool(_mercenary_stacks(s))


def _mercenaries(s: HState, side: str, no: int) -> None:
    """Each such force rolls for attrition by its size (§21.2); an army is spared when its
    commander first rolls his battle rating or less."""
    from games.hannibal.turn import attrition
    for loc in _mercenary_stacks(s):
        g = P.commander(s, CARTHAGE, loc)
        if g is not None:
            r = P.roll(s)
            if r <= B.general(g).battle:
                s.say(msg("log.ev_mercs_held", g=f"@gen.{g}", roll=r))
                continue
            s.say(msg("log.ev_mercs_desert", g=f"@gen.{g}", roll=r))
        attrition(s, CARTHAGE, loc, 0, "mercenaries")
    P.lift_sieges(s)


# -- #23 Numidian Ally, #24 Sophonisba (§25 revolt class) ----------------------------------------------
def _numidian_pc_spots(s: HState, side: str, pid: str) -> list[str]:
    """Areas of ``pid`` where ``side`` may put a PC: ordinary PC areas without enemy CUs and
    without his own PC (an enemy PC there is flipped)."""
    enemy = other(side)
    return [sid for sid in B.board().provinces[pid].spaces
            if P.ordinary_pc_area(s, sid) and s.spaces[sid].pc != side
            and P.cu_in_area(s, enemy, sid) == 0]


def _numidian_provinces(s: HState, side: str, no: int) -> list[str]:
    return [p for p in _provinces(no) if _numidian_pc_spots(s, side, p)]


def _numidian_pcs_ok(s: HState, side: str, no: int) -> bool:
    return bool(_numidian_provinces(s, side, no))


def _numidian_pcs(s: HState, side: str, no: int) -> None:
    """#23: up to 3 Roman PCs in Eastern Numidia; #24: up to 3 Carthaginian PCs in one
    Numidia of the player's choice."""
    provs = _numidian_provinces(s, side, no)
    if len(provs) == 1:
        _ask_numidian_pc(s, side, no, provs[0], int(_params(no)["pcs"]))
        return
    P.ask(s, side, "prompt.ev_province",
          [(p, "choice.province_only", {"p": f"@prov.{p}"}) for p in provs],
          then="ev_a:numidia_pcs", no=no, prompt_args={"card": _card(no)})


@P.continuation("ev_a:numidia_pcs")
def _numidia_pcs_in(s: HState, f: dict[str, Any], arg: Any) -> None:
    no = int(f["no"])
    _ask_numidian_pc(s, f["role"], no, str(arg), int(_params(no)["pcs"]))


def _ask_numidian_pc(s: HState, side: str, no: int, pid: str, left: int) -> None:
    spots = _numidian_pc_spots(s, side, pid)
    if left <= 0 or not spots:
        return
    _ask_area(s, side, "prompt.ev_pcs", spots, "ev_a:numidia_pc", key="choice.place_pc",
              extra=[("", "choice.done", {})], no=no, pid=pid, left=left,
              prompt_args={"card": _card(no), "n": left})


@P.continuation("ev_a:numidia_pc")
def _numidia_pc(s: HState, f: dict[str, Any], arg: Any) -> None:
    if not arg:
        return
    side = f["role"]
    _put_pc(s, side, str(arg))
    _ask_numidian_pc(s, side, int(f["no"]), str(f["pid"]), int(f["left"]) - 1)


# -- #25 Capua, #26 Syracuse (§8.5 unique, §20.8) -------------------------------------------------------
def _capua_ok(s: HState, side: str, no: int) -> bool:
    """#25: only when Carthage controls at least 3 Italian provinces (§19.1)."""
    p = _params(no)
    ctl = P.province_controllers(s)
    held = sum(1 for pid in B.italy_provinces() if ctl[pid] == CARTHAGE)
    return s.spaces[str(p["space"])].pc == ROME and held >= int(p["italian_provinces"])


def _city_defects(s: HState, side: str, no: int) -> None:
    """The walled city turns Carthaginian; the Roman CUs inside are destroyed and Roman
    generals there displaced, as when a city falls (§20.8)."""
    from games.hannibal.siege import capture
    capture(s, CARTHAGE, str(_params(no)["space"]), "city")


def _syracuse_ok(s: HState, side: str, no: int) -> bool:
    return s.spaces[str(_params(no)["space"])].pc == ROME


def _syracuse(s: HState, side: str, no: int) -> None:
    """#26: and the Syracuse box of the naval track: -1 on the Roman naval roll (§11.6)."""
    _city_defects(s, side, no)
    if "syracuse_allied" not in s.markers:
        s.markers.append("syracuse_allied")


# -- #27 "I have come into Italy..." (§25 politics class) -----------------------------------------------
def _come_spots(s: HState) -> list[str]:
    return [sid for sid, sp in s.spaces.items()
            if B.region_of(sid) == B.ITALY and sp.pc == ROME and P.ordinary_pc_area(s, sid)
            and P.cu_in_area(s, ROME, sid) == 0]


def _come_ok(s: HState, side: str, no: int) -> bool:
    loc = P.where(s, "hannibal")
    return loc is not None and B.region_of(area_of(loc)) == B.ITALY and bool(_come_spots(s))


def _come(s: HState, side: str, no: int) -> None:
    _ask_come(s, side, no, int(_params(no)["pcs"]))


def _ask_come(s: HState, side: str, no: int, left: int) -> None:
    spots = _come_spots(s)
    if left <= 0 or not spots:
        return
    _ask_area(s, side, "prompt.ev_convert", spots, "ev_a:come", key="choice.ev_convert",
              no=no, left=left, prompt_args={"card": _card(no), "n": left})


@P.continuation("ev_a:come")
def _come_at(s: HState, f: dict[str, Any], arg: Any) -> None:
    _put_pc(s, CARTHAGE, str(arg))
    _ask_come(s, f["role"], int(f["no"]), int(f["left"]) - 1)


# -- #28 Hannibal Charms Italy (§25) ---------------------------------------------------------------------
def _charms_ok(s: HState, side: str, no: int) -> bool:
    from games.hannibal.cards import movable_generals
    return "hannibal" in movable_generals(s, CARTHAGE, B.card(no).ops)


def _charms(s: HState, side: str, no: int) -> None:
    """Hannibal moves as with an OPS card (this card's OPS); in each Italian area he enters and
    keeps (no battle, no Roman CUs left: none there, overrun, or avoided him) the Roman
    ordinary PC is removed at no cost; the PC of the area he starts from, for one movement
    point (movement.py)."""
    from games.hannibal.movement import begin_activation
    begin_activation(s, side, no, ops=B.card(no).ops, only=["hannibal"], charms=True)


# -- #30 Carthaginian Siege Train (§25 reinforcement class) -------------------------------------------
def _train_spots(s: HState) -> list[str]:
    """Carthaginian armies (a general with CUs) that may receive it as a reinforcement (§6.3:
    not inside a besieged city, not where Roman CUs stand outside); with the train already on
    the map, another army (it is handed over: one train at most)."""
    out = []
    for g in P.generals_of(s, CARTHAGE):
        where = P.where(s, g)
        if where is None or where in out or where == s.siege_train:
            continue
        if P.cu(s, CARTHAGE, where) > 0 and _reinforce_ok(s, CARTHAGE, where, 0):
            out.append(where)
    return out


def _train_ok(s: HState, side: str, no: int) -> bool:
    return bool(_train_spots(s))


def _train(s: HState, side: str, no: int) -> None:
    spots = _train_spots(s)
    if len(spots) == 1:
        _place_train(s, spots[0])
        return
    _ask_area(s, side, "prompt.ev_train", spots, "ev_a:train", key="choice.ev_train",
              prompt_args={"card": _card(no)})


@P.continuation("ev_a:train")
def _train_at(s: HState, f: dict[str, Any], arg: Any) -> None:
    _place_train(s, str(arg))


def _place_train(s: HState, loc: str) -> None:
    moved = s.siege_train is not None
    s.siege_train = loc
    s.say(msg("log.ev_train_moved" if moved else "log.ev_train", where=_loc_name(loc),
              g=f"@gen.{P.commander(s, CARTHAGE, loc)}"))


# -- #29 Carthaginian Naval Victory (§11.6, §25 special class) -------------------------------------------
def _naval_victory_ok(s: HState, side: str, no: int) -> bool:
    return "naval_victory" not in s.markers


def _naval_victory(s: HState, side: str, no: int) -> None:
    """Until the end of the turn: -1 on the Roman naval roll, and Rome sails only with a
    Campaign card (the marker is read by movement.py and cleared by turn.py)."""
    s.markers.append("naval_victory")
    s.say(msg("log.ev_naval_victory"))


# -- registration -----------------------------------------------------------------------------------
EVENTS.update({
    "corsica_sardinia_revolt": Event(play=_controlled_revolt, can_play=_controlled_revolt_ok),
    "sicilia_revolts": Event(play=_controlled_revolt, can_play=_controlled_revolt_ok),
    "numidia_revolts": Event(play=_numidia_revolt, can_play=_numidia_revolt_ok),
    "celtiberia_revolts": Event(play=_controlled_revolt, can_play=_controlled_revolt_ok),
    "native_guide": Event(play=_guide, can_play=_guide_ok),
    "hostile_tribes": Event(play=_tribes, can_play=_tribes_ok, trigger=("enter", "card"),
                            can_respond=_tribes_respond_ok, respond=_tribes_respond),
    "philip_v": Event(play=_philip, can_play=_philip_ok),
    "macedonian_reinforcements": Event(play=_macedonian, can_play=_macedonian_ok),
    "balearic_slingers": Event(play=_slingers, can_play=_slingers_ok),
    "african_reinforcements": Event(play=_african, can_play=_african_ok),
    "bruttium_recruits": Event(play=_recruits, can_play=_recruits_ok),
    "ligurian_recruits": Event(play=_recruits, can_play=_recruits_ok),
    "iberian_recruits": Event(play=_recruits, can_play=_recruits_ok),
    "gallic_recruits": Event(play=_recruits, can_play=_recruits_ok),
    "surprise_sortie": Event(play=_sortie, can_play=_sortie_ok),
    "traitor_in_tarentum": Event(play=_traitor, can_play=_traitor_ok),
    "senate_dismisses_proconsul": Event(play=_senate, can_play=_senate_ok),
    "mercenaries_desert": Event(play=_mercenaries, can_play=_mercenaries_ok),
    "mutines_numidians": Event(play=_mutines, can_play=_mutines_ok),
    "numidian_ally": Event(play=_numidian_pcs, can_play=_numidian_pcs_ok),
    "sophonisba": Event(play=_numidian_pcs, can_play=_numidian_pcs_ok),
    "capua_sides_with_carthage": Event(play=_city_defects, can_play=_capua_ok),
    "syracuse_allies_with_carthage": Event(play=_syracuse, can_play=_syracuse_ok),
    "i_have_come_into_italy": Event(play=_come, can_play=_come_ok),
    "carthaginian_naval_victory": Event(play=_naval_victory, can_play=_naval_victory_ok),
    "hannibal_charms_italy": Event(play=_charms, can_play=_charms_ok),
    "siege_train": Event(play=_train, can_play=_train_ok),
})


# -- texts (English and Russian, the rulebook's terms) ------------------------------------------------
_EN = {
    "prompt.ev_province": "{card}: in which province?",
    "prompt.ev_place_cus": "{card}: where do {n} CUs arrive?",
    "prompt.ev_pcs": "{card}: place a PC ({n} left).",
    "prompt.ev_convert": "{card}: which Roman PC becomes Carthaginian ({n} left)?",
    "prompt.ev_force": "{card}: which enemy CUs suffer attrition?",
    "prompt.ev_sortie": "{card}: which walled city makes the sortie?",
    "prompt.ev_proconsul": "{card}: which proconsul is dismissed?",
    "prompt.ev_successor": "Who replaces {g} as proconsul?",
    "choice.province_only": "{p}",
    "choice.ev_force": "{n} CUs in {where}",
    "choice.ev_sortie": "{where} ({n} siege points)",
    "choice.ev_general": "{g}",
    "choice.ev_convert": "The PC in {where}",
    "prompt.ev_train": "{card}: which army receives the siege train?",
    "choice.ev_train": "The army in {where}",
    "log.ev_train": "The siege train joins {g} in {where}.",
    "log.ev_train_moved": "The siege train is handed over to {g} in {where}.",
    "why.hostile_tribes": "hostile tribe", "why.mercenaries": "mercenaries desert",
    "log.ev_card_lost": "{side} loses {card}, drawn at random.",
    "log.ev_philip": "Philip V of Macedon allies with Carthage: -1 on the Roman naval rolls.",
    "log.ev_philip_peace": "Philip V makes peace with Rome: the naval modifier is lost.",
    "log.ev_sortie": "A sortie from {where}: {n} siege points left.",
    "log.ev_dismissed": "The Senate dismisses {g}.",
    "log.ev_successor": "The Senate dismisses {g}: {h} takes command in {where}.",
    "log.ev_mercs_held": "{g} holds his mercenaries (roll {roll}).",
    "log.ev_mercs_desert": "{g} cannot hold his mercenaries (roll {roll}).",
    "log.ev_naval_victory": "Carthaginian naval victory: until the end of the turn -1 on the "
                            "Roman naval rolls, and Rome sails only with a Campaign card.",
}

_RU = {
    "prompt.ev_province": "{card}: в какой провинции?",
    "prompt.ev_place_cus": "{card}: куда ставятся {n} ВЧ?",
    "prompt.ev_pcs": "{card}: поставьте ПК (осталось {n}).",
    "prompt.ev_convert": "{card}: какой римский ПК становится карфагенским (осталось {n})?",
    "prompt.ev_force": "{card}: какие вражеские ВЧ испытывают изнурение?",
    "prompt.ev_sortie": "{card}: из какой крепости вылазка?",
    "prompt.ev_proconsul": "{card}: какого проконсула смещает сенат?",
    "prompt.ev_successor": "Кто сменяет проконсула {g}?",
    "choice.province_only": "{p}",
    "choice.ev_force": "{n} ВЧ в {where:loc}",
    "choice.ev_sortie": "{where} (очков штурма: {n})",
    "choice.ev_general": "{g}",
    "choice.ev_convert": "ПК в {where:loc}",
    "prompt.ev_train": "{card}: какое войско получает осадный парк?",
    "choice.ev_train": "Войско в {where:loc}",
    "log.ev_train": "Осадный парк присоединяется к полководцу {g} в {where:loc}.",
    "log.ev_train_moved": "Осадный парк передан полководцу {g} в {where:loc}.",
    "why.hostile_tribes": "враждебное племя", "why.mercenaries": "дезертирство наёмников",
    "log.ev_card_lost": "{side} теряет «{card}», вытянутую вслепую.",
    "log.ev_philip": "Филип V, царь македонский, в союзе с Карфагеном: −1 к морским броскам "
                     "римлян.",
    "log.ev_philip_peace": "Филип V заключил мир с Римом: модификатор морских битв потерян.",
    "log.ev_sortie": "Вылазка из крепости {where:gen}: осталось очков штурма: {n}.",
    "log.ev_dismissed": "Сенат смещает проконсула {g}.",
    "log.ev_successor": "Сенат смещает проконсула {g}: командование в {where:loc} принимает {h}.",
    "log.ev_mercs_held": "{g} удерживает наёмников (бросок {roll}).",
    "log.ev_mercs_desert": "{g} не удержал наёмников (бросок {roll}).",
    "log.ev_naval_victory": "Морская победа Карфагена: до конца хода −1 к морским броскам "
                            "римлян, а Рим ходит морем только по картам кампании.",
}

for _lang, _texts in (("en", _EN), ("ru", _RU)):
    for _k, _v in _texts.items():
        TEXTS[_lang].setdefault(_k, _v)
