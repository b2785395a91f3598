"""What the bot refuses, against the real bot process: malformed input (custom ids, menu values,
scenario files), players acting out of turn or for another, moderation by non-moderators, hidden
information for spectators, and the token in the logs.
"""

from __future__ import annotations

import json
from pathlib import Path

from bot.cogs.play import WHY
from games.core import Rng
from tests.e2e.conftest import TOKEN, BotProcess, Oracle
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.players import HAND_MARK, PNG, Table, presses

ROOT = Path(__file__).resolve().parents[2]
CHOOSER = 2


def akragas(**changes) -> dict:
    doc = json.loads((ROOT / "data" / "ancients" / "scenarios" / "001-akragas.json").read_text())
    doc.update(changes)
    return doc


def channel_state(fake: FakeDiscord) -> list[tuple[int, int, bool]]:
    """Every post of the channel and its threads, with how often it changed."""
    return [(m.id, len(m.changed_at), m.deleted) for m in fake.posts]


async def nothing_changed(fake: FakeDiscord, oracle: Oracle, game: int, version: int,
                          before: list[tuple[int, int, bool]]) -> None:
    """The game is at ``version`` still, and no post was made, edited or deleted."""
    await fake.quiet(0.1)
    assert channel_state(fake) == before, [m.text for m in fake.posts]
    assert (await oracle.status(game)).version == version


# -- malformed input ---------------------------------------------------------------------------------

