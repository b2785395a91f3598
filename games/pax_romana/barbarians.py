"""Barbarians (§13): Tribe counters placed blind (setup.py) whose strength stays hidden until an
army attacks them (§13.1.2), then Tribal Warriors that never move, withdraw or retreat
(§13.1.3-13.1.4) and stay until beaten (§13.1.7); invasion armies (§13.4, events.py) that move
with a Power's Major Move (movement.py) and pass through tribes without attacking (§13.4.2).
Nobody plays the barbarians in battle: their decisions follow fixed rules (§13.2.4, battle.py)."""

from __future__ import annotations

from games.core import msg
from games.pax_romana.state import PRState


def reveal_tribe(s: PRState, space: str) -> int:
    """§13.1.2: the attacked counter is flipped: its warriors become TW units of the
    barbarians and the counter is set aside for good."""
    n = s.tribes.pop(space)
    s.add(space, "barbarian", "TW", n)
    s.say(msg("log.tribe_revealed", space=f"@space.{space}", n=n))
    return n


def tribe_strength_known(s: PRState, space: str) -> int | None:
    """What anybody may know of a tribe: its warriors once revealed, else nothing."""
    if space in s.tribes:
        return None
    return s.stack(space, "barbarian").get("TW")
