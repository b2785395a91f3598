"""The Advanced Game's rebellions (§13.3): the Rebellion card (kind 29) rolls 2d6 on the
Rebellion Table and the region's own rules follow.

Rebel Barbarians (``BR`` of owner ``barbarian``) never move, withdraw or retreat (§13.2.3) and
stay until destroyed: they are not invasion armies (``barbarian_armies``), so nobody may move
them. Where they stand is kept in ``card_effects["rebels"]`` (space -> region) for the rules
that last while they live (``rebels_alive``):

* Africa yields no income (``no_income``, economy.py);
* nobody controls Britannia, nor Mauretania (``no_control``, control.py);
* entering a space of Hispania linked to the rebels' space costs +1 MP, a space of Judaea 2 MP
  (``extra_mp``, movement.py).

Cyprus closes its spaces to naval movement for the rest of the Game Turn (``sea_closed``,
naval.py; ``card_effects["cyprus_revolt"]`` holds the turn). The Mass Rebellion's Gallic army
(§13.2.6) is an army of ``barbarian_armies`` (group ``gallic_rebellion``) that any Power may move
with its Major Move this turn (``may_move``, activation.py; ambiguity A30), never out of mainland
Gaul (``barred``, movement.py), and that leaves in the next Removal Phase (leaders.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Choice, msg
from games.pax_romana.control import data, province_map, space_controller
from games.pax_romana.flow import Frame, opt, paged, pop, push, question, step, turn_page
from games.pax_romana.leaders import kill_leader
from games.pax_romana.state import LCU_TYPES, LeaderState, PRState
from games.pax_romana.texts import extend

REBELS = "rebels"                 # card_effects: space -> region of rebel BR
CYPRUS = "cyprus_revolt"          # card_effects: the Game Turn Cyprus revolts
GALLIC = "gallic_rebellion"       # the Mass Rebellion's army in barbarian_armies
GALLIC_LEADER = "gallic_mass_rebellion"
GAUL_MAINLAND = ("narbonensis", "aquitania", "lugdunensis", "belgica")
MERCENARIES = ("MHI", "MLI", "MCV")
MOST_BP = 8                       # Danube, Germania, the Local Rebellion in Gaul
LOCAL_TOP = 6                     # 1d6 + Gallic provinces controlled: 1-6 Local, 7+ Mass


def d6(s: PRState) -> int:
    return int(s.rng.roll(range(1, 7)))


def bp(kind: str) -> int:
    from games.pax_romana.battle import bp_of
    return bp_of(kind)


# -- what lasts while the rebels live ---------------------------------------------------------------
def rebels_alive(s: PRState, region: str) -> bool:
    """Whether a rebel BR of ``region`` is still on the map."""
    return any(r == region and s.stack(sp, "barbarian").get("BR", 0) > 0
               for sp, r in s.card_effects.get(REBELS, {}).items())


def rebel_spaces(s: PRState, region: str) -> list[str]:
    return sorted(sp for sp, r in s.card_effects.get(REBELS, {}).items()
                  if r == region and s.stack(sp, "barbarian").get("BR", 0) > 0)


_NO_CONTROL = {"britannia": "britannia", "mauretania": "mauretania"}   # province -> region


def no_control(s: PRState, province: str) -> bool:
    """§13.3 Britannia, Mauretania: nobody controls the province while its rebels live."""
    if not s.card_effects.get(REBELS):
        return False
    region = _NO_CONTROL.get(province)
    return region is not None and rebels_alive(s, region)


def no_income(s: PRState, province: str) -> bool:
    """§13.3 Africa: the province yields no income until the mutineers are destroyed."""
    return province == "africa" and bool(s.card_effects.get(REBELS)) and rebels_alive(s, "africa")


def extra_mp(s: PRState, there: str, cost: int) -> int:
    """The MP added to a step into ``there`` that costs ``cost`` (§13.3): Hispania +1 into a
    space linked to the rebels' space; Judaea: 2 MP for each space while a Jewish BR lives."""
    if not s.card_effects.get(REBELS):
        return 0
    d = data()
    if there in d.transit_points or there not in d.spaces:
        return 0
    extra = 0
    province = d.spaces[there].province
    if province == "judaea" and rebels_alive(s, "judaea"):
        extra = max(0, 2 - cost)
    if d.spaces[there].territory == "hispania" and any(
            there in d.land_neighbours(sp) for sp in rebel_spaces(s, "hispania")):
        extra += 1
    return extra


