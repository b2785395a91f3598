"""Strategy-card events #33-#64 (§25), registered into ``EVENTS`` on import.

The Campaign cards, Forced March, Truce, Elephant Fright and Ally Deserts of this range are part of
the core flow (events.py). Here: Diplomacy (#35, #36), Bad Weather (#41, against a sea move, a
general's 3rd area by land or a pass/strait crossing), Two Legions of Slaves (#43), Allied Auxiliaries (#44-#48), Opposing Fleet Breaks Siege (#49), Adriatic
Pirates (#50), Epidemic (#51), Pestilence (#52), Tribal Resistance (#53), Treachery within City
(#54), Messenger Intercepted (#55), Grain Shortage (#56), Hanno and Cato Counsel (#57, #58) and
Storms at Sea (#60).

Numbers and places an event names (CUs, provinces, ports, modifiers) come from the card data
(``params`` in strategy_cards.json).
"""

from __future__ import annotations

from typing import Any

from games.core import msg
from games.hannibal import board as B
from games.hannibal import data as D
from games.hannibal import prims as P
from games.hannibal import texts as T
from games.hannibal.events import EVENTS, Event
from games.hannibal.flow import Frame, pop_kind
from games.hannibal.state import CARTHAGE, ROME, HState, area_of, is_inside, other

Opts = list[tuple[Any, str, dict[str, Any]]]

MAX_OPTIONS = 25
_FRAME_KEYS = ("k", "role", "prompt", "options", "then")


def _params(no: int) -> dict[str, Any]:
    return dict(D.strategy_cards()[no].params)


def _loc_name(loc: str) -> str:
    return f"@inside.{area_of(loc)}" if is_inside(loc) else f"@space.{loc}"


def _side(side: str) -> str:
    return f"@side.{side}"


def _data_of(f: Frame) -> dict[str, Any]:
    """What an event kept in its question frame (everything but the question itself)."""
    return {k: v for k, v in f.items() if k not in _FRAME_KEYS}


# -- asking for an area out of many (at most 25 options a step, DESIGN) --------------------------------
def _ask_area(s: HState, role: str, prompt: str, locs: list[str], then: str,
              **data: Any) -> None:
    """Ask ``role`` for one of ``locs`` (areas, or ``"<area>:in"``); more than 25 are narrowed
    by province first. The continuation ``then`` receives the location."""
    if len(locs) <= MAX_OPTIONS:
        P.ask(s, role, prompt, [(x, "event.choice.area", {"where": _loc_name(x)}) for x in locs],
              then=then, **data)
        return
    provs: list[str] = []
    for x in locs:
        p = B.province_of(area_of(x))
        if p not in provs:
            provs.append(p)
    P.ask(s, role, prompt, [(p, "event.choice.province", {"p": f"@prov.{p}"}) for p in provs],
          then="event_area:province", locs=locs, final=then, **data)


@P.continuation("event_area:province")
def _area_province(s: HState, f: Frame, arg: Any) -> None:
    data = _data_of(f)
    inner = [x for x in f["locs"] if B.province_of(area_of(x)) == arg][:MAX_OPTIONS - 1]
    opts: Opts = [(x, "event.choice.area", {"where": _loc_name(x)}) for x in inner]
    opts.append(("", "event.choice.back", {}))
    P.ask(s, f["role"], f["prompt"], opts, then="event_area:area", **data)


@P.continuation("event_area:area")
def _area_area(s: HState, f: Frame, arg: Any) -> None:
    data = _data_of(f)
    if arg == "":
        locs, final = data.pop("locs"), data.pop("final")
        _ask_area(s, f["role"], f["prompt"], locs, final, **data)
        return
    P.CONTINUE[f["final"]](s, f, arg)


# -- queries ----------------------------------------------------------------------------------------
def _armies(s: HState, side: str) -> list[str]:
    """Locations of the armies of ``side``: a general with at least one CU (glossary: «войско»,
    a general with any number of his CUs in one area)."""
    out = []
    for g in P.generals_of(s, side):
        loc = P.where(s, g)
        if loc is not None and P.cu(s, side, loc) > 0 and loc not in out:
            out.append(loc)
    return out


