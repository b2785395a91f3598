"""Making a title's choices: each distinct choice once, with its message and English label.

Menus repeat the same choices on every look at a State, and a ``Choice`` is immutable, so a
title makes its ``opt`` once::

    opt = choice_maker(TEXTS)
    opt("to", "rome", "choice.to", space="@space.rome")
"""

from __future__ import annotations

from typing import Any, Protocol

from games.core.interface import Choice
from games.core.text import Catalog, msg, render


class ChoiceFn(Protocol):
    def __call__(self, verb: str, arg: str | int | None, key: str, secret: bool = False,
                 **args: Any) -> Choice: ...


def choice_maker(catalog: Catalog, checked: bool = True, keep: int = 50_000) -> ChoiceFn:
    """``opt(verb, arg, key, secret=False, **args)``: the choice of ``verb`` and ``arg`` with the
    message ``key`` (``args`` its arguments) and that message's English label from ``catalog``
    (read when the choice is first made, so texts added to the catalogue later count), made
    once per distinct content and kept until more than ``keep`` are kept. ``checked=False``
    builds the choices without pydantic's validation (faster; the caller vouches for the
    types)."""
    made: dict[tuple[Any, ...], Choice] = {}
    build = Choice if checked else Choice.model_construct

    def opt(verb: str, arg: str | int | None, key: str, secret: bool = False,
            **args: Any) -> Choice:
        cache_key = (verb, arg, key, secret, *args.items())
        got = made.get(cache_key)
        if got is None:
            if len(made) > keep:
                made.clear()
            m = msg(key, **args)
            got = made[cache_key] = build(verb=verb, arg=arg, label=render(m, "en", catalog),
                                          msg=m, secret=secret)
        return got

    return opt
