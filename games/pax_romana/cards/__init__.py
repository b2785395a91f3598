"""The Advanced Game's event cards (§17): ``registry`` says what each kind does and when it may
be played; the modules imported here register the kinds."""

from games.pax_romana.cards import (
    alliance_cards,  # noqa: F401
    answers,  # noqa: F401
    card_deals,  # noqa: F401
    deck,  # noqa: F401
    drawn,  # noqa: F401
    held,  # noqa: F401
    hooks,  # noqa: F401 - a Helepolis whose army is gone leaves the board at once
    rebellion_card,  # noqa: F401
    registry,  # noqa: F401
    segment,  # noqa: F401
    successor,  # noqa: F401
    windows,  # noqa: F401
)
