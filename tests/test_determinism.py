"""A game replays to the same State in another process with another string-hash seed: the bot
rebuilds games from their logs after a restart, so nothing in an engine may depend on the order
of a set or on ``hash()`` of a string (DESIGN: the log replays to the stored state)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games import registry
from games.core.fuzz import play, weigher_of

REPLAY = """
import json, sys
from games import registry
from games.core import Action
from games.core.fuzz import replay
d = json.load(sys.stdin)
rules = registry.get(d["title"])
actions = [(r, Action(verb=v, arg=a)) for r, v, a in d["actions"]]
print(replay(rules, d["scenario"], d["seed"], d["options"], actions).model_dump_json())
"""


@pytest.mark.parametrize(("title", "scenario", "seed"), [
    ("ancients", "005", 1), ("mare_nostrum", "4p", 2), ("hannibal", "218bc", 3),
    ("pax_romana", "VII", 4), ("pax_romana", "II", 5), ("pax_romana", "V", 6)])
@pytest.mark.parametrize("advanced", [False, True])
def test_a_game_replays_the_same_in_another_process_with_another_hash_seed(
        title: str, scenario: str, seed: int, advanced: bool):
    if advanced and (title != "pax_romana" or scenario == "II"):
        pytest.skip("only Pax Romana has an Advanced Game, and not in Scenario II")
    options = {"advanced": True} if advanced else {}
    rules = registry.get(title)
    out = play(rules, scenario, seed, options=options, max_steps=20000, check_secrecy_every=0,
               weigh=weigher_of(rules))
    doc = {"title": title, "scenario": scenario, "seed": seed, "options": options,
           "actions": [[r, a.verb, a.arg] for r, a in out.actions]}
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONHASHSEED": str(seed * 1000 + 7)}
    done = subprocess.run([sys.executable, "-c", REPLAY], input=json.dumps(doc), text=True,
                          capture_output=True, cwd=root, env=env, timeout=300, check=True)
    assert done.stdout.strip() == out.final_json
