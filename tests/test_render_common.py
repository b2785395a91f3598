"""renderers.common: the drawing helpers every title's pictures share."""

from __future__ import annotations

from renderers.common import clip_half_plane, engine_texts


def test_clip_half_plane_keeps_the_side_where_ax_plus_by_is_at_most_c() -> None:
    square = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]
    assert clip_half_plane(square, 1, 0, 1) == [(0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (0.0, 2.0)]
    assert clip_half_plane(square, 0, 1, 5) == square             # wholly inside
    assert clip_half_plane(square, 1, 1, -1) == []                # wholly outside


def test_engine_texts_is_the_titles_catalogue_or_none_without_the_engine() -> None:
    from games.hannibal.texts import TEXTS
    assert engine_texts("games.hannibal.texts") is TEXTS
    assert engine_texts("games.no_such_title.texts") is None
