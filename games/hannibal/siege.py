"""Sieges and subjugation (§20): a general who ends his move (or is activated without moving)
in an area with an enemy walled city or a tribe, with at least 3 friendly CUs there, may roll on
the siege table; 3 siege points take the city (its defenders inside are destroyed) or replace the
tribe with his PC."""

from __future__ import annotations

from typing import Any

from games.core import msg
from games.hannibal import board as B
from games.hannibal import prims as P
from games.hannibal.flow import Frame, decision, opt, pop
from games.hannibal.state import CARTHAGE, HState, inside, other

POINTS_TO_WIN = 3


def target(s: HState, side: str, sid: str) -> str | None:
    """"city" for an enemy walled city, "tribe" for a tribe that is not friendly to ``side``."""
    sp = s.spaces[sid]
    if B.walled(sid) and sp.pc == other(side):
        return "city"
    if sp.tribe is not None and P.hostile_tribe(s, side, sid):
        return "tribe"
    return None


def siege_possible(s: HState, side: str, sid: str) -> bool:
    """§20.2: 3 CUs, one roll per card and target; no assaults during a Truce (subjugation
    goes on)."""
    kind = target(s, side, sid)
    if kind is None or P.cu(s, side, sid) < 3:
        return False
    if kind == "city" and s.truce:
        return False
    if P.cu(s, other(side), sid) > 0:
        return False
    a = s.activation or {}
    return sid not in a.get("sieged", [])


def siege_modifier(s: HState, side: str, sid: str, g: str | None) -> int:
    """The siege table's modifiers (§20.2): -1 for the Carthaginian (not with the siege train),
    the walled city's printed modifier (-1 Rome, Carthage, Syracuse; §20.1), Marcellus +1 when
    activated with a Campaign card (not for subjugation)."""
    mod = 0
    if side == CARTHAGE and s.siege_train != sid:
        mod -= 1
    kind = target(s, side, sid)
    if kind == "city":
        mod += B.space(sid).siege_mod
        a = s.activation or {}
        if g == "marcellus" and a.get("kind") == "campaign":
            mod += 1
    return mod


def siege_rolls(s: HState, side: str, sid: str, g: str | None) -> int:
    """Scipio Africanus activated with a Forced March card rolls twice (not for subjugation);
    so does a Treachery card used to besiege (#54)."""
    a = s.activation or {}
    if target(s, side, sid) == "city" and g == "africanus" and a.get("kind") == "forced":
        return 2
    return 2 if a.get("two_siege_rolls") else 1


def _siege_choices(s: HState, f: Frame) -> list[Any]:
    """The commander rolls, or (§20.3) a subordinate of his army names himself to lead the
    siege with his ability."""
    what = f"@siege.{target(s, f['role'], f['sid'])}"
    out = [opt("siege", "roll", "choice.siege", what=what, where=f"@space.{f['sid']}")]
    for g in f.get("subs", []):
        out.append(opt("siege", g, "choice.siege_led", what=what, where=f"@space.{f['sid']}",
                       g=f"@gen.{g}"))
    return out + [opt("siege", "no", "choice.no")]


@decision("siege_q", _siege_choices,
          lambda s, f: msg("prompt.siege", where=f"@space.{f['sid']}",
                           n=s.spaces[f["sid"]].siege if s.spaces[f["sid"]].siege_by == f["role"]
                           else 0))
def _siege_q(s: HState, f: Frame, verb: str, arg: Any) -> None:
    pop(s, f)
    if arg == "roll":
        siege_attempt(s, f["role"], f["sid"], f.get("g"))
    elif arg != "no":
        siege_attempt(s, f["role"], f["sid"], str(arg))


def siege_attempt(s: HState, side: str, sid: str, g: str | None) -> None:
    """One attempt (§20.2): the siege table per roll; points accumulate; 3 points win (§20.8)."""
    kind = target(s, side, sid)
    if kind is None:
        return
    if s.activation is not None:
        s.activation["sieged"] = s.activation["sieged"] + [sid]
        if s.activation.get("kind") == "campaign":
            # §20.3: the leader's 3 CUs (5 for a consul) are used up for this campaign
            k = 5 if g in s.consuls else 3
            s.activation.setdefault("tired", {}).setdefault(sid, []).append([k, 6])
    sp = s.spaces[sid]
    if sp.siege_by != side:
        sp.siege_by = side
        sp.siege = 0
    mod = siege_modifier(s, side, sid, g)
    for _ in range(siege_rolls(s, side, sid, g)):
        r = P.roll(s)
        pts, lost = B.siege_result(r + mod)
        P.remove_cu(s, side, sid, lost)
        sp.siege += pts
        s.say(msg("log.siege_roll", side=f"@side.{side}", where=f"@space.{sid}", roll=r, mod=mod,
                  pts=pts, lost=lost, total=sp.siege))
        if sp.siege >= POINTS_TO_WIN:
            capture(s, side, sid, kind)
            return
    P.lift_sieges(s)


def capture(s: HState, side: str, sid: str, kind: str) -> None:
    sp = s.spaces[sid]
    sp.siege = 0
    sp.siege_by = None
    enemy = other(side)
    if kind == "city":
        P.set_control(s, sid, side)
        P.remove_cu(s, enemy, inside(sid), P.cu(s, enemy, inside(sid)))
        for g in list(P.gens_at(s, enemy, inside(sid))):
            P.displace(s, g)
        s.say(msg("log.city_taken", side=f"@side.{side}", where=f"@space.{sid}"))
        from games.hannibal.turn import check_capitals
        check_capitals(s)
    else:
        sp.tribe = None
        P.set_control(s, sid, side)
        s.say(msg("log.tribe_subjugated", side=f"@side.{side}", where=f"@space.{sid}"))
