"""Pictures of a Hannibal: Rome vs Carthage View: the map of the western Mediterranean with the
turn track, both sides' counts and a magnified inset, and a player's strategy (and battle) cards.

Everything drawn comes from the View: ``view.board`` (the public board; its shape is documented
in ``games/hannibal/rules.py``) and, for the hand, ``view.private`` (``hand``: strategy card
keys, ``hand_numbers``: their numbers, ``battle_hand``: battle cards during a battle). Static
facts (names in Russian, card texts) come from the game data when it loads.

``python -m renderers.hannibal.sample`` writes the sample picture ``docs/hannibal-board.png``
from a seeded game.
"""

from renderers.hannibal.board import board_image, canvas_size, render_board
from renderers.hannibal.hand import hand_image, hand_size, render_hand

__all__ = ["board_image", "canvas_size", "hand_image", "hand_size", "render_board", "render_hand"]
