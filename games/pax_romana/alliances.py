"""Alliances between Powers (§4.1-4.3): agreed in a Negotiate action in the Standard Game
(negotiation.py), by the Alliance card in the Advanced Game; they last until the end of the Game
Turn (§4.3.1).

``s.alliances`` holds groups of allied Powers. A Power is in one group at most: an alliance with
a Power already allied joins the whole group, and every member confirms it (negotiation.py).
Alliances are friendship only: the agreements about what the allies will do are words (§4.3.2).

While allied (§4.3.1):

* the allies' armies are friendly: they pass through each other and may end a move together
  (movement.friends_of asks ``allies``);
* an ally's armies neither give nor break control for the other (§5.4.1): control.py reads a
  province for a Power as if its allies' units were not there (``unit_holders``); a space held
  by allies together belongs to the one whose city or settlement is there, else to the one
  whose Home Territory it is, else to the one that came first (``joint_holder``);
* allies attacked in one space defend as one army (battle.py): its commander is the leader with
  the best Tactics (a tie: the one with more BP of his own Power there); his player decides the
  battle; without a leader the Power with more BP there decides; equal: drawn by lot
  (``deciding_power``). The loss is shared in proportion to each Power's BP in the army and each
  allocates its own share (``loss_shares``);
* in the Attrition and Isolation Phase, allies stacked together part: the army of the Power that
  does not control the space (the one that came there last) is placed in its capital
  (``separate``, isolation.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana import texts
from games.pax_romana.flow import Frame, opt, pop, push, question
from games.pax_romana.state import PRState

texts.extend({
    "en": {
        "log.alliance2": "Alliance until the end of the Game Turn: {a} and {b}.",
        "log.alliance3": "Alliance until the end of the Game Turn: {a}, {b} and {c}.",
        "log.alliance4": "Alliance until the end of the Game Turn: {a}, {b}, {c} and {d}.",
        "log.alliance_refused": "{who} refuses the alliance.",
        "log.alliances_end": "The alliances end with the Game Turn.",
        "log.combined_defence": "{space}: the allies defend as one army; {who} decides the "
                                "battle.",
        "log.combined_defence_lot": "{space}: the allies defend as one army; drawn by lot, "
                                    "{who} decides the battle.",
        "log.ally_placed": "The allies part: {army} goes from {start} to {space}.",
        "log.ally_lost": "The allies part: {army} in {start} has no capital to go to and is "
                         "lost.",
        "prompt.alliance2": "{who}: {proposer} offers an alliance until the end of the Game "
                            "Turn: {a} and {b}.",
        "prompt.alliance3": "{who}: {proposer} offers an alliance until the end of the Game "
                            "Turn: {a}, {b} and {c}.",
        "prompt.alliance4": "{who}: {proposer} offers an alliance until the end of the Game "
                            "Turn: {a}, {b}, {c} and {d}.",
        "choice.accept_alliance": "Accept the alliance",
        "choice.refuse_alliance": "Refuse",
        "choice.offer_alliance": "Offer an alliance: {power}",
        "choice.offer_alliance_all": "Offer an alliance to all invited",
        "prompt.ally_capital": "{who}: your army leaves its ally in {space}: which capital does "
                               "it go to?",
        "choice.to_capital": "To {space}",
        "choice.table_talk": "Talk: negotiate, ally, trade (table talk; the Action is not "
                             "spent)",
        "log.table_talk": "{who} opens talks (table talk).",
    },
    "ru": {
        "log.alliance2": "Союз до конца Игрового Хода: {a} и {b}.",
        "log.alliance3": "Союз до конца Игрового Хода: {a}, {b} и {c}.",
        "log.alliance4": "Союз до конца Игрового Хода: {a}, {b}, {c} и {d}.",
        "log.alliance_refused": "{who} отказывается от союза.",
        "log.alliances_end": "С концом Игрового Хода союзы распадаются.",
        "log.combined_defence": "{space}: союзники защищаются единой армией; решения в "
                                "сражении принимает {who}.",
        "log.combined_defence_lot": "{space}: союзники защищаются единой армией; по жребию "
                                    "решения в сражении принимает {who}.",
        "log.ally_placed": "Союзники расходятся: {army:acc} из {start:gen} размещают в "
                           "{space:loc}.",
        "log.ally_lost": "Союзники расходятся: {army:dat} в {start:loc} негде встать (ни одна "
                         "столица не свободна), и она погибает.",
        "prompt.alliance2": "{who}: {proposer} предлагает союз до конца Игрового Хода: {a} и "
                            "{b}.",
        "prompt.alliance3": "{who}: {proposer} предлагает союз до конца Игрового Хода: {a}, "
                            "{b} и {c}.",
        "prompt.alliance4": "{who}: {proposer} предлагает союз до конца Игрового Хода: {a}, "
                            "{b}, {c} и {d}.",
        "choice.accept_alliance": "Принять союз",
        "choice.refuse_alliance": "Отказаться",
        "choice.offer_alliance": "Предложить союз: {power}",
        "choice.offer_alliance_all": "Предложить союз всем приглашённым",
        "prompt.ally_capital": "{who}: ваша армия покидает союзника в {space:loc}: в какую "
                               "столицу она идёт?",
        "choice.to_capital": "В {space:acc}",
        "choice.table_talk": "Разговор: переговоры, союз, обмен (свободные переговоры; "
                             "Действие не тратится)",
        "log.table_talk": "{who} начинает переговоры (свободные переговоры).",
    },
})


# -- table talk (§4.5, optional) ------------------------------------------------------------------
# the active Power's own decisions of its Activation, at which it may open talks
TALK_FRAMES = ("am", "expansion", "callup", "move_army", "move_fleet")


def table_talk_choices(s: PRState, role: str) -> list[Choice]:
    """§4.5 (optional): "remove all restrictions on when players may discuss and make
    alliances, negotiate and plot". Read as: the active Power may, at any of its own decisions
    of its Activation (the AM, the Expansion or Call-Up menus, a move under way), open a
    negotiation (the Negotiate frame, §4.1 and §4.3, any number invited) without spending its
    Action; in the Advanced Game too, with no Alliance card (§4.2). Words need no engine: the
    players talk when they like."""
    from games.pax_romana.flow import waiting
    if not s.options.get("table_talk") or len(s.roles) < 2 or role != s.active_power:
        return []
    w = waiting(s)
    if w is None or w[0]["k"] not in TALK_FRAMES or w[0].get("role") != role:
        return []
    return [opt("table_talk", None, "choice.table_talk")]


def open_talk(s: PRState, role: str) -> None:
    """§4.5: the Negotiate frame, pushed over the question the Power was asked; ending it asks
    that question again."""
    s.say(msg("log.table_talk", who=f"@power.{role}"))
    push(s, "negotiate", role=role, stage=None, talk=True)


# -- who is allied --------------------------------------------------------------------------------
def power_of(s: PRState, owner: str) -> str | None:
    """The Power whose units ``owner``'s are: itself, the Soldiers of Fortune's Power, an
    allied Independent's ally (movement.controller_of)."""
    if owner in s.powers:
        return owner
    from games.pax_romana.movement import controller_of
    return controller_of(s, owner)


