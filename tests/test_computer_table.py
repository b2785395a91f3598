"""Computer players at the table: seated in `/game new` or the lobby, handed a seat in play by a
moderator and back to a person, moving through the service and posted like a person, marked as
the computer everywhere, never sent a DM (its hand stays as hidden as anyone's)."""

from __future__ import annotations

import pytest

from bot.client import TableBot
from bot.service import COMPUTER_OF_LEVEL, ServiceError, TableService
from bot.store import Store
from tests.harness import CHANNEL, GUILD, MOD, A, B, Harness, press_choice_index, where_asked
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


async def person_moves(h: Harness, game: int, user: int) -> bool:
    """``user`` makes their first choice where the bot offers it; False when the game is over
    or it is not their turn."""
    await h.bot.table.computers.idle()
    info = await h.service.status(game)
    if info.status != "active":
        return False
    mine = [r for r in info.active_roles if info.seats.get(r) == user]
    if not mine:
        return False
    where, panels = await where_asked(h, game, mine[0], user)
    it = await press_choice_index(h, panels, 0, user, where == "ephemeral")
    assert "⛔" not in reply_text(it), reply_text(it)
    await h.bot.table.computers.idle()
    return True


async def test_a_whole_game_against_the_computer_seated_in_game_new(h: Harness):
    await h.command("game new", A, "toy", "duel", seed=11, computer="b", level="easy")
    game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
    info = await h.service.status(game)
    assert info.seats["b"] == COMPUTER_OF_LEVEL["easy"]
    assert "🤖 computer (easy)" in h.last_post["content"]          # the lobby names it
    await h.command("game join", A, game)
    await h.command("game start", A, game)
    moves = 0
    while await person_moves(h, game, A):
        moves += 1
        assert moves < 200
    info = await h.service.status(game)
    assert info.status == "finished"
    computer_moves = [r for r in await h.service.store.log(game)
                      if r.kind == "action" and r.role == "b"]
    assert computer_moves and all(r.user_id == COMPUTER_OF_LEVEL["easy"] for r in computer_moves)
    # Its posts name it and never mention it; it gets no DMs.
    assert all(COMPUTER_OF_LEVEL["easy"] not in p.pinged for p in h.posts)
    assert any("🤖" in text for text in h.contents())
    assert COMPUTER_OF_LEVEL["easy"] not in h.users
    assert (await h.service.store.replay(game)).model_dump_json() == (
        await h.service.store.state_json(game))[1]


async def test_a_moderator_hands_a_vacant_seat_to_the_computer_and_back(h: Harness):
    await h.command("game new", A, "toy", "duel", seed=5)
    game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
    await h.command("game join", A, game)
    await h.command("game join", B, game)
    await h.command("game start", A, game)
    await h.command("game kick", MOD, h.users[B], game, manage=True)
    assert (await h.service.status(game)).status == "paused"
    it = await h.command("game computer", A, "b", "normal", game)        # not a moderator
    assert "Only a moderator" in reply_text(it)
    it = await h.command("game computer", MOD, "b", "normal", game, manage=True)
    assert "computer (normal)" in reply_text(it)
    info = await h.service.status(game)
    assert info.status == "active" and info.seats["b"] == COMPUTER_OF_LEVEL["normal"]
    for _ in range(3):
        assert await person_moves(h, game, A)
    assert [r for r in await h.service.store.log(game)
            if r.kind == "action" and r.user_id == COMPUTER_OF_LEVEL["normal"]]
    # Back to a person: B sits again and moves when it is b's turn.
    await h.command("game seat", MOD, "b", h.users[B], game, manage=True)
    info = await h.service.status(game)
    assert info.seats["b"] == B
    before = len([r for r in await h.service.store.log(game) if r.kind == "action"])
    for _ in range(6):
        await person_moves(h, game, A) or await person_moves(h, game, B)
    rows = [r for r in await h.service.store.log(game) if r.kind == "action"][before:]
    assert rows and all(r.user_id in (A, B) for r in rows)


async def test_only_the_creator_or_a_moderator_seats_the_computer_in_the_lobby(h: Harness):
    await h.command("game new", A, "toy", "duel", seed=5)
    game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
    it = await h.command("game computer", B, "a", "normal", game)
    assert "Only the creator" in reply_text(it)
    with pytest.raises(ServiceError) as refused:
        await h.service.join(game, A, "a", computer="grandmaster")
    assert refused.value.key == "error.bad_level"
    await h.command("game computer", A, "a", "normal", game)
    await h.command("game computer", A, "b", "easy", game)     # the computer may hold both
    info = await h.service.status(game)
    assert info.seats == {"a": COMPUTER_OF_LEVEL["normal"], "b": COMPUTER_OF_LEVEL["easy"]}


async def test_the_computer_thinks_in_a_worker_process_off_the_event_loop():
    """The search runs in a spawned worker process: the View goes in, an Action listed in it
    comes out."""
    import asyncio

    from bot.cogs.computer import ComputerSeats, decide
    from games import registry

    rules = registry.get("ancients")
    state = rules.setup(3, "001", {})
    role = rules.view(state, None).active[0]
    view = rules.view(state, role)
    seats = ComputerSeats(service=None, publish=None, pace=0, processes=True)  # type: ignore[arg-type]
    try:
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(seats.executor(), decide, view, 7, "easy")
    finally:
        seats.close()
    assert view.find(action) is not None
