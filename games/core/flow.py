"""The flow runner: one engine for the stack of pending steps and decisions a title keeps in its
State (``state.flow``, frames as in ``games.core.frames``; STYLE 1).

A title makes one ``Flow`` and registers two kinds of handlers by frame kind (``f["k"]``):

* a **step** is automatic: ``run`` calls ``step(s, f)`` while its frame is on top. A step pops
  (or rewrites) its own frame and may push further frames; it never waits.
* a **decision** waits for roles: ``run`` stops while its frame is on top and somebody must
  answer. A ``Decision`` says who (``roles(s, f)``: by default the one role the frame names in
  ``f["role"]``, or several at once for secret simultaneous choices, or computed from the State),
  what each may choose (``choices(s, f, role)``), the question (``prompt(s, f, role)``; role None
  for a spectator) and what an answer does (``decide(s, f, role, verb, arg)``, which pops or
  rewrites the frame). ``answer`` applies an answer and runs on.

Registration helpers for the usual shapes of decision:

* ``decision``: the general form above;
* ``question``: one role named by the frame, handlers that need not be told the role
  (``choices(s, f)``, ``decide(s, f, verb, arg)``, ``prompt(s, f)``);
* ``pick``: one role picks one of ``options`` or goes back (``back``); the frame is popped either
  way and the handler ``fn(s, f, role, arg)`` runs unless the player went back;
* ``simultaneous``: the roles the frame lists in ``f["roles"]`` each answer once, in secret (the
  answers wait in the frame, which no View shows); when the last has answered the frame is popped
  and ``reveal(s, f, answers)`` gets every answer at once, in the frame's role order.

``while_any(options)`` makes the roles of a decision that waits for its frame's role only as long
as that role has something left to do.

The policies in which titles differ are the constructor's parameters:

* ``on_empty(s) -> bool``: called when the stack is empty (the next phase or turn begins); True
  means it moved the game on and ``run`` goes on, False that ``run`` stops with nothing pending.
  A hook that lives in a module importing the flow is set later with ``when_empty``.
* ``decision_by``: how ``run`` tells a decision frame: ``"kind"``, its kind is a registered
  decision; ``"role"``, it holds a ``"role"`` key (then one kind may be registered both as a step,
  run while the frame names no role, and as a decision, asked once the step has named one).
* ``drop_unwaited``: a decision frame that waits for nobody (its roles are empty) is popped and
  ``run`` goes on; otherwise ``run`` stops there with nobody active.
* ``check_choices``: ``run`` works out the choices of the decision it stops at; a decision whose
  roles have no choice at all closes by itself if its ``lapses(s, f)`` holds, and any other role
  without a choice raises (it could never be answered: a bug of the step that pushed it).
  ``on_settle(s, f, choices_by_role)`` then receives what was worked out, so the title may keep
  it for the View of the settled State.
* ``before_asking(s) -> bool``: called when ``run`` is about to stop at a decision that waits for
  somebody (after ``check_choices`` has looked at it): the one place where a title may tidy the
  State before anyone is asked (a marker whose army is gone leaves the board, whatever step
  destroyed the army). True means it changed the State and ``run`` looks at the stack again
  (the changed State may want more steps or other choices); False that ``run`` stops there.
* ``guard``: the most turns of its loop one ``run`` may take (each step, hook call or dropped
  frame, and the final look at the settled stack); more means a step that never pops itself,
  and ``run`` raises rather than loop for ever.

Usage, for a title::

    FLOW: Flow[MyState] = Flow(on_empty=next_phase, drop_unwaited=True)

    @FLOW.step("draw")
    def draw(s: MyState, f: Frame) -> None:
        pop(s, f)
        push(s, "discard", role=s.current)

    @FLOW.question("discard", discard_choices, lambda s, f: msg("prompt.discard"))
    def discard(s: MyState, f: Frame, verb: str, arg: Any) -> None:
        ...

and in the rules: ``active_roles`` is ``FLOW.active(s)``, ``choices`` is ``FLOW.choices(s, role)``,
``apply`` is ``FLOW.answer(s, role, verb, arg)``, ``setup`` ends with ``FLOW.run(s)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from games.core.frames import Frame, pop
from games.core.interface import Action, Choice
from games.core.text import Msg


class FlowState(Protocol):
    """What the runner reads of a State: the stack, whether the game is over, the roles."""

    flow: list[Frame]

    @property
    def result(self) -> object: ...

    @property
    def roles(self) -> list[str]: ...


S = TypeVar("S", bound=FlowState)

StepFn = Callable[[S, Frame], None]
RolesFn = Callable[[S, Frame], list[str]]
ChoicesFn = Callable[[S, Frame, str], list[Choice]]
DecideFn = Callable[[S, Frame, str, str, Any], None]
PromptFn = Callable[[S, Frame, str | None], Msg]
LapsesFn = Callable[[S, Frame], bool]
SettleFn = Callable[[S, Frame, dict[str, list[Choice]]], None]
OneRoleChoicesFn = Callable[[S, Frame], list[Choice]]
OneRoleDecideFn = Callable[[S, Frame, str, Any], None]
OneRolePromptFn = Callable[[S, Frame], Msg]
PickFn = Callable[[S, Frame, str, Any], None]
RevealFn = Callable[[S, Frame, dict[str, Action]], None]


def frame_role(s: Any, f: Frame) -> list[str]:
    """The roles of a decision that waits for the one role its frame names."""
    return [f["role"]]


def while_any(options: Callable[[S, str], list[Any]]) -> RolesFn[S]:
    """The roles of a decision that waits for its frame's role as long as that role has
    ``options`` left (a stage that ends by itself when nothing is left to do in it; with
    ``drop_unwaited`` the frame is then popped)."""
    def roles(s: S, f: Frame) -> list[str]:
        return [f["role"]] if options(s, f["role"]) else []
    return roles


def phase_table(table: dict[str, Callable[[S], None]],
                ) -> Callable[[str], Callable[[Callable[[S], None]], Callable[[S], None]]]:
    """The decorator a title's phase modules use to say how a phase begins: ``@phase(name)``
    files the function in ``table`` under ``name`` (``phase = phase_table(PHASES)``)."""
    def phase(name: str) -> Callable[[Callable[[S], None]], Callable[[S], None]]:
        def deco(fn: Callable[[S], None]) -> Callable[[S], None]:
            table[name] = fn
            return fn
        return deco
    return phase


@dataclass(frozen=True, slots=True)
class Decision(Generic[S]):
    """Who a decision frame waits for, what each may choose, the question, what an answer
    does."""

    choices: ChoicesFn[S]
    decide: DecideFn[S]
    prompt: PromptFn[S]
    roles: RolesFn[S] = frame_role
    # with ``check_choices``: a frame for which this holds may close by itself when none of its
    # roles has a choice left (a question asked again "while any more fits")
    lapses: LapsesFn[S] | None = None


class Flow(Generic[S]):
    """One title's flow: its steps, its decisions and its policies (see the module's text)."""

    def __init__(self, *, on_empty: Callable[[S], bool] | None = None,
                 decision_by: Literal["kind", "role"] = "kind", drop_unwaited: bool = False,
                 check_choices: bool = False, on_settle: SettleFn[S] | None = None,
                 before_asking: Callable[[S], bool] | None = None,
                 guard: int = 100_000) -> None:
        self.steps: dict[str, StepFn[S]] = {}
        self.decisions: dict[str, Decision[S]] = {}
        self.on_empty = on_empty
        self.decision_by = decision_by
        self.drop_unwaited = drop_unwaited
        self.check_choices = check_choices
        self.on_settle = on_settle
        self.before_asking = before_asking
        self.guard = guard

    # -- registering handlers ---------------------------------------------------------------
    def step(self, kind: str) -> Callable[[StepFn[S]], StepFn[S]]:
        """Register an automatic step for frames of ``kind``."""
        def deco(fn: StepFn[S]) -> StepFn[S]:
            self.steps[kind] = fn
            return fn
        return deco

    def decision(self, kind: str, choices: ChoicesFn[S], prompt: PromptFn[S],
                 roles: RolesFn[S] = frame_role, lapses: LapsesFn[S] | None = None,
                 ) -> Callable[[DecideFn[S]], DecideFn[S]]:
        """Register a decision for frames of ``kind``; the decorated function is its ``decide``."""
        def deco(fn: DecideFn[S]) -> DecideFn[S]:
            self.decisions[kind] = Decision(choices=choices, decide=fn, prompt=prompt,
                                            roles=roles, lapses=lapses)
            return fn
        return deco

    def question(self, kind: str, choices: OneRoleChoicesFn[S], prompt: OneRolePromptFn[S],
                 lapses: LapsesFn[S] | None = None,
                 ) -> Callable[[OneRoleDecideFn[S]], OneRoleDecideFn[S]]:
        """Register a decision for the one role its frame names, whose handlers are not told
        the role: ``choices(s, f)``, ``prompt(s, f)`` and the decorated ``decide(s, f, verb,
        arg)``."""
        def deco(fn: OneRoleDecideFn[S]) -> OneRoleDecideFn[S]:
            def role_choices(s: S, f: Frame, role: str) -> list[Choice]:
                return choices(s, f)

            def role_decide(s: S, f: Frame, role: str, verb: str, arg: Any) -> None:
                fn(s, f, verb, arg)

            def role_prompt(s: S, f: Frame, role: str | None) -> Msg:
                return prompt(s, f)
            self.decisions[kind] = Decision(choices=role_choices, decide=role_decide,
                                            prompt=role_prompt, lapses=lapses)
            return fn
        return deco

    def pick(self, kind: str, options: ChoicesFn[S], prompt: PromptFn[S], back: Choice,
             ) -> Callable[[PickFn[S]], PickFn[S]]:
        """Register a decision for the one role its frame names, offering ``options`` and a way
        back (``back``, whose verb no option shares): the frame is popped either way, and the
        decorated ``fn(s, f, role, arg)`` runs with the picked argument unless the player went
        back."""
        def deco(fn: PickFn[S]) -> PickFn[S]:
            def choices(s: S, f: Frame, role: str) -> list[Choice]:
                return options(s, f, role) + [back]

            def decide(s: S, f: Frame, role: str, verb: str, arg: Any) -> None:
                pop(s, f)
                if verb != back.verb:
                    fn(s, f, role, arg)
            self.decisions[kind] = Decision(choices=choices, decide=decide, prompt=prompt)
            return fn
        return deco

    def simultaneous(self, kind: str, choices: ChoicesFn[S], prompt: PromptFn[S],
                     ) -> Callable[[RevealFn[S]], RevealFn[S]]:
        """Register a secret choice made by several roles at once: the frame lists them in
        ``f["roles"]``; it waits for those who have not answered yet (their answers are kept in
        ``f["answers"]``), and once the last has answered it is popped and the decorated
        ``reveal(s, f, answers)`` gets each role's answer as an Action, in the frame's role
        order. Nothing of an answer should reach the log or the board before ``reveal``."""
        def roles(s: S, f: Frame) -> list[str]:
            answered = f.get("answers", {})
            return [r for r in f["roles"] if r not in answered]

        def deco(fn: RevealFn[S]) -> RevealFn[S]:
            def decide(s: S, f: Frame, role: str, verb: str, arg: Any) -> None:
                answers = f.setdefault("answers", {})
                answers[role] = [verb, arg]
                if all(r in answers for r in f["roles"]):
                    pop(s, f)
                    fn(s, f, {r: Action(verb=answers[r][0], arg=answers[r][1])
                              for r in f["roles"]})
            self.decisions[kind] = Decision(choices=choices, decide=decide, prompt=prompt,
                                            roles=roles)
            return fn
        return deco

    def when_empty(self, fn: Callable[[S], bool]) -> Callable[[S], bool]:
        """Set the ``on_empty`` hook (for a hook defined where the flow is already imported)."""
        self.on_empty = fn
        return fn

    # -- reading the stack ------------------------------------------------------------------
    def waiting(self, s: S) -> tuple[Frame, Decision[S]] | None:
        """The decision frame on top of the stack and its Decision, if the top is one."""
        if not s.flow:
            return None
        f = s.flow[-1]
        if self.decision_by == "role":
            return (f, self.decisions[f["k"]]) if "role" in f else None
        d = self.decisions.get(f["k"])
        return (f, d) if d is not None else None

    def active(self, s: S) -> list[str]:
        """The roles the waiting decision waits for, in the State's role order."""
        w = self.waiting(s)
        if w is None:
            return []
        roles = w[1].roles(s, w[0])
        if len(roles) == 1:
            return list(roles) if roles[0] in s.roles else []
        return [r for r in s.roles if r in roles]

    def choices(self, s: S, role: str) -> list[Choice]:
        """What ``role`` may answer to the waiting decision (nothing if it does not wait for
        that role)."""
        w = self.waiting(s)
        if w is None or role not in w[1].roles(s, w[0]):
            return []
        return w[1].choices(s, w[0], role)

    def prompt(self, s: S, role: str | None) -> Msg | None:
        """The question of the waiting decision as ``role`` reads it (None if nothing waits)."""
        w = self.waiting(s)
        return w[1].prompt(s, w[0], role) if w is not None else None

    # -- moving on --------------------------------------------------------------------------
    def answer(self, s: S, role: str, verb: str, arg: Any) -> None:
        """Apply ``role``'s answer to the waiting decision, then run on."""
        w = self.waiting(s)
        if w is None:
            raise RuntimeError("no decision waits for an answer")
        w[1].decide(s, w[0], role, verb, arg)
        self.run(s)

    def run(self, s: S) -> None:
        """Carry out automatic steps until a decision waits for somebody, the stack is empty
        (and ``on_empty`` does not move the game on) or the game ends."""
        steps, decisions = self.steps, self.decisions
        by_role = self.decision_by == "role"
        calls = 0
        while s.result is None:
            calls += 1
            if calls > self.guard:
                raise RuntimeError("the flow does not settle")
            if not s.flow:
                if self.on_empty is not None and self.on_empty(s):
                    continue
                return
            f = s.flow[-1]
            if by_role:
                d = decisions[f["k"]] if "role" in f else None
            else:
                d = decisions.get(f["k"])
            if d is None:
                steps[f["k"]](s, f)
                continue
            roles = d.roles(s, f)
            if not roles:
                if self.drop_unwaited:
                    s.flow.pop()
                    continue
                return
            if self.check_choices and self._lapsed(s, f, d, roles):
                s.flow.pop()
                continue
            if self.before_asking is not None and self.before_asking(s):
                continue
            return

    def _lapsed(self, s: S, f: Frame, d: Decision[S], roles: list[str]) -> bool:
        """Work out the choices of each role of a decision ``run`` stops at: True when none has
        a choice and the frame may lapse; raises for a role without a choice otherwise."""
        found = {role: d.choices(s, f, role) for role in roles}
        if not any(found.values()) and d.lapses is not None and d.lapses(s, f):
            return True
        for role, got in found.items():
            if not got:
                raise RuntimeError(f"decision {f['k']!r} for {role!r} has no choice")
        if self.on_settle is not None:
            self.on_settle(s, f, found)
        return False