def group_of(s: PRState, power: str) -> list[str]:
    """The alliance ``power`` is in (itself alone if none)."""
    return next((list(g) for g in s.alliances if power in g), [power])


def allied(s: PRState, a: str, b: str) -> bool:
    """Two different Powers in one alliance this Game Turn."""
    return a != b and any(a in g and b in g for g in s.alliances)


def allies(s: PRState, owner: str) -> set[str]:
    """The owners friendly to ``owner`` through an alliance: the allied Powers, the Soldiers of
    Fortune of any of them (§4.3.1, §12.4.4) and an Independent allied to any of them
    (§17.2)."""
    if not s.alliances:
        return set()
    power = power_of(s, owner)
    if power is None:
        return set()
    out = {p for p in group_of(s, power) if p != power}
    if s.sof is not None and s.sof.get("power") in out:
        out.add("sof")
    out |= {ind for ind, p in s.allied_independents.items() if p in out}
    return out


def ally(s: PRState, powers: Iterable[str]) -> list[str]:
    """Make ``powers`` allies until the end of the Game Turn; a member already allied brings
    its whole alliance. Returns the alliance as it now stands."""
    group = set(powers)
    keep = []
    for g in s.alliances:
        if group & set(g):
            group |= set(g)
        else:
            keep.append(g)
    members = [p for p in s.roles if p in group]
    if len(members) < 2:
        return members
    s.alliances = [*keep, members]
    s.say(msg(f"log.alliance{len(members)}", **names(members)))
    return members


def names(powers: list[str]) -> dict[str, str]:
    """The Powers as the arguments ``a``, ``b``, ... of the texts for that many."""
    return {"abcd"[i]: f"@power.{p}" for i, p in enumerate(powers)}


def end_of_turn(s: PRState) -> None:
    """§4.3.1: agreements last until the end of the Game Turn."""
    if s.alliances:
        s.alliances = []
        s.say(msg("log.alliances_end"))


