"""The sequence of play (§5): reinforcements (§6.1-6.3), elections (§6.4-6.6), Scipio Africanus
(§6.7), the deal (§7.1), who plays first (§7.3), the strategy phase (§7.4), winter attrition
(§21.1), isolated PCs (§19.4), the political assessment (§22) and the end of the turn (§5.7)."""

from __future__ import annotations

from collections import deque
from typing import Any

from games.core import Msg, Result, msg
from games.hannibal import board as B
from games.hannibal import prims as P
from games.hannibal.flow import Frame, decision, opt, pop, push, step
from games.hannibal.state import CARTHAGE, ROME, HState, area_of, inside, other

LAST_TURN = 9
CAMPAIGN_CARDS = (33, 34, 37, 38, 39, 40)

TURN_STEPS = ("reinf_carthage", "return_generals", "reinf_rome", "africanus", "elections",
              "deal", "first_player", "strategy", "winter", "isolation", "assessment",
              "end_turn")


@step("turn")
def begin_turn(s: HState, f: Frame) -> None:
    """An empty flow: the next turn begins (turn 1 skips reinforcements and elections, §5.1)."""
    if s.phase != "setup":
        s.turn += 1
    ending = {m[len("ending:"):] for m in s.markers if m.startswith("ending:")}
    s.markers = [m for m in s.markers if m not in ending and not m.startswith("ending:")]
    s.phase = "reinforcements"
    s.say(msg("log.turn", n=s.turn, years=f"@years.{s.turn}"))
    steps = list(TURN_STEPS)
    if s.turn == 1:
        steps = [x for x in steps if x not in ("reinf_carthage", "return_generals", "reinf_rome",
                                               "africanus", "elections")]
    for k in reversed(steps):
        push(s, k)


# -- §6.1 Carthaginian reinforcements ---------------------------------------------------------------
def _reinf_spot_ok(s: HState, side: str, loc: str, n: int = 1) -> bool:
    """§6.3: never into a besieged walled city; never where enemy CUs stand outside the walls.
    Into one's own unbesieged walled city (inside the walls) even then, as many as fit
    (§10.7): the rulebook bars only a besieged one."""
    sid = area_of(loc)
    if loc.endswith(":in"):
        return not P.besieged(s, sid) and P.cu(s, side, loc) + n <= B.space(sid).capacity
    return P.cu(s, other(side), sid) == 0


def _city_spot(s: HState, side: str, sid: str) -> list[str]:
    """One's own walled city as a place of reinforcements: the area, or inside the walls when
    enemy CUs stand outside (§6.3)."""
    if s.spaces[sid].pc != side:
        return []
    return [inside(sid) if P.cu(s, other(side), sid) else sid]


def _with_general(s: HState, side: str, loc: str, n: int = 1) -> str:
    """The place of a reinforcement sent to a general at ``loc``: with him; a general inside
    full walls with no enemy CUs outside has it put down in his area."""
    if loc.endswith(":in") and not _reinf_spot_ok(s, side, loc, n) \
            and not P.besieged(s, area_of(loc)) and P.cu(s, other(side), area_of(loc)) == 0:
        return area_of(loc)
    return loc


def _general_locs(s: HState, side: str, region: str | None = None) -> list[str]:
    out = []
    for g in P.generals_of(s, side):
        loc = P.where(s, g)
        if loc is not None and (region is None or B.region_of(area_of(loc)) == region):
            loc = _with_general(s, side, loc)
            if loc not in out:
                out.append(loc)
    return out


