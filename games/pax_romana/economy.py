"""Income and expenses (§6): the Income Phase (§6.1), the Maintenance Phase with its secret plans
(§6.4), forming units and galleys in the Manpower Phase with its secret plans (§6.2-6.3, rebuilding
weakened LG/HI §10.6.6, mercenaries §12.2.2, Optional Objectives bought §15.4.4) and in a Call-Up
action (§3.5.1)."""

from __future__ import annotations

from typing import Any

from games.core import Choice, msg
from games.pax_romana import rebellions
from games.pax_romana.control import (
    controllers,
    data,
    occupants,
    province_map,
    reachable,
    space_controller,
    territory_map,
)
from games.pax_romana.flow import (
    Frame,
    opt,
    paged,
    phase,
    pop,
    push,
    question,
    reset_page,
    turn_page,
)
from games.pax_romana.plans import Plan, PlanKind, confirm_choice, plan_kind, start_plan
from games.pax_romana.stability import cvp_overrun, stability_range
from games.pax_romana.state import MAXMP_TYPES, PRState
from games.pax_romana.texts import extend

FULL_COST = {"LG": 2, "HI": 2, "LI": 1, "CV": 2, "EL": 1, "GS": 2, "MHI": 2}


def unit_cost(kind: str) -> int:
    return int(data().tables.unit_costs.unit(kind).cost_T or 0)


def rebuild_cost() -> int:
    return int(data().tables.unit_costs.unit("rebuild weakened LG/HI").cost_T or 1)


# -- Income (§6.1) ---------------------------------------------------------------------------------
def income_of(s: PRState, power: str, ctrl: dict[str, str | None] | None = None,
              provinces: dict[str, str | None] | None = None) -> int:
    """What ``power`` collects now (§6.1.1): controlled provinces (their coins), territories (+1;
    the Power's own Home Territory too unless the option says otherwise, ambiguity A23), intact
    settlements 1, intact cities 3, damaged cities 1, the Bergidum mine 1 by space control;
    outside the Home Territory only with a LOC (§6.1.5)."""
    d = data()
    ctrl = controllers(s) if ctrl is None else ctrl
    provinces = province_map(s, ctrl) if provinces is None else provinces
    territories = territory_map(provinces)
    home = d.home_territory(power).id
    loc: set[str] | None = None

    def linked(spaces: list[str]) -> bool:
        nonlocal loc
        if loc is None:
            loc = reachable(s, power)
        return any(sp in loc for sp in spaces)

    total = 0
    for pr, c in provinces.items():
        if c != power or rebellions.no_income(s, pr):       # §13.3 Africa
            continue
        prov = d.provinces[pr]
        if prov.territory != home and not linked(
                [sp for sp in d.spaces_of(pr) if ctrl[sp] == power]):
            continue
        total += prov.income
    for t, c in territories.items():
        if c != power:
            continue
        if t == home and not s.options.get("home_territory_income", True):
            continue
        terr = d.territories[t]
        if t != home and not linked([sp for sp in d.spaces_of_territory(t) if ctrl[sp] == power]):
            continue
        total += terr.territory_income
    for sp, city in s.cities.items():
        if city.owner != power or ctrl.get(sp) != power or rebellions.no_income(
                s, d.spaces[sp].province):
            continue
        if d.spaces[sp].territory != home and not linked([sp]):
            continue
        total += city_income(city.kind, city.fp)
    for sp, space in d.spaces.items():
        if space.mine and ctrl.get(sp) == power and (space.territory == home or linked([sp])):
            total += 1
    return total


def city_income(kind: str, fp: int) -> int:
    t = data().tables.cities_and_settlements
    return t.row(kind, "intact" if fp >= full_fp(kind) else "damaged").income_T


def full_fp(kind: str) -> int:
    return 5 if kind == "city" else 2


