"""Persistent message components.

Each kind of component is a ``discord.ui.DynamicItem`` whose template is the custom-id pattern of
``bot.cogs.codec``; the client registers them once (``DYNAMIC_ITEMS``), so a press on any message
the bot ever posted is parsed from its custom id and handed to the table, also after a restart.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.cogs import codec

BUTTON_LABEL_MAX = 80
OPTION_LABEL_MAX = 100


def clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def _dispatch(interaction: discord.Interaction, press: codec.Press) -> None:
    table = interaction.client.table  # type: ignore[attr-defined]
    await table.on_press(interaction, press)


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button], template=codec.CHOICE_TEMPLATE):
    """One legal action of one role at one version of a game."""

    def __init__(self, press: codec.Press, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(
            label=clip(label, BUTTON_LABEL_MAX), style=style,
            custom_id=codec.encode_choice(press.game, press.version, press.role, press.index,
                                          press.fingerprint)))
        self.press = press

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str], /) -> ChoiceButton:
        return cls(codec.press_from_match("choice", match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.press)


class ChoiceMenu(discord.ui.DynamicItem[discord.ui.Select], template=codec.MENU_TEMPLATE):
    """A select menu of up to 25 choices of one role; each option's value is the choice index."""

    def __init__(self, press: codec.Press, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=codec.encode_menu(press.game, press.version, press.role, press.page,
                                        press.fingerprint),
            placeholder=clip(placeholder, 150) if placeholder else None,
            options=options or [discord.SelectOption(label="…", value="0")],
            min_values=1, max_values=1))
        self.press = press

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str], /) -> ChoiceMenu:
        return cls(codec.press_from_match("menu", match))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        index = int(values[0]) if values and str(values[0]).isdigit() else -1
        press = codec.Press(kind="menu", game=self.press.game, version=self.press.version,
                            role=self.press.role, index=index, page=self.press.page,
                            fingerprint=self.press.fingerprint)
        await _dispatch(interaction, press)


class MoreButton(discord.ui.DynamicItem[discord.ui.Button], template=codec.MORE_TEMPLATE):
    """Shows the presser the next page of their choices."""

    def __init__(self, press: codec.Press, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=clip(label, BUTTON_LABEL_MAX), style=discord.ButtonStyle.secondary,
            custom_id=codec.encode_more(press.game, press.version, press.role, press.page,
                                        press.fingerprint)))
        self.press = press

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str], /) -> MoreButton:
        return cls(codec.press_from_match("more", match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.press)


class SecretButton(discord.ui.DynamicItem[discord.ui.Button], template=codec.SECRET_TEMPLATE):
    """Answers an active player with an ephemeral menu of their own choices."""

    def __init__(self, press: codec.Press, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=clip(label, BUTTON_LABEL_MAX), style=discord.ButtonStyle.success,
            custom_id=codec.encode_secret(press.game, press.version)))
        self.press = press

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str], /) -> SecretButton:
        return cls(codec.press_from_match("secret", match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.press)


class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=codec.JOIN_TEMPLATE):
    """Takes a free seat of a game in its lobby."""

    def __init__(self, press: codec.Press, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=clip(label, BUTTON_LABEL_MAX), style=discord.ButtonStyle.secondary,
            custom_id=codec.encode_join(press.game, press.role)))
        self.press = press

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str], /) -> JoinButton:
        return cls(codec.press_from_match("join", match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.press)


class VoteButton(discord.ui.DynamicItem[discord.ui.Button], template=codec.VOTE_TEMPLATE):
    """A vote of the other players after the turn time ran out: more time, or abandon."""

    def __init__(self, press: codec.Press, label: str = "…") -> None:
        style = (discord.ButtonStyle.danger if press.vote == "abandon"
                 else discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(
            label=clip(label, BUTTON_LABEL_MAX), style=style,
            custom_id=codec.encode_vote(press.game, press.version, press.vote)))
        self.press = press

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str], /) -> VoteButton:
        return cls(codec.press_from_match("vote", match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.press)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=codec.REMATCH_TEMPLATE):
    """A new game of the same players after the end, sides kept or swapped."""

    def __init__(self, press: codec.Press, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=clip(label, BUTTON_LABEL_MAX), style=discord.ButtonStyle.success,
            custom_id=codec.encode_rematch(press.game, press.vote)))
        self.press = press

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str], /) -> RematchButton:
        return cls(codec.press_from_match("rematch", match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.press)


class ExportButton(discord.ui.DynamicItem[discord.ui.Button], template=codec.EXPORT_TEMPLATE):
    """The game's record, log and animation, privately to the presser."""

    def __init__(self, press: codec.Press, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=clip(label, BUTTON_LABEL_MAX), style=discord.ButtonStyle.secondary,
            custom_id=codec.encode_export(press.game)))
        self.press = press

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str], /) -> ExportButton:
        return cls(codec.press_from_match("export", match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.press)


class BribeButton(discord.ui.DynamicItem[discord.ui.Button], template=codec.BRIBE_TEMPLATE):
    """The bribed player's answer to a bribe (Pax Romana §4.4), sent to them by DM."""

    def __init__(self, press: codec.Press, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=clip(label, BUTTON_LABEL_MAX),
            style=discord.ButtonStyle.success if press.vote == "accept"
            else discord.ButtonStyle.secondary,
            custom_id=codec.encode_bribe(press.game, press.role, press.vote)))
        self.press = press

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str], /) -> BribeButton:
        return cls(codec.press_from_match("bribe", match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.press)


DYNAMIC_ITEMS = (ChoiceButton, ChoiceMenu, MoreButton, SecretButton, JoinButton, VoteButton,
                 RematchButton, ExportButton, BribeButton)


async def item_for(interaction: discord.Interaction, custom_id: str) -> Any | None:
    """The dynamic item a custom id stands for, built the way discord.py builds it on a press."""
    for cls in DYNAMIC_ITEMS:
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            return await cls.from_custom_id(interaction, None, match)
    return None
