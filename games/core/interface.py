"""The interface every title implements, and the base class that enforces it.

``Rules`` is what the bot, the fuzzer and the tests call. ``GameRules`` is the base class titles
derive from: it owns the one legality check (an action is legal only if the role's View lists it),
the copy that keeps ``act`` from mutating its input, the undo barrier and the secrecy boundary
(``view``), and leaves the title only its rules: who is active, what they may choose, what a
choice does. A title may also give side actions (``side_choices``): what a role may do while it
is not the one asked, listed in its View's ``side`` and accepted by ``act`` the same way.
"""

from __future__ import annotations

import weakref
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from games.core.rng import Rng
from games.core.text import Catalog, Msg, render

Arg = str | int | None

# A View carries the latest lines of the log its role may read; the whole log stays in the State.
LOG_WINDOW = 20


class IllegalAction(Exception):
    """An action the acting role may not take now. ``reason`` is a short English sentence;
    ``msg`` the same as a translatable message."""

    def __init__(self, reason: str, msg: Msg | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.msg = msg or Msg(key="error.illegal", args={"reason": reason})


class Action(BaseModel):
    model_config = ConfigDict(frozen=True)

    verb: str
    arg: Arg = None


class Choice(BaseModel):
    """One legal action as a View lists it, with a label for people."""

    model_config = ConfigDict(frozen=True)

    verb: str
    arg: Arg = None
    label: str
    msg: Msg | None = None
    # True when the set of choices of this decision depends on hidden items (a card hand): the
    # bot then offers them privately, never as buttons in the channel.
    secret: bool = False

    def action(self) -> Action:
        return Action(verb=self.verb, arg=self.arg)


class LogEntry(BaseModel):
    """A line of the game log. ``to`` is None for a public line, else the one role that may read it."""

    seq: int
    step: int
    msg: Msg
    to: str | None = None


class LogLine(BaseModel):
    seq: int
    step: int
    text: str
    msg: Msg


class Result(BaseModel):
    winners: list[str] = Field(default_factory=list)
    draw: bool = False
    reason: str = ""
    msg: Msg | None = None


class OptionInfo(BaseModel):
    id: str
    description: str
    choices: list[Any]
    default: Any


class ScenarioInfo(BaseModel):
    id: str
    name: str
    roles: list[str]
    role_names: dict[str, str] = Field(default_factory=dict)
    # The scenario's and its roles' names in other languages than English: lang -> name, and
    # lang -> role -> name (a language missing here falls back to ``name``/``role_names``).
    names: dict[str, str] = Field(default_factory=dict)
    role_names_by_lang: dict[str, dict[str, str]] = Field(default_factory=dict)
    min_players: int = 2
    max_players: int = 2
    description: str = ""
    options: list[OptionInfo] = Field(default_factory=list)


class Turn(BaseModel):
    """Whose turn it is, as the table shows it. The bot keeps one post per turn and edits it
    while ``key`` stays the same; a new ``key`` means the turn passed (a new post, a ping).
    ``roles`` hold the turn: an active role outside them is answering a question that
    interrupts the turn (an interception, a battle card), which the bot asks privately."""

    model_config = ConfigDict(frozen=True)

    key: str
    roles: list[str] = Field(default_factory=list)


class BaseState(BaseModel):
    """Fields every title's State has. A title's State derives from this."""

    title: str
    scenario: str
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    roles: list[str]
    step: int = 0
    barrier: int = 0
    rng: Rng = Field(default_factory=Rng)
    log: list[LogEntry] = Field(default_factory=list)
    result: Result | None = None

    def say(self, m: Msg, to: str | None = None) -> None:
        self.log.append(LogEntry(seq=len(self.log), step=self.step, msg=m, to=to))

    def mark_irreversible(self) -> None:
        """Something hidden was revealed (or another irreversible thing happened): undo may not
        cross the action being applied."""
        self.barrier = self.step + 1


class View(BaseModel):
    """What one role (or a spectator, role None) may see and do."""

    title: str
    scenario: str
    role: str | None
    roles: list[str]
    step: int
    active: list[str]
    prompt: str
    prompt_msg: Msg
    actions: list[Choice]
    log: list[LogLine]
    result: Result | None
    board: dict[str, Any]
    private: dict[str, Any] = Field(default_factory=dict)
    turn: Turn | None = None
    # Side actions: what this role may do while it is not the one asked (a bribe offered to the
    # acting player, its answer). Left out of the serialised View when there are none, so the
    # Views of titles without side actions serialise as they always did.
    side: list[Choice] = Field(default_factory=list)

    @model_serializer(mode="wrap")
    def _without_empty_side(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data = handler(self)
        if not self.side:
            data.pop("side", None)
        return data

    def find(self, action: Action) -> Choice | None:
        for c in self.actions:
            if c.verb == action.verb and c.arg == action.arg:
                return c
        return None

    def find_side(self, action: Action) -> Choice | None:
        for c in self.side:
            if c.verb == action.verb and c.arg == action.arg:
                return c
        return None


S = TypeVar("S", bound=BaseState)


@runtime_checkable
class Rules(Protocol):
    id: str
    title: str
    texts: Catalog

    def scenarios(self) -> list[ScenarioInfo]: ...
    def setup(self, seed: int, scenario: str | dict, options: dict) -> Any: ...
    def view(self, state: Any, role: str | None) -> View: ...
    def act(self, state: Any, role: str, action: Action) -> Any: ...
    def load_state(self, data: str | dict) -> Any: ...
    def describe(self, view: View, lang: str = "en") -> str: ...
    def private_lines(self, view: View, lang: str = "en") -> list[str]: ...
    def check_scenario(self, doc: dict[str, Any]) -> str: ...
    def race(self, board: dict[str, Any]) -> dict[str, int]: ...
    def summary(self, state: Any) -> dict[str, Any]: ...


class GameRules(ABC, Generic[S]):
    """Base class of a title's rules. Subclasses set ``id``, ``title``, ``texts``, ``state_model``
    and implement the abstract hooks."""

    id: ClassVar[str]
    title: ClassVar[str]
    texts: ClassVar[Catalog]
    state_model: ClassVar[type[BaseState]]

    # -- hooks a title implements -------------------------------------------------------------
    @abstractmethod
    def scenarios(self) -> list[ScenarioInfo]: ...

    @abstractmethod
    def setup(self, seed: int, scenario: str | dict, options: dict) -> S: ...

    @abstractmethod
    def active_roles(self, state: S) -> list[str]: ...

    @abstractmethod
    def prompt(self, state: S, role: str | None) -> Msg: ...

    @abstractmethod
    def choices(self, state: S, role: str) -> list[Choice]:
        """The legal actions of an active role: the one source of legality."""

    @abstractmethod
    def apply(self, state: S, role: str, action: Action) -> None:
        """Carry out a legal action on ``state`` (a private copy) in place."""

    @abstractmethod
    def public_board(self, state: S) -> dict[str, Any]: ...

    def private_items(self, state: S, role: str) -> dict[str, Any]:
        return {}

    def side_choices(self, state: S, role: str) -> list[Choice]:
        """Side actions: what ``role`` may do now although it is not the one asked (its own
        choices stay in ``choices``). The one source of their legality, as ``choices`` is of the
        others'. None by default."""
        return []

    def apply_side(self, state: S, role: str, action: Action) -> None:
        """Carry out a legal side action on ``state`` (a private copy) in place."""
        self.apply(state, role, action)

    def perturb_hidden(self, state: S, role: str, seed: int) -> S:
        """A copy of ``state`` in which what ``role`` hides from the others (its hand, and the
        deck order) is replaced by other content of the same public shape. The fuzzer checks
        that no other role's View changes."""
        return self.copy(state)

    def turn(self, state: S) -> Turn:
        """The current turn (see ``Turn``). By default every change of the active roles is a
        new turn; a title names its turns as its sequence of play does."""
        active = self.active_roles(state)
        return Turn(key=",".join(active), roles=list(active))

    def private_lines(self, view: View, lang: str = "en") -> list[str]:
        """What ``view.private`` holds, in words a player reads in ``lang`` (one line per item:
        card names, counts, a secret choice already made), never internal keys."""
        return []

    def race(self, board: dict[str, Any]) -> dict[str, int]:
        """The figures of the race to victory on a public board, by role (banners, political
        control, victory points …): the end of a game shows how they went over its turns."""
        return {}

    def summary(self, state: S) -> dict[str, Any]:
        """Figures of a finished game for its last post (a finished game hides nothing, so this
        reads the State): ``battles`` (how many), and per role ``won`` (battles won) and
        ``lost`` (units lost); a title gives those it counts."""
        return {}

    def coverage(self, state: S) -> set[str]:
        """What happened in a finished game that a fuzz run of many games must see at least once
        (``coverage_expected``): e.g. each card kind played. Read from the State."""
        return set()

    def coverage_expected(self, scenario: str, options: dict[str, Any]) -> set[str]:
        """Everything ``coverage`` may name for games of this scenario with these options."""
        return set()

    @staticmethod
    def count_log(state: BaseState, key: str, arg: str | None = None) -> Any:
        """How many log lines have ``key`` (with ``arg``: how many per value of that argument,
        a ``@side.x``-style value read as ``x``)."""
        if arg is None:
            return sum(1 for e in state.log if e.msg.key == key)
        out: dict[str, int] = {}
        for e in state.log:
            if e.msg.key == key and arg in e.msg.args:
                value = str(e.msg.args[arg]).rsplit(".", 1)[-1]
                out[value] = out.get(value, 0) + 1
        return out

    def check_scenario(self, doc: dict[str, Any]) -> str:
        """Validate a scenario document (a server's own scenario): its name, or ``ValueError``
        saying which file item is wrong and why. A title with a scenario document model refuses
        unknown fields; by default the document must set up a game."""
        if not isinstance(doc, dict):
            raise ValueError("a scenario document is one JSON object")
        try:
            self.setup(0, doc, {})
        except IllegalAction as exc:
            raise ValueError(exc.reason) from exc
        except (KeyError, TypeError) as exc:
            raise ValueError(f"{type(exc).__name__}: {exc}") from exc
        return str(doc.get("name") or doc.get("id") or "custom")

    def describe(self, view: View, lang: str = "en") -> str:
        lines = [self.tr(view.prompt_msg, lang)]
        lines += [f"{i + 1}. {self.label(c, lang)}" for i, c in enumerate(view.actions)]
        return "\n".join(lines)

    # -- the fixed machinery ------------------------------------------------------------------
    def tr(self, m: Msg, lang: str = "en") -> str:
        key = (lang, m.key, tuple(m.args.items()))
        cache = self.__dict__.setdefault("_tr_cache", {})
        text = cache.get(key)
        if text is None:
            if len(cache) > 50000:
                cache.clear()
            text = cache[key] = render(m, lang, self.texts)
        return text

    def label(self, c: Choice, lang: str = "en") -> str:
        return self.tr(c.msg, lang) if c.msg is not None else c.label

    def choice(self, verb: str, arg: Arg, m: Msg, secret: bool = False) -> Choice:
        # built without re-validation: the engine hands its own values of the declared types
        return Choice.model_construct(verb=verb, arg=arg, label=self.tr(m), msg=m, secret=secret)

    def copy(self, state: S) -> S:
        """A deep copy that shares the log's entries: they are never changed once written, so
        copying them each action would only make long games slower."""
        new = type(state).model_validate_json(state.model_dump_json(exclude={"log"}))
        new.log = list(state.log)
        return new  # type: ignore[return-value]

    def load_state(self, data: str | dict) -> S:
        if isinstance(data, str):
            return self.state_model.model_validate_json(data)  # type: ignore[return-value]
        return self.state_model.model_validate(data)  # type: ignore[return-value]

    def view(self, state: S, role: str | None) -> View:
        active = [] if state.result else self.active_roles(state)
        acts = self.choices(state, role) if role in active and role is not None else []
        if acts:
            self._keep_choices(state, role, acts)  # type: ignore[arg-type]
        p = self.prompt(state, role)
        lines: list[LogLine] = []
        for e in reversed(state.log):
            if e.to is None or e.to == role:
                lines.append(self._log_line(e))
                if len(lines) >= LOG_WINDOW:
                    break
        lines.reverse()
        # Built without re-validation: every part comes from this engine's own models.
        return View.model_construct(
            title=self.id,
            scenario=state.scenario,
            role=role,
            roles=list(state.roles),
            step=state.step,
            active=active,
            prompt=self.tr(p),
            prompt_msg=p,
            actions=acts,
            log=lines,
            result=state.result,
            board=self.public_board(state),
            private=self.private_items(state, role) if role is not None else {},
            turn=self.turn(state) if state.result is None else None,
            side=self.side_choices(state, role) if role is not None and not state.result else [],
        )

    def _log_line(self, e: LogEntry) -> LogLine:
        """The English line of a log entry, made once: entries never change once written and are
        shared by every later State, so their lines are kept while the entry lives."""
        cache: dict[int, tuple[weakref.ref[LogEntry], LogLine]] = self.__dict__.setdefault(
            "_line_cache", {})
        hit = cache.get(id(e))
        if hit is not None and hit[0]() is e:
            return hit[1]
        line = LogLine.model_construct(seq=e.seq, step=e.step, text=self.tr(e.msg), msg=e.msg)
        if len(cache) > 200000:
            cache.clear()
        cache[id(e)] = (weakref.ref(e), line)
        return line

    # A View's choices are kept for the State it was made from, so that acting on that State
    # right after (what a player does) does not work them out again. States are values: nothing
    # changes a State once it has been handed to view() or act() (the fuzzer checks act).
    def _keep_choices(self, state: S, role: str, acts: list[Choice]) -> None:
        kept = self.__dict__.get("_choices_of")
        if kept is None or kept[0]() is not state or kept[1] != state.step:
            kept = self.__dict__["_choices_of"] = (weakref.ref(state), state.step, {})
        kept[2][role] = acts

    def _kept_choices(self, state: S, role: str) -> list[Choice] | None:
        kept = self.__dict__.get("_choices_of")
        if kept is None or kept[0]() is not state or kept[1] != state.step:
            return None
        return kept[2].get(role)

    def legal(self, state: S, role: str) -> list[Choice]:
        if state.result is not None or role not in self.active_roles(state):
            return []
        return self.choices(state, role)

    def act(self, state: S, role: str, action: Action) -> S:
        if state.result is not None:
            raise IllegalAction("The game is over.", Msg(key="error.game_over"))
        if role not in state.roles:
            raise IllegalAction(f"There is no role {role!r} in this game.",
                                Msg(key="error.no_role", args={"role": str(role)}))
        if role not in self.active_roles(state):
            if self._is_side(state, role, action):
                return self._act_side(state, role, action)
            raise IllegalAction("It is not your turn to act.", Msg(key="error.not_your_turn"))
        choices = self._kept_choices(state, role)
        if choices is None:
            choices = self.choices(state, role)
        if not any(c.verb == action.verb and c.arg == action.arg for c in choices):
            if self._is_side(state, role, action):
                return self._act_side(state, role, action)
            raise IllegalAction(
                f"{action.verb} {action.arg if action.arg is not None else ''}".strip()
                + " is not one of the choices open to you now.",
                Msg(key="error.not_a_choice", args={"action": action.verb}),
            )
        new = self.copy(state)
        draws = new.rng.draws
        active = self.active_roles(new)
        self.apply(new, role, action)
        new.step += 1
        if new.result is not None or new.rng.draws != draws or self.active_roles(new) != active:
            new.barrier = new.step
        return new


    def _is_side(self, state: S, role: str, action: Action) -> bool:
        return any(c.verb == action.verb and c.arg == action.arg
                   for c in self.side_choices(state, role))

    def _act_side(self, state: S, role: str, action: Action) -> S:
        """A side action: carried out like any other, and never undone (it was done in front
        of everyone, by someone who was not the one asked)."""
        new = self.copy(state)
        self.apply_side(new, role, action)
        new.step += 1
        new.barrier = new.step
        return new


def can_undo(state: BaseState) -> bool:
    """Undo of the last action is allowed when it crossed no barrier: nothing random happened,
    nothing hidden was revealed and the active roles did not change (DESIGN: Undo)."""
    return state.step > 0 and state.step > state.barrier