def carthage_sources(s: HState) -> dict[str, list[str]]:
    """Where each of the four Carthaginian reinforcement CUs may go (§6.1)."""
    def ok(locs: list[str]) -> list[str]:
        seen: list[str] = []
        for loc in locs:
            if loc not in seen and _reinf_spot_ok(s, CARTHAGE, loc):
                seen.append(loc)
        return seen

    def city(sid: str) -> list[str]:
        return _city_spot(s, CARTHAGE, sid)

    out = {"r1": ok(city("carthage") + _general_locs(s, CARTHAGE, B.AFRICA))}
    iberia = _general_locs(s, CARTHAGE, B.IBERIA)
    if s.spaces["new_carthage"].pc == CARTHAGE:
        out["r2"] = ok(city("new_carthage") + iberia)
    if P.province_controller(s, "baetica") == CARTHAGE:
        out["r3"] = ok(city("new_carthage") + iberia)
    out["r4"] = ok(_general_locs(s, CARTHAGE) + city("carthage") + city("new_carthage"))
    return {k: v for k, v in out.items() if v}


@step("reinf_carthage")
def reinf_carthage(s: HState, f: Frame) -> None:
    pop(s, f)
    s.phase = "reinforcements"
    srcs = list(carthage_sources(s))
    if srcs:
        push(s, "reinf_c", role=CARTHAGE, left=srcs)


def _reinf_c_choices(s: HState, f: Frame) -> list[Any]:
    srcs = carthage_sources(s)
    for src in f["left"]:
        if src in srcs:
            return [opt("place", loc, "choice.place_cu", where=_loc_name(loc), src=src.upper())
                    for loc in srcs[src]][:24] + [opt("skip", None, "choice.skip")]
    return []


def _loc_name(loc: str) -> str:
    return f"@space.{area_of(loc)}" if not loc.endswith(":in") else f"@inside.{area_of(loc)}"


@decision("reinf_c", _reinf_c_choices, lambda s, f: msg("prompt.reinf_carthage"))
def _reinf_c(s: HState, f: Frame, verb: str, arg: Any) -> None:
    srcs = carthage_sources(s)
    src = next(x for x in f["left"] if x in srcs)
    f["left"] = [x for x in f["left"] if x != src]
    if verb == "place":
        P.add_cu(s, CARTHAGE, str(arg), 1)
        s.say(msg("log.reinforce", side="@side.carthage", n=1, where=_loc_name(str(arg))))
    if not any(x in carthage_sources(s) for x in f["left"]):
        pop(s, f)


@step("return_generals")
def return_generals(s: HState, f: Frame) -> None:
    """§6.1, §10.10: displaced Carthaginian generals return where a Carthaginian CU stands."""
    pop(s, f)
    for g in B.board().generals:
        if s.gens.get(g) == "displaced":
            if not _return_spots(s):
                # no Carthaginian CU where he may stand: he waits for the next phase
                s.say(msg("log.general_waits", g=f"@gen.{g}"))
                continue
            push(s, "return_gen", role=CARTHAGE, g=g)


def _return_spots(s: HState) -> list[str]:
    out = []
    for key, u in s.units.items():
        side, loc = key.split("|", 1)
        # §6.1: not into a besieged walled city (the besiegers' area outside is fine)
        if side == CARTHAGE and u[0] > 0 and not (loc.endswith(":in") and P.besieged(s, area_of(loc))):
            out.append(loc)
    return sorted(out)


def _return_choices(s: HState, f: Frame) -> list[Any]:
    return [opt("place", loc, "choice.place_general", where=_loc_name(loc))
            for loc in _return_spots(s)][:25]


@decision("return_gen", _return_choices,
          lambda s, f: msg("prompt.return_general", g=f"@gen.{f['g']}"))
