"""Simulated players: they read the bot's posts in the fake Discord and click what they offer.

Which choice to make is read from the player's own View in the bot's database (``Oracle``); the
click itself goes through Discord, on the component the bot offers for that choice where a
player finds it: the turn post (read by its id in the game's memo), a question by DM (the
memo's ``asks``), or the private menu behind a "My choices" button. A move is done when the
channel shows the game's new version (the memo's ``posted``) and the bot went quiet.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot.cogs import codec, present
from bot.cogs.components import BUTTON_LABEL_MAX, clip
from bot.cogs.memo import TableMemo
from games import registry
from games.core import Rng, View
from games.core.fuzz import weigher_of, weighted_index
from tests.e2e.fake_discord import FakeDiscord, Interaction, Message, User, WaitTimeout

PNG = b"\x89PNG\r\n\x1a\n"
ANCIENTS = registry.get("ancients")
WEIGH = weigher_of(ANCIENTS)
HAND_MARK = f"**{present.private_name('ancients', 'hand', 'en')}**"   # how a hand is written


def pick(rng: Rng, view: View, sharpness: float = 3.0) -> int:
    """The index of the choice a player makes: a weighted pick with the title's playout taste
    (``fuzz_weight``) raised to ``sharpness``, so that battles come to an end sooner."""
    assert WEIGH is not None
    weights = [max(0.0, WEIGH(c, view)) ** sharpness for c in view.actions]
    return weighted_index(rng, weights)


def presses(message: Message) -> list[tuple[str, codec.Press]]:
    out = []
    for custom_id in message.custom_ids:
        press = codec.decode(custom_id)
        assert press is not None, f"a component that is not the bot's: {custom_id}"
        out.append((custom_id, press))
    return out


async def memo_of(oracle: Any, game: int) -> TableMemo:
    """What the bot keeps of the game's place in Discord, as stored now."""
    return TableMemo.model_validate(await oracle.service.table_memo(game))


async def settled(fake: FakeDiscord, oracle: Any, game: int, version: int, *,
                  quiet: float = 0.1, timeout: float = 30.0) -> TableMemo:
    """Wait until the channel shows the game at ``version`` at least (the memo's ``posted``)
    and the bot went quiet; the memo then."""
    deadline = time.monotonic() + timeout
    while True:
        memo = await memo_of(oracle, game)
        if memo.posted >= version:
            break
        if time.monotonic() > deadline:
            raise WaitTimeout(f"the channel of game {game} shows version {memo.posted}, not "
                              f"{version}, after {timeout:.0f} s; last requests: "
                              f"{fake.requests[-8:]}")
        await asyncio.sleep(0.03)
    await fake.quiet(quiet, timeout)
    return await memo_of(oracle, game)


async def turn_post(fake: FakeDiscord, oracle: Any, game: int) -> Message:
    """The game's turn post, by its id in the memo, as it reads now."""
    memo = await memo_of(oracle, game)
    assert memo.turn_post is not None, f"game {game} has no turn post"
    message = fake.messages[memo.turn_post]
    assert not message.deleted and message.where in ("channel", "thread"), message.where
    return message


async def where_asked(fake: FakeDiscord, oracle: Any, game: int, role: str, user: User
                      ) -> tuple[str, list[Message]]:
    """Where the bot offers ``role`` its choices now, as its player finds them: ``dm`` (a
    question asked by DM, with its components), ``channel`` (buttons or menus on the turn
    post) or ``ephemeral`` (the private menu behind a "My choices" button: of the turn post,
    or of the short channel message that asks a player whose DMs are closed); and the messages
    whose components to press."""
    memo = await memo_of(oracle, game)
    ask = memo.asks.get(role)
    if ask is not None and ask.where == "dm":
        message = fake.messages[ask.message]
        assert message in fake.dms[user.id], "a question by DM to someone else"
        assert is_live(message), "a question by DM without its choices"
        return "dm", [message]
    if ask is not None:
        secret = fake.messages[ask.message]
        assert secret.where in ("channel", "thread") and user.id in secret.pings, secret.text
    else:
        secret = await turn_post(fake, oracle, game)
        kinds = [p.kind for _, p in presses(secret)]
        if "secret" not in kinds:
            assert kinds and all(p.role == role for _, p in presses(secret)), (role, kinds)
            return "channel", [secret]
    menu = await my_choices(fake, user, secret)
    panels = [m for m in menu.replies if m.custom_ids]
    assert panels and all(m.ephemeral for m in panels), menu.text
    return "ephemeral", panels


