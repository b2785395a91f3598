"""Secret simultaneous plans: maintenance (§6.4), leader placement (§8.1.5) and manpower (§6.2.2).

One frame of kind ``plan`` holds every planner's plan (``f["plans"][role]``, never shown to another
role) and who has confirmed. Each planner builds his plan step by step in private menus of at most
25 choices, may take back what he planned until he confirms, and nothing is carried out or shown
until the last planner has confirmed: then the plan kind's ``reveal`` applies every plan at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core import Choice, Msg, msg
from games.pax_romana.flow import Frame, decision, opt, pop, push
from games.pax_romana.state import PRState

Plan = dict[str, Any]


@dataclass(frozen=True)
class PlanKind:
    choices: Callable[[PRState, Frame, str, Plan], list[Choice]]
    decide: Callable[[PRState, Frame, str, Plan, str, Any], None]
    reveal: Callable[[PRState, Frame], None]
    prompt: str                      # message key; {who} names the planners
    blank: Callable[[PRState, str], Plan]


KINDS: dict[str, PlanKind] = {}


def plan_kind(name: str, kind: PlanKind) -> None:
    KINDS[name] = kind


def start_plan(s: PRState, kind: str, roles: list[str]) -> None:
    """Push a plan of ``kind`` for ``roles`` (nothing if nobody plans)."""
    roles = [r for r in s.roles if r in roles]
    if not roles:
        return
    push(s, "plan", plan=kind, roles=roles, confirmed=[],
         plans={r: KINDS[kind].blank(s, r) for r in roles})


def _roles(s: PRState, f: Frame) -> list[str]:
    return [r for r in f["roles"] if r not in f["confirmed"]]


def _choices(s: PRState, f: Frame, role: str) -> list[Choice]:
    return KINDS[f["plan"]].choices(s, f, role, f["plans"][role])


def _prompt(s: PRState, f: Frame, role: str | None) -> Msg:
    """The question is the same for everyone: which plan, and who still plans."""
    return names_msg(KINDS[f["plan"]].prompt, _roles(s, f))


def names_msg(key: str, roles: list[str], **args: Any) -> Msg:
    """A message naming several Powers: ``key.N`` with ``{p1}`` … ``{pN}`` (see texts.py)."""
    return msg(f"{key}.{len(roles)}", **{f"p{i + 1}": f"@power.{r}" for i, r in enumerate(roles)},
               **args)


@decision("plan", _choices, _prompt, roles=_roles)
def _decide(s: PRState, f: Frame, role: str, verb: str, arg: Any) -> None:
    if verb == "confirm":
        f["confirmed"].append(role)
        f.setdefault("page", {}).pop(role, None)
        if all(r in f["confirmed"] for r in f["roles"]):
            pop(s, f)
            s.mark_irreversible()
            KINDS[f["plan"]].reveal(s, f)
        return
    KINDS[f["plan"]].decide(s, f, role, f["plans"][role], verb, arg)


def confirm_choice() -> Choice:
    return opt("confirm", None, "choice.confirm_plan", secret=True)