def proposal(s: PRState, proposer: str, partners: Iterable[str],
             invited: list[str]) -> list[str] | None:
    """The alliance a Negotiate may offer (§4.1): its members once joined with any alliance
    they are in; all of them must be the negotiator or invited, and it must make someone new
    an ally. None if it may not be offered."""
    group = {proposer, *partners}
    for p in list(group):
        group |= set(group_of(s, p))
    if not group <= {proposer, *invited}:
        return None
    if len(group) < 2 or any(set(g) >= group for g in s.alliances):
        return None
    return [p for p in s.roles if p in group]


def offer(s: PRState, proposer: str, members: list[str]) -> None:
    """Ask every member but the proposer in turn; all must accept (§4.3.1)."""
    ask = [p for p in members if p != proposer]
    push(s, "alliance_answer", role=ask[0], proposer=proposer, members=members, later=ask[1:])


def _answer_choices(s: PRState, f: Frame) -> list[Choice]:
    return [opt("accept", None, "choice.accept_alliance"),
            opt("refuse", None, "choice.refuse_alliance")]


def _answer_prompt(s: PRState, f: Frame) -> Msg:
    return msg(f"prompt.alliance{len(f['members'])}", who=f"@power.{f['role']}",
               proposer=f"@power.{f['proposer']}", **names(f["members"]))


