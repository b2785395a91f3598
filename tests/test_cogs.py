"""bot/cogs: slash commands and component presses with mocked interactions, against a real
TableService on an in-memory store, played with the toy title."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.client import TableBot
from bot.cogs import codec, present
from bot.cogs.game import (
    game_autocomplete,
    role_autocomplete,
    scenario_autocomplete,
    title_autocomplete,
)
from bot.cogs.play import play_autocomplete
from bot.cogs.timers import TimerCog
from bot.service import TableService
from bot.store import Store
from games.core import Choice, Msg, View
from tests.harness import (  # noqa: F401 - the other table tests import them from here
    CHANNEL,
    GUILD,
    MOD,
    OUTSIDER,
    A,
    B,
    C,
    FakeUser,
    Harness,
    forbidden,
)

PRIVATE_MARK = "**Hand**"  # how a hand is written out; must never reach the channel


def ids_of(view: discord.ui.View | None) -> list[str]:
    return [item.custom_id for item in view.children] if view is not None else []


def labels_of(view: discord.ui.View | None) -> dict[str, str]:
    out = {}
    for item in (view.children if view is not None else []):
        inner = getattr(item, "item", item)
        if isinstance(inner, discord.ui.Button):
            out[inner.custom_id] = inner.label
    return out


def reply_text(it: MagicMock) -> str:
    return "\n".join(f.get("content") or "" for f in it.followups)


@pytest.fixture
async def h():
    store = Store("sqlite+aiosqlite:///:memory:")
    await store.init()
    service = TableService(store)
    bot = TableBot(service, timers=False)
    await bot.setup_hook()
    yield Harness(service, bot)
    await store.close()


async def new_game(h: Harness, scenario: str = "duel", seed: int = 5) -> int:
    await h.command("game new", A, "toy", scenario, seed=seed)
    games = await h.service.list_games(GUILD, CHANNEL)
    return games[-1].id


async def started(h: Harness, scenario: str = "duel", seed: int = 5) -> int:
    game = await new_game(h, scenario, seed)
    for user in (A, B, C)[: 3 if scenario == "trio" else 2]:
        await h.command("game join", user, game)
    await h.command("game start", A, game)
    return game


async def my_choices(h: Harness, game: int, user: int) -> MagicMock:
    """Press the channel's "choose" button as ``user``: their ephemeral menu comes back."""
    info = await h.service.status(game)
    return await h.press(codec.encode_secret(game, info.version), user)


def menu_ids(it: MagicMock) -> list[str]:
    return [cid for f in it.followups for cid in ids_of(f.get("view"))]


# -- the lobby and the first post --------------------------------------------------------------

async def test_new_join_start_posts_board_with_prompt_and_versioned_components(h: Harness):
    game = await new_game(h)
    lobby = h.last_post
    assert f"#{game}" in lobby["content"]
    assert ids_of(lobby["view"]) == [f"gj:{game}:a", f"gj:{game}:b"]
    await h.command("game join", A, game)
    await h.command("game join", B, game)
    assert len(h.posts) == 1                       # joins edit the one lobby post
    assert h.posts[0].edits and f"<@{B}>" in h.posts[0]["content"]
    it = await h.command("game start", A, game)
    # The lobby post keeps the seats and loses its buttons; one new post; the hands by DM.
    assert h.order(it) == ["defer", "edit", "post", "dm", "dm", "followup"]
    assert h.posts[0].get("view") is None
    post = h.last_post
    info = await h.service.status(game)
    assert info.status == "active" and info.version == 1
    assert "a: step or play a card" in post["content"]
    assert f"<@{A}>" in post["content"]           # the active player is named (and pinged)
    assert [u.id for u in post["allowed_mentions"].users] == [A]
    # Toy choices would show the hand (cards to play): one private "my choices" button.
    assert ids_of(post["view"]) == [f"gx:{game}:1"]
    assert all(len(cid) <= 100 for cid in ids_of(post["view"]))
    # Each player got their hand by DM, nothing hidden in the channel.
    assert all(h.users[u].dms and PRIVATE_MARK in h.users[u].dms[-1]["content"] for u in (A, B))
    assert not any(PRIVATE_MARK in c for c in h.contents())


