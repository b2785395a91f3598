"""/card and /rules: every title's cards, heroes, wonders and events in English and Russian, looked
up by part of a name in either language; the rules by topic; answered with mocked interactions."""

from __future__ import annotations

import re
from unittest.mock import MagicMock

import discord
import pytest

from bot.client import TableBot
from bot.cogs.lookup import LookupCog
from bot.i18n import rules as rules_texts
from bot.service import TableService
from bot.store import Store
from games.core.catalogue import CATALOGUE_MODULES, entries_of, resolve, search
from tests.harness import A, Harness

RU = discord.Locale.russian
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
ENTRIES_PER_TITLE = {"ancients": 29, "hannibal": 70, "mare_nostrum": 23, "pax_romana": 39}


@pytest.fixture
async def h():
    store = Store("sqlite+aiosqlite:///:memory:")
    await store.init()
    service = TableService(store)
    bot = TableBot(service, timers=False)
    await bot.setup_hook()
    yield Harness(service, bot)
    await store.close()


def cog(h: Harness) -> LookupCog:
    found = h.bot.get_cog("LookupCog")
    assert isinstance(found, LookupCog)
    return found


def answer(it: MagicMock) -> discord.Embed:
    return it.followups[-1]["embed"]


def refusal(it: MagicMock) -> str:
    return it.followups[-1]["content"]


# -- the catalogues ----------------------------------------------------------------------------

@pytest.mark.parametrize("title", sorted(CATALOGUE_MODULES))
def test_every_title_lists_its_entries_in_both_languages(title: str):
    english, russian = entries_of(title, "en"), entries_of(title, "ru")
    assert len(english) == len(russian) == ENTRIES_PER_TITLE[title]
    assert [e.id for e in english] == [e.id for e in russian]
    assert len({e.id for e in english}) == len(english)
    for en, ru in zip(english, russian, strict=True):
        assert en.title == ru.title == title and en.kind == ru.kind
        assert en.name and en.text and en.kind_name
        assert not CYRILLIC.search(en.name + en.text + en.kind_name), en.id
        assert CYRILLIC.search(ru.name) and CYRILLIC.search(ru.text), ru.id
        assert CYRILLIC.search(ru.kind_name), ru.id
    # An unknown language reads English.
    assert entries_of(title, "de") == english


def test_search_finds_by_part_of_a_name_in_either_language():
    assert [e.id for e in search("цезар", "en")] == ["mare_nostrum.starting_hero.caesar"]
    assert [e.name for e in search("caesar", "ru")] == ["Цезарь"]
    assert "hannibal.battle_card.double_envelopment" in [e.id for e in search("клещи", "en")]
    assert "pax_romana.event_card.5" in [e.id for e in search("archimedes", "ru")]
    # Names that start with the text come first.
    assert search("ord", "en")[0].name.startswith("Order")
    assert resolve("Пирамиды", "en").id == "mare_nostrum.pyramids.pyramids"  # type: ignore[union-attr]
    several = resolve("Allied Auxiliaries", "en")
    assert isinstance(several, list) and len(several) == 5
    assert resolve("no such thing", "en") == []


def test_rules_topics_in_both_languages_in_our_own_words():
    for title, topics in rules_texts.TOPICS.items():
        assert len(topics) >= 5, title
        for topic in topics:
            english = rules_texts.topic_text(title, topic, "en")
            russian = rules_texts.topic_text(title, topic, "ru")
            assert english and russian and english != russian, (title, topic)
            assert 80 <= len(english) <= 1500 and 80 <= len(russian) <= 1500, (title, topic)
            assert CYRILLIC.search(russian) and not CYRILLIC.search(english), (title, topic)
            assert rules_texts.topic_name(topic, "ru") != rules_texts.topic_name(topic, "en")
    assert set(rules_texts.EN) == set(rules_texts.RU)
    assert rules_texts.topic_text("ancients", "nonsense", "en") is None


# -- /card ---------------------------------------------------------------------------------------

async def test_card_autocomplete_by_part_of_a_name_in_either_language(h: Harness):
    it = h.interaction(A, locale=RU)
    choices = await cog(h)._card_name(it, "caes")
    assert [(c.name, c.value) for c in choices] == [
        ("Цезарь · Наше море: Империи", "mare_nostrum.starting_hero.caesar")]
    choices = await cog(h)._card_name(h.interaction(A), "засад")
    assert {c.value for c in choices} == {"pax_romana.event_card.4", "pax_romana.event_card.24"}
    assert [c.name for c in choices][0] == "Ambush · Pax Romana"
    everything = await cog(h)._card_name(h.interaction(A), "")
    assert len(everything) == 25 and all(len(c.name) <= 100 for c in everything)


