"""The Play When Drawn cards of the Advanced Game (§17.1.2, §17.2): each is played at once in its
drawer's Card Segment. Many are the Standard Game's events (events.py) aimed at the drawer; where
the card's words differ from the event's, the card is followed.

The AM just drawn may be cancelled (Dies Irae, a Civil War from the Stability Check on the
drawer himself): ``cancel_activation`` takes the Activation's frames off the stack. The Powers
whose next AM is used only for the Civil War of the Stability Check card are kept in
``card_effects["civil_war"]`` (public; ``next_am_civil_war`` runs it when that AM comes).
"""

from __future__ import annotations

import math
from typing import Any

from games.core import Choice, msg
from games.pax_romana import events
from games.pax_romana.activation import battle_points
from games.pax_romana.cards.registry import DRAWN, card
from games.pax_romana.control import data
from games.pax_romana.events import d6
from games.pax_romana.flow import Frame, opt, paged, pop, push, question, turn_page
from games.pax_romana.leaders import is_exceptional, kill_leader, rating
from games.pax_romana.stability import adjust, stability_range
from games.pax_romana.state import LCU_TYPES, PRState
from games.pax_romana.texts import extend

ACTIVATION_FRAMES = ("am", "expansion", "callup", "negotiate")


# -- helpers shared by the cards -------------------------------------------------------------------
def objectives_in_play(s: PRState) -> bool:
    return bool(s.options.get("objectives_in_use", False))


def return_objective(s: PRState, power: str, letter: str) -> None:
    """An objective goes back into the pool (§15.4.7); only its owner sees which, unless it was
    face up."""
    p = s.powers[power]
    p.objectives.remove(letter)
    if letter in p.objectives_shown and letter not in p.objectives:
        p.objectives_shown.remove(letter)
    s.objective_pool.append(letter)
    s.say(msg("log.objective_returned", letter=letter), to=power)


def of_activation(f: Frame, power: str) -> bool:
    """A frame of ``power``'s Activation still to come: its AM, its Action, its Action
    Segment's card windows and menu (the Card Segment's own frames stay)."""
    if f.get("k") in ACTIVATION_FRAMES and f.get("role") == power:
        return True
    if f.get("k") == "card_window_open" and f.get("actor") == power:
        return f.get("window") in ("action", "expansion_start")
    return f.get("k") == "card_menu" and f.get("role") == power and bool(f.get("opening"))


def cancel_activation(s: PRState, power: str) -> None:
    """The AM just drawn is cancelled (Dies Irae, §17.2): it counts as played, and no Action
    follows; the Activation's question and Action frames leave the stack."""
    s.flow[:] = [f for f in s.flow if not of_activation(f, power)]
    s.say(msg("log.am_cancelled", power=f"@power.{power}"))


