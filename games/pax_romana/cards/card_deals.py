"""Cards changing hands in a negotiation of the Advanced Game (§4.3.1: "transfer or exchange
cards"; the Alliance card's negotiation, §4.2).

A party offers a card of his own hand to the other party, or asks the other for a card (who
then picks which, or refuses); the other side confirms. The card's name reaches only the two
parties: the question names it to them alone, the public log says "a card", and each of the two
reads which in a line of his own. The hand sizes change in the public board. An exchange is two
such transfers.
"""

from __future__ import annotations

from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana.cards import deck
from games.pax_romana.flow import Frame, decision, opt, pop, push
from games.pax_romana.state import PRState
from games.pax_romana.texts import extend

ANY = 0                             # asked for "a card": the giver picks which


def card_assets(s: PRState, giver: str, proposer: str) -> list[Choice]:
    """What the proposer may name: a card of his own hand, or, asking, any card of the other
    party's (whose hand size is public)."""
    if not deck.advanced(s) or not s.hands.get(giver):
        return []
    if giver != proposer:
        return [opt("asset", ANY, "choice.ask_card")]
    return [opt("asset", k, "choice.offer_card", secret=True, card=deck.card_arg(k))
            for k in sorted(set(s.hands[giver]))]


def propose(s: PRState, proposer: str, giver: str, receiver: str, kind: int) -> None:
    other = receiver if giver == proposer else giver
    push(s, "card_deal", role=other, proposer=proposer, giver=giver, receiver=receiver,
         what=kind)


def _choices(s: PRState, f: Frame, role: str) -> list[Choice]:
    if role != f["role"]:
        return []
    refuse = opt("refuse", None, "choice.refuse_deal", secret=True)
    if f["what"] == ANY:
        return [opt("give", k, "choice.give_card", secret=True, card=deck.card_arg(k))
                for k in sorted(set(s.hands.get(f["giver"], [])))] + [refuse]
    return [opt("accept", None, "choice.accept_deal", secret=True), refuse]


def _prompt(s: PRState, f: Frame, role: str | None) -> Msg:
    """The offer in words: the card's name to the two parties only."""
    args = {"who": f"@power.{f['role']}", "giver": f"@power.{f['giver']}",
            "receiver": f"@power.{f['receiver']}"}
    if f["what"] == ANY:
        return msg("prompt.deal_ask_card", **args)
    if role in (f["giver"], f["receiver"]):
        return msg("prompt.deal_card", card=deck.card_arg(f["what"]), **args)
    return msg("prompt.deal_a_card", **args)


@decision("card_deal", _choices, _prompt)
def _card_deal(s: PRState, f: Frame, role: str, verb: str, arg: Any) -> None:
    pop(s, f)
    if verb == "refuse":
        s.say(msg("log.deal_refused", who=f"@power.{f['role']}"))
        return
    transfer_card(s, f["giver"], f["receiver"], int(arg if verb == "give" else f["what"]))


def transfer_card(s: PRState, giver: str, receiver: str, kind: int) -> None:
    """Carry out an agreed card transfer at once (§4.3.2)."""
    hand = s.hands.get(giver, [])
    if kind not in hand:
        return
    hand.remove(kind)
    s.hands.setdefault(receiver, []).append(kind)
    s.say(msg("log.deal_card", giver=f"@power.{giver}", receiver=f"@power.{receiver}"))
    s.say(msg("log.deal_card_got", giver=f"@power.{giver}", card=deck.card_arg(kind)),
          to=receiver)
    s.say(msg("log.deal_card_gave", receiver=f"@power.{receiver}", card=deck.card_arg(kind)),
          to=giver)


extend({
    "en": {
        "choice.kind_card": "A card",
        "choice.offer_card": "{card}",
        "choice.ask_card": "A card of their choice",
        "choice.give_card": "Give {card}",
        "prompt.deal_card": "{who}: {giver} would give {receiver} the card {card}: agreed?",
        "prompt.deal_a_card": "{who}: {giver} would give {receiver} a card: agreed?",
        "prompt.deal_ask_card": "{who}: {receiver} asks {giver} for a card: which one, if any?",
        "log.deal_card": "{giver} gives {receiver} a card.",
        "log.deal_card_got": "You receive {card} from {giver}.",
        "log.deal_card_gave": "You give {card} to {receiver}.",
    },
    "ru": {
        "choice.kind_card": "Карту",
        "choice.offer_card": "{card}",
        "choice.ask_card": "Карту на их выбор",
        "choice.give_card": "Отдать: {card}",
        "prompt.deal_card": "{who}: {giver} передаёт игроку {receiver} карту «{card}»: "
                            "согласны?",
        "prompt.deal_a_card": "{who}: {giver} передаёт игроку {receiver} карту: согласны?",
        "prompt.deal_ask_card": "{who}: {receiver} просит у игрока {giver} карту: какую, "
                                "если отдаёте?",
        "log.deal_card": "{giver} передаёт игроку {receiver} карту.",
        "log.deal_card_got": "Вы получаете карту «{card}» от игрока {giver}.",
        "log.deal_card_gave": "Вы отдаёте карту «{card}» игроку {receiver}.",
    },
})