@phase("A")
def income_phase(s: PRState) -> None:
    """§3.2 A: every Power collects its income (§6.1); objective L is judged here (§15.4.9).
    The Game Turn begins with Rhodes' navy for the Power controlling Rhodes (§12.5.1)."""
    rhodes_navy(s)
    ctrl = controllers(s)
    provinces = province_map(s, ctrl)
    for power in s.roles:
        got = income_of(s, power, ctrl, provinces) if s.options.get("treasury", True) else 0
        s.powers[power].treasury += got
        s.say(msg("log.income", power=f"@power.{power}", n=got,
                  total=s.powers[power].treasury))
    best = max(p.treasury for p in s.powers.values())
    richest = [r for r, p in s.powers.items() if p.treasury == best]
    for r, p in s.powers.items():
        p.richest = len(richest) == 1 and r == richest[0]


def rhodes_navy(s: PRState) -> None:
    """§12.5.1 (Standard): the Power controlling Rhodes starts every Game Turn with 2 Rhodian
    galleys in Rhodes, whatever happened before; it uses them as its own and pays no upkeep
    (they stay Rhodian counters: owner ``rhodes``, used by ``rhodes_user``)."""
    if "rhodes" not in data().spaces:
        return
    if s.options.get("advanced"):       # the Advanced Game: by the Alliance with Rhodes card
        s.rhodes_user = s.allied_independents.get("rhodes")
        return
    holder = space_controller(s, "rhodes")
    s.rhodes_user = holder if holder in s.powers else None
    if s.rhodes_user is None:
        return
    s.remove("rhodes", "rhodes", "GS", 99)
    s.add("rhodes", "rhodes", "GS", data().tables.rhodes.std_galleys_each_turn)
    s.say(msg("log.rhodes", power=f"@power.{holder}"))


# -- Maintenance (§6.4) ------------------------------------------------------------------------------
def maxmp(s: PRState, power: str) -> int:
    return data().tables.manpower_maximums.maximum(power, stability_range(s.powers[power].stability))


def _kept(s: PRState, power: str, plan: Plan, kinds: frozenset[str] | set[str]) -> int:
    disbanded = sum(n for key, n in plan["disband"].items() if key.split("|")[1] in kinds)
    return s.count(power, kinds) - disbanded


def maintenance_cost(s: PRState, power: str, plan: Plan) -> int:
    """1T per galley kept (§6.4.1) and 1T per LG/HI/MHI kept over the Manpower Maximum
    (§6.4.2)."""
    galleys = _kept(s, power, plan, {"GS"})
    heavy = _kept(s, power, plan, MAXMP_TYPES)
    return galleys + max(0, heavy - maxmp(s, power))


def maintenance_ok(s: PRState, power: str, plan: Plan) -> bool:
    if s.options.get("treasury", True) and maintenance_cost(s, power, plan) > s.powers[power].treasury:
        return False
    # §6.4.3: Carthage can never exceed its Manpower Maximum
    return not (power == "carthage" and _kept(s, power, plan, MAXMP_TYPES) > maxmp(s, power))


def _maint_blank(s: PRState, power: str) -> Plan:
    return {"disband": {}}


def _maint_choices(s: PRState, f: Frame, role: str, plan: Plan) -> list[Choice]:
    options = []
    for sp in sorted(s.spaces_of_owner(role)):
        for kind, n in sorted(s.stack(sp, role).items()):
            if kind != "GS" and kind not in MAXMP_TYPES:
                continue
            if n - plan["disband"].get(f"{sp}|{kind}", 0) > 0:
                options.append(opt("disband", f"{sp}|{kind}", "choice.disband", secret=True,
                                   unit=f"@unit.{kind}", space=f"@space.{sp}"))
    fixed = []
    if plan["disband"]:
        fixed.append(opt("undo", None, "choice.undo_plan", secret=True))
    if maintenance_ok(s, role, plan):
        fixed.append(confirm_choice())
    return paged(f, role, options, fixed, secret=True)


