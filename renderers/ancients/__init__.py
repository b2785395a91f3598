"""Pictures of an Ancients View: the battlefield and a player's command cards.

Everything drawn comes from the View: ``view.board`` (the public board, filled by the engine)
and, for the hand, ``view.private["hand"]``. The board dict:

``scenario`` {id, name, year}; ``sides`` {north|south: {army, blocks ("grey"|"brown"), banners,
banners_to_win, hand_size, command}}; ``turn``; ``to_move``; ``terrain`` [{hex, c, r, type,
fordable, front}]; ``units`` [{id, hex, c, r, side, type, blocks, max_blocks, weight, symbol,
special, ordered, moved, battled}]; ``leaders`` [{id, hex, c, r, side, name, attached, ordered}];
``card_played`` {side, key, name} or None; ``deck_size``; ``discard_size``; ``last_moves``
[{side, path}]; ``last_combat`` {kind, attacker, defender, dice, hits} or None; ``highlight``
[hex names]. A hand item: {key, name, kind, text} (optionally ``sections``).
"""

from renderers.ancients.board import board_image, canvas_size, render_board
from renderers.ancients.hand import hand_image, hand_size, render_hand

__all__ = ["board_image", "canvas_size", "hand_image", "hand_size", "render_board", "render_hand"]
