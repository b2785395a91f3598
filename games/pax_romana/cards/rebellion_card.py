"""The Rebellion card (kind 29, Play When Drawn, §17.2): 2d6 on the Rebellion Table and the
region's rules (§13.3, games/pax_romana/rebellions.py)."""

from __future__ import annotations

from typing import Any

from games.pax_romana import rebellions
from games.pax_romana.cards.registry import DRAWN, card
from games.pax_romana.state import PRState

REBELLION = 29


@card(REBELLION, DRAWN)
def rebellion(s: PRState, power: str, ctx: dict[str, Any]) -> None:
    rebellions.play(s, power)