def _maint_decide(s: PRState, f: Frame, role: str, plan: Plan, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, role)
    elif verb == "undo":
        plan["disband"] = {}
        reset_page(f, role)
    elif verb == "disband":
        plan["disband"][arg] = plan["disband"].get(arg, 0) + 1


def _maint_reveal(s: PRState, f: Frame) -> None:
    """All plans at once: disband, pay; then the CVP overrun check (§3.2 B, §14.2.1)."""
    for role in f["roles"]:
        plan = f["plans"][role]
        cost = maintenance_cost(s, role, plan)
        for key, n in sorted(plan["disband"].items()):
            sp, kind = key.split("|")
            s.remove(sp, role, kind, n)
            s.say(msg("log.disbanded", power=f"@power.{role}", n=n, unit=f"@unit.{kind}",
                      space=f"@space.{sp}"))
        if s.options.get("treasury", True):
            s.powers[role].treasury -= cost
        s.say(msg("log.maintenance", power=f"@power.{role}", n=cost))
    for role in f["roles"]:
        cvp_overrun(s, role)


plan_kind("maintenance", PlanKind(_maint_choices, _maint_decide, _maint_reveal,
                                  "prompt.plan_maintenance", _maint_blank))


@phase("B")
def maintenance_phase(s: PRState) -> None:
    """§3.2 B: secret maintenance plans of every Power with galleys or LG/HI to keep; the CVP
    overrun check applies to every Power (§14.2.1)."""
    planners = [r for r in s.roles if s.count(r, {"GS"}) or s.count(r, MAXMP_TYPES)]
    for r in s.roles:
        if r not in planners:
            cvp_overrun(s, r)
    start_plan(s, "maintenance", planners)


# -- Forming units (§6.2-6.3) ------------------------------------------------------------------------
def formable_types(s: PRState, power: str, province: str) -> list[str]:
    """The unit types ``power`` may form in ``province`` (§6.2.5-6.2.6): the territory's row of
    the recruitment table (ambiguity A43: open to whoever controls the province); Legions only
    for Rome, another Power forming HI in their place."""
    d = data()
    types = list(d.tables.recruitment.types_in(d.provinces[province].territory, province))
    if "LG" in types and power != "rome":
        types = [t for t in types if t != "LG"]
        if "HI" not in types:
            types.insert(0, "HI")
    return [t for t in types if t in FULL_COST]


def formable_provinces(s: PRState, power: str) -> list[str]:
    """Provinces ``power`` controls that are not isolated (§6.2.4)."""
    d = data()
    ctrl = controllers(s)
    provinces = province_map(s, ctrl)
    loc = reachable(s, power)
    out = []
    for pr, c in provinces.items():
        if c != power or not formable_types(s, power, pr):
            continue
        if any(ctrl[sp] == power and sp in loc for sp in d.spaces_of(pr)):
            out.append(pr)
    return sorted(out)


def placement_spaces(s: PRState, power: str, province: str, kind: str) -> list[str]:
    """Spaces of the province that ``power`` controls or nobody occupies (§6.2.3-6.2.4); no HI
    on the Aegean islands (§6.2.8)."""
    d = data()
    rec = d.tables.recruitment
    out = []
    for sp in d.spaces_of(province):
        if kind in ("HI", "wHI") and sp in rec.hi_forbidden_spaces:
            continue
        if occupants(s, sp) <= {power} and space_controller(s, sp) in (power, None,
                                                                      d.spaces[sp].home_of):
            out.append(sp)
    return out


def galley_ports(s: PRState, power: str) -> list[str]:
    """Ports ``power`` controls with no enemy galley (§6.3)."""
    d = data()
    out = []
    for sp in sorted(d.ports):
        if space_controller(s, sp) != power:
            continue
        if any(o != power and st.get("GS", 0) for o, st in s.units.get(sp, {}).items()):
            continue
        out.append(sp)
    return out


