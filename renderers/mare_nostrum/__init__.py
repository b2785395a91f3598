"""Pictures of a Mare Nostrum View: the map of the Mediterranean with its panels, and a player's
Resources.

Everything drawn comes from the View: ``view.board`` (the public board; its shape is documented
in ``games/mare_nostrum/rules.py``) and, for the hand, ``view.private`` (``hand`` {kind: n},
``rare`` [good], ``resources`` and, while the trade offers are secret, the player's own
``offer``).
"""

from renderers.mare_nostrum.board import board_image, canvas_size, render_board
from renderers.mare_nostrum.hand import hand_image, hand_size, render_hand

__all__ = ["board_image", "canvas_size", "hand_image", "hand_size", "render_board", "render_hand"]
