"""Land movement (§9): the army's Movement Points from Campaign + 1d6 (§9.1.2), costs by link and
terrain (§9.2.1), Transit Points where no army stops (§9.5.1), Alpine passes with their attrition
(§9.5.2, §9.6.3), straits (§9.5.3), interception by every eligible player each time an enemy
army enters a space next to one of his armies (§9.3) and withdrawal before battle (§9.4).

The move is the frame ``move_army`` (pushed by the Expansion, activation.py): first the units
and leaders that go, one step at a time (``stage`` "pick"), then the MP roll, then the way space
by space (``stage`` "move") with the MP left in the question. Entering a space pushes the step
``entry``: it asks each eligible player in turn whether to intercept (the frame ``intercept``,
asked of that player alone), then, if the space holds what must be attacked (§9.2.1), offers the
defenders a withdrawal (``withdraw``, ``withdraw_to``) and starts the battle (battle.py).
"""

from __future__ import annotations

from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana import battle, naval, special_units, texts
from games.pax_romana.activation import _german_home_left
from games.pax_romana.control import data, occupants, space_controller
from games.pax_romana.flow import Frame, opt, paged, pop, push, question, step, turn_page
from games.pax_romana.isolation import attrition_keys, attrition_losses
from games.pax_romana.leaders import rating
from games.pax_romana.stability import withdrawal as withdrawal_stability
from games.pax_romana.state import LCU_TYPES, PRState

# the MP Expenditure Table's rows, by what they are for (§9.2.1)
_COST_ROWS = {
    "enter": "enter an unoccupied or friendly-occupied space, or a land TP",
    "rough": "enter a rough mountain space",
    "strait": "enter a space across a strait",
    "alpine": "enter a space across an Alpine pass",
    "attack": "attack (in addition to entry)",
    "lost": "continue moving after a lost battle",
    "force": "force a defeated defender to retreat",
}


def mp_cost(what: str) -> int:
    """A row of the MP Expenditure Table (§9.2.1, data)."""
    want = _COST_ROWS[what]
    return next(r.mp for r in data().tables.movement_point_costs.rows if r.action == want)


def d6(s: PRState) -> int:
    return int(s.rng.roll(range(1, 7)))


# -- who is whose enemy ------------------------------------------------------------------------------
def friends_of(s: PRState, owner: str) -> set[str]:
    """The sides an army of ``owner`` may stack with: the Soldiers of Fortune with their Power's
    units (§12.4.4); allied Powers (§4.3.1). The Successor army of card 36 has no friends
    (§17.2)."""
    out = {owner}
    if owner == "successor":
        return out
    if owner == "sof" and s.sof is not None:
        out.add(s.sof["power"])
    if s.sof is not None and owner == s.sof.get("power"):
        out.add("sof")
    if s.alliances:                     # allied Powers' armies are friendly (§4.3.1)
        from games.pax_romana.alliances import allies
        out |= allies(s, owner)
    if s.allied_independents:           # an allied Pergamum or Rhodes (§17.2)
        from games.pax_romana.independents import allies_of
        out |= allies_of(s, owner)
    joint = _joint_battle(s)
    if joint is not None and owner in joint:
        out |= joint
    return out


def _joint_battle(s: PRState) -> set[str] | None:
    """§9.3.6: while an interceptor fights beside an Independent army, they are one army (the
    battle under way names them); a temporary alliance that ends with that battle."""
    for f in reversed(s.flow):
        if f["k"] == "battle":
            j = f.get("joint")
            return {j["power"], *j["with"]} if j else None
    return None


def controller_of(s: PRState, owner: str) -> str | None:
    """The Power who decides for ``owner``'s units: itself, the SoF Power; none for the rest
    (barbarians, tribes, Independents, slaves decide by the rules, §13.2.4)."""
    if owner in s.powers:
        return owner
    if owner == "sof" and s.sof is not None:
        return str(s.sof["power"])
    if owner == "successor":            # card 36's drawer (§17.2)
        from games.pax_romana.cards.successor import commander
        return commander(s)
    if owner in ("pergamum", "pontus"):  # its ally, the Pontus player (§17.2, §12.5.5)
        from games.pax_romana.independents import commander_of
        return commander_of(s, owner)
    return None


def hostile(s: PRState, space: str, owner: str) -> list[str]:
    """The sides in ``space`` that an army of ``owner`` entering it must attack (§9.2.1): enemy
    LCUs or garrisons, a city or settlement of another side, a Tribe counter, Barbarian,
    Independent or slave units; not lone elephants or leaders. Invasion armies pass through
    tribes (§13.4.2); a destroyed city has no owner."""
    mine = friends_of(s, owner)
    out = []
    for who, st in s.units.get(space, {}).items():
        if who in mine:
            continue
        if owner == "barbarian" and set(st) <= {"TW"}:
            continue
        if any(k in LCU_TYPES or k == "GR" for k in st):
            out.append(who)
    city = s.cities.get(space)
    if city is not None and city.owner not in mine and city.owner not in out:
        out.append(city.owner)
    if space in s.tribes and owner != "barbarian" and "barbarian" not in out:
        out.append("barbarian")
    return out


# -- the cost of a step -------------------------------------------------------------------------------
def step_cost(s: PRState, here: str, there: str) -> int:
    """§9.2.1: 1 MP; 2 into a rough mountain or across a strait; 3 across an Alpine pass; more
    where rebels have risen (§13.3 Hispania, Judaea)."""
    from games.pax_romana.rebellions import extra_mp
    kinds = data().link_types(here, there)
    if "alpine_pass" in kinds and "land" not in kinds:
        cost = mp_cost("alpine")
    elif "strait" in kinds and "land" not in kinds:
        cost = mp_cost("strait")
    elif there in data().rough_mountains:
        cost = mp_cost("rough")
    else:
        cost = mp_cost("enter")
    return cost + extra_mp(s, there, cost)


def _strait_open(s: PRState, owner: str, here: str, there: str) -> bool:
    """§9.5.3: no enemy galleys at either end, and the far side unoccupied or controlled by the
    mover."""
    mine = friends_of(s, owner)
    for sp in (here, there):
        if any(o not in mine and st.get("GS") for o, st in s.units.get(sp, {}).items()):
            return False
    if there in data().transit_points:
        return not any(o not in mine for o in s.units.get(there, {}))
    occ = occupants(s, there)
    return not occ or space_controller(s, there) in mine


