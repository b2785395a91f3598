"""What the computer players of every title share: stepping a sampled State without the
legality check (the choices come from the rules themselves), comparing a sampled State's choices
with the View's, stable picks, and the random player.

Nothing here reads the clock: a decision depends on the View and the seed only, so the same
View and seed always give the same action (the search is bounded by counts, not by time).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from games import registry
from games.core import Action, Choice, GameRules, Rng, View
from games.core.fuzz import weigher_of, weighted_index
from games.core.rng import PlayerRandom

LEVELS = ("easy", "normal")
ChoiceKey = tuple[str, Any]
S = TypeVar("S")


def key_of(c: Choice | Action) -> ChoiceKey:
    return (c.verb, c.arg)


def distinct(choices: Iterable[Choice]) -> list[Choice]:
    """The choices without repeats of the same (verb, arg), in their listed order."""
    seen: set[ChoiceKey] = set()
    out = []
    for c in choices:
        k = key_of(c)
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


# Verbs that only step back out of a question just asked: taken, the same question comes again,
# so a player that weighs them like any other choice can go round in circles.
BACK_VERBS = frozenset({"cancel", "back"})


def is_back(c: Choice) -> bool:
    """A step back out of the question (``cancel``, ``back``, a verb whose argument is ``back``
    like Hannibal's "use the card: back", or any choice labelled as going back)."""
    return (c.verb in BACK_VERBS or c.arg == "back"
            or (c.msg is not None and c.msg.key == "choice.back"))


def forward(choices: Sequence[Choice]) -> list[Choice]:
    """The choices that move the game on (all of them when only a step back is offered)."""
    out = [c for c in choices if not is_back(c)]
    return out or list(choices)


def same_choices(listed: Sequence[Choice], computed: Sequence[Choice]) -> bool:
    """Whether a sampled State offers exactly the choices the View lists: then the sample agrees
    with everything the View shows of the decision, and the search may step it."""
    return {key_of(c) for c in listed} == {key_of(c) for c in computed}


def best_index(scores: Sequence[float]) -> int:
    """The first index of the highest score (ties go to the earlier choice: stable)."""
    best = 0
    for i, v in enumerate(scores):
        if v > scores[best]:
            best = i
    return best


def stepped(rules: GameRules, state: S, role: str, action: Action | Choice) -> S:
    """``act`` without the legality check, for a search that takes its actions from the rules'
    own choices: a copy with the action applied."""
    new = rules.copy(state)  # type: ignore[arg-type]
    rules.apply(new, role, Action(verb=action.verb, arg=action.arg))  # type: ignore[arg-type]
    new.step += 1  # type: ignore[attr-defined]
    return new


def step_in_place(rules: GameRules, state: Any, role: str, action: Action | Choice) -> None:
    """Apply an action to a State the search owns (a rollout's private copy)."""
    rules.apply(state, role, Action(verb=action.verb, arg=action.arg))
    state.step += 1


def sample_seed(rng: PlayerRandom) -> int:
    return rng.getrandbits(62)


# -- the random player ---------------------------------------------------------------------------

def random_choice(view: View, seed: int) -> Choice:
    """The random player of the fuzzer: a seeded pick weighted by the title's playout taste
    (``fuzz_weight``), uniform where the title has none."""
    rules = registry.get(view.title)
    weigh = weigher_of(rules)
    rng = Rng.from_seed(seed)
    choices = view.actions
    if weigh is None:
        return choices[rng.below(len(choices))]
    return choices[weighted_index(rng, [max(0.0, weigh(c, view)) for c in choices])]


Chooser = Callable[[View, PlayerRandom, str], Choice]
