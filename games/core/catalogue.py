"""Every card, hero, wonder and event of every title, as one list a reader can search.

Each title keeps its list in ``games/<title>/catalogue.py``: ``entries(lang) -> list[CardEntry]``,
built from the title's own data and catalogue, so a front end never reads an engine's internals.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict

# The titles that keep a card catalogue, and the module that holds each one.
CATALOGUE_MODULES: dict[str, str] = {
    "ancients": "games.ancients.catalogue",
    "hannibal": "games.hannibal.catalogue",
    "mare_nostrum": "games.mare_nostrum.catalogue",
    "pax_romana": "games.pax_romana.catalogue",
}


class CardEntry(BaseModel):
    """One card (or hero, wonder, event) as a player looks it up, in one language."""

    model_config = ConfigDict(frozen=True)

    id: str            # "<title>.<kind>.<key>", the same in every language
    title: str         # the title's id: "hannibal"
    kind: str          # "command_card", "strategy_card", "battle_card", "hero", "wonder" …
    kind_name: str     # the kind as a player reads it: "Strategy card", "Карта стратегии"
    name: str
    text: str


def entry_id(title: str, kind: str, key: str | int) -> str:
    return f"{title}.{kind}.{key}"


def entries_of(title: str, lang: str) -> list[CardEntry]:
    """The entries of one title in ``lang`` (empty for a title without a catalogue)."""
    name = CATALOGUE_MODULES.get(title)
    if name is None:
        return []
    build: Callable[[str], list[CardEntry]] = importlib.import_module(name).entries
    return build(lang)


def every_entry(lang: str) -> list[CardEntry]:
    """The entries of every title in ``lang``, title by title."""
    return [e for title in CATALOGUE_MODULES for e in entries_of(title, lang)]


def entry_by_id(entry: str, lang: str) -> CardEntry | None:
    title = entry.split(".", 1)[0]
    return next((e for e in entries_of(title, lang) if e.id == entry), None)


def _folded(text: str) -> str:
    return text.casefold().replace("ё", "е").strip()


def search(needle: str, lang: str, languages: tuple[str, ...] = ("en", "ru"),
           title: str | None = None) -> list[CardEntry]:
    """Entries (in ``lang``) whose name in any of ``languages`` holds ``needle``: names that start
    with it first, then the others, each group in catalogue order."""
    wanted = _folded(needle)
    shown = entries_of(title, lang) if title else every_entry(lang)
    names: dict[str, list[str]] = {e.id: [] for e in shown}
    for other in languages:
        for e in (entries_of(title, other) if title else every_entry(other)):
            if e.id in names:
                names[e.id].append(_folded(e.name))
    starts, inside = [], []
    for e in shown:
        folded = names[e.id] or [_folded(e.name)]
        if not wanted or any(n.startswith(wanted) for n in folded):
            starts.append(e)
        elif any(wanted in n for n in folded) or wanted == e.id:
            inside.append(e)
    return starts + inside


def resolve(text: str, lang: str) -> CardEntry | list[CardEntry]:
    """What a player typed: an entry's id, or a name (whole or a unique part) in English or
    Russian. The entry when exactly one fits, else the candidates (none when nothing fits)."""
    exact = entry_by_id(text.strip(), lang)
    if exact is not None:
        return exact
    wanted = _folded(text)
    found = search(text, lang)
    whole = [e for e in found if any(_folded(x.name) == wanted for x in _names_of(e.id))]
    if len(whole) == 1:
        return whole[0]
    if len(found) == 1:
        return found[0]
    return whole or found


def _names_of(entry: str) -> list[CardEntry]:
    return [e for lang in ("en", "ru") if (e := entry_by_id(entry, lang)) is not None]
