"""Hannibal at the table: a whole game through the service across a restart, the hidden hands
(strategy cards, battle cards during a battle) only ever in their owner's private View, and the
other side prompted in the middle of a move (interception, avoid battle, response events, battle
cards) through the same service calls; then the start of a game through mocked Discord, with each
player's hand by DM.

Moves are chosen from the acting user's own View with a seeded ``games.core.Rng`` and the title's
playout preference when it has one, as in tests/test_ancients_table.py, so every run is the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cogs import present
from bot.service import Outcome, ServiceError, TableService
from games import registry
from games.core import Rng, View
from games.core.fuzz import weighted_index
from tests.test_ancients_table import channel_text, db_url, open_bot, open_service
from tests.test_cogs import CHANNEL, GUILD, OUTSIDER, A, B, reply_text

TITLE = "hannibal"
SEED = 5
CHOOSER = 7
MAX_ACTIONS = 4000
HALF = 300
RULES = registry.get(TITLE)
WEIGH = getattr(RULES, "fuzz_weight", None)


def pick(rng: Rng, view: View) -> int:
    if WEIGH is None:
        return rng.below(len(view.actions))
    return weighted_index(rng, [max(0.0, WEIGH(c, view)) for c in view.actions])


class Secrets:
    """Checks every Outcome: private Views go to their owners only, the public View holds no
    hand, and the strategy cards still in a hand are named nowhere public."""

    def __init__(self, seats: dict[str, int]) -> None:
        self.seats = seats
        self.battle_hands = 0     # private Views seen with battle cards in them

    def check(self, outcome: Outcome) -> None:
        public = outcome.public
        assert public is not None
        assert public.role is None and public.private == {} and public.actions == []
        text = public.model_dump_json()
        assert '"hand":' not in text and '"battle_hand":' not in text
        for user, views in outcome.privates.items():
            for role, view in views.items():
                assert self.seats[role] == user, (user, role)
                assert view.role == role
                if view.private.get("battle_hand"):
                    self.battle_hands += 1


async def seated_game(svc: TableService) -> tuple[int, dict[str, int]]:
    scenario = RULES.scenarios()[0].id
    info = await svc.create_game(GUILD, CHANNEL, A, TITLE, scenario, seed=SEED)
    assert info.status == "lobby" and sorted(info.roles) == ["carthage", "rome"]
    seats = dict(zip(info.roles, (A, B), strict=True))
    for role, user in seats.items():
        info = await svc.join(info.id, user, role)
    assert info.seats == seats
    return info.id, seats


async def test_hannibal_game_through_the_service_to_the_end_across_a_restart(tmp_path: Path):
    url = db_url(tmp_path)
    svc = await open_service(url)
    try:
        game, seats = await seated_game(svc)
        outcome = await svc.start(game, A)
        secrets = Secrets(seats)
        secrets.check(outcome)
        assert set(outcome.privates) == set(seats.values())   # each side's first hand
        chooser = Rng.from_seed(CHOOSER)
        actions, restarted, asked_in_the_others_play = 0, False, 0
        while True:
            info = await svc.status(game)
            if info.status == "finished":
                break
            assert actions < MAX_ACTIONS, "the game does not end"
            if actions == HALF and not restarted:
                stored = await svc.store.state_json(game)
                views = {u: (await svc.views_for(game, u)) for u in seats.values()}
                await svc.store.close()
                svc = await open_service(url)
                again = await svc.status(game)
                assert (again.version, again.active_roles) == (info.version, info.active_roles)
                assert await svc.store.state_json(game) == stored
                for u in seats.values():
                    assert await svc.views_for(game, u) == views[u]
                restarted = True
            active = info.active_roles
            assert len(active) == 1 and info.active_users == [seats[active[0]]]
            role = active[0]
            user = seats[role]
            view = (await svc.views_for(game, user))[role]
            assert view.role == role and view.actions
            other = next(r for r in seats if r != role)
            idle = (await svc.views_for(game, seats[other]))[other]
            assert idle.actions == [] and idle.active == [role]
            choice = view.actions[pick(chooser, view)]
            for intruder, key in ((seats[other], "error.not_your_turn"),
                                  (OUTSIDER, "error.not_seated")):
                with pytest.raises(ServiceError) as refused:
                    await svc.act(game, intruder, choice.verb, choice.arg)
                assert refused.value.key == key
            if view.board["phase"] == "strategy" and view.board["to_play"] == other:
                asked_in_the_others_play += 1     # e.g. to intercept, avoid, play a battle card
            outcome = await svc.act(game, user, choice.verb, choice.arg,
                                    expected_version=info.version, role=role)
            actions += 1
            assert outcome.game.version == info.version + 1
            secrets.check(outcome)
        assert restarted and actions > HALF
        info = await svc.status(game)
        version, state = await svc.store.state_json(game)
        assert (await svc.store.replay(game)).model_dump_json() == state
        assert info.status == "finished" and info.result is not None
        assert len(info.result.winners) == 1 and info.result.winners[0] in seats
        battles = sum(1 for e in RULES.load_state(state).log
                      if e.to is None and e.msg.key == "log.battle")
        assert battles > 0 and secrets.battle_hands > 0     # battle cards reached their owner
        assert asked_in_the_others_play > 0
        rows = [r for r in await svc.store.log(game) if r.kind == "action"]
        assert len(rows) == actions and all(r.user_id == seats[str(r.role)] for r in rows)
    finally:
        await svc.store.close()


async def test_hannibal_hands_by_dm_at_the_start_and_never_in_the_channel(tmp_path: Path):
    h = await open_bot(db_url(tmp_path))
    try:
        scenario = RULES.scenarios()[0].id
        await h.command("game new", A, TITLE, scenario, seed=SEED)
        game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
        info = await h.service.status(game)
        seats = dict(zip(info.roles, (A, B), strict=True))
        for role, user in seats.items():
            await h.command("game join", user, game, role)
        it = await h.command("game start", A, game)
        assert "has started" in reply_text(it)
        mark = f"**{present.private_name(TITLE, 'hand', 'en')}**"
        info = await h.service.status(game)
        for role, user in seats.items():
            view = (await h.service.views_for(game, user))[role]
            dms = h.users[user].dms
            assert dms and mark in dms[-1]["content"]
            assert dms[-1]["content"].startswith(present.hand_text(info, view, "en"))
            assert dms[-1]["file"].filename == "hand.png"
        assert h.users[OUTSIDER].dms == []
        assert h.posts and not any(mark in channel_text(p) for p in h.posts)
    finally:
        await h.service.store.close()
