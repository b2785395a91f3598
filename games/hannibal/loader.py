"""Builds the engine's Board (games.hannibal.board) from the game data (games.hannibal.data):
the same facts, flattened into frozen records and plain dicts the rules read many times a move.
"""

from __future__ import annotations

from games.hannibal import data as D
from games.hannibal.board import Board, Card, General, Province, Space


def load_board() -> Board:
    m = D.hmap()
    setup = D.setup()
    b = Board()
    start: dict[str, str] = {}
    for side, spaces in setup.control.items():
        for sid in spaces:
            start[sid] = side
    for sid in m.space_ids_in_order:
        sp = m.spaces[sid]
        tribe = None
        if sp.tribe is not None:
            tribe = sp.tribe.friendly_to or "neutral"
        port = m.ports.get(sid)
        wc = sp.walled_city
        b.spaces[sid] = Space(
            id=sid, name=sp.name, province=sp.province, kind=sp.kind, x=sp.x, y=sp.y,
            start=None if tribe else start.get(sid), tribe=tribe, port=port is not None,
            port_mod=port.modifier if port else 0, capacity=wc.capacity if wc else 0,
            siege_mod=wc.siege_modifier if wc else 0)
    for pid, p in m.provinces.items():
        b.provinces[pid] = Province(
            id=pid, name=p.name, region=p.region, ally_group=m.ally_group(pid), allies=p.allies,
            need=p.control_threshold if p.political else 0, spaces=tuple(p.spaces))
        b.province_threshold[pid] = p.control_threshold
    for ln in m.links:
        b.links.append((ln.a, ln.b, ln.kind))
        b.adj.setdefault(ln.a, []).append((ln.b, ln.kind))
        b.adj.setdefault(ln.b, []).append((ln.a, ln.kind))
    for gid, g in D.generals().items():
        b.generals[gid] = General(key=gid, name=g.name, side=g.side, strategy=g.strategy,
                                  battle=g.battle)
    for no, c in D.strategy_cards().items():
        b.cards[no] = Card(no=no, key=c.key, name=c.name, ops=c.ops, playable_by=c.playable_by,
                           response=c.response, ship=c.ship, unique=c.unique,
                           campaign=c.campaign_generals, truce_class=c.truce_class)
    b.battle_deck = dict(D.battle_deck().composition())
    t = D.tables()
    b.turns = [(x.years, x.strategy_cards) for x in t.turns]
    b.setup = setup
    return b
