"""Computer players for every seat of every title.

``choose(view, seed, level)`` decides from one seat's View and a seed, and nothing else: it never
sees the State. To look ahead it builds States consistent with the View (a *determinization*:
what the View hides, such as the other hands, the deck order and future dice, is sampled from
what is still unaccounted for) and searches over those. Whatever hidden parts the real State
has, the same View and seed give the same action.

Three kinds of player can take a seat (``PLAYERS``, used by ``python -m games.arena``):

* ``ai``: the title's search (``games.ai.<title>.choose``), at level ``easy`` or ``normal``;
* ``greedy``: the baseline: the action whose immediate outcome the title's own evaluation rates
  best, on one sampled State (``games.ai.<title>.greedy``);
* ``random``: the fuzzer's seeded random pick, weighted by the title's playout taste.

A title without a computer player of its own gets the random player's pick for ``ai`` and
``greedy`` too, so every seat of every title can be handed to the computer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from importlib import import_module
from typing import Any

from games.ai.common import LEVELS, random_choice
from games.core import Action, Choice, View
from games.core.rng import PlayerRandom, player_random

log = logging.getLogger(__name__)

# title id -> the module with its ``choose(view, rng, level)`` and ``greedy(view, rng)``
_TITLE_PLAYERS = {
    "ancients": "games.ai.ancients",
    "hannibal": "games.ai.hannibal",
    "mare_nostrum": "games.ai.mare_nostrum",
    "pax_romana": "games.ai.pax_romana",
}

PLAYER_KINDS = ("ai", "greedy", "random")


class NoDecision(ValueError):
    """The View asks nothing of its role (no listed actions)."""


def _title_module(title: str) -> Any | None:
    path = _TITLE_PLAYERS.get(title)
    return import_module(path) if path else None


def _rng_for(view: View, seed: int) -> PlayerRandom:
    # the step keeps the sampled worlds of two decisions of the same game apart
    return player_random(seed * 1_000_003 + view.step)


def decide(view: View, seed: int, kind: str = "ai", level: str = "normal",
           strict: bool = False) -> Choice:
    """The choice of a player of ``kind`` for ``view``. With ``strict`` a failure of the title's
    player is raised (tests); otherwise it is logged and the random player's pick stands in, so
    a computer seat never stalls a table."""
    if not view.actions:
        raise NoDecision(f"{view.role} has nothing to decide now")
    if kind not in PLAYER_KINDS:
        raise ValueError(f"unknown player kind {kind!r}; known: {', '.join(PLAYER_KINDS)}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    if kind == "random" or len(view.actions) == 1:
        return random_choice(view, seed) if kind == "random" else view.actions[0]
    module = _title_module(view.title)
    if module is None:
        return random_choice(view, seed)
    try:
        if kind == "greedy":
            picked: Choice = module.greedy(view, _rng_for(view, seed))
        else:
            picked = module.choose(view, _rng_for(view, seed), level)
        if view.find(picked.action()) is None:
            raise RuntimeError(f"{picked.verb} {picked.arg!r} is not among the View's actions")
        return picked
    except Exception:
        if strict:
            raise
        log.exception("the %s player of %s failed; a random pick stands in", kind, view.title)
        return random_choice(view, seed)


def choose(view: View, seed: int, level: str = "normal") -> Action:
    """The computer player's action for ``view`` (one of ``view.actions``), decided from the View
    and the seed alone. ``level``: ``"easy"`` (fast, weaker) or ``"normal"``."""
    return decide(view, seed, "ai", level).action()


def player(kind: str, level: str = "normal") -> Callable[[View, int], Action]:
    """A seat-filler for the arena: ``(view, seed) -> action`` of the given kind."""
    if kind not in PLAYER_KINDS:
        raise ValueError(f"unknown player kind {kind!r}; known: {', '.join(PLAYER_KINDS)}")

    def act(view: View, seed: int) -> Action:
        return decide(view, seed, kind, level).action()
    return act


__all__ = ["LEVELS", "NoDecision", "PLAYER_KINDS", "choose", "decide", "player"]
