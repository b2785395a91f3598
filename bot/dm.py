"""Direct messages to players (their hidden hands).

A player whose DMs are closed gets no error in their face: the send reports ``CLOSED`` and the
caller tells them once in the channel to use ``/hand``.
"""

from __future__ import annotations

import enum
import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

CANNOT_MESSAGE_USER = 50007  # Discord's error code for a user who accepts no DMs from the bot


class Delivery(enum.Enum):
    SENT = "sent"
    CLOSED = "closed"
    FAILED = "failed"


async def send_dm(client: discord.Client, user_id: int, **message: Any) -> Delivery:
    """Send ``message`` (the keyword arguments of ``send``) to a user by DM."""
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await user.send(**message)
    except discord.Forbidden as exc:
        if exc.code == CANNOT_MESSAGE_USER:
            return Delivery.CLOSED
        log.warning("DM to user %s refused (code %s)", user_id, exc.code)
        return Delivery.CLOSED
    except discord.HTTPException as exc:
        log.warning("DM to user %s failed: %s %s", user_id, exc.status, exc.code)
        return Delivery.FAILED
    return Delivery.SENT
