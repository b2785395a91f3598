"""games.core.flow: the one runner of every title's stack of steps and decisions, on a toy
title (a stack of plain dict frames in a tiny State)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Action, Choice, msg
from games.core.flow import Flow, while_any
from games.core.frames import Frame, pop, push


class Toy:
    """The least a State needs for the runner: the stack, the result, the roles."""

    def __init__(self, roles: tuple[str, ...] = ("red", "blue", "green")) -> None:
        self.flow: list[Frame] = []
        self.result: str | None = None
        self.roles = list(roles)
        self.log: list[str] = []


def choice(verb: str, arg: str | int | None = None) -> Choice:
    return Choice(verb=verb, arg=arg, label=f"{verb} {arg}")


def ask_prompt(s: Toy, f: Frame, role: str | None) -> Any:
    return msg("prompt.toy", who=f.get("role", "all"), viewer=role or "-")


def test_steps_run_until_a_question_and_an_answer_runs_on():
    """Steps run top first and push further frames; the run stops at the first decision; an
    answer applies its handler and runs on until the stack is empty."""
    flow: Flow[Toy] = Flow()

    @flow.step("deal")
    def deal(s: Toy, f: Frame) -> None:
        pop(s, f)
        s.log.append(f"deal {f['n']}")
        push(s, "score")
        push(s, "discard", role="blue", n=f["n"])

    @flow.step("score")
    def score(s: Toy, f: Frame) -> None:
        pop(s, f)
        s.log.append("score")

    @flow.question("discard", lambda s, f: [choice("discard", i) for i in range(f["n"])],
                   lambda s, f: msg("prompt.discard", n=f["n"]))
    def discard(s: Toy, f: Frame, verb: str, arg: Any) -> None:
        pop(s, f)
        s.log.append(f"{verb} {arg}")

    s = Toy()
    push(s, "score")
    push(s, "deal", n=2)
    flow.run(s)
    assert s.log == ["deal 2"]
    assert s.flow == [{"k": "score"}, {"k": "score"}, {"k": "discard", "role": "blue", "n": 2}]
    assert flow.active(s) == ["blue"]
    assert flow.choices(s, "blue") == [choice("discard", 0), choice("discard", 1)]
    assert flow.choices(s, "red") == []
    assert flow.prompt(s, "red") == msg("prompt.discard", n=2)
    frame, decision = flow.waiting(s)  # type: ignore[misc]
    assert frame is s.flow[-1] and decision is flow.decisions["discard"]

    flow.answer(s, "blue", "discard", 1)
    assert s.log == ["deal 2", "discard 1", "score", "score"]
    assert s.flow == [] and flow.waiting(s) is None and flow.active(s) == []
    assert flow.prompt(s, "blue") is None
    with pytest.raises(RuntimeError, match="no decision waits"):
        flow.answer(s, "blue", "discard", 0)


def test_on_empty_moves_the_game_on_until_it_says_stop():
    """The hook for an empty stack runs each time the stack empties; True runs on, False stops."""
    phases = ["income", "war", "end"]

    def next_phase(s: Toy) -> bool:
        if not phases:
            return False
        push(s, "phase", name=phases.pop(0))
        return True

    flow: Flow[Toy] = Flow(on_empty=next_phase)

    @flow.step("phase")
    def phase(s: Toy, f: Frame) -> None:
        pop(s, f)
        s.log.append(f["name"])
        if f["name"] == "war":
            push(s, "attack", role="red")

    @flow.question("attack", lambda s, f: [choice("attack")], lambda s, f: msg("prompt.attack"))
    def attack(s: Toy, f: Frame, verb: str, arg: Any) -> None:
        pop(s, f)
        s.log.append("attacked")

    s = Toy()
    flow.run(s)
    assert s.log == ["income", "war"] and flow.active(s) == ["red"]
    flow.answer(s, "red", "attack", None)
    assert s.log == ["income", "war", "attacked", "end"] and s.flow == []


def test_a_hook_set_later_and_the_game_end_stop_the_run():
    flow: Flow[Toy] = Flow()
    s = Toy()
    flow.run(s)                                    # no hook: an empty stack just stops
    assert s.flow == [] and s.log == []

    @flow.when_empty
    def finish(s: Toy) -> bool:
        s.log.append("finish")
        s.result = "red wins"
        return True

    @flow.step("never")
    def never(s: Toy, f: Frame) -> None:
        raise AssertionError("the game is over: no step runs")

    flow.run(s)
    assert s.log == ["finish"] and s.result == "red wins"
    push(s, "never")
    flow.run(s)
    assert s.flow == [{"k": "never"}]


def test_simultaneous_secret_choices_are_revealed_together_in_role_order():
    """Several roles active at once; an answer is kept in the frame and the role drops out; the
    last answer pops the frame and reveals every answer at once, in the frame's role order."""
    flow: Flow[Toy] = Flow()
    revealed: list[dict[str, Action]] = []

    @flow.simultaneous("bid", lambda s, f, role: [choice("bid", n) for n in (1, 2, 3)],
                       ask_prompt)
    def reveal(s: Toy, f: Frame, answers: dict[str, Action]) -> None:
        revealed.append(answers)
        s.log.append(" ".join(f"{r}:{a.arg}" for r, a in answers.items()))

    @flow.step("after")
    def after(s: Toy, f: Frame) -> None:
        pop(s, f)
        s.log.append("after")

    s = Toy()
    push(s, "after")
    push(s, "bid", roles=["green", "red"])
    flow.run(s)
    assert flow.active(s) == ["red", "green"]                  # the State's role order
    assert flow.choices(s, "blue") == []
    assert flow.choices(s, "green") == [choice("bid", 1), choice("bid", 2), choice("bid", 3)]

    flow.answer(s, "red", "bid", 3)
    assert flow.active(s) == ["green"] and flow.choices(s, "red") == []
    assert s.log == [] and revealed == []                      # nothing shown yet
    assert s.flow[-1]["answers"] == {"red": ["bid", 3]}

    flow.answer(s, "green", "bid", 1)
    assert revealed == [{"green": Action(verb="bid", arg=1), "red": Action(verb="bid", arg=3)}]
    assert list(revealed[0]) == ["green", "red"]
    assert s.log == ["green:1 red:3", "after"] and s.flow == []


