"""Naval actions (§11): fleets of galleys moving along sea links with no MP, stopping where the
rules say (§11.1.2) and going on only by a Continuation roll (§11.1.3-11.1.4), Naval Disaster at
NTPs and DSTPs with storms (§11.2), pirates to be beaten before entering their point (§12.6.3),
naval battles with the choice to fight or let pass (§11.4.1), their result and the loser's
return to port (§11.4.3-11.4.4); ports and Home Territory decide where a fleet must stop.

A fleet moves in the frame ``move_fleet`` (pushed from the Expansion, activation.py): first the
galleys and leaders that go, then point by point; ``stopped`` asks for Continuation or the end.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana import texts
from games.pax_romana.control import data, space_controller
from games.pax_romana.flow import Frame, opt, paged, pop, push, question, step, turn_page
from games.pax_romana.independents import rhodes_holder
from games.pax_romana.leaders import kill_leader
from games.pax_romana.state import LCU_TYPES, PRState

PIRATES_CLEARED_ON = 6   # §12.6.3: 1d6 + galley BP + 1 with a leader, 6 or more
CILICIAN_DRM = -1        # §12.6.4


def d6(s: PRState) -> int:
    return int(s.rng.roll(range(1, 7)))


def galley_bp(s: PRState, power: str) -> int:
    """§11.4.3: 2 BP a galley (the unit table), 3 with Galley Improvement (§16.2)."""
    base = data().tables.unit_costs.unit("GS").naval_bp or 2
    p = s.powers.get(power)
    return base + (1 if p is not None and p.galley_improvement else 0)


def point_kind(point: str) -> str:
    """"port", "space" (a coastless space), "ntp" or "dstp"."""
    d = data()
    if point in d.naval_points:
        return d.naval_points[point].kind
    return "port" if point in d.ports else "space"


def fleet_spaces(s: PRState, power: str) -> list[str]:
    """Where the Power has galleys that may move: not mutinied (§13.3), not Finished."""
    out = []
    for sp in sorted(s.spaces_of_owner(power)):
        if not s.stack(sp, power).get("GS"):
            continue
        if f"{sp}|{power}" in s.finished:
            continue
        if f"{sp}|{power}" in s.mutinied and s.powers[power].treasury < mutiny_cost(s, power, sp):
            continue
        if any(sea_targets(s, power, sp, [sp])):
            out.append(sp)
    return out + rhodes_navy(s, power)


def galley_friends(s: PRState, power: str) -> set[str]:
    """The Power's galleys, Rhodes' navy for the Power that uses it (§12.5.1) and the Pontic
    galley of the Pontus player (§12.5.5)."""
    from games.pax_romana.independents import PONTUS, pontus_player
    return ({power} | ({RHODES} if s.rhodes_user == power else set())
            | ({PONTUS} if pontus_player(s) == power else set()))


def enemy_galleys(s: PRState, power: str, point: str) -> list[str]:
    """The sides with galleys at ``point`` that are not ``power``'s (nor the navy it uses)."""
    mine = galley_friends(s, power)
    return [o for o, st in s.units.get(point, {}).items() if o not in mine and st.get("GS")]


_enemy_galleys = enemy_galleys


def rhodes_navy(s: PRState, power: str) -> list[str]:
    """Where Rhodes' galleys lie that the Power using Rhodes' navy may move (§12.5.1)."""
    if s.rhodes_user != power:
        return []
    return [f"{sp}|{RHODES}" for sp in sorted(s.spaces_of_owner(RHODES))
            if s.stack(sp, RHODES).get("GS") and f"{sp}|{RHODES}" not in s.finished
            and sea_targets(s, power, sp, [sp])]


def sea_targets(s: PRState, power: str, here: str, path: list[str]) -> list[str]:
    """The points one sea link away a fleet may enter: not back to where it just was; Rhodes
    only for one who can pay its toll (§12.5.1); never into a Cyprus space closed by its revolt
    (§13.3)."""
    from games.pax_romana.rebellions import sea_closed
    back = path[-2] if len(path) > 1 else None
    return sorted(nb for nb in data().sea_neighbours(here)
                  if nb != back and rhodes_toll(s, power, nb) <= s.powers[power].treasury
                  and not sea_closed(s, power, nb))


RHODES = "rhodes"


def rhodes_toll(s: PRState, power: str, point: str) -> int:
    """§12.5.1: 1T to sail into or through Rhodes unless the mover controls it (paid to the
    Power that does). In this engine a player unwilling or unable to pay does not go there."""
    if point != RHODES or RHODES not in data().spaces:
        return 0
    return 0 if rhodes_holder(s, space_controller(s, RHODES)) == power else 1


def pay_rhodes(s: PRState, power: str, point: str) -> None:
    toll = rhodes_toll(s, power, point)
    if not toll:
        return
    s.powers[power].treasury -= toll
    holder = rhodes_holder(s, space_controller(s, RHODES))     # Rhodes' ally (§17.2)
    if holder in s.powers:
        s.powers[holder].treasury += toll
    s.say(msg("log.rhodes_toll", power=f"@power.{power}", n=toll))


def fleet_choices(s: PRState, power: str) -> list[Choice]:
    out = []
    for key in fleet_spaces(s, power):
        sp, _, owner = key.partition("|")
        out.append(opt("fleet", key, "choice.rhodes_fleet_at" if owner else "choice.my_fleet_at",
                       space=f"@space.{sp}", n=s.stack(sp, owner or power).get("GS", 0)))
    return out


def mutiny_cost(s: PRState, power: str, space: str) -> int:
    """§16.2 Naval Mutiny: the fleet moves this turn only if its owner pays 1T for each of its
    galleys."""
    return s.stack(space, power).get("GS", 0)


def start_fleet(s: PRState, power: str, space: str, minor: bool) -> None:
    if space.endswith(f"|{RHODES}"):
        space = space.split("|")[0]
        n = 1 if minor else s.stack(space, RHODES).get("GS", 0)
        push(s, "move_fleet", role=power, owner=RHODES, start=space, n=n, leaders=[],
             minor=minor, stage="pick", at=space, path=[space], stopped=False, drm=0)
        return
    key = f"{space}|{power}"
    if key in s.mutinied:
        cost = mutiny_cost(s, power, space)
        s.powers[power].treasury -= cost
        s.mutinied.remove(key)
        s.say(msg("log.mutiny_paid", power=f"@power.{power}", space=f"@space.{space}", n=cost))
    n = 1 if minor else s.stack(space, power).get("GS", 0)
    leaders = [] if minor else s.leaders_at(space, power)
    push(s, "move_fleet", role=power, start=space, n=n, leaders=leaders, minor=minor,
         stage="pick", at=space, path=[space], stopped=False, drm=0)


# -- the frame ---------------------------------------------------------------------------------------
def _fleet_choices(s: PRState, f: Frame) -> list[Choice]:
    if f["stage"] == "pick":
        out = []
        if f["n"] > 1:
            out.append(opt("leave_galley", None, "choice.leave_galley"))
        out += [opt("leave_leader", lid, "choice.leave_leader", leader=f"@leader.{lid}")
                for lid in f["leaders"]]
        return out + [opt("sail", None, "choice.set_sail", n=f["n"]),
                      opt("stay", None, "choice.stay")]
    army = army_to_pick_up(s, f)
    pick = [opt("pick_up_army", None, "choice.fleet_pick_up", n=sum(army.values()))] if army else []
    if f["stopped"]:
        out = [opt("continue", None, "choice.continuation")] + pick
        if point_kind(f["at"]) != "dstp":
            out.append(opt("stop", None, "choice.stop_here"))
        return out
    targets = sea_targets(s, f["role"], f["at"], f["path"]) or sea_targets(
        s, f["role"], f["at"], [f["at"]])
    options = [opt("to", p, "choice.sail_to", space=f"@space.{p}") for p in targets] + pick
    if f.get("may_attack") and _enemy_galleys(s, f["role"], f["at"]):
        options.insert(0, opt("naval_attack", None, "choice.naval_attack",
                              space=f"@space.{f['at']}"))
    fixed = [] if point_kind(f["at"]) == "dstp" else [opt("stop", None, "choice.stop_here")]
    return paged(f, f["role"], options, fixed)