def mercenary_spaces(s: PRState, power: str) -> list[str]:
    """Mercenaries join any existing units or army of the player (§12.2.4)."""
    return sorted(sp for sp in s.spaces_of_owner(power)
                  if any(k != "GS" for k in s.stack(sp, power)) and sp in data().spaces)


def may_hire(s: PRState, power: str) -> bool:
    """§12.2.1-12.2.2: not Rome; the Standard Game's Mercenary HI."""
    return power != "rome"


def weakened_units(s: PRState, power: str) -> list[str]:
    out = []
    for sp in sorted(s.spaces_of_owner(power)):
        for kind in ("wLG", "wHI"):
            for i in range(s.stack(sp, power).get(kind, 0)):
                out.append(f"{sp}|{kind}|{i}")
    return out


def may_rebuild(s: PRState, power: str, key: str) -> bool:
    """§10.6.6: an isolated weakened LG/HI is rebuilt only in a controlled province that forms
    that type."""
    sp, kind, _ = key.split("|")
    if sp not in data().spaces:
        return False
    if sp in reachable(s, power):
        return True
    pr = data().spaces[sp].province
    return pr in formable_provinces(s, power) and kind[1:] in formable_types(s, power, pr)


def objective_cost(s: PRState, power: str) -> int:
    costs = data().tables.optional_objectives.model_extra or {}
    table = costs.get("buy_cost_T", {"stable": 1, "unrest": 2, "disorder": 3})
    return int(table[stability_range(s.powers[power].stability)])


def may_buy_objective(s: PRState, power: str) -> bool:
    """§15.4.4: in the Ultra Basic format and the Advanced Game (with a scenario that uses
    objectives), one a Manpower Phase, never with three held."""
    buying = s.options.get("format") == "ultra_basic" or bool(s.options.get("advanced"))
    return (buying and s.options.get("objectives_in_use", False)
            and len(s.powers[power].objectives) < 3 and bool(s.objective_pool))


def price(s: PRState, power: str, kind: str) -> int:
    """What a unit costs: nothing while a scenario's free units of that type remain (Scenario
    I's two Roman Legions), else its cost (§6.2.7); without a Treasury nothing can be bought."""
    if s.free_units.get(power, {}).get(kind):
        return 0
    return FULL_COST[kind] if s.options.get("treasury", True) else 99