def cyprus_spaces() -> tuple[str, ...]:
    return tuple(data().spaces_of("cyprus"))


def sea_closed(s: PRState, power: str, point: str) -> bool:
    """§13.3 Cyprus: this Game Turn no fleet sails into or through a Cyprus space, except where
    its Power already has galleys."""
    if s.card_effects.get(CYPRUS) != s.turn or point not in cyprus_spaces():
        return False
    return not s.stack(point, power).get("GS", 0)


# -- the Gallic army of the Mass Rebellion ------------------------------------------------------
def gallic_army(s: PRState, space: str) -> dict[str, Any] | None:
    return next((a for a in s.barbarian_armies if a["at"] == space and a["group"] == GALLIC),
                None)


def may_move(s: PRState, army: dict[str, Any], power: str) -> bool:
    """§13.3 Mass Rebellion: after its placement, any Power may move the Gallic army with its
    Major Move for the rest of the turn (ambiguity A30, the play note). With the option
    ``gaul_objection`` the card's player may have objected: then only he moves it."""
    if army.get("group") != GALLIC:
        return False
    return not army.get("objected") or power == army.get("mover")


def barred(s: PRState, here: str, there: str) -> bool:
    """§13.3: the Gallic army never leaves mainland Gaul (nor enters Britannia), and it keeps
    apart from other Barbarians (this engine fights two sides at a time)."""
    army = gallic_army(s, here)
    if army is None:
        return False
    if data().spaces[there].province not in GAUL_MAINLAND:
        return True
    return "barbarian" in s.units.get(there, {}) or there in s.tribes


def placement_mp(s: PRState, f: Frame) -> int:
    """§13.3: the placement attack costs 2 MP if the card's player moves the Gallic army with
    the Major Move of the same Activation."""
    army = gallic_army(s, f["start"])
    if army is None or not army.get("attacked") or f["role"] != army.get("mover"):
        return 0
    if army.get("am") != len(s.am_track):
        return 0
    army["attacked"] = False
    return 2


# -- the card -------------------------------------------------------------------------------------
def play(s: PRState, power: str) -> None:
    """The Rebellion card (§17.2, kind 29): 2d6 on the Rebellion Table, the region's rules."""
    roll = d6(s) + d6(s)
    row = data().tables.rebellion_table.region(roll)
    s.say(msg("log.rebellion_card", power=f"@power.{power}", roll=roll,
              region=f"@region.{row.region}"))
    REGIONS[row.region](s, power)


def _land(st: dict[str, int]) -> dict[str, int]:
    return {k: n for k, n in st.items() if k != "GS" and n > 0}


def _land_bp(st: dict[str, int]) -> int:
    return sum(bp(k) * n for k, n in _land(st).items())


def _destroy(s: PRState, space: str, owner: str) -> None:
    """All ``owner``'s land units in ``space`` go; its leaders there die (§13.3)."""
    for kind in list(_land(s.stack(space, owner))):
        s.remove(space, owner, kind, 99)
    for lid in s.leaders_at(space, owner):
        s.say(msg("log.leader_fell", leader=f"@leader.{lid}"))
        kill_leader(s, lid)
    s.say(msg("log.rebels_destroy", power=f"@power.{owner}", space=f"@space.{space}"))


def _raise(s: PRState, space: str, n: int, region: str) -> None:
    """Rebels rise in ``space``; the spaces whose rebels are gone are forgotten."""
    rebels = s.card_effects.setdefault(REBELS, {})
    for sp in [x for x in rebels if not s.stack(x, "barbarian").get("BR", 0)]:
        del rebels[sp]
    s.add(space, "barbarian", "BR", n)
    rebels[space] = region
    s.say(msg("log.rebels_rise", n=n, space=f"@space.{space}"))


