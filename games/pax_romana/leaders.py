"""Leaders (§8): the Removal Phase that takes them off the map with the units that leave at the
turn's end (§3.2 C), the Leader Selection Phase with its blind draw and secret placement revealed
together (§8.1, §8.3), the ratings (§8.2)."""

from __future__ import annotations

from typing import Any

from games.core import Choice, msg
from games.pax_romana.control import data, occupants, space_controller
from games.pax_romana.flow import Frame, opt, paged, phase, turn_page
from games.pax_romana.plans import Plan, PlanKind, confirm_choice, plan_kind, start_plan
from games.pax_romana.state import LCU_TYPES, LeaderState, PRState


def rating(leader_id: str) -> tuple[int, int]:
    """(Tactics, Campaign) (§8.2.1)."""
    ld = data().leader(leader_id)
    return ld.tactics, ld.campaign


def is_exceptional(leader_id: str) -> bool:
    return bool(getattr(data().leader(leader_id), "exceptional", False))


# -- Removal (§3.2 C) ---------------------------------------------------------------------------------
@phase("C")
def removal_phase(s: PRState) -> None:
    """§3.2 C: every leader returns to its pool; militia (§12.3.3), Mercenary HI and LI (Mercenary
    Cavalry becomes Cavalry, §12.2.6), the Soldiers of Fortune (§12.4.6) and invasion armies
    (§13.4) leave in the Removal Phase of the turn after they came. Tribes, Tribal Warriors,
    Independents and rebellion armies stay."""
    for lid in sorted(s.leaders):
        ls = s.leaders[lid]
        if ls.owner in s.powers:
            del s.leaders[lid]
            s.powers[ls.owner].pool.append(lid)
    for power in s.roles:
        if s.militia_turn.get(power, s.turn) < s.turn:
            for sp in s.spaces_of_owner(power):
                s.remove(sp, power, "ML", 99)
            s.militia_turn.pop(power, None)
        if s.mercenary_turn.get(power, s.turn) < s.turn:
            for sp in s.spaces_of_owner(power):
                s.remove(sp, power, "MHI", 99)
                s.remove(sp, power, "MLI", 99)
                # the Advanced Game's Mercenary Cavalry stays as regular Cavalry (§12.2.6)
                s.add(sp, power, "CV", s.remove(sp, power, "MCV", 99))
            s.mercenary_turn.pop(power, None)
    if s.sof is not None and s.sof.get("removal_turn", 0) <= s.turn:
        for sp in s.spaces_of_owner("sof"):
            s.units[sp].pop("sof", None)
            if not s.units[sp]:
                del s.units[sp]
        for lid in [x for x, ls in s.leaders.items() if ls.owner == "sof"]:
            del s.leaders[lid]
        s.sof = None
        s.say(msg("log.sof_removed"))
    keep = []
    for army in s.barbarian_armies:
        if army.get("removal_turn", 99) <= s.turn:
            s.remove(army["at"], "barbarian", "BR", 99)
            s.remove(army["at"], "barbarian", "BC", 99)
            s.leaders.pop(army.get("leader", ""), None)
        else:
            keep.append(army)
    s.barbarian_armies = keep
    s.say(msg("log.removal"))
    # §15.4.7: a Power may discard any of its Optional Objectives, unseen
    start_plan(s, "discard", [r for r in s.roles
                              if any(x not in s.powers[r].objectives_shown
                                     for x in s.powers[r].objectives)])


def _discard_choices(s: PRState, f: Frame, role: str, plan: Plan) -> list[Choice]:
    p = s.powers[role]
    out = [opt("discard", x, "choice.discard_objective", secret=True, letter=x)
           for x in sorted(set(p.objectives)) if p.objectives.count(x) > plan["out"].count(x)]
    if plan["out"]:
        out.append(opt("undo", None, "choice.undo_plan", secret=True))
    return out + [confirm_choice()]


def _discard_decide(s: PRState, f: Frame, role: str, plan: Plan, verb: str, arg: Any) -> None:
    if verb == "undo":
        plan["out"] = []
    elif verb == "discard":
        plan["out"].append(arg)


def _discard_reveal(s: PRState, f: Frame) -> None:
    for role in f["roles"]:
        p = s.powers[role]
        for x in f["plans"][role]["out"]:
            p.objectives.remove(x)
            if x in p.objectives_shown:
                p.objectives_shown.remove(x)
            s.objective_pool.append(x)
        s.objective_pool.sort()
        if f["plans"][role]["out"]:
            s.say(msg("log.objectives_discarded", power=f"@power.{role}",
                      n=len(f["plans"][role]["out"])))


plan_kind("discard", PlanKind(_discard_choices, _discard_decide, _discard_reveal,
                              "prompt.plan_discard", lambda s, r: {"out": []}))


# -- Leader Selection (§8.1) ----------------------------------------------------------------------
def may_draw(s: PRState, power: str, leader_id: str, drawn: list[str]) -> bool:
    """§8.3: an Exceptional leader is not in play two turns running, and never two at once."""
    if not is_exceptional(leader_id):
        return True
    if s.powers[power].exceptional_turn.get(leader_id, -9) >= s.turn - 1:
        return False
    return not any(is_exceptional(x) for x in drawn)