def check_board_post(message: Message) -> None:
    """A turn post carries the board picture, shown in its embed (after every edit too)."""
    assert message.files.get("board.png", b"").startswith(PNG), list(message.files)
    assert message.embeds and message.embeds[0]["image"]["url"] == "attachment://board.png"
    names = [a["filename"] for a in message.payload["attachments"]]
    assert names == ["board.png"], names


def check_prompt(message: Message, user: User, asked: bool = False) -> None:
    """The turn post names the player who must act: as the turn's holder, or as the one
    answering a question privately."""
    if asked:
        assert "Waiting for" in message.content and user.mention() in message.content, \
            message.content
    else:
        assert f"Your move: {user.mention()}" in message.content, message.content


MOVE_KINDS = ("choice", "menu", "more", "secret", "join", "vote")


def is_live(message: Message) -> bool:
    """Whether the message still offers components that make or open a move, take a seat or
    vote (not, say, the buttons of a finished game that start a rematch)."""
    return not message.deleted and any(
        (p := codec.decode(cid)) is not None and p.kind in MOVE_KINDS
        for cid in message.custom_ids)


def live_messages(fake: FakeDiscord, game: int | None = None) -> list[Message]:
    """The bot's channel, thread and DM messages that are still live (of ``game``)."""
    return [m for m in fake.everything_sent() if m.where != "reply" and is_live(m) and (
        game is None or any(p.game == str(game) for _, p in presses(m)))]


async def choose(fake: FakeDiscord, user: User, messages: list[Message], view: View,
                 index: int, role: str, version: int, kinds: dict[str, int] | None = None,
                 settle: float = 0.0) -> Interaction:
    """Click, as ``user``, the component among ``messages`` that stands for choice ``index``
    of ``view``: its button, its select menu, or "more choices" until it shows up."""
    label = present.choice_label(ANCIENTS, view.actions[index], "en")
    for message in messages:
        for custom_id, press in presses(message):
            if press.kind in ("choice", "menu", "more"):
                # a question asked privately stays good while it is the same (its fingerprint)
                assert press.role == role, custom_id
                assert press.version == version or (press.fingerprint and
                                                    press.version < version), custom_id
            component = message.component(custom_id)
            if press.kind == "choice" and press.index == index:
                assert component["label"] == clip(label, BUTTON_LABEL_MAX), component
                _tally(kinds, "button")
                return await fake.press(user, message, custom_id, settle=settle)
            if press.kind == "menu":
                options = {o["value"]: o["label"] for o in component["options"]}
                if str(index) in options:
                    assert options[str(index)] == clip(label, 100), options
                    _tally(kinds, "menu")
                    return await fake.press(user, message, custom_id, [str(index)],
                                            settle=settle)
    for message in messages:
        for custom_id, press in presses(message):
            if press.kind == "more":
                _tally(kinds, "more")
                page = await fake.press(user, message, custom_id, settle=0.1)
                panels = [m for m in page.replies if m.custom_ids]
                assert panels and all(m.ephemeral for m in panels)
                return await choose(fake, user, panels, view, index, role, version, kinds,
                                    settle)
    raise AssertionError(f"no component for choice {index} ({label})")


async def my_choices(fake: FakeDiscord, user: User, post: Message) -> Interaction:
    """Press the post's "My choices" button; returns once the private answer arrived."""
    (custom_id, press), = presses(post)
    assert press.kind == "secret", custom_id
    return await fake.press(user, post, custom_id, settle=0.0)


def _tally(kinds: dict[str, int] | None, kind: str) -> None:
    if kinds is not None:
        kinds[kind] = kinds.get(kind, 0) + 1


def play_value(choices: list[dict[str, Any]], game: int, role: str, verb: str, arg: Any,
               index: int) -> str | None:
    """The /play autocomplete value that names the action (verb, arg) or the choice index."""
    for choice in choices:
        value = codec.decode_play(str(choice["value"]))
        if value is None or value.game != str(game) or value.role != role:
            continue
        if value.index is not None and value.index == index:
            return str(choice["value"])
        if value.index is None and (value.verb, value.arg) == (verb, arg):
            return str(choice["value"])
    return None