def test_computed_roles_in_role_order():
    """A decision's roles may be computed from the State; the active roles follow the State's
    order whatever order the decision gives them in."""
    flow: Flow[Toy] = Flow()

    def pending(s: Toy, f: Frame) -> list[str]:
        return sorted(f["pending"], reverse=True)

    @flow.decision("collect", lambda s, f, role: [choice("take", role)], ask_prompt,
                   roles=pending)
    def collect(s: Toy, f: Frame, role: str, verb: str, arg: Any) -> None:
        f["pending"].remove(role)
        s.log.append(f"{role} {verb}")

    s = Toy()
    push(s, "collect", pending=["blue", "green", "red"])
    flow.run(s)
    assert flow.active(s) == ["red", "blue", "green"]
    assert flow.prompt(s, "blue") == msg("prompt.toy", who="all", viewer="blue")
    flow.answer(s, "blue", "take", "blue")
    assert flow.active(s) == ["red", "green"] and s.log == ["blue take"]


@pytest.mark.parametrize(("drop", "left", "active"), [
    (True, [], []),
    (False, [{"k": "below"}, {"k": "stage", "role": "red"}], []),
])
def test_a_decision_waiting_for_nobody_is_dropped_or_kept_by_policy(drop, left, active):
    """``drop_unwaited``: a decision whose roles are empty is popped and the run goes on to the
    frame below; without it the run stops there with nobody active."""
    flow: Flow[Toy] = Flow(drop_unwaited=drop)
    moves = {"red": [], "blue": ["a"]}

    @flow.decision("stage", lambda s, f, role: [choice("move", m) for m in moves[role]],
                   ask_prompt, roles=while_any(lambda s, role: moves[role]))
    def stage(s: Toy, f: Frame, role: str, verb: str, arg: Any) -> None:
        pop(s, f)

    @flow.step("below")
    def below(s: Toy, f: Frame) -> None:
        pop(s, f)
        s.log.append("below")

    s = Toy()
    push(s, "below")
    push(s, "stage", role="red")
    flow.run(s)
    assert s.flow == left and flow.active(s) == active
    assert s.log == (["below"] if drop else [])

    s = Toy()
    push(s, "stage", role="blue")                 # blue has a move: the stage waits for him
    flow.run(s)
    assert flow.active(s) == ["blue"] and len(s.flow) == 1


def test_the_guard_stops_a_step_that_never_pops_itself():
    flow: Flow[Toy] = Flow(guard=50)
    calls: list[int] = []

    @flow.step("stuck")
    def stuck(s: Toy, f: Frame) -> None:
        calls.append(1)

    s = Toy()
    push(s, "stuck")
    with pytest.raises(RuntimeError, match="does not settle"):
        flow.run(s)
    assert len(calls) == 50


def test_the_guard_counts_every_turn_of_the_run():
    """The bound counts each turn of the loop, the last look at the settled stack included:
    nine steps and the stop make ten, within a guard of ten; ten steps are not."""
    flow: Flow[Toy] = Flow(guard=10)

    @flow.step("countdown")
    def countdown(s: Toy, f: Frame) -> None:
        f["left"] -= 1
        if f["left"] == 0:
            pop(s, f)

    s = Toy()
    push(s, "countdown", left=9)
    flow.run(s)
    assert s.flow == []
    push(s, "countdown", left=10)
    with pytest.raises(RuntimeError, match="does not settle"):
        flow.run(s)
    assert s.flow == []                          # the tenth step popped it; the stop was one too many


