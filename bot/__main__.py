"""``python -m bot``: run the Discord bot. ``python -m bot console ...``: play in a terminal.
``python -m bot replay FILE``: replay a game record from ``/game export``."""

from __future__ import annotations

import asyncio
import logging
import sys

MISSING_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot log in to Discord.

To get a token: open the Discord Developer Portal (https://discord.com/developers/applications),
choose New Application, then Bot, then Reset Token, and copy the token into the environment
variable DISCORD_TOKEN (or a .env file next to where you start the bot).

To invite the bot to your server: in the portal open OAuth2 -> URL Generator, tick the scopes
bot and applications.commands, and the permissions Send Messages, Embed Links, Attach Files and
Use Application Commands; open the generated URL and pick your server.

To try the games without Discord, run: python -m bot console
"""


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "console":
        from bot.console import main as console_main

        return int(console_main(args[1:]) or 0)
    if args and args[0] == "replay":
        from bot.export import replay_main

        return int(replay_main(args[1:]) or 0)

    from bot.settings import get_settings

    settings = get_settings()
    if not settings.DISCORD_TOKEN:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    import discord

    discord.utils.setup_logging(level=getattr(logging, settings.LOG_LEVEL, logging.INFO))
    try:
        asyncio.run(_run(settings))
    except KeyboardInterrupt:
        pass
    return 0


async def _run(settings: object) -> None:
    from bot.client import guild_ids, make_bot, use_endpoints
    from bot.service import TableService
    from bot.store import Store

    use_endpoints(getattr(settings, "DISCORD_API_BASE", None),
                  getattr(settings, "DISCORD_GATEWAY_URL", None))
    store = Store(settings.DATABASE_URL)  # type: ignore[attr-defined]
    await store.init()
    language = getattr(settings, "DEFAULT_LANGUAGE", "en")
    service = TableService(store, default_language=language)
    bot = make_bot(service, getattr(settings, "DISCORD_SHARDS", None),
                   default_language=language,
                   sync_guilds=guild_ids(getattr(settings, "DISCORD_GUILD_IDS", None)),
                   prepare_pictures=True)
    try:
        async with bot:
            await bot.start(settings.DISCORD_TOKEN)  # type: ignore[attr-defined]
    finally:
        await store.close()


if __name__ == "__main__":
    sys.exit(main())