def _reinforce_ok(s: HState, side: str, loc: str) -> bool:
    """§6.3 (and the §25 note on reinforcement events): never into a besieged walled city, never
    where enemy CUs stand outside the walls; inside one's own unbesieged walled city even then
    (the rulebook bars only a besieged one; how many fit is the caller's, §10.7)."""
    sid = area_of(loc)
    if is_inside(loc):
        return not P.besieged(s, sid)
    return P.cu(s, other(side), sid) == 0


def _italian_provinces_of(s: HState, side: str) -> int:
    return sum(1 for p in B.italy_provinces() if P.province_controller(s, p) == side)


# == #35, #36 Diplomacy (§25, politics) ==================================================================
def _diplomacy_spots(s: HState, side: str) -> list[str]:
    """An enemy ordinary PC (not a walled city, not a tribe) in an area without enemy CUs."""
    enemy = other(side)
    return [sid for sid in P.removable_pcs(s, enemy) if P.cu_in_area(s, enemy, sid) == 0]


def _diplomacy(s: HState, side: str, no: int) -> None:
    _ask_area(s, side, "event.diplomacy.prompt", _diplomacy_spots(s, side), "diplomacy:pc")


@P.continuation("diplomacy:pc")
def _diplomacy_pc(s: HState, f: Frame, arg: Any) -> None:
    side, sid = f["role"], str(arg)
    P.flip_pc(s, side, sid)
    s.say(msg("log.pc_flipped", side=_side(side), where=f"@space.{sid}"))


EVENTS["diplomacy"] = Event(play=_diplomacy,
                            can_play=lambda s, side, no: bool(_diplomacy_spots(s, side)))


# == #41 Bad Weather, against a move by sea or by land (§25; S9.10) ===================================
# Only against movement (the "naval" and "crossing" windows open for a move, never for a retreat,
# an avoid, an interception or a return), and before the naval or pass roll and before the
# reaction phase of the area (both windows come before them). The card holds a general to the
# second area he enters (params "spaces"): the land window opens when he enters his 3rd or
# later area, and when he crosses a pass or strait with a movement point after his 2nd (§25:
# no crossing with the 3rd or 4th MP). One card stops one force; in a campaign the others move on.
FREE_MP = 2     # "no crossing with the 3rd or 4th MP": the first two MPs may cross


def _weather_ok(s: HState, side: str, no: int, ctx: dict[str, Any]) -> bool:
    if ctx.get("mover") != other(side) or s.move is None:
        return False
    if "link" in ctx:
        from games.hannibal.movement import weather_stop
        if s.move.get("blocked"):
            return False
        # a crossing that takes a movement point after the general's second
        crossing = ctx["link"] != "line" and int(ctx.get("mp_spent", 0)) > FREE_MP
        far = int(ctx.get("areas", 0)) > int(_params(no)["spaces"])
        return (crossing or far) and weather_stop(s) is not None
    return not s.move.get("cancelled")


def _weather(s: HState, side: str, no: int, ctx: dict[str, Any]) -> None:
    """§25: by land, the army goes back to the second area its general entered (against a pass
    or strait crossed with his 3rd or 4th MP before that, it stays on its side) and its move
    ends (movement.crossing says where). Against a sea move, the ships do not sail: the force
    stays in its port and its move is over, and its generals stay in port until the end of the
    turn (the card acts on generals, not on CUs: other generals may still take those CUs
    away)."""
    from games.hannibal.movement import WEATHER
    assert s.move is not None
    m = s.move
    if "link" in ctx:
        m["blocked"] = True
        return
    m["cancelled"] = True
    for g in m["gens"]:
        if WEATHER + g not in s.markers:
            s.markers.append(WEATHER + g)
    s.say(msg("event.bad_weather.log", g=f"@gen.{m['g']}", where=f"@space.{ctx['src']}"))


EVENTS["bad_weather"] = Event(trigger=("naval", "crossing"), can_respond=_weather_ok,
                              respond=_weather, response_only=True)