def test_decisions_told_by_a_role_key_share_their_kind_with_a_step():
    """``decision_by="role"``: a frame is a decision while it names a role, so one kind is a step
    that asks only when it must (and answers by removing the role)."""
    flow: Flow[Toy] = Flow(decision_by="role")

    @flow.step("flags")
    def flags(s: Toy, f: Frame) -> None:
        if f["ignorable"] and "asked" not in f:
            f["asked"] = True
            f["role"] = "red"
            return
        pop(s, f)
        s.log.append(f"retreat {f['n'] - f.get('ignored', 0)}")

    @flow.question("flags", lambda s, f: [choice("ignore", n) for n in (1, 0)],
                   lambda s, f: msg("prompt.ignore"))
    def ignore(s: Toy, f: Frame, verb: str, arg: Any) -> None:
        f["ignored"] = arg
        del f["role"]

    s = Toy()
    push(s, "flags", n=2, ignorable=False)
    flow.run(s)
    assert s.log == ["retreat 2"] and s.flow == []

    push(s, "flags", n=2, ignorable=True)
    flow.run(s)
    assert flow.active(s) == ["red"] and s.flow[-1]["role"] == "red"
    flow.answer(s, "red", "ignore", 1)
    assert s.log == ["retreat 2", "retreat 1"] and s.flow == []


def test_checked_choices_raise_lapse_or_are_kept():
    """``check_choices``: a decision without a choice raises unless it may lapse (then it is
    popped); the choices of the decision the run stops at go to ``on_settle``."""
    settled: list[tuple[str, dict[str, list[Choice]]]] = []
    flow: Flow[Toy] = Flow(check_choices=True,
                           on_settle=lambda s, f, got: settled.append((f["k"], got)))
    spots = {"red": ["rome"], "blue": []}

    @flow.question("place", lambda s, f: [choice("place", p) for p in spots[f["role"]]],
                   lambda s, f: msg("prompt.place"),
                   lapses=lambda s, f: bool(f.get("again")))
    def place(s: Toy, f: Frame, verb: str, arg: Any) -> None:
        pop(s, f)

    s = Toy()
    push(s, "place", role="blue")
    with pytest.raises(RuntimeError, match="'place' for 'blue' has no choice"):
        flow.run(s)
    assert settled == []

    s = Toy()
    push(s, "place", role="red")
    push(s, "place", role="blue", again=True)     # lapses: popped, the red one below waits
    flow.run(s)
    assert s.flow == [{"k": "place", "role": "red"}]
    assert settled == [("place", {"red": [choice("place", "rome")]})]


def test_before_asking_tidies_the_state_once_a_question_waits():
    """``before_asking``: called only when the run is about to stop at a question (not between
    steps); True makes the run look at the stack again (a tidy-up may leave the question with
    nothing to ask, or push more steps), False stops there."""
    calls: list[list[str]] = []

    def tidy(s: Toy) -> bool:
        calls.append([f["k"] for f in s.flow])
        if s.log and s.log[-1] == "marker":
            s.log.append("tidied")
            push(s, "note")
            return True
        return False

    flow: Flow[Toy] = Flow(before_asking=tidy)

    @flow.step("mark")
    def mark(s: Toy, f: Frame) -> None:
        pop(s, f)
        s.log.append("marker")

    @flow.step("note")
    def note(s: Toy, f: Frame) -> None:
        pop(s, f)
        s.log.append("noted")

    @flow.question("move", lambda s, f: [choice("go")], lambda s, f: msg("prompt.move"))
    def move(s: Toy, f: Frame, verb: str, arg: Any) -> None:
        pop(s, f)

    s = Toy()
    push(s, "move", role="red")
    push(s, "mark")
    flow.run(s)
    assert s.log == ["marker", "tidied", "noted"]
    assert calls == [["move"], ["move"]]        # twice at the question, never between steps
    assert flow.active(s) == ["red"]


def test_pick_offers_a_way_back():
    """``pick``: the options and the way back; the frame is popped either way, the handler runs
    only for a picked option."""
    flow: Flow[Toy] = Flow()
    back = choice("back")

    @flow.pick("to", lambda s, f, role: [choice("to", "capua"), choice("to", "roma")],
               ask_prompt, back=back)
    def go(s: Toy, f: Frame, role: str, arg: Any) -> None:
        s.log.append(f"{role} to {arg}")

    s = Toy()
    push(s, "to", role="green")
    flow.run(s)
    assert flow.choices(s, "green") == [choice("to", "capua"), choice("to", "roma"), back]
    flow.answer(s, "green", "back", None)
    assert s.flow == [] and s.log == []
    push(s, "to", role="green")
    flow.answer(s, "green", "to", "roma")
    assert s.flow == [] and s.log == ["green to roma"]
