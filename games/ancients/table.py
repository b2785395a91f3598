"""What the table shows of a battle besides the board: the armies' names, whose turn it is, the
question told to everyone, and a player's command cards in words.

The sides are named by the scenario's armies ("Syracusan", "Carthaginian"), as the seats are:
a message argument ``army_arg`` is a catalogue reference (``@army.<battle>.<side>``) for the
battles of the data, so a reader gets the name in their language where the data gives one; a
custom battle's army is named as its document spells it.
"""

from __future__ import annotations

from typing import Any

from games.ancients.state import AncientsState
from games.ancients.texts import TEXTS
from games.core import Msg, Turn, View, msg
from games.core.text import has_text, render, restate


def army_arg(scenario: str, side: str, army: str) -> str:
    """The message argument naming ``side``'s army of battle ``scenario``."""
    key = f"army.{scenario}.{side}"
    if army and TEXTS["en"].get(key) == army:
        return "@" + key
    return army or f"@side.{side}"


def side_arg(s: AncientsState, side: str) -> str:
    return army_arg(s.scen.id, side, s.scen.army(side).army)


def board_side_arg(board: dict[str, Any], side: str) -> str:
    """``side_arg`` for a View's board (the description reads a View, not a State)."""
    army = str(((board.get("sides") or {}).get(side) or {}).get("army") or "")
    return army_arg(str((board.get("scenario") or {}).get("id") or ""), side, army)


def turn(s: AncientsState) -> Turn:
    """§5: a player's turn (card, orders, moves, battles) is one turn of the table; the
    defender's answers inside it (evade, First Strike, battle back, retreats) interrupt it."""
    return Turn.model_construct(key=f"{s.turn_no}:{s.turn.side}", roles=[s.turn.side])


def public_prompt(s: AncientsState, asked: str, m: Msg) -> Msg:
    """A question put to ``asked`` (``m``, as that player reads it), told to everyone else:
    the same question in the third person, naming the army."""
    key = "public." + m.key
    if not has_text(key, TEXTS):
        key = "public.waiting"
    return restate(key, m, TEXTS, side=f"@side.{asked}", army=side_arg(s, asked))


def private_lines(view: View, lang: str) -> list[str]:
    """The command cards of a player's hand, numbered as the hand picture numbers them, with
    their kind."""
    out = []
    for i, card in enumerate(view.private.get("hand") or [], start=1):
        name = render(msg(f"card.{card['key']}.name"), lang, TEXTS)
        kind = render(msg(f"kind.{card.get('kind', '')}"), lang, TEXTS)
        out.append(f"{i}. {name} ({kind})")
    return out