async def test_join_button_seats_the_presser_and_updates_the_lobby(h: Harness):
    game = await new_game(h)
    it = await h.press(codec.encode_join(game, "b"), B)
    info = await h.service.status(game)
    assert info.seats == {"a": None, "b": B}
    edit = it.edit_original_response.call_args.kwargs
    assert ids_of(edit["view"]) == [f"gj:{game}:a"]
    assert f"<@{B}>" in edit["content"]


async def test_open_choices_go_into_the_channel_as_buttons_or_menus():
    """A role whose choices show nothing it hides gets them as buttons in the channel; many
    choices become select menus (25 options each) with a "more" button beyond 100."""
    from games import registry

    rules = registry.get("toy")
    info = SimpleNamespace(id=4, title="toy", scenario="duel", scenario_name="Duel", version=9,
                           status="active", roles=["a", "b"], seats={"a": A, "b": B},
                           role_names={}, creator_id=A, board_message_id=None)

    def view(n: int, private: dict | None = None) -> View:
        acts = [Choice(verb="move", arg=f"h{i}", label=f"Hex {i}") for i in range(n)]
        return View(title="toy", scenario="duel", role="a", roles=["a", "b"], step=3,
                    active=["a"], prompt="", prompt_msg=Msg(key="prompt.play", args={"role": "a"}),
                    actions=acts, log=[], result=None, board={}, private=private or {})

    public = view(0).model_copy(update={"role": None})
    post = present.turn_post(info, public, [], [], {"a": view(7)}, "en")
    fp = present.fingerprint(view(7))
    assert ids_of(post.view) == [f"g:4:9:a:{i}:{fp}" for i in range(7)]
    assert [item.row for item in post.view.children] == [0] * 5 + [1] * 2
    post = present.turn_post(info, public, [], [], {"a": view(130)}, "en")
    kinds = [type(item).__name__ for item in post.view.children]
    assert kinds == ["ChoiceMenu"] * 4 + ["MoreButton"]
    assert all(len(item.item.options) == 25 for item in post.view.children[:4])
    page = present.choice_components(4, 9, "a", view(130).actions, rules, "en", page=1,
                                     fingerprint="abc")
    assert [item.custom_id for item in page.children] == ["gm:4:9:a:4:abc", "gm:4:9:a:5:abc"]
    assert [o.value for o in page.children[1].item.options][-1] == "129"
    # A choice naming a private item (a card in hand) keeps the whole list private.
    post = present.turn_post(info, public, [], [], {"a": view(3, {"hand": ["h1"]})}, "en")
    assert ids_of(post.view) == ["gx:4:9"]
    assert rules.id == "toy"


# -- presses -----------------------------------------------------------------------------------

async def test_wrong_user_is_refused_ephemerally_and_nothing_changes(h: Harness):
    game = await started(h)
    posts = len(h.posts)
    # B presses the channel button: not their turn.
    it = await my_choices(h, game, B)
    assert it.followups[-1]["ephemeral"] is True
    assert "not your turn" in reply_text(it)
    assert menu_ids(it) == []
    # B presses one of A's choice buttons (copied from A's menu): refused by the service.
    choice = menu_ids(await my_choices(h, game, A))[0]
    it = await h.press(choice, B, ephemeral_message=True)
    assert "⛔" in reply_text(it) and it.followups[-1]["ephemeral"] is True
    assert (await h.service.status(game)).version == 1
    assert len(h.posts) == posts
    # Somebody with no seat at all.
    it = await h.press(choice, OUTSIDER, ephemeral_message=True)
    assert f"no seat in game #{game}" in reply_text(it)
    assert (await h.service.status(game)).version == 1