# == #43 Two Legions of Slaves (§25, reinforcement) ========================================================
def _slaves_spots(s: HState, no: int) -> list[str]:
    """Areas of the named province (Latium: Rome) that are Roman and hold no Carthaginian CUs."""
    prov = str(_params(no)["province"])
    return [sid for sid in B.board().provinces[prov].spaces
            if s.spaces[sid].pc == ROME and P.cu_in_area(s, CARTHAGE, sid) == 0]


def _slaves_ok(s: HState, side: str, no: int) -> bool:
    need = int(_params(no)["italian_provinces"])
    return _italian_provinces_of(s, CARTHAGE) >= need and bool(_slaves_spots(s, no))


def _slaves(s: HState, side: str, no: int) -> None:
    spots = _slaves_spots(s, no)
    if len(spots) == 1:
        _slaves_place(s, {"role": side, "card": no}, spots[0])
        return
    _ask_area(s, side, "event.two_legions_of_slaves.prompt", spots, "two_legions:at", card=no)


@P.continuation("two_legions:at")
def _slaves_place(s: HState, f: Frame, arg: Any) -> None:
    n = int(_params(f["card"])["cus"])
    P.add_cu(s, ROME, str(arg), n)
    s.say(msg("log.reinforce", side=_side(ROME), n=n, where=_loc_name(str(arg))))


EVENTS["two_legions_of_slaves"] = Event(play=_slaves, can_play=_slaves_ok)


# == #44-#48 Allied Auxiliaries (§25, reinforcement) =======================================================
def _auxiliaries_spots(s: HState, n: int) -> list[str]:
    """§25: with a Roman general in Italy (never in Rome without one), within §6.3; inside a
    walled city only as far as its capacity allows (§10.7)."""
    out = []
    for g in P.generals_of(s, ROME):
        loc = P.where(s, g)
        if loc is None or loc in out or B.region_of(area_of(loc)) != B.ITALY:
            continue
        if is_inside(loc) and P.cu(s, ROME, loc) + n > B.space(area_of(loc)).capacity:
            continue
        if _reinforce_ok(s, ROME, loc):
            out.append(loc)
    return out


def _auxiliaries_ok(s: HState, side: str, no: int) -> bool:
    prov = str(_params(no)["province"])
    return P.province_controller(s, prov) == ROME and bool(
        _auxiliaries_spots(s, int(_params(no)["cus"])))


def _auxiliaries(s: HState, side: str, no: int) -> None:
    locs = _auxiliaries_spots(s, int(_params(no)["cus"]))
    P.ask(s, side, "event.allied_auxiliaries.prompt",
          [(loc, "event.choice.with_general", {"g": f"@gen.{P.commander(s, ROME, loc)}",
                                               "where": _loc_name(loc)}) for loc in locs],
          then="allied_auxiliaries:at", card=no)


@P.continuation("allied_auxiliaries:at")
def _auxiliaries_place(s: HState, f: Frame, arg: Any) -> None:
    n = int(_params(f["card"])["cus"])
    P.add_cu(s, ROME, str(arg), n)
    s.say(msg("log.reinforce", side=_side(ROME), n=n, where=_loc_name(str(arg))))


EVENTS["allied_auxiliaries"] = Event(play=_auxiliaries, can_play=_auxiliaries_ok)


# == #49 Opposing Fleet Breaks Siege (§25, sortie) ===========================================================
def _fleet_spots(s: HState, side: str, no: int) -> list[str]:
    """A port walled city of the player's, besieged by the enemy (§20.4: at least one siege
    point); the card names the exception (Capua)."""
    banned = _params(no).get("not_space")
    return [sid for sid in B.ports()
            if sid != banned and B.walled(sid) and s.spaces[sid].pc == side
            and P.besieged(s, sid) and s.spaces[sid].siege_by == other(side)]


def _fleet(s: HState, side: str, no: int) -> None:
    _ask_area(s, side, "event.opposing_fleet_breaks_siege.prompt", _fleet_spots(s, side, no),
              "fleet_breaks_siege:at")


@P.continuation("fleet_breaks_siege:at")
def _fleet_at(s: HState, f: Frame, arg: Any) -> None:
    sp = s.spaces[str(arg)]
    sp.siege = 0
    sp.siege_by = None
    s.say(msg("event.siege_points_removed", where=f"@space.{arg}"))


