"""The Hold in Hand cards of the Advanced Game that act on their holder's own forces and plans
(§17.1.2, §17.2): played in the holder's Card Segment or in any Action Segment (§17.1.5).

Lasting records in ``card_effects``:

* ``"_tribes_seen"``: Power -> {space: warriors} of the Tribe counters its Diplomatic Mission
  looked at (secret, as the leading underscore tells the board: only that Power's View shows
  them, while the counter stays unrevealed);
* ``"free_am"``: Power -> extra AMs of Stability and Opportunity still in the pool, which cost
  nothing when drawn (ambiguity A19; activation.py reads it).
"""

from __future__ import annotations

import math
from typing import Any

from games.core import Choice, msg
from games.pax_romana.cards.registry import HELD, card
from games.pax_romana.control import data
from games.pax_romana.events import d6
from games.pax_romana.flow import Frame, opt, paged, pop, push, question, turn_page
from games.pax_romana.leaders import draw_leaders, kill_leader, rating
from games.pax_romana.stability import adjust, stability_range
from games.pax_romana.state import LCU_TYPES, LeaderState, PRState
from games.pax_romana.texts import extend

MISSION_LINKS = 4           # ambiguity A7 (option ``mission_links``)
EXPANSION_LINKS = 4         # the card's printed 4 land links
MERCENARY_PRICE = 2         # exactly 2T (§12.2.3)
MERCENARY_BUYS = {"MLI": 2, "MCV": 1, "MHI": 1}


# -- helpers ---------------------------------------------------------------------------------------
def own_lcu_spaces(s: PRState, power: str) -> list[str]:
    """Spaces holding LCUs of the Power itself (not barbarians, Independents or allies)."""
    return sorted(sp for sp in s.spaces_of_owner(power) if sp in data().spaces
                  and any(k in LCU_TYPES for k in s.stack(sp, power)))


def within_links(starts: list[str], links: int) -> set[str]:
    """Points at most ``links`` land links (straits and passes included) from any start."""
    d = data()
    dist = {sp: 0 for sp in starts}
    todo = list(starts)
    while todo:
        pt = todo.pop(0)
        if dist[pt] >= links:
            continue
        for nb in sorted(d.land_neighbours(pt)):
            if nb not in dist:
                dist[nb] = dist[pt] + 1
                todo.append(nb)
    return set(dist)


def enemy_in_home(s: PRState, power: str) -> bool:
    """Enemy LCUs (barbarians and slaves included) in a space of the Power's Home Territory."""
    from games.pax_romana.movement import friends_of
    d = data()
    friends = friends_of(s, power)
    return any(o not in friends and any(k in LCU_TYPES for k in st)
               for sp in d.spaces_of_territory(d.home_territory(power).id)
               for o, st in s.units.get(sp, {}).items())


# -- 15 Diplomatic Mission into Interior -------------------------------------------------------------
def mission_tribes(s: PRState, power: str) -> list[str]:
    """Unrevealed Tribe counters within N land links of the Power's own LCUs (ambiguity A7:
    N is the game option ``mission_links``, 4 as on Independent Expansion)."""
    n = int(s.options.get("mission_links", MISSION_LINKS))
    near = within_links(own_lcu_spaces(s, power), n)
    seen = s.card_effects.get("_tribes_seen", {}).get(power, {})
    return sorted(sp for sp in s.tribes if sp in near and sp not in seen)


def tribes_seen(s: PRState, power: str) -> dict[str, int]:
    """What the Power's Diplomatic Missions showed it, of counters still unrevealed."""
    seen = s.card_effects.get("_tribes_seen", {}).get(power, {})
    return {sp: n for sp, n in sorted(seen.items()) if sp in s.tribes}


