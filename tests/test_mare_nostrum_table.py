"""Mare Nostrum at the table: the table service and the bot are general enough for a title of 3 to
5 players where several roles choose at once (the secret trade offers), hands are hidden and some
log lines are addressed to one role only.

Moves are chosen from the acting user's own View with a seeded ``games.core.Rng`` and the title's
playout preference (``fuzz_weight``), as in tests/test_ancients_table.py, so every run is the same.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.cogs import codec, present
from bot.cogs.components import ChoiceButton, ChoiceMenu
from bot.service import Outcome, ServiceError, TableService
from games import registry
from games.core import LogLine, Rng, View
from games.core.fuzz import weighted_index
from tests.test_ancients_table import channel_text, db_url, open_bot, open_service
from tests.test_cogs import (
    CHANNEL,
    GUILD,
    OUTSIDER,
    A,
    B,
    C,
    Harness,
    ids_of,
    labels_of,
    reply_text,
)

TITLE = "mare_nostrum"
SEED = 11
CHOOSER = 3
ACTIONS = {"3p": 240, "5p": 240}     # actions played through the service (a restart halfway)
USERS = [A, B, C, 104, 105]
RULES = registry.get(TITLE)
WEIGH = getattr(RULES, "fuzz_weight", None)


def weighted(rng: Rng, view: View) -> int:
    """The fuzzer's weighted pick with Mare Nostrum's weights (``pick`` of the Ancients test uses
    the Ancients weights)."""
    assert WEIGH is not None
    weights = [max(0.0, WEIGH(c, view)) for c in view.actions]
    return weighted_index(rng, weights)


def private_new_lines(outcome: Outcome, view: View) -> list[LogLine]:
    """The lines of ``view`` that the public log does not hold and that the change just made
    wrote (at the step before the View's, or at step 0 for the start)."""
    public = outcome.public
    assert public is not None
    seqs = {line.seq for line in public.log}
    step = max(view.step - 1, 0)
    return [line for line in view.log if line.seq not in seqs and line.step == step]


class Secrets:
    """What each role hides (from its owner's private Views) and checks of every Outcome."""

    def __init__(self, seats: dict[str, int]) -> None:
        self.seats = seats
        self.offers: dict[str, list[str]] = {}
        self.reveals = 0
        self.private_lines = 0

    def chose(self, role: str, verb: str, arg: Any) -> None:
        if verb == "offer_set":
            self.offers[role] = str(arg).split("+")

    def check(self, outcome: Outcome) -> None:
        public = outcome.public
        assert public is not None
        assert public.role is None and public.private == {} and public.actions == []
        for user, views in outcome.privates.items():
            for role, view in views.items():
                # A private View goes to the owner of its role, and to nobody else.
                assert self.seats[role] == user, (user, role)
                assert view.role == role and "hand" in view.private
                if view.private.get("offer"):
                    self.offers[role] = list(view.private["offer"])
                for line in private_new_lines(outcome, view):
                    # A line for one role: never in the public log, never in another's View.
                    assert line.seq not in {x.seq for x in public.log}
                    self.private_lines += 1
        text = public.model_dump_json()
        assert '"hand":' not in text and '"offer":' not in text and '"rare":' not in text
        assert not any(line.msg.key.endswith("_you") for line in public.log)
        trade = public.board.get("trade")
        if trade is not None:
            if not trade["revealed"]:
                assert trade["offers"] == {}, trade        # no offer before the reveal
            elif trade["offers"]:
                for role, offer in trade["offers"].items():
                    if role in self.offers:
                        assert sorted(offer) == sorted(self.offers[role]), (role, offer)
                self.reveals += 1


async def seated_game(svc: TableService, scenario: str) -> tuple[int, dict[str, int]]:
    info = await svc.create_game(GUILD, CHANNEL, A, TITLE, scenario, seed=SEED)
    assert info.status == "lobby" and len(info.roles) == int(scenario[0])
    seats = dict(zip(info.roles, USERS, strict=False))
    for role, user in seats.items():
        info = await svc.join(info.id, user, role)
    assert info.seats == seats
    return info.id, seats


# -- 1. through the service ---------------------------------------------------------------------

@pytest.mark.parametrize("scenario", ["3p", "5p"])
async def test_mare_nostrum_through_the_service_with_secret_offers_and_a_restart(
        tmp_path: Path, scenario: str):
    url = db_url(tmp_path)
    svc = await open_service(url)
    try:
        game, seats = await seated_game(svc, scenario)
        with pytest.raises(ServiceError) as refused:
            await svc.act(game, A, "token", "x")
        assert refused.value.key == "error.not_started"
        outcome = await svc.start(game, A)
        secrets = Secrets(seats)
        secrets.check(outcome)
        assert set(outcome.privates) == set(seats.values())      # every player's first hand
        chooser = Rng.from_seed(CHOOSER)
        total = ACTIONS[scenario]
        several = 0                           # actions taken while several roles were active
        acting_users_while_several: set[int] = set()
        restarted = False
        for done in range(total):
            info = await svc.status(game)
            if info.status == "finished":
                break
            if done == total // 2 and not restarted:
                stored = await svc.store.state_json(game)
                views = {u: (await svc.views_for(game, u)) for u in seats.values()}
                await svc.store.close()
                svc = await open_service(url)
                again = await svc.status(game)
                assert again.version == info.version == stored[0]
                assert (again.status, again.active_roles, again.seats) == (
                    "active", info.active_roles, seats)
                assert await svc.store.state_json(game) == stored
                for u in seats.values():
                    assert await svc.views_for(game, u) == views[u]
                restarted = True
            active = info.active_roles
            assert active and info.active_users == [seats[r] for r in active]
            role = active[chooser.below(len(active))]
            user = seats[role]
            view = (await svc.views_for(game, user))[role]
            assert view.role == role and view.active == active and view.actions
            choice = view.actions[weighted(chooser, view)]
            # Refused: a user without a seat, and a seated user whose role need not act now.
            with pytest.raises(ServiceError) as refused:
                await svc.act(game, OUTSIDER, choice.verb, choice.arg)
            assert refused.value.key == "error.not_seated"
            idle = [r for r in seats if r not in active]
            if idle:
                with pytest.raises(ServiceError) as refused:
                    await svc.act(game, seats[idle[0]], choice.verb, choice.arg)
                assert refused.value.key == "error.not_your_turn"
                with pytest.raises(ServiceError) as refused:
                    await svc.act(game, seats[idle[0]], choice.verb, choice.arg, role=idle[0])
                assert refused.value.key == "error.not_your_turn"
            others = [r for r in seats if r != role]
            with pytest.raises(ServiceError) as refused:      # another's role is not yours
                await svc.act(game, user, choice.verb, choice.arg, role=others[0])
            assert refused.value.key == "error.not_your_role"
            if len(active) > 1:
                several += 1
                acting_users_while_several.add(user)
                assert choice.secret                  # offers are chosen privately
            secrets.chose(role, choice.verb, choice.arg)
            outcome = await svc.act(game, user, choice.verb, choice.arg,
                                    expected_version=info.version, role=role)
            assert outcome.game.version == info.version + 1
            secrets.check(outcome)
            if not outcome.finished:
                assert outcome.ping == outcome.game.active_users
        assert restarted
        assert several >= 2 * (len(seats) - 1) and len(acting_users_while_several) == len(seats)
        assert secrets.reveals > 0 and secrets.private_lines > 0
        # The log replays to the stored state; every action was made by the role's owner.
        version, state = await svc.store.state_json(game)
        assert (await svc.store.replay(game)).model_dump_json() == state
        rows = [r for r in await svc.store.log(game) if r.kind == "action"]
        assert rows and all(r.user_id == seats[str(r.role)] for r in rows)
    finally:
        await svc.store.close()


# -- 2. through mocked Discord interactions ------------------------------------------------------

async def press_choice(h: Harness, components: list[Any], index: int, user: int,
                       ephemeral: bool) -> Any:
    for ui_view in components:
        for item in ui_view.children:
            if isinstance(item, ChoiceButton) and item.press.index == index:
                return await h.press(item.custom_id, user, ephemeral_message=ephemeral)
            if isinstance(item, ChoiceMenu) and str(index) in [o.value for o in item.item.options]:
                return await h.press(item.custom_id, user, ephemeral_message=ephemeral,
                                     values=[str(index)])
    raise AssertionError(f"no component for choice {index}")


def hand_mark() -> str:
    return f"**{present.private_name(TITLE, 'hand', 'en')}**"


def private_texts(outcome_view: View, public: View) -> list[str]:
    seqs = {line.seq for line in public.log}
    return [RULES.tr(line.msg, "en") for line in outcome_view.log if line.seq not in seqs]


async def test_mare_nostrum_secret_offers_through_discord_presses(tmp_path: Path):
    h = await open_bot(db_url(tmp_path))
    try:
        await h.command("game new", A, TITLE, "3p", seed=SEED)
        game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
        info = await h.service.status(game)
        seats = dict(zip(info.roles, (A, B, C), strict=True))
        for role, user in seats.items():
            await h.command("game join", user, game, role)
        assert (await h.service.status(game)).seats == seats
        it = await h.command("game start", A, game)
        assert "has started" in reply_text(it)
        public = await h.bot.table.public_view(game)
        for role, user in seats.items():
            # The first hand by DM, with the lines only this role reads (what it received).
            assert len(h.users[user].dms) == 1
            dm = h.users[user].dms[0]["content"]
            assert hand_mark() in dm
            mine = private_texts((await h.service.views_for(game, user))[role], public)
            assert all(text in dm for text in mine), (role, mine, dm)
            for other, other_user in seats.items():
                if other != role:
                    theirs = private_texts(
                        (await h.service.views_for(game, other_user))[other], public)
                    assert not any(text in dm for text in theirs if text not in mine)
        assert h.users[OUTSIDER].dms == []

        # The Trade Leader plays a Trade Token: one role acts, open buttons in the channel.
        chooser = Rng.from_seed(CHOOSER)
        info = await h.service.status(game)
        assert len(info.active_roles) == 1
        role = info.active_roles[0]
        view = (await h.service.views_for(game, seats[role]))[role]
        post = h.last_post
        assert codec.encode_secret(game, info.version) not in ids_of(post["view"])
        assert view.actions[0].verb == "token" and not view.actions[0].secret
        it = await press_choice(h, [post["view"]], 0, seats[role], False)
        assert "⛔" not in reply_text(it)

        # The secret offers: every player chooses at once, privately.
        info = await h.service.status(game)
        assert sorted(info.active_roles) == sorted(seats)
        post = h.last_post
        secret = codec.encode_secret(game, info.version)
        assert ids_of(post["view"]) == [secret]
        assert labels_of(post["view"])[secret] == "Choose in secret"
        posts_before, edits_before = len(h.posts), len(post.edits)
        it = await h.press(secret, OUTSIDER)
        assert "no seat" in reply_text(it) and not any(f.get("view") for f in it.followups)
        # Every chooser opens their menu first: another's choice must not stale it.
        menus: dict[str, list[Any]] = {}
        for role in info.roles:
            menu = await h.press(secret, seats[role])
            assert menu.followups and all(f["ephemeral"] for f in menu.followups)
            assert hand_mark() in reply_text(menu)               # the hand, to its owner only
            menus[role] = [f["view"] for f in menu.followups if f.get("view") is not None]
            assert menus[role]
        offered: dict[str, str] = {}
        for n, role in enumerate(info.roles):
            user = seats[role]
            view = (await h.service.views_for(game, user))[role]
            index = next(i for i, c in enumerate(view.actions) if c.verb == "offer_set")
            offered[role] = str(view.actions[index].arg)
            it = await press_choice(h, menus[role], index, user, ephemeral=True)
            assert "Your choice:" in it.edit_original_response.call_args.kwargs["content"], \
                reply_text(it)
            status = await h.service.status(game)
            if n < len(info.roles) - 1:
                assert role not in status.active_roles
                assert len(status.active_roles) == len(info.roles) - 1 - n
                # Nothing of the offer reaches the channel before the reveal: no post, no
                # ping (the turn post is at most edited).
                assert not (await h.bot.table.public_view(game)).board["trade"]["offers"]
                assert len(h.posts) == posts_before
                assert "offers" not in channel_text(post)
        assert len(post.edits) >= edits_before
        # The last offer reveals them all in the channel.
        public = await h.bot.table.public_view(game)
        trade = public.board["trade"]
        assert trade["revealed"]
        assert {r: sorted(o) for r, o in trade["offers"].items()} == {
            r: sorted(o.split("+")) for r, o in offered.items()}
        reveal = "\n".join(channel_text(p) for p in h.posts[posts_before - 1:])
        offer_lines = [line for line in public.log if line.msg.key == "log.offer"]
        assert len(offer_lines) == len(seats)
        for line in offer_lines:
            assert RULES.tr(line.msg, "en") in reveal, reveal
        assert not any(hand_mark() in text for text in h.contents())

        # Play on through the service and the bot's publishing until an action (not the start)
        # writes lines for one role only: its owner's DM carries them.
        for _ in range(400):
            info = await h.service.status(game)
            role = info.active_roles[chooser.below(len(info.active_roles))]
            user = seats[role]
            view = (await h.service.views_for(game, user))[role]
            choice = view.actions[weighted(chooser, view)]
            outcome = await h.service.act(game, user, choice.verb, choice.arg, role=role)
            await h.bot.table.publish(outcome, h.channel)
            lines = {u: [text for r, v in views.items()
                         for text in (RULES.tr(x.msg, "en") for x in private_new_lines(outcome, v))]
                     for u, views in outcome.privates.items()}
            if any(lines.values()):
                break
        else:
            raise AssertionError("no action wrote a line for one role")
        for u, texts in lines.items():
            dm = "\n".join(d["content"] for d in h.users[u].dms)
            for text in texts:
                assert text in dm, (u, text, dm)
            for p in h.posts[-1:]:
                assert not any(text in channel_text(p) for text in texts)
    finally:
        await h.service.store.close()
