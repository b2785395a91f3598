"""The alembic environment of the store, for the ``alembic`` command line (``alembic.ini``).

The bot itself upgrades on start without this file (``bot.store.upgrade_schema``), with the same
configuration (``bot.store.configure_migrations``). The command line connects to
``sqlalchemy.url`` if ``alembic.ini`` sets one, or else to the bot's ``DATABASE_URL``; a
connection handed over in ``config.attributes["connection"]`` is used as it is.
"""

from __future__ import annotations

import asyncio
from logging.config import fileConfig
from typing import Any

from alembic import context
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store import METADATA, configure_migrations

config = context.config


def _migrate(connection: Any) -> None:
    configure_migrations(context, connection)
    with context.begin_transaction():
        context.run_migrations()


def _url() -> str:
    url = config.get_main_option("sqlalchemy.url")
    if url:
        return url
    from bot.settings import get_settings

    return get_settings().DATABASE_URL


async def _migrate_own_connection() -> None:
    engine = create_async_engine(_url())
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_migrate)
    finally:
        await engine.dispose()


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _migrate(connection)
        return
    if config.config_file_name is not None:
        fileConfig(config.config_file_name, disable_existing_loggers=False)
    if context.is_offline_mode():
        context.configure(url=_url(), target_metadata=METADATA, literal_binds=True,
                          dialect_opts={"paramstyle": "named"})
        with context.begin_transaction():
            context.run_migrations()
        return
    asyncio.run(_migrate_own_connection())


run()
