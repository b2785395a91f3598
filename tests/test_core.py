"""games/core: RNG, messages, the legality boundary, undo barrier, the fuzzer."""

import pytest

from games import registry
from games.core import Action, IllegalAction, Rng, can_undo, msg, render
from games.core.fuzz import FuzzFailure, play


def test_rng_is_deterministic_and_serialisable():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.below(6) for _ in range(20)] == [b.below(6) for _ in range(20)]
    c = Rng.model_validate_json(a.model_dump_json())
    assert [a.below(100) for _ in range(5)] == [c.below(100) for _ in range(5)]


def test_rng_scripted_faces_and_indices():
    r = Rng.from_seed(1)
    r.scripted = ["F", 2]
    assert r.roll(["G", "B", "R", "H", "F", "X"]) == "F"
    assert r.roll(["G", "B", "R", "H", "F", "X"]) == "R"
    with pytest.raises(ValueError):
        r.scripted = ["Q"]
        r.roll(["G", "B"])


def test_shuffle_ignores_script():
    r = Rng.from_seed(3)
    r.scripted = ["X"]
    items = list(range(10))
    r.shuffle(items)
    assert sorted(items) == list(range(10)) and r.scripted == ["X"]


def test_render_translates_nested_keys():
    cat = {"en": {"a": "Order {unit}", "u": "heavy infantry"}, "ru": {"a": "Приказ: {unit}",
                                                                     "u": "тяжёлая пехота"}}
    assert render(msg("a", unit="@u"), "ru", cat) == "Приказ: тяжёлая пехота"
    assert render(msg("a", unit="@u"), "de", cat) == "Order heavy infantry"
    assert render(msg("missing"), "en", cat) == "missing"


def test_registry_names():
    assert registry.get("toy").id == "toy"
    with pytest.raises(KeyError):
        registry.get("chess")


def test_act_refuses_wrong_turn_and_unlisted_action_without_change():
    rules = registry.get("toy")
    s = rules.setup(5, "duel", {})
    before = s.model_dump_json()
    with pytest.raises(IllegalAction):
        rules.act(s, "b", Action(verb="step"))
    with pytest.raises(IllegalAction):
        rules.act(s, "a", Action(verb="play", arg=99))
    with pytest.raises(IllegalAction):
        rules.act(s, "zed", Action(verb="step"))
    assert s.model_dump_json() == before


def test_undo_barrier_marks_reveals_and_randomness():
    rules = registry.get("toy")
    s = rules.setup(5, "duel", {})
    s1 = rules.act(s, "a", Action(verb="step"))
    assert can_undo(s1)  # a marker step: nothing random, nothing revealed, same active role
    card = s1.hands["a"][0]
    s2 = rules.act(s1, "a", Action(verb="play", arg=card))
    assert not can_undo(s2)  # a card was revealed and the turn passed


def test_simultaneous_choices_hide_until_all_chose():
    rules = registry.get("toy")
    s = rules.setup(9, "duel", {})
    for role in ("a", "b"):
        s = rules.act(s, role, Action(verb="play", arg=s.hands[role][0]))
    assert rules.view(s, None).active == ["a", "b"]
    s = rules.act(s, "a", Action(verb="bid", arg=1))
    assert rules.view(s, "b").active == ["b"]
    assert "bid" not in rules.view(s, "b").private
    assert rules.view(s, "a").private["bid"] == 1


def test_fuzzer_plays_toy_games_to_the_end():
    rules = registry.get("toy")
    for seed in range(5):
        out = play(rules, "trio" if seed % 2 else "duel", seed)
        assert out.result is not None and out.steps > 0


def test_fuzzer_catches_a_leak():
    rules = registry.get("toy")

    class Leaky(type(rules)):
        def public_board(self, state):
            board = super().public_board(state)
            board["hands"] = state.hands
            return board

    with pytest.raises(FuzzFailure, match="depends on what"):
        play(Leaky(), "duel", 1)


def test_frames_push_and_pop_the_very_frame():
    """games.core.frames: frames go on top; pop removes that frame, not an equal one."""
    import pytest

    from games.core.frames import pop, push

    class Holder:
        def __init__(self) -> None:
            self.flow: list[dict] = []

    s = Holder()
    first = push(s, "move", unit=1)
    twin = push(s, "move", unit=1)
    assert s.flow == [{"k": "move", "unit": 1}, {"k": "move", "unit": 1}]
    pop(s, first)
    assert len(s.flow) == 1 and s.flow[0] is twin
    with pytest.raises(ValueError):
        push(s, "move", k="x")
