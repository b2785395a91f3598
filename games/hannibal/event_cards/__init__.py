"""The strategy-card events beyond the core flow (§25), registered into ``games.hannibal.events.
EVENTS`` on import: cards #1-#32 in ``part_a``, #33-#64 in ``part_b``."""

from games.hannibal.event_cards import part_a, part_b  # noqa: F401