async def test_malformed_input_gets_clear_private_errors_and_changes_nothing(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    """Scenario files that are not valid JSON or not a valid scenario; custom ids that are not
    the bot's, or name a game that does not exist or is over; values no menu offered."""
    alice = fake.alice
    cases = [
        (b"{ this is not json", "⛔ The scenario file is not valid JSON"),
        (b"\xff\xfe\x00garbage", "⛔ The scenario file is not valid JSON"),
        (b"[1, 2, 3]", "⛔ The scenario file must hold one JSON object."),
        (json.dumps({"id": "x", "name": "Nowhere", "units": "many"}).encode(),
         "⛔ That scenario cannot be set up"),
        (json.dumps(akragas(units=[{"hex": "Z99", "side": "north", "type": "HI"}])).encode(),
         "⛔ That scenario cannot be set up"),
    ]
    for data, expected in cases:
        it = await fake.slash(alice, "game new", title="ancients",
                              scenario_file=("battle.json", data))
        assert it.replies and all(m.ephemeral for m in it.replies)
        assert expected in it.text, (data[:40], it.text)
    assert fake.channel == []                       # no table was opened
    assert await oracle.service.list_games(fake.guild_id, include_finished=True) == []
    # a good document (here with one banner to win) opens a table that plays
    doc = akragas(name="Akragas in brief", north={**akragas()["north"], "banners": 1},
                  south={**akragas()["south"], "banners": 1})
    table = await Table.open(fake, oracle, scenario_file=("brief.json", json.dumps(doc).encode()))
    info = await oracle.status(table.game)
    assert (info.scenario, info.scenario_name) == ("custom", "Akragas in brief")
    chooser = Rng.from_seed(CHOOSER)
    await table.move(chooser)
    info, role, user, view = await table.turn()
    post = await table.post()
    before, version = channel_state(fake), info.version

    # a custom id that is none of the bot's
    it = await fake.press(user, post, "legacy:board:7", settle=0.1)
    assert it.callback["type"] == 4 and it.original is not None and it.original.ephemeral
    assert "⛔ I do not know that button or menu" in it.text, it.text
    # a custom id of ours with a game that does not exist (deleted, or another database)
    for custom_id in ("g:987654:1:south:0", "gx:987654:1", "gm:nogame:1:south:0"):
        it = await fake.press(user, post, custom_id, ["0"] if custom_id.startswith("gm")
                              else None, settle=0.1)
        assert it.replies and all(m.ephemeral for m in it.replies)
        assert "⛔ There is no game #" in it.text, (custom_id, it.text)
    # a menu value the menu never offered
    it = await fake.press(user, post, f"gm:{table.game}:{version}:{role}:0", ["99"], settle=0.1)
    assert "⛔ That is not one of the choices on offer." in it.text, it.text
    assert all(p.version == version for m in it.replies for _, p in presses(m))
    it = await fake.press(user, post, f"gm:{table.game}:{version}:{role}:0", ["x"], settle=0.1)
    assert "⛔" in it.text, it.text
    # /play with an action that is not one of the choices, or in a form it never offers
    bad = f'a|{table.game}|{role}|["order", "Z99"]'
    it = await fake.slash(user, "play", action=bad)
    assert "⛔ That move is not allowed" in it.text, it.text
    it = await fake.slash(user, "play", action=f"a|{table.game}|{role}|not json")
    assert "⛔" in it.text and "not one of your choices" in it.text, it.text
    it = await fake.slash(user, "play", action="launch the catapults")
    assert "⛔" in it.text and "not one of your choices" in it.text, it.text
    await nothing_changed(fake, oracle, table.game, version, before)

    # a game that is over: its old choices say so
    it = await fake.slash(alice, "game resign")
    assert "⛔" not in it.text, it.text
    final = await oracle.status(table.game)
    assert final.status == "finished"
    await table.settled()
    before = channel_state(fake)
    for custom_id in (f"g:{table.game}:{version}:{role}:0", f"gx:{table.game}:{final.version}"):
        it = await fake.press(user, post, custom_id, settle=0.1)
        assert f"⛔ Game #{table.game} is over." in it.text, it.text
    await nothing_changed(fake, oracle, table.game, final.version, before)


# -- who may do what ------------------------------------------------------------------------------

async def test_only_seated_players_act_for_their_own_role_and_spectators_see_nothing_hidden(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    await table.move(chooser)
    info, role, user, view = await table.turn()
    other = bob if user is alice else alice
    post = await table.post()
    before = channel_state(fake)
    choice = view.actions[0]
    value = f"a|{table.game}|{role}|{json.dumps([choice.verb, choice.arg])}"
    # the other player, for the mover's role: by /play, and by the mover's own choices
    it = await fake.slash(other, "play", action=value)
    assert "⛔ You do not hold the seat of" in it.text, it.text
    why = await fake.autocomplete(other, "play", "action", action="")
    assert [c["value"] for c in why] == [WHY] and "Not your turn" in why[0]["name"], why
    # a spectator (here also a moderator: moderators do not play for others)
    it = await fake.slash(carol, "play", action=value)
    assert f"⛔ You have no seat in game #{table.game}." in it.text, it.text
    why = await fake.autocomplete(carol, "play", "action", action="")
    assert [c["value"] for c in why] == [WHY], why       # one entry that says why, no move
    if [p.kind for _, p in presses(post)] == ["secret"]:
        it = await fake.press(other, post, post.custom_ids[0], settle=0.1)
        assert "It is not your turn" in it.text and HAND_MARK not in it.text, it.text
        it = await fake.press(carol, post, post.custom_ids[0], settle=0.1)
        assert "⛔ You have no seat" in it.text and HAND_MARK not in it.text, it.text
    else:
        it = await table.press_for(other, post, 0, settle=0.1)
        assert "⛔ You do not hold the seat of" in it.text, it.text
        it = await table.press_for(carol, post, 0, settle=0.1)
        assert "⛔ You have no seat" in it.text, it.text
    await nothing_changed(fake, oracle, table.game, info.version, before)
    # the mover may
    it = await fake.slash(user, "play", action=value)
    assert "⛔" not in it.text, it.text
    await table.settled(info.version + 1)
    assert await table.actions() == 2
    # a spectator never receives hidden information
    for _ in range(5):
        await table.move(chooser)
    it = await fake.slash(carol, "hand")
    assert f"⛔ You have no seat in game #{table.game}." in it.text
    it = await fake.slash(carol, "board")
    assert it.replies[0].files["board.png"].startswith(PNG)
    assert HAND_MARK not in it.text and it.replies[0].custom_ids == []
    seen = it.text
    it = await fake.slash(carol, "log", lines=50)
    assert "⛔" not in it.text and "•" in it.text, it.text
    seen += it.text
    it = await fake.slash(carol, "game status")
    seen += it.text
    # the cards in the players' hands that were never shown openly: carol read none of them
    public = (await oracle.service.view_for(table.game, 0)).model_dump_json()
    hidden = []
    for user, role in ((fake.alice, "south"), (fake.bob, "north")):
        for card in (await oracle.view(table.game, user.id, role)).private["hand"]:
            if card["key"] not in public and card["name"] not in public:
                hidden.append(card["name"])
    assert hidden
    assert not any(name in seen for name in hidden), hidden
    # no DM, and nothing hidden in the channel
    assert fake.dms[carol.id] == []
    assert not any(HAND_MARK in text for m in fake.posts
                   for text in [m.text, *(e.get("content") or "" for e in m.edits)])
    for user, role in ((fake.alice, "south"), (fake.bob, "north")):
        hand = (await oracle.view(table.game, user.id, role)).private["hand"]
        assert all(HAND_MARK in m.text for m in fake.dms[user.id] if "hand.png" in m.files)
        assert hand


async def test_only_moderators_end_kick_and_force_an_undo(fake: FakeDiscord, bot: BotProcess,
                                                         oracle: Oracle):
    alice, bob, carol = fake.alice, fake.bob, fake.carol      # carol has Manage Server
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    game = table.game
    # refused to players who are not moderators (bob did not even open the table)
    it = await fake.slash(bob, "game end")
    assert f"⛔ Only the creator of game #{game} or a moderator may do that." in it.text
    for user in (alice, bob):
        it = await fake.slash(user, "game kick", player=bob if user is alice else alice)
        assert "⛔ Only a moderator may do that." in it.text, it.text
        it = await fake.slash(user, "game replace", old=bob, new=carol)
        assert "⛔ Only a moderator may do that." in it.text, it.text
    # a forced undo: refused to a player, done by the moderator (at the first move that can be
    # taken back)
    for _ in range(30):
        await table.move(chooser)
        version = await table.version()
        it = await fake.slash(alice, "game undo", force=True)
        assert "⛔ Only a moderator may do that." in it.text, it.text
        assert await table.version() == version
        it = await fake.slash(carol, "game undo", force=True)
        if "⛔" not in it.text:
            break
        assert "cannot be undone" in it.text, it.text
    else:
        raise AssertionError("no move could be undone")
    assert await table.version() == version + 1
    await table.settled(version + 1)
    assert "The last move was undone." in (await table.post()).text
    rows = await oracle.service.store.log(game)
    assert rows[-1].kind == "undo" and rows[-1].user_id == carol.id
    # the moderator frees a seat (the game waits), seats someone, and ends the game
    it = await fake.slash(carol, "game kick", player=bob)
    assert "⛔" not in it.text and (await oracle.status(game)).status == "paused"
    it = await fake.slash(carol, "game replace", old=bob, new=bob)
    assert "⛔" not in it.text and (await oracle.status(game)).status == "active"
    it = await fake.slash(carol, "game end")
    assert "⛔" not in it.text and (await oracle.status(game)).status == "ended"


async def test_the_token_never_reaches_the_logs_or_discord(fake: FakeDiscord, tmp_path: Path,
                                                          database_url: str):
    """At DEBUG, the most the bot ever writes: no token in its output, nor in any message."""
    process = BotProcess(fake, tmp_path, database_url, log_level="DEBUG")
    try:
        await process.start()
        oracle = Oracle(database_url)
        try:
            table = await Table.open(fake, oracle)
            await table.move(Rng.from_seed(CHOOSER))
            await fake.drop_gateway()        # a resume sends the token again
            await table.move(Rng.from_seed(CHOOSER + 1))
            await fake.until(lambda: fake.resumes >= 1, "a resume")
        finally:
            await oracle.close()
    finally:
        await process.kill()
    logs = process.log_text()
    assert "DEBUG" in logs and "INTERACTION_CREATE" in logs
    for secret in (TOKEN, TOKEN.split(".")[-1], TOKEN.split(".")[0]):
        assert secret not in logs
    for message in fake.everything_sent():
        assert TOKEN not in json.dumps(message.payload)
