"""bot/console.py: hot-seat play of the toy title through the table service."""

from __future__ import annotations

import asyncio
import io
import sys
from pathlib import Path

from bot import console


def run(argv: list[str], lines: list[str]) -> tuple[int, str, list[str]]:
    feed = iter(lines)
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    code = console.main(argv, input_fn=read, out=out)
    return code, out.getvalue(), asked


def test_console_plays_undoes_and_quits(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    png = tmp_path / "board.png"
    # seed 5: a holds 2, 3, 4 (choices 1-3) and may step (choice 4)
    code, text, asked = run(["toy", "duel", "--seed", "5", "--png", str(png)],
                            ["4", "u", "3", "x", "1", "u", "q"])
    assert code == 0
    assert len(asked) == 7
    assert "== a to act (move 1) ==" in text and "4. Step marker" in text
    assert "* The last move was undone." in text
    assert "  a plays 4" in text and "  You draw 3" in text
    assert "== b to act (move 4) ==" in text
    assert "Type a number from 1 to 4, u or q." in text
    assert "  b plays 1" in text
    assert "! The last move cannot be undone" in text
    assert text.rstrip().endswith("Bye.")
    # nothing but (at most) the picture was written, and only where asked
    assert {p.name for p in tmp_path.iterdir()} <= {"board.png"}


def test_console_end_of_input_quits_cleanly_in_russian(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, text, asked = run(["toy", "trio", "--seed", "2", "--lang", "ru", "--png", ""], ["1"])
    assert code == 0 and len(asked) == 2
    assert "== Ходит a (ход 1) ==" in text and "== Ходит b (ход 2) ==" in text
    assert "Сыграть карту" in text and text.rstrip().endswith("До встречи.")
    assert list(tmp_path.iterdir()) == []


def test_console_keeps_the_game_in_a_file_and_goes_on(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "hot.db"
    code, text, _ = run(["toy", "--seed", "5", "--db", str(db), "--png", ""], ["4", "q"])
    assert code == 0 and f"Game #1 is kept in {db}" in text
    code, text, _ = run(["toy", "--db", str(db), "--game", "1", "--png", ""], ["q"])
    assert code == 0 and "== a to act (move 2) ==" in text


def test_console_reads_stdin_by_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("4\n"))
    out = io.StringIO()
    assert console.main(["toy", "--seed", "5", "--png", ""], out=out) == 0
    assert "== a to act (move 2) ==" in out.getvalue()


def test_console_unknown_title(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, text, _ = run(["chess"], [])
    assert code == 2 and text.startswith("Unknown title chess.")


def test_console_against_the_computer(tmp_path, monkeypatch):
    """``--computer`` hands sides to the computer: with both sides its, the game plays itself
    to the end without reading a line; an unknown side is refused."""
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()

    def never(_prompt: str) -> str:
        raise AssertionError("the computer needs no input")

    code = console.main(["toy", "duel", "--seed", "11", "--png", "", "--computer", "a",
                         "--computer", "b", "--level", "easy"], input_fn=never, out=out)
    assert code == 0
    text = out.getvalue()
    assert "🤖 a moves." in text and "🤖 b moves." in text
    assert "The game is over: " in text
    out = io.StringIO()
    code = console.main(["toy", "duel", "--png", "", "--computer", "z"], input_fn=never, out=out)
    assert code == 2 and "No side z in this game" in out.getvalue()


POWER_NAMES = {"rome": "Rome", "carthage": "Carthage", "greece": "Greece", "east": "East"}


async def _to_a_bribe_moment(db: Path) -> tuple[int, str, str, dict[str, int]]:
    """A Pax Romana game kept in ``db``, every seat the console's player's, played by the
    seeded playout through the service until some Power may offer another a bribe (§4.4): the
    game, the Power that may offer, the one it may bribe, the Treasuries."""
    from bot.service import TableService
    from bot.store import Store
    from games.core import Rng
    from tests.test_pax_romana_table import pick

    store = Store(f"sqlite+aiosqlite:///{db}")
    await store.init()
    try:
        svc = TableService(store)
        info = await svc.create_game(0, 0, console.LOCAL_USER, "pax_romana", "V", seed=3,
                                     allow_multiple_seats=True)
        for role in info.roles:
            await svc.join(info.id, console.LOCAL_USER, role)
        await svc.start(info.id, console.LOCAL_USER)
        rng = Rng.from_seed(3)
        for _ in range(400):
            views = await svc.views_for(info.id, console.LOCAL_USER)
            for role, view in views.items():
                target = next((str(c.arg) for c in view.side if c.verb == "bribe_to"), None)
                if target is not None:
                    board = (await svc.view_for(info.id, 0)).board
                    return info.id, role, target, {
                        p: int(board["powers"][p]["treasury"]) for p in info.roles}
            status = await svc.status(info.id)
            role = status.active_roles[rng.below(len(status.active_roles))]
            choice = views[role].actions[pick(rng, views[role], avoid=("negotiate",))]
            await svc.act(info.id, console.LOCAL_USER, choice.verb, choice.arg, role=role)
        raise AssertionError("no moment for a bribe")
    finally:
        await store.close()


async def _treasuries(db: Path, game: int) -> dict[str, int]:
    from bot.service import TableService
    from bot.store import Store

    store = Store(f"sqlite+aiosqlite:///{db}")
    await store.init()
    try:
        board = (await TableService(store).view_for(game, 0)).board
        return {p: int(v["treasury"]) for p, v in board["powers"].items()}
    finally:
        await store.close()


def test_console_bribe_offered_and_accepted_pax_romana_4_4(tmp_path, monkeypatch):
    """§4.4 at the console: ``b`` lists every seat's side actions; the briber offers the acting
    Power a bribe and picks 2 Talents, the bribed seat accepts from the same list, and the
    Talents change hands at once (the log line, and the Treasuries kept in the file)."""
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "pax.db"
    game, briber, bribed, before = asyncio.run(_to_a_bribe_moment(db))
    assert before[briber] >= 2
    giver, taker = POWER_NAMES[briber], POWER_NAMES[bribed]
    out = io.StringIO()
    script = ["b", f"{giver}: Offer {taker} a bribe", f"{giver}: Bribe: 2T",
              f"{taker}: Accept {giver}'s bribe (2T)", "", "q"]
    asked: list[str] = []

    def read(prompt: str) -> str:
        """The next line of the script; a listed side action by its number in the last list."""
        asked.append(prompt)
        step = script.pop(0)
        if prompt != "b> " or not step:
            return step
        listing = out.getvalue().rsplit("-- Side actions", 1)[1].splitlines()
        return next(line.split(". ", 1)[0] for line in listing
                    if line.split(". ", 1)[-1] == step)

    code = console.main(["pax_romana", "--db", str(db), "--game", str(game), "--png", ""],
                        input_fn=read, out=out)
    text = out.getvalue()
    assert code == 0 and script == []
    assert asked == ["> ", "b> ", "b> ", "b> ", "b> ", "> "]
    assert "b: bribes and other side actions (" in text
    assert f"  {giver} offers {taker} a bribe of 2T." in text
    assert f"  Bribe: {giver} pays {taker} 2T." in text
    after = asyncio.run(_treasuries(db, game))
    assert after[briber] == before[briber] - 2 and after[bribed] == before[bribed] + 2
    assert {p: n for p, n in after.items() if p not in (briber, bribed)} == {
        p: n for p, n in before.items() if p not in (briber, bribed)}


def test_console_bribe_to_a_computer_seat_is_refused_at_once_4_4(tmp_path, monkeypatch):
    """§4.4: the computer cannot hear what a bribe is for, so the seat it plays refuses one
    offered from the console at once, as at the table; no Talents move."""
    from bot.service import TableService
    from bot.store import Store

    monkeypatch.chdir(tmp_path)
    db = tmp_path / "pax.db"
    game, briber, bribed, before = asyncio.run(_to_a_bribe_moment(db))
    giver, taker = POWER_NAMES[briber], POWER_NAMES[bribed]
    script = [f"{giver}: Offer {taker} a bribe", f"{giver}: Bribe: 2T", ""]
    out = io.StringIO()

    def read(prompt: str) -> str:
        step = script.pop(0)
        listing = out.getvalue().rsplit("-- Side actions", 1)[1].splitlines()
        return next((line.split(". ", 1)[0] for line in listing
                     if line.split(". ", 1)[-1] == step), step)

    async def offer() -> dict[str, int]:
        store = Store(f"sqlite+aiosqlite:///{db}")
        await store.init()
        try:
            svc = TableService(store)
            await svc.hand_seat(game, console.LOCAL_USER, True, bribed, 11)
            rules = console.load_rules("pax_romana")
            await console.Console(svc, rules, "en", None, read, out).side_actions(game)
            board = (await svc.view_for(game, 0)).board
            return {p: int(v["treasury"]) for p, v in board["powers"].items()}
        finally:
            await store.close()

    after = asyncio.run(offer())
    text = out.getvalue()
    assert script == []
    assert f"  {giver} offers {taker} a bribe of 2T." in text
    assert f"  {taker} refuses {giver}'s bribe of 2T." in text
    assert after == before


def test_console_in_russian_names_sides_years_and_notices_in_russian(tmp_path, monkeypatch):
    """A Russian reader of the console sees the side, the turn's years and the table's notices in
    Russian, not the engine's ids or the service's English."""
    monkeypatch.chdir(tmp_path)
    code, text, _ = run(["hannibal", "218bc", "--seed", "1", "--lang", "ru", "--png", ""], [])
    assert code == 0
    assert "* Партия №1 начинается." in text
    assert "Ход 1 (218 г. до н. э.)." in text
    assert "== Ходит Рим (ход 1) ==" in text
    assert "BC" not in text and "begins" not in text


def test_console_never_shows_the_computers_secrets(tmp_path, monkeypatch):
    """Against the computer the console shows the local player's own private lines (its drawn
    leaders) but never the computer's: not its drawn leaders (§8.1), nor what it chose in a
    secret plan."""
    monkeypatch.chdir(tmp_path)
    code, text, _ = run(["pax_romana", "V", "--seed", "2", "--png", "", "--computer", "carthage",
                         "--computer", "greece", "--computer", "east"], [])
    assert code == 0
    assert "You drew Roman leader" in text
    for other in ("Carthaginian", "Greek", "Eastern"):
        assert f"You drew {other} leader" not in text
