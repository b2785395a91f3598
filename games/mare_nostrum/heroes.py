"""Heroes and Wonders (§3.1.3, §7, §10, §11; spec B.3.5, B.7): who has which ability, their
leadership influence, the rising cost of the next card and the Heroes & Wonders board.

The abilities themselves are carried out where the rulebook applies them (collection.py, trade.py,
building.py, movement.py, battle.py); this module answers "does this empire have that ability?",
including through Castor & Pollux, who copy one enemy Hero's ability but not its influence.
"""

from __future__ import annotations

from games.mare_nostrum.data import TRACKS, card_costs, cards, face_up_count
from games.mare_nostrum.state import MNState

CASTOR = "castor_pollux"
PERSEUS = "perseus"
PYRAMIDS = "pyramids"


def has(s: MNState, role: str, card: str) -> bool:
    """The empire has the card's ability: it owns the card, or Castor & Pollux copy it (§10)."""
    pl = s.players[role]
    if card in pl.cards:
        return True
    return pl.castor == card and CASTOR in pl.cards and card in _owned_by_others(s, role)


def _owned_by_others(s: MNState, role: str) -> set[str]:
    return {c for r, p in s.players.items() if r != role for c in p.cards}


def owner(s: MNState, card: str) -> str | None:
    for r in s.roles:
        if card in s.players[r].cards:
            return r
    return None


def influence(s: MNState, role: str, track: str) -> int:
    """Leadership influence of the cards the empire owns (§5, §7); copies give none (§10)."""
    return influences(s, role)[track]


_INFLUENCES: dict[tuple[str, ...], dict[str, int]] = {}


def influences(s: MNState, role: str) -> dict[str, int]:
    """The influence on each track at once (a new dict: the caller may add to it)."""
    owned = tuple(s.players[role].cards)
    got = _INFLUENCES.get(owned)
    if got is None:
        all_cards = cards()
        got = _INFLUENCES[owned] = {t: sum(all_cards[c].influence.of(t) for c in owned)
                                    for t in TRACKS}
    return dict(got)


def card_count(s: MNState, role: str) -> int:
    """Heroes and Wonders owned, the starting Hero included, the Pyramids not (§6.2; B.3.5)."""
    return sum(1 for c in s.players[role].cards if c != PYRAMIDS)


def next_card_cost(s: MNState, role: str) -> int | None:
    """7, 8, 9 or 10 Resources for the 2nd, 3rd, 4th or 5th card (§3.1.3); None past the 5th."""
    return card_costs().get(str(card_count(s, role) + 1))


def pyramids_cost() -> int:
    return card_costs()["pyramids"]


def castor_targets(s: MNState, role: str) -> list[str]:
    """Heroes Castor & Pollux may copy: enemy-owned Heroes, not starting Heroes, not Perseus, not
    Wonders, not Castor & Pollux themselves (§10; READING C24: no target, no ability)."""
    out = []
    for r in s.roles:
        if r == role:
            continue
        for c in s.players[r].cards:
            card = cards()[c]
            if card.kind == "hero" and c not in (PERSEUS, CASTOR):
                out.append(c)
    return out


def buyable(s: MNState) -> list[str]:
    """Face-up cards on the Heroes & Wonders board, and the Pyramids while nobody has built them
    (Setup 5; READING: only face-up cards may be bought)."""
    return list(s.hw_up)


def refill(s: MNState) -> list[str]:
    """End of the Build Phase: turn face-down cards up until 5 are face up (Setup 5; C32: the next
    card of the shuffled stack)."""
    turned = []
    while len(s.hw_up) < face_up_count() and s.hw_down:
        c = s.hw_down.pop(0)
        s.hw_up.append(c)
        turned.append(c)
    return turned