def _unoccupied(s: PRState, space: str) -> bool:
    return not s.units.get(space) and space not in s.cities and space not in s.tribes


def _remove_garrisons(s: PRState, spaces: list[str] | tuple[str, ...]) -> None:
    for sp in spaces:
        for owner in sorted(s.units.get(sp, {})):
            if s.remove(sp, owner, "GR", 99):
                s.say(msg("log.garrisons_removed", power=f"@power.{owner}",
                          space=f"@space.{sp}"))


# -- the choices the card's player makes: a step that works out the options, asks if need be ------
Options = Callable[[PRState, Frame], list[str]]
Apply = Callable[[PRState, Frame, str], None]


class Stage:
    def __init__(self, options: Options, apply: Apply, prompt: str, label: Callable[
            [PRState, str], Choice], optional: bool = False) -> None:
        self.options, self.apply, self.prompt = options, apply, prompt
        self.label, self.optional = label, optional


STAGES: dict[str, Stage] = {}


def ask(s: PRState, power: str, stage: str, **data_: Any) -> None:
    """Push the stage: its options are worked out when it comes up."""
    push(s, "rebels", role=power, stage=stage, **data_)


@step("rebels")
def _rebels(s: PRState, f: Frame) -> None:
    pop(s, f)
    st = STAGES[f["stage"]]
    options = st.options(s, f)
    if not options:
        if not st.optional:
            s.say(msg("log.no_effect"))
        return
    if len(options) == 1 and not st.optional:
        st.apply(s, f, options[0])
        return
    push(s, "rebels_choice", **{k: v for k, v in f.items() if k != "k"}, options=options)


def _choices(s: PRState, f: Frame) -> list[Choice]:
    st = STAGES[f["stage"]]
    fixed = [opt("none", None, "choice.rebels_none")] if st.optional else []
    return paged(f, f["role"], [st.label(s, o) for o in f["options"]], fixed)


@question("rebels_choice", _choices,
          lambda s, f: msg(STAGES[f["stage"]].prompt, who=f"@power.{f['role']}"))
