"""The alliance cards of the Advanced Game (§17.2, §4.2, §12.5): Alliance (1), Alliance with
Rhodes (2), Alliance with Pergamum (3) and Pontus (27). What an alliance changes elsewhere
(who stacks, who commands, control, the Rhodes toll, the Pontus AM) is independents.py's."""

from __future__ import annotations

from typing import Any

from games.core import Choice, msg
from games.pax_romana import independents as ind
from games.pax_romana.cards.registry import HELD, card
from games.pax_romana.control import space_controller
from games.pax_romana.flow import Frame, opt, pop, push, question
from games.pax_romana.state import PRState
from games.pax_romana.texts import extend

ALLIANCE, RHODES_CARD, PERGAMUM_CARD, PONTUS_CARD = 1, 2, 3, 27
RHODES_PRICE = 3                    # §17.2 Alliance with Rhodes: 3T


# -- Alliance (1) --------------------------------------------------------------------------------
def _alliance_playable(s: PRState, power: str, ctx: dict[str, Any]) -> bool:
    return len(s.roles) > 1 or bool(s.allied_independents)


@card(ALLIANCE, *HELD, can_play=_alliance_playable)
def alliance(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """§4.2: political negotiations with exactly one other player (§4.3), or, instead, the
    break of an existing alliance with Pergamum or Rhodes (the translator's note)."""
    push(s, "alliance_card", role=power)


def _alliance_choices(s: PRState, f: Frame) -> list[Choice]:
    power = f["role"]
    out = [opt("negotiate_with", r, "choice.negotiate_with", power=f"@power.{r}")
           for r in s.roles if r != power]
    out += [opt("break", i, "choice.break_alliance", ind=f"@power.{i}",
                who=f"@power.{p}") for i, p in sorted(s.allied_independents.items())]
    return out


@question("alliance_card", _alliance_choices,
          lambda s, f: msg("prompt.alliance_card", who=f"@power.{f['role']}"))
def _alliance_card(s: PRState, f: Frame, verb: str, arg: Any) -> None:
    power = f["role"]
    pop(s, f)
    if verb == "break":
        ind.break_alliance(s, arg, power)
        return
    s.say(msg("log.invited", power=f"@power.{power}", who=f"@power.{arg}"))
    # the negotiation frame of §4.3 with its one invitee, who may not be joined by others
    push(s, "negotiate", role=power, stage=None, invited=[arg], only=arg, card=ALLIANCE)


# -- Alliance with Rhodes (2) --------------------------------------------------------------------
def _rhodes_playable(s: PRState, power: str, ctx: dict[str, Any]) -> bool:
    """Rhodes allied (to break it), or Independent still: no Power holds its space."""
    return ind.RHODES in s.allied_independents or (
        ind.RHODES in s.independents and space_controller(s, ind.RHODES) not in s.powers)


@card(RHODES_CARD, *HELD, can_play=_rhodes_playable)
def alliance_with_rhodes(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """§17.2: an alliance with Rhodes already made is broken; else the player allies with Rhodes
    for 3T (no effect if he cannot pay) and uses its galleys as his own (§12.5.1)."""
    if ind.RHODES in s.allied_independents:
        ind.break_alliance(s, ind.RHODES, power)
        return
    if s.powers[power].treasury < RHODES_PRICE:
        s.say(msg("log.card_no_effect", power=f"@power.{power}"))
        return
    s.powers[power].treasury -= RHODES_PRICE
    ind.ally_rhodes(s, power)


# -- Alliance with Pergamum (3) ------------------------------------------------------------------
def _pergamum_playable(s: PRState, power: str, ctx: dict[str, Any]) -> bool:
    return ind.PERGAMUM in s.independents or ind.PERGAMUM in s.allied_independents


@card(PERGAMUM_CARD, *HELD, can_play=_pergamum_playable)
def alliance_with_pergamum(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """§17.2: an alliance with Pergamum already made is broken (its units go home); else the
    player allies with it, unless no Pergamene unit is in play (no event)."""
    if ind.PERGAMUM in s.allied_independents:
        ind.break_alliance(s, ind.PERGAMUM, power)
        return
    if not ind.pergamum_in_play(s):
        s.say(msg("log.card_no_effect", power=f"@power.{power}"))
        return
    s.allied_independents[ind.PERGAMUM] = power
    s.say(msg("log.ally_pergamum", power=f"@power.{power}"))


# -- Pontus (27) ----------------------------------------------------------------------------------
def _pontus_playable(s: PRState, power: str, ctx: dict[str, Any]) -> bool:
    """§12.5.5: the kingdom is created only while a space of the province is unoccupied."""
    return ind.pontus_player(s) is None and bool(ind.pontus_spaces(s))


@card(PONTUS_CARD, *HELD, can_play=_pontus_playable)
def pontus(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    """§12.5.5 (Use Once and Remove): the player becomes the Pontus player."""
    ind.pontus_placement(s, power)


extend({
    "en": {
        "choice.negotiate_with": "Negotiate with {power}",
        "choice.break_alliance": "Break the alliance of {who} with {ind}",
        "prompt.alliance_card": "{who}: Alliance, negotiate with one player or break an "
                                "alliance",
        "log.card_no_effect": "{power}: the card has no effect.",
        "log.ally_pergamum": "{power} allies with Pergamum and commands its armies.",
    },
    "ru": {
        "choice.negotiate_with": "Переговоры с игроком: {power}",
        "choice.break_alliance": "Разорвать союз «{ind} — {who}»",
        "prompt.alliance_card": "{who}: Альянс, переговоры с одним игроком или разрыв союза",
        "log.card_no_effect": "{power}: карта не имеет эффекта.",
        "log.ally_pergamum": "{power} заключает союз с Пергамом и командует его армиями.",
    },
})