@question("alliance_answer", _answer_choices, _answer_prompt)
def _answer(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    if verb == "refuse":
        s.say(msg("log.alliance_refused", who=f"@power.{f['role']}"))
        return
    if f["later"]:
        push(s, "alliance_answer", role=f["later"][0], proposer=f["proposer"],
             members=f["members"], later=f["later"][1:])
        return
    ally(s, f["members"])


# -- control (§4.3.1, §5.4.1) ---------------------------------------------------------------------
def all_allied(s: PRState, owners: set[str]) -> bool:
    """Two or more owners, all Powers (or their Soldiers of Fortune) of one alliance."""
    powers = {power_of(s, o) for o in owners}
    if None in powers or len(powers) < 2:
        return False
    first = next(iter(powers))
    assert first is not None
    return powers <= set(group_of(s, first))


def joint_holder(s: PRState, space: str, owners: set[str]) -> str:
    """Who controls a space the allies hold together: the ally whose city or settlement is
    there, else the one whose Home Territory it lies in, else the one whose units came first
    (a stack's place among the space's stacks is the order they arrived in)."""
    from games.pax_romana.control import data
    powers = {power_of(s, o) for o in owners}
    c = s.cities.get(space)
    if c is not None and c.owner in powers:
        return c.owner
    home = data().spaces[space].home_of if space in data().spaces else None
    if home in powers:
        return str(home)
    for o in s.units.get(space, {}):
        p = power_of(s, o)
        if o in owners and p is not None:
            return p
    return str(sorted(p for p in powers if p)[0])


def unit_holders(s: PRState, power: str) -> set[str]:
    """The owners whose units a province is read without when it is ``power``'s control that
    is asked (§4.3.1, §5.4.1): its allies and their Soldiers of Fortune."""
    return allies(s, power)


# -- combined defence (§4.3.1) --------------------------------------------------------------------
def power_bp(s: PRState, space: str, owners: Iterable[str]) -> dict[str, int]:
    """Battle Points of each Power's units in ``space`` (its Soldiers of Fortune with it)."""
    from games.pax_romana.battle import bp_of
    from games.pax_romana.state import LCU_TYPES
    out: dict[str, int] = {}
    for o in owners:
        p = power_of(s, o)
        if p is None:
            continue
        out[p] = out.get(p, 0) + sum(bp_of(k) * n for k, n in s.stack(space, o).items()
                                     if k in LCU_TYPES)
    return out


def combined_powers(s: PRState, space: str, owners: Iterable[str]) -> list[str]:
    """The Powers with land units among ``owners`` in ``space``, in turn order (galleys are no
    army)."""
    got = {power_of(s, o) for o in owners if any(k != "GS" for k in s.stack(space, o))}
    return [p for p in s.roles if p in got]


def deciding_power(s: PRState, space: str, owners: Iterable[str]) -> tuple[str, bool] | None:
    """§4.3.1: the Power whose leader commands the combined army (the best Tactics; a tie: the
    leader with more BP of his own Power there) decides the battle; with no leader, the Power
    with more BP; equal BP (or leaders equal in both): drawn by lot with the game's dice.
    Returns (that Power, whether it was drawn), or None if one Power defends alone."""
    from games.pax_romana.leaders import rating
    owners = list(owners)
    powers = combined_powers(s, space, owners)
    if len(powers) < 2:
        return None
    bp = power_bp(s, space, owners)
    best: dict[str, int] = {}
    for o in owners:
        p = power_of(s, o)
        for lid in s.leaders_at(space, o):
            if p in powers:
                best[p] = max(best.get(p, -1), rating(lid)[0])
    if best:
        top = max((best[p], bp.get(p, 0)) for p in best)
        tied = [p for p in powers if p in best and (best[p], bp.get(p, 0)) == top]
    else:
        most = max(bp.get(p, 0) for p in powers)
        tied = [p for p in powers if bp.get(p, 0) == most]
    if len(tied) == 1:
        return tied[0], False
    return tied[s.rng.below(len(tied))], True


def loss_shares(weights: dict[str, int], need: int, capacity: dict[str, int],
                order: list[str]) -> dict[str, int]:
    """The combined army's loss in BP split among its Powers in proportion to what each brought
    to it (``weights``, its BP; largest remainder, a tie to the earlier in ``order``: the
    deciding Power first); what a Power cannot absorb (``capacity``) falls to the others."""
    total = sum(weights.get(p, 0) for p in order)
    if total <= 0:
        share = {p: (need if i == 0 else 0) for i, p in enumerate(order)}
    else:
        exact = {p: need * weights.get(p, 0) / total for p in order}
        share = {p: int(exact[p]) for p in order}
        left = need - sum(share.values())
        for p in sorted(order, key=lambda p: -(exact[p] - share[p]))[:left]:
            share[p] += 1
    spill = 0
    for p in order:
        over = share[p] - capacity.get(p, 0)
        if over > 0:
            share[p] -= over
            spill += over
    for p in order:
        take = min(max(0, capacity.get(p, 0) - share[p]), spill)
        share[p] += take
        spill -= take
    return share


# -- the Attrition and Isolation Phase (§4.3.1) ---------------------------------------------------
def stacked_together(s: PRState) -> list[tuple[str, str, list[str]]]:
    """Spaces where allies' land units stand together: (space, the Power that keeps it, the
    Powers that must leave)."""
    from games.pax_romana.control import data
    out = []
    if not s.alliances:
        return out
    for sp in sorted(s.units):
        if sp not in data().spaces:
            continue
        owners = {o for o, st in s.units[sp].items() if any(k != "GS" for k in st)}
        if not all_allied(s, owners):
            continue
        keeper = joint_holder(s, sp, owners)
        leave = [p for p in combined_powers(s, sp, owners) if p != keeper]
        out.append((sp, keeper, leave))
    return out


def capitals_open(s: PRState, power: str) -> list[str]:
    """The Power's capitals its army may be placed in: none held by anyone not friendly."""
    from games.pax_romana.control import data
    from games.pax_romana.movement import friends_of
    mine = friends_of(s, power)
    out = []
    for c in data().capitals_of(power):
        if any(o not in mine for o in s.units.get(c, {})):
            continue
        city = s.cities.get(c)
        if city is not None and city.owner not in mine:
            continue
        out.append(c)
    return out


def separate(s: PRState) -> None:
    """§4.3.1: the army of the Power that does not control the space (the one that came last)
    is placed (not moved) in its capital, or one of its two; with none open to it, it is lost
    (as an army that must retreat and cannot, §10.7.4)."""
    for sp, _keeper, leave in stacked_together(s):
        for power in leave:
            open_ = capitals_open(s, power)
            if len(open_) > 1:
                push(s, "ally_capital", role=power, space=sp)
            else:
                place_in_capital(s, power, sp, open_[0] if open_ else None)


def _owners_leaving(s: PRState, power: str) -> list[str]:
    return [o for o in (power, "sof") if power_of(s, o) == power]


def place_in_capital(s: PRState, power: str, space: str, capital: str | None) -> None:
    from games.pax_romana.leaders import kill_leader
    from games.pax_romana.movement import shift_army
    for o in _owners_leaving(s, power):
        units = {k: n for k, n in s.stack(space, o).items() if k != "GS"}
        leaders = s.leaders_at(space, o)
        if not units and not leaders:
            continue
        if capital is None:
            for k, n in units.items():
                s.remove(space, o, k, n)
            for lid in leaders:
                kill_leader(s, lid)
            s.say(msg("log.ally_lost", army=f"@army.{o}", start=f"@space.{space}"))
            continue
        shift_army(s, o, units, leaders, space, capital)
        s.merge_weakened(capital, o)
        s.say(msg("log.ally_placed", army=f"@army.{o}", start=f"@space.{space}",
                  space=f"@space.{capital}"))


def _capital_choices(s: PRState, f: Frame) -> list[Choice]:
    return [opt("capital", c, "choice.to_capital", space=f"@space.{c}")
            for c in capitals_open(s, f["role"])]


def _capital_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.ally_capital", who=f"@power.{f['role']}", space=f"@space.{f['space']}")


@question("ally_capital", _capital_choices, _capital_prompt)
def _ally_capital(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    place_in_capital(s, f["role"], f["space"], str(arg))
