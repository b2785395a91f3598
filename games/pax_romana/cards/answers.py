"""The cards that answer another player's action or change battles (§17.2): Ambush (4), The
Archimedes Effect (5), Conqueror (10), Cunctator (12), Deus ex Machina (13), the Galley Techs
(18-20), Naval Ambush (24), The Poliorcetes Effect (26), Spies (33), Tactical Surprise (37) and
Traitor (38).

Their lasting effects are in ``s.card_effects`` (public, except ``seen``: what Spies and Traitor
showed their player, kept until the end of the turn): ``cunctator`` and ``conqueror`` (the
Powers that played them this turn), ``archimedes`` (spaces with an Inventor), ``helepolis``
(Power -> the space of the army it goes with). The battle reads them through ``card_shifts``;
the withdrawal through ``hooks.unlimited_withdrawal``."""

from __future__ import annotations

import math
from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana.cards import deck
from games.pax_romana.cards.registry import HELD, card
from games.pax_romana.control import data
from games.pax_romana.flow import Frame, opt, paged, pop, push, question, step, turn_page
from games.pax_romana.leaders import is_exceptional
from games.pax_romana.state import LCU_TYPES, PRState
from games.pax_romana.texts import extend

AMBUSH, ARCHIMEDES, CONQUEROR, CUNCTATOR, DEUS = 4, 5, 10, 12, 13
GALLEY_TECHS = (18, 19, 20)
NAVAL_AMBUSH, POLIORCETES, SPIES, SURPRISE, TRAITOR = 24, 26, 33, 37, 38
SHIFTS = 2              # Archimedes, Helepolis, Tactical Surprise
HELEPOLIS_COST = 2
NAVAL_AMBUSH_RANGE = 3


def d6(s: PRState) -> int:
    return int(s.rng.roll(range(1, 7)))


def _effects(s: PRState, key: str, default: Any) -> Any:
    return s.card_effects.setdefault(key, default)


def _controller(s: PRState, owner: str) -> str | None:
    from games.pax_romana.movement import controller_of
    return controller_of(s, owner)


# -- Ambush (4) ---------------------------------------------------------------------------------------
def _ambush_ok(s: PRState, power: str, ctx: dict[str, Any]) -> bool:
    """Not against an army moving in its own Home Territory."""
    mover, space = ctx.get("mover"), ctx.get("space")
    home = data().spaces[space].home_of if space in data().spaces else None
    return (bool(mover) and mover != power and home != mover
            and bool(s.stack(str(space), str(ctx.get("owner")))))


