"""``/card`` and ``/rules``: a card, hero, wonder or event of any title, and the rules in short,
by topic; answered only to the one who asks, in their language."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import present
from bot.cogs.game import AUTOCOMPLETE_MAX, run_command
from bot.cogs.table import Refusal, Table
from bot.i18n import has, t
from bot.i18n.rules import TOPICS, topic_name, topic_text, topics_of
from games import registry
from games.core.catalogue import CardEntry, resolve, search

RULES_TITLES_SHOWN = 5
CANDIDATES_SHOWN = 8
TOPIC_SEPARATOR = "/"     # a topic value picked without a title: "hannibal/combat"


def rules_titles() -> list[str]:
    """The titles ``/rules`` speaks of: the registered ones and those with topics."""
    return list(dict.fromkeys([*registry.ids(), *TOPICS]))


def card_choice_name(entry: CardEntry, lang: str) -> str:
    """How an entry reads in the autocomplete list: its name and its title."""
    return present.clip(f"{entry.name} · {present.title_name(entry.title, lang)}", 100)


def card_embed(entry: CardEntry, lang: str) -> discord.Embed:
    embed = discord.Embed(title=entry.name, description=present.clip_block(
        entry.text, present.EMBED_TEXT_MAX))
    embed.set_footer(text=f"{present.title_name(entry.title, lang)} · {entry.kind_name}")
    return embed


def topic_list(title: str, lang: str) -> str:
    return " · ".join(f"{topic_name(topic, lang)} (`{topic}`)" for topic in topics_of(title))


def overview_embed(title: str, lang: str) -> discord.Embed:
    """A title's overview and the list of its topics."""
    key = f"rules.{title}"
    text = t(key, lang) if has(key) else t("bot.rules_missing", lang)
    embed = discord.Embed(title=present.title_name(title, lang),
                          description=present.clip_block(text, present.EMBED_TEXT_MAX))
    if topics_of(title):
        embed.add_field(name=t("bot.rules_topics", lang), value=topic_list(title, lang))
    return embed


def topic_embed(title: str, topic: str, lang: str) -> discord.Embed:
    return discord.Embed(title=f"{present.title_name(title, lang)} · {topic_name(topic, lang)}",
                         description=topic_text(title, topic, lang))


def topics_asked(title: str | None, topic: str) -> list[tuple[str, str]]:
    """The (title, topic) pairs a ``/rules`` request names: one title's topic, a value picked
    without a title (``title/topic``), or a topic of every title that has it."""
    wanted = topic.strip().casefold()
    if TOPIC_SEPARATOR in wanted:
        title, wanted = wanted.split(TOPIC_SEPARATOR, 1)
    titles = [title] if title else list(TOPICS)
    out = []
    for name in titles:
        for known in topics_of(name):
            if wanted in (known, *(topic_name(known, lang).casefold() for lang in ("en", "ru"))):
                out.append((name, known))
    return out


class LookupCog(commands.Cog):
    def __init__(self, table: Table) -> None:
        self.table = table

    @app_commands.command(name="card", description="A card, hero, wonder or event of any game, "
                                                   "with its text")
    @app_commands.describe(name="Its name, in English or Russian (start typing to see them)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        async def body(lang: str) -> None:
            found = resolve(name, lang)
            if isinstance(found, CardEntry):
                await self.table.reply(interaction, "", embed=card_embed(found, lang))
                return
            if not found:
                raise Refusal("bot.card_unknown", name=present.clip(name, 100))
            names = ", ".join(card_choice_name(e, lang) for e in found[:CANDIDATES_SHOWN])
            raise Refusal("bot.card_several", name=present.clip(name, 100), n=len(found),
                          names=names)
        await run_command(self.table, interaction, body)

    @card.autocomplete("name")
    async def _card_name(self, interaction: discord.Interaction,
                         current: str) -> list[app_commands.Choice[str]]:
        lang = await self.table.user_lang(interaction)
        return [app_commands.Choice(name=card_choice_name(e, lang), value=e.id)
                for e in search(current, lang)[:AUTOCOMPLETE_MAX]]

    @app_commands.command(name="rules", description="How a game is played, in short")
    @app_commands.describe(title="Which game",
                           topic="One part of the rules: sequence, combat, movement …")
    async def rules(self, interaction: discord.Interaction, title: str | None = None,
                    topic: str | None = None) -> None:
        async def body(lang: str) -> None:
            if topic:
                asked = topics_asked(title, topic)
                if not asked:
                    if title:
                        raise Refusal("bot.rules_topic_unknown", topic=topic,
                                      title=present.title_name(title, lang),
                                      topics=topic_list(title, lang) or "—")
                    raise Refusal("bot.rules_topic_nowhere", topic=topic)
                for name, known in asked[:RULES_TITLES_SHOWN]:
                    await self.table.reply(interaction, "", embed=topic_embed(name, known, lang))
                return
            for name in ([title] if title else rules_titles())[:RULES_TITLES_SHOWN]:
                await self.table.reply(interaction, "", embed=overview_embed(name, lang))
        await run_command(self.table, interaction, body)

    @rules.autocomplete("title")
    async def _rules_title(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
        lang = await self.table.user_lang(interaction)
        return [app_commands.Choice(name=present.title_name(i, lang), value=i)
                for i in rules_titles()
                if current.casefold() in (i + present.title_name(i, lang)).casefold()
                ][:AUTOCOMPLETE_MAX]

    @rules.autocomplete("topic")
    async def _rules_topic(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
        lang = await self.table.user_lang(interaction)
        title = getattr(interaction.namespace, "title", None)
        wanted = current.casefold().strip()
        out: list[app_commands.Choice[str]] = []
        for name in [title] if title else list(TOPICS):
            for known in topics_of(name):
                label = topic_name(known, lang)
                if wanted and wanted not in f"{known} {label}".casefold():
                    continue
                if title:
                    out.append(app_commands.Choice(name=label, value=known))
                else:
                    out.append(app_commands.Choice(
                        name=present.clip(f"{present.title_name(name, lang)} · {label}", 100),
                        value=f"{name}{TOPIC_SEPARATOR}{known}"))
        return out[:AUTOCOMPLETE_MAX]
