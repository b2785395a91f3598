"""Event markers and the Standard Random Events table (§16.1-16.2).

An Event marker drawn from the AM pool makes the Power that drew it (the one that last played an
AM, §3.2 F) roll 2d6 on the scenario's Random Events table. Each event names whom it hits, as its
own wording says (ambiguity A31): the Power activated by the next AM (its events wait in
``next_am_events``, even into the next turn, §16.1.3), the Power that last played an AM, the
drawer, or everyone."""

from __future__ import annotations

from typing import Any

from games.core import Choice, msg
from games.pax_romana.barbarians import attack_on_placement, german_first_move, place_leader
from games.pax_romana.control import data, occupants, space_controller
from games.pax_romana.flow import Frame, opt, paged, pop, push, question, step, turn_page
from games.pax_romana.leaders import (
    draw_leaders,
    highest_leader,
    is_exceptional,
    kill_leader,
    rating,
)
from games.pax_romana.stability import adjust, stability_range
from games.pax_romana.state import LCU_TYPES, LeaderState, PRState

NEXT_AM = ("barbarian_invasion", "conqueror", "disease", "galley_improvement",
           "soldiers_of_fortune")


def d6(s: PRState) -> int:
    return int(s.rng.roll(range(1, 7)))


def roll2(s: PRState) -> int:
    return d6(s) + d6(s)


@step("event_roll")
def event_roll(s: PRState, f: Frame) -> None:
    """§16.1.2: the drawer rolls 2d6 on the Random Events table."""
    pop(s, f)
    drawer = f["role"]
    roll = roll2(s)
    row = data().tables.event_table_standard.event(roll)
    s.events_seen.append(row.event)
    s.say(msg("log.event", power=f"@power.{drawer}", roll=roll, event=f"@event.{row.event}"))
    resolve(s, row.event, drawer)


def resolve(s: PRState, event: str, drawer: str) -> None:
    if event in NEXT_AM:
        s.next_am_events.append(event)
        s.say(msg("log.event_waits", event=f"@event.{event}"))
        return
    victim = s.last_am or drawer
    if event == "pirates":
        push(s, "place_pirates", role=victim)
    elif event == "slave_revolt":
        slave_revolt(s, victim)
    elif event == "stability_check":
        stability_check(s, victim)
    elif event == "rebellion":
        rebellion(s, drawer, victim)
    elif event == "revenues_and_stability":
        revenues(s)
    elif event == "harvest_time":
        harvest(s, drawer)


def apply_next_am_events(s: PRState, power: str) -> None:
    """The events that wait for the next AM's Power (§16.1.3), in the order they were rolled."""
    events, s.next_am_events = s.next_am_events, []
    for event in reversed(events):
        s.say(msg("log.event_hits", event=f"@event.{event}", power=f"@power.{power}"))
        if event == "conqueror":
            if any(is_exceptional(lid) for lid, ls in s.leaders.items() if ls.owner == power):
                s.powers[power].conqueror = True
            else:
                s.say(msg("log.no_effect"))
        elif event == "galley_improvement":
            s.powers[power].galley_improvement = True
        elif event == "disease":
            disease(s, power)
        elif event == "soldiers_of_fortune":
            soldiers_of_fortune(s, power)
        elif event == "barbarian_invasion":
            invasion(s, power)


# -- the events ------------------------------------------------------------------------------------
def revenues(s: PRState, powers: list[str] | None = None) -> None:
    """Revenues and Stability: under 3T -1, over 12T +1, for every Power (the card: only
    ``powers``, its drawer)."""
    for power, p in s.powers.items():
        if powers is not None and power not in powers:
            continue
        if p.treasury < 3:
            adjust(s, power, -1, "revenues")
        elif p.treasury > 12:
            adjust(s, power, 1, "revenues")


def harvest(s: PRState, drawer: str) -> None:
    """Harvest Time: 1d6 on the Harvest table for the territory, then 1d6: even +2 Stability to
    its controller, odd -2; nobody controls it, nothing happens."""
    territory, holder = harvest_territory(s)
    good = d6(s) % 2 == 0
    s.say(msg("log.harvest", territory=f"@territory.{territory}",
              what="@word.bountiful" if good else "@word.famine"))
    if holder in s.powers:
        adjust(s, holder, 2 if good else -2, "harvest")


def harvest_territory(s: PRState) -> tuple[str, str | None]:
    """1d6 on the Harvest table: the territory and the Power controlling it (or None)."""
    from games.pax_romana.control import province_map, territory_map
    territory = data().tables.harvest_table.territory(d6(s))
    return territory, territory_map(province_map(s)).get(territory)


