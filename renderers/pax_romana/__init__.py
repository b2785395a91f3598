"""Pictures of a Pax Romana View: the map of the Mediterranean world with the Powers' table, the
AM track and a zoomed view of the last action; a zoomed picture of any territory or province;
and a Power's private state (leaders drawn, plans being built).

Everything drawn comes from the View: ``view.board`` (the public board; its shape is defined in
``renderers/pax_romana/board.py``) and, for the hand, ``view.private`` (defined in
``renderers/pax_romana/hand.py``). The static map (names, positions, links, flags) comes from the
map data (``games.pax_romana.data``).

``render_board(view, lang, region=id)`` draws one territory or province zoomed (``regions()``
lists them; an unknown id raises ``UnknownRegion``); ``renderers.render_region`` dispatches it.

The static map is drawn once per process and language (a few seconds); ``prepare(lang)`` does
it ahead of the first picture.

``python -m renderers.pax_romana.sample`` writes the sample picture ``docs/pax_romana_board.png``.
"""

from renderers.pax_romana.board import (
    UnknownRegion,
    board_image,
    canvas_size,
    prepare,
    region_image,
    regions,
    render_board,
)
from renderers.pax_romana.hand import hand_image, render_hand

__all__ = ["UnknownRegion", "board_image", "canvas_size", "hand_image", "prepare", "region_image",
           "regions", "render_board", "render_hand"]
