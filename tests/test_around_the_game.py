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


async def test_a_finished_games_export_replays_byte_for_byte(h: Harness, tmp_path):
    """The record of a finished game replays to its stored State; `python -m bot replay`
    prints its whole log (private lines marked) in the language asked."""
    import io
    import json

    from bot.export import final_state, replay_main

    game = await started(h)
    await play_to_the_end(h, game)
    record, text = await h.service.export(game, A, "en")
    assert record["seed"] == 5 and record["moves"]
    stored = (await h.service.store.state_json(game))[1]
    assert final_state(record).model_dump_json() == stored
    assert "[b] You draw" in text and "[a] You draw" in text      # over: everything
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    out = io.StringIO()
    assert replay_main([str(path), "--lang", "ru"], out=out) == 0
    printed = out.getvalue()
    assert "играет" in printed and printed.rstrip().splitlines()[-1].startswith("= Победа")
    out = io.StringIO()
    assert replay_main([str(tmp_path / "missing.json")], out=out) == 2
    # Through the bot: the record and the log as files, privately.
    it = await h.command("game export", B, game)
    names = [f.filename for f in it.followups[-1]["files"]]
    assert names == [f"game-{game}.json", f"game-{game}-en.txt"]      # the toy draws nothing
    assert it.followups[-1]["ephemeral"] is True


async def test_a_running_games_export_shows_nothing_hidden(h: Harness):
    game = await started(h)
    view = (await h.service.views_for(game, A))["a"]
    card = next(c for c in view.actions if c.verb == "play")
    await h.service.act(game, A, card.verb, card.arg)
    record, text = await h.service.export(game, A, "en")
    assert record["seed"] is None and record["moves"] is None
    assert "[a] You draw" in text                                    # A's own line
    _, theirs = await h.service.export(game, B, "en")
    assert "You draw" not in theirs and "a plays" in theirs
    from bot.export import RecordError, load_record

    with pytest.raises(RecordError):
        load_record(record)


def test_the_animation_of_a_finished_battle_is_one_frame_per_turn_under_the_limit():
    """An Ancients battle played to its end: a GIF with a frame per turn, small enough for
    Discord."""
    from PIL import Image

    from bot.export import UPLOAD_LIMIT, animation, turn_frames
    from games.core import Rng
    from games.core.fuzz import weigher_of, weighted_index

    rules = registry.get("ancients")
    weigh = weigher_of(rules)
    state = rules.setup(49, "001", {})
    chooser = Rng.from_seed(2)
    moves = []
    while state.result is None and len(moves) < 400:
        role = rules.view(state, None).active[0]
        view = rules.view(state, role)
        choice = view.actions[weighted_index(chooser, [max(0.0, weigh(c, view))
                                                      for c in view.actions])]
        moves.append({"role": role, "verb": choice.verb, "arg": choice.arg})
        state = rules.act(state, role, choice.action())
    assert state.result is not None
    record = {"format": "ancient-tables/game-record", "title": "ancients", "scenario": "001",
              "options": {}, "seed": 49, "moves": moves}
    frames = turn_frames(record)
    assert 2 < len(frames) < len(moves)
    gif = animation(record, "en")
    assert gif is not None and gif.startswith(b"GIF89a") and len(gif) < UPLOAD_LIMIT
    assert Image.open(__import__("io").BytesIO(gif)).n_frames == len(frames)


