"""A Pax Romana negotiation through the real bot process (§4.1, §4.3): a private thread of the
game's channel, its parties added as they are invited, closed (archived and locked) when the
negotiation ends."""

from __future__ import annotations

from typing import Any

from bot.service import TableService
from bot.store import Store
from games import registry
from games.core import Rng
from games.core.fuzz import weighted_index
from tests.e2e.conftest import BotProcess, Oracle
from tests.e2e.fake_discord import FakeDiscord, User
from tests.e2e.players import presses, settled, where_asked

PAX = registry.get("pax_romana")
PRIVATE_THREAD = 12
FIRST_PICTURE = 120.0     # seconds: a fresh process draws Pax Romana's map first


async def to_the_first_negotiate(url: str, fake: FakeDiscord, seats: dict[str, User]
                                 ) -> tuple[int, str]:
    """A Basic game of Scenario V made, started and played through a service of its own over
    the bot's database (while the bot is down), through the secret plans and on until a Power
    may Negotiate: the game and that Power."""
    writer = TableService(Store(url), read_ttl=0, tune_collector=False)
    rng = Rng.from_seed(2)
    try:
        info = await writer.create_game(fake.guild_id, fake.channel_id, fake.alice.id,
                                        "pax_romana", "V", options={"format": "basic"}, seed=2)
        game = info.id
        for role, user in seats.items():
            await writer.join(game, user.id, role)
        await writer.start(game, fake.alice.id)
        for _ in range(300):
            info = await writer.status(game)
            role = info.active_roles[rng.below(len(info.active_roles))]
            view = (await writer.views_for(game, seats[role].id))[role]
            if any(c.verb == "action" and c.arg == "negotiate" for c in view.actions):
                return game, role
            weights = [0.0 if c.verb == "action" and c.arg == "negotiate"
                       else max(0.0, PAX.fuzz_weight(c, view)) for c in view.actions]
            choice = view.actions[weighted_index(rng, weights)]
            await writer.act(game, seats[role].id, choice.verb, choice.arg, role=role)
    finally:
        await writer.store.close()
    raise AssertionError("no Activation offers Negotiate")


async def test_a_negotiation_gets_a_private_thread_of_its_parties(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle, database_url: str):
    seats = {"rome": fake.alice, "carthage": fake.bob, "greece": fake.alice, "east": fake.bob}
    await bot.stop()
    game, by = await to_the_first_negotiate(database_url, fake, seats)
    await bot.start()                                      # the bot catches up on its start
    await settled(fake, oracle, game, (await oracle.status(game)).version,
                  timeout=FIRST_PICTURE)
    me = seats[by]
    theirs = next(r for r, u in seats.items() if u is not me)

    async def choose(role: str, verb: str, arg: Any) -> None:
        info = await oracle.status(game)
        user = seats[role]
        view = await oracle.view(game, user.id, role)
        index = next(i for i, c in enumerate(view.actions) if c.verb == verb and c.arg == arg)
        _, panels = await where_asked(fake, oracle, game, role, user)
        for message in panels:
            for custom_id, press in presses(message):
                if press.kind == "choice" and press.index == index:
                    await fake.press(user, message, custom_id)
                    await settled(fake, oracle, game, info.version + 1)
                    return
                if press.kind == "menu" and str(index) in [
                        o["value"] for o in message.component(custom_id)["options"]]:
                    await fake.press(user, message, custom_id, [str(index)])
                    await settled(fake, oracle, game, info.version + 1)
                    return
        raise AssertionError(f"no component for {verb} {arg}")

    assert fake.threads == {}
    await choose(by, "action", "negotiate")
    (thread_id, thread), = fake.threads.items()
    assert thread["type"] == PRIVATE_THREAD and thread["parent_id"] == str(fake.channel_id)
    assert thread["thread_metadata"]["invitable"] is False
    assert fake.thread_members[thread_id] == [fake.bot_user.id, me.id]
    (opening,) = fake.thread_posts[thread_id]
    assert "negotiates with" in opening.text and "<t:" in opening.text
    assert opening.pings == [me.id]

    await choose(by, "invite", theirs)
    assert fake.thread_members[thread_id] == [fake.bot_user.id, me.id, seats[theirs].id]
    assert "joins the negotiation" in fake.thread_posts[thread_id][-1].text

    await choose(by, "end", None)
    assert "nothing changed hands" in fake.thread_posts[thread_id][-1].text
    metadata = fake.threads[thread_id]["thread_metadata"]
    assert metadata["archived"] and metadata["locked"]
    assert len(fake.threads) == 1
    assert all(m.channel_id != thread_id for m in fake.channel)
