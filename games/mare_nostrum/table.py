"""What the table shows of a game besides the map: whose turn it is, the question told to
everyone, and a player's own Resources in words.

A turn of the table follows the Turn Overview: the Collection and Leadership phases are one turn
each, held by whoever must choose in them; the Trade phase (§2) is three: the Trade Token (and
Antigone's count), the secret offers (every player choosing at once holds it) and the chain of
takes with the balancing gift; in the Build (§3) and Movement (§4) phases each player's segment
is a turn of its own. The question "who builds / moves next" that the Culture / Military Leader answers between
two segments belongs to the segment just over; a choice another player makes inside a segment
(a casualty, Perseus stepping in) interrupts it.
"""

from __future__ import annotations

from typing import Any

from games.core import Msg, Turn, View, msg
from games.core.frames import Frame
from games.core.text import has_text, listing, render, restate
from games.mare_nostrum.state import MNState
from games.mare_nostrum.texts import TEXTS

SEGMENT_PHASES = ("build", "movement")
# the stages of the Trade phase by the question asked (§2.1, §2.2, §2.2.1)
TRADE_STAGES = {"trade_offers": "offers", "trade_takes": "takes", "trade_gift": "takes"}


def turn(s: MNState, active: list[str]) -> Turn:
    if s.phase == "trade":
        stage = TRADE_STAGES.get(s.flow[-1]["k"], "token") if s.flow else "token"
        return Turn.model_construct(key=f"{s.turn}:trade:{stage}", roles=list(active))
    if s.phase in SEGMENT_PHASES:
        # segments begun this phase: the current one, or the one just over
        n = len(s.done) + (1 if s.segment else 0)
        holder = s.segment or (s.done[-1] if s.done else None)
        return Turn.model_construct(key=f"{s.turn}:{s.phase}:{n}",
                                    roles=[holder] if holder else list(active))
    return Turn.model_construct(key=f"{s.turn}:{s.phase}", roles=list(active))


def public_prompt(f: Frame, waiting: list[str], m: Msg) -> Msg:
    """The question as the players it does not wait for read it. Most questions already name
    the one asked ("Rome builds: …"); those that several answer at once, in secret, name the
    players still choosing."""
    key = "public." + m.key
    if not has_text(key, TEXTS):
        return m
    return restate(key, m, TEXTS, **listing([f"@empire.{r}" for r in waiting], "w", 5))


def _tr(key: str, lang: str, **args: Any) -> str:
    return render(msg(key, **args), lang, TEXTS)


def _tokens(tokens: dict[str, int], lang: str) -> str:
    """Resources by name with their counts ("Sheep ×2, Coin ×1"); a Rare Good's token ends with
    ``*`` ("Rare Wine")."""
    return ", ".join(f"{_tr(f'res.{tok}', lang)} ×{n}" for tok, n in tokens.items() if n > 0) \
        or _tr("mine.nothing", lang)


def private_lines(view: View, lang: str) -> list[str]:
    """A player's Resources behind the screen (Coins and Goods with counts, his Rare Goods among
    them, as the hand picture shows them) and, while the offers are secret, his own trade offer,
    in ``lang``."""
    p = view.private
    if not p:
        return []
    hand: dict[str, int] = dict(p.get("hand") or {})
    rare: list[str] = list(p.get("rare") or [])
    total = p.get("resources", sum(hand.values()) + len(rare))
    out = [_tr("mine.resources", lang, n=total,
               items=_tokens(hand | {f"{g}*": rare.count(g) for g in dict.fromkeys(rare)}, lang))]
    offer = p.get("offer")
    if offer is not None:
        counts: dict[str, int] = {}
        for tok in offer:
            counts[tok] = counts.get(tok, 0) + 1
        out.append(_tr("mine.offer", lang, n=len(offer), items=_tokens(counts, lang)))
    return out