EVENTS["opposing_fleet_breaks_siege"] = Event(
    play=_fleet, can_play=lambda s, side, no: bool(_fleet_spots(s, side, no)))


# == #50 Adriatic Pirates (§25; S10.5) ====================================================================
# The card is played for its OPS to make one sea move of a general with at most 3 CUs that embarks
# or lands at Brundisium, Croton or Tarentum: no naval combat roll. The sea move is the first step
# of the move; the army may then spend its last movement point on land.
def _pirate_targets(s: HState, g: str, n: int, no: int) -> list[str]:
    loc = P.where(s, g)
    assert loc is not None
    src = area_of(loc)
    coast = [str(x) for x in _params(no)["spaces"]]
    out = []
    for p in B.ports():
        if p == src or (src not in coast and p not in coast):
            continue
        if g == "hanno" and B.region_of(p) != B.AFRICA:
            continue                                            # §24 Hanno stays in Africa
        if s.truce and (P.cu_in_area(s, ROME, p) > 0 or s.spaces[p].pc == ROME):
            continue                                            # #64 Truce
        if n and "counsel:hanno" in s.markers and B.region_of(src) == B.AFRICA \
                and B.region_of(p) != B.AFRICA:
            continue                                            # #57
        out.append(p)
    return out


def _pirate_cus(s: HState, g: str, no: int) -> list[int]:
    from games.hannibal.movement import cu_range
    lo, hi = cu_range(s, g)
    return list(range(min(hi, int(_params(no)["max_cus"])), lo - 1, -1))


def _pirate_generals(s: HState, no: int) -> list[str]:
    from games.hannibal.cards import movable_generals
    out = []
    for g in movable_generals(s, CARTHAGE, B.card(no).ops):
        loc = P.where(s, g)
        assert loc is not None
        if not B.space(area_of(loc)).port:
            continue
        if is_inside(loc) and P.besieged(s, area_of(loc)):
            continue                                            # §20.5
        cus = _pirate_cus(s, g, no)
        if cus and _pirate_targets(s, g, cus[-1], no):
            out.append(g)
    return out


def _pirates(s: HState, side: str, no: int) -> None:
    gens = _pirate_generals(s, no)
    P.ask(s, side, "event.adriatic_pirates.general",
          [(g, "event.choice.general", {"g": f"@gen.{g}", "where": _loc_name(P.where(s, g) or "")})
           for g in gens], then="adriatic_pirates:general", card=no)


@P.continuation("adriatic_pirates:general")
def _pirates_general(s: HState, f: Frame, arg: Any) -> None:
    g = str(arg)
    cus = [n for n in _pirate_cus(s, g, f["card"]) if _pirate_targets(s, g, n, f["card"])]
    P.ask(s, f["role"], "event.adriatic_pirates.cus",
          [(n, "event.choice.cus", {"n": n}) for n in cus],
          then="adriatic_pirates:cus", card=f["card"], g=g, prompt_args={"g": f"@gen.{g}"})


@P.continuation("adriatic_pirates:cus")
def _pirates_cus(s: HState, f: Frame, arg: Any) -> None:
    g, n = f["g"], int(arg)
    _ask_area(s, f["role"], "event.adriatic_pirates.port", _pirate_targets(s, g, n, f["card"]),
              "adriatic_pirates:port", card=f["card"], g=g, n=n,
              prompt_args={"g": f"@gen.{g}"})


@P.continuation("adriatic_pirates:port")
def _pirates_port(s: HState, f: Frame, arg: Any) -> None:
    from games.hannibal.movement import _start_march, begin_activation, sail
    side, no = f["role"], f["card"]
    begin_activation(s, side, no, ops=B.card(no).ops, naval_cap=int(_params(no)["max_cus"]),
                     no_naval_roll=True)
    pop_kind(s, "pick_gen")
    _start_march(s, side, f["g"], f["n"])
    sail(s, side, str(arg))


EVENTS["adriatic_pirates"] = Event(play=_pirates,
                                   can_play=lambda s, side, no: bool(_pirate_generals(s, no)))


