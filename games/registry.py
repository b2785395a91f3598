"""The registry of titles. Adding a title = its package, its renderer, its data folder and one
line in ``_TITLES``."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from games.core.interface import Rules

_TITLES: dict[str, str] = {
    "ancients": "games.ancients.rules:RULES",
    "mare_nostrum": "games.mare_nostrum.rules:RULES",
    "hannibal": "games.hannibal.rules:RULES",
    "pax_romana": "games.pax_romana.rules:RULES",
}


@cache
def get(title_id: str) -> Rules:
    try:
        target = _TITLES[title_id]
    except KeyError:
        raise KeyError(f"unknown title {title_id!r}; known: {', '.join(sorted(_TITLES))}") from None
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)


def ids() -> list[str]:
    return list(_TITLES)


def all() -> list[Rules]:  # noqa: A001 - the name is fixed by the design
    return [get(t) for t in _TITLES]


def register(title_id: str, target: str) -> None:
    """Register a title at run time (tests use it for toy games)."""
    _TITLES[title_id] = target
    get.cache_clear()
