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
    except (LookupError, NotImplementedError, ImportError):
        return None  # no renderer for this title
    except Exception:
        log.exception("%s failed for %s; posting text only", name, view.title)
        return None
    return picture if isinstance(picture, bytes | bytearray) and picture else None


async def board_png(view: View, lang: str) -> bytes | None:
    return await _draw("render_board", view, lang)


async def hand_png(view: View, lang: str) -> bytes | None:
    if not view.private:
        return None
    return await _draw("render_hand", view, lang)