def may_enter(s: PRState, f: Frame, here: str, there: str) -> int | None:
    """The MP that entering ``there`` costs the army of frame ``f``, with the attack it brings,
    or None if it may not go there (§9.2, §9.5, §12.3.3, §13.4.2)."""
    d = data()
    owner = f["owner"]
    if there in f.get("path", [])[-1:]:
        return None
    kinds = d.link_types(here, there)
    if "strait" in kinds and "land" not in kinds and not _strait_open(s, owner, here, there):
        return None
    if f.get("successor"):              # §17.2 Successor Wars Roll On: it stays in Greece
        from games.pax_romana.cards.drawn import successor_may_enter
        if not successor_may_enter(f, here, there):
            return None
    if owner == "barbarian":
        if _german_home_left(s, f["start"], there) or _german_home_left(s, here, there):
            return None
        from games.pax_romana.rebellions import barred
        if barred(s, here, there):          # the Gallic army stays in Gaul (§13.3)
            return None
        power = f["role"]
        if any(o in friends_of(s, power) for o in s.units.get(there, {})):
            return None
    if "ML" in f["units"] and d.spaces[there].home_of != owner:
        return None
    if s.card_effects.get("pontus"):    # Pontus never meets its own player's army (§12.5.5)
        from games.pax_romana.independents import kept_apart
        if kept_apart(s, owner, there):
            return None
    cost = step_cost(s, here, there)
    enemies = hostile(s, there, owner)
    if enemies and not any(k in LCU_TYPES for k in f["units"]):
        return None                     # garrisons and leaders alone never attack (§12.1.1)
    if (there in d.rough_mountains and "GR" in f["units"]
            and not any(k in LCU_TYPES for k in f["units"])
            and not any(k in LCU_TYPES for k in s.stack(there, owner))):
        return None                     # §12.1.3: no garrisons alone in a rough mountain
    if there in d.transit_points:
        if enemies:
            return None
        left = f["mp"] - cost
        onward = [nb for nb in d.land_neighbours(there) if nb != here
                  and step_cost(s, there, nb) <= left]
        return cost if onward else None
    if enemies:
        cost += mp_cost("attack")
    return cost if cost <= f["mp"] else None


def destinations(s: PRState, f: Frame) -> list[tuple[str, int]]:
    here = f["at"]
    out = []
    for nb in sorted(data().land_neighbours(here)):
        cost = may_enter(s, f, here, nb)
        if cost is not None:
            out.append((nb, cost))
    return out


# -- MP (§9.1.2) ---------------------------------------------------------------------------------------
def movement_points(s: PRState, f: Frame) -> int:
    """§9.1.2: a Major Move with a leader: the best Campaign + 1d6; without a leader or in a
    Minor Move: 1d6; a leader moving wholly alone doubles it (the table's allowance note)."""
    roll = d6(s)
    campaign = max((rating(lid)[1] for lid in f["leaders"]), default=0)
    mp = roll + (campaign if not f.get("minor") else 0)
    if f["leaders"] and not f["units"]:
        mp *= 2
    from games.pax_romana.rebellions import placement_mp
    mp = max(0, mp - placement_mp(s, f))    # the Gallic army's placement attack (§13.3)
    s.say(msg("log.mp_roll", power=f"@power.{f['owner']}", space=f"@space.{f['start']}",
              roll=roll, n=mp))
    return mp


# -- the move frame ----------------------------------------------------------------------------------
def _army_size(f: Frame) -> int:
    return sum(f["units"].values())


def _pick_choices(s: PRState, f: Frame) -> list[Choice]:
    out = []
    if _army_size(f) + len(f["leaders"]) > 1:
        out += [opt("leave", k, "choice.leave_unit", unit=f"@unit.{k}")
                for k, n in sorted(f["units"].items()) if n > 0]
        out += [opt("leave_leader", lid, "choice.leave_leader", leader=f"@leader.{lid}")
                for lid in f["leaders"]]
    from games.pax_romana.independents import companions  # §17.2 Pergamum combined
    out += [opt("combine", o, "choice.combine", who=f"@power.{o}", n=sum(st.values()))
            for o, st in companions(s, f, start=True).items()]
    if any(k in LCU_TYPES or k == "GR" for k in f["units"]) or (f["leaders"] and not f["units"]):
        out.append(opt("go", None, "choice.march_with", n=_army_size(f), leaders=len(f["leaders"])))
    out.append(opt("stay", None, "choice.stay"))
    return out


def _move_choices(s: PRState, f: Frame) -> list[Choice]:
    if f.get("stage", "pick") == "pick":
        return _pick_choices(s, f)
    if f.get("stage") == "sea":
        return naval.transport_choices(s, f)
    options = [opt("to", sp, "choice.move_to", space=f"@space.{sp}", cost=c, left=f["mp"] - c)
               for sp, c in destinations(s, f)]
    if naval.may_embark(s, f):          # with its Pergamene partners too (§17.2)
        options.append(opt("embark", None, "choice.embark",
                           n=naval.transport_cost("embark")))
    options += army_chores(s, f)
    fixed = [] if f["at"] in data().transit_points else [opt("stop", None, "choice.stop_here")]
    if f.get("successor"):              # §17.2 Successor Wars Roll On: it ends in Greece
        from games.pax_romana.cards.drawn import successor_may_stop
        fixed = fixed if successor_may_stop(f) else []
    if not fixed and not options:
        fixed = [opt("stop", None, "choice.stop_here")]
    return paged(f, f["role"], options, fixed)


def _move_prompt(s: PRState, f: Frame) -> Msg:
    if f.get("stage", "pick") == "pick":
        return msg("prompt.pick_army", who=f"@power.{f['role']}", space=f"@space.{f['start']}")
    unit = _minor_unit(f)
    # a Minor Move names its one unit (§9.1.1), ashore and aboard
    named = {"unit": f"@unit.{unit}"} if unit is not None else {}
    if f.get("stage") == "sea":
        key = "prompt.transport_stopped" if f["sea"]["stopped"] else "prompt.transport"
    else:
        key = "prompt.move_unit" if unit is not None else "prompt.move_army"
    return msg(key, who=f"@power.{f['role']}", space=f"@space.{f['at']}", n=f["mp"], **named)


def _minor_unit(f: Frame) -> str | None:
    """The kind of the one land unit a Minor Move moves (None for an army's move)."""
    if not f.get("minor") or f["leaders"]:
        return None
    kinds = [k for k, n in f["units"].items() if n > 0]
    return kinds[0] if len(kinds) == 1 and f["units"][kinds[0]] == 1 else None


def _begin(s: PRState, f: Frame) -> None:
    f["stage"] = "move"
    f["at"] = f["start"]
    f["path"] = [f["start"]]
    from games.pax_romana.barbarians import placement_mp
    f["mp"] = max(0, movement_points(s, f) - placement_mp(s, f))     # §13.4.5
    s.mark_irreversible()


def _lapses(s: PRState, f: Frame) -> bool:
    return True


