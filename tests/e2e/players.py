"""Simulated players: they read the bot's posts in the fake Discord and click what they offer.

Which choice to make is read from the player's own View in the bot's database (``Oracle``); the
click itself goes through Discord, on the component the bot posted for that choice.
"""

from __future__ import annotations

from typing import Any

from bot.cogs import codec, present
from bot.cogs.components import BUTTON_LABEL_MAX, clip
from games import registry
from games.core import Rng, View
from games.core.fuzz import weigher_of, weighted_index
from tests.e2e.fake_discord import FakeDiscord, Interaction, Message, User

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


def turn_post(fake: FakeDiscord, game: int, version: int) -> Message:
    """The latest channel post whose components are those of ``game`` at ``version``."""
    for message in reversed(fake.channel):
        found = presses(message)
        if found and all(p.game == str(game) and p.version == version for _, p in found):
            return message
    raise AssertionError(f"no post with the choices of game {game} at version {version}")


def check_board_post(message: Message) -> None:
    """A post after a move carries the board picture, shown in its embed."""
    assert message.files.get("board.png", b"").startswith(PNG), list(message.files)
    assert message.embeds and message.embeds[0]["image"]["url"] == "attachment://board.png"
    names = [a["filename"] for a in message.payload["attachments"]]
    assert names == ["board.png"], names


def check_prompt(message: Message, user: User) -> None:
    """The post names and pings the player who must act, and only them."""
    assert f"Your move: {user.mention()}" in message.content, message.content
    assert message.pinged == [user.id], message.allowed_mentions


async def choose(fake: FakeDiscord, user: User, messages: list[Message], view: View,
                 index: int, role: str, version: int, kinds: dict[str, int] | None = None,
                 settle: float = 0.0) -> Interaction:
    """Click, as ``user``, the component among ``messages`` that stands for choice ``index``
    of ``view``: its button, its select menu, or "more choices" until it shows up."""
    label = present.choice_label(ANCIENTS, view.actions[index], "en")
    for message in messages:
        for custom_id, press in presses(message):
            if press.kind in ("choice", "menu", "more"):
                assert (press.version, press.role) == (version, role), custom_id
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
        return cls(fake, oracle, game, {"south": alice, "north": bob})

    async def turn(self) -> tuple[Any, str, User, View]:
        """The game now, the active role, its player and their View."""
        info = await self.oracle.status(self.game)
        assert info.status == "active", info.status
        role = info.active_roles[0]
        user = self.seats[role]
        return info, role, user, await self.oracle.view(self.game, user.id, role)

    def post(self, version: int) -> Message:
        return turn_post(self.fake, self.game, version)

    async def move(self, chooser: Rng, *, post: Message | None = None,
                   wait: bool = True) -> Interaction:
        """The active player makes their next move (``pick``) by clicking on the current post
        (or on ``post``); with ``wait``, returns when the next post is there."""
        info, role, user, view = await self.turn()
        index = pick(chooser, view)
        post = post or self.post(info.version)
        posts = len(self.fake.channel)
        if [p.kind for _, p in presses(post)] == ["secret"]:
            menu = await my_choices(self.fake, user, post)
            panels = [m for m in menu.replies if m.custom_ids]
            it = await choose(self.fake, user, panels, view, index, role, info.version)
        else:
            it = await choose(self.fake, user, [post], view, index, role, info.version)
        self.moves += 1
        if wait:
            await self.fake.until(lambda: len(self.fake.channel) > posts, "the post of the move")
            await self.fake.quiet(0.1)
        return it

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