def disease(s: PRState, power: str) -> None:
    """Disease: 1d6 against the Campaign of the highest-ranked leader in play; at or under it,
    he dies."""
    lid = highest_leader(s, power)
    if lid is None:
        s.say(msg("log.no_effect"))
        return
    roll = d6(s)
    if roll <= rating(lid)[1]:
        kill_leader(s, lid)
        s.say(msg("log.leader_died", leader=f"@leader.{lid}", power=f"@power.{power}", roll=roll))
    else:
        s.say(msg("log.leader_lived", leader=f"@leader.{lid}", roll=roll))


def rebellion(s: PRState, drawer: str, victim: str) -> None:
    """Rebellion (Standard): 2d6 on the Rebellion table; every Garrison in the row's province is
    removed and each Power controlling a space there loses 1 Stability (ambiguity A29: the
    table row's province; control judged before the garrisons go). Naval Mutiny: the Power that
    last played an AM picks a fleet that may not move this turn unless paid for."""
    row = data().tables.rebellion_table.region(roll2(s))
    s.say(msg("log.rebellion", region=f"@region.{row.region}"))
    if row.std_province is None:
        if fleets(s):
            push(s, "mutiny", role=victim)
        return
    spaces = data().spaces_of(row.std_province)
    ctrl = {sp: space_controller(s, sp) for sp in spaces}
    for sp in spaces:
        for owner in list(s.units.get(sp, {})):
            s.remove(sp, owner, "GR", 99)
    for power in s.roles:
        if power in ctrl.values():
            adjust(s, power, -1, "rebellion")


def fleets(s: PRState) -> list[str]:
    return sorted(f"{sp}|{o}" for sp, owners in s.units.items() for o, st in owners.items()
                  if st.get("GS", 0) and o in s.powers)


def _mutiny_choices(s: PRState, f: Frame) -> list[Choice]:
    return paged(f, f["role"], [opt("fleet", k, "choice.fleet_at", power=f"@power.{k.split('|')[1]}",
                                    space=f"@space.{k.split('|')[0]}") for k in fleets(s)], [])