class Builder:
    """The menus that build a list of units to form, shared by the Manpower plan (secret, paid
    at the reveal) and the Call-Up (open, carried out at once). ``plan`` holds ``items``
    ([what, space, type]), ``rebuild`` (weakened unit keys), ``stage`` (the sub-menu)."""

    def __init__(self, callup: bool) -> None:
        self.callup = callup

    def spent(self, plan: Plan) -> int:
        cost = 0
        for what, _sp, kind in plan["items"]:
            cost += objective_cost_cached(plan) if what == "objective" else FULL_COST[kind]
        return cost + rebuild_cost() * len(plan["rebuild"])

    def left(self, s: PRState, power: str, plan: Plan) -> int:
        if not s.options.get("treasury", True):
            return 0
        return s.powers[power].treasury - (0 if self.callup else self.spent(plan))

    def heavy_room(self, s: PRState, power: str, plan: Plan) -> int:
        """Carthage may never exceed its Manpower Maximum (§6.4.3)."""
        if power != "carthage":
            return 999
        planned = sum(1 for w, _sp, k in plan["items"] if k in MAXMP_TYPES and w != "objective")
        return maxmp(s, power) - s.count(power, MAXMP_TYPES) - (0 if self.callup else planned)

    def choices(self, s: PRState, f: Frame, role: str, plan: Plan) -> list[Choice]:
        secret = not self.callup
        left = self.left(s, role, plan)
        stage = plan.get("stage")
        back = opt("back", None, "choice.back", secret=secret)
        if stage is None:
            top = []
            kinds_done = {w for w, _sp, _k in plan["items"]}
            land_ok = not (self.callup and "galley" in kinds_done)
            galley_ok = not (self.callup and "form" in kinds_done)
            if land_ok and (left >= 1 or s.free_units.get(role)) and formable_provinces(s, role):
                top.append(opt("menu", "form", "choice.menu_form", secret=secret))
            if galley_ok and left >= FULL_COST["GS"] and galley_ports(s, role):
                top.append(opt("menu", "galley", "choice.menu_galley", secret=secret))
            if (not self.callup and may_hire(s, role) and left >= FULL_COST["MHI"]
                    and mercenary_spaces(s, role)):
                top.append(opt("menu", "hire", "choice.menu_hire", secret=secret))
            weak = [k for k in weakened_units(s, role) if k not in plan["rebuild"]]
            if weak and left >= rebuild_cost():
                top.append(opt("menu", "rebuild", "choice.menu_rebuild", secret=secret))
            if (not self.callup and left >= objective_cost(s, role) and may_buy_objective(s, role)
                    and not any(w == "objective" for w, _sp, _k in plan["items"])):
                top.append(opt("buy_objective", None, "choice.buy_objective", secret=secret,
                               n=objective_cost(s, role)))
            if plan["items"] and not self.callup:
                top.append(opt("undo", None, "choice.undo_last", secret=secret))
            if plan["rebuild"] and not self.callup:
                top.append(opt("unrebuild", None, "choice.undo_rebuild", secret=secret))
            top.append(opt("done", None, "choice.done_callup") if self.callup
                       else confirm_choice())
            return top
        if stage == "form":
            options = [opt("province", pr, "choice.province", secret=secret,
                           province=f"@province.{pr}")
                       for pr in formable_provinces(s, role)
                       if any(price(s, role, t) <= left for t in formable_types(s, role, pr))]
            return paged(f, role, options, [back], secret=secret)
        if stage.startswith("province:"):
            pr = stage.split(":", 1)[1]
            options = []
            for t in formable_types(s, role, pr):
                if price(s, role, t) > left:
                    continue
                if t in MAXMP_TYPES and self.heavy_room(s, role, plan) <= 0:
                    continue
                if placement_spaces(s, role, pr, t):
                    options.append(opt("type", t, "choice.unit_type", secret=secret,
                                       unit=f"@unit.{t}", cost=price(s, role, t)))
            return options + [back]
        if stage.startswith("type:"):
            _, pr, t = stage.split(":")
            options = [opt("place", sp, "choice.place_in", secret=secret, space=f"@space.{sp}")
                       for sp in placement_spaces(s, role, pr, t)]
            return paged(f, role, options, [back], secret=secret)
        if stage == "galley":
            options = [opt("place", sp, "choice.place_in", secret=secret, space=f"@space.{sp}")
                       for sp in galley_ports(s, role)]
            return paged(f, role, options, [back], secret=secret)
        if stage == "hire":
            options = [opt("place", sp, "choice.place_in", secret=secret, space=f"@space.{sp}")
                       for sp in mercenary_spaces(s, role)]
            return paged(f, role, options, [back], secret=secret)
        if stage == "rebuild":
            options = [opt("rebuild", k, "choice.rebuild", secret=secret,
                           unit=f"@unit.{k.split('|')[1]}", space=f"@space.{k.split('|')[0]}")
                       for k in weakened_units(s, role)
                       if k not in plan["rebuild"] and may_rebuild(s, role, k)]
            return paged(f, role, options, [back], secret=secret)
        return [back]

    def decide(self, s: PRState, f: Frame, role: str, plan: Plan, verb: str, arg: Any) -> None:
        stage = plan.get("stage")
        if verb == "page":
            turn_page(f, role)
            return
        reset_page(f, role)
        if verb == "back":
            plan["stage"] = None
        elif verb == "menu":
            plan["stage"] = arg
        elif verb == "province":
            plan["stage"] = f"province:{arg}"
        elif verb == "type":
            plan["stage"] = f"type:{stage.split(':', 1)[1]}:{arg}"
        elif verb == "place":
            if stage == "galley":
                item = ["galley", arg, "GS"]
            elif stage == "hire":
                item = ["hire", arg, "MHI"]
            else:
                item = ["form", arg, stage.split(":")[2]]
            plan["items"].append(item)
            plan["stage"] = None
            if self.callup:
                carry_out(s, role, [item], [])
        elif verb == "rebuild":
            plan["rebuild"].append(arg)
            plan["stage"] = None
            if self.callup:
                carry_out(s, role, [], [arg])
                plan["rebuild"] = []
        elif verb == "buy_objective":
            plan["items"].append(["objective", "", ""])
            plan["objective_cost"] = objective_cost(s, role)
        elif verb == "undo":
            plan["items"].pop()
        elif verb == "unrebuild":
            plan["rebuild"].pop()