# == #51 Epidemic, #52 Pestilence (§21.1, §25, attrition) ==================================================
def _besieging_armies(s: HState, side: str) -> list[str]:
    """Enemy armies outside the walls of a city of ``side`` they besiege (§20.4: at least one
    siege point)."""
    enemy = other(side)
    return [loc for loc in _armies(s, enemy)
            if not is_inside(loc) and B.walled(loc) and s.spaces[loc].pc == side
            and P.besieged(s, loc) and s.spaces[loc].siege_by == enemy]


def _plague_targets(s: HState, side: str, no: int) -> list[str]:
    if B.card(no).key == "pestilence":
        return _besieging_armies(s, side)
    return _armies(s, other(side))


def _plague(s: HState, side: str, no: int) -> None:
    """§25: the player who plays the card chooses the army that rolls."""
    enemy = other(side)
    P.ask(s, side, f"event.{B.card(no).key}.prompt",
          [(loc, "event.choice.army", {"g": f"@gen.{P.commander(s, enemy, loc)}",
                                       "n": P.cu(s, enemy, loc), "where": _loc_name(loc)})
           for loc in _plague_targets(s, side, no)], then="plague:army", card=no)


@P.continuation("plague:army")
def _plague_army(s: HState, f: Frame, arg: Any) -> None:
    from games.hannibal.turn import attrition
    no = f["card"]
    mod = int(_params(no).get("attrition_modifier", 0))
    attrition(s, other(f["role"]), str(arg), mod, B.card(no).key)
    P.lift_sieges(s)


for _key in ("epidemic", "pestilence"):
    EVENTS[_key] = Event(play=_plague,
                         can_play=lambda s, side, no: bool(_plague_targets(s, side, no)))


# == #53 Tribal Resistance (§25, sortie) ==================================================================
def _resistance_spots(s: HState, side: str) -> list[str]:
    """A tribe still standing with the enemy's subjugation points on it."""
    return [sid for sid, sp in s.spaces.items()
            if sp.tribe is not None and sp.siege > 0 and sp.siege_by == other(side)]


def _resistance(s: HState, side: str, no: int) -> None:
    _ask_area(s, side, "event.tribal_resistance.prompt", _resistance_spots(s, side),
              "tribal_resistance:at")


@P.continuation("tribal_resistance:at")
def _resistance_at(s: HState, f: Frame, arg: Any) -> None:
    sp = s.spaces[str(arg)]
    sp.siege = 0
    sp.siege_by = None
    s.say(msg("event.subjugation_points_removed", where=f"@space.{arg}"))


EVENTS["tribal_resistance"] = Event(
    play=_resistance, can_play=lambda s, side, no: bool(_resistance_spots(s, side)))


# == #54 Treachery within City (§20.2, §25) ===============================================================
# Played for its OPS to move a general; an assault that ends the move rolls the siege table twice
# (the activation carries ``two_siege_rolls`` for siege.py).
def _treachery_ok(s: HState, side: str, no: int) -> bool:
    """A general this card may move who can bring 3 CUs within 4 areas of an enemy walled
    city (no assaults during a Truce)."""
    from games.hannibal.cards import movable_generals
    from games.hannibal.movement import cu_range
    if s.truce:
        return False
    cities = [sid for sid in s.spaces if B.walled(sid) and s.spaces[sid].pc == other(side)]
    for g in movable_generals(s, side, B.card(no).ops):
        loc = P.where(s, g)
        assert loc is not None
        if cu_range(s, g)[1] < 3:
            continue
        dist = B.distances(area_of(loc))
        if any(dist.get(c, 99) <= 4 for c in cities):
            return True
    return False


def _treachery(s: HState, side: str, no: int) -> None:
    from games.hannibal.movement import begin_activation
    begin_activation(s, side, no, ops=B.card(no).ops,
                     two_siege_rolls=int(_params(no).get("siege_rolls", 2)) > 1)


EVENTS["treachery_within_city"] = Event(play=_treachery, can_play=_treachery_ok)


# == #55 Messenger Intercepted (§25, special) =============================================================
def _messenger(s: HState, side: str, no: int) -> None:
    """One strategy card drawn at random from the opponent's hand into the player's."""
    enemy = other(side)
    hand = s.hands[enemy]
    card = hand.pop(s.rng.below(len(hand)))
    s.hands[side].append(card)
    s.say(msg("event.messenger_intercepted.log", side=_side(side), enemy=_side(enemy)))
    for role in (side, enemy):
        s.say(msg("event.messenger_intercepted.card", card=f"@card.{card}"), to=role)


