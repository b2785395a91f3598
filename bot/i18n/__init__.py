"""The bot's own texts in English and Russian, and the translator of slash commands.

Engine messages (prompts, choice labels, log lines, results) are translated by the title's own
catalogue (``rules.tr``); this package holds everything the bot itself says, the texts of the
table service's refusals, the per-title help of ``/rules``, and the names and descriptions of the
slash commands.

Command texts are keyed by where they sit: ``cmd.game.new`` is the name of ``/game new``,
``cmd.game.new.desc`` its description, ``cmd.game.new.opt.title`` the name of its ``title``
option and ``cmd.game.new.opt.title.desc`` that option's description.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n.en import TEXTS as EN
from bot.i18n.options import EN as OPTIONS_EN
from bot.i18n.options import RU as OPTIONS_RU
from bot.i18n.ru import TEXTS as RU
from games.core import Msg, render

LANGUAGES = ("en", "ru")
DEFAULT_LANGUAGE = "en"
CATALOG: dict[str, dict[str, str]] = {"en": EN, "ru": RU}

_LOCALES = {discord.Locale.russian: "ru"}


def lang_of(locale: discord.Locale | str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """The catalogue language for a Discord locale (an interaction's ``locale``)."""
    if isinstance(locale, discord.Locale):
        return _LOCALES.get(locale, "en")
    if isinstance(locale, str) and locale:
        head = locale.split("-")[0].lower()
        return head if head in LANGUAGES else "en"
    return default if default in LANGUAGES else DEFAULT_LANGUAGE


def supported_language(locale: discord.Locale | str | None) -> str | None:
    """The catalogue language of a Discord client locale, or None when we do not speak it."""
    if isinstance(locale, discord.Locale):
        locale = locale.value
    if not locale:
        return None
    head = str(locale).split("-")[0].lower()
    return head if head in LANGUAGES else None


OPTION_CATALOG: dict[str, dict[str, str]] = {"en": OPTIONS_EN, "ru": OPTIONS_RU}


def option_text(key: str, lang: str, english: str) -> str:
    """A rule option's text (``bot.i18n.options``), else ``english`` (the engine's own)."""
    return OPTION_CATALOG.get(lang, {}).get(key) or OPTIONS_EN.get(key) or english


def has(key: str) -> bool:
    return key in EN


def t(key: str, lang: str, **args: Any) -> str:
    """A bot text in ``lang`` (English when missing), formatted with ``args``."""
    return render(Msg(key=key, args={k: _arg(v) for k, v in args.items()}), lang, CATALOG)


def _arg(value: Any) -> str | int:
    return value if isinstance(value, int) and not isinstance(value, bool) else str(value)


def tr_msg(m: Msg, lang: str, title: str | None = None) -> str:
    """A message from the service or an engine: the bot catalogue knows the service's keys; a key
    it does not know is looked up in the title's catalogue."""
    if m.key in EN or title is None:
        return render(m, lang, CATALOG)
    from games import registry

    try:
        rules = registry.get(title)
    except KeyError:
        return render(m, lang, CATALOG)
    return rules.tr(m, lang)


def command_key(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalogue key of a command text, from where Discord shows it."""
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        return "cmd." + data.qualified_name.replace(" ", ".")
    if where in (Where.command_description, Where.group_description):
        return "cmd." + data.qualified_name.replace(" ", ".") + ".desc"
    if where in (Where.parameter_name, Where.parameter_description):
        base = "cmd." + data.command.qualified_name.replace(" ", ".") + ".opt." + data.name
        return base if where == Where.parameter_name else base + ".desc"
    if where == Where.choice_name:
        return f"choice.{data.value}"
    return None


class CommandTranslator(app_commands.Translator):
    """Russian names and descriptions of the slash commands; other locales keep the English."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = _LOCALES.get(locale)
        if lang is None:
            return None
        key = string.extras.get("key") or command_key(context)
        if key is None:
            return None
        return CATALOG[lang].get(key)