@card(AMBUSH, "enter_tp", can_play=_ambush_ok)
def ambush(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """1d6 halved, rounded up (at least 1): that many BP of the army entering the Transit Point
    are destroyed, chosen by its player as battle losses are (§10.3.2)."""
    from games.pax_romana.battle import take_losses
    space, owner = ctx["space"], ctx["owner"]
    roll = d6(s)
    need = max(1, math.ceil(roll / 2))
    s.say(msg("log.ambush", power=f"@power.{power}", space=f"@space.{space}", roll=roll,
              n=need))
    push(s, "card_sync_move", space=space, owner=owner)
    who = _controller(s, owner)
    if who is not None:
        push(s, "allocate_losses", role=who, space=space, side=owner, need=need,
             weakened=False, city=False)
    else:
        take_losses(s, space, owner, need)


@step("card_sync_move")
def sync_move(s: PRState, f: Frame) -> None:
    """The moving army's frame keeps only the units still there."""
    from games.pax_romana.movement import move_frame
    pop(s, f)
    space, owner = f["space"], f["owner"]
    m = move_frame(s)
    if m is None or m.get("at") != space or m.get("owner") != owner:
        return
    st = s.stack(space, owner)
    m["units"] = {k: min(n, st.get(k, 0)) for k, n in m["units"].items() if st.get(k, 0)}


# -- The Archimedes Effect (5) ------------------------------------------------------------------------
def _cities(s: PRState) -> list[str]:
    return sorted(sp for sp, c in s.cities.items() if c.kind == "city")


@card(ARCHIMEDES, *HELD, can_play=lambda s, p, ctx: bool(_cities(s)))
def archimedes(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """An Inventor in any City space: 2 shifts to the defender using the City's FP there until
    the end of the Game Turn."""
    push(s, "card_pick", role=power, card=ARCHIMEDES)


# -- Conqueror (10) -----------------------------------------------------------------------------------
def _conqueror_ok(s: PRState, power: str, ctx: dict[str, Any]) -> bool:
    return (power not in s.card_effects.get("cunctator", [])
            and any(ls.owner == power and is_exceptional(lid) for lid, ls in s.leaders.items()))


@card(CONQUEROR, "expansion_start", can_play=_conqueror_ok)
def conqueror(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """A second Major Move this AM for the Exceptional leader and the army stacked with him."""
    _effects(s, "conqueror", []).append(power)
    for f in reversed(s.flow):
        if f["k"] == "expansion" and f["role"] == power:
            f["extra"] = f.get("extra", 0) + 1
            break
    s.say(msg("log.conqueror_card", power=f"@power.{power}"))


# -- Cunctator (12) -----------------------------------------------------------------------------------
@card(CUNCTATOR, *HELD,
      can_play=lambda s, p, ctx: p not in s.card_effects.get("conqueror", []))
def cunctator(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """For the rest of the turn: withdraw before battle any number of times, and no Stability
    lost withdrawing from the Home Territory."""
    _effects(s, "cunctator", []).append(power)


# -- Deus ex Machina (13) -----------------------------------------------------------------------------
@card(DEUS, "card", can_play=lambda s, p, ctx: ctx.get("by") != p)
def deus_ex_machina(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """Cancels the card just drawn or played by someone else, before any effect; both are
    discarded (windows.card_effect marks the cancelled card's effect)."""
    ctx["cancelled"] = True


# -- Galley Tech (18, 19, 20; Use Once and Remove) ----------------------------------------------------
def galley_tech(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """Until the end of the Game Turn each of the Power's galleys has 3 BP in naval battle."""
    s.powers[power].galley_improvement = True
    s.say(msg("log.galley_tech", power=f"@power.{power}"))


for _kind in GALLEY_TECHS:
    card(_kind, *HELD)(galley_tech)


# -- Naval Ambush (24) --------------------------------------------------------------------------------
def _galley_points_near(s: PRState, power: str, target: str) -> list[str]:
    """The points holding ``power``'s galleys within 3 sea links of ``target``, nearest first
    (then by name), the path between
    them read as the option says (ambiguity A6): "blocked", it may not pass into or through a
    port or naval point holding galleys not ``power``'s; "required", it must."""
    from games.pax_romana.naval import point_kind
    reading = s.options.get("naval_ambush_path", "blocked")
    d = data()
    found: dict[str, int] = {}
    # (point, links, passed through another's galleys)
    frontier = [(target, 0, False)]
    seen = {(target, False)}
    while frontier:
        here, n, passed = frontier.pop(0)
        if here != target and s.stack(here, power).get("GS"):
            if reading != "required" or passed:
                found.setdefault(here, n)
        if n >= NAVAL_AMBUSH_RANGE:
            continue
        for nb in sorted(d.sea_neighbours(here)):
            others = nb != target and point_kind(nb) in ("port", "ntp") and any(
                o != power and st.get("GS") for o, st in s.units.get(nb, {}).items())
            if others and reading == "blocked" and not s.stack(nb, power).get("GS"):
                continue
            key = (nb, passed or others)
            if key in seen:
                continue
            seen.add(key)
            frontier.append((nb, n + 1, passed or others))
    return sorted(found, key=lambda p: (found[p], p))


def _naval_ambush_ok(s: PRState, power: str, ctx: dict[str, Any]) -> bool:
    from games.pax_romana.naval import point_kind
    space = ctx.get("space")
    if not space or point_kind(space) not in ("port", "ntp") or ctx.get("mover") == power:
        return False
    if not any(k != "GS" for k in s.stack(space, str(ctx.get("owner")))):
        return False                # the transport is gone (a storm, say)
    if ctx.get("escorted") and s.options.get("naval_ambush_escorted", "battle") == "no_effect":
        return False
    return bool(_galley_points_near(s, power, space))


@card(NAVAL_AMBUSH, "naval_transport", can_play=_naval_ambush_ok)
def naval_ambush(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """An army by Naval Transport entering a port or NTP within 3 sea links of the player's
    galleys: without an escort all its land units are destroyed. With one (ambiguity A6, the
    specification's reading) the nearest ambushing fleet fights the escort as a naval battle
    where the transport is, the ambushing fleet staying where it lies; the transport's side is
    that of any transport in a naval battle (§11.4.3-11.4.6, ``naval.transport_battle``): 2 BP
    of the army for each galley lost, all of it with its leaders if the last galley goes."""
    from games.pax_romana import naval
    from games.pax_romana.movement import move_frame
    space, mover = ctx["space"], ctx["mover"]
    m = move_frame(s)
    if m is None or m.get("at") != space or m.get("sea") is None:
        return
    if m["sea"].get("galleys"):
        at = _galley_points_near(s, power, space)[0]
        s.say(msg("log.naval_ambush_escort", power=f"@power.{power}", space=f"@space.{space}",
                  who=f"@power.{mover}", at=f"@space.{at}"))
        naval.transport_battle(s, m, power, enemy_at=at)
        return
    s.say(msg("log.naval_ambush", power=f"@power.{power}", space=f"@space.{space}",
              who=f"@power.{mover}"))
    naval._lost_at_sea(s, m)


# -- The Poliorcetes Effect (26) ----------------------------------------------------------------------
def _army_spaces(s: PRState, power: str) -> list[str]:
    return sorted(sp for sp in s.spaces_of_owner(power) if sp in data().spaces
                  and any(k in LCU_TYPES for k in s.stack(sp, power)))


@card(POLIORCETES, *HELD, can_play=lambda s, p, ctx: s.powers[p].treasury >= HELEPOLIS_COST
      and bool(_army_spaces(s, p)))
def poliorcetes(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """2T for a Helepolis placed with one of the Power's armies: 2 shifts when that army
    attacks a City or Settlement; one battle, then it is removed; never in defence."""
    s.powers[power].treasury -= HELEPOLIS_COST
    push(s, "card_pick", role=power, card=POLIORCETES)


# -- Tactical Surprise (37) ---------------------------------------------------------------------------
@card(SURPRISE, "land_battle", can_play=lambda s, p, ctx: not ctx.get("city"))
def tactical_surprise(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """+2 shifts in one land battle; not if the defender chose to use a City or Settlement."""
    from games.pax_romana.battle import battle_frame
    f = battle_frame(s)
    side = f["att"] if _controller(s, f["att"]) == power else f["dfd"]
    extra = f.setdefault("card_shifts", {})
    extra[side] = extra.get(side, 0) + SHIFTS
    s.say(msg("log.tactical_surprise", power=f"@power.{power}", space=f"@space.{f['space']}"))


def card_shifts(s: PRState, f: Frame, out: dict[str, int]) -> None:
    """The cards' shifts in a land battle (for battle.py): Tactical Surprise, the Inventor of
    The Archimedes Effect for a defender using its City's FP, the Helepolis of The Poliorcetes
    Effect for the army that brought it against a City or Settlement the defender uses (then
    removed)."""
    for side, n in f.get("card_shifts", {}).items():
        if side in out:
            out[side] += n
    space, att, dfd = f["space"], f["att"], f["dfd"]
    if f.get("city") and space in s.card_effects.get("archimedes", []):
        c = s.cities.get(space)
        if c is not None and c.kind == "city":
            out[dfd] += SHIFTS
    who = _controller(s, att)
    marks = s.card_effects.get("helepolis", {})
    if f.get("helepolis"):
        out[att] += SHIFTS
    elif who in marks and marks[who] == space and f.get("city"):
        # the marker came with the attacking army (follow_helepolis); one battle, then gone
        f["helepolis"] = True
        out[att] += SHIFTS
        del marks[who]
        s.say(msg("log.helepolis", power=f"@power.{who}", space=f"@space.{space}"))


def follow_helepolis(s: PRState, power: str | None, here: str, there: str) -> None:
    """The Helepolis goes with the army it was put with: an army of its Power leaving the
    marker's space takes it along (hooks.army_moved: each step of a land or sea move, of a
    withdrawal or a retreat, a regrouping)."""
    marks = s.card_effects.get("helepolis", {})
    if power is not None and marks.get(power) == here and here != there:
        marks[power] = there


def drop_lost_helepolis(s: PRState) -> bool:
    """§17.2: the Helepolis is its army's; an army destroyed (in battle, lost at sea, by
    attrition or isolation, in any phase) leaves no Helepolis behind: a marker whose space holds
    no land combat unit of its Power is removed (``hooks.armies_lost``: after a battle, a
    transport lost, an Activation, and before the flow asks anything). True if one was."""
    from games.pax_romana.cards.successor import as_greek
    from games.pax_romana.movement import controller_of
    marks = s.card_effects.get("helepolis", {})
    dropped = False
    for power, space in sorted(marks.items()):
        # a Greek army marching as card 36's Successor army is still Greece's
        if not any(power in (controller_of(s, o), as_greek(o))
                   and any(k in LCU_TYPES for k in st)
                   for o, st in s.units.get(space, {}).items()):
            del marks[power]
            dropped = True
            s.say(msg("log.helepolis_lost", power=f"@power.{power}", space=f"@space.{space}"))
    return dropped


# -- Spies (33) and Traitor (38) ----------------------------------------------------------------------
def _others_with_cards(s: PRState, power: str) -> list[str]:
    return [p for p in s.roles if p != power and s.hands.get(p)]


@card(SPIES, *HELD, can_play=lambda s, p, ctx: len(s.roles) > 1)
def spies(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """Look at the hand of any one player."""
    push(s, "card_pick", role=power, card=SPIES)


@card(TRAITOR, *HELD, can_play=lambda s, p, ctx: bool(_others_with_cards(s, p)))
def traitor(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """Take one card at random from any other player's hand."""
    push(s, "card_pick", role=power, card=TRAITOR)


def seen(s: PRState, power: str) -> list[dict[str, Any]]:
    """What Spies and Traitor showed ``power`` this turn (private)."""
    return list(s.card_effects.get("seen", {}).get(power, []))


# -- the card's question: where, or whom ------------------------------------------------------------
def _pick_options(s: PRState, f: Frame) -> list[Choice]:
    power, kind = f["role"], f["card"]
    if kind == ARCHIMEDES:
        return [opt("pick", sp, "choice.card_city", space=f"@space.{sp}") for sp in _cities(s)]
    if kind == POLIORCETES:
        return [opt("pick", sp, "choice.card_army", space=f"@space.{sp}")
                for sp in _army_spaces(s, power)]
    who = _others_with_cards(s, power) if kind == TRAITOR else [
        p for p in s.roles if p != power]
    return [opt("pick", p, "choice.card_player", who=f"@power.{p}") for p in who]


def _pick_choices(s: PRState, f: Frame) -> list[Choice]:
    return paged(f, f["role"], _pick_options(s, f), [])


def _pick_prompt(s: PRState, f: Frame) -> Msg:
    return msg("prompt.card_pick", who=f"@power.{f['role']}", card=deck.card_arg(f["card"]))


@question("card_pick", _pick_choices, _pick_prompt, lapses=lambda s, f: True)
def card_pick(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    power, kind = f["role"], f["card"]
    if verb == "page":
        turn_page(f, power)
        return
    pop(s, f)
    if kind == ARCHIMEDES:
        _effects(s, "archimedes", []).append(arg)
        s.say(msg("log.archimedes", power=f"@power.{power}", space=f"@space.{arg}"))
    elif kind == POLIORCETES:
        _effects(s, "helepolis", {})[power] = arg
        s.say(msg("log.poliorcetes", power=f"@power.{power}", space=f"@space.{arg}"))
    elif kind == SPIES:
        cards = sorted(s.hands.get(arg, []))
        _effects(s, "seen", {}).setdefault(power, []).append({"of": arg, "cards": cards})
        s.say(msg("log.spies", power=f"@power.{power}", who=f"@power.{arg}"))
        s.say(msg("log.spies_saw", who=f"@power.{arg}", n=len(cards)), to=power)
    elif kind == TRAITOR:
        hand = s.hands.get(arg, [])
        if not hand:
            return
        took = hand.pop(s.rng.below(len(hand)))
        s.hands.setdefault(power, []).append(took)
        s.mark_irreversible()
        _effects(s, "seen", {}).setdefault(power, []).append({"of": arg, "took": took})
        s.say(msg("log.traitor", power=f"@power.{power}", who=f"@power.{arg}"))
        s.say(msg("log.traitor_took", who=f"@power.{arg}", card=deck.card_arg(took)), to=power)
        s.say(msg("log.traitor_lost", power=f"@power.{power}", card=deck.card_arg(took)),
              to=arg)


extend({
    "en": {
        "log.ambush": "{power} springs an Ambush at {space}: roll {roll}, {n} BP to lose.",
        "log.conqueror_card": "{power}: Conqueror, a second Major Move with the Exceptional "
                              "leader's army.",
        "log.galley_tech": "{power}'s galleys have 3 BP until the end of the turn.",
        "log.naval_ambush": "{power} ambushes {who}'s transport at {space}: its army is lost.",
        "log.naval_ambush_escort": "{power} ambushes {who}'s escorted transport at {space}: "
                                   "its fleet at {at} fights the escort.",
        "log.tactical_surprise": "{power}: Tactical Surprise at {space}, 2 shifts.",
        "log.helepolis": "{power}'s Helepolis gives 2 shifts at {space}.",
        "log.archimedes": "{power} places the Inventor in {space}.",
        "log.poliorcetes": "{power} pays 2T for a Helepolis with its army in {space}.",
        "log.helepolis_lost": "{power}'s army in {space} is gone: its Helepolis leaves the board.",
        "log.spies": "{power}'s spies look at {who}'s hand.",
        "log.spies_saw": "{who} holds {n} card(s); see your hand.",
        "log.traitor": "{power} takes a card at random from {who}'s hand.",
        "log.traitor_took": "You took {card} from {who}.",
        "log.traitor_lost": "{power} took your {card}.",
        "prompt.card_pick": "{who}: {card}: choose.",
        "choice.card_city": "The City of {space}",
        "choice.card_army": "The army in {space}",
        "choice.card_player": "{who}",
    },
    "ru": {
        "log.ambush": "{power} устраивает засаду в {space:loc}: бросок {roll}, потерять ОБ: {n}.",
        "log.conqueror_card": "{power}: Завоеватель, второе большое перемещение армии "
                              "выдающегося полководца.",
        "log.galley_tech": "{power}: галеры имеют по 3 ОБ до конца хода.",
        "log.naval_ambush": "{power} устраивает морскую засаду у {space:gen}: армия ({who}) "
                            "погибла.",
        "log.naval_ambush_escort": "{power} устраивает морскую засаду у {space:gen}: флот "
                                   "({at}) вступает в морской бой с охраной транспорта "
                                   "({who}).",
        "log.tactical_surprise": "{power}: тактическая внезапность в {space:loc}, 2 сдвига.",
        "log.helepolis": "{power}: гелеполь даёт 2 сдвига в {space:loc}.",
        "log.archimedes": "{power} помещает изобретателя в {space:acc}.",
        "log.poliorcetes": "{power} платит 2Т за гелеполь при армии в {space:loc}.",
        "log.helepolis_lost": "{power}: армии в {space:loc} больше нет, её гелеполь убран с карты.",
        "log.spies": "{power}: шпионы смотрят карты на руке: {who}.",
        "log.spies_saw": "{who}: карт на руке {n}; смотрите свою руку.",
        "log.traitor": "{power} берёт случайную карту с руки: {who}.",
        "log.traitor_took": "Вы взяли «{card}» у: {who}.",
        "log.traitor_lost": "{power} забирает вашу карту «{card}».",
        "prompt.card_pick": "{who}: «{card}»: выберите.",
        "choice.card_city": "Город {space}",
        "choice.card_army": "Армия в {space:loc}",
        "choice.card_player": "{who}",
    },
})