EVENTS["messenger_intercepted"] = Event(play=_messenger,
                                        can_play=lambda s, side, no: bool(s.hands.get(other(side))))


# == #56 Grain Shortage (§25, revolt) ======================================================================
def _grain_ok(s: HState, side: str, no: int) -> bool:
    prov = str(_params(no)["province"])
    return P.province_controller(s, prov) == CARTHAGE and bool(P.removable_pcs(s, ROME))


def _grain(s: HState, side: str, no: int) -> None:
    _grain_next(s, side, int(_params(no)["pcs"]))


def _grain_next(s: HState, side: str, left: int) -> None:
    spots = P.removable_pcs(s, ROME)
    if left <= 0 or not spots:
        return
    _ask_area(s, side, "event.grain_shortage.prompt", spots, "grain_shortage:pc", left=left,
              prompt_args={"n": left})


@P.continuation("grain_shortage:pc")
def _grain_pc(s: HState, f: Frame, arg: Any) -> None:
    P.remove_pc(s, str(arg))
    s.say(msg("log.pc_removed", side=_side(ROME), where=f"@space.{arg}"))
    _grain_next(s, f["role"], f["left"] - 1)


EVENTS["grain_shortage"] = Event(play=_grain, can_play=_grain_ok)


# == #57 Hanno Counsels Carthage, #58 Cato Counsels Rome (§25, politics) ====================================
# The marker is read by movement.py; it lasts until the start of the turn after the next reshuffle
# of the strategy deck (turn.py).
def _counsel(marker: str) -> Event:
    def play(s: HState, side: str, no: int) -> None:
        s.markers.append(marker)
        s.say(msg(f"event.{B.card(no).key}.log"))

    return Event(play=play, can_play=lambda s, side, no: marker not in s.markers)


EVENTS["hanno_counsels_carthage"] = _counsel("counsel:hanno")
EVENTS["cato_counsels_rome"] = _counsel("counsel:cato")


# == #60 Storms at Sea (§21.1, §25; S10.5) ==================================================================
def _storm_ok(s: HState, side: str, no: int, ctx: dict[str, Any]) -> bool:
    return ctx.get("mover") == other(side) and s.move is not None and s.move["n"] > 0 \
        and not s.move.get("cancelled")


def _storm(s: HState, side: str, no: int, ctx: dict[str, Any]) -> None:
    """The sailing force rolls on the attrition table by its own size, +2, before the naval
    roll; its general is not displaced if it loses every CU (§10.10)."""
    assert s.move is not None
    m = s.move
    enemy = other(side)
    src = m["loc"]
    r = P.roll(s)
    lost, el = B.attrition_result(m["n"], r + int(_params(no)["attrition_modifier"]))
    lost = P.remove_cu(s, enemy, src, min(lost, m["n"]), elephant=el)
    m["n"] -= lost
    s.say(msg("log.attrition", side=_side(enemy), where=_loc_name(src), roll=r, n=lost,
              why="@why.storms_at_sea"))


EVENTS["storms_at_sea"] = Event(trigger="naval", can_respond=_storm_ok, respond=_storm,
                                response_only=True)