@card(15, *HELD, can_play=lambda s, power, ctx: bool(mission_tribes(s, power)))
def diplomatic_mission(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """The holder looks at any two Tribe counters within N land links of his LCUs and tells
    no one what he saw."""
    push(s, "mission", role=power, n=2)


@question("mission",
          lambda s, f: paged(f, f["role"], [opt("look", sp, "choice.at_space", secret=True,
                                                space=f"@space.{sp}")
                                            for sp in mission_tribes(s, f["role"])], []),
          lambda s, f: msg("prompt.mission", who=f"@power.{f['role']}", n=f["n"],
                           card="@card.15"),
          lapses=lambda s, f: True)
def _mission(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    power = f["role"]
    if verb == "page":
        turn_page(f, power)
        return
    seen = s.card_effects.setdefault("_tribes_seen", {}).setdefault(power, {})
    seen[arg] = s.tribes[arg]
    s.say(msg("log.mission_seen", space=f"@space.{arg}", n=s.tribes[arg]), to=power)
    f["n"] -= 1
    if f["n"] <= 0 or not mission_tribes(s, power):
        pop(s, f)
        s.say(msg("log.mission", power=f"@power.{power}"))


def perturb_seen(s: PRState, role: str) -> None:
    """The counters the other Powers' missions showed them keep their strengths (the others
    know them); what ``role``'s own missions showed it follows the perturbed strengths."""
    everyone = s.card_effects.get("_tribes_seen", {})
    for power, seen in everyone.items():
        if power != role:
            for sp in seen:
                if sp in s.tribes:
                    s.tribes[sp] = seen[sp]
    for sp in everyone.get(role, {}):
        if sp in s.tribes:
            everyone[role][sp] = s.tribes[sp]


def perturb_dictator(s: PRState, role: str) -> None:
    """The three leaders a Dictator's Rome drew are hidden from the others: others of its pool
    may stand in for them."""
    p = s.powers.get(role)
    for f in s.flow:
        if f["k"] == "dictator" and f["role"] == role and f["drawn"] and p is not None:
            everyone = sorted(p.pool) + list(f["drawn"])
            n = len(f["drawn"])
            f["drawn"], p.pool = everyone[:n], everyone[n:]


# -- 21 Independent Expansion ------------------------------------------------------------------------
def expansion_spaces(s: PRState, power: str) -> list[str]:
    """Unoccupied spaces within 4 land links of the Power's own LCUs: no units, no Tribe
    counter, no other side's City or Settlement, not a Rough Mountain (a Garrison may not stand
    there alone, §12.1.3), not a Transit Point."""
    d = data()
    near = within_links(own_lcu_spaces(s, power), EXPANSION_LINKS)
    return sorted(sp for sp in near
                  if sp in d.spaces and sp not in d.transit_points and sp not in d.rough_mountains
                  and not s.units.get(sp) and sp not in s.tribes
                  and (sp not in s.cities or s.cities[sp].owner == power))


def expansion_cap(s: PRState) -> int | None:
    """Ambiguity A8 (option ``independent_expansion``): one Garrison in each of as many
    qualifying spaces as the player wants (the card's words), or at most the option's number."""
    cap = s.options.get("independent_expansion", "any")
    return None if cap == "any" else int(cap)


@card(21, *HELD, can_play=lambda s, power, ctx: bool(expansion_spaces(s, power)))
def independent_expansion(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """Free Garrisons in unoccupied spaces within 4 land links of the holder's LCUs."""
    push(s, "free_garrisons", role=power, placed=0)


def _garrison_choices(s: PRState, f: Frame) -> list[Choice]:
    power = f["role"]
    cap = expansion_cap(s)
    options = [] if cap is not None and f["placed"] >= cap else [
        opt("garrison_at", sp, "choice.at_space", space=f"@space.{sp}")
        for sp in expansion_spaces(s, power)]
    return paged(f, power, options, [opt("done", None, "choice.done_garrisons")])


@question("free_garrisons", _garrison_choices,
          lambda s, f: msg("prompt.free_garrisons", who=f"@power.{f['role']}", n=f["placed"],
                           card="@card.21"))
def _free_garrisons(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    power = f["role"]
    if verb == "page":
        turn_page(f, power)
        return
    if verb == "done":
        pop(s, f)
        return
    s.add(arg, power, "GR")
    f["placed"] += 1
    s.say(msg("log.free_garrison", power=f"@power.{power}", space=f"@space.{arg}"))
    cap = expansion_cap(s)
    if (cap is not None and f["placed"] >= cap) or not expansion_spaces(s, power):
        pop(s, f)


# -- 23 Mercenaries ------------------------------------------------------------------------------------
def may_hire(s: PRState, power: str, ctx: dict[str, Any]) -> bool:
    """§12.2.3: not Rome; exactly 2T; an army of his on the map to join."""
    return (power != "rome" and s.powers[power].treasury >= MERCENARY_PRICE
            and bool(own_lcu_spaces(s, power)))


@card(23, *HELD, can_play=may_hire)
def mercenaries(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """2T (exactly) buys 2 Mercenary LI, or 1 Mercenary Cavalry, or 1 Mercenary HI, all joining
    one army of the holder (not an Action); for Rome, no event (§12.2)."""
    if not may_hire(s, power, ctx):
        s.say(msg("log.no_effect"))
        return
    push(s, "hire_mercenaries", role=power, unit=None)


def _hire_choices(s: PRState, f: Frame) -> list[Choice]:
    if f["unit"] is None:
        return [opt("mercenaries", k, "choice.mercenaries", unit=f"@unit.{k}", n=n)
                for k, n in MERCENARY_BUYS.items()]
    return paged(f, f["role"], [opt("join", sp, "choice.army_at", space=f"@space.{sp}")
                                for sp in own_lcu_spaces(s, f["role"])], [])


@question("hire_mercenaries", _hire_choices,
          lambda s, f: msg("prompt.hire_mercenaries" if f["unit"] is None
                           else "prompt.mercenaries_join", who=f"@power.{f['role']}",
                           n=MERCENARY_PRICE, card="@card.23"))
def _hire(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    power = f["role"]
    if verb == "page":
        turn_page(f, power)
        return
    if verb == "mercenaries":
        f["unit"] = arg
        return
    pop(s, f)
    kind, n = f["unit"], MERCENARY_BUYS[f["unit"]]
    s.powers[power].treasury -= MERCENARY_PRICE
    s.add(arg, power, kind, n)
    s.mercenary_turn[power] = s.turn
    s.say(msg("log.mercenaries", power=f"@power.{power}", n=n, unit=f"@unit.{kind}",
              space=f"@space.{arg}"))


# -- 28 Raise the Militia ------------------------------------------------------------------------------
def militia_spaces(s: PRState, power: str) -> list[str]:
    from games.pax_romana.special_units import militia_spaces as spaces
    return spaces(s, power)


@card(28, *HELD, can_play=lambda s, power, ctx: enemy_in_home(s, power))
def raise_the_militia(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """Only while enemy LCUs stand in the holder's Home Territory (ambiguity A34): no event in
    Disorder; otherwise -1 Stability, then ceil(1d6/2) free Militia (one fewer in Unrest,
    the range judged as the card is played), placed in his Home Territory away from enemy
    units, removed in the next turn's Removal Phase (§12.3)."""
    band = stability_range(s.powers[power].stability)
    if band == "disorder":
        s.say(msg("log.no_effect"))
        return
    adjust(s, power, -1, "militia")
    roll = d6(s)
    n = math.ceil(roll / 2) - (1 if band == "unrest" else 0)
    s.say(msg("log.card_militia", power=f"@power.{power}", roll=roll, n=max(0, n)))
    if n > 0 and militia_spaces(s, power):
        push(s, "card_militia", role=power, n=n)


@question("card_militia",
          lambda s, f: paged(f, f["role"], [opt("militia_at", sp, "choice.militia_at",
                                                space=f"@space.{sp}")
                                            for sp in militia_spaces(s, f["role"])], []),
          lambda s, f: msg("prompt.place_militia", who=f"@power.{f['role']}", n=f["n"]),
          lapses=lambda s, f: True)
def _card_militia(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    power = f["role"]
    if verb == "page":
        turn_page(f, power)
        return
    s.add(arg, power, "ML")
    s.militia_turn[power] = s.turn
    f["n"] -= 1
    if f["n"] <= 0 or not militia_spaces(s, power):
        pop(s, f)


# -- 32 Soldier of Fortune (and Rome's Dictator) -----------------------------------------------------
def may_soldier(s: PRState, power: str, ctx: dict[str, Any]) -> bool:
    """Not Rome: no Soldiers of Fortune army in play yet (one set of counters). Rome: only for
    a Dictator, while an enemy army stands in its Home Territory (§12.4.7)."""
    if power == "rome":
        return enemy_in_home(s, power)
    from games.pax_romana.events import sof_sites
    return s.sof is None and bool(sof_sites(s, power))


@card(32, *HELD, can_play=may_soldier)
def soldier_of_fortune(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """A non-Roman holder raises the Soldiers of Fortune army in his Home Territory (§12.4);
    Rome names a Dictator instead (§12.4.7)."""
    if not may_soldier(s, power, ctx):
        s.say(msg("log.no_effect"))
        return
    if power != "rome":
        push(s, "place_sof", role=power)
        return
    push(s, "dictator", role=power, drawn=[])


def _dictator_choices(s: PRState, f: Frame) -> list[Choice]:
    power = f["role"]
    if not f["drawn"]:
        mine = sorted(lid for lid, ls in s.leaders.items() if ls.owner == power)
        return paged(f, power, [
            opt("step_down", lid, "choice.leader_at", leader=f"@leader.{lid}",
                space=f"@space.{s.leaders[lid].at}") for lid in mine],
            [] if mine else [opt("step_down", None, "choice.no_leader_to_remove")])
    out = []
    if dictator_space_free(s, power):
        out = [opt("dictator", lid, "choice.leader_rated", secret=True,
                   leader=f"@leader.{lid}", t=rating(lid)[0], c=rating(lid)[1])
               for lid in f["drawn"]]
    return out + [opt("dictator", None, "choice.no_dictator", secret=True)]


def dictator_space_free(s: PRState, power: str) -> bool:
    from games.pax_romana.movement import friends_of
    return not (set(s.units.get("rome", {})) - friends_of(s, power))


@question("dictator", _dictator_choices,
          lambda s, f: msg("prompt.dictator_remove" if not f["drawn"] else "prompt.dictator",
                           who=f"@power.{f['role']}"))
def _dictator(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    """§12.4.7: Rome takes one of its leaders off the map into its pool, draws three blind and
    may place one of them in Rome; the other two go back."""
    power = f["role"]
    if verb == "page":
        turn_page(f, power)
        return
    if verb == "step_down":
        if arg is not None:
            kill_leader(s, arg)
            s.say(msg("log.dictator_steps_down", leader=f"@leader.{arg}"))
        drawn = draw_leaders(s, power, 3)
        s.mark_irreversible()
        if not drawn:
            pop(s, f)
            s.say(msg("log.no_effect"))
            return
        f["drawn"] = drawn
        return
    pop(s, f)
    for lid in f["drawn"]:
        if lid != arg:
            s.powers[power].pool.append(lid)
            s.powers[power].exceptional_turn.pop(lid, None)
    if arg is None:
        s.say(msg("log.no_dictator"))
        return
    s.leaders[arg] = LeaderState(owner=power, at="rome")
    t, c = rating(arg)
    s.say(msg("log.dictator", leader=f"@leader.{arg}", t=t, c=c))


# -- 34 Stability and Opportunity -------------------------------------------------------------------
def may_draw_objective(s: PRState, power: str) -> bool:
    return (bool(s.options.get("objectives_in_use", False)) and bool(s.objective_pool)
            and len(s.powers[power].objectives) < 3)


@card(34, *HELD,
      can_play=lambda s, power, ctx: stability_range(s.powers[power].stability) == "stable")
def stability_and_opportunity(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """Only when Stable: an extra AM into the pool that costs nothing when drawn (ambiguity
    A19), or an extra objective if he holds fewer than three."""
    if stability_range(s.powers[power].stability) != "stable":
        s.say(msg("log.no_effect"))
        return
    push(s, "opportunity", role=power)


def _opportunity_choices(s: PRState, f: Frame) -> list[Choice]:
    out = [opt("extra_am", None, "choice.extra_am")]
    if may_draw_objective(s, f["role"]):
        out.append(opt("extra_objective", None, "choice.extra_objective"))
    return out


@question("opportunity", _opportunity_choices,
          lambda s, f: msg("prompt.opportunity", who=f"@power.{f['role']}", card="@card.34"))
def _opportunity(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    power = f["role"]
    pop(s, f)
    if verb == "extra_objective":
        from games.pax_romana.economy import draw_objective
        draw_objective(s, power)
        s.say(msg("log.extra_objective", power=f"@power.{power}"))
        return
    s.am_pool[power] = s.am_pool.get(power, 0) + 1
    free = s.card_effects.setdefault("free_am", {})
    free[power] = free.get(power, 0) + 1
    s.say(msg("log.extra_am", power=f"@power.{power}"))


def take_free_am(s: PRState, power: str) -> bool:
    """An AM of ``power`` comes up: if an extra AM of Stability and Opportunity is still in the
    pool, this one is it (all its AMs look alike) and costs nothing."""
    free = s.card_effects.get("free_am", {})
    if not free.get(power):
        return False
    free[power] -= 1
    if not free[power]:
        del free[power]
    if not free:
        s.card_effects.pop("free_am", None)
    return True


extend({
    "en": {
        "unit.MLI": "Mercenary Light Infantry",
        "unit.MCV": "Mercenary Cavalry",
        "prompt.mission": "{who}: {card}: look at a Tribe counter ({n} left)",
        "log.mission_seen": "The Tribe counter at {space} holds {n} warriors.",
        "log.mission": "{power}'s envoys return from the interior.",
        "prompt.free_garrisons": "{who}: {card}: place a free Garrison ({n} placed)",
        "choice.done_garrisons": "No more Garrisons",
        "log.free_garrison": "{power} places a free Garrison at {space}.",
        "choice.mercenaries": "{n} × {unit}",
        "prompt.hire_mercenaries": "{who}: {card}: what do your {n}T buy?",
        "prompt.mercenaries_join": "{who}: {card}: which army do they join?",
        "log.mercenaries": "{power} hires {n} × {unit}, who join the army at {space}.",
        "log.card_militia": "{power} raises the militia: roll {roll}, {n} militia.",
        "choice.leader_at": "{leader} at {space}",
        "choice.no_leader_to_remove": "No leader on the map to step down",
        "choice.leader_rated": "{leader} ({t}-{c}) to Rome",
        "choice.no_dictator": "No Dictator",
        "prompt.dictator_remove": "{who}: a Dictator: which leader leaves the map?",
        "prompt.dictator": "{who}: a Dictator: which of the three leaders drawn goes to Rome?",
        "log.dictator_steps_down": "{leader} steps down.",
        "log.dictator": "A Dictator: {leader} ({t}-{c}) takes command in Rome.",
        "log.no_dictator": "Rome names no Dictator.",
        "prompt.opportunity": "{who}: {card}: an extra AM, or an extra "
                              "Optional Objective?",
        "choice.extra_am": "An extra AM (free when drawn)",
        "choice.extra_objective": "An extra Optional Objective",
        "log.extra_am": "{power} puts an extra AM into the pool.",
        "log.extra_objective": "{power} draws an extra Optional Objective.",
    },
    "ru": {
        "unit.MLI": "наёмная лёгкая пехота",
        "unit.MCV": "наёмная кавалерия",
        "prompt.mission": "{who}: {card}: посмотрите фишку племени (осталось "
                          "{n})",
        "log.mission_seen": "В фишке племени в {space:loc} воинов: {n}.",
        "log.mission": "Послы державы {power} вернулись из глубинных земель.",
        "prompt.free_garrisons": "{who}: {card}: поставьте бесплатный гарнизон "
                                 "(поставлено {n})",
        "choice.done_garrisons": "Больше не ставить",
        "log.free_garrison": "{power} ставит бесплатный гарнизон в {space:loc}.",
        "choice.mercenaries": "{n} × {unit}",
        "prompt.hire_mercenaries": "{who}: {card}: что купить на {n}Т?",
        "prompt.mercenaries_join": "{who}: {card}: к какой армии они присоединятся?",
        "log.mercenaries": "{power} нанимает: {unit} × {n}, они присоединяются к армии в "
                           "{space:loc}.",
        "log.card_militia": "{power} созывает ополчение: выпало {roll}, ополченцев {n}.",
        "choice.leader_at": "{leader} в {space:loc}",
        "choice.no_leader_to_remove": "На карте нет полководца, чтобы отстранить",
        "choice.leader_rated": "{leader} ({t}-{c}) — в Рим",
        "choice.no_dictator": "Без диктатора",
        "prompt.dictator_remove": "{who}: диктатор: какой полководец покидает карту?",
        "prompt.dictator": "{who}: диктатор: кого из трёх вытянутых полководцев поставить в "
                           "Рим?",
        "log.dictator_steps_down": "{leader} отстранён от командования.",
        "log.dictator": "Диктатор: {leader} ({t}-{c}) принимает командование в Риме.",
        "log.no_dictator": "Рим не назначает диктатора.",
        "prompt.opportunity": "{who}: {card}: дополнительный МА или "
                              "дополнительная возможная цель?",
        "choice.extra_am": "Дополнительный МА (бесплатный)",
        "choice.extra_objective": "Дополнительная возможная цель",
        "log.extra_am": "{power} кладёт в пул дополнительный МА.",
        "log.extra_objective": "{power} тянет дополнительную возможную цель.",
    },
})