@question("mutiny", _mutiny_choices, lambda s, f: msg("prompt.mutiny", who=f"@power.{f['role']}"))
def _mutiny(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    s.mutinied.append(arg)
    sp, owner = arg.split("|")
    s.say(msg("log.mutiny", power=f"@power.{owner}", space=f"@space.{sp}"))


# Pirates (§12.6.1)
def pirate_sites(s: PRState) -> list[str]:
    """Any NTP, an uncontrolled port not within one sea link of Rhodes, or Tarsus; never where
    a galley is."""
    d = data()
    near_rhodes = d.sea_neighbours("rhodes") | {"rhodes"}
    taken = {p["at"] for p in s.pirates}
    out = []
    for np in sorted(d.naval_points.values(), key=lambda x: x.id):
        if np.kind == "ntp":
            out.append(np.id)
    for sp in sorted(d.ports):
        if sp in near_rhodes:
            continue
        if space_controller(s, sp) is None or sp == "tarsus":
            out.append(sp)
    return [p for p in out if p not in taken
            and not any(st.get("GS", 0) for st in s.units.get(p, {}).values())]


def _pirate_choices(s: PRState, f: Frame) -> list[Choice]:
    return paged(f, f["role"], [opt("pirates", sp, "choice.at_space", space=f"@space.{sp}")
                                for sp in pirate_sites(s)], [])


@question("place_pirates", _pirate_choices,
          lambda s, f: msg("prompt.pirates", who=f"@power.{f['role']}"),
          lapses=lambda s, f: True)
def _pirates(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    s.pirates.append({"at": arg, "cilician": arg == "tarsus"})
    s.say(msg("log.pirates", space=f"@space.{arg}"))


# Stability Check
def stability_check(s: PRState, drawer: str) -> None:
    """The Power that last played an AM suffers it at +3 or lower; otherwise it names another
    Power at +3 or lower; if there is none it loses 1 Stability."""
    if s.powers[drawer].stability <= 3:
        check_effect(s, drawer)
        return
    targets = [r for r in s.roles if r != drawer and s.powers[r].stability <= 3]
    if not targets:
        adjust(s, drawer, -1, "stability_check")
    elif len(targets) == 1:
        check_effect(s, targets[0])
    else:
        push(s, "check_target", role=drawer, targets=targets)


@question("check_target",
          lambda s, f: [opt("target", r, "choice.power", power=f"@power.{r}") for r in f["targets"]],
          lambda s, f: msg("prompt.check_target", who=f"@power.{f['role']}"))
def _check_target(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    check_effect(s, arg)


def check_effect(s: PRState, power: str) -> None:
    rng = stability_range(s.powers[power].stability)
    s.say(msg("log.stability_check", power=f"@power.{power}", result=f"@check.{rng}"))
    if rng == "stable":
        push(s, "discontent", role=power)
    elif rng == "unrest":
        s.powers[power].riots = True
    else:
        civil_war(s, power)


DISCONTENT = 3


@question("discontent",
          lambda s, f: [opt("pay", n, "choice.pay_n", n=n)
                        for n in range(min(f.get("n", DISCONTENT), s.powers[f["role"]].treasury),
                                       -1, -1)],
          lambda s, f: msg("prompt.discontent", who=f"@power.{f['role']}",
                           n=f.get("n", DISCONTENT)))
def _discontent(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """Discontent: 3T for bread and circuses (the card: the frame's ``n``, 2T), 1 Stability
    for each Talent not paid."""
    pop(s, f)
    power = f["role"]
    s.powers[power].treasury -= int(arg)
    s.say(msg("log.paid", power=f"@power.{power}", n=int(arg)))
    adjust(s, power, int(arg) - f.get("n", DISCONTENT), "discontent")


def civil_war(s: PRState, power: str) -> None:
    """Civil War: no more Activations this turn (with none left in the pool, next turn's AMs
    cost 2T); 1d6 for each space the Power occupies, galleys included: odd removes all its
    units there (not cities); all its leaders go, one new one is drawn for a capital; Stability
    is set to -1."""
    p = s.powers[power]
    p.no_activations = True
    if not s.am_pool.get(power):
        p.costly_turn = s.turn + 1
    for sp in sorted(s.spaces_of_owner(power)):
        if d6(s) % 2 == 1:
            del s.units[sp][power]
            if not s.units[sp]:
                del s.units[sp]
            s.say(msg("log.civil_war_loss", power=f"@power.{power}", space=f"@space.{sp}"))
    replace_leaders(s, power)
    delta = -1 - p.stability
    adjust(s, power, delta, "civil_war")


def replace_leaders(s: PRState, power: str) -> None:
    """Civil War: all the Power's leaders go; one new one is drawn and placed in a capital."""
    for lid in [x for x, ls in s.leaders.items() if ls.owner == power]:
        kill_leader(s, lid)
    new = draw_leaders(s, power, 1)
    caps = [c for c in data().capitals_of(power) if not occupants(s, c) - {power}]
    if new and caps:
        s.leaders[new[0]] = LeaderState(owner=power, at=caps[0])
        t, c = rating(new[0])
        s.say(msg("log.leader_placed", power=f"@power.{power}", leader=f"@leader.{new[0]}",
                  space=f"@space.{caps[0]}", t=t, c=c))
    elif new:
        s.powers[power].pool.extend(new)


# Slave Revolt (§12.7)
def slave_sites(s: PRState, power: str, card: bool = False) -> list[str]:
    """Home spaces without land units (the card: without LCUs, ambiguity A33), no tribe."""
    d = data()
    kinds = LCU_TYPES if card else None
    return [sp for sp in d.spaces_of_territory(d.home_territory(power).id)
            if not any(any(k != "GS" and (kinds is None or k in kinds) for k in st)
                       for st in s.units.get(sp, {}).values())
            and sp not in s.tribes]


def slave_revolt(s: PRState, power: str, card: bool = False) -> None:
    """§12.7.1: only with a home space without land units (the card: without LCUs) and no
    revolt already under way: -1 Stability, and a Power not allied with him places 2 slave
    units in such a space."""
    if s.slave_revolt is not None or not slave_sites(s, power, card):
        s.say(msg("log.no_effect"))
        return
    adjust(s, power, -1, "slave_revolt")
    others = [r for r in s.roles if r != power]
    i = s.roles.index(power)
    placer = next((s.roles[(i + k) % len(s.roles)] for k in range(1, len(s.roles))
                   if s.roles[(i + k) % len(s.roles)] in others), power)
    push(s, "place_slaves", role=placer, against=power, card=card)


@question("place_slaves",
          lambda s, f: paged(f, f["role"], [opt("slaves", sp, "choice.at_space",
                                                space=f"@space.{sp}")
                                            for sp in slave_sites(s, f["against"],
                                                                  f.get("card", False))], []),
          lambda s, f: msg("prompt.slaves", who=f"@power.{f['role']}",
                           power=f"@power.{f['against']}"))
def _slaves(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    s.add(arg, "slaves", "BR", 2)
    s.slave_revolt = {"against": f["against"], "at": arg}
    s.say(msg("log.slaves", space=f"@space.{arg}", power=f"@power.{f['against']}"))
    if f.get("card"):
        # the card's space may hold Garrisons or elephants alone: the slaves overrun them
        from games.pax_romana.special_units import overrun
        overrun(s, arg, "slaves")


def slaves_grow(s: PRState, power: str) -> None:
    """§12.7.1: before his Activation, every Power but the victim adds 1 slave unit to the army
    and moves it one space (Transit Points not counted), leaving 1 in a city or settlement it
    began in."""
    at = s.slave_revolt["at"] if s.slave_revolt else None
    if at is None or not s.stack(at, "slaves"):
        return
    s.add(at, "slaves", "BR")
    if slave_moves(s, at):
        push(s, "move_slaves", role=power)


def slave_moves(s: PRState, at: str) -> list[str]:
    """Spaces one step away, through Transit Points (barbarians.py, §12.7.1)."""
    from games.pax_romana.barbarians import slave_steps
    return slave_steps(s, at)


@question("move_slaves",
          lambda s, f: paged(f, f["role"], [opt("slaves_to", sp, "choice.march_to",
                                                space=f"@space.{sp}")
                                            for sp in slave_moves(s, s.slave_revolt["at"])], []),
          lambda s, f: msg("prompt.move_slaves", who=f"@power.{f['role']}"),
          lapses=lambda s, f: True)
def _move_slaves(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    assert s.slave_revolt is not None
    at = s.slave_revolt["at"]
    n = s.stack(at, "slaves").get("BR", 0)
    stay = 1 if at in s.cities else 0
    s.remove(at, "slaves", "BR", n - stay)
    s.add(arg, "slaves", "BR", n - stay)
    s.slave_revolt["at"] = arg
    s.say(msg("log.slaves_move", space=f"@space.{arg}", n=n - stay))
    from games.pax_romana.barbarians import slaves_attack
    slaves_attack(s, at, arg, f["role"])


# Soldiers of Fortune (§12.4)
def soldiers_of_fortune(s: PRState, power: str) -> None:
    """§12.4: the next AM's Power gets the SoF army in its Home Territory; Rome never does and
    rolls another event instead (§12.4.7). With a Soldiers of Fortune army already in play,
    nothing happens (one set of counters)."""
    if power == "rome":
        roll = roll2(s)
        row = data().tables.event_table_standard.event(roll)
        s.say(msg("log.event_reroll", roll=roll, event=f"@event.{row.event}"))
        if row.event == "soldiers_of_fortune":
            s.say(msg("log.no_effect"))
            return
        if row.event in NEXT_AM:
            s.next_am_events.append(row.event)
            apply_next_am_events(s, power)
        else:
            resolve(s, row.event, power)
        return
    if s.sof is not None:
        s.say(msg("log.no_effect"))
        return
    push(s, "place_sof", role=power)


def sof_sites(s: PRState, power: str) -> list[str]:
    d = data()
    return [sp for sp in d.spaces_of_territory(d.home_territory(power).id)
            if not (occupants(s, sp) - {power}) and not any(o != power for o in s.units.get(sp, {}))]


@question("place_sof",
          lambda s, f: paged(f, f["role"], [opt("sof", sp, "choice.at_space",
                                                space=f"@space.{sp}")
                                            for sp in sof_sites(s, f["role"])], []),
          lambda s, f: msg("prompt.sof", who=f"@power.{f['role']}"), lapses=lambda s, f: True)
def _sof(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    force = next(r for r in data().tables.special_forces.rows if r.force == "Soldiers of Fortune")
    for kind, n in force.units.items():
        if kind != "leader":
            s.add(arg, "sof", kind, int(n))
    s.leaders["sof_pyrrhus"] = LeaderState(owner="sof", at=arg)
    s.sof = {"power": f["role"], "removal_turn": s.turn + 1}
    s.say(msg("log.sof", power=f"@power.{f['role']}", space=f"@space.{arg}"))


# Barbarian Invasion (§13.4)
GAUL_MAINLAND = ("narbonensis", "aquitania", "lugdunensis", "belgica")


def invasion(s: PRState, power: str) -> None:
    """§13.4.1: 2d6 on the Invasion table; a group invades only once a turn (reroll)."""
    table = data().tables.invasion_table
    group = table.group(roll2(s)).group
    for _ in range(50):
        if group not in s.invasions_seen:
            break
        group = table.group(roll2(s)).group
    else:
        return
    s.invasions_seen.append(group)
    s.say(msg("log.invasion", group=f"@group.{group}"))
    d = data()
    if group == "caledonians":
        for sp in d.spaces_of("britannia"):
            for owner in list(s.units.get(sp, {})):
                s.remove(sp, owner, "GR", 99)
        return
    if group == "armenians":
        armenians(s)
        return
    if group == "western_gauls":
        from games.pax_romana.control import province_map
        pm = province_map(s)
        if all(pm[p] in s.powers for p in GAUL_MAINLAND):
            s.say(msg("log.no_effect"))
            return
    if invasion_sites(s, group):
        push(s, "place_barbarians", role=power, group=group)
    else:
        s.say(msg("log.no_effect"))


def invasion_sites(s: PRState, group: str) -> list[str]:
    """Where the group may be placed (barbarians.py, §13.4)."""
    from games.pax_romana.barbarians import invasion_sites as sites
    return sites(s, group, GAUL_MAINLAND)


@question("place_barbarians",
          lambda s, f: paged(f, f["role"], [opt("barbarians", sp, "choice.at_space",
                                                space=f"@space.{sp}")
                                            for sp in invasion_sites(s, f["group"])], []),
          lambda s, f: msg("prompt.barbarians", who=f"@power.{f['role']}",
                           group=f"@group.{f['group']}"), lapses=lambda s, f: True)
def _barbarians(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    group = f["group"]
    province = data().spaces[arg].province
    cavalry = 0
    if group == "germans" and province in ("lower_germany", "upper_germany"):
        n, cavalry = roll2(s), 2
    elif group == "germans":
        n = roll2(s) + d6(s)
    else:
        n = roll2(s)
    s.add(arg, "barbarian", "BR", n)
    s.add(arg, "barbarian", "BC", cavalry)
    leader = "german_invasion" if group == "germans" else "gallic_invasion"
    army = {"group": group, "at": arg, "leader": leader, "removal_turn": s.turn + 1,
            "mover": f["role"]}
    s.barbarian_armies.append(army)
    place_leader(s, army, leader)
    s.say(msg("log.barbarians", group=f"@group.{group}", space=f"@space.{arg}", n=n + cavalry))
    near_capital(s, army)
    if group == "germans":
        german_first_move(s, army, f["role"])
    attack_on_placement(s, army, f["role"])


def near_capital(s: PRState, army: dict[str, Any]) -> None:
    """§13.4.4: a Barbarian army within one land link of a capital still held by its owner
    costs that Power 1 Stability, once per army."""
    d = data()
    around = d.land_neighbours(army["at"]) | {army["at"]}
    for power in s.roles:
        p = s.powers[power]
        key = f"{army['group']}:{s.turn}"
        if key in p.barbarians_near:
            continue
        if any(c in around and space_controller(s, c) == power for c in d.capitals_of(power)):
            p.barbarians_near.append(key)
            adjust(s, power, -1, "barbarians")


def armenians(s: PRState) -> None:
    """Armenians: unless an LCU holds Armida, 1d6 for each occupied space (not a Rough Mountain)
    within 3 MP of Armida; a roll above the number of units there removes them (garrisons count
    one each)."""
    d = data()
    home = "amida"
    if any(any(k in LCU_TYPES for k in st) for st in s.units.get(home, {}).values()):
        s.say(msg("log.no_effect"))
        return
    cost: dict[str, int] = {home: 0}
    todo = [home]
    while todo:
        pt = todo.pop(0)
        for nb in d.land_neighbours(pt):
            kinds = d.link_types(pt, nb)
            step_cost = 3 if "alpine_pass" in kinds else 2 if (
                "strait" in kinds or d.spaces[nb].rough_mountain) else 1
            c = cost[pt] + step_cost
            if c <= 3 and c < cost.get(nb, 99):
                cost[nb] = c
                todo.append(nb)
    for sp in sorted(cost):
        if sp in d.transit_points or d.spaces[sp].rough_mountain:
            continue
        for owner in sorted(s.units.get(sp, {})):
            st = s.units[sp][owner]
            n = sum(v for k, v in st.items() if k != "GS")
            if n and d6(s) > n:
                for k in [k for k in st if k != "GS"]:
                    s.remove(sp, owner, k, 99)
                s.say(msg("log.armenians", power=f"@power.{owner}", space=f"@space.{sp}"))