def _fleet_prompt(s: PRState, f: Frame) -> Msg:
    if f["stage"] == "pick":
        return msg("prompt.pick_fleet", who=f"@power.{f['role']}",
                   space=f"@space.{f['start']}")
    if f["stopped"]:
        return msg("prompt.fleet_stopped", who=f"@power.{f['role']}", space=f"@space.{f['at']}")
    return msg("prompt.move_fleet", who=f"@power.{f['role']}", space=f"@space.{f['at']}")


@question("move_fleet", _fleet_choices, _fleet_prompt)
def move_fleet(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§11.1: galleys alone have no MP; they go on until they must Stop and fail to continue."""
    power = f["role"]
    if verb == "page":
        turn_page(f, power)
        return
    f.setdefault("page", {}).pop(power, None)
    if verb == "stay":
        pop(s, f)
        return
    if verb == "leave_galley":
        f["n"] -= 1
        return
    if verb == "leave_leader":
        f["leaders"].remove(arg)
        return
    if verb == "sail":
        f["stage"] = "move"
        meet_fleet(s, f, f["at"])       # §11.4.1: an enemy fleet where it starts
        return
    if verb == "stop":
        _finish(s, f)
        return
    if verb == "continue":
        continuation(s, f)
        return
    if verb == "pick_up_army":
        become_transport(s, f)
        return
    if verb == "naval_attack":          # §11.4.5: the Active fleet starts the battle
        f.pop("may_attack", None)
        naval_battle(s, f, _enemy_galleys(s, power, f["at"])[0])
        return
    f.pop("may_attack", None)
    sail(s, f, arg)


def army_to_pick_up(s: PRState, f: Frame) -> dict[str, int]:
    """§11.3.2: a fleet of galleys (with its leaders) in a port on its way may pick up the
    Power's land units waiting there that have not moved (never militia, §12.3.3): not in a
    Minor Move (one unit), not with Rhodes' navy."""
    from games.pax_romana.activation import movable
    at = f["at"]
    if (f.get("minor") or f.get("owner") or at == f["start"] or point_kind(at) != "port"
            or at not in data().spaces):
        return {}
    return {k: n for k, n in movable(s, f["role"], at).items() if k != "ML"}


def become_transport(s: PRState, f: Frame) -> None:
    """§11.3.2: with the first land unit picked up the fleet's move becomes a Naval Transport
    of the army: its MP are rolled as for a land move, less 1 since the voyage is under way (no
    embarking or voyage to pay); it goes on without a Continuation roll."""
    from games.pax_romana.movement import movement_points
    power, at = f["role"], f["at"]
    units = army_to_pick_up(s, f)
    leaders = list(f["leaders"]) + [lid for lid in s.leaders_at(at, power)
                                    if lid not in f["leaders"]]
    pop(s, f)
    m = push(s, "move_army", role=power, owner=power, start=at, units=units, leaders=leaders,
             minor=False, stage="sea", at=at, path=[at], mp=0,
             sea={"galleys": f["n"], "paid": True, "stopped": False, "path": list(f["path"])})
    m["mp"] = max(0, movement_points(s, m) - TRANSPORT_PICK_UP_MP)
    s.mark_irreversible()
    s.say(msg("log.fleet_picks_up", power=f"@power.{power}", space=f"@space.{at}",
              n=sum(units.values()), mp=m["mp"]))


TRANSPORT_PICK_UP_MP = 1         # §11.3.2: the army's MP roll less 1


def gowner(f: Frame) -> str:
    """Whose galleys the fleet is: the Power's, or Rhodes' used by it."""
    return str(f.get("owner") or f["role"])


def _finish(s: PRState, f: Frame) -> None:
    pop(s, f)
    s.finished.append(f"{f['at']}|{gowner(f)}")


def _move_galleys(s: PRState, f: Frame, here: str, there: str) -> None:
    power = gowner(f)
    took = s.remove(here, power, "GS", f["n"])
    s.add(there, power, "GS", took)
    f["n"] = took
    for lid in f["leaders"]:
        if lid in s.leaders:
            s.leaders[lid].at = there


def sink(s: PRState, f: Frame, n: int) -> None:
    """Galleys lost; a fleet wholly sunk takes its leaders with it (§8.4.3)."""
    power, at = gowner(f), f["at"]
    lost = s.remove(at, power, "GS", n)
    f["n"] -= lost
    if f["n"] <= 0:
        for lid in f["leaders"]:
            if lid in s.leaders:
                kill_leader(s, lid)
        f["leaders"] = []


def continuation_drm(f: Frame) -> int:
    rows = {m.condition: int(m.drm) for m in data().tables.naval_continuation.modifiers}
    drm = rows["leader with the fleet"] if f["leaders"] else 0
    return drm + f.get("drm", 0)


def continuation(s: PRState, f: Frame) -> None:
    """§11.1.3-11.1.4: 2d6 + DRMs at or under 7 goes on; else the fleet is Finished, and
    destroyed with its leaders if it is in a DSTP (§11.2.1)."""
    roll = d6(s) + d6(s)
    drm = continuation_drm(f)
    ok = roll + drm <= data().tables.naval_continuation.continue_on_or_below
    s.mark_irreversible()
    s.say(msg("log.continuation", power=f"@power.{f['role']}", space=f"@space.{f['at']}",
              roll=roll, mod=drm, result="@word.success" if ok else "@word.failure"))
    f["drm"] = 0
    if ok:
        f["stopped"] = False
        if f.pop("drew", None):
            # §11.4.5: going on after a draw, it may be fought again, and may itself attack
            f["may_attack"] = True
            meet_fleet(s, f, f["at"])
        return
    if point_kind(f["at"]) == "dstp":
        s.say(msg("log.fleet_lost", power=f"@power.{f['role']}", space=f"@space.{f['at']}",
                  n=f["n"]))
        sink(s, f, f["n"])
        pop(s, f)
        return
    _finish(s, f)


def disaster(s: PRState, f: Frame) -> None:
    """§11.2.1: 1d6 entering an NTP or DSTP: Off Course stops the fleet; a Storm stops it and
    sinks 1d6 galleys."""
    kind = point_kind(f["at"])
    roll = d6(s)
    result = data().tables.naval_disaster.result(kind, roll)
    s.say(msg("log.naval_disaster", power=f"@power.{f['role']}", space=f"@space.{f['at']}",
              roll=roll))
    text = result.lower()
    if text.startswith("no effect"):
        return
    f["stopped"] = True
    if text.startswith("storm"):
        lost = d6(s)
        s.say(msg("log.storm", power=f"@power.{f['role']}", n=lost))
        sink(s, f, lost)


def must_stop(s: PRState, power: str, point: str) -> bool:
    """§11.1.2: a port with an enemy army or galleys; an unoccupied port outside the Power's
    Home Territory (§11.1.7: not one it controls with galleys of its own already there)."""
    if point_kind(point) != "port":
        return False
    others = [o for o, st in s.units.get(point, {}).items()
              if o != power and any(k in LCU_TYPES or k in ("GS", "GR") for k in st)]
    if others:
        return True
    from games.pax_romana.cards.successor import as_greek
    if data().spaces[point].home_of == as_greek(power):    # card 36's army is Greek (§17.2)
        return False
    return not (s.stack(point, power).get("GS") and space_controller(s, point) == power)


def clear_pirates(s: PRState, f: Frame, point: str) -> bool:
    """§12.6.3: 1d6 + the fleet's galley BP + 1 with a leader, 6 or more clears the pirates
    (-1 against the Cilicians, §12.6.4)."""
    pirates = next(p for p in s.pirates if p["at"] == point)
    roll = d6(s)
    total = roll + f["n"] * galley_bp(s, f["role"]) + (1 if f["leaders"] else 0)
    if pirates.get("cilician"):
        total += CILICIAN_DRM
    ok = total >= PIRATES_CLEARED_ON
    s.say(msg("log.pirates_roll", power=f"@power.{f['role']}", space=f"@space.{point}",
              roll=roll, n=total, result="@word.success" if ok else "@word.failure"))
    if ok:
        s.pirates.remove(pirates)
    return ok


def sail(s: PRState, f: Frame, there: str) -> None:
    power, here = f["role"], f["at"]
    if any(p["at"] == there for p in s.pirates) and not clear_pirates(s, f, there):
        # §12.6.3: back to the last port passed, the move Finished
        ports = [p for p in f["path"] if point_kind(p) == "port"]
        back = ports[-1] if ports else f["start"]
        _move_galleys(s, f, here, back)
        f["at"] = back
        _finish(s, f)
        return
    pay_rhodes(s, power, there)
    _move_galleys(s, f, here, there)
    f["at"] = there
    f["path"].append(there)
    s.last_move = {"power": power, "path": list(f["path"]), "kind": "sea", "battle": None}
    s.say(msg("log.sail", power=f"@power.{power}", start=f"@space.{here}",
              space=f"@space.{there}"))
    if point_kind(there) in ("ntp", "dstp"):
        disaster(s, f)
        if f["n"] <= 0:
            pop(s, f)
            return
    if meet_fleet(s, f, there):
        return
    if must_stop(s, power, there):
        f["stopped"] = True


def continuation_row(condition: str) -> int:
    """A DRM of the Naval Continuation table (§11.1.4)."""
    rows = {m.condition: int(m.drm) for m in data().tables.naval_continuation.modifiers}
    return rows[condition]


def ports_within(s: PRState, power: str, start: str, links: int,
                 avoid: set[str] | frozenset[str] = frozenset(),
                 passable: Callable[[str], bool] | None = None) -> list[str]:
    """Ports within ``links`` sea links of ``start``, through points free of enemy fleets and
    not into one (§11.4.2), never through ``avoid``; ``passable`` says instead which points
    the fleet may enter (those whose players may let it in, ``way_out``)."""
    seen = {start, *avoid}
    frontier = [start]
    out: list[str] = []
    for _ in range(links):
        nxt = []
        for pt in frontier:
            for nb in sorted(data().sea_neighbours(pt)):
                if nb in seen or not (passable(nb) if passable is not None
                                      else not enemy_galleys(s, power, nb)):
                    continue
                seen.add(nb)
                nxt.append(nb)
                if point_kind(nb) == "port":
                    out.append(nb)
        frontier = nxt
    return sorted(out)


NAVAL_WITHDRAWAL_LINKS = 3       # §11.4.2


def meet_fleet(s: PRState, f: Frame, there: str) -> bool:
    """§11.4.1: a fleet entering, or starting its move in, a point with an enemy fleet: that
    fleet's player chooses to fight, withdraw or let it pass; sides nobody commands fight.
    True if there is an enemy fleet."""
    power = f["role"]
    enemies = _enemy_galleys(s, power, there)
    if not enemies:
        return False
    enemy = enemies[0]
    from games.pax_romana.movement import controller_of
    who = controller_of(s, enemy)
    if who is None or who == power:
        naval_battle(s, f, enemy)
    else:
        push(s, "naval_contact", role=who, side=enemy, space=there, mover=power)
    return True


def naval_withdrawal_ports(s: PRState, power: str, start: str) -> list[str]:
    """§11.4.2: ports within 3 sea links not held by an enemy fleet, through points free of
    enemy fleets."""
    return ports_within(s, power, start, NAVAL_WITHDRAWAL_LINKS)


def _no_withdrawal_key(point: str, side: str) -> str:
    return f"{point}|{side}|no_naval_withdrawal"


def way_out(s: PRState, side: str, mover: str | None, allowed: list[str] | tuple[str, ...] = (),
            refused: list[str] | tuple[str, ...] = ()) -> Callable[[str], bool]:
    """§11.4.2: the points a fleet withdrawing from ``mover`` may enter: free of other fleets,
    or held only by fleets whose players have let it in (``allowed``) or may still be asked:
    never the Active Power it withdraws from, nor sides nobody commands, nor a point where
    leave was refused."""
    from games.pax_romana.movement import controller_of
    asker = controller_of(s, side)

    def passable(point: str) -> bool:
        owners = [o for o in enemy_galleys(s, side, point) if o not in allowed]
        if not owners:
            return True
        return point not in refused and all(
            controller_of(s, o) not in (None, asker, mover) for o in owners)
    return passable


def may_withdraw_fleet(s: PRState, side: str, point: str, mover: str | None = None,
                       refused: list[str] | tuple[str, ...] = ()) -> bool:
    """§11.4.2: a fleet with galleys, a port to reach (past other players' fleets too, whose
    leave is asked when the fleet comes to them), and no Continuation roll of 12 in an earlier
    withdrawal of this Activation."""
    return (bool(s.stack(point, side).get("GS"))
            and bool(ports_within(s, side, point, NAVAL_WITHDRAWAL_LINKS,
                                  passable=way_out(s, side, mover, (), refused)))
            and _no_withdrawal_key(point, side) not in s.finished)


def _way(s: PRState, f: Frame) -> Callable[[str], bool]:
    return way_out(s, f["side"], f.get("mover"), f.get("allowed", []), f.get("refused", []))


def withdrawal_targets(s: PRState, f: Frame) -> list[str]:
    """The next points of a withdrawing fleet: free of enemy fleets, not back, and from which a
    port lies within the sea links left (past fleets whose players may let it in)."""
    left = NAVAL_WITHDRAWAL_LINKS - (len(f["path"]) - 1)
    if left <= 0:
        return []
    out = []
    for nb in sorted(data().sea_neighbours(f["at"])):
        if nb in f["path"] or _unasked(s, f, nb):
            continue
        if point_kind(nb) == "port" or ports_within(s, f["side"], nb, left - 1,
                                                    set(f["path"]), _way(s, f)):
            out.append(nb)
    return out


def _unasked(s: PRState, f: Frame, point: str) -> list[str]:
    """The sides whose galleys at ``point`` have not let the withdrawing fleet in."""
    return [o for o in enemy_galleys(s, f["side"], point) if o not in f.get("allowed", [])]


def passage_targets(s: PRState, f: Frame) -> list[str]:
    """§11.4.2: points a withdrawing fleet may enter only if the players whose fleets lie there
    allow it (asked once each point, when the fleet comes to it); sides nobody commands and the
    Active Power are never asked."""
    left = NAVAL_WITHDRAWAL_LINKS - (len(f["path"]) - 1)
    if left <= 0:
        return []
    out = []
    way = _way(s, f)
    for nb in sorted(data().sea_neighbours(f["at"])):
        if nb in f["path"] or not _unasked(s, f, nb) or not way(nb):
            continue
        if point_kind(nb) == "port" or ports_within(s, f["side"], nb, left - 1,
                                                    set(f["path"]), way):
            out.append(nb)
    return out


def _contact_choices(s: PRState, f: Frame) -> list[Choice]:
    if f.get("stage") == "withdrawing":
        if f["stopped"]:
            out = [opt("continue", None, "choice.continuation")]
            if point_kind(f["at"]) == "port":
                out.append(opt("stop", None, "choice.naval_withdraw_stop"))
            return out
        options = [opt("naval_withdraw_to", p, "choice.sail_to", space=f"@space.{p}")
                   for p in withdrawal_targets(s, f)]
        options += [opt("naval_withdraw_ask", p, "choice.naval_withdraw_ask",
                        space=f"@space.{p}") for p in passage_targets(s, f)]
        fixed = ([opt("stop", None, "choice.naval_withdraw_stop")]
                 if point_kind(f["at"]) == "port" and f["at"] != f["space"] else [])
        return paged(f, f["role"], options, fixed)
    out = [opt("fight", None, "choice.naval_fight"), opt("let_pass", None, "choice.let_pass")]
    if may_withdraw_fleet(s, f["side"], f["space"], f.get("mover"), f.get("refused", [])):
        out.append(opt("withdraw", None, "choice.naval_withdraw"))
    return out


def _contact_prompt(s: PRState, f: Frame) -> Msg:
    """Why the player is asked: an enemy fleet (or transport) entering where his fleet lies;
    then, withdrawing, where his fleet goes."""
    who, space = f"@power.{f['role']}", f"@space.{f['space']}"
    if f.get("stage") == "withdrawing":
        key = "prompt.naval_withdrawal_stopped" if f["stopped"] else "prompt.naval_withdrawal"
        return msg(key, who=who, space=space, at=f"@space.{f['at']}",
                   n=NAVAL_WITHDRAWAL_LINKS - (len(f["path"]) - 1))
    key = "prompt.naval_contact_transport" if f.get("transport") else "prompt.naval_contact"
    return msg(key, who=who, army=f"@power.{f['mover']}", space=space)


def _mover_of(s: PRState, f: Frame) -> Frame | None:
    """The fleet or transport whose entry the contact answers, if it is still there."""
    if f.get("transport"):
        from games.pax_romana.movement import move_frame
        m = move_frame(s)
        ok = m is not None and m.get("stage") == "sea" and m["at"] == f["space"]
    else:
        m = next((x for x in reversed(s.flow) if x["k"] == "move_fleet"), None)
        ok = m is not None and m["at"] == f["space"]
    return m if ok else None


def _stop_mover(s: PRState, f: Frame, drm: int) -> None:
    m = _mover_of(s, f)
    if m is None:
        return
    target = m["sea"] if f.get("transport") else m
    target["stopped"] = True
    target["drm"] = drm


@question("naval_contact", _contact_choices, _contact_prompt, lapses=lambda s, f: True)
def naval_contact(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§11.4.1: the fleet entered upon fights, withdraws (§11.4.2), or lets the mover pass (it
    does not Stop). A withdrawing fleet goes point by point, 3 sea links at most, to a port,
    with the disaster rolls of NTPs and DSTPs and Continuation where it must Stop (§11.4.2)."""
    if verb == "page":
        turn_page(f, f["role"])
        return
    f.setdefault("page", {}).pop(f["role"], None)
    if verb == "withdraw":
        side, at = f["side"], f["space"]
        port_army = point_kind(at) == "port" and any(
            k != "GS" for k in s.stack(at, side))
        f.update(stage="withdrawing", at=at, path=[at], stopped=False, twelve=False,
                 n=s.stack(at, side).get("GS", 0),
                 leaders=[] if port_army else s.leaders_at(at, side))
        return
    if f.get("stage") == "withdrawing":
        _withdrawing(s, f, verb, arg)
        return
    pop(s, f)
    mover = _mover_of(s, f)
    if mover is None:
        return
    if f.get("transport"):
        if verb == "fight":
            transport_battle(s, mover, f["side"])
        elif must_stop(s, mover["role"], mover["at"]) or _hostile(s, mover, mover["at"]):
            mover["sea"]["stopped"] = True
        return
    if verb == "fight":
        naval_battle(s, mover, f["side"])
    elif must_stop(s, mover["role"], mover["at"]) and point_kind(mover["at"]) == "port":
        mover["stopped"] = True


def _withdrawing(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    side, here = f["side"], f["at"]
    if verb == "naval_withdraw_ask":
        _ask_passage(s, f, arg)
        return
    if verb == "naval_withdraw_to":
        n = s.remove(here, side, "GS", f["n"])
        s.add(arg, side, "GS", n)
        f["n"] = n
        for lid in f["leaders"]:
            if lid in s.leaders:
                s.leaders[lid].at = arg
        f["at"] = arg
        f["path"].append(arg)
        s.say(msg("log.fleet_withdrew", power=f"@power.{side}", start=f"@space.{here}",
                  space=f"@space.{arg}"))
        if point_kind(arg) in ("ntp", "dstp"):
            roll = d6(s)
            s.mark_irreversible()
            text = data().tables.naval_disaster.result(point_kind(arg), roll).lower()
            s.say(msg("log.naval_disaster", power=f"@power.{side}", space=f"@space.{arg}",
                      roll=roll))
            if not text.startswith("no effect"):
                f["stopped"] = True
            if text.startswith("storm"):
                lost = d6(s)
                s.say(msg("log.storm", power=f"@power.{side}", n=lost))
                f["n"] -= s.remove(arg, side, "GS", lost)
                if f["n"] <= 0:
                    _withdrawal_sunk(s, f)
                    return
        elif point_kind(arg) == "port" and must_stop(s, side, arg):
            f["stopped"] = True
        if not _ways_on(s, f) and point_kind(arg) == "port" and not f["stopped"]:
            _withdrawal_over(s, f)
        return
    if verb == "continue":
        roll = d6(s) + d6(s)
        drm = continuation_row("leader with the fleet") if f["leaders"] else 0
        ok = roll + drm <= data().tables.naval_continuation.continue_on_or_below
        s.mark_irreversible()
        s.say(msg("log.continuation", power=f"@power.{side}", space=f"@space.{here}",
                  roll=roll, mod=drm, result="@word.success" if ok else "@word.failure"))
        if roll == 12:
            f["twelve"] = True          # §11.4.2: no second withdrawal this Activation
        if ok:
            f["stopped"] = False
            if not _ways_on(s, f):
                _withdrawal_over(s, f)
            return
        if point_kind(here) == "dstp":  # §11.2.1: Finished in a DSTP, destroyed
            s.say(msg("log.fleet_lost", power=f"@power.{side}", space=f"@space.{here}",
                      n=f["n"]))
            s.remove(here, side, "GS", f["n"])
            _withdrawal_sunk(s, f)
            return
    _withdrawal_over(s, f)


def _ways_on(s: PRState, f: Frame) -> bool:
    """Whether the withdrawing fleet may sail on: freely, or by asking leave (§11.4.2)."""
    return bool(withdrawal_targets(s, f) or passage_targets(s, f))


def _ask_passage(s: PRState, f: Frame, point: str) -> None:
    """§11.4.2: ask the next player whose fleet lies at ``point``; with everyone's leave the
    withdrawing fleet sails in."""
    from games.pax_romana.movement import controller_of
    owners = _unasked(s, f, point)
    if not owners:
        _withdrawing(s, f, "naval_withdraw_to", point)
        return
    push(s, "naval_passage", role=controller_of(s, owners[0]), side=owners[0], point=point,
         withdrawing=f["side"])


def _withdrawal_frame(s: PRState) -> Frame:
    return next(x for x in reversed(s.flow)
                if x["k"] == "naval_contact" and x.get("stage") == "withdrawing")


@question("naval_passage",
          lambda s, f: [opt("allow_passage", None, "choice.allow_passage"),
                        opt("refuse_passage", None, "choice.refuse_passage")],
          lambda s, f: msg("prompt.naval_passage", who=f"@power.{f['role']}",
                           army=f"@power.{f['withdrawing']}", space=f"@space.{f['point']}"))
def naval_passage(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§11.4.2: "unless that player allows it": the player whose fleet lies where a withdrawing
    fleet would go lets it in or not (an open answer)."""
    pop(s, f)
    w = _withdrawal_frame(s)
    if verb == "refuse_passage":
        w.setdefault("refused", []).append(f["point"])
        s.say(msg("log.passage_refused", power=f"@power.{f['side']}",
                  space=f"@space.{f['point']}"))
        _no_way_left(s, w)
        return
    w.setdefault("allowed", []).append(f["side"])
    _ask_passage(s, w, f["point"])


def _no_way_left(s: PRState, f: Frame) -> None:
    """§11.4.2 when a refusal leaves the withdrawing fleet no way on: still where the battle
    would be, it has not withdrawn, and its player fights or lets the mover pass after all;
    in a port it may end there (its own choice); in an NTP its withdrawal ends there, as a
    fleet may end its move in one (§11.1.5); in a DSTP, where no fleet may end its move, it is
    lost with its leaders (§11.2.1)."""
    if _ways_on(s, f):
        return
    side, at = f["side"], f["at"]
    if at == f["space"]:
        for key in ("stage", "at", "path", "stopped", "twelve", "n", "leaders", "allowed"):
            f.pop(key, None)
        s.say(msg("log.no_way_out", power=f"@power.{side}", space=f"@space.{at}"))
        return
    kind = point_kind(at)
    if kind == "port":
        return
    if kind == "dstp":
        s.say(msg("log.fleet_lost", power=f"@power.{side}", space=f"@space.{at}", n=f["n"]))
        s.remove(at, side, "GS", f["n"])
        _withdrawal_sunk(s, f)
        return
    s.say(msg("log.withdrawal_ends", power=f"@power.{side}", space=f"@space.{at}"))
    _withdrawal_over(s, f)


def _withdrawal_sunk(s: PRState, f: Frame) -> None:
    for lid in f["leaders"]:
        if lid in s.leaders:
            kill_leader(s, lid)
    f["leaders"] = []
    _withdrawal_over(s, f)


def _withdrawal_over(s: PRState, f: Frame) -> None:
    """The withdrawal ends; the mover Stops with +1 to its Continuation (§11.4.2)."""
    pop(s, f)
    if f.get("twelve"):
        s.finished.append(_no_withdrawal_key(f["at"], f["side"]))
    _stop_mover(s, f, continuation_row("enemy fleet withdrew before naval battle"))


def nearest_port(s: PRState, power: str, start: str) -> str | None:
    """The nearest friendly port free of enemy galleys (§11.4.4), by sea links."""
    d = data()
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for pt in frontier:
            for nb in sorted(d.sea_neighbours(pt)):
                if nb in seen:
                    continue
                seen.add(nb)
                if (point_kind(nb) == "port" and space_controller(s, nb) == power
                        and not _enemy_galleys(s, power, nb)):
                    return nb
                nxt.append(nb)
        frontier = nxt
    return None


def naval_strength(s: PRState, owner: str, n: int, leader: bool, roll: int) -> int:
    return roll + n * galley_bp(s, owner) + (1 if leader else 0)


def _naval_clash(s: PRState, power: str, at: str, n: int, leader: bool,
                 enemy: str, enemy_at: str | None = None) -> tuple[str, int]:
    """§11.4.3-11.4.4: 1d6 + 2 BP a galley + 1 with a leader on each side; the loser sinks
    galleys worth the difference (rounded up to whole galleys), the winner one galley on an odd
    1d6. The enemy's side is settled here (a beaten Power's fleet makes for its nearest
    friendly port free of enemy galleys); returns the mover's result ("won", "lost", "draw")
    and the galleys it loses. ``enemy_at``: where the enemy's fleet lies when it is not at the
    battle's point (card 24's ambushing fleet, ambiguity A6): its losses are taken there and,
    beaten, it stays there."""
    home = at if enemy_at is None else enemy_at
    theirs = s.stack(home, enemy).get("GS", 0)
    their_leader = bool(s.leaders_at(home, enemy))
    mine_roll, their_roll = d6(s), d6(s)
    mine = naval_strength(s, power, n, leader, mine_roll)
    them = naval_strength(s, enemy, theirs, their_leader, their_roll)
    s.mark_irreversible()
    s.say(msg("log.naval_battle", space=f"@space.{at}", att=f"@power.{power}",
              dfd=f"@power.{enemy}", a=mine, d=them))
    if mine == them:
        return "draw", 0
    diff = abs(mine - them)
    sunk = math.ceil(diff / galley_bp(s, enemy if mine > them else power))
    winner_loss = 1 if d6(s) % 2 else 0
    if mine < them:
        s.remove(home, enemy, "GS", winner_loss)
        return "lost", sunk
    s.remove(home, enemy, "GS", sunk)
    left = s.stack(home, enemy).get("GS", 0)
    if not left:
        for lid in s.leaders_at(home, enemy):
            kill_leader(s, lid)
    elif enemy in s.powers and home == at:
        port = nearest_port(s, enemy, at)
        s.remove(at, enemy, "GS", left)
        if port is not None:
            s.add(port, enemy, "GS", left)
            for lid in s.leaders_at(at, enemy):
                s.leaders[lid].at = port
        else:
            for lid in s.leaders_at(at, enemy):
                kill_leader(s, lid)
    return "won", winner_loss


def naval_battle(s: PRState, f: Frame, enemy: str) -> None:
    """§11.4.3-11.4.5: the battle of a moving fleet: beaten, it makes for the nearest friendly
    port free of enemy galleys, its move Finished; winning, it Stops with +2 to Continuation; a
    draw costs nothing and Stops it."""
    outcome, lost = _naval_clash(s, f["role"], f["at"], f["n"], bool(f["leaders"]), enemy)
    f["stopped"] = True
    if outcome == "draw":
        f["drew"] = True
        return
    sink(s, f, lost)
    if f["n"] <= 0:
        pop(s, f)
        return
    if outcome == "won":
        f["drm"] = continuation_row("fleet won a naval battle")
        return
    port = nearest_port(s, f["role"], f["at"])
    if port is None:
        sink(s, f, f["n"])
        pop(s, f)
        return
    _move_galleys(s, f, f["at"], port)
    f["at"] = port
    _finish(s, f)


def transport_battle(s: PRState, m: Frame, enemy: str, enemy_at: str | None = None) -> None:
    """§11.4.6: a Naval Transport in a naval battle. Without galleys it is destroyed, army and
    leaders. With them it fights as a fleet, and the army loses 2 BP of land units for each
    galley lost, everything if the last galley goes. Beaten, it makes for the nearest friendly
    port free of enemy galleys, its voyage over, and the army must land there (1 MP, §11.4.4);
    winning, it Stops with +2 to Continuation. ``enemy_at``: where the enemy fleet lies if not
    at the transport (card 24, Naval Ambush, ambiguity A6)."""
    sea, at, power, owner = m["sea"], m["at"], m["role"], m["owner"]
    if not sea["galleys"]:
        s.mark_irreversible()
        _lost_at_sea(s, m)
        return
    outcome, lost = _naval_clash(s, power, at, sea["galleys"], bool(m["leaders"]), enemy,
                                 enemy_at)
    sea["stopped"] = True
    if outcome == "draw":
        sea["drew"] = True              # §11.4.5: fought again if it moves on
        return
    lost = s.remove(at, power, "GS", min(lost, sea["galleys"]))
    sea["galleys"] -= lost
    if lost and not sea["galleys"]:
        _lost_at_sea(s, m)
        return
    if lost:
        from games.pax_romana.independents import joint_sea_losses
        if joint_sea_losses(s, m, TRANSPORT_BP_PER_GALLEY * lost, battle=outcome):  # §17.2
            return
        from games.pax_romana.battle import ask_losses, take_losses
        need = TRANSPORT_BP_PER_GALLEY * lost
        # §10.3.2, §10.6: the army's player chooses the units, as after a land battle
        if ask_losses(s, at, owner, need, "sea_losses_over", battle=outcome, bp=need):
            return
        take_losses(s, at, owner, need)
        sea_losses_taken(s, m, outcome, need)
        return
    transport_battle_over(s, m, outcome)


def sea_losses_taken(s: PRState, m: Frame, battle: str | None, need: int) -> None:
    """The transported army's losses at sea are taken (§11.2.1, §11.4.6): with no unit left
    after a Storm (``battle`` None), or no land combat unit after a naval battle, the transport
    is lost; a naval battle goes on to its result (``transport_battle_over``)."""
    at, owner = m["at"], m["owner"]
    m["units"] = {k: n for k, n in s.stack(at, owner).items() if k != "GS"}
    if battle is None:
        if not m["units"]:
            _lost_at_sea(s, m)
        return
    s.say(msg("log.transport_losses", power=f"@power.{owner}", space=f"@space.{at}", n=need))
    if not any(k in LCU_TYPES for k in m["units"]):
        _lost_at_sea(s, m)
        return
    transport_battle_over(s, m, battle)


@step("sea_losses_over")
def sea_losses_over(s: PRState, f: Frame) -> None:
    """The transported army's player has chosen its losses at sea: the transport goes on."""
    from games.pax_romana.movement import move_frame
    pop(s, f)
    m = move_frame(s)
    if m is not None and m.get("sea") is not None:
        sea_losses_taken(s, m, f["battle"], f["bp"])


def transport_battle_over(s: PRState, m: Frame, outcome: str) -> None:
    """§11.4.4, the army's losses taken: the winning transport Stops with +2 to Continuation;
    the beaten one makes for the nearest friendly port free of enemy galleys, where the army
    must land."""
    sea, at, power, owner = m["sea"], m["at"], m["role"], m["owner"]
    if outcome == "won":
        sea["drm"] = continuation_row("fleet won a naval battle")
        return
    port = nearest_port(s, power, at)
    if port is None:
        _lost_at_sea(s, m)
        return
    _carry(s, m, at, port)
    sea["must_land"] = True
    s.say(msg("log.transport_beaten", power=f"@power.{owner}", space=f"@space.{port}"))


TRANSPORT_BP_PER_GALLEY = 2      # §11.4.6: 2 BP of the army for each galley lost, whatever BP


# -- naval transport and amphibious assault (§11.3), inside the army's move (movement.py) ------------
TRANSPORT_VERBS = frozenset({"embark", "sail_to", "land", "continue_voyage", "return_to_port",
                             "naval_attack", "pick_up_at_sea", "pick_up_galleys", "drop_at_sea",
                             "drop_galley"})


def transport_cost(what: str) -> int:
    """The Naval Transport costs in MP: embark, voyage (any distance), disembark (§11.3.1)."""
    return int(data().tables.naval_transport.costs[what])


def embarks(owner: str) -> bool:
    """Whether ``owner``'s armies ever take ship: never barbarians (§13.4.2) or slaves
    (§12.7.3)."""
    return owner not in ("barbarian", "slaves")


def may_embark(s: PRState, f: Frame) -> bool:
    """§11.3.1-11.3.2: in a port without enemy galleys, with the MP to embark, sail and land;
    never barbarians (§13.4.2) or slaves (§12.7.3), nor militia, who stay at home (§12.3.3)."""
    at = f["at"]
    if at not in data().ports or not embarks(f["owner"]) or "ML" in f["units"]:
        return False
    if not f["units"] or _enemy_galleys(s, f["role"], at):
        return False
    need = transport_cost("embark") + transport_cost("voyage") + transport_cost("disembark")
    return f["mp"] >= need


def assault_reserve() -> int:
    """§11.3.6: the MP a transport needs to enter an enemy-held port: land and attack, and land
    elsewhere should the assault fail (3)."""
    from games.pax_romana.movement import mp_cost
    return 2 * transport_cost("disembark") + mp_cost("attack")


def _hostile(s: PRState, f: Frame, point: str) -> bool:
    from games.pax_romana.movement import hostile
    return point in data().spaces and bool(hostile(s, point, f["owner"]))


def landing_cost(s: PRState, f: Frame) -> int | None:
    """Disembarking costs 1 MP; into enemies it is an Amphibious Assault, +1 to attack, allowed
    only with the MP to land elsewhere if it fails (§11.3.3-11.3.4). A transport that failed
    Continuation in an enemy port must land and assault whatever its MP (§11.1.5); one at sea
    may always land in a port free of enemies."""
    at, sea = f["at"], f["sea"]
    if point_kind(at) != "port":
        return None
    cost = transport_cost("disembark")
    if _hostile(s, f, at):
        from games.pax_romana.movement import mp_cost
        cost += mp_cost("attack")
        if sea.get("must_land"):
            return min(cost, f["mp"])
        if f["mp"] < cost + transport_cost("disembark") or not any(
                k in LCU_TYPES for k in f["units"]):
            return None
        return cost
    return min(cost, f["mp"])


def transport_choices(s: PRState, f: Frame) -> list[Choice]:
    sea = f["sea"]
    land = landing_cost(s, f)
    landing = [] if land is None else [opt("land", None, "choice.land",
                                           space=f"@space.{f['at']}", n=land)]
    if sea.get("must_land"):
        return landing or [opt("land", None, "choice.land", space=f"@space.{f['at']}", n=0)]
    chores = sea_chores(s, f)
    if sea["stopped"]:
        return [opt("continue_voyage", None, "choice.continuation")] + landing + chores
    back = sea["path"][-2] if len(sea["path"]) > 1 else None
    from games.pax_romana.rebellions import sea_closed
    reachable = [p for p in sorted(data().sea_neighbours(f["at"]))
                 if not sea_closed(s, f["role"], p)
                 and rhodes_toll(s, f["role"], p) <= s.powers[f["role"]].treasury
                 and not (_hostile(s, f, p) and f["mp"] - (
                     0 if sea["paid"] else transport_cost("voyage")) < assault_reserve())]
    ahead = [p for p in reachable if p != back] or reachable
    options = [opt("sail_to", p, "choice.sail_to", space=f"@space.{p}") for p in ahead]
    if may_attack_after_draw(s, f):
        options.insert(0, opt("naval_attack", None, "choice.naval_attack",
                              space=f"@space.{f['at']}"))
    if not options and not landing:
        landing = [opt("return_to_port", None, "choice.return_to_port")]
    return paged(f, f["role"], options + chores, landing)


def may_attack_after_draw(s: PRState, f: Frame) -> bool:
    """§11.4.5: a transport moving on after a draw may start a naval battle with the enemy
    fleet still there, as a fleet of galleys may, before it sails on; not one without galleys,
    which could only be destroyed in it (§11.3.1, §11.4.6)."""
    sea = f["sea"]
    return bool(sea.get("may_attack") and sea["galleys"] > 0
                and enemy_galleys(s, f["role"], f["at"]))


def _port_units(s: PRState, f: Frame) -> dict[str, int]:
    """The land units waiting in the port the transport is in, free to move (§9.1.4)."""
    from games.pax_romana.activation import movable
    if point_kind(f["at"]) != "port" or f["at"] not in data().spaces:
        return {}
    return {k: n for k, n in movable(s, f["owner"], f["at"]).items()
            if k not in ("GS", "ML") and n > f["units"].get(k, 0)}


def _spare_galleys(s: PRState, f: Frame) -> int:
    if f.get("successor"):              # card 36: the Successor army sails unescorted
        return 0
    return s.stack(f["at"], f["role"]).get("GS", 0) - f["sea"]["galleys"]


def sea_chores(s: PRState, f: Frame) -> list[Choice]:
    """§11.3.2 on the way, without landing or Stopping: pick up the land units waiting in a
    port (1 MP) or its galleys (0 MP); drop off one land unit in a port free of enemies (0 MP;
    more than one is a landing) or any galleys (0 MP, not in a DSTP)."""
    sea, at = f["sea"], f["at"]
    out = []
    waiting = _port_units(s, f)
    if waiting and f["mp"] >= PICK_UP_MP:
        out.append(opt("pick_up_at_sea", None, "choice.pick_up",
                       n=sum(n - f["units"].get(k, 0) for k, n in waiting.items())))
    spare = _spare_galleys(s, f)
    if spare > 0 and point_kind(at) == "port":
        out.append(opt("pick_up_galleys", None, "choice.pick_up_galleys", n=spare))
    if (point_kind(at) == "port" and at not in sea.get("dropped", [])
            and sum(f["units"].values()) + bool(f.get("with")) > 1 and not _hostile(s, f, at)):
        out += [opt("drop_at_sea", k, "choice.drop_unit", unit=f"@unit.{k}")
                for k in sorted(f["units"]) if k != "EL" and sum(f["units"].values()) > 1]
        # §17.2: the partner's units of a joint Pergamene army, one at a time as well (the
        # moving side's own units stay)
        out += [opt("drop_at_sea", f"{o}|{k}", "choice.drop_partner_unit", unit=f"@unit.{k}",
                    who=f"@power.{o}")
                for o, st in sorted(f.get("with", {}).items()) for k in sorted(st) if k != "EL"]
    if sea["galleys"] > 0 and point_kind(at) != "dstp":
        out.append(opt("drop_galley", None, "choice.drop_galley"))
    return out


PICK_UP_MP = 1                   # §9.2.1: picking up friendly units


def take_one_off(f: Frame, arg: Any) -> tuple[str, str]:
    """One unit left behind by a moving army, by land or at sea: ``kind``, or ``who|kind`` for
    a joint army's partner (§17.2), taken off the move's record; a partner left with nothing
    drops out. Returns the unit's owner and kind."""
    owner = f["owner"]
    who, kind = str(arg).split("|") if "|" in str(arg) else (owner, str(arg))
    aboard = f["units"] if who == owner else f["with"][who]
    aboard[kind] -= 1
    if not aboard[kind]:
        del aboard[kind]
    if who != owner and not aboard:
        del f["with"][who]
    return who, kind


def sea_chore(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    sea, at, owner = f["sea"], f["at"], f["owner"]
    if verb == "pick_up_at_sea":
        f["mp"] -= PICK_UP_MP
        for kind, n in _port_units(s, f).items():
            f["units"][kind] = n
        for lid in s.leaders_at(at, owner):
            if lid not in f["leaders"]:
                f["leaders"].append(lid)
    elif verb == "pick_up_galleys":
        sea["galleys"] += _spare_galleys(s, f)
    elif verb == "drop_galley":
        sea["galleys"] -= 1
    else:
        owner, arg = take_one_off(f, arg)
        sea.setdefault("dropped", []).append(at)
        key = f"{at}|{owner}"
        s.moved.setdefault(key, {})
        s.moved[key][arg] = s.moved[key].get(arg, 0) + 1
        s.say(msg("log.dropped", power=f"@power.{owner}", unit=f"@unit.{arg}",
                  space=f"@space.{at}"))


def _carry(s: PRState, f: Frame, here: str, there: str) -> None:
    from games.pax_romana.movement import shift_army
    f["units"] = shift_army(s, f["owner"], f["units"], f["leaders"], here, there)
    for o, st in f.get("with", {}).items():     # §17.2: the Pergamenes or their ally aboard
        f["with"][o] = shift_army(s, o, st, [], here, there)
    sea = f["sea"]
    took = s.remove(here, f["role"], "GS", sea["galleys"])
    s.add(there, f["role"], "GS", took)
    sea["galleys"] = took
    f["at"] = there
    sea["path"].append(there)


def _lost_at_sea(s: PRState, f: Frame) -> None:
    """Everything aboard goes down, leaders too (§11.2.1, §8.4.3)."""
    at = f["at"]
    for o in (f["owner"], *f.get("with", {})):
        for kind in list(s.stack(at, o)):
            if o == f["owner"] or kind != "GS":
                s.remove(at, o, kind, 99)
    f.pop("with", None)
    s.remove(at, f["role"], "GS", f["sea"]["galleys"])
    for lid in f["leaders"]:
        if lid in s.leaders:
            kill_leader(s, lid)
    s.say(msg("log.transport_lost", power=f"@power.{f['owner']}", space=f"@space.{at}"))
    from games.pax_romana.cards.hooks import armies_lost  # §17.2 the Helepolis (Advanced Game)
    armies_lost(s)
    pop(s, f)


def _back_to_port(s: PRState, f: Frame) -> None:
    """The voyage ends in the last port passed (pirates not beaten, §12.6.3; and, in this engine,
    a transport whose Continuation fails in an NTP, which no army may stay in)."""
    from games.pax_romana.movement import finish_move
    ports = [p for p in f["sea"]["path"] if point_kind(p) == "port"]
    _carry(s, f, f["at"], ports[-1])
    f["stage"] = "move"
    f["sea"] = None
    f["mp"] = 0
    finish_move(s, f)


def transport_act(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§11.3: embark (1 MP), a voyage of any length (1 MP) with the Naval Disaster rolls and the
    Stops of a fleet, land (1 MP) or assault (§11.3.3)."""
    power = f["role"]
    if verb == "embark":
        f["mp"] -= transport_cost("embark")
        f["stage"] = "sea"
        escort = 0 if f.get("successor") else s.stack(f["at"], power).get("GS", 0)  # card 36
        f["sea"] = {"galleys": escort, "paid": False,
                    "stopped": False, "path": [f["at"]]}
        s.say(msg("log.embark", power=f"@power.{f['owner']}", space=f"@space.{f['at']}",
                  n=f["sea"]["galleys"]))
        return
    sea = f["sea"]
    if verb in ("pick_up_at_sea", "pick_up_galleys", "drop_at_sea", "drop_galley"):
        sea_chore(s, f, verb, arg)
        return
    if verb == "return_to_port":
        _back_to_port(s, f)
        return
    if verb == "naval_attack":          # §11.4.5: the Active transport starts the battle
        sea.pop("may_attack", None)
        transport_battle(s, f, enemy_galleys(s, power, f["at"])[0])
        return
    if verb == "sail_to":
        sea.pop("may_attack", None)
        if not sea["paid"]:
            f["mp"] -= transport_cost("voyage")
            sea["paid"] = True
        if any(p["at"] == arg for p in s.pirates):
            fleet = {"role": power, "n": sea["galleys"], "leaders": f["leaders"]}
            if not sea["galleys"] or not clear_pirates(s, fleet, arg):
                _back_to_port(s, f)
                return
        here = f["at"]
        pay_rhodes(s, power, arg)
        _carry(s, f, here, arg)
        s.last_move = {"power": power, "path": list(sea["path"]), "kind": "sea",
                       "battle": None}
        s.say(msg("log.sail", power=f"@power.{f['owner']}", start=f"@space.{here}",
                  space=f"@space.{arg}"))
        # §11.4.1, §11.4.6: an enemy fleet there may fight, withdraw or let the transport pass
        enemy = _transport_contact(s, f, arg)
        from games.pax_romana.cards.hooks import sailed  # §17.2 Naval Ambush (Advanced)
        sailed(s, f, arg)
        if enemy is not None:
            # §11.2.1 before §11.4: a Storm's losses (the question of a joint army's, too) are
            # taken before the battle with a fleet nobody commands, fought once they are
            push(s, "transport_meets_fleet", space=arg, enemy=enemy)
        if point_kind(arg) in ("ntp", "dstp"):
            _transport_disaster(s, f)
        if enemy is not None or not any(x is f for x in s.flow):
            return
        if point_kind(arg) in ("ntp", "dstp"):
            return
        # §11.1.2 judged from the army's side: the Successor army of card 36 (§17.2) is not the
        # drawer's, and its home is Greece
        side = f["owner"] if f.get("successor") else power
        if must_stop(s, side, arg) or _hostile(s, f, arg):
            sea["stopped"] = True
        return
    if verb == "continue_voyage":
        roll = d6(s) + d6(s)
        drm = continuation_row("leader with the fleet") if f["leaders"] else 0
        drm += sea.pop("drm", 0)          # §11.1.4: after a naval battle or a withdrawal
        ok = roll + drm <= data().tables.naval_continuation.continue_on_or_below
        s.mark_irreversible()
        s.say(msg("log.continuation", power=f"@power.{f['owner']}", space=f"@space.{f['at']}",
                  roll=roll, mod=drm, result="@word.success" if ok else "@word.failure"))
        if ok:
            sea["stopped"] = False
            if sea.pop("drew", None):   # §11.4.5: moving on after a draw, it may be fought again
                sea["may_attack"] = True    # and may itself start the battle
                enemy = _transport_contact(s, f, f["at"])
                if enemy is not None:
                    transport_battle(s, f, enemy)
        elif point_kind(f["at"]) == "dstp":
            _lost_at_sea(s, f)
        elif point_kind(f["at"]) == "ntp":
            _back_to_port(s, f)
        else:
            sea["must_land"] = True       # §11.1.5, §11.3.2: unload, assault if need be
        return
    # land
    from games.pax_romana.movement import move_frame
    cost = landing_cost(s, f)
    f["mp"] = max(0, f["mp"] - (cost or 0))
    at = f["at"]
    came_from = sea["path"][-2] if len(sea["path"]) > 1 else at
    f["saved_sea"] = dict(sea, stopped=False, must_land=False)
    f["stage"] = "move"
    f["sea"] = None
    f["path"] = f.get("path", [f["start"]]) + [at]
    f["from"] = came_from
    key = f"{at}|{f['owner']}"
    s.moved.setdefault(key, {})
    for kind, n in f["units"].items():
        s.moved[key][kind] = s.moved[key].get(kind, 0) + n
    attack = _hostile(s, f, at)
    f["amphibious_at"] = at if attack else None
    s.say(msg("log.disembark", power=f"@power.{f['owner']}", space=f"@space.{at}"))
    assert move_frame(s) is f
    push(s, "entry", space=at, came_from=came_from, owner=f["owner"], role=power, asked=[],
         attack=attack)


@step("transport_meets_fleet")
def transport_meets_fleet(s: PRState, f: Frame) -> None:
    """The battle of a transport with the fleet nobody commands at the point it entered
    (§11.4.1, §11.4.6), once the Naval Disaster there is settled (§11.2.1): not if the
    transport is gone, nor if that fleet is."""
    from games.pax_romana.movement import move_frame
    pop(s, f)
    m = move_frame(s)
    if (m is None or m.get("sea") is None or m["at"] != f["space"]
            or not s.stack(f["space"], f["enemy"]).get("GS")):
        return
    transport_battle(s, m, f["enemy"])


def _transport_contact(s: PRState, f: Frame, point: str) -> str | None:
    """An enemy fleet at ``point`` meets the transport (§11.4.1, §11.4.6): its player is asked
    to fight, withdraw or let it pass; a fleet nobody commands is returned, to fight."""
    from games.pax_romana.movement import controller_of
    power = f["role"]
    enemy = next(iter(enemy_galleys(s, power, point)), None)
    who = controller_of(s, enemy) if enemy is not None else None
    if enemy is not None and who is not None and who != power:
        # the army met is named by its side: the Successor army of card 36 is not its drawer's
        mover = f["owner"] if f.get("successor") else power
        push(s, "naval_contact", role=who, side=enemy, space=point, mover=mover,
             transport=True)
        return None
    return enemy


def _transport_disaster(s: PRState, f: Frame) -> None:
    """§11.2.1 for a transport: Off Course stops it; a Storm sinks 1d6 galleys and as many BP
    of the army, everything if more than its galleys (a transport without galleys always)."""
    from games.pax_romana.battle import ask_losses, take_losses
    kind = point_kind(f["at"])
    roll = d6(s)
    text = data().tables.naval_disaster.result(kind, roll).lower()
    s.say(msg("log.naval_disaster", power=f"@power.{f['owner']}", space=f"@space.{f['at']}",
              roll=roll))
    if text.startswith("no effect"):
        return
    f["sea"]["stopped"] = True
    if text.startswith("storm"):
        lost = d6(s)
        s.say(msg("log.storm", power=f"@power.{f['role']}", n=lost))
        if lost > f["sea"]["galleys"]:
            _lost_at_sea(s, f)
            return
        s.remove(f["at"], f["role"], "GS", lost)
        f["sea"]["galleys"] -= lost
        from games.pax_romana.independents import joint_sea_losses
        if joint_sea_losses(s, f, lost):       # §17.2: a joint Pergamene army's losses
            return
        # §10.3.2, §10.6: the army's player chooses which BP go down with the galleys
        if ask_losses(s, f["at"], f["owner"], lost, "sea_losses_over", battle=None, bp=lost):
            return
        take_losses(s, f["at"], f["owner"], lost)
        sea_losses_taken(s, f, None, lost)


texts.extend({
    "en": {
        "prompt.naval_contact_transport": "{who}: the transport of {army} (an army aboard its "
                                          "galleys) enters {space} where your fleet lies: fight "
                                          "it, withdraw, or let it pass?",
        "prompt.naval_withdrawal": "{who}: your fleet withdrawing from {space} before the naval "
                                   "battle is at {at}: sail on ({n} sea links left, to a port), "
                                   "or end there?",
        "prompt.naval_withdrawal_stopped": "{who}: your fleet withdrawing from {space} has "
                                           "Stopped at {at}: roll for Continuation, or end "
                                           "there?",
        "choice.naval_withdraw_stop": "End the withdrawal here",
        "choice.pick_up_galleys": "Take the {n} galleys here along (0 MP)",
        "choice.drop_galley": "Leave one galley here (0 MP)",
        "choice.fleet_pick_up": "Pick up the {n} land units here: Naval Transport (MP roll - 1)",
        "log.fleet_picks_up": "{power}'s fleet picks up {n} land units at {space}: {mp} MP.",
        "log.transport_losses": "{power}'s army aboard at {space} loses {n} BP with its "
                                "galleys.",
        "log.transport_beaten": "{power}'s beaten transport makes for {space}, where the army "
                                "must land.",
        "choice.naval_withdraw_ask": "Ask leave to sail into {space}, past the fleet there",
        "choice.naval_attack": "Attack the enemy fleet at {space} (naval battle)",
        "prompt.naval_passage": "{who}: the fleet of {army}, withdrawing before a naval battle, "
                                "asks to sail into {space}, where your fleet lies: let it in?",
        "choice.allow_passage": "Let it in",
        "choice.refuse_passage": "Refuse",
        "log.passage_refused": "{power} does not let the withdrawing fleet into {space}.",
        "log.no_way_out": "{power}'s fleet has no way out of {space} but the one refused: it "
                          "does not withdraw.",
        "log.withdrawal_ends": "{power}'s withdrawing fleet, refused the way on, ends its "
                               "withdrawal at {space}.",
    },
    "ru": {
        "prompt.naval_contact_transport": "{who}: транспорт {army:gen} (армия на галерах) входит "
                                          "в {space:acc}, где стоит ваш флот: сражаться, уйти или "
                                          "пропустить?",
        "prompt.naval_withdrawal": "{who}: ваш флот, уходящий из {space:gen} перед морским боем, "
                                   "в {at:loc}: плыть дальше (осталось морских связей: {n}, до "
                                   "порта) или закончить здесь?",
        "prompt.naval_withdrawal_stopped": "{who}: ваш флот, уходящий из {space:gen}, "
                                           "остановился в {at:loc}: бросок на продолжение или "
                                           "закончить здесь?",
        "choice.naval_withdraw_stop": "Закончить отход здесь",
        "choice.pick_up_galleys": "Взять с собой галеры здесь: {n} (0 ОД)",
        "choice.drop_galley": "Оставить здесь одну галеру (0 ОД)",
        "choice.fleet_pick_up": "Забрать сухопутные отряды здесь ({n}): морской транспорт "
                                "(бросок ОД - 1)",
        "log.fleet_picks_up": "{power}: флот забирает в {space:loc} сухопутных отрядов: {n}; ОД: "
                              "{mp}.",
        "log.transport_losses": "{power}: армия на кораблях в {space:loc} теряет с галерами {n} "
                                "ОБ.",
        "log.transport_beaten": "{power}: разбитый транспорт уходит в {space:acc}, где армия "
                                "должна высадиться.",
        "choice.naval_withdraw_ask": "Просить разрешения войти в {space:acc}, мимо стоящего там "
                                     "флота",
        "choice.naval_attack": "Атаковать вражеский флот в {space:loc} (морской бой)",
        "prompt.naval_passage": "{who}: флот {army:gen}, уходящий перед морским боем, просит "
                                "войти в {space:acc}, где стоит ваш флот: пропустить?",
        "choice.allow_passage": "Пропустить",
        "choice.refuse_passage": "Отказать",
        "log.passage_refused": "{power} не пускает уходящий флот в {space:acc}.",
        "log.no_way_out": "{power}: флоту некуда уйти из {space:gen}, кроме пути, в котором "
                          "отказано: отхода нет.",
        "log.withdrawal_ends": "{power}: уходящему флоту отказано в пути дальше, его отход "
                               "заканчивается в {space:loc}.",
    },
})
