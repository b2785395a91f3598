"""Translatable messages.

Engines never build finished sentences for the bot: a prompt, a choice label or a log line is a
``Msg`` (a catalogue key and its arguments). Each title keeps a catalogue ``TEXTS[lang][key]`` of
format strings. An argument whose value starts with ``@`` is itself a key (a unit or card name), so
the whole phrase is translated.

A referenced text may have grammatical case forms, for languages whose templates need them after
a preposition: the catalogue key ``space.athens:loc`` holds «Афинах» for ``space.athens``,
«Афины». A template asks for one with a format spec, ``в {space:loc}`` (``CASES``); a text
without that form, and every plain ``{space}``, shows the text itself (the nominative).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from string import Formatter
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

LANGUAGES = ("en", "ru")

Catalog = Mapping[str, Mapping[str, str]]


class Msg(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    args: dict[str, str | int] = Field(default_factory=dict)


def msg(key: str, **args: Any) -> Msg:
    # built without re-validation: the arguments are made str or int right here
    return Msg.model_construct(key=key, args={k: (v if isinstance(v, int) else str(v))
                                              for k, v in args.items()})


# the case forms a template may ask for: genitive, dative, accusative (direction), locative
# (prepositional, place), instrumental
CASES = ("gen", "dat", "acc", "loc", "ins")


class Named(str):
    """A rendered argument that knows its case forms: ``format(value, "loc")`` is the locative
    when the catalogue has one, else the text itself; any other spec formats as a ``str``."""

    forms: Mapping[str, str]

    def __new__(cls, text: str, forms: Mapping[str, str] | None = None) -> Named:
        self = super().__new__(cls, text)
        self.forms = forms or {}
        return self

    def __format__(self, spec: str) -> str:
        if spec in CASES:
            return self.forms.get(spec, str(self))
        return str.__format__(str(self), spec)


class _Args(dict):
    def __missing__(self, key: str) -> str:
        return Named("{" + key + "}")


def render(m: Msg, lang: str, catalog: Catalog) -> str:
    """The message in ``lang``, falling back to English, then to the bare key."""
    table = catalog.get(lang) or {}
    template = table.get(m.key)
    if template is None:
        template = (catalog.get("en") or {}).get(m.key, m.key)
    args = _Args()
    for name, value in m.args.items():
        if isinstance(value, str) and value.startswith("@"):
            forms = {case: table[f"{value[1:]}:{case}"] for case in CASES
                     if f"{value[1:]}:{case}" in table}
            args[name] = Named(render(Msg(key=value[1:]), lang, catalog), forms)
        elif isinstance(value, str):
            args[name] = Named(value)
        else:
            args[name] = value
    try:
        return template.format_map(args)
    except (ValueError, IndexError):
        return template


_FIELDS: dict[tuple[int, str], frozenset[str]] = {}


def fields_of(key: str, catalog: Catalog) -> frozenset[str]:
    """The argument names the texts of ``key`` use, in every language of ``catalog``."""
    got = _FIELDS.get((id(catalog), key))
    if got is None:
        names: set[str] = set()
        for table in catalog.values():
            template = table.get(key)
            if template:
                try:
                    parsed = list(Formatter().parse(template))
                except ValueError:
                    parsed = []
                names |= {f.split(".")[0].split("[")[0] for _, f, _, _ in parsed if f}
        got = _FIELDS[(id(catalog), key)] = frozenset(names)
    return got


def restate(key: str, m: Msg, catalog: Catalog, **extra: Any) -> Msg:
    """``m``'s arguments and ``extra`` under another key, keeping only those its texts name: a
    question put to one player and told to the others (the public prompt) carries no argument
    it does not show, so nothing hidden travels with it."""
    names = fields_of(key, catalog)
    args = {k: v for k, v in {**m.args, **extra}.items() if k in names}
    return msg(key, **args)


def has_text(key: str, catalog: Catalog, lang: str = "en") -> bool:
    """Whether ``catalog`` has a text for ``key`` in ``lang`` or in English (its fallback)."""
    return key in (catalog.get(lang) or {}) or key in (catalog.get("en") or {})


def listing(keys: Sequence[str], name: str = "l", k: int = 6, sep: str = ", ") -> dict[str, str]:
    """Arguments for a list of catalogue references (``"@bc.probe"``), shown by a template made
    with ``list_slots(name, k)``: equal items are grouped as "2× Probe"; the j-th group is
    ``{name}{j}``, what stands before it ``{name}_{j}``. Slots past the list are empty."""
    groups: dict[str, int] = {}
    for item in keys:
        groups[item] = groups.get(item, 0) + 1
    items = list(groups.items())
    args: dict[str, str] = {}
    for j in range(k):
        if j < len(items):
            ref, n = items[j]
            args[f"{name}_{j}"] = (sep if j else "") + (f"{n}× " if n > 1 else "")
            args[f"{name}{j}"] = ref
        else:
            args[f"{name}_{j}"] = args[f"{name}{j}"] = ""
    return args


def list_slots(name: str = "l", k: int = 6) -> str:
    """The template part that shows ``listing(…, name, k)``."""
    return "".join(f"{{{name}_{j}}}{{{name}{j}}}" for j in range(k))