# -- 6 Barbarian Invasion, 16 Disease, 25 Pirates, 30 Revenues, 31 Slave Revolt -------------------
@card(6, DRAWN)
def barbarian_invasion(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """The drawer rolls 2d6 on the Invasion table and places the army (§13.4)."""
    events.invasion(s, power)


def highest_ranked(s: PRState, power: str) -> list[str]:
    """The Power's leaders in play of the highest rank (Tactics + Campaign)."""
    mine = sorted(lid for lid, ls in s.leaders.items() if ls.owner == power)
    top = max((sum(rating(lid)) for lid in mine), default=None)
    return [lid for lid in mine if sum(rating(lid)) == top]


@card(16, DRAWN)
def disease(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """1d6 against the Campaign of the drawer's highest-ranked leader: at or under it, he dies;
    between leaders of the same rank the drawer chooses."""
    if len(highest_ranked(s, power)) > 1:
        push(s, "disease", role=power)
    else:
        events.disease(s, power)


@question("disease",
          lambda s, f: [opt("sick", lid, "choice.leader_at", leader=f"@leader.{lid}",
                            space=f"@space.{s.leaders[lid].at}")
                        for lid in highest_ranked(s, f["role"])],
          lambda s, f: msg("prompt.disease", who=f"@power.{f['role']}", card="@card.16"))
def _disease(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    roll = d6(s)
    if roll <= rating(arg)[1]:
        kill_leader(s, arg)
        s.say(msg("log.leader_died", leader=f"@leader.{arg}", power=f"@power.{f['role']}",
                  roll=roll))
    else:
        s.say(msg("log.leader_lived", leader=f"@leader.{arg}", roll=roll))


@card(25, DRAWN)
def pirates(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """The drawer places a Pirates marker (§12.6.1)."""
    if events.pirate_sites(s):
        push(s, "place_pirates", role=power)
    else:
        s.say(msg("log.no_effect"))


@card(30, DRAWN)
def revenues_and_stability(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """The drawer only: under 3T -1 Stability, over 12T +1."""
    events.revenues(s, [power])


@card(31, DRAWN)
def slave_revolt(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """The drawer, if a space of his Home Territory has no LCUs (ambiguity A33: the card's
    words, not the event's "land units") and no revolt is under way against him (§12.7)."""
    events.slave_revolt(s, power, card=True)


# -- 7 Bounteous Harvests, 17 Famine and Drought --------------------------------------------------
def harvest(s: PRState, delta: int) -> None:
    territory, holder = events.harvest_territory(s)
    s.say(msg("log.harvest", territory=f"@territory.{territory}",
              what="@word.bountiful" if delta > 0 else "@word.famine"))
    if holder in s.powers:
        adjust(s, holder, delta, "harvest")
    else:
        s.say(msg("log.no_effect"))


@card(7, DRAWN)
def bounteous_harvests(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """1d6 on the Harvest/Famine table: the territory's controller +1 Stability."""
    harvest(s, 1)


@card(17, DRAWN)
def famine_and_drought(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """1d6 on the Harvest/Famine table: the territory's controller -1 Stability."""
    harvest(s, -1)


# -- 8 Change in Political Scene, 9 Change in Foreign Policy ---------------------------------------
@card(8, DRAWN)
def change_in_political_scene(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """The drawer's hand goes back into the deck, which is shuffled at once (none of it may be
    played first); all his objectives go back to the pool and as many are drawn blind; +2
    Stability."""
    from games.pax_romana.economy import draw_objective
    hand = s.hands.get(power, [])
    if hand:
        s.deck.extend(hand)
        s.hands[power] = []
        s.rng.shuffle(s.deck)
        s.say(msg("log.hand_to_deck", power=f"@power.{power}", n=len(hand)))
    p = s.powers[power]
    n = len(p.objectives)
    if n and objectives_in_play(s):
        for letter in list(p.objectives):
            return_objective(s, power, letter)
        p.objectives_shown = []
        s.say(msg("log.objectives_changed", power=f"@power.{power}", n=n))
        for _ in range(n):
            draw_objective(s, power)
    adjust(s, power, 2, "political_scene")


@card(9, DRAWN)
def change_in_foreign_policy(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """The drawer names any Power, himself included: it draws an objective blind, then one of
    its other objectives, picked at random, goes back to the pool."""
    if not objectives_in_play(s) or not s.objective_pool:
        s.say(msg("log.no_effect"))
        return
    push(s, "foreign_policy", role=power)


@question("foreign_policy",
          lambda s, f: [opt("target", r, "choice.power", power=f"@power.{r}") for r in s.roles],
          lambda s, f: msg("prompt.foreign_policy", who=f"@power.{f['role']}", card="@card.9"))
def _foreign_policy(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    from games.pax_romana.economy import draw_objective
    pop(s, f)
    p = s.powers[arg]
    before = list(p.objectives)
    draw_objective(s, arg)
    s.say(msg("log.foreign_policy", power=f"@power.{arg}"))
    if len(p.objectives) == len(before) or not before:
        return
    letter = before[s.rng.below(len(before))]
    return_objective(s, arg, letter)
    s.say(msg("log.objective_back", power=f"@power.{arg}"))


# -- 11 Conspiracy -------------------------------------------------------------------------------------
def conspirators(s: PRState) -> list[str]:
    """Non-Exceptional leaders of the Powers on the map (not the Soldiers of Fortune's, not an
    ally's)."""
    return sorted(lid for lid, ls in s.leaders.items()
                  if ls.owner in s.powers and ls.at in data().spaces and not is_exceptional(lid))


@card(11, DRAWN)
def conspiracy(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """The drawer picks any non-Exceptional leader on the map: he is removed, and his owner
    loses 1 Stability."""
    if not conspirators(s):
        s.say(msg("log.no_effect"))
        return
    push(s, "conspiracy", role=power)


def _conspiracy_choices(s: PRState, f: Frame) -> list[Choice]:
    return paged(f, f["role"], [
        opt("conspirator", lid, "choice.leader_of_at", leader=f"@leader.{lid}",
            power=f"@power.{s.leaders[lid].owner}", space=f"@space.{s.leaders[lid].at}")
        for lid in conspirators(s)], [])


@question("conspiracy", _conspiracy_choices,
          lambda s, f: msg("prompt.conspiracy", who=f"@power.{f['role']}", card="@card.11"))
def _conspiracy(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    owner = s.leaders[arg].owner
    kill_leader(s, arg)
    s.say(msg("log.conspiracy", leader=f"@leader.{arg}", power=f"@power.{owner}"))
    adjust(s, owner, -1, "conspiracy")


# -- 14 Dies Irae ----------------------------------------------------------------------------------------
DIES_IRAE = 2


@card(14, DRAWN)
def dies_irae(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """The drawer pays 2T to the priests or loses the AM just drawn."""
    push(s, "dies_irae", role=power)


def _dies_irae_choices(s: PRState, f: Frame) -> list[Choice]:
    out = []
    if s.powers[f["role"]].treasury >= DIES_IRAE:
        out.append(opt("pay", DIES_IRAE, "choice.pay_priests", n=DIES_IRAE))
    return out + [opt("cancel_am", None, "choice.cancel_am")]


@question("dies_irae", _dies_irae_choices,
          lambda s, f: msg("prompt.dies_irae", who=f"@power.{f['role']}", n=DIES_IRAE,
                           card="@card.14"))
def _dies_irae(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    power = f["role"]
    if verb == "pay":
        s.powers[power].treasury -= DIES_IRAE
        s.say(msg("log.paid", power=f"@power.{power}", n=DIES_IRAE))
    else:
        cancel_activation(s, power)


# -- 22 Local Insurrection ------------------------------------------------------------------------------
def garrisons(s: PRState) -> list[str]:
    return sorted(f"{sp}|{o}" for sp, owners in s.units.items() for o, st in owners.items()
                  if st.get("GR", 0))


@card(22, DRAWN)
def local_insurrection(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """The drawer removes any one Garrison on the map, his own included; none, no event."""
    if not garrisons(s):
        s.say(msg("log.no_effect"))
        return
    push(s, "insurrection", role=power)


@question("insurrection",
          lambda s, f: paged(f, f["role"], [
              opt("garrison", k, "choice.garrison_at", power=f"@power.{k.split('|')[1]}",
                  space=f"@space.{k.split('|')[0]}") for k in garrisons(s)], []),
          lambda s, f: msg("prompt.insurrection", who=f"@power.{f['role']}", card="@card.22"))
def _insurrection(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    sp, owner = arg.split("|")
    s.remove(sp, owner, "GR")
    s.say(msg("log.insurrection", power=f"@power.{owner}", space=f"@space.{sp}"))


# -- 35 Stability Check ---------------------------------------------------------------------------------
CARD_DISCONTENT = 2


@card(35, DRAWN)
def stability_check(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """Against any Power at +3 or lower; the drawer himself only if nobody else is; with nobody
    at all, the drawer loses 1 Stability."""
    targets = [r for r in s.roles if r != power and s.powers[r].stability <= 3]
    if not targets:
        if s.powers[power].stability <= 3:
            check_effect(s, power, power)
        else:
            adjust(s, power, -1, "stability_check")
    elif len(targets) == 1:
        check_effect(s, targets[0], power)
    else:
        push(s, "card_check_target", role=power, targets=targets)


@question("card_check_target",
          lambda s, f: [opt("target", r, "choice.power", power=f"@power.{r}") for r in f["targets"]],
          lambda s, f: msg("prompt.check_target", who=f"@power.{f['role']}"))
def _card_check_target(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    check_effect(s, arg, f["role"])


def check_effect(s: PRState, power: str, drawer: str) -> None:
    """Stable: Discontent, 2T or 1 Stability a Talent unpaid. Unrest: Riots in his next (or
    this) Activation. Disorder: Civil War with his next (or this) AM."""
    rng = stability_range(s.powers[power].stability)
    s.say(msg("log.stability_check", power=f"@power.{power}", result=f"@check.{rng}"))
    if rng == "stable":
        push(s, "discontent", role=power, n=CARD_DISCONTENT)
    elif rng == "unrest":
        s.powers[power].riots = True
    elif power == drawer:
        cancel_activation(s, power)
        civil_war(s, power)
    else:
        waiting = s.card_effects.setdefault("civil_war", [])
        if power not in waiting:
            waiting.append(power)
        s.say(msg("log.civil_war_waits", power=f"@power.{power}"))


def next_am_civil_war(s: PRState, power: str) -> bool:
    """When the AM of a Power struck by the card's Civil War comes up, it is used for nothing
    but the Civil War (called as that AM is drawn; True if it was)."""
    waiting = s.card_effects.get("civil_war", [])
    if power not in waiting:
        return False
    waiting.remove(power)
    if not waiting:
        s.card_effects.pop("civil_war", None)
    cancel_activation(s, power)
    civil_war(s, power)
    return True


def losing_order(kind: str) -> tuple[int, str]:
    return battle_points(kind), kind


def civil_war(s: PRState, power: str) -> None:
    """The card's Civil War: 1d6 for each space the Power occupies, galleys included; odd, it
    loses half its land units there and half its galleys (rounded up; the weakest units first,
    Garrisons not counted) and a Garrison is placed where it lost any; then all its leaders go,
    one new one is drawn for a capital, and its Stability is set to -1."""
    for sp in sorted(s.spaces_of_owner(power)):
        roll = d6(s)
        if roll % 2 == 0:
            continue
        st = s.stack(sp, power)
        land = sorted((k for k in st if k not in ("GS", "GR")), key=losing_order)
        lose_land = math.ceil(sum(st[k] for k in land) / 2)
        lose_galleys = math.ceil(st.get("GS", 0) / 2)
        lost = lose_land + lose_galleys
        for k in land:
            if lose_land <= 0:
                break
            lose_land -= s.remove(sp, power, k, lose_land)
        s.remove(sp, power, "GS", lose_galleys)
        if lost and sp in data().spaces and sp not in data().transit_points:
            s.add(sp, power, "GR")
        if lost:
            s.say(msg("log.card_civil_war_loss", power=f"@power.{power}", space=f"@space.{sp}"))
    events.replace_leaders(s, power)
    adjust(s, power, -1 - s.powers[power].stability, "civil_war")


# -- 36 Successor Wars Roll On --------------------------------------------------------------------
GREECE = "greece"
SUCCESSOR_REACH = 3


def greek_land() -> set[str]:
    d = data()
    home = d.home_territory(GREECE).id
    return {sp for sp, x in d.spaces.items() if x.territory == home}


def in_greece(space: str) -> bool:
    return space in greek_land()


def successor_armies(s: PRState) -> list[str]:
    """Spaces with Greek LCUs in Greece or within 3 land or sea links of it (never the Soldiers
    of Fortune)."""
    d = data()
    dist = {sp: 0 for sp in greek_land()}
    todo = sorted(dist)
    while todo:
        pt = todo.pop(0)
        if dist[pt] >= SUCCESSOR_REACH:
            continue
        for nb in sorted(d.land_neighbours(pt) | d.sea_neighbours(pt)):
            if nb not in dist:
                dist[nb] = dist[pt] + 1
                todo.append(nb)
    return sorted(sp for sp in s.spaces_of_owner(GREECE) if sp in dist and sp in d.spaces
                  and any(k in LCU_TYPES for k in s.stack(sp, GREECE)))


def successor_may_enter(f: Frame, here: str, there: str) -> bool:
    """The army goes to Greece and stays there: once in Greece it never leaves it."""
    return not (f.get("successor") and in_greece(here) and not in_greece(there))


def successor_may_stop(f: Frame) -> bool:
    return not f.get("successor") or in_greece(f["at"])


@card(36, DRAWN)
def successor_wars(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """Before his Action, the drawer makes a Major Move with one Greek army in Greece or within
    3 land or sea links of it; the army must go to Greece and stay there, may not pick up units
    in cities or settlements nor pillage, and its battles raise no militia. Drawn by the Greek
    player: -2 Stability instead."""
    if power == GREECE:
        adjust(s, power, -2, "successor_wars")
        return
    if GREECE not in s.powers or not successor_armies(s):
        s.say(msg("log.no_effect"))
        return
    push(s, "successor_wars", role=power)


@question("successor_wars",
          lambda s, f: paged(f, f["role"], [opt("greek_army", sp, "choice.army_at",
                                                space=f"@space.{sp}")
                                            for sp in successor_armies(s)], []),
          lambda s, f: msg("prompt.successor_wars", who=f"@power.{f['role']}", card="@card.36"),
          lapses=lambda s, f: True)
def _successor_wars(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    from games.pax_romana.cards.successor import SUCCESSOR, muster
    if verb == "page":
        turn_page(f, f["role"])
        return
    pop(s, f)
    s.say(msg("log.successor_wars", power=f"@power.{f['role']}", space=f"@space.{arg}"))
    push(s, "successor_over")           # under the move: the army is Greek again after it
    push(s, "move_army", role=f["role"], owner=SUCCESSOR, start=arg,
         units=muster(s, f["role"], arg), leaders=s.leaders_at(arg, SUCCESSOR), minor=False,
         successor=True)


# -- 39 Tribal Resurgence ---------------------------------------------------------------------------
def resurgence_sites(s: PRState) -> list[str]:
    """Unoccupied tribal spaces without a Tribe counter."""
    return sorted(sp for sp in data().tribal_spaces
                  if sp not in s.tribes and not s.units.get(sp))


@card(39, DRAWN)
def tribal_resurgence(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """Two unused Tribe counters, drawn blind, go "?" side up onto unoccupied tribal spaces
    without one, as the drawer chooses; one if only one such space, none if none."""
    n = min(2, len(s.tribe_pool), len(resurgence_sites(s)))
    if n <= 0:
        s.say(msg("log.no_effect"))
        return
    push(s, "resurgence", role=power, n=n)


@question("resurgence",
          lambda s, f: paged(f, f["role"], [opt("tribe_at", sp, "choice.at_space",
                                                space=f"@space.{sp}")
                                            for sp in resurgence_sites(s)], []),
          lambda s, f: msg("prompt.resurgence", who=f"@power.{f['role']}", n=f["n"],
                           card="@card.39"),
          lapses=lambda s, f: True)
def _resurgence(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    if verb == "page":
        turn_page(f, f["role"])
        return
    # the counter is drawn blind as it is placed: nobody learns its strength
    s.tribes[arg] = s.tribe_pool.pop(s.rng.below(len(s.tribe_pool)))
    s.say(msg("log.tribe_placed", space=f"@space.{arg}"))
    f["n"] -= 1
    if f["n"] <= 0 or not s.tribe_pool or not resurgence_sites(s):
        pop(s, f)


extend({
    "en": {
        "why.political_scene": "a change in the political scene",
        "why.conspiracy": "a conspiracy",
        "prompt.disease": "{who}: {card}: which of your leaders of the highest rank is struck?",
        "why.successor_wars": "the Successor Wars roll on",
        "prompt.successor_wars": "{who}: {card}: which Greek army makes a Major Move into "
                                 "Greece?",
        "log.successor_wars": "{power} sets the Greek army at {space} marching.",
        "log.objective_returned": "Your Optional Objective {letter} went back to the pool.",
        "log.objectives_changed": "{power} returns {n} Optional Objective(s) to the pool and "
                                  "draws as many.",
        "log.hand_to_deck": "{power} returns {n} card(s) from hand to the deck; it is shuffled.",
        "prompt.foreign_policy": "{who}: {card}: which Power draws an "
                                 "Optional Objective and returns another?",
        "log.foreign_policy": "{power} draws an Optional Objective.",
        "log.objective_back": "{power} returns one of its other Optional Objectives, at random, "
                              "to the pool.",
        "choice.leader_of_at": "{leader} ({power}) at {space}",
        "prompt.conspiracy": "{who}: {card}: which leader is removed?",
        "log.conspiracy": "A conspiracy removes {leader} of {power}.",
        "prompt.dies_irae": "{who}: {card}: pay {n}T to the priests, or lose this AM?",
        "choice.pay_priests": "Pay the priests {n}T",
        "choice.cancel_am": "Lose this AM",
        "log.am_cancelled": "{power} loses this AM.",
        "choice.garrison_at": "{power}'s Garrison at {space}",
        "prompt.insurrection": "{who}: {card}: which Garrison is removed?",
        "log.insurrection": "A local insurrection removes {power}'s Garrison at {space}.",
        "log.civil_war_waits": "{power}'s next AM will be spent on the civil war.",
        "log.card_civil_war_loss": "{power} loses half its units at {space} to the civil war; "
                                   "a Garrison stays.",
        "prompt.resurgence": "{who}: {card}: place a Tribe counter ({n} left)",
        "log.tribe_placed": "A Tribe counter appears at {space}.",
    },
    "ru": {
        "why.political_scene": "перемены на политической арене",
        "why.conspiracy": "заговор",
        "prompt.disease": "{who}: {card}: кого из ваших полководцев высшего ранга она "
                          "поражает?",
        "why.successor_wars": "войны диадохов продолжаются",
        "prompt.successor_wars": "{who}: {card}: какая греческая армия делает большой ход "
                                 "в Грецию?",
        "log.successor_wars": "{power} двигает греческую армию из {space:gen}.",
        "log.objective_returned": "Ваша возможная цель {letter} возвращена в пул.",
        "log.objectives_changed": "{power} возвращает в пул возможных целей: {n} и тянет "
                                  "столько же.",
        "log.hand_to_deck": "{power} возвращает карты из руки в колоду ({n}); колода "
                            "перемешана.",
        "prompt.foreign_policy": "{who}: {card}: какая держава тянет "
                                 "возможную цель и возвращает другую?",
        "log.foreign_policy": "{power} тянет возможную цель.",
        "log.objective_back": "{power} возвращает в пул одну из прежних возможных целей, "
                              "наугад.",
        "choice.leader_of_at": "{leader} ({power}) в {space:loc}",
        "prompt.conspiracy": "{who}: {card}: какого полководца убрать?",
        "log.conspiracy": "Заговор убирает полководца: {leader} ({power}).",
        "prompt.dies_irae": "{who}: {card}: заплатить жрецам {n}Т или потерять этот МА?",
        "choice.pay_priests": "Заплатить жрецам {n}Т",
        "choice.cancel_am": "Потерять этот МА",
        "log.am_cancelled": "{power} теряет этот МА.",
        "choice.garrison_at": "Гарнизон {power:gen} в {space:loc}",
        "prompt.insurrection": "{who}: {card}: какой гарнизон убрать?",
        "log.insurrection": "Местный мятеж уничтожает гарнизон {power:gen} в {space:loc}.",
        "log.civil_war_waits": "Следующий МА державы {power} уйдёт на гражданскую войну.",
        "log.card_civil_war_loss": "{power}: гражданская война уносит половину отрядов в "
                                   "{space:loc}; остаётся гарнизон.",
        "prompt.resurgence": "{who}: {card}: поставьте фишку племени (осталось {n})",
        "log.tribe_placed": "В {space:loc} появляется фишка племени.",
    },
})
