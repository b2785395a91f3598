"""Custom ids of message components, and the values of /play's autocomplete.

Every component the bot posts carries everything needed to handle a press in its custom id, so a
press works after a restart without any memory of the message:

====================================  ==================================================
``g:{game}:{version}:{role}:{index}``  button for choice ``index`` of ``role``'s View
``gm:{game}:{version}:{role}:{page}``  select menu of ``role``'s choices; a value is an index
``gp:{game}:{version}:{role}:{page}``  "more choices" button: page ``page`` of the choices
``gx:{game}:{version}``                "choose in secret" button (several active roles)
``gj:{game}:{role}``                   "take this seat" button of a lobby post
``gv:{game}:{version}:{vote}``         a vote after the turn time ran out
``gr:{game}:{mode}``                   a rematch of a finished game (sides ``keep`` or ``swap``)
``ge:{game}``                          the export of a game (its record, log, animation)
``gb:{game}:{role}:{answer}``          the answer to the bribe ``role`` offers (``accept`` or
                                      ``refuse``; Pax Romana §4.4), valid while it stands
====================================  ==================================================

The choice, menu and "more" ids may end with ``:{fingerprint}``, a digest of the role's prompt
and choices: a press made at another version still counts when the role is asked the very same
question (another player's secret choice in between changes nothing for the presser).

Discord allows 100 characters; game ids and role names are short, and ``encode_*`` checks.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

MAX_CUSTOM_ID = 100
MAX_CHOICE_VALUE = 100

_NAME = r"[A-Za-z0-9_\-]+"

_FP = r"(?::(?P<fp>[0-9a-f]{1,16}))?"
CHOICE_TEMPLATE = (rf"g:(?P<game>{_NAME}):(?P<version>\d+):(?P<role>{_NAME}):(?P<index>\d+)"
                   + _FP)
MENU_TEMPLATE = rf"gm:(?P<game>{_NAME}):(?P<version>\d+):(?P<role>{_NAME}):(?P<page>\d+)" + _FP
MORE_TEMPLATE = rf"gp:(?P<game>{_NAME}):(?P<version>\d+):(?P<role>{_NAME}):(?P<page>\d+)" + _FP
SECRET_TEMPLATE = rf"gx:(?P<game>{_NAME}):(?P<version>\d+)"
JOIN_TEMPLATE = rf"gj:(?P<game>{_NAME}):(?P<role>{_NAME})"
VOTE_TEMPLATE = rf"gv:(?P<game>{_NAME}):(?P<version>\d+):(?P<vote>extend|abandon)"
REMATCH_TEMPLATE = rf"gr:(?P<game>{_NAME}):(?P<vote>keep|swap)"
EXPORT_TEMPLATE = rf"ge:(?P<game>{_NAME})"
BRIBE_TEMPLATE = rf"gb:(?P<game>{_NAME}):(?P<role>{_NAME}):(?P<vote>accept|refuse)"


class CodecError(ValueError):
    """A value that does not fit into a custom id."""


@dataclass(frozen=True)
class Press:
    """A decoded component press (``index`` for a choice button, ``page`` for menus)."""

    kind: str
    game: str
    version: int = 0
    role: str = ""
    index: int = 0
    page: int = 0
    fingerprint: str = ""
    vote: str = ""


def _check(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise CodecError(f"custom id longer than {MAX_CUSTOM_ID} characters: {custom_id!r}")
    return custom_id


def _name(value: object) -> str:
    text = str(value)
    if not re.fullmatch(_NAME, text):
        raise CodecError(f"{text!r} cannot be part of a custom id")
    return text


def _fp(fingerprint: str) -> str:
    if not fingerprint:
        return ""
    if not re.fullmatch(r"[0-9a-f]{1,16}", fingerprint):
        raise CodecError(f"{fingerprint!r} is not a fingerprint")
    return ":" + fingerprint


def encode_choice(game: object, version: int, role: str, index: int,
                  fingerprint: str = "") -> str:
    return _check(f"g:{_name(game)}:{int(version)}:{_name(role)}:{int(index)}"
                  + _fp(fingerprint))


def encode_menu(game: object, version: int, role: str, page: int, fingerprint: str = "") -> str:
    return _check(f"gm:{_name(game)}:{int(version)}:{_name(role)}:{int(page)}"
                  + _fp(fingerprint))


def encode_more(game: object, version: int, role: str, page: int, fingerprint: str = "") -> str:
    return _check(f"gp:{_name(game)}:{int(version)}:{_name(role)}:{int(page)}"
                  + _fp(fingerprint))


def encode_vote(game: object, version: int, vote: str) -> str:
    return _check(f"gv:{_name(game)}:{int(version)}:{_name(vote)}")


def encode_rematch(game: object, mode: str) -> str:
    return _check(f"gr:{_name(game)}:{_name(mode)}")


def encode_export(game: object) -> str:
    return _check(f"ge:{_name(game)}")


def encode_bribe(game: object, role: str, answer: str) -> str:
    return _check(f"gb:{_name(game)}:{_name(role)}:{_name(answer)}")


def encode_secret(game: object, version: int) -> str:
    return _check(f"gx:{_name(game)}:{int(version)}")


def encode_join(game: object, role: str) -> str:
    return _check(f"gj:{_name(game)}:{_name(role)}")


_PATTERNS = {
    "choice": re.compile(CHOICE_TEMPLATE),
    "menu": re.compile(MENU_TEMPLATE),
    "more": re.compile(MORE_TEMPLATE),
    "secret": re.compile(SECRET_TEMPLATE),
    "join": re.compile(JOIN_TEMPLATE),
    "vote": re.compile(VOTE_TEMPLATE),
    "rematch": re.compile(REMATCH_TEMPLATE),
    "export": re.compile(EXPORT_TEMPLATE),
    "bribe": re.compile(BRIBE_TEMPLATE),
}


def press_from_match(kind: str, match: re.Match[str]) -> Press:
    groups = match.groupdict()
    return Press(
        kind=kind,
        game=groups["game"],
        version=int(groups.get("version") or 0),
        role=groups.get("role") or "",
        index=int(groups.get("index") or 0),
        page=int(groups.get("page") or 0),
        fingerprint=groups.get("fp") or "",
        vote=groups.get("vote") or "",
    )


def decode(custom_id: str) -> Press | None:
    """The press a custom id stands for, or None if it is not one of ours."""
    for kind, pattern in _PATTERNS.items():
        match = pattern.fullmatch(custom_id)
        if match is not None:
            return press_from_match(kind, match)
    return None


# -- /play values ------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayValue:
    """What a /play autocomplete value names: an action (verb and arg) of a role in a game, or,
    when verb and arg would not fit, the choice's index at a version."""

    game: str
    role: str
    verb: str = ""
    arg: str | int | None = None
    version: int | None = None
    index: int | None = None


def encode_play(game: object, role: str, verb: str, arg: str | int | None, version: int,
                index: int) -> str:
    value = "a|" + "|".join([_name(game), _name(role), json.dumps([verb, arg], ensure_ascii=False)])
    if len(value) <= MAX_CHOICE_VALUE and "|" not in verb:
        return value
    return f"i|{_name(game)}|{_name(role)}|{int(version)}|{int(index)}"


def decode_play(value: str) -> PlayValue | None:
    """The action a /play value names, or None for free text typed by the player."""
    kind, _, rest = value.partition("|")
    if kind == "a":
        game, _, rest = rest.partition("|")
        role, _, payload = rest.partition("|")
        try:
            verb, arg = json.loads(payload)
        except (ValueError, TypeError):
            return None
        if not (game and role and isinstance(verb, str)) or not isinstance(arg, str | int | None):
            return None
        return PlayValue(game=game, role=role, verb=verb, arg=arg)
    if kind == "i":
        parts = rest.split("|")
        if len(parts) == 4 and parts[2].isdigit() and parts[3].isdigit():
            return PlayValue(game=parts[0], role=parts[1], version=int(parts[2]),
                             index=int(parts[3]))
    return None
