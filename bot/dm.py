"""Direct messages to players (their hidden hands).

A player whose DMs are closed gets no error in their face: the send reports ``CLOSED`` and the
caller tells them once in the channel to use ``/hand``.
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

log = logging.getLogger(__name__)

CANNOT_MESSAGE_USER = 50007  # Discord's error code for a user who accepts no DMs from the bot
# discord.py waits out a rate limit (429) and retries a 5xx by itself, five tries in all; a
# message that still failed is tried this many times more, after a pause, before it is lost.
EXTRA_ATTEMPTS = 3
MAX_PAUSE = 30.0

T = TypeVar("T")


def _pause(exc: discord.HTTPException) -> float | None:
    """How long to wait before trying a failed send again (None: do not try again)."""
    if exc.status != 429 and exc.status < 500:
        return None
    headers = getattr(exc.response, "headers", None) or {}
    try:
        pause = float(headers.get("Retry-After") or 1.0)
    except (TypeError, ValueError):
        pause = 1.0
    return min(max(pause, 0.1), MAX_PAUSE)


async def patiently(send: Callable[[], Awaitable[T]]) -> T:
    """``send()`` (a coroutine function that makes a fresh request each call), tried again
    while Discord answers "too many requests" or a server error."""
    for attempt in range(EXTRA_ATTEMPTS + 1):
        try:
            return await send()
        except discord.HTTPException as exc:
            pause = _pause(exc)
            if pause is None or attempt == EXTRA_ATTEMPTS:
                raise
            log.warning("a send failed (%s %s); trying again in %.1f s", exc.status, exc.code,
                        pause)
            await asyncio.sleep(pause)
    raise AssertionError("unreachable")


class Delivery(enum.Enum):
    SENT = "sent"
    CLOSED = "closed"
    FAILED = "failed"


async def send_dm(client: discord.Client, user_id: int,
                  make: Callable[[], dict[str, Any]]) -> Delivery:
    """Send a message to a user by DM; ``make()`` gives the keyword arguments of ``send`` (a
    fresh set for each try: a sent file is closed)."""
    delivery, _message = await dm_message(client, user_id, make)
    return delivery


async def dm_message(client: discord.Client, user_id: int,
                     make: Callable[[], dict[str, Any]]) -> tuple[Delivery, Any]:
    """``send_dm``, also giving the message sent (None unless it was sent)."""
    try:
        user = client.get_user(user_id)
        if user is not None:
            target: Any = user
        else:
            # No need to fetch the user (the bot keeps no member list): the DM channel is
            # opened by id, once, and kept by discord.py.
            target = await client.create_dm(discord.Object(id=user_id))
        message = await patiently(lambda: target.send(**make()))
    except discord.Forbidden as exc:
        if exc.code != CANNOT_MESSAGE_USER:
            log.warning("DM to user %s refused (code %s)", user_id, exc.code)
        return Delivery.CLOSED, None
    except discord.HTTPException as exc:
        log.warning("DM to user %s failed: %s %s", user_id, exc.status, exc.code)
        return Delivery.FAILED, None
    return Delivery.SENT, message
