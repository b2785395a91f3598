"""Pictures of a View, one module per title: ``renderers.<title>`` provides
``render_board(view, lang)``, ``render_hand(view, lang)`` and ``canvas_size(view)``; a title
whose map is too large for one picture (Pax Romana) also offers ``regions()`` and
``render_board(view, lang, region=...)``, a zoomed picture of one region.

A renderer takes a ``games.core.View`` and nothing else, so a picture can only show what that
View's role may see. Title modules are imported on first use.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from games.core import View


class RendererMissing(LookupError):
    """No picture module for this title."""


def renderer_for(title: str) -> ModuleType:
    """The title's renderer module (``renderers.<title>``)."""
    if not title.isidentifier():
        raise RendererMissing(f"no renderer for title {title!r}")
    try:
        return import_module(f"{__name__}.{title}")
    except ModuleNotFoundError as exc:
        if exc.name in (f"{__name__}.{title}", __name__):
            raise RendererMissing(
                f"no renderer for title {title!r}: renderers/{title}/ does not exist") from None
        raise


def _call(view: View, function: str, *args: object) -> Any:
    module = renderer_for(view.title)
    fn = getattr(module, function, None)
    if fn is None:
        raise RendererMissing(f"the {view.title!r} renderer has no {function}()")
    return fn(view, *args)


def render_board(view: View, lang: str = "en") -> bytes:
    """The board picture of ``view`` as PNG bytes, with text in ``lang``."""
    return _call(view, "render_board", lang)


def render_hand(view: View, lang: str = "en") -> bytes:
    """The picture of the viewing role's own hidden items (its hand) as PNG bytes."""
    return _call(view, "render_hand", lang)


def render_region(view: View, region: str, lang: str = "en") -> bytes:
    """A zoomed picture of one region (a territory or province id) of ``view``'s map."""
    module = renderer_for(view.title)
    if getattr(module, "regions", None) is None:
        raise RendererMissing(f"the {view.title!r} renderer draws no regions")
    return module.render_board(view, lang, region=region)


def regions_for(title: str) -> list[tuple[str, str]]:
    """The regions (id, name) a title's region pictures can show; empty if it has none."""
    regions = getattr(renderer_for(title), "regions", None)
    return list(regions()) if regions is not None else []


def canvas_size(view: View) -> tuple[int, int]:
    """The size in pixels of ``view``'s board picture."""
    return _call(view, "canvas_size")


__all__ = ["RendererMissing", "canvas_size", "regions_for", "render_board", "render_hand",
           "render_region", "renderer_for"]
