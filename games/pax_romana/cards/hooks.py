"""Where the rules of movement, naval transport and battle meet the cards (Advanced Game only;
each is one call from those modules and does nothing in the Standard Game)."""

from __future__ import annotations

from typing import Any

from games.pax_romana.cards import deck
from games.pax_romana.cards.windows import open_window
from games.pax_romana.control import data
from games.pax_romana.state import LCU_TYPES, PRState


def _power_of(s: PRState, owner: str) -> str | None:
    from games.pax_romana.movement import controller_of
    return controller_of(s, owner)


def army_moved(s: PRState, owner: str, went: dict[str, int], here: str, there: str) -> None:
    """Units of ``owner`` went from ``here`` to ``there`` in any way (a move by land or sea, a
    withdrawal, a retreat, a regrouping, an interception, movement.shift_army): the Helepolis
    of their Power goes along with land combat units, unless more of the army's Battle Points
    stay behind (a Minor Move out of the army leaves it there)."""
    if not deck.advanced(s) or here == there or not any(k in LCU_TYPES for k in went):
        return
    from games.pax_romana.activation import battle_points
    from games.pax_romana.cards.answers import follow_helepolis
    stayed = sum(battle_points(k) * n for k, n in s.stack(here, owner).items() if k in LCU_TYPES)
    if stayed > sum(battle_points(k) * n for k, n in went.items() if k in LCU_TYPES):
        return
    follow_helepolis(s, _power_of(s, owner), here, there)


def armies_lost(s: PRState) -> bool:
    """Armies may have been destroyed (a battle is over, a transport lost at sea, or anything
    before the flow asks its next question: ``flow.before_asking``): a Helepolis whose army is
    gone leaves the board (``answers.drop_lost_helepolis``). True if one left."""
    if deck.advanced(s) and s.card_effects.get("helepolis"):
        from games.pax_romana.cards.answers import drop_lost_helepolis
        return drop_lost_helepolis(s)
    return False


def entered(s: PRState, role: str, owner: str, there: str) -> None:
    """An army entered ``there``: a land Transit Point opens the window for Ambush."""
    if not deck.advanced(s):
        return
    if there in data().transit_points:
        open_window(s, "enter_tp", role, space=there, owner=owner,
                    mover=_power_of(s, owner) or role)


def sailed(s: PRState, f: dict[str, Any], there: str) -> None:
    """A transport entered ``there``: a port or naval transit point opens the window for Naval
    Ambush (a deep-sea point does not)."""
    from games.pax_romana.naval import point_kind
    if deck.advanced(s) and point_kind(there) in ("port", "ntp"):
        open_window(s, "naval_transport", f["role"], space=there, owner=f["owner"],
                    mover=f["role"], escorted=bool((f.get("sea") or {}).get("galleys")))


def battle_begins(s: PRState, f: dict[str, Any]) -> None:
    """A land battle is about to be resolved (the defender has chosen whether to use its City):
    the window for Tactical Surprise, open to the Powers of both sides."""
    if not deck.advanced(s):
        return
    sides = [p for p in (_power_of(s, f["att"]), _power_of(s, f["dfd"])) if p is not None]
    open_window(s, "land_battle", f.get("att_role"), space=f["space"], attacker=f["att"],
                defender=f["dfd"], city=bool(f.get("city")), sides=sides)


def battle_shifts(s: PRState, f: dict[str, Any], out: dict[str, int]) -> None:
    """The cards' shifts of a land battle (see ``answers.card_shifts``)."""
    if deck.advanced(s):
        from games.pax_romana.cards.answers import card_shifts
        card_shifts(s, f, out)


def unlimited_withdrawal(s: PRState, power: str | None) -> bool:
    """Cunctator: ``power`` may withdraw before battle again, and loses no Stability for it."""
    if not deck.advanced(s) or power is None:
        return False
    return power in s.card_effects.get("cunctator", [])