async def test_card_answers_with_the_text_of_each_title(h: Harness):
    it = await h.command("card", A, "ancients.command_card.coordinated_attack")
    embed = answer(it)
    assert embed.title == "Coordinated Attack"
    assert embed.description == ("Order 1 unit and/or leader in each section.\n"
                                 "Copies in the deck: 2 of 60.")
    assert embed.footer.text == "Commands & Colors: Ancients · Command card · section"
    assert it.followups[-1]["ephemeral"] is True

    embed = answer(await h.command("card", A, "Резерв", locale=RU))
    assert embed.title == "Резерв"
    assert embed.description == (
        "Джокер: играется как карта любого другого типа. Атакующий называет, чем она служит; "
        "защитник может ответить ею на любую атаку.\nВ колоде тактики: 4 из 48.")
    assert embed.footer.text == "Ганнибал: Рим против Карфагена · Карта тактики"

    embed = answer(await h.command("card", A, "hannibal.strategy_card.6"))
    assert embed.title.startswith("#6 ")
    assert embed.description.endswith("1 OPS · event: Carthage only\nResponse event: may be "
                                      "played in answer to the enemy's card, besides your own "
                                      "card play.")

    embed = answer(await h.command("card", A, "caesar", locale=RU))
    assert embed.title == "Цезарь"
    assert embed.description == (
        "Пока вы Активный игрок, каждый кубик ваших Легионов получает +1.\n"
        "Стартовый Герой империи Рим: не покупается и считается первым Героем или Чудом.")

    embed = answer(await h.command("card", A, "Spies"))
    assert embed.title == "Spies"
    assert embed.description == ("Look at the hand of any one player.\n"
                                 "May be kept in hand (at most 3) until you play it.\n"
                                 "Copies in the deck: 1 of 55.")
    assert embed.footer.text == "Pax Romana · Event card (Advanced game)"


async def test_card_refuses_an_unknown_name_and_lists_a_vague_one(h: Harness):
    text = refusal(await h.command("card", A, "Zeppelin"))
    assert text == ("⛔ No card, hero, wonder or event is called “Zeppelin”. Start typing its "
                    "name and pick one from the list.")
    text = refusal(await h.command("card", A, "Цеппелин", locale=RU))
    assert text.startswith("⛔ Нет карты, героя, чуда или события с названием «Цеппелин»")
    text = refusal(await h.command("card", A, "Allied Auxiliaries"))
    assert text.startswith("⛔ 5 cards fit “Allied Auxiliaries”: ") and "Pick one" in text


# -- /rules --------------------------------------------------------------------------------------

async def test_rules_lists_the_topics_of_a_title(h: Harness):
    embed = answer(await h.command("rules", A, "hannibal"))
    assert "Second Punic War" in embed.description          # the overview stays
    assert embed.fields[0].name == "Topics (/rules title: topic:)"
    assert embed.fields[0].value.startswith("Sequence of play (`sequence`) · Cards (`cards`)")
    embed = answer(await h.command("rules", A, "hannibal", locale=RU))
    assert embed.fields[0].value.startswith("Порядок хода (`sequence`)")


async def test_rules_shows_one_topic_in_english_and_russian(h: Harness):
    embed = answer(await h.command("rules", A, "mare_nostrum", "combat"))
    assert embed.title == "Mare Nostrum: Empires · Combat"
    assert embed.description == rules_texts.EN["rules.mare_nostrum.combat"]
    embed = answer(await h.command("rules", A, "mare_nostrum", "combat", locale=RU))
    assert embed.title == "Наше море: Империи · Бой"
    assert embed.description == rules_texts.RU["rules.mare_nostrum.combat"]
    # A topic picked without a title, and one topic across every title.
    embed = answer(await h.command("rules", A, None, "pax_romana/stability"))
    assert embed.description == rules_texts.EN["rules.pax_romana.stability"]
    it = await h.command("rules", A, None, "Победа", locale=RU)
    assert [f["embed"].title.split(" · ")[1] for f in it.followups] == ["Победа"] * 4
    text = refusal(await h.command("rules", A, "ancients", "weather"))
    assert text.startswith("⛔ Commands & Colors: Ancients has no rules topic “weather”. Its "
                           "topics: Sequence of play (`sequence`)")


async def test_rules_topic_autocomplete(h: Harness):
    it = h.interaction(A, locale=RU, title="ancients")
    choices = await cog(h)._rules_topic(it, "бо")
    assert [(c.name, c.value) for c in choices] == [("Бой", "combat")]
    choices = await cog(h)._rules_topic(h.interaction(A), "victory")
    assert sorted(c.value for c in choices) == [
        f"{t}/victory" for t in ("ancients", "hannibal", "mare_nostrum", "pax_romana")]