@question("move_army", _move_choices, _move_prompt)
def move_army(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§9.1-9.2: the army chooses its units, rolls its MP and goes space by space; dropping
    units is free (§9.2.1)."""
    if verb == "page":
        turn_page(f, f["role"])
        return
    f.setdefault("page", {}).pop(f["role"], None)
    if verb == "stay":
        pop(s, f)
        return
    if verb == "leave":
        f["units"][arg] -= 1
        if not f["units"][arg]:
            del f["units"][arg]
        return
    if verb == "leave_leader":
        f["leaders"].remove(arg)
        return
    if verb == "go":
        _begin(s, f)
        return
    if verb == "combine":
        from games.pax_romana.independents import combine
        combine(s, f, start=True)
        return
    if verb == "stop":
        finish_move(s, f)
        return
    if verb in naval.TRANSPORT_VERBS:
        naval.transport_act(s, f, verb, arg)
        return
    if verb in ("drop", "pick_up", "to_garrisons", "pick_up_with"):
        do_chore(s, f, verb, arg)
        return
    enter(s, f, arg)


# -- on the way: dropping, picking up, garrisons (§9.2.1, §12.1.4) -----------------------------------
DISBANDABLE = ("LG", "HI", "LI", "wLG", "wHI")


def _pickable(s: PRState, f: Frame) -> dict[str, int]:
    from games.pax_romana.activation import movable
    if f.get("successor") and f["at"] in s.cities:
        return {}                       # §17.2 Successor Wars: not units in a city
    return {k: n for k, n in movable(s, f["owner"], f["at"]).items() if k != "GS"}


def army_chores(s: PRState, f: Frame) -> list[Choice]:
    """Drop a unit off (0 MP; it moves no more this Activation), pick up the units waiting in
    the space (1 MP; they share the MP left), disband LG/HI/LI into garrisons in a Major Move
    (1 MP for any number; never mercenaries, militia or Soldiers of Fortune, §12.1.7)."""
    at = f["at"]
    if at in data().transit_points or at == f["start"] or at not in data().spaces:
        return []
    out = []
    if _army_size(f) > 1:
        out += [opt("drop", k, "choice.drop_unit", unit=f"@unit.{k}")
                for k in sorted(f["units"])]
    # §17.2: the partner's units of a joint Pergamene army, one at a time as well (the moving
    # side's own units stay)
    out += [opt("drop", f"{o}|{k}", "choice.drop_partner_unit", unit=f"@unit.{k}",
                who=f"@power.{o}") for o, st in sorted(f.get("with", {}).items())
            for k in sorted(st) if _army_size(f)]
    if f["mp"] >= 1 and not f.get("minor") and _pickable(s, f):
        out.append(opt("pick_up", None, "choice.pick_up", n=sum(_pickable(s, f).values())))
    if f["mp"] >= 1:                    # §17.2: Pergamenes and their ally as one army
        from games.pax_romana.independents import companions
        out += [opt("pick_up_with", o, "choice.pick_up_with", who=f"@power.{o}",
                    n=sum(st.values())) for o, st in companions(s, f).items()]
    if not f.get("minor") and f["owner"] in s.powers and (f.get("disbanded") or f["mp"] >= 1):
        from games.pax_romana.cities import garrisons_from
        out += [opt("to_garrisons", k, "choice.to_garrisons", unit=f"@unit.{k}", n=garrisons_from(k))
                for k in DISBANDABLE if f["units"].get(k)]
    return out


def do_chore(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    at, owner = f["at"], f["owner"]
    if verb == "drop":
        owner, arg = naval.take_one_off(f, arg)
        f.setdefault("dropped", []).append(at)
        s.say(msg("log.dropped", power=f"@power.{owner}", unit=f"@unit.{arg}",
                  space=f"@space.{at}"))
        return
    if verb == "pick_up_with":
        from games.pax_romana.independents import combine
        f["mp"] -= 1
        combine(s, f)
        return
    if verb == "pick_up":
        f["mp"] -= 1
        for kind, n in _pickable(s, f).items():
            f["units"][kind] = f["units"].get(kind, 0) + n
            key = f"{at}|{owner}"
            s.moved.setdefault(key, {})
            s.moved[key][kind] = s.moved[key].get(kind, 0) + n
        for lid in s.leaders_at(at, owner):
            if lid not in f["leaders"]:
                f["leaders"].append(lid)
        return
    from games.pax_romana.cities import garrisons_from
    if not f.get("disbanded"):
        f["mp"] -= 1
        f["disbanded"] = True
    n = garrisons_from(arg)
    s.remove(at, owner, arg)
    s.add(at, owner, "GR", n)
    f["units"][arg] -= 1
    if not f["units"][arg]:
        del f["units"][arg]
    f["units"]["GR"] = f["units"].get("GR", 0) + n
    s.say(msg("log.to_garrisons", power=f"@power.{owner}", unit=f"@unit.{arg}", n=n,
              space=f"@space.{at}"))


def finish_move(s: PRState, f: Frame) -> None:
    pop(s, f)
    owner = f["owner"]
    at = f.get("at", f["start"])
    for o in (owner, *f.get("with", {})):
        s.merge_weakened(at, o)
        for space in {f["start"], at, *f.get("dropped", [])}:
            drop_lone_elephants(s, space, o)


def drop_lone_elephants(s: PRState, space: str, owner: str) -> None:
    """Elephants left without LCUs are destroyed (§9.2.3, §12.8.2)."""
    st = s.stack(space, owner)
    if st.get("EL") and not any(k in LCU_TYPES for k in st):
        s.remove(space, owner, "EL", st["EL"])


def shift_army(s: PRState, owner: str, units: dict[str, int], leaders: list[str], here: str,
               there: str) -> dict[str, int]:
    """Take ``units`` and ``leaders`` from ``here`` to ``there``; returns what went."""
    went: dict[str, int] = {}
    for kind, n in sorted(units.items()):
        took = s.remove(here, owner, kind, n)
        if took:
            s.add(there, owner, kind, took)
            went[kind] = took
    for lid in leaders:
        if lid in s.leaders and s.leaders[lid].at == here:
            s.leaders[lid].at = there
    from games.pax_romana.cards.hooks import army_moved  # §17.2 the Helepolis (Advanced Game)
    army_moved(s, owner, went, here, there)
    return went


def enter(s: PRState, f: Frame, there: str) -> None:
    """The army steps into ``there`` and pays for it (§9.2.1); an Alpine pass costs attrition
    (§9.5.2); then the ``entry`` step looks for interceptors and what must be fought."""
    here = f["at"]
    cost = may_enter(s, f, here, there)
    assert cost is not None
    owner = f["owner"]
    f["mp"] -= cost
    went = shift_army(s, owner, f["units"], f["leaders"], here, there)
    f["units"] = went
    for o, st in f.get("with", {}).items():     # §17.2: the Pergamenes or their ally with it
        f["with"][o] = shift_army(s, o, st, [], here, there)
    for o, moved in ((owner, went), *f.get("with", {}).items()):
        key = f"{there}|{o}"
        s.moved.setdefault(key, {})
        for kind, n in moved.items():
            s.moved[key][kind] = s.moved[key].get(kind, 0) + n
    f["from"] = here
    f["at"] = there
    f["path"].append(there)
    for army in s.barbarian_armies:
        if owner == "barbarian" and army["at"] == here:
            army.setdefault("origin", data().spaces[here].province)
            army["at"] = there
            from games.pax_romana.events import near_capital
            near_capital(s, army)           # §13.4.4
    s.last_move = {"power": f["role"], "path": list(f["path"]), "kind": "land", "battle": None}
    s.say(msg("log.move_step", power=f"@power.{owner}", start=f"@space.{here}",
              space=f"@space.{there}", cost=cost, n=f["mp"]))
    kinds = data().link_types(here, there)
    attack = bool(hostile(s, there, owner)) and there not in data().transit_points
    push(s, "entry", space=there, came_from=here, owner=owner, role=f["role"], asked=[],
         attack=attack)
    from games.pax_romana.cards.hooks import entered  # §17.2 Ambush (Advanced Game)
    entered(s, f["role"], owner, there)
    if f.get("successor"):              # §17.2 Successor Wars: Greek units join or are attacked
        from games.pax_romana.cards.successor import offer_join
        offer_join(s, f, there)
    if "alpine_pass" in kinds and "land" not in kinds:
        alpine_attrition(s, f, there)


def alpine_attrition(s: PRState, f: Frame, space: str) -> None:
    """§9.5.2, §9.6.3: the army crossing an Alpine pass suffers attrition: 1d6 on the Attrition
    Table, the percentage taken of the crossing army's units (garrisons and leaders not counted,
    A44; not the units that were in the space already). A joint army of an ally and the
    Pergamenes (§17.2) is one army: the units of both sides count, and the Power commanding it
    chooses the losses among both (the attrition question of isolation.py, whose units each
    choice names), whoever moves it. Armies nobody commands lose their cheapest units."""
    owner = f["owner"]
    army = {o: {k: n for k, n in st.items() if k not in ("GR", "GS") and n > 0}
            for o, st in ((owner, f["units"]), *sorted(f.get("with", {}).items()))}
    army = {o: st for o, st in army.items() if st}
    units = sum(n for st in army.values() for n in st.values())
    if not units:
        return
    roll = d6(s)
    losses = attrition_losses(units, roll)
    s.say(msg("log.alpine_attrition", power=f"@power.{owner}", space=f"@space.{space}",
              roll=roll, n=losses))
    who = controller_of(s, owner)
    frame = {"role": who, "owner": owner, "space": space, "losses": losses, "weakened": False,
             "army": army, "move": True}
    if who is not None and attrition_keys(s, frame):
        push(s, "attrition", **frame)
    else:
        battle.take_losses(s, space, owner, losses, attrition=True)


def move_frame(s: PRState) -> Frame | None:
    for f in reversed(s.flow):
        if f["k"] == "move_army":
            return f
    return None


# -- entering a space: interception, withdrawal, battle ----------------------------------------------
def _turn_order_after(s: PRState, role: str) -> list[str]:
    """The players asked about an interception: in turn order from the one after the moving
    Power (the rules give no order, §9.3.1; this is the table's)."""
    order = list(s.roles)
    if role in order:
        i = order.index(role)
        order = order[i + 1:] + order[:i]
    return order


INDEPENDENTS = battle.STANDFAST - {"barbarian", "slaves"}


def joined_independents(s: PRState, power: str, space: str, mover: str) -> list[str]:
    """§9.3.6: the Independent armies (Pergamum, Syracuse...) the moving army attacks in
    ``space``, with whom an interceptor of ``power`` would fight as one army."""
    mine, theirs = friends_of(s, mover), friends_of(s, power)
    return sorted(o for o, st in s.units.get(space, {}).items()
                  if o in INDEPENDENTS and o not in mine and o not in theirs
                  and any(k in LCU_TYPES for k in st))


def interceptors(s: PRState, power: str, space: str, mover: str,
                 not_from: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Spaces from which ``power``'s armies may intercept into ``space`` (§9.3.1): joined by a
    land link (not a strait or pass, not from or into a Transit Point), an army with LCUs; a
    leader alone only into a space already holding his army; never from ``not_from`` (where
    the army a withdrawing or retreating enemy escapes stands, §9.4.5, §10.7.6). Into a space
    where a third side stands only to join an Independent army the mover attacks (§9.3.6)."""
    d = data()
    if space in d.transit_points:
        return []
    if power in friends_of(s, mover):
        return []
    from games.pax_romana.cards.successor import stands_against
    if stands_against(s, power, mover, intercepting=True):  # A40, §17.2 Successor Wars
        return []
    there = set(s.units.get(space, {})) | ({s.cities[space].owner} if space in s.cities else set())
    third = there - friends_of(s, mover) - friends_of(s, power)
    if third and (third - INDEPENDENTS or not joined_independents(s, power, space, mover)):
        return []
    if space in s.tribes:
        return []
    out = []
    for nb in sorted(d.neighbours(space, "land")):
        if nb in d.transit_points or nb in not_from:
            continue
        st = s.stack(nb, power)
        if any(k in LCU_TYPES for k in st):
            out.append(nb)
        elif s.leaders_at(nb, power) and any(k in LCU_TYPES for k in s.stack(space, power)):
            out.append(nb)              # a leader alone, to join his army's battle
        if s.allied_independents.get("pergamum") == power and any(
                k in LCU_TYPES for k in s.stack(nb, "pergamum")):
            out.append(f"{nb}|pergamum")    # §17.2: its ally's Pergamene army
            if any(k in LCU_TYPES for k in st):
                out.append(f"{nb}|joint")   # §17.2: both as one army, in one interception
    return out


def interception_modifier(s: PRState, power: str, origin: str, target: str) -> int:
    """§9.3.2: the interceptor's Tactics; +3 from its own City, +1 from its own Settlement, +1
    into a space with its own City."""
    tactics = max((rating(lid)[0] for lid in s.leaders_at(origin, power)), default=0)
    mod = tactics
    c = s.cities.get(origin)
    if c is not None and c.owner == power:
        mod += 3 if c.kind == "city" else 1
    c = s.cities.get(target)
    if c is not None and c.owner == power and c.kind == "city":
        mod += 1
    return mod


@step("entry")
def entry(s: PRState, f: Frame) -> None:
    space, owner = f["space"], f["owner"]
    if not s.stack(space, owner) and not s.leaders_at(space, owner):
        pop(s, f)
        m = move_frame(s)
        if m is not None and m["at"] == space:
            finish_move(s, m)
        return
    if not f.get("regroup"):
        not_from = f.get("not_from", [])
        for power in _turn_order_after(s, f["role"]):
            if power in f["asked"] or power in f.get("exclude", []):
                continue
            f["asked"].append(power)
            if interceptors(s, power, space, owner, not_from):
                push(s, "intercept", role=power, space=space, mover=owner,
                     came_from=f["came_from"], moving=f.get("moving", True), not_from=not_from)
                return
    pop(s, f)
    if f["attack"] and hostile(s, space, owner):
        push(s, "contact", space=space, came_from=f["came_from"], owner=owner, role=f["role"],
             offered=[])
    else:
        after_entry(s, space, owner)


def after_entry(s: PRState, space: str, owner: str) -> None:
    """Nothing left to fight: an undefended city at its lowest FP is captured (§7.4.2); the
    attack MP is given back if the defenders withdrew (§9.4.2)."""
    m = move_frame(s)
    special_units.overrun(s, space, owner)
    if m is not None and m.get("refund") and m["owner"] == owner:
        m["mp"] += m.pop("refund")


# -- the interception question (§9.3) ----------------------------------------------------------------
def city_defenders(s: PRState, power: str, space: str, mover: str) -> list[str]:
    """§9.3.5, §9.3.6: the sides whose land units in ``space`` may defend in its city or
    settlement instead of joining an interception: the interceptor's own, in his own city;
    an Independent army in its city. None without a city or without land units there."""
    c = s.cities.get(space)
    if c is None:
        return []
    if c.owner == power:
        return [power] if any(k not in ("GS",) for k in s.stack(space, power)) else []
    if c.owner in joined_independents(s, power, space, mover):
        return [c.owner]
    return []


def _city_units(s: PRState, f: Frame) -> dict[str, dict[str, int]]:
    """The land units in the space not yet declared to defend in the city."""
    out: dict[str, dict[str, int]] = {}
    for o in f["city_sides"]:
        aside = f["in_city"].get(o, {})
        for k, n in s.stack(f["space"], o).items():
            if k != "GS" and n - aside.get(k, 0) > 0:
                out.setdefault(o, {})[k] = n - aside.get(k, 0)
    return out


def _intercept_choices(s: PRState, f: Frame) -> list[Choice]:
    if f.get("origin") is not None:
        left = _city_units(s, f)
        out = [opt("in_city", f"{o}|{k}", "choice.in_city", unit=f"@unit.{k}",
                   who=f"@power.{o}") for o, st in sorted(left.items()) for k in sorted(st)]
        if left:
            out.append(opt("all_in_city", None, "choice.all_in_city"))
        n = sum(sum(st.values()) for st in f["in_city"].values())
        return out[:23] + [opt("roll", None, "choice.intercept_roll", n=n)]
    out = [opt("intercept", sp, "choice.intercept_from", space=f"@space.{sp}",
               target=f"@space.{f['space']}") if "|" not in sp else
           opt("intercept", sp, "choice.intercept_with", space=f"@space.{sp.split('|')[0]}",
               who=f"@power.{sp.split('|')[1]}", target=f"@space.{f['space']}")
           if not sp.endswith("|joint") else
           opt("intercept", sp, "choice.intercept_joint", space=f"@space.{sp.split('|')[0]}",
               who="@power.pergamum", target=f"@space.{f['space']}")
           for sp in interceptors(s, f["role"], f["space"], f["mover"], f.get("not_from", []))]
    return out[:24] + [opt("let_pass", None, "choice.let_pass")]


def _intercept_prompt(s: PRState, f: Frame) -> Msg:
    """Why the player is asked: an enemy army entering, withdrawing or retreating next to his
    army; one attacking an Independent army beside whom he would fight; and, before the roll,
    which units there defend in the city (§9.3.5)."""
    mover, space = f["mover"], f["space"]
    army, who, where = f"@army.{mover}", f"@power.{f['role']}", f"@space.{space}"
    if f.get("origin") is not None:
        return msg("prompt.intercept_city", who=who, space=where, start=f"@space.{f['origin']}")
    joint = joined_independents(s, f["role"], space, mover)
    if joint and f.get("moving", True):
        return msg("prompt.intercept_joint", who=who, army=army, space=where,
                   side=f"@power.{joint[0]}")
    if not f.get("moving", True):
        return msg("prompt.intercept_escaping", who=who, army=army, space=where)
    return msg("prompt.intercept", who=who, army=army, space=where)


@question("intercept", _intercept_choices, _intercept_prompt)
def intercept(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§9.3.2: 2d6 + modifiers ≥ 12 (the table's target): the interceptor moves in and attacks
    (§9.3.3), combined with its units already there (§9.3.4). Into a space with a city or
    settlement of his own (or of the Independent army he joins, §9.3.6) he first declares which
    units there defend in it: they stay out of the interception battle (§9.3.5)."""
    if verb == "intercept":
        sides = city_defenders(s, f["role"], f["space"], f["mover"])
        if sides:
            f.update(origin=arg, city_sides=sides, in_city={})
            return
        f["origin"] = arg
    elif verb in ("in_city", "all_in_city"):
        left = _city_units(s, f)
        picks = [tuple(arg.split("|"))] if verb == "in_city" else [
            (o, k) for o, st in left.items() for k in st for _ in range(st[k])]
        for o, k in picks:
            st = f["in_city"].setdefault(o, {})
            st[k] = st.get(k, 0) + 1
        return
    pop(s, f)
    if verb == "let_pass":
        return
    _roll_interception(s, f, f["origin"])


def _roll_interception(s: PRState, f: Frame, origin: str) -> None:
    power, space, mover = f["role"], f["space"], f["mover"]
    origin, _, owner = origin.partition("|")
    # "space|pergamum": an allied Pergamene army; "space|joint": the Power's army and the
    # Pergamene army there as one, the better modifier of the two (§17.2)
    partners = ["pergamum"] if owner == "joint" else []
    owner = power if owner in ("", "joint") else owner
    table = data().tables.interception
    roll = d6(s) + d6(s)
    mod = max(interception_modifier(s, o, origin, space) for o in [owner, *partners])
    ok = roll + mod >= table.target
    s.mark_irreversible()
    s.say(msg("log.intercept_roll", power=f"@power.{owner}", start=f"@space.{origin}",
              space=f"@space.{space}", roll=roll, mod=mod,
              result="@word.success" if ok else "@word.failure"))
    if not ok:
        return                          # §9.3.5: all defend together, the city if they will
    units = {k: n for k, n in s.stack(origin, owner).items() if k not in ("GR", "GS")}
    leaders = s.leaders_at(origin, owner)
    if not any(k in LCU_TYPES for k in units):
        # §9.3.3: a leader alone joins the army in the space; the mover stays the Attacker
        for lid in leaders:
            s.leaders[lid].at = space
        return
    joint = joined_independents(s, power, space, mover) if f.get("moving", True) else []
    aside: dict[str, dict[str, int]] = {}
    for o, st in f.get("in_city", {}).items():
        for k, n in st.items():
            took = s.remove(space, o, k, n)
            if took:
                aside.setdefault(o, {})[k] = took
    went = shift_army(s, owner, units, leaders, origin, space)
    came_with = {}
    for o in partners:
        also = s.leaders_at(origin, o)
        came_with[o] = shift_army(s, o, {k: n for k, n in s.stack(origin, o).items()
                                         if k not in ("GR", "GS")}, also, origin, space)
        leaders = leaders + also
    push(s, "interception_over", space=space, power=owner, origin=origin, side=mover,
         aside=aside, joint=bool(joint), mark=len(s.log))
    battle.start(s, space=space, attacker=owner, attacker_role=power, defender=mover,
                 came_from=origin, intercept=True, mover_from=f["came_from"])
    b = battle.battle_frame(s)
    b.update(moving=f.get("moving", True), came_units=went, came_leaders=leaders)
    if came_with:
        b["came_with"] = came_with
    fighting = [o for o in joint if any(k in LCU_TYPES for k in s.stack(space, o))]
    if fighting:
        b["joint"] = {"power": power, "with": fighting}


@step("interception_over")
def interception_over(s: PRState, f: Frame) -> None:
    """After an interception battle: the units that defended in the city are back in their
    places (§9.3.5); an interceptor that fought beside an Independent army goes back to the
    space it came from, whatever the result (§9.3.6); a withdrawing army intercepted on its way
    goes on with its MP left, one fewer if it lost (§9.3.7)."""
    pop(s, f)
    space, power = f["space"], f["power"]
    for o, st in f["aside"].items():
        for k, n in st.items():
            s.add(space, o, k, n)
    if f["joint"]:
        units = {k: n for k, n in s.stack(space, power).items() if k != "GS"}
        leaders = s.leaders_at(space, power)
        if units or leaders:
            shift_army(s, power, units, leaders, space, f["origin"])
            s.merge_weakened(f["origin"], power)
            s.say(msg("log.regroup", power=f"@power.{power}", space=f"@space.{f['origin']}"))
    w = withdrawing_frame(s, f["side"])
    if w is None or w["at"] != space:
        return
    w["fought"] = True
    for e in s.log[f["mark"]:]:
        if e.msg.key == "log.battle_result" and e.msg.args.get("space") == f"@space.{space}":
            if e.msg.args.get("who") not in (f"@power.{f['side']}", "@word.draw"):
                w["mp"] = max(0, w["mp"] - data().tables.battle_losses.win_loss_effects[
                    "loser_continue_mp"])
            break


# -- withdrawal before battle (§9.4) -----------------------------------------------------------------
def withdrawal_modifier(s: PRState, space: str, attacker: str, defender: str) -> int:
    """§9.4.3: the attacker's cavalry superiority -1, dominance -3 (the table's values), not in
    a rough mountain; the attacker always uses it here."""
    if space in data().rough_mountains:
        return 0
    level = battle.cavalry_level(battle.cavalry_count(s, space, attacker),
                                 battle.cavalry_count(s, space, defender))
    table = data().tables.withdrawal_before_battle
    drms = {m.condition: int(m.drm) for m in table.modifiers}
    if level == "dominance":
        return drms["attacker uses cavalry dominance"]
    if level == "superiority":
        return drms["attacker uses cavalry superiority"]
    return 0


def _withdraw_blocked(s: PRState, owner: str, space: str) -> bool:
    """§9.4.4, §7.2.2: no enemy LCUs, cities or settlements (Independent ones too)."""
    mine = friends_of(s, owner)
    if any(o not in mine and any(k in LCU_TYPES for k in st)
           for o, st in s.units.get(space, {}).items()):
        return True
    c = s.cities.get(space)
    return (c is not None and c.owner not in mine) or space in s.tribes


def _garrison_only(s: PRState, owner: str, space: str) -> bool:
    mine = friends_of(s, owner)
    return any(o not in mine and st.get("GR") for o, st in s.units.get(space, {}).items())


def withdrawal_spaces(s: PRState, owner: str, space: str, came_from: str, mp: int,
                      avoid: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """Where a withdrawing army may end within ``mp`` MP (§9.4.1, §9.4.4): never into the space
    the enemy came from, nor into enemy LCUs, cities or settlements; through an enemy garrison
    at +1 MP; never ending in a Transit Point; at least one MP spent; never back into ``avoid``
    (the battle space and the way already gone)."""
    d = data()
    best = {space: 0}
    todo = [space]
    while todo:
        here = todo.pop(0)
        for nb in d.land_neighbours(here):
            if nb == came_from or nb == space or nb in avoid:
                continue
            cost = _withdraw_step_cost(s, owner, here, nb)
            if cost is None:
                continue
            cost += best[here]
            if cost <= mp and cost < best.get(nb, 99):
                best[nb] = cost
                todo.append(nb)
    return sorted(sp for sp in best if sp != space and _may_end_withdrawal(s, owner, sp))


def _withdraw_step_cost(s: PRState, owner: str, here: str, there: str) -> int | None:
    """One step of a withdrawal (§9.4.4): None where it may not go; +1 MP through a space held
    only by an enemy garrison; straits as in a move (§9.5.3); militia stay at home (§12.3.3)."""
    if _withdraw_blocked(s, owner, there):
        return None
    kinds = data().link_types(here, there)
    if "strait" in kinds and "land" not in kinds and not _strait_open(s, owner, here, there):
        return None
    if "ML" in s.stack(here, owner) and data().spaces[there].home_of != owner:
        return None
    return step_cost(s, here, there) + (1 if _garrison_only(s, owner, there) else 0)


def _may_end_withdrawal(s: PRState, owner: str, space: str) -> bool:
    return space not in data().transit_points and not _garrison_only(s, owner, space)


def may_withdraw(s: PRState, owner: str) -> bool:
    """Tribes, barbarians (unless an invasion army's Power moves them), Independents and slaves
    never withdraw (§13.1.3, §13.2.3, §12.5, §12.7.3)."""
    return controller_of(s, owner) is not None


@step("contact")
def contact(s: PRState, f: Frame) -> None:
    """§10.2 steps 1-2: each defending Power may withdraw; then the battle."""
    space, owner = f["space"], f["owner"]
    m = move_frame(s)
    done = m.get("withdrew", []) if m is not None else []
    for side in hostile(s, space, owner):
        # §9.4.1: a side withdraws once in a Major or Minor Move
        from games.pax_romana.cards.hooks import unlimited_withdrawal  # §17.2 Cunctator
        if side in f["offered"] or (side in done and not unlimited_withdrawal(
                s, controller_of(s, side))) or not may_withdraw(s, side):
            continue
        from games.pax_romana.cards.successor import stands_against
        if stands_against(s, side, owner):  # A40 (§17.2 Successor Wars Roll On)
            continue
        if not any(k in LCU_TYPES for k in s.stack(space, side)):
            continue
        f["offered"].append(side)
        push(s, "withdraw", role=controller_of(s, side), side=side, space=space,
             came_from=f["came_from"], mover=owner)
        return
    pop(s, f)
    enemies = hostile(s, space, owner)
    if not enemies:
        if m is not None and f["offered"]:
            m["refund"] = mp_cost("attack")
        after_entry(s, space, owner)
        return
    battle.start(s, space=space, attacker=owner, attacker_role=f["role"], defender=enemies[0],
                 came_from=f["came_from"], intercept=False,
                 amphibious=m is not None and m.get("amphibious_at") == space)


# -- the withdrawal, space by space (§9.4) ---------------------------------------------------------
def withdrawal_ports(s: PRState, side: str, at: str) -> list[str]:
    """§9.4.5 with §11.3.2: a withdrawal by Naval Transport goes from a port free of enemy galleys
    one sea link only, to a friendly controlled port (here also free of enemy galleys, which
    a transport could not pass without a naval battle)."""
    d = data()
    power = controller_of(s, side)
    if power is None or at not in d.ports or naval.enemy_galleys(s, power, at):
        return []
    mine = friends_of(s, side)
    home_only = "ML" in s.stack(at, side)
    return sorted(p for p in d.sea_neighbours(at)
                  if p in d.ports and space_controller(s, p) in mine
                  and not naval.enemy_galleys(s, power, p)
                  and not (home_only and d.spaces[p].home_of != side))


def sea_withdrawal_mp() -> int:
    """Embark, the voyage and disembark (§9.4.5, §11.3.1): 3 MP."""
    return sum(naval.transport_cost(k) for k in ("embark", "voyage", "disembark"))


def withdraw_steps(s: PRState, f: Frame) -> list[tuple[str, int]]:
    """The next spaces a withdrawing army may step into, with their cost: each one from which
    it may end its withdrawal, there or further on, within the MP left."""
    d = data()
    side, here, left = f["side"], f["at"], f["mp"]
    avoid = {f["space"], *f["path"]}
    out = []
    for nb in sorted(d.land_neighbours(here)):
        if nb == f["came_from"] or nb in avoid:
            continue
        cost = _withdraw_step_cost(s, side, here, nb)
        if cost is None or cost > left:
            continue
        if _may_end_withdrawal(s, side, nb) or withdrawal_spaces(
                s, side, nb, f["came_from"], left - cost, avoid=avoid):
            out.append((nb, cost))
    return out


def _withdraw_choices(s: PRState, f: Frame) -> list[Choice]:
    stage = f.get("stage")
    if stage == "sea":
        if f.get("over"):
            return []                   # §9.4.5: the one sea link is sailed; nothing more
        return [opt("withdraw_by_sea_to", p, "choice.withdraw_by_sea_to", space=f"@space.{p}")
                for p in withdrawal_ports(s, f["side"], f["at"])] + _leave_choices(s, f)
    if stage == "go":
        if not s.stack(f["at"], f["side"]) or f.get("over"):
            return []
        options = [opt("withdraw_to", sp, "choice.move_to", space=f"@space.{sp}", cost=c,
                       left=f["mp"] - c) for sp, c in withdraw_steps(s, f)]
        options += _leave_choices(s, f) if options else []
        options += _split_choices(s, f)
        if f["mp"] >= sea_withdrawal_mp() and withdrawal_ports(s, f["side"], f["at"]):
            options.append(opt("withdraw_by_sea", None, "choice.withdraw_embark",
                               n=sea_withdrawal_mp()))
        fixed = []
        if f["at"] != f["space"] and _may_end_withdrawal(s, f["side"], f["at"]) and options:
            fixed = [opt("stop", None, "choice.withdraw_stop")]
        return paged(f, f["role"], options, fixed)
    out = [opt("withdraw", None, "choice.withdraw")]
    if withdrawal_ports(s, f["side"], f["space"]):
        out.append(opt("withdraw_by_sea", None, "choice.withdraw_by_sea", n=sea_withdrawal_mp()))
    if not cavalry_only_in_mountains(s, f["side"], f["space"]):
        out.append(opt("stand", None, "choice.stand"))
    return out


def _withdrawing_units(s: PRState, f: Frame) -> dict[str, int]:
    """The side's units in the battle space that go, less those it leaves behind."""
    left = f.get("left", {})
    out = {k: n - left.get(k, 0) for k, n in s.stack(f["space"], f["side"]).items()
           if k != "GS"}
    return {k: n for k, n in out.items() if n > 0}


def _leave_choices(s: PRState, f: Frame) -> list[Choice]:
    """§9.4.5: before it sets out, the army may leave units behind to fight; what goes must
    keep a combat unit (garrisons never withdraw by themselves)."""
    if f["at"] != f["space"]:
        return []
    going = _withdrawing_units(s, f)
    out = []
    for k in sorted(going):
        rest = dict(going, **{k: going[k] - 1})
        if any(n > 0 and kind in LCU_TYPES for kind, n in rest.items()):
            out.append(opt("leave_behind", k, "choice.leave_unit", unit=f"@unit.{k}"))
    return out


def _going(s: PRState, f: Frame) -> dict[str, int]:
    """The units of the withdrawal, as they stand after any interception battle on the way (a
    weakened LG or HI is still its unit); not the side's other units in the space."""
    if f.get("fought") is None:
        return dict(f["units"])
    budget: dict[str, int] = {}
    for k, n in f["units"].items():
        base = k[1:] if k in ("wLG", "wHI") else k
        budget[base] = budget.get(base, 0) + n
    out: dict[str, int] = {}
    for k, n in sorted(s.stack(f["at"], f["side"]).items(), key=lambda kv: kv[0][0] != "w"):
        base = k[1:] if k in ("wLG", "wHI") else k
        take = min(n, budget.get(base, 0))
        if k != "GS" and take:
            out[k] = take
            budget[base] -= take
    return out


def _joining(s: PRState, f: Frame) -> dict[str, int]:
    """The side's units standing where the withdrawing army now is, not part of it."""
    going = _going(s, f)
    out = {k: n - going.get(k, 0) for k, n in s.stack(f["at"], f["side"]).items() if k != "GS"}
    return {k: n for k, n in out.items() if n > 0}


def _split_choices(s: PRState, f: Frame) -> list[Choice]:
    """§9.4.5: on the way, units may split off (0 MP), staying where the army is, as long as a
    combat unit goes on; or join it (1 MP): the side's units standing there. Not in a Transit
    Point or a space where a withdrawal may not end."""
    at = f["at"]
    if at == f["space"] or f.get("over") or not _may_end_withdrawal(s, f["side"], at):
        return []
    out = []
    going = _going(s, f)
    for k in sorted(going):
        rest = dict(going, **{k: going[k] - 1})
        if (k in LCU_TYPES or k == "GR") and any(
                n > 0 and kind in LCU_TYPES for kind, n in rest.items()):
            out.append(opt("withdraw_split", k, "choice.drop_unit", unit=f"@unit.{k}"))
    if f["mp"] >= 1 and _joining(s, f):
        out.append(opt("withdraw_join", None, "choice.pick_up", n=sum(_joining(s, f).values())))
    return out


def cavalry_only_in_mountains(s: PRState, side: str, space: str) -> bool:
    """§10.4.3: cavalry without infantry attacked in a rough mountain withdraws by itself."""
    st = s.stack(space, side)
    return (space in data().rough_mountains and any(k in battle.CAVALRY for k in st)
            and not any(k in LCU_TYPES and k not in battle.CAVALRY for k in st))


def _withdraw_prompt(s: PRState, f: Frame) -> Msg:
    if f.get("stage") == "sea":
        return msg("prompt.withdraw_by_sea", who=f"@power.{f['role']}",
                   space=f"@space.{f['at']}")
    if f.get("stage") == "go":
        return msg("prompt.withdraw_to", who=f"@power.{f['role']}", space=f"@space.{f['at']}",
                   n=f["mp"])
    mover = f["mover"]
    army = f"@army.{mover}"
    return msg("prompt.withdraw", who=f"@power.{f['role']}", army=army,
               space=f"@space.{f['space']}")


@question("withdraw", _withdraw_choices, _withdraw_prompt, lapses=_lapses)
def withdraw(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§9.4.1: 1d6 MP with the cavalry modifier (§9.4.3); a result of 0 or less, or nowhere to
    go, and the army fights (ambiguity A26). The army then goes space by space, at least one
    MP, and may be intercepted in each space it enters (§9.4.5, §9.3.1); by sea one link to a
    friendly port, the roll unmodified (§9.4.3, §9.4.5). -1 Stability from one's Home
    Territory (§9.4.5)."""
    if verb == "page":
        turn_page(f, f["role"])
        return
    f.setdefault("page", {}).pop(f["role"], None)
    side, space = f["side"], f["space"]
    if verb == "stand":
        pop(s, f)
        return
    if verb == "stop":
        pop(s, f)
        return
    if verb == "withdraw_by_sea" and f.get("stage") == "go":
        f["stage"] = "sea"
        return
    if verb == "leave_behind":
        f.setdefault("left", {})[arg] = f.get("left", {}).get(arg, 0) + 1
        return
    if verb in ("withdraw_split", "withdraw_join"):
        f["units"] = _going(s, f)
        f.pop("fought", None)
    if verb == "withdraw_split":            # §9.4.5: split off, 0 MP
        f["units"][arg] -= 1
        if not f["units"][arg]:
            del f["units"][arg]
        s.say(msg("log.dropped", power=f"@power.{side}", unit=f"@unit.{arg}",
                  space=f"@space.{f['at']}"))
        return
    if verb == "withdraw_join":             # §9.4.5: join, 1 MP
        f["mp"] -= 1
        for k, n in _joining(s, f).items():
            f["units"][k] = f["units"].get(k, 0) + n
        f["leaders"] += [lid for lid in s.leaders_at(f["at"], side) if lid not in f["leaders"]]
        s.say(msg("log.withdraw_joined", power=f"@power.{side}", space=f"@space.{f['at']}"))
        return
    if verb in ("withdraw", "withdraw_by_sea"):
        by_sea = verb == "withdraw_by_sea"
        roll = d6(s)
        mp = roll if by_sea else roll + withdrawal_modifier(s, space, f["mover"], side)
        s.mark_irreversible()
        f.update(at=space, path=[space], mp=mp, units={}, leaders=[])
        if by_sea:
            ok = mp >= sea_withdrawal_mp()
            f["stage"] = "sea"
        else:
            f["stage"] = "go"
            ok = mp > 0 and bool(withdraw_steps(s, f))
        s.say(msg("log.withdraw_roll", power=f"@power.{side}", space=f"@space.{space}",
                  roll=roll, n=max(mp, 0)))
        if not ok:
            s.say(msg("log.withdraw_failed", power=f"@power.{side}", space=f"@space.{space}"))
            pop(s, f)
        return
    here = f["at"]
    if here == space:
        _leave_battle_space(s, f)
    units = _going(s, f) if here != space else f["units"]
    f.pop("fought", None)
    if verb == "withdraw_by_sea_to":
        units = dict(units, **({"GS": s.stack(here, side)["GS"]} if s.stack(here, side).get("GS")
                               else {}))
        f["mp"] -= sea_withdrawal_mp()
        f["over"] = True                # §9.4.5: one sea link, and there it ends
        f["stage"] = "go"
        s.say(msg("log.withdrew_by_sea", power=f"@power.{side}", start=f"@space.{here}",
                  space=f"@space.{arg}"))
    else:
        cost = _withdraw_step_cost(s, side, here, arg) or 0
        f["mp"] -= cost
        s.say(msg("log.withdrew", power=f"@power.{side}", start=f"@space.{here}",
                  space=f"@space.{arg}"))
    went = shift_army(s, side, units, f["leaders"], here, arg)
    f["units"] = {k: n for k, n in went.items() if k != "GS"}
    s.merge_weakened(arg, side)
    f["at"] = arg
    f["path"].append(arg)
    escaping(s, side, here, arg, f["mover"], not_from=[space])


def _leave_battle_space(s: PRState, f: Frame) -> None:
    """The army leaves the battle space: what goes, the Stability cost at home (§9.4.5), and the
    mark that this side withdrew in the present move (§9.4.1)."""
    side, space = f["side"], f["space"]
    f["units"] = _withdrawing_units(s, f)
    f["leaders"] = s.leaders_at(space, side)
    power = controller_of(s, side)
    if power is not None and side == power:
        withdrawal_stability(s, power, space)
    m = move_frame(s)
    if m is not None:
        m.setdefault("withdrew", []).append(side)


def escaping(s: PRState, side: str, start: str, there: str, enemy: str,
             not_from: list[str] | None = None) -> None:
    """§9.3.1, §9.4.5, §10.7.6: an army withdrawing or retreating may be intercepted in each
    space it enters, but not by the army it escapes: none intercepts from the space it left
    (``not_from``, by default ``start``), where that army stands."""
    who = controller_of(s, side)
    if who is None:
        return
    push(s, "entry", space=there, came_from=start, owner=side, role=who, asked=[],
         attack=False, moving=False, not_from=list(not_from if not_from is not None else [start]))


def withdrawing_frame(s: PRState, side: str) -> Frame | None:
    """The withdrawal under way of ``side``, if it is on its way (§9.4)."""
    for f in reversed(s.flow):
        if f["k"] == "withdraw" and f["side"] == side and f.get("stage") == "go":
            return f
    return None


texts.extend({
    "en": {
        "prompt.intercept_escaping": "{who}: {army}, withdrawing or retreating from a battle, "
                                     "enters {space} next to your army: intercept it?",
        "prompt.intercept_joint": "{who}: {army} enters {space} to attack {side}: intercept, "
                                  "fighting beside them as one army for this battle (your army "
                                  "then goes back where it came from)?",
        "prompt.intercept_city": "{who}: intercepting from {start} into {space}: before the roll, "
                                 "declare which units there defend in the city or settlement "
                                 "(they stay out of the interception battle); the rest join "
                                 "your attack",
        "choice.in_city": "One {unit} ({who}) defends in the city",
        "choice.all_in_city": "All of them defend in the city",
        "choice.intercept_roll": "Roll for the interception ({n} in the city)",
        "choice.withdraw_by_sea": "Withdraw by sea (1d6 unmodified, {n} MP needed)",
        "choice.withdraw_embark": "Embark and withdraw by sea ({n} MP)",
        "choice.withdraw_stop": "End the withdrawal here",
        "choice.withdraw_by_sea_to": "Sail to {space}",
        "prompt.withdraw_by_sea": "{who}: the army withdrawing from {space} sails one sea link: "
                                  "to which friendly port?",
        "log.withdrew_by_sea": "{power} withdraws by sea from {start} to {space}.",
        "log.withdraw_joined": "{power}: the units at {space} join the withdrawing army.",
    },
    "ru": {
        "prompt.intercept_escaping": "{who}: {army}, отходящая или отступающая после боя, "
                                     "входит в {space:acc} рядом с вашей армией: перехватить?",
        "prompt.intercept_joint": "{who}: {army} входит в {space:acc}, чтобы атаковать {side}: "
                                  "перехватить и сражаться вместе с ними одной армией в этом "
                                  "бою (потом ваша армия вернётся, откуда пришла)?",
        "prompt.intercept_city": "{who}: перехват из {start:gen} в {space:acc}: до броска "
                                 "объявите, какие отряды там обороняются в городе или поселении "
                                 "(они не участвуют в бою при перехвате); остальные атакуют "
                                 "вместе с вами",
        "choice.in_city": "{unit} ({who}): один отряд обороняется в городе",
        "choice.all_in_city": "Все они обороняются в городе",
        "choice.intercept_roll": "Бросок на перехват (в городе: {n})",
        "choice.withdraw_by_sea": "Отойти морем (1d6 без модификаторов, нужно {n} ОД)",
        "choice.withdraw_embark": "Погрузиться и отойти морем ({n} ОД)",
        "choice.withdraw_stop": "Закончить отход здесь",
        "choice.withdraw_by_sea_to": "Плыть в {space:acc}",
        "prompt.withdraw_by_sea": "{who}: армия, отходящая из {space:gen}, плывёт на одну морскую "
                                  "связь: в какой дружественный порт?",
        "log.withdrew_by_sea": "{power} отходит морем из {start:gen} в {space:acc}.",
        "log.withdraw_joined": "{power}: отряды в {space:loc} присоединяются к отходящей армии.",
    },
})