def objective_cost_cached(plan: Plan) -> int:
    return int(plan.get("objective_cost", 1))


def carry_out(s: PRState, power: str, items: list[list[str]], rebuild: list[str],
              objective_price: int = 0) -> None:
    """Pay for and place what was planned (§6.2-6.3, §10.6.6, §12.2.2, §15.4.4)."""
    pay = s.options.get("treasury", True)
    for what, sp, kind in items:
        if what == "objective":
            if pay:
                s.powers[power].treasury -= objective_price
            draw_objective(s, power, ask=True)
            continue
        free = s.free_units.get(power, {})
        if free.get(kind):
            free[kind] -= 1
            if not free[kind]:
                del free[kind]
        elif pay:
            s.powers[power].treasury -= FULL_COST[kind]
        s.add(sp, power, kind)
        if kind == "MHI":
            s.mercenary_turn[power] = s.turn
        s.say(msg("log.formed", power=f"@power.{power}", unit=f"@unit.{kind}",
                  space=f"@space.{sp}"))
    for key in rebuild:
        sp, kind, _ = key.split("|")
        if s.stack(sp, power).get(kind, 0) <= 0:
            continue
        if pay:
            s.powers[power].treasury -= rebuild_cost()
        s.remove(sp, power, kind)
        s.add(sp, power, kind[1:])
        s.say(msg("log.rebuilt", power=f"@power.{power}", unit=f"@unit.{kind[1:]}",
                  space=f"@space.{sp}"))


def draw_objective(s: PRState, power: str, ask: bool = False) -> None:
    """§15.4.5: drawn blind; one the Power may not use goes back and another is drawn. A
    duplicate of one it holds may be put back unseen and another drawn: a bought objective
    asks the player (``ask``); elsewhere (set-up, cards) the engine always does."""
    from games.pax_romana.victory import objective_usable
    held = s.powers[power].objectives
    tries = [x for x in s.objective_pool if objective_usable(x, power)]
    fresh = [x for x in tries if x not in held]
    if fresh and not ask:
        tries = fresh
    if not tries:
        return
    letter = tries[s.rng.below(len(tries))]
    s.objective_pool.remove(letter)
    duplicate = letter in held
    held.append(letter)
    s.say(msg("log.objective_drawn", letter=letter), to=power)
    if duplicate:
        push(s, "objective_duplicate", role=power)


def _duplicate_choices(s: PRState, f: Frame) -> list[Choice]:
    out = [opt("keep_objective", None, "choice.keep_duplicate", secret=True)]
    if len(s.objective_pool) > 0:
        out.append(opt("redraw_objective", None, "choice.redraw_duplicate", secret=True))
    return out


@question("objective_duplicate", _duplicate_choices,
          lambda s, f: msg("prompt.objective_duplicate", who=f"@power.{f['role']}"))
