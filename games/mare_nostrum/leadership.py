"""Phase 5, Determination of Leadership (§5, Turn Overview; spec B.5).

For each track the highest value takes the title; on a tie the player who held that title during
this turn decides among the tied players, himself included if he is tied (C34: he decides even
when he is not). A new Trade Leader receives all three Trade Tokens (§2.1; C6). Then 6.4.
"""

from __future__ import annotations

from typing import Any

from games.core import Choice, Msg, msg
from games.mare_nostrum import board as B
from games.mare_nostrum import victory as V
from games.mare_nostrum.data import TRACKS, board
from games.mare_nostrum.flow import Frame, decision, opt, phase, pop, push, step
from games.mare_nostrum.state import MNState


@phase("leadership")
def start_leadership(s: MNState) -> None:
    s.segment = None
    push(s, "leadership_end", new={})
    for track in reversed(TRACKS):
        push(s, "title", track=track)


@step("title")
def title(s: MNState, f: Frame) -> None:
    pop(s, f)
    track = f["track"]
    values = B.all_tracks(s)[track]
    best = max(values.values())
    tied = [r for r in s.roles if values[r] == best]
    if len(tied) == 1:
        _set(s, track, tied[0])
    else:
        push(s, "tie", role=s.titles[track], track=track, tied=tied, value=best)


def _set(s: MNState, track: str, role: str) -> None:
    for fr in s.flow:
        if fr["k"] == "leadership_end":
            fr["new"][track] = role


def _tie_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    return [opt("title", r, "choice.title", who=f"@empire.{r}", track=f"@track.{f['track']}")
            for r in f["tied"]]


def _tie_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    return msg("prompt.tie", who=f"@empire.{f['role']}", track=f"@track.{f['track']}",
               n=f["value"])


@decision("tie", _tie_choices, _tie_prompt)
def tie(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    pop(s, f)
    _set(s, f["track"], str(arg))
    s.say(msg("log.tie", who=f"@empire.{role}", to=f"@empire.{arg}", track=f"@track.{f['track']}"))


@step("leadership_end")
def leadership_end(s: MNState, f: Frame) -> None:
    pop(s, f)
    new: dict[str, str] = f["new"]
    s.prev_titles = dict(s.titles)
    if new["trade"] != s.titles.get("trade"):
        # a new Trade Leader receives all three Trade Tokens (§2.1)
        s.tokens = list(board().tokens)
        s.played_tokens = []
    s.titles = {t: new[t] for t in TRACKS}
    for t in TRACKS:
        s.say(msg("log.title", who=f"@empire.{s.titles[t]}", track=f"@track.{t}"))
    V.primacy_end_of_leadership(s)
