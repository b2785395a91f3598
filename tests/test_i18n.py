"""bot/i18n: the English and Russian catalogues and the translator of slash commands."""

from __future__ import annotations

import string
from unittest.mock import MagicMock

import discord
import pytest
from discord import app_commands

from bot.client import TableBot
from bot.i18n import CATALOG, CommandTranslator, lang_of, t, tr_msg
from bot.i18n.en import TEXTS as EN
from bot.i18n.ru import TEXTS as RU
from bot.service import SERVICE_TEXTS_EN
from games import registry
from games.core import Msg

DESIGN_TITLES = ("ancients", "hannibal", "mare_nostrum", "pax_romana")


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_key_exists_in_both_languages():
    assert set(EN) - set(RU) == set()
    assert set(RU) - set(EN) == set()


def test_every_service_text_is_translated():
    for key in SERVICE_TEXTS_EN:
        assert key in EN and key in RU, key
    assert all(EN[k] == v for k, v in SERVICE_TEXTS_EN.items())


def test_placeholders_match_between_languages():
    for key, english in EN.items():
        assert fields(english) == fields(RU[key]), key


def test_russian_texts_are_russian():
    same = [k for k in EN if EN[k] == RU[k] and not k.startswith(("bot.seat", "bot.player_role",
                                                                  "bot.list_line", "title."))]
    assert same == []


def test_rules_help_for_every_title():
    titles = set(DESIGN_TITLES) | {i for i in registry.ids() if i != "toy"}
    for title in titles:
        assert len(EN[f"rules.{title}"]) > 300 and len(RU[f"rules.{title}"]) > 300
        assert f"title.{title}" in EN
    for term in ("карту приказов", "знамя победы", "отряд", "командир", "ближний бой",
                 "бой на расстоянии", "отступ", "уклониться"):
        assert term in RU["rules.ancients"].lower(), term


def test_translate_falls_back_and_formats():
    assert t("bot.joined", "ru", id=3, role="Рим") == "Вы в партии №3 за сторону Рим."
    assert t("bot.joined", "de", id=3, role="Rome") == "You sit at game #3 as Rome."
    assert tr_msg(Msg(key="error.stale", args={"version": 4}), "ru").startswith("Партия ушла")
    # A key the bot does not know comes from the title's catalogue.
    assert tr_msg(Msg(key="choice.step"), "ru", "toy") == "Шаг фишкой"


def test_lang_of_locales():
    assert lang_of(discord.Locale.russian) == "ru"
    assert lang_of(discord.Locale.american_english) == "en"
    assert lang_of(discord.Locale.ukrainian) == "en"
    assert lang_of(None, "ru") == "ru"
    assert lang_of("ru") == "ru"


@pytest.fixture
async def tree():
    bot = TableBot(MagicMock(), timers=False)
    await bot.setup_hook()
    return bot.tree


async def test_translator_gives_russian_names_for_russian_only(tree):
    translator = CommandTranslator()
    payloads = [await c.get_translated_payload(tree, translator)
                for c in tree.get_commands()]
    assert payloads
    seen_options = 0

    def check(payload: dict, siblings: set[str]) -> None:
        nonlocal seen_options
        ru = payload["name_localizations"]
        assert set(ru) == {"ru"}, payload["name"]
        name = ru["ru"]
        assert name == name.lower() and 1 <= len(name) <= 32, name
        assert all(ch.isalnum() or ch in "-_" for ch in name), name
        assert name not in siblings, name
        siblings.add(name)
        assert set(payload["description_localizations"]) == {"ru"}
        assert 1 <= len(payload["description_localizations"]["ru"]) <= 100
        assert 1 <= len(payload["description"]) <= 100
        names: set[str] = set()
        for option in payload.get("options", []):
            seen_options += 1
            check({"name_localizations": {}, "description_localizations": {}, **option}, names)

    top: set[str] = set()
    for payload in payloads:
        check(payload, top)
    assert seen_options > 20
    assert {p["name_localizations"]["ru"] for p in payloads} >= {"игра", "ход", "рука", "поле"}


async def test_translator_returns_none_for_other_locales(tree):
    translator = CommandTranslator()
    command = tree.get_command("play")
    context = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_name, command)
    text = app_commands.locale_str("play")
    assert await translator.translate(text, discord.Locale.russian, context) == "ход"
    for locale in (discord.Locale.american_english, discord.Locale.british_english,
                   discord.Locale.german):
        assert await translator.translate(text, locale, context) is None


async def test_english_command_texts_match_the_commands(tree):
    """The en catalogue documents each command's name and description as declared, so the
    Russian stays a translation of what is there."""
    for command in tree.walk_commands():
        key = "cmd." + command.qualified_name.replace(" ", ".")
        assert EN[key] == command.name
        assert EN[key + ".desc"] == command.description
        for param in getattr(command, "parameters", []):
            assert EN[f"{key}.opt.{param.name}"] == param.name
            assert EN[f"{key}.opt.{param.name}.desc"] == param.description
    assert CATALOG["ru"] is RU


def payload_size(payload: dict) -> int:
    """Discord's size of a command: names, descriptions and choice values, counting the longest
    of each text's localisations."""
    total = 0
    for field in ("name", "description"):
        texts = [payload.get(field, "")] + list((payload.get(f"{field}_localizations") or {})
                                                .values())
        total += max(len(text) for text in texts)
    for choice in payload.get("choices") or []:
        texts = [choice["name"]] + list((choice.get("name_localizations") or {}).values())
        total += max(len(text) for text in texts) + len(str(choice["value"]))
    return total + sum(payload_size(o) for o in payload.get("options") or [])


async def test_commands_fit_discords_limits_and_need_a_server(tree):
    translator = CommandTranslator()
    for command in tree.get_commands():
        payload = await command.get_translated_payload(tree, translator)
        assert payload_size(payload) <= 8000, command.name
        # Everything but the lookups (/rules, /card) needs a server (the games live in its
        # channels).
        assert payload["dm_permission"] is (command.name in ("rules", "card")), command.name