def draw_leaders(s: PRState, power: str, n: int) -> list[str]:
    """Draw ``n`` leaders blind from ``power``'s pool (§8.1.2)."""
    p = s.powers[power]
    drawn: list[str] = []
    for _ in range(n):
        options = sorted(x for x in p.pool if may_draw(s, power, x, drawn))
        if not options:
            break
        lid = options[s.rng.below(len(options))]
        p.pool.remove(lid)
        drawn.append(lid)
        if is_exceptional(lid):
            p.exceptional_turn[lid] = s.turn
    return drawn


def capital_occupied(s: PRState, power: str) -> bool:
    return not any(space_controller(s, c) == power for c in data().capitals_of(power))


def first_spaces(s: PRState, power: str) -> list[str]:
    """The first leader goes to a capital (§8.1.5), unless the capital is enemy-occupied."""
    if capital_occupied(s, power):
        return second_spaces(s, power)
    return [c for c in data().capitals_of(power) if space_controller(s, c) == power]


def second_spaces(s: PRState, power: str) -> list[str]:
    """Any space with the Power's LCUs, garrisons, cities or settlements (§8.1.5)."""
    out = set()
    for sp in s.spaces_of_owner(power):
        if sp in data().spaces and any(k in LCU_TYPES or k == "GR" for k in s.stack(sp, power)):
            out.add(sp)
    for sp, city in s.cities.items():
        if city.owner == power:
            out.add(sp)
    if not out:
        out.update(c for c in data().capitals_of(power) if not occupants(s, c) - {power})
    return sorted(out)


def _blank(s: PRState, power: str) -> Plan:
    return {"at": []}


def _choices(s: PRState, f: Frame, role: str, plan: Plan) -> list[Choice]:
    drawn = s.powers[role].drawn
    i = len(plan["at"])
    if i >= len(drawn):
        return [opt("undo", None, "choice.undo_plan", secret=True), confirm_choice()]
    spaces = first_spaces(s, role) if i == 0 else second_spaces(s, role)
    options = [opt("place", sp, "choice.leader_to", secret=True, leader=f"@leader.{drawn[i]}",
                   space=f"@space.{sp}") for sp in spaces]
    fixed = [opt("undo", None, "choice.undo_plan", secret=True)] if plan["at"] else []
    if not options:
        # nowhere the rules allow (no capital, no unit, city or settlement): he stays out
        fixed.append(opt("place", "", "choice.leader_out", secret=True,
                         leader=f"@leader.{drawn[i]}"))
    return paged(f, role, options, fixed, secret=True)


def _decide(s: PRState, f: Frame, role: str, plan: Plan, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, role)
    elif verb == "undo":
        plan["at"] = []
    elif verb == "place":
        plan["at"].append(arg)
        f.setdefault("page", {}).pop(role, None)


def _reveal(s: PRState, f: Frame) -> None:
    """Every placement at once (§8.1.5)."""
    for role in f["roles"]:
        p = s.powers[role]
        for lid, sp in zip(p.drawn, f["plans"][role]["at"], strict=False):
            if not sp:
                p.pool.append(lid)
                continue
            s.leaders[lid] = LeaderState(owner=role, at=sp)
            t, c = rating(lid)
            s.say(msg("log.leader_placed", power=f"@power.{role}", leader=f"@leader.{lid}",
                      space=f"@space.{sp}", t=t, c=c))
        p.drawn = []


plan_kind("leaders", PlanKind(_choices, _decide, _reveal, "prompt.plan_leaders", _blank))


def begin_selection(s: PRState, per_power: int = 2) -> None:
    """§8.1: each Power draws its leaders blind (only it learns which) and writes where they
    go; all placements are revealed together."""
    planners = []
    for power in s.roles:
        drawn = draw_leaders(s, power, per_power)
        s.powers[power].drawn = drawn
        if drawn:
            planners.append(power)
            for lid in drawn:
                t, c = rating(lid)
                s.say(msg("log.leader_drawn", leader=f"@leader.{lid}", t=t, c=c), to=power)
    start_plan(s, "leaders", planners)


@phase("D")
def leader_phase(s: PRState) -> None:
    begin_selection(s, data().leader_rules.drawn_per_turn)


def highest_leader(s: PRState, power: str) -> str | None:
    """The highest-ranked leader in play (Tactics + Campaign, §16.2 Disease); ties to the
    better Campaign, then the id (the player's choice in the rules, fixed here)."""
    mine = [lid for lid, ls in s.leaders.items() if ls.owner == power]
    if not mine:
        return None
    return max(sorted(mine), key=lambda x: (sum(rating(x)), rating(x)[1]))


def kill_leader(s: PRState, leader_id: str) -> None:
    """A dead leader's counter goes back to its pool (§8.4.5)."""
    ls = s.leaders.pop(leader_id, None)
    if ls is not None and ls.owner == "successor":    # card 36's Greek army (§17.2)
        ls.owner = "greece"
    if ls is not None and ls.owner in s.powers:
        s.powers[ls.owner].pool.append(leader_id)
