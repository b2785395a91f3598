"""Battles by land and sea (§4.2, §10 battle Heroes, §9 Q&A 4; spec B.4.4, B.4.6, B.4.7).

One roll decides a battle: each side rolls its dice at once, sums them, adds its modifiers and
deals ⌊total / 5⌋ hits; a Fortress adds 5 to its owner's total and takes one hit off the enemy's
result. Hits are dealt at the same time and each owner chooses which of his Units he loses.

Land modifiers come from cards.json (``effect`` of each card): Caesar's and Pericles' per-die
bonus, Ramses II's extra die, Nebuchadnezzar's +5 in his own Province. None apply at sea (C16).
"""

from __future__ import annotations

from typing import Any

from games.core import Choice, Msg, msg
from games.mare_nostrum import board as B
from games.mare_nostrum import heroes as H
from games.mare_nostrum.data import cards, dice_faces
from games.mare_nostrum.flow import Frame, decision, opt, pop, push, step
from games.mare_nostrum.state import MNState

HIT = 5              # one hit per 5 points (§4.2)
FORTRESS_BONUS = 5   # a Fortress adds 5 and cancels one enemy hit (§4.2)


def _effects(s: MNState, side: str, kind: str) -> list[dict[str, Any]]:
    out = []
    for cid, card in cards().items():
        eff = card.effect or {}
        if eff.get("type") == kind and eff.get("dice", "land") == "land" and H.has(s, side, cid):
            out.append(eff)
    return out


def land_side(s: MNState, pid: str, side: str) -> dict[str, Any]:
    """Roll one side of a land battle: its dice, bonuses and total (spec B.4.7 pseudocode)."""
    pv = s.provinces[pid]
    active = s.segment == side
    legions = B.legions(pv, side)
    extra = sum(int(e.get("count", 1)) for e in _effects(s, side, "extra_die"))   # Ramses II
    per_die = 0
    for e in _effects(s, side, "die_bonus"):                                      # Caesar, Pericles
        if (e.get("when") == "active") == active:
            per_die += int(e.get("per_die", 0))
    faces_list = dice_faces("land", s.options.get("dice", "reconstructed"))
    faces = [int(s.rng.roll(faces_list)) for _ in range(legions + extra)]
    bonus_dice = legions + extra if s.options.get("ramses_bonus", True) else legions
    total = sum(faces) + per_die * bonus_dice
    fortress = pv.fortress == side
    if fortress:
        total += FORTRESS_BONUS
    for e in _effects(s, side, "total_bonus"):                                    # Nebuchadnezzar
        if e.get("when") == "own_province" and pv.controller == side:
            total += int(e.get("bonus", 0))
    return {"side": side, "dice": faces, "per_die": per_die, "fortress": fortress,
            "total": total, "hits": total // HIT}


def sea_side(s: MNState, sid: str, side: str) -> dict[str, Any]:
    faces_list = dice_faces("sea", s.options.get("dice", "reconstructed"))
    faces = [int(s.rng.roll(faces_list)) for _ in range(B.triremes(s, sid, side))]
    total = sum(faces)
    return {"side": side, "dice": faces, "per_die": 0, "fortress": False, "total": total,
            "hits": total // HIT}


def _log_side(s: MNState, r: dict[str, Any]) -> None:
    s.say(msg("log.roll", who=f"@empire.{r['side']}", dice=" ".join(map(str, r["dice"])) or "-",
              total=r["total"], hits=r["hits"]))


def land_battle(s: MNState, pid: str, attacker: str, defender: str) -> None:
    pv = s.provinces[pid]
    s.fought.append(pid)
    s.say(msg("log.land_battle", who=f"@empire.{attacker}", vs=f"@empire.{defender}",
              prov=f"@prov.{pid}"))
    a = land_side(s, pid, attacker)
    d = land_side(s, pid, defender)
    if pv.fortress == defender:
        a["hits"] = max(0, a["hits"] - 1)
    if pv.fortress == attacker:
        d["hits"] = max(0, d["hits"] - 1)
    _log_side(s, a)
    _log_side(s, d)
    s.last_battle = {"kind": "land", "area": pid, "attacker": attacker, "defender": defender,
                     "rolls": {attacker: a, defender: d}, "losses": {attacker: 0, defender: 0}}
    push(s, "battle_done", area=pid)
    # hits are dealt at the same time (READING B.4.7); the attacker answers first
    land_losses(s, pid, defender, a["hits"])
    land_losses(s, pid, attacker, d["hits"])


def land_losses(s: MNState, pid: str, side: str, hits: int) -> None:
    pv = s.provinces[pid]
    legions = B.legions(pv, side)
    fortress = pv.fortress == side
    units = legions + int(fortress)
    if hits <= 0 or units == 0:
        return
    if hits >= units:
        lose(s, pid, side, legions, fortress)
    elif fortress and legions > 0:
        push(s, "casualty", role=side, area=pid, hits=hits)
    else:
        lose(s, pid, side, hits, False)


def lose(s: MNState, pid: str, side: str, legions: int, fortress: bool) -> None:
    pv = s.edit(pid)
    if legions:
        B.add_legions(pv, side, -legions)
        B.release_holdings(pv, side)
    if fortress:
        pv.fortress = None
    if s.last_battle is not None:
        s.last_battle["losses"][side] = s.last_battle["losses"].get(side, 0) + legions \
            + int(fortress)
    s.say(msg("log.losses", who=f"@empire.{side}", n=legions,
              fortress="@fortress_lost" if fortress else "@nothing"))


def _casualty_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    pv = s.provinces[f["area"]]
    hits = f["hits"]
    out = []
    if B.legions(pv, role) >= hits:
        out.append(opt("lose", "legions", "choice.lose_legions", n=hits))
    out.append(opt("lose", "fortress", "choice.lose_fortress", n=hits - 1))
    return out


def _casualty_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    return msg("prompt.casualty", who=f"@empire.{f['role']}", n=f["hits"],
               prov=f"@prov.{f['area']}")


@decision("casualty", _casualty_choices, _casualty_prompt)
def casualty(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    pop(s, f)
    if arg == "fortress":
        lose(s, f["area"], role, f["hits"] - 1, True)
    else:
        lose(s, f["area"], role, f["hits"], False)


def sea_battle(s: MNState, sid: str, attacker: str, defender: str) -> None:
    s.fought.append(sid)
    s.say(msg("log.sea_battle", who=f"@empire.{attacker}", vs=f"@empire.{defender}",
              sea=f"@sea.{sid}"))
    a = sea_side(s, sid, attacker)
    d = sea_side(s, sid, defender)
    _log_side(s, a)
    _log_side(s, d)
    s.last_battle = {"kind": "sea", "area": sid, "attacker": attacker, "defender": defender,
                     "rolls": {attacker: a, defender: d}, "losses": {}}
    for side, hits in ((defender, a["hits"]), (attacker, d["hits"])):
        n = min(hits, B.triremes(s, sid, side))
        if n:
            s.seas[sid][side] -= n
            if s.seas[sid][side] == 0:
                del s.seas[sid][side]
        s.last_battle["losses"][side] = n
        s.say(msg("log.ships_lost", who=f"@empire.{side}", n=n))


@step("battle_done")
def battle_done(s: MNState, f: Frame) -> None:
    """After a land battle: a Province still at war holds no occupations (§4.2.1, §4.3)."""
    pop(s, f)
    pv = s.edit(f["area"])
    B.clear_war_holdings(pv)
    B.tidy(pv)
