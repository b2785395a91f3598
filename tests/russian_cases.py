"""The guard shared by the titles' Russian text tests: a place after a preposition must ask for
its case (``в {space:loc}``), never stand bare in the nominative (``в {space}``)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

PREPOSITIONS = ("в", "во", "на", "из", "к", "ко", "до", "от", "у", "с", "со", "через", "под",
                "при", "по", "над", "против", "около", "возле", "мимо", "для", "перед", "за")


def bare_places(texts: Mapping[str, str], place_fields: Iterable[str]) -> list[str]:
    """Each ``key: 'preposition {field}'`` of ``texts`` whose place field has no case spec (the
    template may be split across lines)."""
    bare = re.compile(r"(?<![\w-])(" + "|".join(PREPOSITIONS) + r")\s+\{("
                      + "|".join(place_fields) + r")\}", re.IGNORECASE)
    return sorted(f"{key}: {m.group(0)!r}" for key, text in texts.items()
                  for m in bare.finditer(text))