class Table:
    """A game of Ancients between two seated users, driven through the fake Discord, with the
    choices read from the bot's database (``oracle``)."""

    def __init__(self, fake: FakeDiscord, oracle: Any, game: int,
                 seats: dict[str, User]) -> None:
        self.fake = fake
        self.oracle = oracle
        self.game = game
        self.seats = seats
        self.moves = 0
        self.last_where = ""     # where the last move was offered (see ``where_asked``)

    @classmethod
    async def open(cls, fake: FakeDiscord, oracle: Any, scenario: str = "001", seed: int = 49,
                   scenario_file: tuple[str, bytes] | None = None) -> Table:
        """Alice opens a table, Alice and Bob sit down (south, north), Alice starts it."""
        alice, bob = fake.alice, fake.bob
        if scenario_file is not None:
            it = await fake.slash(alice, "game new", title="ancients",
                                  scenario_file=scenario_file, seed=seed)
        else:
            it = await fake.slash(alice, "game new", title="ancients", scenario=scenario,
                                  seed=seed)
        assert "⛔" not in it.text, it.text
        game = int(presses(fake.channel[-1])[0][1].game)
        await fake.slash(alice, "game join", game=game, role="south")
        await fake.slash(bob, "game join", game=game, role="north")
        it = await fake.slash(alice, "game start", game=game)
        assert "has started" in it.text, it.text
        table = cls(fake, oracle, game, {"south": alice, "north": bob})
        await table.settled()
        return table

    async def turn(self) -> tuple[Any, str, User, View]:
        """The game now, the active role, its player and their View."""
        info = await self.oracle.status(self.game)
        assert info.status == "active", info.status
        role = info.active_roles[0]
        user = self.seats[role]
        return info, role, user, await self.oracle.view(self.game, user.id, role)

    async def post(self) -> Message:
        """The game's turn post as it reads now."""
        return await turn_post(self.fake, self.oracle, self.game)

    async def move(self, chooser: Rng, *, post: Message | None = None, wait: bool = True,
                   index: int | None = None) -> Interaction:
        """The active player makes their next move (``pick``, or choice ``index``) where the
        bot offers it (see ``where_asked``), or by clicking on ``post``; with ``wait``, returns
        when the channel shows the move (``settled``)."""
        info, role, user, view = await self.turn()
        if index is None:
            index = pick(chooser, view)
        if post is not None:
            panels = [post]
            if [p.kind for _, p in presses(post)] == ["secret"]:
                menu = await my_choices(self.fake, user, post)
                panels = [m for m in menu.replies if m.custom_ids]
            self.last_where = "given"
        else:
            self.last_where, panels = await where_asked(self.fake, self.oracle, self.game,
                                                        role, user)
        it = await choose(self.fake, user, panels, view, index, role, info.version)
        self.moves += 1
        if wait:
            await self.settled(info.version + 1)
        return it

    async def settled(self, version: int | None = None, quiet: float = 0.1) -> TableMemo:
        """Wait until the channel shows ``version`` (by default the game's current one)."""
        if version is None:
            version = await self.version()
        return await settled(self.fake, self.oracle, self.game, version, quiet=quiet)

    async def press_for(self, user: User, message: Message, index: int = 0,
                        **kw: Any) -> Interaction:
        """Press the component of ``message`` for choice ``index`` without checks (a button,
        or a select menu with that value)."""
        for custom_id, press in presses(message):
            component = message.component(custom_id)
            if press.kind == "choice" and press.index == index:
                return await self.fake.press(user, message, custom_id, **kw)
            if press.kind == "menu":
                values = [o["value"] for o in component["options"]]
                if str(index) in values:
                    return await self.fake.press(user, message, custom_id, [str(index)], **kw)
        custom_id = message.custom_ids[0]
        return await self.fake.press(user, message, custom_id, **kw)

    async def actions(self) -> int:
        return len(await self.oracle.actions(self.game))

    async def version(self) -> int:
        return (await self.oracle.status(self.game)).version