def _rebels_choice(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    if verb == "none":
        return
    STAGES[f["stage"]].apply(s, f, str(arg))


def stage(name: str, prompt: str, label: Callable[[PRState, str], Choice], options: Options,
          apply: Apply, optional: bool = False) -> None:
    """Register a choice of the card's player: ``options`` when it comes up, ``apply`` the
    one taken (by itself when there is only one and the choice is not optional)."""
    STAGES[name] = Stage(options, apply, prompt, label, optional)


def _space_label(verb: str) -> Callable[[PRState, str], Choice]:
    return lambda s, o: opt(verb, o, "choice.at_space", space=f"@space.{o}")


def _units_label(s: PRState, key: str) -> Choice:
    sp, owner = key.split("|")
    return opt("strike", key, "choice.rebels_units_at", power=f"@power.{owner}",
               space=f"@space.{sp}", n=_land_bp(s.stack(sp, owner)))


def _garrison_label(s: PRState, key: str) -> Choice:
    sp, owner = key.split("|")
    return opt("garrison", key, "choice.garrison_of", power=f"@power.{owner}",
               space=f"@space.{sp}")


def _unit_label(s: PRState, key: str) -> Choice:
    sp, owner, kind = key.split("|")
    return opt("unit", key, "choice.unit_of", power=f"@power.{owner}", space=f"@space.{sp}",
               unit=f"@unit.{kind}")


def _province_label(s: PRState, pr: str) -> Choice:
    return opt("province", pr, "choice.province", province=f"@province.{pr}")


def _garrisons_in(s: PRState, spaces: list[str] | tuple[str, ...]) -> list[str]:
    return [f"{sp}|{o}" for sp in spaces for o in sorted(s.units.get(sp, {}))
            if s.stack(sp, o).get("GR", 0)]


def _strike_targets(s: PRState, spaces: list[str] | tuple[str, ...],
                    no_cities: bool = False) -> list[str]:
    """A Power's land units of at most 8 BP in one space (§13.3 Danube, Germania, Gaul)."""
    out = []
    for sp in spaces:
        if no_cities and sp in s.cities:
            continue
        for owner in sorted(s.units.get(sp, {})):
            st = s.stack(sp, owner)
            if owner in s.powers and _land(st) and _land_bp(st) <= MOST_BP:
                out.append(f"{sp}|{owner}")
    return out


# -- the regions ------------------------------------------------------------------------------------
def africa(s: PRState, power: str) -> None:
    """Only if Carthage has Mercenaries in Africa: each group mutinies into as many BR as its
    BP; BR with Carthaginians in their space attack them: beaten, the BR are destroyed; winning,
    the Carthaginians must retreat. Africa yields no income while these BR live."""
    from games.pax_romana.battle import start
    from games.pax_romana.movement import hostile
    spaces = [sp for sp in data().spaces_of("africa")
              if any(s.stack(sp, "carthage").get(k) for k in MERCENARIES)]
    if not spaces:
        s.say(msg("log.no_effect"))
        return
    for sp in reversed(spaces):
        st = s.stack(sp, "carthage")
        n = sum(bp(k) * st.get(k, 0) for k in MERCENARIES)
        for k in MERCENARIES:
            s.remove(sp, "carthage", k, 99)
        s.say(msg("log.mercenaries_mutiny", power="@power.carthage", space=f"@space.{sp}", n=n))
        _raise(s, sp, n, "africa")
        if "carthage" in hostile(s, sp, "barbarian"):
            push(s, "mutiny_after", space=sp, seq=len(s.log), role=power)
            start(s, space=sp, attacker="barbarian", attacker_role=power, defender="carthage",
                  came_from=sp, intercept=False)


def _battle_winner(s: PRState, space: str, since: int) -> str | None:
    """The winner of the battle fought in ``space`` since log entry ``since`` (None: a draw)."""
    for entry in reversed(s.log[since:]):
        m = entry.msg
        if m.key == "log.battle_result" and m.args.get("space") == f"@space.{space}":
            who = str(m.args.get("who", ""))
            return who.split(".", 1)[1] if who.startswith("@power.") else None
    return None


@step("mutiny_after")
def _mutiny_after(s: PRState, f: Frame) -> None:
    """§13.3 Africa: beaten mutineers are destroyed where they stand; victorious ones drive the
    Carthaginians out of the space (with nowhere to go, they are destroyed, §10.7)."""
    pop(s, f)
    space = f["space"]
    winner = _battle_winner(s, space, f["seq"])
    if winner == "carthage":
        if s.remove(space, "barbarian", "BR", 99):
            s.say(msg("log.rebels_destroyed", space=f"@space.{space}"))
    elif winner == "barbarian" and any(k in LCU_TYPES for k in s.stack(space, "carthage")):
        if _retreat_options(s, f):
            ask(s, "carthage", "africa_retreat", space=space)
        else:
            _destroy(s, space, "carthage")


def _retreat_options(s: PRState, f: Frame) -> list[str]:
    from games.pax_romana.battle import retreat_spaces
    return retreat_spaces(s, {"space": f["space"], "dfd": "carthage", "came_from": f["space"],
                              "intercept": False})


def _retreat(s: PRState, f: Frame, dest: str) -> None:
    from games.pax_romana.movement import shift_army
    space = f["space"]
    units = {k: n for k, n in s.stack(space, "carthage").items() if k not in ("GS", "GR")}
    shift_army(s, "carthage", units, s.leaders_at(space, "carthage"), space, dest)
    s.merge_weakened(dest, "carthage")
    s.say(msg("log.retreated", power="@power.carthage", start=f"@space.{space}",
              space=f"@space.{dest}"))


stage("africa_retreat", "prompt.rebels_retreat", _space_label("retreat"), _retreat_options,
      _retreat)


def britannia(s: PRState, power: str) -> None:
    """All Garrisons leave Britannia; the card's player places 3 BR in an unoccupied space of
    it; nobody controls Britannia while they live."""
    _remove_garrisons(s, data().spaces_of("britannia"))
    ask(s, power, "britannia")


def _britannia_options(s: PRState, f: Frame) -> list[str]:
    return [sp for sp in data().spaces_of("britannia") if _unoccupied(s, sp)]


def _britannia_place(s: PRState, f: Frame, space: str) -> None:
    _raise(s, space, 3, "britannia")


stage("britannia", "prompt.rebels_place", _space_label("place"), _britannia_options,
      _britannia_place)


def cyprus(s: PRState, power: str) -> None:
    """No naval movement into or through the Cyprus spaces for the rest of the Game Turn,
    except where a Power has galleys."""
    s.card_effects[CYPRUS] = s.turn
    s.say(msg("log.cyprus_revolt"))


DANUBE = ("raetia", "noricum", "pannonia", "dalmatia", "moesia", "dacia")
GERMANIA = ("lower_germany", "upper_germany")


def danube(s: PRState, power: str) -> None:
    """All of one Power's land units (at most 8 BP) in one space of the Danube are destroyed,
    its leaders there with them; the card's player chooses the space."""
    ask(s, power, "strike", provinces=list(DANUBE))


def germania(s: PRState, power: str) -> None:
    """As the Danube, in one space of Lower or Upper Germany."""
    ask(s, power, "strike", provinces=list(GERMANIA))


def _strike_options(s: PRState, f: Frame) -> list[str]:
    return _strike_targets(s, [sp for pr in f["provinces"] for sp in data().spaces_of(pr)])


def _strike(s: PRState, f: Frame, key: str) -> None:
    sp, owner = key.split("|")
    _destroy(s, sp, owner)


stage("strike", "prompt.rebels_strike", _units_label, _strike_options, _strike)


def gaul(s: PRState, power: str) -> None:
    """No Gallic province (Britannia apart) controlled: the card's player may remove one
    Garrison in Gaul. Otherwise 1d6 + the provinces controlled: 1-6 a Local Rebellion, 7+ the
    Mass Rebellion, once a game."""
    pm = province_map(s)
    held = sum(1 for pr in GAUL_MAINLAND if pm[pr] in s.powers)
    if not held:
        ask(s, power, "gaul_garrison")
        return
    roll = d6(s)
    mass = roll + held > LOCAL_TOP and not s.gaul_mass_rebellion
    s.say(msg("log.gaul_roll", roll=roll, n=held, total=roll + held,
              what="@word.mass_rebellion" if mass else "@word.local_rebellion"))
    if mass:
        s.gaul_mass_rebellion = True
        ask(s, power, "gaul_province")
    else:
        ask(s, power, "gaul_local")


def _gaul_spaces() -> list[str]:
    return [sp for pr in GAUL_MAINLAND for sp in data().spaces_of(pr)]


def _one_garrison(s: PRState, f: Frame, key: str) -> None:
    sp, owner = key.split("|")
    s.remove(sp, owner, "GR", 1)
    s.say(msg("log.garrison_removed", power=f"@power.{owner}", space=f"@space.{sp}"))


stage("gaul_garrison", "prompt.rebels_garrison", _garrison_label,
      lambda s, f: _garrisons_in(s, _gaul_spaces()), _one_garrison, optional=True)


def _local(s: PRState, f: Frame, key: str) -> None:
    """The Local Rebellion: the units go, 3 BR rise there and 1 BR in every uncontrolled space
    of that province."""
    sp, owner = key.split("|")
    _destroy(s, sp, owner)
    _raise(s, sp, 3, "gaul")
    for other in data().spaces_of(data().spaces[sp].province):
        if other != sp and space_controller(s, other) is None:
            _raise(s, other, 1, "gaul")


stage("gaul_local", "prompt.rebels_strike", _units_label,
      lambda s, f: _strike_targets(s, _gaul_spaces(), no_cities=True), _local)


def _mass(s: PRState, f: Frame, province: str) -> None:
    """The Mass Rebellion's base: every Power's land units in its spaces without a city or
    settlement go; 2d6 BR and the 2-5 Gallic leader are placed in any space of it."""
    for sp in data().spaces_of(province):
        if sp in s.cities:
            continue
        for owner in sorted(s.units.get(sp, {})):
            if owner in s.powers and _land(s.stack(sp, owner)):
                _destroy(s, sp, owner)
    n = d6(s) + d6(s)
    ask(s, f["role"], "gallic_army", province=province, n=n)


stage("gaul_province", "prompt.gaul_province", _province_label,
      lambda s, f: list(GAUL_MAINLAND), _mass)


def _army_options(s: PRState, f: Frame) -> list[str]:
    return [sp for sp in data().spaces_of(f["province"])
            if "barbarian" not in s.units.get(sp, {}) and sp not in s.tribes]


def _army(s: PRState, f: Frame, space: str) -> None:
    """The Gallic army is placed; in an occupied space it attacks at once (its defenders may
    withdraw, barbarians.py)."""
    from games.pax_romana.barbarians import attack_on_placement
    from games.pax_romana.movement import hostile
    power, n = f["role"], f["n"]
    s.add(space, "barbarian", "BR", n)
    s.leaders[GALLIC_LEADER] = LeaderState(owner="barbarian", at=space)
    attacked = bool(hostile(s, space, "barbarian"))
    army = {"group": GALLIC, "at": space, "leader": GALLIC_LEADER, "removal_turn": s.turn + 1,
            "mover": power, "am": len(s.am_track), "attacked": attacked}
    s.barbarian_armies.append(army)
    s.say(msg("log.gallic_army", n=n, space=f"@space.{space}", power=f"@power.{power}"))
    if s.options.get("gaul_objection"):
        push(s, "gaul_objection", role=power)
    attack_on_placement(s, army, power)


stage("gallic_army", "prompt.gallic_army", _space_label("place"), _army_options, _army)


@question("gaul_objection",
          lambda s, f: [opt("gaul_share", True, "choice.gaul_share"),
                        opt("gaul_share", False, "choice.gaul_object")],
          lambda s, f: msg("prompt.gaul_objection", who=f"@power.{f['role']}"))
def _gaul_objection(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """Option ``gaul_objection`` (the other reading of A30): the card's player says whether
    the other Powers may use the Gallic army this turn."""
    pop(s, f)
    for army in s.barbarian_armies:
        if army["group"] == GALLIC:
            army["objected"] = not arg
    if not arg:
        s.say(msg("log.gaul_objected", power=f"@power.{f['role']}"))


def hispania(s: PRState, power: str) -> None:
    """The card's player destroys one Garrison in Hispania, then places 3 BR in an unoccupied
    space of Lusitania without a city or settlement, or in Numantia if it is unoccupied."""
    ask(s, power, "hispania_place")
    ask(s, power, "hispania_garrison")


def _hispania_options(s: PRState, f: Frame) -> list[str]:
    out = [sp for sp in data().spaces_of("lusitania") if _unoccupied(s, sp)]
    if _unoccupied(s, "numantia"):
        out.append("numantia")
    return out


def _hispania_place(s: PRState, f: Frame, space: str) -> None:
    _raise(s, space, 3, "hispania")


stage("hispania_garrison", "prompt.rebels_garrison", _garrison_label,
      lambda s, f: _garrisons_in(s, data().spaces_of_territory("hispania")), _one_garrison)
stage("hispania_place", "prompt.rebels_place", _space_label("place"), _hispania_options,
      _hispania_place)


def judaea(s: PRState, power: str) -> None:
    """The Jewish revolt: every Garrison in Judaea goes and at least 1 BP more (a unit the
    card's player chooses); 1 BR rises in a space without LCUs or galleys, into an unoccupied
    city or settlement if there is one. While it lives each space entered in Judaea costs 2 MP."""
    _remove_garrisons(s, data().spaces_of("judaea"))
    ask(s, power, "judaea_place")
    ask(s, power, "judaea_loss")


def _judaea_units(s: PRState, f: Frame) -> list[str]:
    return [f"{sp}|{o}|{k}" for sp in data().spaces_of("judaea")
            for o in sorted(s.units.get(sp, {})) if o in s.powers
            for k in sorted(s.stack(sp, o)) if bp(k) >= 1]


def _judaea_loss(s: PRState, f: Frame, key: str) -> None:
    sp, owner, kind = key.split("|")
    s.remove(sp, owner, kind, 1)
    s.say(msg("log.rebels_unit", power=f"@power.{owner}", space=f"@space.{sp}",
              unit=f"@unit.{kind}"))
    if not any(k in LCU_TYPES for k in s.stack(sp, owner)):
        for lid in s.leaders_at(sp, owner):
            s.say(msg("log.leader_fell", leader=f"@leader.{lid}"))
            kill_leader(s, lid)


def _judaea_options(s: PRState, f: Frame) -> list[str]:
    spaces = data().spaces_of("judaea")
    towns = [sp for sp in spaces if sp in s.cities and not s.units.get(sp)]
    if towns:
        return towns
    return [sp for sp in spaces
            if not any(k in LCU_TYPES or k == "GS" for st in s.units.get(sp, {}).values()
                       for k in st) and sp not in s.tribes]


def _judaea_place(s: PRState, f: Frame, space: str) -> None:
    _raise(s, space, 1, "judaea")
    city = s.cities.get(space)
    if city is not None:
        city.owner = "barbarian"        # the rebels hold the city and defend with it


stage("judaea_loss", "prompt.rebels_loss", _unit_label, _judaea_units, _judaea_loss)
stage("judaea_place", "prompt.rebels_place", _space_label("place"), _judaea_options,
      _judaea_place)


def mauretania(s: PRState, power: str) -> None:
    """1 BR in every unoccupied space of Mauretania; nobody controls it while they live."""
    spaces = [sp for sp in data().spaces_of("mauretania") if _unoccupied(s, sp)]
    if not spaces:
        s.say(msg("log.no_effect"))
    for sp in spaces:
        _raise(s, sp, 1, "mauretania")


def naval_mutiny(s: PRState, power: str) -> None:
    """The card's player picks any one fleet on the map: it may not move this turn unless its
    owner pays 1T for each of its galleys (naval.py)."""
    from games.pax_romana.events import fleets
    if fleets(s):
        push(s, "mutiny", role=power)
    else:
        s.say(msg("log.no_effect"))


def sardinia(s: PRState, power: str) -> None:
    """1 BR in a space of Sardinia that is unoccupied or holds only a Garrison (removed); the
    fleets there stay."""
    ask(s, power, "sardinia")


def _sardinia_options(s: PRState, f: Frame) -> list[str]:
    out = []
    for sp in data().spaces_of("sardinia"):
        if sp in s.cities or sp in s.tribes:
            continue
        if {k for st in s.units.get(sp, {}).values() for k in st} <= {"GR", "GS"}:
            out.append(sp)
    return out


def _sardinia_place(s: PRState, f: Frame, space: str) -> None:
    _remove_garrisons(s, [space])
    _raise(s, space, 1, "sardinia")


stage("sardinia", "prompt.rebels_place", _space_label("place"), _sardinia_options,
      _sardinia_place)


REGIONS: dict[str, Callable[[PRState, str], None]] = {
    "africa": africa, "britannia": britannia, "cyprus": cyprus, "danube": danube,
    "germania": germania, "gaul": gaul, "hispania": hispania, "judaea": judaea,
    "mauretania": mauretania, "naval_mutiny": naval_mutiny, "sardinia": sardinia,
}


# the regions' names, the Rebellion Table's in both languages (the pictures read them there too)
extend({"en": {f"region.{r.region}": r.name for r in data().tables.rebellion_table.rows},
        "ru": {f"region.{r.region}": r.name_ru for r in data().tables.rebellion_table.rows}})
extend({
    "en": {
        "log.rebellion_card": "{power} plays Rebellion: {roll} on the Rebellion Table: {region}.",
        "log.rebels_rise": "Rebels rise at {space}: {n} BR.",
        "log.rebels_destroy": "The rebels destroy {power}'s land units at {space}.",
        "log.rebels_destroyed": "The beaten rebels at {space} are destroyed.",
        "log.rebels_unit": "The rebels destroy {power}'s {unit} at {space}.",
        "log.garrisons_removed": "{power}'s garrisons at {space} are removed.",
        "log.garrison_removed": "A garrison of {power} at {space} is removed.",
        "log.mercenaries_mutiny": "{power}'s mercenaries at {space} mutiny ({n} BP).",
        "log.cyprus_revolt": "Cyprus revolts: this turn no fleet sails into or through its "
                             "spaces, except where its Power already has galleys.",
        "log.gaul_roll": "Gaul: {roll} + {n} provinces held = {total}: {what}.",
        "log.gallic_army": "The Gallic army ({n} BR and its leader) rises at {space}, placed by "
                           "{power}.",
        "log.gaul_objected": "{power} keeps the Gallic army for himself this turn.",
        "word.local_rebellion": "a Local Rebellion",
        "word.mass_rebellion": "the Mass Rebellion",
        "prompt.rebels_place": "{who}: place the rebels",
        "prompt.rebels_strike": "{who}: choose where the rebels strike",
        "prompt.rebels_garrison": "{who}: choose the garrison to remove",
        "prompt.rebels_loss": "{who}: choose the unit the rebels of Judaea destroy",
        "prompt.rebels_retreat": "{who}: your army must retreat before the mutineers",
        "prompt.gaul_province": "{who}: choose the province where Gaul rises",
        "prompt.gallic_army": "{who}: place the Gallic army",
        "prompt.gaul_objection": "{who}: may the other Powers move the Gallic army this turn?",
        "choice.rebels_units_at": "{power} at {space} ({n} BP)",
        "choice.garrison_of": "Garrison of {power} at {space}",
        "choice.unit_of": "{unit} of {power} at {space}",
        "choice.rebels_none": "None",
        "choice.gaul_share": "Yes, anyone may move it",
        "choice.gaul_object": "No, I object",
        "group.gallic_rebellion": "Gallic rebels",
    },
    "ru": {
        "log.rebellion_card": "{power} разыгрывает «Восстание»: {roll} по Таблице Восстаний: "
                              "{region}.",
        "log.rebels_rise": "Восстание в {space:loc}: ВР {n}.",
        "log.rebels_destroy": "Восставшие уничтожают сухопутные отряды: {power}, {space}.",
        "log.rebels_destroyed": "Разбитые восставшие в {space:loc} уничтожены.",
        "log.rebels_unit": "Восставшие уничтожают отряд: {power}, {unit}, {space}.",
        "log.garrisons_removed": "Гарнизоны удалены: {power}, {space}.",
        "log.garrison_removed": "Гарнизон удалён: {power}, {space}.",
        "log.mercenaries_mutiny": "Наёмники бунтуют: {power}, {space} ({n} БС).",
        "log.cyprus_revolt": "Восстание на Кипре: до конца хода флоты не входят в его области и "
                             "не проходят через них, кроме тех, где у игрока уже есть галеры.",
        "log.gaul_roll": "Галлия: {roll} + провинций под контролем {n} = {total}: {what}.",
        "log.gallic_army": "Галльская армия (ВР {n} и командир) поднимается в {space:loc}; её "
                           "разместил {power}.",
        "log.gaul_objected": "{power} не отдаёт Галльскую армию другим в этом ходу.",
        "word.local_rebellion": "Местное Восстание",
        "word.mass_rebellion": "Массовое Восстание",
        "prompt.rebels_place": "{who}: разместите восставших",
        "prompt.rebels_strike": "{who}: выберите, где ударят восставшие",
        "prompt.rebels_garrison": "{who}: выберите гарнизон, который будет удалён",
        "prompt.rebels_loss": "{who}: выберите отряд, который уничтожат восставшие Иудеи",
        "prompt.rebels_retreat": "{who}: ваша армия должна отступить перед мятежниками",
        "prompt.gaul_province": "{who}: выберите провинцию Галльского восстания",
        "prompt.gallic_army": "{who}: разместите Галльскую армию",
        "prompt.gaul_objection": "{who}: могут ли другие державы двигать Галльскую армию в "
                                 "этом ходу?",
        "choice.rebels_units_at": "{power} в {space:loc} ({n} БС)",
        "choice.garrison_of": "Гарнизон: {power}, {space}",
        "choice.unit_of": "{unit}: {power}, {space}",
        "choice.rebels_none": "Никакой",
        "choice.gaul_share": "Да, любая держава",
        "choice.gaul_object": "Нет, я против",
        "group.gallic_rebellion": "галльские повстанцы",
    },
})
