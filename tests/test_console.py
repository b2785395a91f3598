"""bot/console.py: hot-seat play of the toy title through the table service."""

from __future__ import annotations

import io
import sys

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
    assert "🤖 a: " in text and "🤖 b: " in text
    assert "The game is over: " in text
    out = io.StringIO()
    code = console.main(["toy", "duel", "--png", "", "--computer", "z"], input_fn=never, out=out)
    assert code == 2 and "No side z in this game" in out.getvalue()
