"""Pax Romana's bribes (§4.4) at the table: offered with /game bribe while another Power's
action takes effect, told to the bribed player by DM, answered with /game bribe_answer, the
payment in the channel as the log line; refusals in the asker's language."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.cogs.game import (
    bribe_amount_autocomplete,
    bribe_offer_autocomplete,
    bribe_power_autocomplete,
)
from bot.service import TableService
from bot.store import Store
from games.core import Rng
from tests.harness import CHANNEL, GUILD, A, B, C, Harness, component_ids
from tests.test_ancients_table import db_url
from tests.test_cogs import reply_text
from tests.test_pax_romana_table import Clock, D, chosen, open_table, seat_table

pytestmark = pytest.mark.asyncio


async def _to_a_bribe_moment(h: Harness, game: int) -> tuple[str, str]:
    """Play the seeded playout through the service until some Power may offer a bribe to
    another: (the acting Power, a Power that may bribe it)."""
    rng = Rng.from_seed(3)
    for _ in range(400):
        info = await h.service.status(game)
        for role, user in info.seats.items():
            assert user is not None
            side = (await h.service.views_for(game, user))[role].side
            target = next((c.arg for c in side if c.verb == "bribe_to"), None)
            if target is not None:
                return str(target), role
        _info, role, index, view = await chosen(h, game, rng, avoid=("negotiate",))
        choice = view.actions[index]
        await h.service.act(game, info.seats[role] or 0, choice.verb, choice.arg, role=role)
    raise AssertionError("no moment for a bribe")


async def _treasury(h: Harness, game: int, power: str) -> int:
    board = (await h.bot.table.public_view(game)).board
    return int(board["powers"][power]["treasury"])


async def test_s4_4_a_bribe_offered_told_by_dm_accepted_and_logged(tmp_path: Path) -> None:
    h = await open_table(db_url(tmp_path), Clock())
    game, seats = await seat_table(h, (A, B, C, D))
    acting, briber = await _to_a_bribe_moment(h, game)
    giver_before = await _treasury(h, game, briber)
    taker_before = await _treasury(h, game, acting)
    assert giver_before >= 2
    bribed_user = seats[acting]
    dms_before = len(h.users[bribed_user].dms)

    # the autocompletes offer the acting Power and the amounts of the Treasury
    it = h.interaction(seats[briber], game=game)
    powers = await bribe_power_autocomplete(it, "")
    assert [c.value for c in powers] == [acting]
    amounts = await bribe_amount_autocomplete(h.interaction(seats[briber], game=game), "")
    assert [c.value for c in amounts] == list(range(1, min(giver_before, 25) + 1))

    it = await h.command("game bribe", seats[briber], acting, 2, game=game)
    assert reply_text(it) == "Done."
    told = h.users[bribed_user].dms[dms_before:]
    assert len(told) == 1 and "a bribe of 2 Talents" in told[0]["content"]
    assert "/game bribe_answer" in told[0]["content"]
    info = await h.service.status(game)
    offered = f"offers {info.role_name(acting)} a bribe of 2T."
    assert any(offered in text for text in h.contents())
    buttons = component_ids(told[0]["view"])
    assert buttons == [f"gb:{game}:{briber}:accept", f"gb:{game}:{briber}:refuse"]
    labels = [item.item.label for item in told[0]["view"].children]
    assert labels == [f"Accept {info.role_name(briber)}'s bribe (2T)",
                      f"Refuse {info.role_name(briber)}'s bribe (2T)"]

    offers = await bribe_offer_autocomplete(h.interaction(bribed_user, game=game), "")
    assert [(c.name, c.value) for c in offers] == [(f"{info.role_name(briber)}: 2T", briber)]
    # the offer standing, the autocomplete still names the acting Power (a new offer replaces it)
    powers = await bribe_power_autocomplete(h.interaction(seats[briber], game=game), "")
    assert [c.value for c in powers] == [acting]

    it = await h.press(buttons[0], bribed_user)           # accepted by the DM's button
    assert reply_text(it) == "Done."
    assert await _treasury(h, game, briber) == giver_before - 2
    assert await _treasury(h, game, acting) == taker_before + 2
    info = await h.service.status(game)
    paid = f"Bribe: {info.role_name(briber)} pays {info.role_name(acting)} 2T."
    assert any(paid in text for text in h.contents())
    assert len(h.users[bribed_user].dms) == dms_before + 1      # told once only
    it = await h.press(buttons[0], bribed_user)           # answered already
    assert reply_text(it).startswith("⛔ ") and "offers you no bribe now" in reply_text(it)
    assert await _treasury(h, game, acting) == taker_before + 2


async def test_s4_4_a_bribe_refused_with_the_command(tmp_path: Path) -> None:
    h = await open_table(db_url(tmp_path), Clock())
    game, seats = await seat_table(h, (A, B, C, D))
    acting, briber = await _to_a_bribe_moment(h, game)
    before = await _treasury(h, game, briber)
    await h.command("game bribe", seats[briber], acting, 2, game=game)
    it = await h.command("game bribe", seats[briber], acting, 1, game=game)   # replaces it
    assert reply_text(it) == "Done."
    board = (await h.bot.table.public_view(game)).board
    assert board["bribes"] == [{"by": briber, "to": acting, "n": 1}]
    info = await h.service.status(game)
    taken_back = f"{info.role_name(briber)} takes back the bribe offered to {info.role_name(acting)}."
    assert any(taken_back in text for text in h.contents())
    it = await h.command("game bribe_answer", seats[acting], briber, False, game=game)
    assert reply_text(it) == "Done."
    assert await _treasury(h, game, briber) == before
    refused = f"{info.role_name(acting)} refuses {info.role_name(briber)}'s bribe of 1T."
    assert any(refused in text for text in h.contents())


async def test_s4_4_refusals_in_the_askers_language(tmp_path: Path) -> None:
    h = await open_table(db_url(tmp_path), Clock())
    game, seats = await seat_table(h, (A, B, C, D))
    acting, briber = await _to_a_bribe_moment(h, game)
    treasury = await _treasury(h, game, briber)
    version = (await h.service.status(game)).version

    it = await h.command("game bribe", seats[briber], acting, treasury + 1, game=game)
    assert reply_text(it) == (f"⛔ You cannot offer {treasury + 1} Talents: your Treasury "
                              f"holds {treasury}.")
    it = await h.command("game bribe", seats[briber], acting, treasury + 1, game=game,
                         locale=discord.Locale.russian)
    assert reply_text(it) == (f"⛔ Нельзя предложить {treasury + 1} таланта(ов): в вашей казне "
                              f"{treasury}.")
    idle = next(r for r in seats if r not in (acting, briber))
    it = await h.command("game bribe", seats[briber], idle, 1, game=game)
    assert reply_text(it).startswith("⛔ No bribe to ")
    it = await h.command("game bribe_answer", seats[acting], briber, True, game=game,
                         locale=discord.Locale.russian)
    assert reply_text(it).endswith("сейчас не предлагает вам подкупа.")
    assert (await h.service.status(game)).version == version     # nothing changed


async def test_s4_4_no_bribe_in_another_title(tmp_path: Path) -> None:
    h = await open_table(db_url(tmp_path), Clock())
    await h.command("game new", A, "hannibal", "218bc", seed=1)
    game = (await h.service.list_games(GUILD))[-1].id
    await h.command("game join", A, game, "rome")
    await h.command("game join", B, game, "carthage")
    await h.command("game start", A, game)
    it = await h.command("game bribe", B, "rome", 1, game=game)
    assert reply_text(it) == "⛔ Bribes belong to Pax Romana: this game has none."
    it = await h.command("game bribe", B, "rome", 1, game=game, locale=discord.Locale.russian)
    assert reply_text(it) == "⛔ Подкуп есть только в Pax Romana: в этой игре его нет."


async def test_s4_4_the_computer_refuses_a_bribe_at_once(tmp_path: Path) -> None:
    """A computer seat cannot hear what a bribe is for: it refuses it at once (service)."""
    store = Store(db_url(tmp_path))
    await store.init()
    service = TableService(store, clock=Clock())
    info = await service.create_game(GUILD, CHANNEL, A, "pax_romana", "V",
                                     options={"format": "basic"}, seed=2)
    for role, user in (("rome", A), ("carthage", B), ("greece", C)):
        await service.join(info.id, user, role)
    await service.join(info.id, A, "east", computer="normal")
    await service.start(info.id, A)
    rng = Rng.from_seed(5)
    for _ in range(600):
        info = await service.status(info.id)
        menu = await service.bribe_menu(info.id, B)            # Carthage's player
        if "east" in menu.targets:
            break
        role = info.active_roles[rng.below(len(info.active_roles))]
        view = (await service.views_for(info.id, info.seats[role] or 0))[role]
        choice = view.actions[rng.below(len(view.actions))]
        await service.act(info.id, info.seats[role] or 0, choice.verb, choice.arg, role=role)
    else:
        raise AssertionError("East never acted")
    before = (await service.view_for(info.id, B)).board["powers"]["carthage"]["treasury"]
    outcome = await service.bribe(info.id, B, "east", 1)
    assert outcome.public is not None
    assert outcome.public.board["bribes"] == []
    assert [line.text for line in outcome.public.log[-2:]] == [
        "Carthage offers East a bribe of 1T.", "East refuses Carthage's bribe of 1T."]
    assert outcome.public.board["powers"]["carthage"]["treasury"] == before