def _objective_duplicate(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§15.4.5: the duplicate just drawn (the last one held) is kept, or put back unseen and
    another drawn (which may be a duplicate again)."""
    pop(s, f)
    power = f["role"]
    if verb == "keep_objective":
        return
    letter = s.powers[power].objectives.pop()
    s.objective_pool.append(letter)
    s.say(msg("log.objective_redrawn", power=f"@power.{power}"))
    s.mark_irreversible()
    draw_objective(s, power, ask=True)


MANPOWER = Builder(callup=False)
CALLUP = Builder(callup=True)


def _mp_blank(s: PRState, power: str) -> Plan:
    return {"items": [], "rebuild": [], "stage": None}


def _mp_reveal(s: PRState, f: Frame) -> None:
    """All plans at once (§6.2.2); every weakened LG/HI not rebuilt becomes a Garrison where it
    stands (§3.2 E, §10.6.6, §12.1.6: one garrison)."""
    for role in f["roles"]:
        plan = f["plans"][role]
        carry_out(s, role, plan["items"], plan["rebuild"], objective_cost_cached(plan))
    for role in s.roles:
        settle_weakened(s, role)


def settle_weakened(s: PRState, power: str) -> None:
    for sp in sorted(s.spaces_of_owner(power)):
        for kind in ("wLG", "wHI"):
            n = s.stack(sp, power).get(kind, 0)
            if n:
                s.remove(sp, power, kind, n)
                s.add(sp, power, "GR", n)
                s.say(msg("log.to_garrison", power=f"@power.{power}", n=n,
                          unit=f"@unit.{kind}", space=f"@space.{sp}"))


plan_kind("manpower", PlanKind(MANPOWER.choices, MANPOWER.decide, _mp_reveal,
                               "prompt.plan_manpower", _mp_blank))


@phase("E")
def manpower_phase(s: PRState) -> None:
    """§3.2 E: every Power plans in secret; all plans are revealed together. Rhodes' ally
    first replaces the Rhodian galleys lost (§17.2)."""
    from games.pax_romana.independents import replace_rhodian_galleys
    replace_rhodian_galleys(s)
    start_plan(s, "manpower", list(s.roles))


# -- Call-Up (§3.5.1) ---------------------------------------------------------------------------------
def _callup_choices(s: PRState, f: Frame) -> list[Choice]:
    return CALLUP.choices(s, f, f["role"], f["plan"])


def _callup_prompt(s: PRState, f: Frame) -> Any:
    return msg("prompt.callup", who=f"@power.{f['role']}")


@question("callup", _callup_choices, _callup_prompt)
def _callup(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """Form land units OR build galleys (ambiguity A18: not both in one Call-Up), rebuild
    weakened LG/HI for 1T each (§10.6.6); each carried out at once, in the open."""
    if verb == "done":
        pop(s, f)
        return
    CALLUP.decide(s, f, f["role"], f["plan"], verb, arg)


def start_callup(s: PRState, power: str) -> None:
    from games.pax_romana.flow import push
    push(s, "callup", role=power, plan={"items": [], "rebuild": [], "stage": None})


extend({
    "en": {
        "prompt.objective_duplicate": "{who}: the Optional Objective drawn duplicates one you "
                                      "hold: keep it, or put it back unseen and draw another?",
        "choice.keep_duplicate": "Keep it",
        "choice.redraw_duplicate": "Put it back and draw another",
        "log.objective_redrawn": "{power} puts an Optional Objective back unseen and draws "
                                 "another.",
    },
    "ru": {
        "prompt.objective_duplicate": "{who}: вытянутая возможная цель повторяет уже имеющуюся: "
                                      "оставить её или, не показывая, вернуть и тянуть другую?",
        "choice.keep_duplicate": "Оставить",
        "choice.redraw_duplicate": "Вернуть и тянуть другую",
        "log.objective_redrawn": "{power} возвращает возможную цель, не показывая, и тянет "
                                 "другую.",
    },
})
