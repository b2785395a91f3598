"""Configuration from the environment (or a ``.env`` file), read by ``get_settings()``."""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


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

    @model_validator(mode="after")
    def _database_url(self) -> Settings:
        if not self.DATABASE_URL:
            self.DATABASE_URL = f"sqlite+aiosqlite:///{self.DATABASE_PATH}"
        return self


def get_settings() -> Settings:
    """The settings as the environment says now (not cached: tests change the environment)."""
    return Settings()
