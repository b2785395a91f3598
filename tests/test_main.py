"""python -m bot: the missing-token message, the console, the endpoints of a fake Discord."""

from __future__ import annotations

import os
import subprocess
import sys
import types

import discord
import pytest
import yarl

from bot.__main__ import main
from bot.client import ShardedTableBot, TableBot, guild_ids, make_bot, use_endpoints
from bot.settings import Settings, shard_plan


def test_without_token_exits_nonzero_with_instructions(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run([sys.executable, "-m", "bot"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    out = done.stdout + done.stderr
    assert done.returncode == 2
    for needed in ("DISCORD_TOKEN", "applications.commands", "python -m bot console",
                   "Reset Token", "Send Messages", "Attach Files"):
        assert needed in out, needed


def test_console_gets_the_remaining_arguments(monkeypatch):
    seen = []
    fake = types.ModuleType("bot.console")
    fake.main = lambda argv: seen.append(argv) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.console", fake)
    assert main(["console", "toy", "duel"]) == 0
    assert seen == [["toy", "duel"]]


def test_endpoints_change_only_when_given(monkeypatch):
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    before = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    use_endpoints(None, None)
    assert (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == before
    use_endpoints("http://127.0.0.1:5555/api/v10/", "ws://127.0.0.1:5556/")
    assert discord.http.Route.BASE == "http://127.0.0.1:5555/api/v10"
    assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY == yarl.URL("ws://127.0.0.1:5556/")


def test_guild_ids_setting():
    assert guild_ids(None) == []
    assert guild_ids("1, 2 3") == [1, 2, 3]
    assert guild_ids([4, "5"]) == [4, 5]


def test_shard_setting_and_the_bot_it_makes():
    assert shard_plan(None) is None and shard_plan(" ") is None
    assert shard_plan("auto") == (None, None)
    assert shard_plan("4") == (4, None)
    assert shard_plan("0, 1/4") == (4, [0, 1])
    for bad in ("many", "4/2", "-1/2", "0/0"):
        with pytest.raises(ValueError):
            shard_plan(bad)
    assert Settings(DISCORD_SHARDS="2,3/4").DISCORD_SHARDS == "2,3/4"
    with pytest.raises(ValueError):
        Settings(DISCORD_SHARDS="two")
    service = types.SimpleNamespace()
    plain = make_bot(service, None, timers=False)      # type: ignore[arg-type]
    assert type(plain) is TableBot
    sharded = make_bot(service, "1/3", timers=False)   # type: ignore[arg-type]
    assert isinstance(sharded, ShardedTableBot) and isinstance(sharded, discord.AutoShardedClient)
    assert (sharded.shard_count, sharded.shard_ids) == (3, [1])