async def test_right_user_press_applies_and_edits_the_turn_post(h: Harness):
    """While the same player keeps acting the turn post is edited; when the turn passes a new
    post pings the next player and the old one loses its buttons."""
    game = await started(h)
    first = h.last_post
    menu = await my_choices(h, game, A)
    labels = {cid: label for f in menu.followups for cid, label in labels_of(f["view"]).items()}
    step = next(cid for cid, label in labels.items() if label == "Step marker")
    assert step.startswith(f"g:{game}:1:a:")
    posts = len(h.posts)
    it = await h.press(step, A, ephemeral_message=True)
    assert h.order(it)[0] == "defer"
    assert (await h.service.status(game)).version == 2
    assert len(h.posts) == posts and h.last_post is first
    assert "Your choice: Step marker" in it.edit_original_response.call_args.kwargs["content"]
    assert ids_of(first["view"]) == [f"gx:{game}:2"] and len(first.edits) == 1
    # A plays a card: the turn passes to B.
    menu = await my_choices(h, game, A)
    play = next(cid for f in menu.followups for cid, label in labels_of(f["view"]).items()
                if label.startswith("Play card"))
    await h.press(play, A, ephemeral_message=True)
    assert len(h.posts) == posts + 1
    assert h.last_post.pinged == [B] and first.pinged == [A]
    assert first.get("view") is None            # the previous turn post lost its components


async def test_stale_press_says_moved_on_and_offers_fresh_choices(h: Harness):
    game = await started(h)
    old = menu_ids(await my_choices(h, game, A))
    step = old[-1]
    await h.press(step, A, ephemeral_message=True)                 # version 1 -> 2
    posts = len(h.posts)
    it = await h.press(step, A, ephemeral_message=True)            # the same button again
    assert "moved on" in reply_text(it)
    fresh = menu_ids(it)
    assert fresh and all(cid.startswith(f"g:{game}:2:a:") for cid in fresh)
    assert (await h.service.status(game)).version == 2
    assert len(h.posts) == posts


async def test_menu_press_reads_the_selected_index(h: Harness):
    game = await started(h)
    info = await h.service.status(game)
    view = (await h.service.views_for(game, A))["a"]
    index = next(i for i, c in enumerate(view.actions) if c.verb == "step")
    await h.press(codec.encode_menu(game, info.version, "a", 0), A, values=[str(index)])
    assert (await h.service.status(game)).version == 2


# -- hidden hands ------------------------------------------------------------------------------

async def test_closed_dms_one_notice_then_hand_is_served_ephemerally(h: Harness):
    h.users[B].dms_closed = True
    game = await started(h)
    notices = [c for c in h.contents() if "DMs are closed" in c]
    assert notices == [f"<@{B}>, your DMs are closed, so I cannot send you your hand; use /hand."]
    # A plays a card, then B plays a card: B's hand changes, no second notice.
    for user in (A, B):
        menu = await my_choices(h, game, user)
        play = next(cid for f in menu.followups for cid, label in labels_of(f["view"]).items()
                    if label.startswith("Play card"))
        await h.press(play, user, ephemeral_message=True)
    assert len([c for c in h.contents() if "DMs are closed" in c]) == 1
    assert not any(PRIVATE_MARK in c for c in h.contents())
    hand = h.users[A].dms[0]                    # A's one hand message is kept current
    assert len(h.users[A].dms) == 1 and hand.edits and "You draw" in hand["content"]
    it = await h.command("hand", B, game)
    assert it.followups[-1]["ephemeral"] is True
    assert PRIVATE_MARK in reply_text(it)


async def test_hand_is_refused_to_someone_without_a_seat(h: Harness):
    game = await started(h)
    it = await h.command("hand", OUTSIDER, game)
    assert "no seat" in reply_text(it)


# -- moderators --------------------------------------------------------------------------------

async def test_moderator_commands_are_refused_to_others(h: Harness):
    game = await started(h)
    it = await h.command("game kick", B, h.users[A], game)
    assert "Only a moderator may do that." in reply_text(it)
    assert (await h.service.status(game)).seats["a"] == A
    it = await h.command("game settings", B, "ru")
    assert "Only a moderator" in reply_text(it)
    assert (await h.service.get_settings(GUILD)).language == "en"
    it = await h.command("game undo", B, game, force=True)
    assert "Only a moderator" in reply_text(it)
    it = await h.command("game end", B, game)
    assert "Only the creator" in reply_text(it)
    assert (await h.service.status(game)).status == "active"
    # Manage Server makes a moderator.
    await h.command("game kick", MOD, h.users[A], game, manage=True)
    info = await h.service.status(game)
    assert info.seats["a"] is None and info.status == "paused"
    await h.command("game replace", MOD, h.users[A], h.users[C], game, manage=True)
    info = await h.service.status(game)
    assert info.seats["a"] == C and info.status == "active"
    assert h.users[C].dms                       # the new player got the hand of the seat


