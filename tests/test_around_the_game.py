"""What goes around a game at the table: the board in words and the pictures' alt text, with
Discord mocked (``tests.harness``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.client import TableBot
from bot.cogs import present
from bot.service import TableService
from bot.store import Store
from games import registry
from games.core import LogLine, msg
from tests.harness import CHANNEL, GUILD, OUTSIDER, A, B, Harness
from tests.test_cogs import reply_text


@pytest.fixture
async def h():
    store = Store("sqlite+aiosqlite:///:memory:")
    await store.init()
    service = TableService(store)
    bot = TableBot(service, timers=False, computer_pace=0, computer_processes=False)
    await bot.setup_hook()
    yield Harness(service, bot)
    bot.table.computers.close()
    await store.close()


async def started(h: Harness) -> int:
    await h.command("game new", A, "toy", "duel", seed=5)
    game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
    await h.command("game join", A, game)
    await h.command("game join", B, game)
    await h.command("game start", A, game)
    return game


async def test_board_text_is_the_engines_description_of_the_askers_view(h: Harness):
    game = await started(h)
    rules = registry.get("toy")
    mine = await h.service.view_for(game, A)
    it = await h.command("board", A, text=True)
    assert reply_text(it) == f"**Game #{game} · Toy · Duel**\n" + rules.describe(mine, "en")
    assert "Step marker" in reply_text(it)                   # A's own choices, to A only
    theirs = await h.command("board", OUTSIDER, text=True)
    assert "Step marker" not in reply_text(theirs)
    russian = await h.command("board", B, text=True, locale=__import__("discord").Locale.russian)
    assert "Партия №" in reply_text(russian)


def test_a_board_picture_carries_an_alt_text_of_what_changed_and_whose_turn_it_is():
    rules = registry.get("toy")
    state = rules.setup(5, "duel", {})
    public = rules.view(state, None)
    info = SimpleNamespace(id=4, title="toy", scenario="duel", scenario_name="Duel", version=3,
                           status="active", roles=["a", "b"], seats={"a": A, "b": B},
                           role_names={}, creator_id=A, result=None)
    line = LogLine(seq=0, step=1, text="a plays 4", msg=msg("log.play", role="a", value=4))
    post = present.turn_post(info, public, [line], [], {}, "en", picture=b"\x89PNG fake")
    alt = post.kwargs()["file"].description
    assert alt.startswith("Board of Game #4 · Toy · Duel.")
    assert "a plays 4" in alt and "a: step or play a card" in alt and f"<@{A}>" not in alt


async def play_to_the_end(h: Harness, game: int) -> None:
    from tests.harness import press_choice_index, where_asked

    for _ in range(300):
        info = await h.service.status(game)
        if info.status != "active":
            return
        role = info.active_roles[0]
        user = info.seats[role]
        where, panels = await where_asked(h, game, role, user)
        await press_choice_index(h, panels, 0, user, where == "ephemeral")
    raise AssertionError("the game does not end")


async def test_records_count_every_finished_game_by_title_and_side(h: Harness):
    """A finished game writes one record per seat in the same transaction as its last move;
    a resignation counts as such; /game stats and /game leaderboard read them."""
    game = await started(h)
    await play_to_the_end(h, game)
    info = await h.service.status(game)
    winner = info.result.winners[0]
    loser = "b" if winner == "a" else "a"
    assert await h.service.stats(GUILD, info.seats[winner]) == {
        ("toy", winner): {"played": 1, "won": 1, "lost": 0, "drawn": 0, "resigned": 0}}
    assert await h.service.stats(GUILD, info.seats[loser]) == {
        ("toy", loser): {"played": 1, "won": 0, "lost": 1, "drawn": 0, "resigned": 0}}
    second = await started(h)
    await h.command("game resign", A, second)
    assert (await h.service.stats(GUILD, A))[("toy", "a")]["resigned"] == 1
    it = await h.command("game stats", A)
    assert reply_text(it) == f"**Record of <@{A}>**\nToy · a: played 2, won " + (
        "1, lost 0" if winner == "a" else "0, lost 1") + ", drawn 0, resigned 1"
    board = reply_text(await h.command("game leaderboard", B, "toy"))
    assert board.splitlines()[0] == "**Best players of Toy**"
    first = board.splitlines()[1]
    assert first.startswith("1. ") and ("won 1 of" in first or "won 2 of" in first)
    russian = await h.command("game stats", OUTSIDER, locale=__import__("discord").Locale.russian)
    assert "Законченных партий пока нет." in reply_text(russian)
    # A game ended by a moderator is not a result.
    third = await started(h)
    await h.command("game end", A, third)
    assert sum(t["played"] for t in (await h.service.stats(GUILD)).values()) == 4
