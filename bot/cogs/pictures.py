"""Pictures of a View, when the title has a renderer.

The renderers are optional: a title without one (or a renderer that fails) gets text only. Drawing
runs in a worker thread so the event loop keeps answering interactions.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Callable
from typing import Any

from games.core import View

log = logging.getLogger(__name__)


def _renderer(name: str) -> Callable[[View, str], bytes] | None:
    try:
        module: Any = importlib.import_module("renderers")
    except ImportError:
        return None
    return getattr(module, name, None)


async def _draw(name: str, view: View, lang: str) -> bytes | None:
    draw = _renderer(name)
    if draw is None:
        return None
    try:
        picture = await asyncio.to_thread(draw, view, lang)
    except (LookupError, ImportError):
        return None  # no renderer for this title
    except Exception:
        log.exception("%s failed for %s; posting text only", name, view.title)
        return None
    return picture if isinstance(picture, bytes | bytearray) and picture else None


async def board_png(view: View, lang: str) -> bytes | None:
    return await _draw("render_board", view, lang)


async def region_png(view: View, region: str, lang: str) -> bytes | None:
    """A zoomed picture of one region of the title's map (None: the title draws none)."""
    try:
        from renderers import render_region
    except ImportError:
        return None
    try:
        return await asyncio.to_thread(render_region, view, region, lang)
    except LookupError:
        return None


def regions_of(title: str) -> list[tuple[str, str]]:
    """The regions (id, name) a title's map can be zoomed on; empty if none."""
    try:
        from renderers import regions_for
        return regions_for(title)
    except (ImportError, LookupError):
        return []


async def prepare_pictures() -> None:
    """Draw the titles' static backgrounds ahead of time, in a worker thread, so the first
    picture of a game does not wait for them."""
    import importlib

    for name in ("renderers.pax_romana",):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        prepare = getattr(module, "prepare", None)
        if prepare is None:
            continue
        for lang in ("en", "ru"):
            try:
                await asyncio.to_thread(prepare, lang)
            except Exception:
                log.exception("preparing the pictures of %s failed", name)


async def hand_png(view: View, lang: str) -> bytes | None:
    if not view.private:
        return None
    return await _draw("render_hand", view, lang)