async def test_moderator_role_from_settings(h: Harness):
    await h.command("game settings", MOD, None, SimpleNamespace(id=77), manage=True)
    it = h.interaction(B)
    it.user.roles = [SimpleNamespace(id=77)]
    assert await h.bot.table.is_moderator(it)
    assert not await h.bot.table.is_moderator(h.interaction(C))


async def test_russian_locale_answers_in_russian(h: Harness):
    game = await started(h)
    it = await h.command("game kick", B, h.users[A], game, locale=discord.Locale.russian)
    assert "Это может только модератор." in reply_text(it)


async def test_server_language_is_used_for_channel_posts(h: Harness):
    await h.command("game settings", MOD, "ru", manage=True)
    game = await started(h)
    assert "Ваш ход" in h.last_post["content"]
    assert "шаг или карта" in h.last_post["content"]          # the toy's own Russian
    menu = await my_choices(h, game, A)                        # the presser's locale: English
    assert "your choices" in reply_text(menu)


# -- simultaneous secret choices ---------------------------------------------------------------

async def play_round(h: Harness, game: int, users: tuple[int, ...]) -> None:
    for user in users:
        menu = await my_choices(h, game, user)
        play = next(cid for f in menu.followups for cid, label in labels_of(f["view"]).items()
                    if label.startswith("Play card"))
        await h.press(play, user, ephemeral_message=True)


async def test_secret_bids_go_through_ephemeral_menus_and_stay_hidden(h: Harness):
    game = await started(h, "trio")
    await play_round(h, game, (A, B, C))
    post = h.last_post
    assert "bid 0 or 1 in secret" in post["content"]
    assert ids_of(post["view"]) == [f"gx:{game}:4"]
    assert labels_of(post["view"])[f"gx:{game}:4"] == "Choose in secret"
    # A bids 1 through their private menu.
    menu = await my_choices(h, game, A)
    assert all(f["ephemeral"] for f in menu.followups)
    bid1 = next(cid for f in menu.followups for cid, label in labels_of(f["view"]).items()
                if label == "Bid 1")
    it = await h.press(bid1, A, ephemeral_message=True)
    assert "Your choice: Bid 1" in it.edit_original_response.call_args.kwargs["content"]
    post = h.last_post
    assert "Bid 1" not in post["content"] and "a=1" not in post["content"]
    assert ids_of(post["view"]) == [f"gx:{game}:5"]            # B and C still choose in secret
    assert not any(f"a:{i}" in cid for cid in ids_of(post["view"]) for i in range(3))
    # B and C bid; only now are the bids revealed.
    for user in (B, C):
        menu = await my_choices(h, game, user)
        bid0 = next(cid for f in menu.followups for cid, label in labels_of(f["view"]).items()
                    if label == "Bid 0")
        await h.press(bid0, user, ephemeral_message=True)
    assert "Bids revealed: a=1, b=0, c=0" in h.last_post["content"]
    assert not any(PRIVATE_MARK in c for c in h.contents())


# -- /play -------------------------------------------------------------------------------------

async def test_play_autocomplete_lists_the_active_users_choices(h: Harness):
    game = await started(h)
    it = h.interaction(A)
    choices = await play_autocomplete(it, "")
    view = (await h.service.views_for(game, A))["a"]
    assert 0 < len(choices) <= 25
    assert [c.name for c in choices] == [c.label for c in view.actions]
    why = await play_autocomplete(h.interaction(B), "")   # one entry that says why
    assert [(c.name, c.value) for c in why] == [("Not your turn: waiting for a", "?")]
    assert "Not your turn" in reply_text(await h.command("play", B, "?"))
    assert [c.name for c in await play_autocomplete(h.interaction(A), "step")] == ["Step marker"]
    russian = h.interaction(A, locale=discord.Locale.russian)
    assert "Шаг фишкой" in [c.name for c in await play_autocomplete(russian, "")]
    # The value names the action; /play with it makes the move.
    step = next(c for c in choices if c.name == "Step marker")
    await h.command("play", A, step.value)
    assert (await h.service.status(game)).version == 2


