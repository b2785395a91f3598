"""Configuration from the environment (or a ``.env`` file), read by ``get_settings()``."""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def shard_plan(value: str | None) -> tuple[int | None, list[int] | None] | None:
    """The gateway shards a setting asks for: None (no sharding: one connection), or
    (shard count, shard ids of this process), where None means "ask Discord" / "all".

    ``auto`` -> (None, None); ``4`` -> (4, None), all four here; ``0,1/4`` -> (4, [0, 1])."""
    text = (value or "").strip().lower()
    if not text:
        return None
    if text == "auto":
        return None, None
    ids_text, _, count_text = text.rpartition("/")
    try:
        count = int(count_text)
        ids = [int(v) for v in ids_text.replace(" ", "").split(",")] if ids_text else None
    except ValueError:
        raise ValueError(f"DISCORD_SHARDS is 'auto', a count or 'IDS/COUNT', not {value!r}") \
            from None
    if count < 1 or (ids is not None and not all(0 <= i < count for i in ids)):
        raise ValueError(f"DISCORD_SHARDS {value!r}: shard ids run from 0 to the count - 1")
    return count, ids


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    DISCORD_TOKEN: str | None = None
    DATABASE_PATH: str = "ancient-tables.db"
    DATABASE_URL: str = ""
    DEFAULT_LANGUAGE: Literal["en", "ru"] = "en"
    LOG_LEVEL: str = "INFO"
    # Servers (ids separated by commas or spaces) that get the slash commands at once on start,
    # instead of waiting for Discord's global command update.
    DISCORD_GUILD_IDS: str | None = None
    # Gateway shards (see shard_plan): none (one connection), "auto" (as many as
    # Discord asks for, all in this process), or "IDS/COUNT" (these shards of COUNT, e.g. "0,1/4",
    # for several processes that share one database).
    DISCORD_SHARDS: str | None = None
    # Only for tests that run the bot against a fake Discord.
    DISCORD_API_BASE: str | None = None
    DISCORD_GATEWAY_URL: str | None = None

    @field_validator("LOG_LEVEL")
    @classmethod
    def _level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in {"CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG", "NOTSET"}:
            raise ValueError(f"unknown log level {value!r}")
        return level

    @field_validator("DISCORD_SHARDS")
    @classmethod
    def _shards(cls, value: str | None) -> str | None:
        shard_plan(value)   # raises ValueError on a malformed plan
        return value.strip() if value and value.strip() else None

    @model_validator(mode="after")
    def _database_url(self) -> Settings:
        if not self.DATABASE_URL:
            self.DATABASE_URL = f"sqlite+aiosqlite:///{self.DATABASE_PATH}"
        return self


def get_settings() -> Settings:
    """The settings as the environment says now (not cached: tests change the environment)."""
    return Settings()
