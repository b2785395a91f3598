"""Phase 1, Collection of Resources (§1.1, §1.2, sidebar after §1.2; spec B.1).

Everyone collects at once. What the map pays is carried out automatically; the choices (the Coin
or Rare Good of a Legendary City with its Temple, the Colossus of Rhodes' Resource) are asked of
all concerned players at the same time. Supplies are limited (§9): when a supply runs short,
players collect in Trade-track order (READING C31).
"""

from __future__ import annotations

from typing import Any

from games.core import Choice, Msg, msg
from games.mare_nostrum import board as B
from games.mare_nostrum import heroes as H
from games.mare_nostrum.data import board
from games.mare_nostrum.flow import Frame, decision, opt, phase, pop, push
from games.mare_nostrum.state import COIN, MNState

COLOSSUS = "colossus"
ARTEMIS = "temple_of_artemis"
CIRCE = "circe"


def income(s: MNState) -> dict[str, dict[str, Any]]:
    """What each player's Buildings (and Circe's Legions) pay this Collection Phase (§1.1).

    Returns per role: ``coins``, ``goods`` (kind -> n), ``rare`` (Rare Goods to draw) and
    ``choices`` (Legendary Cities whose Temple gives +1 Coin or +1 Rare Good)."""
    out: dict[str, dict[str, Any]] = {r: {"coins": 0, "goods": {}, "rare": 0, "choices": []}
                                      for r in s.roles}
    circe_doubled = s.options.get("circe_market", True)
    for pid, pv in s.provinces.items():
        slots = board().provinces[pid].slots
        temple = B.building_owner(s, pid, "temple") if pv.temple else None
        market = B.building_owner(s, pid, "market") if pv.market else None
        for i, slot in enumerate(slots.cities):
            if not pv.cities[i]:
                continue
            who = B.building_owner(s, pid, f"city:{i}")
            if who is None or who not in out:
                continue
            if slot.type == "legendary":
                # a Legendary City: 1 Coin and 1 Rare Good; with its Temple +1 of either (C8)
                out[who]["coins"] += 1
                out[who]["rare"] += 1
                if temple == who:
                    out[who]["choices"].append(pid)
            else:
                # a City or Capital: 1 Coin, doubled by a Temple of the same player (§1.1)
                out[who]["coins"] += 2 if temple == who else 1
        for i, slot in enumerate(slots.caravans):
            who = B.building_owner(s, pid, f"caravan:{i}") if pv.caravans[i] else None
            doubled = market == who
            if who is None:
                # Circe: a Legion on an empty Caravan slot collects its Good (§10; C13)
                who = pv.circe.get(f"caravan:{i}") if not pv.caravans[i] else None
                if who is None or not H.has(s, who, CIRCE) or B.enemy_units(pv, who):
                    continue
                doubled = circe_doubled and market == who
            if who not in out:
                continue
            goods = out[who]["goods"]
            goods[slot.good] = goods.get(slot.good, 0) + (2 if doubled else 1)
    for r in s.roles:
        if H.has(s, r, ARTEMIS):
            out[r]["coins"] += 1        # Temple of Artemis (§11)
    return out


def collection_order(s: MNState) -> list[str]:
    """Trade-track order, the Trade Leader first among equals (READING C31)."""
    trade = B.all_tracks(s)["trade"]
    leader = s.titles.get("trade")
    return sorted(s.roles, key=lambda r: (-trade[r], r != leader, s.roles.index(r)))


@phase("collection")
def start_collection(s: MNState) -> None:
    s.say(msg("log.turn", n=s.turn))
    for r in s.roles:
        pl = s.players[r]
        pl.bases = B.controlled(s, r)     # provinces controlled at the start of the turn (C35)
        pl.used = []
        pl.shown = []
    s.peace = []
    s.last_battle = None
    if s.turn == 1:
        # turn 1: the Resources shown on the Empire Screens are this collection (Setup 3; C27)
        s.say(msg("log.screen_resources"))
        return
    pay = income(s)
    pending: dict[str, list[str]] = {}
    for r in collection_order(s):
        got = pay[r]
        coins = B.from_supply(s, r, COIN, got["coins"])
        goods: list[str] = []
        for kind in sorted(got["goods"]):
            n = B.from_supply(s, r, kind, got["goods"][kind])
            goods += [kind] * n
        rare = [k for _ in range(got["rare"]) if (k := B.draw_rare(s, r)) is not None]
        total = coins + len(goods) + len(rare)
        s.say(msg("log.collect", who=f"@empire.{r}", n=total))
        for kind, n in counted([COIN] * coins + goods + [k + "*" for k in rare]):
            s.say(msg("log.gain_you", n=n, res=f"@res.{kind}"), to=r)
        todo = [f"legend:{pid}" for pid in got["choices"]]
        if H.has(s, r, COLOSSUS):
            todo.append("colossus")
        if todo:
            pending[r] = todo
    if pending:
        push(s, "collect_choice", pending=pending)


def counted(tokens: list[str]) -> list[tuple[str, int]]:
    out: dict[str, int] = {}
    for t in tokens:
        out[t] = out.get(t, 0) + 1
    return list(out.items())


def _pending_roles(s: MNState, f: Frame) -> list[str]:
    return [r for r in s.roles if f["pending"].get(r)]


def _collect_choices(s: MNState, f: Frame, role: str) -> list[Choice]:
    todo = f["pending"].get(role) or []
    if not todo:
        return []
    item = todo[0]
    if item.startswith("legend:"):
        pid = item.split(":", 1)[1]
        return [opt("legend", "coin", "choice.legend_coin", prov=f"@prov.{pid}"),
                opt("legend", "rare", "choice.legend_rare", prov=f"@prov.{pid}")]
    # Colossus of Rhodes: one extra ordinary Resource of your choice, shown (§11; C7)
    kinds = list(board().goods)
    if s.options.get("colossus_coin", False):
        kinds = [COIN, *kinds]
    out = [opt("colossus", k, "choice.colossus", good=f"@good.{k}") for k in kinds
           if s.supply.get(k, 0) > 0]
    if not out:
        return [opt("colossus", "none", "choice.colossus_none")]
    return out + [opt("colossus", "none", "choice.colossus_skip")]     # "may take" (§11)


def _collect_prompt(s: MNState, f: Frame, role: str | None) -> Msg:
    todo = f["pending"].get(role) if role else None
    if todo:
        if todo[0].startswith("legend:"):
            return msg("prompt.legend", prov=f"@prov.{todo[0].split(':', 1)[1]}")
        return msg("prompt.colossus")
    return msg("prompt.collect_wait")


@decision("collect_choice", _collect_choices, _collect_prompt, roles=_pending_roles)
def collect_choice(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
    todo = f["pending"][role]
    item = todo.pop(0)
    if verb == "legend":
        pid = item.split(":", 1)[1]
        if arg == "coin":
            n = B.from_supply(s, role, COIN, 1)
            s.say(msg("log.legend_coin", who=f"@empire.{role}", prov=f"@prov.{pid}", n=n))
        else:
            kind = B.draw_rare(s, role)
            s.say(msg("log.legend_rare", who=f"@empire.{role}", prov=f"@prov.{pid}"))
            if kind is not None:
                s.say(msg("log.gain_you", n=1, res=f"@res.{kind}*"), to=role)
    elif verb == "colossus" and arg != "none":
        B.from_supply(s, role, str(arg), 1)
        s.say(msg("log.colossus", who=f"@empire.{role}", good=f"@good.{arg}"))
    if not any(f["pending"].values()):
        pop(s, f)