def _return_gen(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    P.place_general(s, f["g"], str(arg))
    s.say(msg("log.general_returns", g=f"@gen.{f['g']}", where=_loc_name(str(arg))))


# -- §6.2 Roman reinforcements ----------------------------------------------------------------------
def rome_spots(s: HState, n: int = 1) -> list[str]:
    """Rome, or any area with a Roman general (§6.2), within §6.3 (room for ``n`` CUs inside
    walls)."""
    out = _city_spot(s, ROME, "rome")
    for loc in _general_locs(s, ROME):
        if loc not in out:
            out.append(loc)
    return [loc for loc in out if _reinf_spot_ok(s, ROME, loc, n)]


def _largest_roman(s: HState) -> int:
    return max((u[0] for k, u in s.units.items() if k.startswith(ROME)), default=0)


@step("reinf_rome")
def reinf_rome(s: HState, f: Frame) -> None:
    pop(s, f)
    # §6.3: Rome besieged with every Roman general inside it: no reinforcements.
    locs = {P.where(s, g) for g in P.generals_of(s, ROME)}
    if P.besieged(s, "rome") and locs and locs <= {inside("rome")}:
        s.say(msg("log.no_reinforcements"))
        return
    if rome_spots(s):
        frame = push(s, "reinf_r", role=ROME, left=5, italy=0, forced=_largest_roman(s) < 5,
                     at=None)
        _reinf_r_check(s, frame)


def _reinf_r_spots(s: HState, f: Frame) -> list[str]:
    """§6.2: Rome or a Roman general; at least 3 of the 5 in Italy. Without an army of 5 CUs all
    five go to one place, which must then be in Italy (from the first CU on). Where no Italian
    place is open at all (§6.3), the CUs that must go to Italy cannot be placed."""
    spots = rome_spots(s)
    if f["at"] is not None:
        spots = [f["at"]] if f["at"] in spots else []
    elif f["forced"]:
        # all five in one place: one with room for them all, in Italy if there is one
        whole = [x for x in rome_spots(s, f["left"]) if B.region_of(area_of(x)) == B.ITALY]
        if whole:
            spots = whole
    if 3 - f["italy"] >= f["left"]:
        spots = [x for x in spots if B.region_of(area_of(x)) == B.ITALY]
    return spots


def _reinf_r_choices(s: HState, f: Frame) -> list[Any]:
    return [opt("place", loc, "choice.place_cu_n", where=_loc_name(loc), n=f["left"])
            for loc in _reinf_r_spots(s, f)][:25]


def _reinf_r_check(s: HState, f: Frame) -> None:
    """The CUs left that no legal place can take are lost, said in the log (never a silent
    end of the question)."""
    if f["left"] > 0 and not _reinf_r_spots(s, f):
        pop(s, f)
        s.say(msg("log.reinforcements_lost", side="@side.rome", n=f["left"]))


@decision("reinf_r", _reinf_r_choices, lambda s, f: msg("prompt.reinf_rome", n=f["left"]))
def _reinf_r(s: HState, f: Frame, verb: str, arg: Any) -> None:
    loc = str(arg)
    P.add_cu(s, ROME, loc, 1)
    s.say(msg("log.reinforce", side="@side.rome", n=1, where=_loc_name(loc)))
    f["left"] -= 1
    if B.region_of(area_of(loc)) == B.ITALY:
        f["italy"] += 1
    if f["forced"]:
        # §6.2: without an army of 5 CUs, all five build one.
        f["at"] = loc
    if f["left"] <= 0:
        pop(s, f)
    else:
        _reinf_r_check(s, f)


# -- §6.7 Scipio Africanus ----------------------------------------------------------------------------
def africanus_spots(s: HState) -> list[str]:
    out = []
    for sid, sp in B.board().spaces.items():
        if (B.region_of(sid) == B.ITALY or (B.region_of(sid) == B.IBERIA and sp.port)) \
                and s.spaces[sid].pc == ROME and P.cu(s, CARTHAGE, sid) == 0 \
                and P.cu(s, CARTHAGE, inside(sid)) == 0:
            out.append(sid)
    return out


@step("africanus")
def africanus(s: HState, f: Frame) -> None:
    pop(s, f)
    if s.turn != 6 or s.gens.get("africanus") != "aside":
        return
    spots = africanus_spots(s)
    if not spots:
        s.gens["africanus"] = "dead"
        s.say(msg("log.africanus_never"))
        return
    push(s, "africanus_at", role=ROME)


def _africanus_choices(s: HState, f: Frame) -> list[Any]:
    return _by_region(s, f, africanus_spots(s), "place", "choice.place_at")


def _by_region(s: HState, f: Frame, spots: list[str], verb: str, key: str) -> list[Any]:
    """Narrow a long list of areas first by province (at most 25 entries a step)."""
    if len(spots) <= 25:
        return [opt(verb, x, key, where=f"@space.{area_of(x)}") for x in spots]
    prov = f.get("province")
    if prov is None:
        provs: list[str] = []
        for x in spots:
            p = B.province_of(area_of(x))
            if p not in provs:
                provs.append(p)
        return [opt("province", p, "choice.province", p=f"@prov.{p}") for p in provs][:25]
    return [opt(verb, x, key, where=f"@space.{area_of(x)}") for x in spots
            if B.province_of(area_of(x)) == prov][:24] + [opt("province", None, "choice.back")]


@decision("africanus_at", _africanus_choices, lambda s, f: msg("prompt.africanus"))
def _africanus_at(s: HState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "province":
        f["province"] = arg
        return
    pop(s, f)
    P.add_cu(s, ROME, str(arg), 5)
    P.place_general(s, "africanus", str(arg))
    s.proconsuls.append("africanus")
    P.resort(s)
    s.say(msg("log.africanus", where=f"@space.{arg}"))


# -- §6.4-6.6 elections -------------------------------------------------------------------------------
@step("elections")
def elections(s: HState, f: Frame) -> None:
    pop(s, f)
    push(s, "draw_consuls")
    cands = [g for g in s.consuls + s.proconsuls if g != "africanus" and P.where(s, g)]
    if cands:
        push(s, "proconsul", role=ROME, cands=cands)


def _procon_choices(s: HState, f: Frame) -> list[Any]:
    return [opt("proconsul", g, "choice.proconsul", g=f"@gen.{g}") for g in f["cands"]] + [
        opt("proconsul", "", "choice.no_proconsul")]


@decision("proconsul", _procon_choices, lambda s, f: msg("prompt.proconsul"))
def _proconsul(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    keep = str(arg) if arg else None
    for g in P.generals_of(s, ROME):
        if g == "africanus" or g == keep:
            continue
        P.take_general(s, g, "pool")
    s.consuls = []
    s.proconsuls = [g for g in s.proconsuls if g == "africanus"]
    if keep:
        s.proconsuls.append(keep)
        s.say(msg("log.proconsul", g=f"@gen.{keep}"))


@step("draw_consuls")
def draw_consuls(s: HState, f: Frame) -> None:
    """§6.4: two tokens drawn blindly from the generals not on the map."""
    pop(s, f)
    if s.consuls:   # no proconsul question was asked: the old consuls step down now
        for g in list(s.consuls):
            P.take_general(s, g, "pool")
        s.consuls = []
    pool = [g for g in B.board().generals if s.gens.get(g) == "pool"]
    drawn: list[str] = []
    for _ in range(2):
        if pool:
            g = pool.pop(s.rng.below(len(pool)))
            drawn.append(g)
    s.mark_irreversible()
    for g in drawn:
        s.consuls.append(g)
        s.say(msg("log.consul", g=f"@gen.{g}"))
    for g in reversed(drawn):
        push(s, "consul_at", role=ROME, g=g)


def consul_spots(s: HState, g: str) -> list[str]:
    """§6.5: with a Roman army of at least 5 CUs; Fabius only in Italy (§24)."""
    stacks = [k.split("|", 1)[1] for k, u in s.units.items() if k.startswith(ROME) and u[0] >= 5]
    if g == "fabius":
        italy = [x for x in stacks if B.region_of(area_of(x)) == B.ITALY]
        if italy:
            return sorted(italy)
        anyc = sorted(k.split("|", 1)[1] for k, u in s.units.items()
                      if k.startswith(ROME) and B.region_of(area_of(k.split("|", 1)[1])) == B.ITALY)
        return anyc or [inside("rome") if P.cu(s, CARTHAGE, "rome") else "rome"]
    ok = [x for x in stacks if not (x.endswith(":in") and P.besieged(s, area_of(x)))]
    if ok:
        return sorted(ok)
    if stacks:
        return sorted(stacks)
    return [inside("rome") if P.cu(s, CARTHAGE, "rome") else "rome"]


def _consul_choices(s: HState, f: Frame) -> list[Any]:
    return _by_region(s, f, consul_spots(s, f["g"]), "place", "choice.place_at")


@decision("consul_at", _consul_choices, lambda s, f: msg("prompt.consul_at", g=f"@gen.{f['g']}"))
def _consul_at(s: HState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "province":
        f["province"] = arg
        return
    pop(s, f)
    P.place_general(s, f["g"], str(arg))
    P.resort(s)
    s.say(msg("log.general_placed", g=f"@gen.{f['g']}", where=_loc_name(str(arg))))


# -- §7.1 the deal -------------------------------------------------------------------------------------
@step("deal")
def deal(s: HState, f: Frame) -> None:
    pop(s, f)
    n = B.cards_per_turn(s.turn)
    if len(s.deck) < 2 * n:
        reshuffle_strategy(s)
    for side in (ROME, CARTHAGE):
        s.hands[side] = [s.deck.pop() for _ in range(min(n, len(s.deck)))]
    s.say(msg("log.deal", n=n))
    s.phase = "strategy"


def reshuffle_strategy(s: HState) -> None:
    """§8.7: every card but the removed unique events and the hands goes back and is shuffled."""
    held = {c for h in s.hands.values() for c in h}
    s.deck = [c for c in B.board().cards if c not in s.removed and c not in held]
    s.discard = []
    s.rng.shuffle(s.deck)
    s.say(msg("log.reshuffle"))
    # #57/#58 restrictions last until the start of the turn after the next reshuffle (§25)
    for m in list(s.markers):
        if m.startswith("counsel:") and "ending:" + m not in s.markers:
            s.markers.append("ending:" + m)


# -- §7.3 who plays first ------------------------------------------------------------------------------
@step("first_player")
def first_player(s: HState, f: Frame) -> None:
    pop(s, f)
    push(s, "rome_first", role=ROME)


def _rome_first_choices(s: HState, f: Frame) -> list[Any]:
    out = [opt("first", "no", "choice.decline_first")]
    if any(c in CAMPAIGN_CARDS for c in s.hands.get(ROME, [])):
        out.insert(0, opt("first", "yes", "choice.campaign_first", secret=True))
    return out


@decision("rome_first", _rome_first_choices, lambda s, f: msg("prompt.rome_first"))
def _rome_first(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    if arg == "yes":
        s.first_player = ROME
        s.to_play = ROME
        s.say(msg("log.first", side="@side.rome"))
        s.markers.append("campaign_first")
        return
    push(s, "who_first", role=CARTHAGE)


@decision("who_first", lambda s, f: [opt("first", r, "choice.first", side=f"@side.{r}")
                                     for r in (CARTHAGE, ROME)],
          lambda s, f: msg("prompt.who_first"))
def _who_first(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    s.first_player = str(arg)
    s.to_play = str(arg)
    s.say(msg("log.first", side=f"@side.{arg}"))


@step("strategy")
def strategy(s: HState, f: Frame) -> None:
    """§7.4: alternate one card at a time; a player whose hand is empty is passed over."""
    s.phase = "strategy"
    r = s.to_play or s.first_player or CARTHAGE
    if not s.hands.get(r):
        r = other(r)
    if not s.hands.get(r):
        pop(s, f)
        return
    s.to_play = other(r)
    s.plays += 1
    from games.hannibal.cards import begin_card_play
    begin_card_play(s, r)


# -- §21.1 winter attrition ---------------------------------------------------------------------------
def winter_stacks(s: HState) -> list[tuple[str, str]]:
    out = []
    for key, u in sorted(s.units.items()):
        side, loc = key.split("|", 1)
        sid = area_of(loc)
        if u[0] <= 0:
            continue
        if s.spaces[sid].pc == other(side) and not (loc.endswith(":in")):
            out.append((side, loc))
        elif P.hostile_tribe(s, side, sid):
            out.append((side, loc))
    return out


@step("winter")
def winter(s: HState, f: Frame) -> None:
    """§21.1: every stack in an area with an enemy PC (besiegers included) or a non-friendly
    tribe rolls on the attrition table by its size."""
    pop(s, f)
    s.phase = "winter"
    for side, loc in winter_stacks(s):
        attrition(s, side, loc, 0, "winter")
    P.lift_sieges(s)


def attrition(s: HState, side: str, loc: str, mod: int, why: str, hostile_tribe: bool = False) -> int:
    """One roll on the attrition table (§21.2) for the force at ``loc``; returns CUs lost.
    Generals are never displaced by attrition (§10.10)."""
    n = P.cu(s, side, loc)
    if n <= 0:
        return 0
    r = P.roll(s)
    lost, el = B.attrition_result(n, r + mod, hostile_tribe)
    s.say(msg("log.attrition", side=f"@side.{side}", where=_loc_name(loc), roll=r,
              n=min(lost, n), why=f"@why.{why}"))
    return lose_cus(s, side, loc, lost, elephant=el)


def lose_cus(s: HState, side: str, loc: str, n: int, elephant: bool = False) -> int:
    """Remove ``n`` CUs of ``side`` at ``loc`` (attrition, battle losses); returns how many.
    §17.2: the owner chooses which; an "e" result must take an elephant. They go at once
    (ordinary CUs first); when the owner could give up more elephants, he is asked how many
    of the losses were elephants (``loss_mix``) before play goes on."""
    have, el = P.cu(s, side, loc), P.elephants(s, side, loc)
    n = min(n, have)
    least = max(1 if elephant and el else 0, n - (have - el))
    most = min(el, n)
    P.remove_cu(s, side, loc, n, elephant=elephant)
    if most > least:
        push(s, "loss_mix", role=side, loc=loc, n=n, least=least, most=most)
    return n


def _loss_mix_choices(s: HState, f: Frame) -> list[Any]:
    return [opt("elephants", k, "choice.loss_mix", e=k, n=f["n"] - k)
            for k in range(f["least"], f["most"] + 1)]


@decision("loss_mix", _loss_mix_choices,
          lambda s, f: msg("prompt.loss_mix", n=f["n"], where=_loc_name(f["loc"])))
def _loss_mix(s: HState, f: Frame, verb: str, arg: Any) -> None:
    """The CUs already lost were ordinary ones as far as possible; each more elephant chosen
    turns a surviving elephant into an ordinary CU (the count stays the same)."""
    pop(s, f)
    u = s.units.get(P.ukey(f["role"], f["loc"]))
    more = min(int(arg) - f["least"], u[1] if u else 0)
    if u and more > 0:
        u[1] -= more
    s.say(msg("log.loss_mix", side=f"@side.{f['role']}", e=int(arg), n=f["n"]))


# -- §19.4 isolated PCs --------------------------------------------------------------------------------
def isolated(s: HState, side: str) -> list[str]:
    """PCs of ``side`` with no path to a friendly CU, walled city, friendly tribe or friendly port
    (§19.4): no passes; not through enemy-PC or non-friendly-tribe areas without friendly CUs."""
    enemy = other(side)
    sources = deque()
    seen: set[str] = set()
    for sid, sp in s.spaces.items():
        bs = B.space(sid)
        if (P.cu_in_area(s, side, sid) > 0
                or (bs.kind == "walled_city" and sp.pc == side)
                or (sp.tribe == CARTHAGE and side == CARTHAGE)
                or (bs.port and sp.pc == side)):
            sources.append(sid)
            seen.add(sid)

    def passable(sid: str) -> bool:
        sp = s.spaces[sid]
        has = P.cu_in_area(s, side, sid) > 0
        if (sp.pc == enemy or P.hostile_tribe(s, side, sid)) and not has:
            return False
        if P.cu(s, enemy, sid) > 0 and sp.pc != side:
            return False
        return True

    while sources:
        a = sources.popleft()
        for n, kind in B.neighbours(a):
            if kind in ("pass", "alps") or n in seen:
                continue
            if passable(n):
                seen.add(n)
                sources.append(n)
    return [sid for sid in P.removable_pcs(s, side) if sid not in seen]


@step("isolation")
def isolation(s: HState, f: Frame) -> None:
    """§19.4, §5.5: the Roman first, then the Carthaginian, removes every isolated PC."""
    pop(s, f)
    s.phase = "isolation"
    for side in (ROME, CARTHAGE):
        gone = isolated(s, side)
        for sid in gone:
            P.remove_pc(s, sid)
        if gone:
            s.say(msg("log.isolated", side=f"@side.{side}", n=len(gone)))


# -- §22 political assessment, §23 sudden death ----------------------------------------------------------
@step("assessment")
def assessment(s: HState, f: Frame) -> None:
    pop(s, f)
    s.phase = "assessment"
    ctl = P.province_controllers(s)
    # §23: every Italian province but Latium is Carthaginian
    if all(ctl[p] == CARTHAGE for p in B.italy_provinces() if p != "latium"):
        win(s, CARTHAGE, "italy")
        return
    pr, pc = P.political_points(s, ROME), P.political_points(s, CARTHAGE)
    s.say(msg("log.points", rome=pr, carthage=pc))
    if pr != pc:
        loser = ROME if pr < pc else CARTHAGE
        push(s, "remove_pcs", role=loser, n=abs(pr - pc), why="assessment")


@step("end_turn")
def end_turn(s: HState, f: Frame) -> None:
    pop(s, f)
    if s.turn >= LAST_TURN:
        pr, pc = P.political_points(s, ROME), P.political_points(s, CARTHAGE)
        win(s, ROME if pr > pc else CARTHAGE, "points")    # §22.4: ties go to Carthage
        return
    if s.reshuffle:
        reshuffle_strategy(s)
        s.reshuffle = False
    if "naval_victory" in s.markers:
        s.markers.remove("naval_victory")
    # #41: generals held in port by Bad Weather may move again next turn
    s.markers = [m for m in s.markers if not m.startswith("weather:")]


def win(s: HState, side: str, how: str) -> None:
    m = msg("result.win", side=f"@side.{side}", how=f"@how.{how}")
    s.result = Result(winners=[side], reason=f"{side} wins by {how}", msg=m)
    s.say(m)


def check_capitals(s: HState) -> None:
    """§23: Rome wins on controlling Carthage, Carthage on controlling Rome."""
    if s.result is None and s.spaces["carthage"].pc == ROME:
        win(s, ROME, "capital")
    elif s.result is None and s.spaces["rome"].pc == CARTHAGE:
        win(s, CARTHAGE, "capital")


# -- removing PCs: §15.5, §22.2, §10.10 -----------------------------------------------------------------
@step("remove_pcs")
def remove_pcs(s: HState, f: Frame) -> None:
    if f["n"] <= 0:
        pop(s, f)
        return
    if not P.removable_pcs(s, f["role"]):
        # §15.6, §22.3: who cannot remove the PCs he owes sues for peace and loses.
        pop(s, f)
        win(s, other(f["role"]), "peace")
        return
    f["k"] = "remove_pc"


def _remove_choices(s: HState, f: Frame) -> list[Any]:
    return _by_region(s, f, P.removable_pcs(s, f["role"]), "remove", "choice.remove_pc")


def _remove_prompt(s: HState, f: Frame) -> Msg:
    return msg("prompt.remove_pcs", n=f["n"])


@decision("remove_pc", _remove_choices, _remove_prompt)
def _remove_pc(s: HState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "province":
        f["province"] = arg
        return
    f.pop("province", None)
    P.remove_pc(s, str(arg))
    s.say(msg("log.pc_removed", side=f"@side.{f['role']}", where=f"@space.{arg}"))
    f["n"] -= 1
    f["k"] = "remove_pcs"