async def test_title_scenario_game_and_role_autocomplete(h: Harness):
    assert "toy" in [c.value for c in await title_autocomplete(h.interaction(A), "")]
    scenarios = await scenario_autocomplete(h.interaction(A, title="toy"), "")
    assert [c.value for c in scenarios] == ["duel", "trio"]
    assert await scenario_autocomplete(h.interaction(A, title="nope"), "") == []
    game = await new_game(h)
    await h.command("game join", A, game)
    assert [c.value for c in await game_autocomplete(h.interaction(B), "")] == [game]
    roles = await role_autocomplete(h.interaction(B, game=None), "")
    assert [c.value for c in roles] == ["b"]


async def test_play_accepts_typed_text_and_refuses_unknown(h: Harness):
    game = await started(h)
    it = await h.command("play", A, "Step marker")
    assert (await h.service.status(game)).version == 2
    it = await h.command("play", A, "fly to the moon")
    assert "not one of your choices" in reply_text(it)
    assert (await h.service.status(game)).version == 2


# -- /game new with a scenario file ------------------------------------------------------------

def attachment(data: bytes) -> MagicMock:
    file = MagicMock(spec=discord.Attachment)
    file.size = len(data)
    file.read = AsyncMock(return_value=data)
    return file


async def test_scenario_file_errors_create_nothing(h: Harness):
    it = await h.command("game new", A, "toy", None, attachment(b"{not json"))
    assert "not valid JSON" in reply_text(it)
    it = await h.command("game new", A, "toy", None, attachment(b"[1, 2]"))
    assert "one JSON object" in reply_text(it)
    it = await h.command("game new", A, "toy", None, attachment(b'{"units": []}'))
    assert "cannot be set up" in reply_text(it)
    assert await h.service.list_games(GUILD, CHANNEL) == []
    assert h.posts == []


# -- read-only commands ------------------------------------------------------------------------

async def test_status_list_board_log_rules(h: Harness):
    game = await started(h)
    assert "in play" in reply_text(await h.command("game status", B))
    assert f"#{game}" in reply_text(await h.command("game list", B))
    board = await h.command("board", OUTSIDER)
    assert "a: step or play a card" in reply_text(board) and "view" not in board.followups[-1]
    await play_round(h, game, (A,))
    log = reply_text(await h.command("log", A))
    assert "a plays" in log and "You draw" in log            # A may read their own draw
    assert "You draw" not in reply_text(await h.command("log", B))
    rules = await h.command("rules", B, "ancients")
    assert "Victory Banners" in rules.followups[-1]["embed"].description
    posts = len(h.posts)
    await h.command("board", B, share=True)
    # The picture for everyone; the choices stay on the one turn post.
    assert len(h.posts) == posts + 1 and h.last_post.get("view") is None


async def test_turn_timer_reminds_by_dm_and_expiry_lets_the_others_vote(h: Harness):
    """The reminder reaches the waited-for player by DM (the channel already pinged them);
    the expiry is posted with buttons for the other players, and their majority decides."""
    game = await started(h)
    await h.command("game timer", A, 10, game)
    cog = TimerCog(h.bot.table)
    start = datetime.now(UTC)
    posts = len(h.posts)
    assert await cog.tick(start + timedelta(minutes=6)) == 1
    assert len(h.posts) == posts and "⏰" in h.users[A].dms[-1]["content"]
    assert await cog.tick(start + timedelta(minutes=11)) == 1
    notice = h.last_post
    assert "time is up" in notice["content"] and "vote" not in notice.pinged
    votes = ids_of(notice["view"])
    assert [codec.decode(v).vote for v in votes] == ["extend", "abandon"]
    assert await cog.tick(start + timedelta(minutes=12)) == 0
    it = await h.press(votes[0], A)                     # the waited-for player may not vote
    assert "waiting for you" in reply_text(it)
    await h.press(votes[0], B)                          # B alone is the majority of the others
    info = await h.service.status(game)
    assert info.status == "active" and notice.get("view") is None
    assert "more time" in notice["content"]
    assert await cog.tick(datetime.now(UTC) + timedelta(minutes=6)) == 1   # the clock restarted


