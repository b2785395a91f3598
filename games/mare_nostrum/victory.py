"""The four ways to win (§6.0-§6.4, §10 Perseus; spec B.6), each checked at the moment the rules
check it:

- 6.1 Prestige: building the Pyramids, at once (building.py);
- 6.2 Glory: 5 Heroes/Wonders at the end of the Build Phase; ties go to the Culture Leader among
  them, else the victory is shared; with Perseus, at once;
- 6.3 Conquest: 4 Capitals and/or Legendary Cities at the end of the Movement & Battles Phase
  (C18: several at once share it, or the Military Leader among them wins: an option);
- 6.4 Primacy: all three titles at the end of the Leadership Phase.
"""

from __future__ import annotations

from games.core import Result, msg
from games.mare_nostrum import board as B
from games.mare_nostrum import heroes as H
from games.mare_nostrum.state import MNState

GREAT_CITIES_TO_WIN = 4
CARDS_TO_WIN = 5


def win(s: MNState, winners: list[str], how: str) -> None:
    ordered = [r for r in s.roles if r in winners]
    names = ", ".join(ordered)
    s.result = Result(winners=ordered, draw=False,
                      reason=f"{names} win{'s' if len(ordered) == 1 else ''} by {how}",
                      msg=msg(f"result.{how}" + ("_shared" if len(ordered) > 1 else ""),
                              who=f"@empire.{ordered[0]}",
                              all=", ".join(ordered)))
    s.mark_irreversible()
    s.say(s.result.msg)  # type: ignore[arg-type]


def prestige(s: MNState, role: str) -> None:
    """6.1: the Pyramids win at once."""
    win(s, [role], "prestige")


def glory_at_once(s: MNState, role: str) -> bool:
    """Perseus: the 5th Hero/Wonder wins at once (§10)."""
    if H.card_count(s, role) >= CARDS_TO_WIN and H.has(s, role, H.PERSEUS):
        win(s, [role], "glory")
        return True
    return False


def glory_end_of_build(s: MNState) -> None:
    """6.2 at the end of the Build Phase."""
    reached = [r for r in s.roles if r in s.glory and H.card_count(s, r) >= CARDS_TO_WIN]
    if not reached:
        return
    leader = s.titles.get("culture")
    if leader in reached:
        win(s, [leader], "glory")
    else:
        win(s, reached, "glory")


def conquest_end_of_movement(s: MNState) -> None:
    """6.3 at the end of the Movement & Battles Phase (C19: after all segments)."""
    reached = [r for r in s.roles if len(B.great_cities(s, r)) >= GREAT_CITIES_TO_WIN]
    if not reached:
        return
    leader = s.titles.get("military")
    if len(reached) > 1 and s.options.get("conquest_tie", "shared") == "military_leader" \
            and leader in reached:
        reached = [leader]
    win(s, reached, "conquest")


def primacy_end_of_leadership(s: MNState) -> None:
    """6.4 at the end of the Leadership Phase."""
    holders = set(s.titles.values())
    if len(holders) == 1:
        win(s, [holders.pop()], "primacy")