async def test_the_last_post_offers_a_rematch_and_the_export(h: Harness):
    """A finished game's last post says how long it went and offers a rematch (sides kept or
    swapped: a new game of the same players starts at once) and the export."""
    from bot.cogs import codec

    game = await started(h)
    await play_to_the_end(h, game)
    final = h.last_post
    assert "moves in" in final["content"]
    rematch_swap = codec.encode_rematch(game, "swap")
    assert codec.encode_rematch(game, "keep") in [i.custom_id for i in final["view"].children]
    it = await h.press(rematch_swap, OUTSIDER)                 # not one of its players
    assert "no seat" in reply_text(it)
    it = await h.press(rematch_swap, B)
    new = (await h.service.list_games(GUILD, CHANNEL))[-1]
    assert new.id != game and new.status == "active"
    assert new.seats == {"a": B, "b": A}                        # sides swapped
    assert f"Game #{new.id} begins." in reply_text(it)
    assert f"<@{new.seats[new.active_roles[0]]}>" in h.last_post["content"]
    it = await h.press(codec.encode_export(game), A)
    assert [f.filename for f in it.followups[-1]["files"]] == [
        f"game-{game}.json", f"game-{game}-en.txt"]
    keep = await h.press(codec.encode_rematch(game, "keep"), A)
    newest = (await h.service.list_games(GUILD, CHANNEL))[-1]
    assert newest.seats == {"a": A, "b": B} and "begins" in reply_text(keep)


async def test_rule_options_are_set_at_the_table_and_shown(h: Harness):
    """`/game new options:` and `/game options` in the lobby set a title's rule options,
    checked against its list; the lobby post and /game status show those in force, in the
    reader's language."""
    import discord

    from bot.cogs.game import option_autocomplete, option_value_autocomplete

    await h.command("game new", A, "toy", "duel", seed=5, options="bids_asked=yes")
    game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
    assert (await h.service.status(game)).options == {"bids_asked": True}
    lobby = h.last_post
    assert "Rule options:\n• Bids are asked privately: yes" in lobby["content"]
    it = await h.command("game options", B, "bids_asked", "no", game)
    assert "Only the creator" in reply_text(it)
    it = await h.command("game options", A, "bids_asked", "maybe", game)
    assert "cannot be maybe" in reply_text(it) and "False, True" in reply_text(it)
    it = await h.command("game options", A, "zzz", "1", game)
    assert "no option zzz" in reply_text(it)
    it = await h.command("game options", A, "bids_asked", "False", game)
    assert reply_text(it) == f"Game #{game}: Bids are asked privately — no."
    assert (await h.service.status(game)).options == {"bids_asked": False}
    assert "Rule options: as the rulebook says." in lobby["content"]
    listed = await option_autocomplete(h.interaction(A, game=game), "")
    assert [(c.name, c.value) for c in listed] == [("Bids are asked privately", "bids_asked")]
    values = await option_value_autocomplete(h.interaction(A, game=game, option="bids_asked"),
                                             "")
    assert [c.value for c in values] == ["False", "True"]
    it = await h.command("game new", A, "toy", "duel", options="bids_asked")
    assert "name=value" in reply_text(it)
    # A title's options in Russian.
    await h.command("game new", A, "hannibal", "218bc", options="zero_round_losses=none")
    other = (await h.service.list_games(GUILD, CHANNEL))[-1]
    text = reply_text(await h.command("game status", A, other.id,
                                      locale=discord.Locale.russian))
    assert "потери в сражении" in text and "никаких" in text


def attached(data: bytes):
    from unittest.mock import AsyncMock, MagicMock

    import discord

    file = MagicMock(spec=discord.Attachment)
    file.size = len(data)
    file.read = AsyncMock(return_value=data)
    return file