async def test_expired_timer_vote_ends_the_game_as_abandoned(h: Harness):
    game = await started(h, "trio")
    await h.command("game timer", A, 10, game)
    cog = TimerCog(h.bot.table)
    assert await cog.tick(datetime.now(UTC) + timedelta(minutes=11)) == 2  # reminder, expiry
    abandon = ids_of(h.last_post["view"])[1]
    it = await h.press(abandon, B)
    assert "1 of 2" in reply_text(it)                   # B and C vote: two of two needed
    assert (await h.service.status(game)).status == "active"
    await h.press(abandon, C)
    assert (await h.service.status(game)).status == "ended"
    assert "abandoned" in h.last_post["content"] or any(
        "abandoned" in c for c in h.contents())


# -- a whole game ------------------------------------------------------------------------------

async def test_whole_toy_game_through_button_presses(h: Harness):
    game = await started(h, seed=11)
    for _ in range(300):
        info = await h.service.status(game)
        if info.status == "finished":
            break
        user = info.active_users[0]
        menu = await my_choices(h, game, user)
        first = menu_ids(menu)[0]                 # the lowest card, or bid 0: always progress
        await h.press(first, user, ephemeral_message=True)
    info = await h.service.status(game)
    assert info.status == "finished" and info.result is not None
    final = h.last_post
    assert "Game over" in final["content"] and "wins" in final["content"]
    assert [codec.decode(c).kind for c in ids_of(final.get("view"))] == [
        "rematch", "rematch", "export"]
    assert not any(PRIVATE_MARK in c for c in h.contents())
    # Presses after the end are refused politely.
    it = await h.press(codec.encode_secret(game, info.version), A)
    assert "over" in reply_text(it)


async def test_pause_resume_and_end(h: Harness):
    game = await started(h)
    await h.command("game pause", A, game)
    assert "is paused" in h.last_post["content"] and "view" not in h.last_post
    it = await h.press(codec.encode_choice(game, 1, "a", 0), A)
    assert "is paused" in reply_text(it)
    await h.command("game resume", A, game)
    assert "goes on" in h.last_post["content"]
    assert ids_of(h.last_post["view"]) == [f"gx:{game}:1"]
    await h.command("game end", A, game)
    assert "was ended" in h.last_post["content"]
    assert [codec.decode(c).kind for c in ids_of(h.last_post.get("view"))] == [
        "rematch", "rematch", "export"]
    assert (await h.service.status(game)).status == "ended"


def test_custom_id_codec_round_trips_and_stays_short():
    assert codec.decode(codec.encode_choice(12, 345, "carthage", 24)) == codec.Press(
        "choice", "12", 345, "carthage", index=24)
    assert codec.decode(codec.encode_menu(12, 3, "rome", 2)).page == 2
    assert codec.decode(codec.encode_secret(12, 3)).kind == "secret"
    assert codec.decode(codec.encode_join(12, "rome")).role == "rome"
    assert codec.decode("someone-elses:button") is None
    longest = codec.encode_choice(2**63 - 1, 2**31, "r" * 40, 999)
    assert len(longest) <= 100
    with pytest.raises(codec.CodecError):
        codec.encode_choice(1, 1, "has space", 0)
    value = codec.encode_play(7, "a", "play", 3, 9, 0)
    assert codec.decode_play(value) == codec.PlayValue(game="7", role="a", verb="play", arg=3)
    assert codec.decode_play(codec.encode_play(7, "a", "move", "Capua", 9, 2)).arg == "Capua"
    long = codec.encode_play(7, "a", "move", "x" * 120, 9, 2)
    assert len(long) <= 100
    assert codec.decode_play(long) == codec.PlayValue(game="7", role="a", version=9, index=2)
    assert codec.decode_play("Step marker") is None


async def test_play_value_by_index_checks_the_version(h: Harness):
    game = await started(h)
    view = (await h.service.views_for(game, A))["a"]
    index = next(i for i, c in enumerate(view.actions) if c.verb == "step")
    stale = await h.command("play", A, f"i|{game}|a|0|{index}")
    assert "moved on" in reply_text(stale)
    assert all(cid.startswith(f"g:{game}:1:a:") for cid in menu_ids(stale)) and menu_ids(stale)
    await h.command("play", A, f"i|{game}|a|1|{index}")
    assert (await h.service.status(game)).version == 2
