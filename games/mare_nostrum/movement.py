"""Phase 4, Movement & Battles (§4, §4.1-§4.3.5, §9, §10, §11; spec B.4).

At the start the Statue of Zeus may declare peace (§11). Then the Military Leader names each next
player, whose segment runs in the rulebook's strict order:

1. move Triremes, each one Sea (§4.1.1);
2. optional naval battles, one per Sea (§4.1.1, §9);
3. move Legions, each once: to an adjacent Province or along a chain of his own Triremes (§4.1.2;
   C28);
4. mandatory land battles wherever his Units share a Province with an enemy's (§4.1.2, §4.2);
5. capture in each enemy Province where only his Units stand: destroy, occupy, or put a Legion on
   the Control Marker (§4.3); Queen of Sheba's instant change (§10); Circe's Legions on Caravan
   slots (§10); and the change of a Control Marker held since the last turn (§4.3.3; C20).

After the last segment 6.3 is checked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Choice, Msg, msg
from games.mare_nostrum import battle as K
from games.mare_nostrum import board as B
from games.mare_nostrum import flow as F
from games.mare_nostrum import heroes as H
from games.mare_nostrum import victory as V
from games.mare_nostrum.data import board
from games.mare_nostrum.flow import Frame, decision, opt, phase, pop, push, step
from games.mare_nostrum.state import COIN, MNState

ZEUS = "statue_of_zeus"
SHEBA = "queen_of_sheba"
CIRCE = "circe"
HAMILCAR = "hamilcar"


def partner(s: MNState, role: str) -> str | None:
    """The player with whom ``role`` is at peace this turn (Statue of Zeus)."""
    if role in s.peace:
        return next(r for r in s.peace if r != role)
    return None


@phase("movement")
def start_movement(s: MNState) -> None:
    s.done = []
    s.segment = None
    s.peace = []
    push(s, "movement_end")
    push(s, "move_next")
    zeus = H.owner(s, ZEUS)
    if zeus is not None:
        push(s, "zeus", role=zeus)


# -- Statue of Zeus (§11; C23) ---------------------------------------------------------------------------
def _zeus_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    last = s.players[role].zeus_last
    out = [opt("peace", r, "choice.peace", who=f"@empire.{r}") for r in s.roles
           if r != role and r != last]
    return out + [opt("peace", "none", "choice.no_peace")]


@decision("zeus", _zeus_choices, F.who_prompt("prompt.zeus"))
def zeus(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    pop(s, f)
    if arg == "none":
        s.players[role].zeus_last = None
        return
    other = str(arg)
    s.players[role].zeus_last = other
    s.peace = [role, other]
    s.say(msg("log.peace", who=f"@empire.{role}", to=f"@empire.{other}"))
    # his Legions in my Provinces go to his Capital, mine in his go to mine (READING C23)
    for mover, owner_ in ((other, role), (role, other)):
        home = B.capital_province(mover)
        for pid in list(s.provinces):
            pv = s.provinces[pid]
            if pv.controller == owner_ and pid != home and B.legions(pv, mover) > 0:
                n = B.legions(pv, mover)
                pv = s.edit(pid)
                B.add_legions(pv, mover, -n)
                B.tidy(pv)
                B.add_legions(s.edit(home), mover, n)
                s.say(msg("log.sent_home", who=f"@empire.{mover}", n=n, prov=f"@prov.{pid}"))


# -- who moves next (§4) ------------------------------------------------------------------------------
@step("move_next")
def move_next(s: MNState, f: Frame) -> None:
    left = [r for r in s.roles if r not in s.done]
    if not left:
        pop(s, f)
        return
    if len(left) == 1:
        begin_mover(s, left[0])
    else:
        push(s, "move_order", role=s.titles["military"])


def _order_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [opt("mover", r, "choice.mover", who=f"@empire.{r}") for r in s.roles
            if r not in s.done]


@decision("move_order", _order_choices, F.who_prompt("prompt.mover"))
def choose_mover(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    pop(s, f)
    begin_mover(s, str(arg))


def begin_mover(s: MNState, role: str) -> None:
    s.segment = role
    s.arrived = {}
    s.sailed = {}
    s.fought = []
    s.say(msg("log.mover", who=f"@empire.{role}"))
    push(s, "segment_end", role=role)
    push(s, "circe", role=role)
    push(s, "marker_swaps", role=role, handled=[])
    push(s, "captures", role=role, handled=[])
    push(s, "land", role=role)
    push(s, "legions", role=role)
    push(s, "naval", role=role)
    push(s, "triremes", role=role)


@step("segment_end")
def segment_end(s: MNState, f: Frame) -> None:
    pop(s, f)
    for pid, pv in list(s.provinces.items()):
        if pv.held or pv.circe or pv.marker_turn is not None:    # else nothing to clear
            pv = s.edit(pid)
            B.clear_war_holdings(pv)
            B.tidy(pv)
    s.done.append(f["role"])
    s.segment = None


@step("movement_end")
def movement_end(s: MNState, f: Frame) -> None:
    pop(s, f)
    s.segment = None
    V.conquest_end_of_movement(s)


# -- 1. Triremes (§4.1.1) ---------------------------------------------------------------------------
def fleets(s: MNState, role: str) -> list[str]:
    return [sid for sid in s.seas if B.triremes(s, sid, role) - s.sailed.get(sid, 0) > 0
            and B.sea_neighbours(s, sid)]


def unit_stage(kind: str, groups: Callable[[MNState, str], list[str]],
               label: Callable[[MNState, str, str], Choice], done_key: str, then: str) -> None:
    """A stage of the segment that asks which group of Units moves next, or that he is done;
    the group's destination is then asked by the ``then`` frame (Triremes, Legions)."""
    def choices(s: MNState, f: Frame, role: str) -> list[Choice]:
        return [label(s, role, x) for x in groups(s, role)] + [opt("done", None, done_key)]

    def decide(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
        if verb == "done":
            pop(s, f)
        else:
            push(s, then, role=role, origin=str(arg))
    decision(kind, choices, F.who_prompt(f"prompt.{kind}"), roles=F.while_any(groups))(decide)


def _fleet_label(s: MNState, role: str, sid: str) -> Choice:
    return opt("fleet", sid, "choice.fleet", sea=f"@sea.{sid}",
               n=B.triremes(s, sid, role) - s.sailed.get(sid, 0))


unit_stage("triremes", fleets, _fleet_label, "choice.ships_done", "fleet_to")


def _fleet_to_options(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [opt("to", sid, "choice.to_sea", sea=f"@sea.{sid}")
            for sid in B.sea_neighbours(s, f["origin"])]


def _fleet_to_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    return msg("prompt.fleet_to", who=f"@empire.{f['role']}", sea=f"@sea.{f['origin']}")


@F.pick("fleet_to", _fleet_to_options, _fleet_to_prompt)
def fleet_to(s: MNState, f: Frame, role: str, arg: Any) -> None:
    origin, dest = f["origin"], str(arg)
    s.seas[origin][role] -= 1
    if s.seas[origin][role] == 0:
        del s.seas[origin][role]
    s.seas[dest][role] = s.seas[dest].get(role, 0) + 1
    s.sailed[dest] = s.sailed.get(dest, 0) + 1
    s.say(msg("log.sail", who=f"@empire.{role}", sea=f"@sea.{origin}", to=f"@sea.{dest}"))


# -- 2. naval battles, never mandatory (§4.1.1, §9) ---------------------------------------------------
def naval_options(s: MNState, role: str) -> list[tuple[str, str]]:
    out = []
    for sid, fleet in s.seas.items():
        if sid in s.fought or fleet.get(role, 0) <= 0:
            continue
        for r in s.roles:
            if r != role and fleet.get(r, 0) > 0 and r != partner(s, role):
                out.append((sid, r))
    return out


def _naval_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    out = [opt("battle", f"{sid}:{r}", "choice.naval", sea=f"@sea.{sid}", who=f"@empire.{r}")
           for sid, r in naval_options(s, role)]
    return out + [opt("done", None, "choice.no_more_naval")]


@decision("naval", _naval_choices, F.who_prompt("prompt.naval"), roles=F.while_any(naval_options))
def naval(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    if verb == "done":
        pop(s, f)
        return
    sid, _, other = str(arg).partition(":")
    K.sea_battle(s, sid, role, other)


# -- 3. Legions (§4.1.2; C28) ---------------------------------------------------------------------
def movable(s: MNState, role: str, pid: str) -> int:
    return B.legions(s.provinces[pid], role) - s.arrived.get(pid, {}).get(role, 0)


def destinations(s: MNState, role: str, pid: str,
                 comp: dict[str, int] | None = None) -> list[str]:
    """One move: to an adjacent Province, or to one connected by his Triremes; never into the
    Provinces of the player he is at peace with (§4.1.2, §11)."""
    friend = partner(s, role)
    out = set(B.land_neighbours(s, pid)) | B.connected_to(s, role, pid, comp)
    return sorted(x for x in out if x != pid
                  and (friend is None or s.provinces[x].controller != friend))


def armies(s: MNState, role: str) -> list[str]:
    """Provinces with Legions of his that have not moved yet and somewhere to go."""
    arrived = s.arrived
    have = [pid for pid, pv in s.provinces.items()
            if pv.legions.get(role, 0) > arrived.get(pid, {}).get(role, 0)]
    if not have:
        return []
    comp = B.sea_components(s, role)
    return [pid for pid in have if destinations(s, role, pid, comp)]


def _army_label(s: MNState, role: str, pid: str) -> Choice:
    return opt("army", pid, "choice.army", prov=f"@prov.{pid}", n=movable(s, role, pid))


unit_stage("legions", armies, _army_label, "choice.legions_done", "army_to")


def _army_to_options(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [opt("to", pid, "choice.to_prov", prov=f"@prov.{pid}")
            for pid in destinations(s, role, f["origin"])]


def _army_to_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    return msg("prompt.army_to", who=f"@empire.{f['role']}", prov=f"@prov.{f['origin']}")


@F.pick("army_to", _army_to_options, _army_to_prompt)
def army_to(s: MNState, f: Frame, role: str, arg: Any) -> None:
    n = movable(s, role, f["origin"])
    if n == 1:
        march(s, role, f["origin"], str(arg), 1)
    else:
        push(s, "army_n", role=role, origin=f["origin"], dest=str(arg))


def _army_n_options(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [opt("n", k, "choice.n_legions", n=k)
            for k in range(1, movable(s, role, f["origin"]) + 1)]


def _army_n_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    return msg("prompt.army_n", who=f"@empire.{f['role']}", prov=f"@prov.{f['origin']}",
               to=f"@prov.{f['dest']}")


@F.pick("army_n", _army_n_options, _army_n_prompt)
def army_n(s: MNState, f: Frame, role: str, arg: Any) -> None:
    march(s, role, f["origin"], f["dest"], int(arg))


def march(s: MNState, role: str, origin: str, dest: str, n: int) -> None:
    src = s.edit(origin)
    B.add_legions(src, role, -n)
    B.release_holdings(src, role)
    B.add_legions(s.edit(dest), role, n)
    s.arrived.setdefault(dest, {})[role] = s.arrived.get(dest, {}).get(role, 0) + n
    by_sea = dest not in B.land_neighbours(s, origin)
    s.say(msg("log.march_sea" if by_sea else "log.march", who=f"@empire.{role}", n=n,
              prov=f"@prov.{origin}", to=f"@prov.{dest}"))


# -- 4. land battles, mandatory (§4.1.2, §4.2, §9) -------------------------------------------------
def land_options(s: MNState, role: str) -> list[tuple[str, str]]:
    out = []
    friend = partner(s, role)
    for pid, pv in s.provinces.items():
        if pid in s.fought or role not in B.unit_roles(pv):
            continue
        for r in sorted(B.unit_roles(pv) - {role}, key=s.roles.index):
            if r != friend:
                out.append((pid, r))
    return out


def _land_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [opt("battle", f"{pid}:{r}", "choice.land", prov=f"@prov.{pid}", who=f"@empire.{r}")
            for pid, r in land_options(s, role)]


@decision("land", _land_choices, F.who_prompt("prompt.land"), roles=F.while_any(land_options))
def land(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    pid, _, other = str(arg).partition(":")
    K.land_battle(s, pid, role, other)


# -- 5. capture (§4.3, §4.3.1-§4.3.5; C20, C21) -----------------------------------------------------
def free_legions(pv: Any, role: str) -> int:
    used = sum(1 for r in pv.held.values() if r == role) + sum(1 for r in pv.circe.values()
                                                                if r == role)
    return B.legions(pv, role) - used


def capturable(s: MNState, role: str, pid: str) -> bool:
    """He alone has Units in a Province an opponent controls: he is its Capturer (§4.3)."""
    pv = s.provinces[pid]
    return pv.controller not in (None, role) and B.unit_roles(pv) == {role} \
        and B.legions(pv, role) > 0


def marker_possible(s: MNState, role: str, pid: str) -> bool:
    """Not in a Capital Province; adjacent to or connected with one of his Provinces; he has a
    Control Marker left (§4.3.3, §4.3.5; spec B.4.12)."""
    pv = s.provinces[pid]
    if pv.printed or pv.held.get("marker") == role:
        return False
    if B.pieces_left(s, role)["control_markers"] <= 0:
        return False
    return base_nearby(s, role, pid)


def base_nearby(s: MNState, role: str, pid: str) -> bool:
    return any(s.provinces[q].controller == role for q in B.adjacent_or_connected(s, role, pid))


def capture_choices(s: MNState, pid: str, role: str) -> list[Choice]:
    pv = s.provinces[pid]
    out = []
    for key in B.building_keys(s, pid):
        out.append(opt("destroy", key, "choice.destroy", what=building_name(pid, key)))
    if any(pv.held.get(k) != role for k in B.building_keys(s, pid)) and free_legions(pv, role) > 0:
        out.append(opt("occupy", None, "choice.occupy"))
    if marker_possible(s, role, pid):
        out.append(opt("marker", None, "choice.marker"))
    if out:
        # the Capturer "may" choose one of the three (§4.3): keeping what he holds, or nothing
        held = role in pv.held.values()
        out.append(opt("hold", None, "choice.keep_holdings" if held else "choice.capture_nothing"))
    return out


def building_name(pid: str, key: str) -> str:
    kind = key.split(":")[0]
    if kind == "city":
        return f"@city.{B.city_type(pid, key)}"
    if kind == "caravan":
        return f"@caravan.{B.caravan_good(pid, key)}"
    return f"@item.{kind}"


@step("captures")
def captures(s: MNState, f: Frame) -> None:
    role = f["role"]
    for pid in s.provinces:
        if pid in f["handled"]:
            continue
        f["handled"].append(pid)
        if capturable(s, role, pid) and capture_choices(s, pid, role):
            push(s, "capture", role=role, area=pid)
            return
    pop(s, f)


def _capture_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return capture_choices(s, f["area"], role)


def _capture_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    return msg("prompt.capture", who=f"@empire.{f['role']}", prov=f"@prov.{f['area']}")


@decision("capture", _capture_choices, _capture_prompt)
def capture(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    pid = f["area"]
    pop(s, f)
    if verb == "hold":
        if role in s.provinces[pid].held.values():
            s.say(msg("log.keep_holdings", who=f"@empire.{role}", prov=f"@prov.{pid}"))
        return
    pv = s.edit(pid)
    if pv.held.get("marker") == role:
        # another option ends an attempt on the Control Marker (C20)
        del pv.held["marker"]
        pv.marker_turn = None
    if verb == "destroy":
        destroy(s, role, pid, str(arg))
    elif verb == "occupy":
        push(s, "occupy", role=role, area=pid)
    elif verb == "marker":
        pv.held["marker"] = role
        pv.marker_turn = s.turn
        B.release_holdings(pv, role)
        s.say(msg("log.marker_taken", who=f"@empire.{role}", prov=f"@prov.{pid}"))
        if H.has(s, role, SHEBA) and SHEBA not in s.players[role].used:
            push(s, "sheba", role=role, area=pid)


def destroy(s: MNState, role: str, pid: str, key: str) -> None:
    """Destroy one Building; the loot is gained at once (§4.3.1; Hamilcar doubles it, §10)."""
    pv = s.edit(pid)
    kind, _, idx = key.partition(":")
    double = H.has(s, role, HAMILCAR)
    who = f"@empire.{role}"
    if kind == "city":
        typ = B.city_type(pid, key)
        pv.cities[int(idx)] = False
        s.buildings[f"city_{typ}"] += 1
    elif kind == "caravan":
        pv.caravans[int(idx)] = False
        s.buildings["caravan"] += 1
    else:
        setattr(pv, kind, False)
        s.buildings[kind] += 1
    # §4.3.1: «…убрать с карты Фишку Здания и поставить на освободившееся место один из
    # Легионов»: one of his Legions stands on the emptied slot (a marker: it yields nothing;
    # it goes when his Legions there are too few, or the slot is built again)
    pv.held[key] = role
    B.release_holdings(pv, role)
    s.say(msg("log.destroy", who=who, what=building_name(pid, key), prov=f"@prov.{pid}"))
    if kind == "city":
        if typ == "legendary":
            if double:
                loot_coin(s, role, 1)
                loot_rare(s, role)
            else:
                push(s, "loot", role=role, area=pid)
        else:
            loot_coin(s, role, 2 if double else 1)
    elif kind == "caravan":
        good = B.caravan_good(pid, key)
        n = B.from_supply(s, role, good, 2 if double else 1)
        s.say(msg("log.loot", who=who, n=n, res=f"@res.{good}"))


def loot_coin(s: MNState, role: str, n: int) -> None:
    got = B.from_supply(s, role, COIN, n)
    s.say(msg("log.loot", who=f"@empire.{role}", n=got, res="@res.coin"))


def loot_rare(s: MNState, role: str) -> None:
    kind = B.draw_rare(s, role)
    s.say(msg("log.loot_rare", who=f"@empire.{role}"))
    if kind is not None:
        s.say(msg("log.gain_you", n=1, res=f"@res.{kind}*"), to=role)


def _loot_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [opt("loot", "coin", "choice.loot_coin"), opt("loot", "rare", "choice.loot_rare")]


@decision("loot", _loot_choices, F.who_prompt("prompt.loot"))
def loot(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    pop(s, f)
    if arg == "coin":
        loot_coin(s, role, 1)
    else:
        loot_rare(s, role)


def _occupy_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    pv = s.provinces[f["area"]]
    out = []
    if free_legions(pv, role) > 0:
        out = [opt("occ", k, "choice.occ", what=building_name(f["area"], k))
               for k in B.building_keys(s, f["area"]) if pv.held.get(k) != role]
    return out + [opt("done", None, "choice.occupy_done")]


def _occupy_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    return msg("prompt.occupy", who=f"@empire.{f['role']}", prov=f"@prov.{f['area']}")


@decision("occupy", _occupy_choices, _occupy_prompt)
def occupy(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    if verb == "done":
        pop(s, f)
        return
    pv = s.edit(f["area"])
    pv.held[str(arg)] = role
    s.say(msg("log.occupy", who=f"@empire.{role}", what=building_name(f["area"], str(arg)),
              prov=f"@prov.{f['area']}"))
    if free_legions(pv, role) <= 0 or len(_occupy_choices(s, f, role)) <= 1:
        pop(s, f)


YesNoFn = Callable[[MNState, Frame, str, bool], None]


def yes_or_no(kind: str) -> Callable[[YesNoFn], YesNoFn]:
    """A yes-or-no question about the frame's Province (``area``): the choices ``choice.<kind>``
    and ``choice.<kind>_no``, the prompt ``prompt.<kind>``; the handler gets the answer."""
    def choices(s: MNState, f: Frame, role: str) -> list[Choice]:
        return [opt(kind, "yes", f"choice.{kind}", prov=f"@prov.{f['area']}"),
                opt(kind, "no", f"choice.{kind}_no")]

    def prompt(s: MNState, f: Frame, role: str | None) -> Msg:
        return msg(f"prompt.{kind}", who=f"@empire.{f['role']}", prov=f"@prov.{f['area']}")

    def deco(fn: YesNoFn) -> YesNoFn:
        def decide(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
            pop(s, f)
            fn(s, f, role, arg == "yes")
        decision(kind, choices, prompt)(decide)
        return fn
    return deco


# -- Queen of Sheba (§10, §4.3.3) -------------------------------------------------------------------
@yes_or_no("sheba")
def sheba(s: MNState, f: Frame, role: str, yes: bool) -> None:
    if not yes:
        return
    pid = f["area"]
    pv = s.edit(pid)
    s.players[role].used.append(SHEBA)
    B.add_legions(pv, role, -1)              # the capturing Legion is sacrificed
    s.say(msg("log.sheba", who=f"@empire.{role}", prov=f"@prov.{pid}"))
    change_control(s, role, pid)


def change_control(s: MNState, role: str, pid: str) -> None:
    pv = s.edit(pid)
    old = pv.controller
    pv.controller = role
    pv.held = {k: r for k, r in pv.held.items() if r != role and k != "marker"}
    pv.marker_turn = None
    B.tidy(pv)
    s.say(msg("log.control_changed", who=f"@empire.{role}", prov=f"@prov.{pid}",
              old=f"@empire.{old}"))


# -- the Control Marker held since last turn (§4.3.3, §9 Q&A 5; C20) ---------------------------------
@step("marker_swaps")
def marker_swaps(s: MNState, f: Frame) -> None:
    role = f["role"]
    for pid in list(s.provinces):
        pv = s.provinces[pid]
        if pid in f["handled"]:
            continue
        if B.holder(pv, "marker") != role or pv.marker_turn is None or pv.marker_turn >= s.turn:
            continue
        f["handled"].append(pid)
        pv = s.edit(pid)
        if base_nearby(s, role, pid):
            if B.pieces_left(s, role)["control_markers"] > 0:
                push(s, "swap", role=role, area=pid)
                return
            # no Control Marker of his own left: the change cannot be made, the attempt ends and
            # the owner keeps his marker (spec B.4.12, missing marker)
            pv.held.pop("marker", None)
            pv.marker_turn = None
            s.say(msg("log.marker_no_piece", who=f"@empire.{role}", prov=f"@prov.{pid}"))
            continue
        # no adjacent or connected Province of his any more: the marker goes, nobody's is put
        old = pv.controller
        pv.controller = None
        pv.held.clear()
        pv.marker_turn = None
        s.say(msg("log.marker_removed", who=f"@empire.{role}", prov=f"@prov.{pid}",
                  old=f"@empire.{old}"))
    pop(s, f)


@yes_or_no("swap")
def swap(s: MNState, f: Frame, role: str, yes: bool) -> None:
    if yes:
        change_control(s, role, f["area"])
    else:
        pv = s.edit(f["area"])
        pv.held.pop("marker", None)
        pv.marker_turn = None


# -- Circe (§10; C13) ---------------------------------------------------------------------------------
def circe_spots(s: MNState, role: str) -> list[str]:
    if not H.has(s, role, CIRCE):
        return []
    need_control = s.options.get("circe_where", "free") == "controlled"
    out = []
    for pid, pv in s.provinces.items():
        if free_legions(pv, role) <= 0 or B.enemy_units(pv, role):
            continue
        if need_control and pv.controller != role:
            continue
        for i, _slot in enumerate(board().provinces[pid].slots.caravans):
            if not pv.caravans[i] and f"caravan:{i}" not in pv.circe:
                out.append(f"{pid}:caravan:{i}")
    return out


def _circe_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    out = []
    for spot in circe_spots(s, role):
        pid, key = spot.split(":", 1)
        out.append(opt("circe", spot, "choice.circe", prov=f"@prov.{pid}",
                       good=f"@good.{B.caravan_good(pid, key)}"))
    return out + [opt("done", None, "choice.circe_done")]


@decision("circe", _circe_choices, F.who_prompt("prompt.circe"), roles=F.while_any(circe_spots))
def circe(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    if verb == "done":
        pop(s, f)
        return
    pid, key = str(arg).split(":", 1)
    s.edit(pid).circe[key] = role
    s.say(msg("log.circe", who=f"@empire.{role}", prov=f"@prov.{pid}",
              good=f"@good.{B.caravan_good(pid, key)}"))
