"""The computer players (games.ai) and the arena (games.arena).

Fairness: the player decides from a View and a seed only, so two real States that differ only in
what the seat cannot see (``perturb_hidden``: the other hands, the deck order) give the same View
and the same decision. The player finishes seeded games without an illegal action, answers every
kind of question met in seeded playouts with one of the View's choices, and the arena runs.
Strength and speed are measured by the arena, not here.
"""

from __future__ import annotations

import random
import re

import pytest

from games import registry
from games.ai import PLAYER_KINDS, NoDecision, choose, decide, player
from games.ai import ancients as ancients_ai
from games.ai import hannibal as hannibal_ai
from games.ai import mare_nostrum as mare_ai
from games.ai.common import random_choice
from games.arena import main as arena_main
from games.core import Rng, View
from games.core.fuzz import weigher_of, weighted_index

TITLES = {"ancients": "002", "hannibal": "218bc", "mare_nostrum": "3p"}


def random_pick(view: View, rng: Rng):
    weigh = weigher_of(registry.get(view.title))
    choices = view.actions
    if weigh is None:
        return choices[rng.below(len(choices))]
    return choices[weighted_index(rng, [max(0.0, weigh(c, view)) for c in choices])]


def playout_views(title: str, scenario: str, seed: int, steps: int):
    """(state, view of each active role) along a seeded random playout."""
    rules = registry.get(title)
    state = rules.setup(seed, scenario, {})
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if state.result is not None:
            return
        public = rules.view(state, None)
        views = {r: rules.view(state, r) for r in public.active}
        yield state, views
        role = public.active[rng.below(len(public.active))]
        state = rules.act(state, role, random_pick(views[role], rng).action())


def signature(view: View) -> tuple[str, tuple[str, ...]]:
    return view.prompt_msg.key, tuple(sorted({c.verb for c in view.actions}))


# -- fairness ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("title", sorted(TITLES))
def test_the_decision_does_not_depend_on_what_the_seat_cannot_see(title):
    """§ issue 13: a View built from States that differ only in the other seats' hidden parts
    gives the same decision."""
    rules = registry.get(title)
    checked = 0
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for state, views in playout_views(title, TITLES[title], 7, 160):
        for role, view in views.items():
            if len(view.actions) < 2 or signature(view) in seen:
                continue
            seen.add(signature(view))
            for hider in state.roles:
                if hider == role:
                    continue
                other = rules.perturb_hidden(state, hider, 99 + checked)
                other_view = rules.view(other, role)
                assert other_view.model_dump_json() == view.model_dump_json()
                assert choose(other_view, 5) == choose(view, 5)
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("title", sorted(TITLES))
def test_the_same_view_and_seed_give_the_same_action(title):
    """Whatever was decided before: the Views are decided in turn, then again in reverse order
    with the players' remembered work forgotten."""
    views = [view for _state, vs in playout_views(title, TITLES[title], 3, 60)
             for view in vs.values() if len(view.actions) > 1]
    first = [(choose(v, 11), choose(v, 11, "easy")) for v in views]
    ancients_ai._POSITIONS.clear()
    ancients_ai._NEAREST.clear()
    again = [(choose(v, 11), choose(v, 11, "easy")) for v in reversed(views)]
    assert first == list(reversed(again))


# -- sampled States ---------------------------------------------------------------------------------

@pytest.mark.parametrize("title,scenario", [
    ("ancients", "005"), ("ancients", "011"), ("hannibal", "218bc"), ("mare_nostrum", "4p")])
def test_sampled_states_agree_with_the_view_where_the_search_steps_them(title, scenario):
    """At the seat's own turn (Ancients), Build segment (Mare Nostrum) and card plays
    (Hannibal), the State rebuilt from the View offers exactly the View's choices."""
    module = {"ancients": ancients_ai, "hannibal": hannibal_ai, "mare_nostrum": mare_ai}[title]
    prompts = getattr(module, "TURN_PROMPTS", None) or module.SEARCH_PROMPTS
    asked = agreed = 0
    for _state, views in playout_views(title, scenario, 13, 700):
        for role, view in views.items():
            if view.prompt_msg.key not in prompts:
                continue
            if title == "mare_nostrum" and view.board["segment"] != role:
                continue
            asked += 1
            agreed += module.samples_for(view, random.Random(asked), 1)[1]
    assert asked >= 20
    assert agreed == asked


# -- whole games -------------------------------------------------------------------------------------

