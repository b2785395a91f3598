"""What the table shows of the war besides the map: whose turn it is, the question told to
everyone, and a player's own cards in words.

A turn of the table follows the sequence of play (§5): each strategy card played is a turn of the
player who plays it (§7.4); what the other side answers inside it (a response window, an
interception or an avoid, its battle cards, its retreat) interrupts that turn. Every other phase
that asks something (reinforcements, elections, who plays first, winter attrition, the political
assessment) is one turn of whoever acts in it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core import Msg, Turn, View, msg
from games.core.frames import Frame
from games.core.text import has_text, render, restate
from games.hannibal import board as B
from games.hannibal.flow import active
from games.hannibal.state import HState, other
from games.hannibal.texts import TEXTS
from games.hannibal.turn import TURN_STEPS

# the phase a step of the sequence of play belongs to (§5.1-§5.7)
PHASE_OF_STEP = {
    "reinf_carthage": "reinforcements", "return_generals": "reinforcements",
    "reinf_rome": "reinforcements", "africanus": "reinforcements", "elections": "elections",
    "deal": "deal", "first_player": "first_player", "strategy": "strategy", "winter": "winter",
    "isolation": "isolation", "assessment": "assessment", "end_turn": "end_turn",
}
_STEPS = frozenset(TURN_STEPS)
_FIRST_PLAYER_QUESTIONS = ("rome_first", "who_first")


def turn(s: HState) -> Turn:
    """The turn of the table, read off the flow stack: the steps of the sequence of play still
    to run lie at its bottom (pushed when the turn began; each pops itself when it runs, the
    strategy step only once no card is left to play), what the running step asks lies above."""
    top = -1
    for i, f in enumerate(s.flow):
        if f["k"] not in _STEPS:
            break
        top = i
    if top < 0:
        return Turn.model_construct(key=f"{s.turn}:{s.phase}", roles=active(s))
    step = s.flow[top]["k"]
    above = s.flow[top + 1:]
    if step == "strategy" and above and above[0]["k"] not in _FIRST_PLAYER_QUESTIONS:
        # §7.4: the card play of the side whose turn it was (``to_play`` names the next one)
        player = other(s.to_play) if s.to_play else None
        return Turn.model_construct(key=f"{s.turn}:card:{s.plays}",
                                    roles=[player] if player else active(s))
    index = TURN_STEPS.index(step)
    running = TURN_STEPS[index - 1] if index > 0 else step
    return Turn.model_construct(key=f"{s.turn}:{PHASE_OF_STEP[running]}", roles=active(s))


def public_prompt(f: Frame, m: Msg) -> Msg:
    """The question ``m`` put to the frame's side, as everyone else reads it: "Rome: how many
    CUs move with Longus?". It carries only the arguments its text shows (nothing of a hand)."""
    key = "public." + m.key
    if not has_text(key, TEXTS):
        key = "public.waiting"
    return restate(key, m, TEXTS, side=f"@side.{f['role']}")


def spied(s: HState, role: str) -> dict[str, Any]:
    """#20 Spy in Enemy Camp: the enemy battle cards the spy showed this player, still in the
    enemy's hand (a card shown and then played or taken is no longer hidden-but-known)."""
    b = s.battle
    if b is None or role not in b.get("spy", []):
        return {}
    return {"spied": sorted(b["revealed"].get(other(role), []))}


def _tr(key: str, lang: str, **args: Any) -> str:
    return render(msg(key, **args), lang, TEXTS)


def _battle_cards(cards: list[str], lang: str) -> str:
    """Battle cards by name with their counts, as the hand picture shows them."""
    counts = Counter(str(c) for c in cards)
    return ", ".join(f"{_tr(f'bc.{c}', lang)} ×{n}" for c, n in counts.items()) or "—"


def private_lines(view: View, lang: str) -> list[str]:
    """A player's strategy cards (name, OPS, who may play the event, response cards marked),
    his battle cards during a battle and those his spy has seen, in ``lang``."""
    p = view.private
    out: list[str] = []
    numbers = p.get("hand_numbers")
    if numbers is not None:
        for no in numbers:
            c = B.card(int(no))
            who = "@mine.both" if c.playable_by == "either" else f"@side.{c.playable_by}"
            key = "mine.card_response" if c.response else "mine.card"
            out.append(_tr(key, lang, name=f"@card.{no}", ops=c.ops, who=who))
        if not numbers:
            out.append(_tr("mine.no_cards", lang))
    battle = p.get("battle_hand")
    if battle is not None:
        out.append(_tr("mine.battle_hand", lang, n=len(battle),
                       cards=_battle_cards(battle, lang)))
    seen = p.get("spied")
    if seen:
        out.append(_tr("mine.spied", lang, n=len(seen), cards=_battle_cards(seen, lang)))
    return out
