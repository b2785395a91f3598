"""games.core.text: whether a catalogue has a text, in a language or in its English fallback."""

from __future__ import annotations

from games.core import has_text


def test_has_text_in_the_language_or_in_english() -> None:
    catalog = {"en": {"a": "A", "b": "B"}, "ru": {"a": "А", "c": "В"}}
    assert has_text("b", catalog, "ru")              # the English fallback
    assert has_text("c", catalog, "ru")
    assert not has_text("c", catalog)                # English only by default
    assert has_text("a", catalog) and not has_text("d", catalog, "ru")
    assert not has_text("a", {"ru": {"a": "А"}}, "de")