def play(title: str, scenario: str, seed: int, seats: dict[str, str], level: str,
         max_steps: int) -> tuple[object, int]:
    rules = registry.get(title)
    state = rules.setup(seed, scenario, {})
    steps = 0
    while state.result is None and steps < max_steps:
        public = rules.view(state, None)
        role = public.active[0]
        view = rules.view(state, role)
        picked = decide(view, seed * 1000 + steps, seats.get(role, "random"), level, strict=True)
        assert view.find(picked.action()) is not None
        state = rules.act(state, role, picked.action())
        steps += 1
    return state, steps


def test_the_computer_finishes_an_ancients_battle():
    state, _ = play("ancients", "002", 1, {"south": "ai", "north": "greedy"}, "easy", 3000)
    assert state.result is not None


def test_the_computer_finishes_a_mare_nostrum_game():
    seats = {"rome": "ai", "greece": "random", "carthage": "greedy"}
    state, _ = play("mare_nostrum", "3p", 2, seats, "normal", 3000)
    assert state.result is not None


def test_the_computer_plays_the_first_turns_of_hannibal():
    state, steps = play("hannibal", "218bc", 3, {"carthage": "ai", "rome": "greedy"}, "normal",
                        260)
    assert steps == 260 or state.result is not None
    assert state.turn >= 2 or state.result is not None


# -- every kind of question ----------------------------------------------------------------------------

@pytest.mark.parametrize("title,scenarios", [
    ("ancients", ["007", "005", "011"]), ("hannibal", ["218bc"]), ("mare_nostrum", ["4p", "5p"])])
def test_every_kind_of_question_gets_a_listed_answer(title, scenarios):
    """Secret simultaneous choices and questions in the middle of another player's turn
    included: the answer is always one of the View's actions."""
    seen: set[tuple[str, tuple[str, ...]]] = set()
    simultaneous = 0
    for i, scenario in enumerate(scenarios):
        for _state, views in playout_views(title, scenario, 20 + i, 1500):
            simultaneous += len(views) > 1
            for view in views.values():
                if signature(view) in seen:
                    continue
                seen.add(signature(view))
                for kind in ("ai", "greedy"):
                    picked = decide(view, 3, kind, "normal", strict=True)
                    assert view.find(picked.action()) is not None, (signature(view), picked)
    assert len(seen) >= 8
    if title == "mare_nostrum":
        assert simultaneous > 0        # the secret trade offers were met


def test_a_view_without_actions_is_refused():
    rules = registry.get("ancients")
    state = rules.setup(1, "002", {})
    waiting = [r for r in state.roles if r not in rules.view(state, None).active][0]
    with pytest.raises(NoDecision):
        choose(rules.view(state, waiting), 1)


def test_a_title_without_a_computer_player_of_its_own_gets_the_random_pick():
    rules = registry.get("toy")
    state = rules.setup(1, rules.scenarios()[0].id, {})
    view = rules.view(state, rules.view(state, None).active[0])
    for kind in PLAYER_KINDS:
        assert player(kind)(view, 4) == random_choice(view, 4).action()


def test_unknown_kinds_and_levels_are_refused():
    rules = registry.get("ancients")
    state = rules.setup(1, "002", {})
    view = rules.view(state, rules.view(state, None).active[0])
    with pytest.raises(ValueError):
        choose(view, 1, "hard")
    with pytest.raises(ValueError):
        player("oracle")


# -- the arena ---------------------------------------------------------------------------------------

def test_the_arena_plays_a_tiny_match(monkeypatch, capsys):
    monkeypatch.setenv("FUZZ_WORKERS", "1")
    code = arena_main(["ancients", "--scenario", "002", "--seats", "ai,random", "--games", "2",
                       "--level", "easy", "--seed", "4"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    assert any(line.startswith("ai ") and "p95" not in line for line in out)
    assert re.fullmatch(r"ai won [0-2] of 2 \(\d+%\)", out[-1])


def test_the_arena_prints_the_balance_of_a_mirror_match(monkeypatch, capsys):
    monkeypatch.setenv("FUZZ_WORKERS", "1")
    arena_main(["ancients", "--scenario", "002", "--seats", "random,random", "--games", "2"])
    out = capsys.readouterr().out
    assert "balance (random in every seat)" in out
    assert re.search(r"^002 +2 games: south \d+%, north \d+%, draws \d$", out, re.MULTILINE)