async def test_a_server_keeps_its_own_scenarios(h: Harness):
    """/scenario upload validates a document and keeps it for the server (moderators);
    /scenario list and show; /game new offers it and sets it up; /scenario remove."""
    import json
    from pathlib import Path

    from bot.cogs.game import scenario_autocomplete
    from tests.harness import MOD

    doc = json.loads(Path("data/ancients/scenarios/001-akragas.json").read_text())
    doc["name"] = "Akragas again"
    raw = json.dumps(doc).encode()
    it = await h.command("scenario upload", A, "ancients", attached(raw))
    assert "Only a moderator" in reply_text(it)
    broken = dict(doc, units=[{"hex": "Z99", "side": "north", "type": "MI"}])
    it = await h.command("scenario upload", MOD, "ancients", attached(json.dumps(broken)
                                                                      .encode()), manage=True)
    assert "cannot be set up" in reply_text(it) and "Z99" in reply_text(it)
    it = await h.command("scenario upload", MOD, "ancients", attached(raw), manage=True)
    assert "Kept for this server: Akragas again" in reply_text(it)
    rows = await h.service.server_scenarios(GUILD)
    assert [(r.title, r.name) for r in rows] == [("ancients", "Akragas again")]
    listed = reply_text(await h.command("scenario list", B))
    assert f"{rows[0].id}. Akragas again · Commands & Colors: Ancients" in listed
    shown = await h.command("scenario show", B, rows[0].id)
    assert shown.followups[-1]["file"].filename == f"scenario-{rows[0].id}.json"
    offered = await scenario_autocomplete(h.interaction(A, title="ancients"), "again")
    assert [c.value for c in offered] == [f"server:{rows[0].id}"]
    await h.command("game new", A, "ancients", f"server:{rows[0].id}", seed=3)
    game = (await h.service.list_games(GUILD, CHANNEL))[-1]
    assert game.scenario == "custom" and game.scenario_name == "Akragas again"
    it = await h.command("scenario remove", MOD, rows[0].id, manage=True)
    assert "Forgotten: Akragas again." in reply_text(it)
    assert await h.service.server_scenarios(GUILD) == []


def test_scenario_check_outside_discord(tmp_path, capsys):
    """`python -m games.scenario check FILE` names the problem or the scenario."""
    import json
    from pathlib import Path

    from games.scenario import main

    doc = json.loads(Path("data/ancients/scenarios/001-akragas.json").read_text())
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"title": "ancients", **doc}))
    assert main(["check", str(good)]) == 0
    assert "good.json: a good ancients scenario: Akragas" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(doc, units=[{"hex": "Z99", "side": "north", "type": "MI"}])))
    assert main(["check", str(bad), "--title", "ancients"]) == 1
    assert "bad.json: " in capsys.readouterr().err
    (tmp_path / "notjson.json").write_text("{")
    assert main(["check", str(tmp_path / "notjson.json"), "--title", "ancients"]) == 1


async def test_board_region_zooms_on_one_region_of_the_map(h: Harness):
    """`/board region:` (Pax Romana): a zoomed picture of one territory or province, the
    regions autocompleted; an unknown one refused."""
    from bot.cogs.play import region_autocomplete

    info = await h.service.create_game(GUILD, CHANNEL, A, "pax_romana", "II", seed=4)
    await h.service.join(info.id, A, "rome")
    await h.service.join(info.id, B, "carthage")
    await h.service.start(info.id, A)
    offered = await region_autocomplete(h.interaction(A), "hisp")
    assert "hispania" in [c.value for c in offered]
    it = await h.command("board", A, region="hispania")
    files = it.followups[-1]["files"]
    assert [f.filename for f in files] == ["region.png"]
    assert files[0].fp.getvalue().startswith(b"\x89PNG")
    it = await h.command("board", A, region="atlantis")
    assert "no region atlantis" in reply_text(it)