# == texts ==================================================================================================
_EN: dict[str, str] = {
    "event.choice.area": "{where}",
    "event.choice.province": "{p}…",
    "event.choice.back": "Back",
    "event.choice.general": "{g} ({where})",
    "event.choice.with_general": "With {g} in {where}",
    "event.choice.army": "{g} with {n} CUs in {where}",
    "event.choice.cus": "{n} CUs",
    "event.siege_points_removed": "The siege points against {where} are removed.",
    "event.subjugation_points_removed": "The subjugation points against {where} are removed.",
    "event.diplomacy.prompt": "Diplomacy: which enemy PC becomes yours?",
    "event.bad_weather.log":
        "Bad weather: {g} does not sail and stays in port in {where} until the end of the turn.",
    "event.bad_weather.crossing": "Bad weather: {g} cannot cross into {where}; his move ends.",
    "event.bad_weather.land": "Bad weather: {g} goes back to {where}; his move ends.",
    "event.two_legions_of_slaves.prompt": "Where do the two legions of slaves stand?",
    "event.allied_auxiliaries.prompt": "Allied auxiliaries: which general receives them?",
    "event.opposing_fleet_breaks_siege.prompt": "Which siege does the fleet break?",
    "event.adriatic_pirates.general": "Adriatic Pirates: which general sails?",
    "event.adriatic_pirates.cus": "How many CUs sail with {g}?",
    "event.adriatic_pirates.port": "Where does {g} sail?",
    "event.epidemic.prompt": "Epidemic: which enemy army rolls for attrition?",
    "event.pestilence.prompt": "Pestilence: which besieging enemy army rolls for attrition (+1)?",
    "event.tribal_resistance.prompt": "Which tribe throws off the enemy's subjugation?",
    "event.messenger_intercepted.log": "{side} takes a card at random from the hand of {enemy}.",
    "event.messenger_intercepted.card": "The intercepted card: {card}.",
    "event.grain_shortage.prompt": "Grain Shortage: remove a Roman PC ({n} left).",
    "event.hanno_counsels_carthage.log":
        "Hanno counsels Carthage: Carthaginian CUs may not leave Africa.",
    "event.cato_counsels_rome.log": "Cato counsels Rome: Roman CUs may not move into Africa.",
    "why.epidemic": "Epidemic", "why.pestilence": "Pestilence",
    "why.storms_at_sea": "Storms at Sea",
}

_RU: dict[str, str] = {
    "event.choice.area": "{where}",
    "event.choice.province": "{p}…",
    "event.choice.back": "Назад",
    "event.choice.general": "{g} ({where})",
    "event.choice.with_general": "К полководцу {g} ({where})",
    "event.choice.army": "{g} и {n} ВЧ ({where})",
    "event.choice.cus": "{n} ВЧ",
    "event.siege_points_removed": "Очки штурма сняты: {where}.",
    "event.subjugation_points_removed": "Очки покорения племени сняты: {where}.",
    "event.diplomacy.prompt": "Дипломатия: какой вражеский ПК станет вашим?",
    "event.bad_weather.log": "Непогода: {g} не выходит в море и до конца хода остаётся в порту "
                             "({where}).",
    "event.bad_weather.crossing": "Непогода: {g} не может пройти в {where:acc}; движение окончено.",
    "event.bad_weather.land": "Непогода: {g} возвращается в {where:acc}; движение окончено.",
    "event.two_legions_of_slaves.prompt": "Куда встают два легиона рабов?",
    "event.allied_auxiliaries.prompt": "Союзное ополчение: к какому полководцу оно приходит?",
    "event.opposing_fleet_breaks_siege.prompt": "Какую осаду прорывает флот?",
    "event.adriatic_pirates.general": "Пираты Адриатики: какой полководец выходит в море?",
    "event.adriatic_pirates.cus": "Сколько ВЧ плывут с полководцем {g}?",
    "event.adriatic_pirates.port": "Куда плывёт {g}?",
    "event.epidemic.prompt": "Эпидемия: какое вражеское войско делает бросок на изнурение?",
    "event.pestilence.prompt":
        "Моровое поветрие: какое осаждающее вражеское войско делает бросок на изнурение (+1)?",
    "event.tribal_resistance.prompt": "Какое племя даёт отпор покорению?",
    "event.messenger_intercepted.log": "{side} вслепую забирает карту из руки: {enemy}.",
    "event.messenger_intercepted.card": "Перехваченная карта: {card}.",
    "event.grain_shortage.prompt": "Нехватка зерна: снимите римский ПК (осталось {n}).",
    "event.hanno_counsels_carthage.log":
        "Ганнон даёт советы: карфагенские ВЧ не могут покинуть Африку.",
    "event.cato_counsels_rome.log": "Катон даёт советы: римские ВЧ не могут войти в Африку.",
    "why.epidemic": "эпидемия", "why.pestilence": "моровое поветрие",
    "why.storms_at_sea": "бурное море",
}

T.TEXTS["en"].update(_EN)
T.TEXTS["ru"].update(_RU)
