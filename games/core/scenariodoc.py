"""Scenario documents: located problems from a pydantic model and a title's own checks.

A problem reads ``item: reason``, the item written as in the document (``armies[2].space``), so
a server's moderator can find and fix it in the file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)

_REASONS = {"extra_forbidden": "unknown field", "missing": "required field missing"}


class DocumentError(ValueError):
    """A scenario document that cannot be played; ``problems`` lists each ``item: reason``."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def item(loc: Sequence[Any]) -> str:
    """A location as written in the document: ``("armies", 2, "space")`` -> ``armies[2].space``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "scenario"


def problems_of(exc: ValidationError) -> list[str]:
    """Each error of a validation as ``item: reason``; model-level errors name the document."""
    out = []
    for e in exc.errors():
        loc = [p for p in e["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
        reason = _REASONS.get(e["type"], e["msg"])
        if reason.startswith("Value error, "):
            reason = reason[len("Value error, "):]
        out.append(f"{item(loc)}: {reason}")
    return out


def validate(model: type[M], doc: Any) -> M:
    """``doc`` read as ``model``, or ``DocumentError`` with every located problem."""
    if not isinstance(doc, dict):
        raise DocumentError(["scenario: a scenario document is one JSON object"])
    try:
        return model.model_validate(doc)
    except ValidationError as exc:
        raise DocumentError(problems_of(exc)) from None
