"""Translatable messages.

Engines never build finished sentences for the bot: a prompt, a choice label or a log line is a
``Msg`` (a catalogue key and its arguments). Each title keeps a catalogue ``TEXTS[lang][key]`` of
format strings. An argument whose value starts with ``@`` is itself a key (a unit or card name), so
the whole phrase is translated.
"""

from __future__ import annotations

from collections.abc import Mapping
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


class _Args(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(m: Msg, lang: str, catalog: Catalog) -> str:
    """The message in ``lang``, falling back to English, then to the bare key."""
    table = catalog.get(lang) or {}
    template = table.get(m.key)
    if template is None:
        template = (catalog.get("en") or {}).get(m.key, m.key)
    args = _Args()
    for name, value in m.args.items():
        if isinstance(value, str) and value.startswith("@"):
            args[name] = render(Msg(key=value[1:]), lang, catalog)
        else:
            args[name] = value
    try:
        return template.format_map(args)
    except (ValueError, IndexError):
        return template
