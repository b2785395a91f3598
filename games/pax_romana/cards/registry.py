"""What each event card kind of the Advanced Game does and when it may be played (§17).

A card kind is its id in ``data/pax_romana/event_cards.json`` (1-39; a kind may have several
copies). Each kind registers one ``CardRule`` with ``@card(kind, *moments)`` on the function that
carries out its effect::

    @card(30, DRAWN)
    def revenues_and_stability(s: PRState, power: str, ctx: dict[str, Any]) -> None:
        ...

* ``moments`` says when the card may be played:
  ``DRAWN``: a Play When Drawn card, played at once in its drawer's Card Segment (§17.1.2);
  ``SEGMENT``: a Hold in Hand card, in its holder's own Card Segment (§17.1.5);
  ``ACTION``: a Hold in Hand card, in any player's Action Segment, between two steps (§17.1.5);
  any other name is a *window*: the moment another player's action opens for an answer (the
  card's text names it): ``WINDOWS`` lists them with the ``ctx`` each carries.
* ``can_play(s, power, ctx) -> bool`` (keyword, optional): whether its holder may play it now
  (the conditions printed on the card); the default is always.
* The effect function runs after the card has left its holder's hand (it is already on the
  discard pile, or removed from the game). It changes the State and may push frames (questions
  to a player) on ``s.flow``; ``ctx`` is the window's (empty in the Card Segment and the Action
  Segment) and the effect may write its answer into it (a battle's extra shifts, for instance).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.pax_romana.state import PRState

DRAWN = "drawn"
SEGMENT = "segment"
ACTION = "action"
HELD = (SEGMENT, ACTION)      # an ordinary Hold in Hand card

# The windows another player's action opens, and what their ``ctx`` holds.
WINDOWS: dict[str, str] = {
    "enter_tp": "another Power's army enters a land Transit Point: space, mover, owner (Ambush)",
    "naval_transport": "an army by Naval Transport enters a port or NTP: space, mover, "
                       "escorted (Naval Ambush)",
    "land_battle": "a land battle is about to be resolved: space, attacker, defender, city "
                   "(Tactical Surprise; the effect adds to ctx['shifts'][power])",
    "card": "a card was just drawn or played by another Power, before any effect: kind, by "
            "(Deus ex Machina; the effect sets ctx['cancelled'])",
    "expansion_start": "its holder begins an Expansion action (Conqueror)",
}

Effect = Callable[[PRState, str, dict[str, Any]], None]
Check = Callable[[PRState, str, dict[str, Any]], bool]


@dataclass(frozen=True)
class CardRule:
    kind: int
    moments: frozenset[str]
    play: Effect
    can_play: Check

    @property
    def when_drawn(self) -> bool:
        return DRAWN in self.moments


RULES: dict[int, CardRule] = {}


def _always(s: PRState, power: str, ctx: dict[str, Any]) -> bool:
    return True


def card(kind: int, *moments: str, can_play: Check | None = None) -> Callable[[Effect], Effect]:
    """Register what card ``kind`` does (see the module's docstring)."""
    if not moments:
        raise ValueError(f"card {kind}: say when it may be played")
    for m in moments:
        if m not in (DRAWN, SEGMENT, ACTION) and m not in WINDOWS:
            raise ValueError(f"card {kind}: unknown moment {m!r}")

    def deco(fn: Effect) -> Effect:
        if kind in RULES:
            raise ValueError(f"card {kind} is registered twice")
        RULES[kind] = CardRule(kind=kind, moments=frozenset(moments), play=fn,
                               can_play=can_play or _always)
        return fn
    return deco


def rule(kind: int) -> CardRule:
    return RULES[kind]