def test_the_end_summary_tells_the_battles_the_race_and_the_deciding_turn():
    """The last post's summary from a title's figures: battles, losses, the race sampled turn
    by turn, and the turn from which the winner led to the end."""
    from games.core import Result

    info = SimpleNamespace(id=4, title="toy", scenario="duel", scenario_name="Duel", version=30,
                           status="finished", roles=["a", "b"], seats={"a": A, "b": B},
                           role_names={}, creator_id=A, result=Result(winners=["b"]))
    figures = {"battles": 7, "lost": {"b": 2, "a": 5},
               "race": [{"a": 0, "b": 0}, {"a": 2, "b": 1}, {"a": 2, "b": 3},
                        {"a": 3, "b": 2}, {"a": 3, "b": 4}, {"a": 4, "b": 6}]}
    lines = present.end_summary(info, figures, "en")
    assert lines == ["Battles fought: 7.", "Units lost: a 5, b 2.",
                     "The race, turn by turn:\na: 0 · 2 · 2 · 3 · 3 · 4\nb: 0 · 1 · 3 · 2 · 4 · 6",
                     "Decided from turn 5 of 6: b led from there to the end."]
    long = {"race": [{"a": i, "b": 0} for i in range(40)]}
    info.result = Result(winners=["a"])
    race = present.end_summary(info, long, "ru")
    assert race[0].startswith("Гонка по очередям:")
    assert len(race[0].splitlines()[1].split(" · ")) <= present.RACE_POINTS + 1
    assert race[-1] == "Исход решился с очереди 2 из 40: a лидировал оттуда до конца."


async def test_the_last_post_of_a_battle_shows_its_figures(h: Harness):
    from games.core import Rng
    from games.core.fuzz import weigher_of, weighted_index

    info = await h.service.create_game(GUILD, CHANNEL, A, "ancients", "001", seed=49)
    await h.service.join(info.id, A, "south")
    await h.service.join(info.id, B, "north")
    await h.bot.table.publish(await h.service.start(info.id, A))
    rules = registry.get("ancients")
    weigh = weigher_of(rules)
    chooser = Rng.from_seed(2)
    outcome = None
    for _ in range(400):
        status = await h.service.status(info.id)
        if status.status != "active":
            break
        role = status.active_roles[0]
        view = (await h.service.views_for(info.id, status.seats[role]))[role]
        choice = view.actions[weighted_index(chooser, [max(0.0, weigh(c, view))
                                                      for c in view.actions])]
        outcome = await h.service.act(info.id, status.seats[role], choice.verb, choice.arg,
                                      role=role)
    assert outcome is not None and outcome.finished
    await h.bot.table.publish(outcome)
    final = h.last_post["content"]
    assert "Game over" in final and "Battles fought: " in final and "Units lost: " in final
    assert "The race, turn by turn:\nSyracusan: 0 · " in final
    assert "led from there to the end." in final


async def test_a_player_may_hold_two_powers_where_the_scenario_has_more_sides_than_players(
        h: Harness):
    """Pax Romana, Scenario V (4 Powers, 2 to 4 players): two players take two Powers each
    through /game join; the game starts and each holds both seats' turns."""
    await h.command("game new", A, "pax_romana", "V", seed=2)
    game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
    for user, role in ((A, "rome"), (A, "greece"), (B, "carthage"), (B, "east")):
        it = await h.command("game join", user, game, role)
        assert "You sit at game" in reply_text(it), reply_text(it)
    await h.command("game start", A, game)
    info = await h.service.status(game)
    assert info.status == "active"
    assert info.roles_of(A) == ["rome", "greece"] and info.roles_of(B) == ["carthage", "east"]
    it = await h.command("game join", A, game, "rome")
    assert "already started" in reply_text(it)


def test_each_title_names_its_race_and_counts_its_battles():
    """Rules.race reads the race to victory off the public board (banners, political points,
    the tracks, Victory Points); Rules.summary counts battles from the log."""
    expected = {"ancients": ("001", {"south": 0, "north": 0}),
                "hannibal": ("218bc", {"rome": 9, "carthage": 7}),
                "pax_romana": ("II", {"rome": 0, "carthage": 0})}
    for title, (scenario, race) in expected.items():
        rules = registry.get(title)
        state = rules.setup(1, scenario, {})
        assert rules.race(rules.view(state, None).board) == race, title
        assert rules.summary(state)["battles"] == 0, title
    mn = registry.get("mare_nostrum")
    state = mn.setup(1, "3p", {})
    board = mn.view(state, None).board
    assert mn.race(board) == {e: sum(track[e] for track in board["tracks"].values())
                              for e in state.roles}
