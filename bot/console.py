"""python -m bot console [title] [scenario]: hot-seat play in a terminal, over the table service.

One local player holds every seat but those given to the computer (``--computer ROLE``). Each turn prints the active role's View as text (the title's
``describe``), then reads a line: the number of a choice, ``u`` to undo, ``q`` to quit. After every
move the board picture is written to ``--png`` when the title has a renderer.

Side actions (``View.side``: Pax Romana's bribes, §4.4) belong to no turn: ``b`` lists those of
every seat, numbered, and plays the one chosen (offering a bribe, its amount, answering one),
until an empty line goes back to the game. A bribe offered to a seat the computer plays is
refused at once, as at the table (``TableService.bribe``).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from bot.cogs.computer import seed_for
from bot.cogs.present import role_name
from bot.i18n import tr_msg
from bot.service import (
    COMPUTER_LEVELS,
    Outcome,
    ServiceError,
    TableService,
    computer_level,
)
from bot.store import Store
from games import registry
from games.ai import choose
from games.core import Choice, Msg, Rules, View
from games.core.text import render

LOCAL_USER = 1
MEMORY_URL = "sqlite+aiosqlite:///:memory:"
# Titles kept with the tests; the console and the bench may play them when asked by name.
TEST_TITLES = {"toy": "tests.toygame:RULES"}

TEXTS = {
    "en": {
        "help": "Type the number of a choice, u to undo, q to quit.",
        "turn": "== {role} to act (move {version}) ==",
        "ask": "> ",
        "not_number": "Type a number from 1 to {count}, u or q.",
        "over": "The game is over: {result}",
        "ended": "The game ended.",
        "bye": "Bye. Game #{game} is kept in {where}.",
        "bye_memory": "Bye.",
        "picture": "Board picture: {path}",
        "no_picture": "(no board picture: {reason})",
        "unknown_title": "Unknown title {title}. Titles: {titles}.",
        "unknown_role": "No side {roles} in this game. Sides: {known}.",
        "computer": "🤖 {role} moves.",
        "side_hint": "b: bribes and other side actions ({count}).",
        "side_title": "-- Side actions (Enter to go back) --",
        "side_ask": "b> ",
        "side_none": "No side action now.",
        "not_side_number": "Type a number from 1 to {count}, or Enter to go back.",
    },
    "ru": {
        "help": "Введите номер варианта, u — отменить ход, q — выйти.",
        "turn": "== Ходит {role} (ход {version}) ==",
        "ask": "> ",
        "not_number": "Введите число от 1 до {count}, u или q.",
        "over": "Игра окончена: {result}",
        "ended": "Игра прекращена.",
        "bye": "До встречи. Игра №{game} сохранена в {where}.",
        "bye_memory": "До встречи.",
        "picture": "Картинка доски: {path}",
        "no_picture": "(картинки доски нет: {reason})",
        "unknown_title": "Неизвестная игра {title}. Игры: {titles}.",
        "unknown_role": "Стороны {roles} в этой игре нет. Стороны: {known}.",
        "computer": "🤖 Ходит {role}.",
        "side_hint": "b — подкуп и другие действия вне хода ({count}).",
        "side_title": "-- Действия вне хода (Enter — назад) --",
        "side_ask": "b> ",
        "side_none": "Сейчас действий вне хода нет.",
        "not_side_number": "Введите число от 1 до {count} или Enter, чтобы вернуться.",
    },
}


def load_rules(title: str) -> Rules:
    """The rules of a title; a test title (``toy``) is registered on first use."""
    if title not in registry.ids() and title in TEST_TITLES:
        registry.register(title, TEST_TITLES[title])
    return registry.get(title)


class Console:
    def __init__(self, service: TableService, rules: Rules, lang: str, png: Path | None,
                 read: Callable[[str], str], out: TextIO) -> None:
        self.service = service
        self.rules = rules
        self.lang = lang
        self.png = png
        self.read = read
        self.out = out
        self._renderer: Callable[..., bytes] | None | bool = False  # False: not looked up yet
        self.seen: set[int] = set()

    def say(self, key: str, **args: object) -> None:
        print(self.word(key).format(**args), file=self.out)

    def word(self, key: str) -> str:
        return TEXTS.get(self.lang, TEXTS["en"]).get(key, TEXTS["en"][key])

    def label(self, choice: Choice) -> str:
        return render(choice.msg, self.lang, self.rules.texts) if choice.msg else choice.label

    def text(self, m: Msg) -> str:
        """A message of the title's catalogue, else of the service's."""
        if m.key in self.rules.texts.get("en", {}):
            return render(m, self.lang, self.rules.texts)
        return tr_msg(m, self.lang)

    def show(self, outcome: Outcome) -> None:
        """The log lines a move added (public, and the private ones of the seats it changed
        that the local player holds: at a hot seat the player reads every seat of its own, never
        the computer's), then the table's notices."""
        views = [outcome.public] if outcome.public is not None else []
        views += [v for user, by_role in outcome.privates.items()
                  if computer_level(user) is None for v in by_role.values()]
        lines = {line.seq: line for view in views for line in view.log
                 if line.seq not in self.seen}
        for seq in sorted(lines):
            self.seen.add(seq)
            print("  " + render(lines[seq].msg, self.lang, self.rules.texts), file=self.out)
        for notice in outcome.notices:
            print("* " + self.text(notice), file=self.out)

    def picture(self, view: View) -> None:
        if self.png is None:
            return
        if self._renderer is False:
            try:
                import renderers
                self._renderer = getattr(renderers, "render_board", None)
            except ImportError:
                self._renderer = None
        if not callable(self._renderer):
            return
        try:
            data = self._renderer(view, lang=self.lang)
        except Exception as exc:  # noqa: BLE001 - a title without pictures yet
            self._renderer = None
            self.say("no_picture", reason=str(exc) or type(exc).__name__)
            return
        self.png.write_bytes(data)

    async def computer_moves(self, info: Any, role: str) -> None:
        """The computer plays the seat: it decides from the seat's View alone."""
        user = info.seats[role]
        view = (await self.service.views_for(info.id, user))[role]
        action = choose(view, seed_for(info, role), computer_level(user) or "normal")
        # what it chose is told only as the public log tells it: its secret plans stay its own
        self.say("computer", role=role_name(info, role, self.lang))
        outcome = await self.service.act(info.id, user, action.verb, action.arg,
                                         expected_version=info.version, role=role)
        self.show(outcome)
        if outcome.public is not None:
            self.picture(outcome.public)

    async def side_actions(self, game_id: int) -> None:
        """Every side action the local seats may take now, numbered with the seat's name; the
        one chosen is played for its seat, and the list shown again, until an empty line."""
        svc = self.service
        while True:
            info = await svc.status(game_id)
            views = await svc.views_for(game_id, LOCAL_USER)
            listed = [(role, c) for role in info.roles if role in views for c in views[role].side]
            if not listed:
                self.say("side_none")
                return
            self.say("side_title")
            for number, (role, choice) in enumerate(listed, 1):
                print(f"{number}. {role_name(info, role, self.lang)}: {self.label(choice)}", file=self.out)
            try:
                line = self.read(self.word("side_ask")).strip()
            except EOFError:
                return
            if not line:
                return
            if not (line.isdigit() and 1 <= int(line) <= len(listed)):
                self.say("not_side_number", count=len(listed))
                continue
            role, choice = listed[int(line) - 1]
            try:
                outcome = await svc.act(game_id, LOCAL_USER, choice.verb, choice.arg, role=role)
                self.show(outcome)
                await self.computer_refuses(info)
            except ServiceError as exc:
                print("! " + self.text(exc.msg), file=self.out)

    async def computer_refuses(self, info: Any) -> None:
        """A bribe offered to a seat the computer plays: it cannot hear what the bribe is for,
        so it refuses at once (as ``TableService.bribe`` has it do at the table)."""
        board = (await self.service.view_for(info.id, 0)).board
        for offer in board.get("bribes", []) if isinstance(board, dict) else []:
            user = info.seats.get(offer.get("to"))
            if computer_level(user) is not None:
                self.show(await self.service.answer_bribe(info.id, user, offer["by"], False))

    async def play(self, game_id: int) -> None:
        svc = self.service
        self.say("help")
        first = True
        while True:
            info = await svc.status(game_id)
            if info.status != "active" or not info.active_roles:
                if info.result is not None and info.result.msg is not None:
                    self.say("over", result=self.text(info.result.msg))
                elif info.result is not None:
                    self.say("over", result=info.result.reason)
                else:
                    self.say("ended")
                return
            role = info.active_roles[0]
            if computer_level(info.seats.get(role)) is not None:
                await self.computer_moves(info, role)
                continue
            views = await svc.views_for(game_id, LOCAL_USER)
            view = views[role]
            if first:
                self.picture(await svc.view_for(game_id, 0))
                first = False
            self.say("turn", role=role_name(info, role, self.lang), version=info.version)
            print(self.rules.describe(view, self.lang), file=self.out)
            side = sum(len(v.side) for v in views.values())
            if side:
                self.say("side_hint", count=side)
            try:
                line = self.read(self.word("ask")).strip().lower()
            except EOFError:
                return
            if line in ("b", "bribe", "side"):
                await self.side_actions(game_id)
                continue
            try:
                if line in ("q", "quit", "exit"):
                    return
                if line in ("u", "undo"):
                    outcome = await svc.undo(game_id, LOCAL_USER)
                elif line.isdigit() and 1 <= int(line) <= len(view.actions):
                    choice = view.actions[int(line) - 1]
                    outcome = await svc.act(game_id, LOCAL_USER, choice.verb, choice.arg,
                                            expected_version=info.version, role=role)
                else:
                    self.say("not_number", count=len(view.actions))
                    continue
            except ServiceError as exc:
                print("! " + self.text(exc.msg), file=self.out)
                continue
            if line in ("u", "undo"):
                self.seen = {ln.seq for ln in outcome.public.log} if outcome.public else set()
            self.show(outcome)
            if outcome.public is not None:
                self.picture(outcome.public)


async def _run(args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    try:
        rules = load_rules(args.title)
    except (KeyError, ImportError) as exc:
        print(TEXTS["en"]["unknown_title"].format(title=args.title,
                                                  titles=", ".join(registry.ids())), file=out)
        print(f"  ({exc})", file=out)
        return 2
    url = f"sqlite+aiosqlite:///{args.db}" if args.db else MEMORY_URL
    store = Store(url)
    await store.init()
    try:
        service = TableService(store)
        console = Console(service, rules, args.lang, Path(args.png) if args.png else None,
                          read, out)
        if args.game is not None:
            game_id = args.game
            await service.status(game_id)
        else:
            scenario = args.scenario or rules.scenarios()[0].id
            info = await service.create_game(0, 0, LOCAL_USER, rules.id, scenario,
                                             seed=args.seed, allow_multiple_seats=True)
            game_id = info.id
            unknown = [r for r in args.computer if r not in info.roles]
            if unknown:
                print(TEXTS["en"]["unknown_role"].format(roles=", ".join(unknown),
                                                         known=", ".join(info.roles)), file=out)
                return 2
            for role in info.roles:
                if role in args.computer:
                    await service.join(game_id, LOCAL_USER, role, computer=args.level)
                else:
                    await service.join(game_id, LOCAL_USER, role)
            outcome = await service.start(game_id, LOCAL_USER)
            console.show(outcome)
        await console.play(game_id)
        if args.db:
            console.say("bye", game=game_id, where=args.db)
        else:
            console.say("bye_memory")
        return 0
    except ServiceError as exc:
        print("! " + tr_msg(exc.msg, args.lang), file=out)
        return 2
    finally:
        await store.close()


def main(argv: list[str] | None = None, *, input_fn: Callable[[str], str] | None = None,
         out: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot console",
                                     description="Play a game in the terminal (hot seat).")
    parser.add_argument("title", nargs="?", default="ancients")
    parser.add_argument("scenario", nargs="?", default=None, help="default: the first one")
    parser.add_argument("--db", default=None, help="SQLite file to keep the game in "
                        "(default: in memory)")
    parser.add_argument("--game", type=int, default=None, help="go on with this game of --db")
    parser.add_argument("--png", default="board.png", help="where to write the board picture "
                        "after each move (empty: never)")
    parser.add_argument("--lang", choices=("en", "ru"), default="en")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--computer", action="append", default=[], metavar="ROLE",
                        help="a side the computer plays (repeat for several)")
    parser.add_argument("--level", choices=COMPUTER_LEVELS, default="normal",
                        help="how well the computer plays")
    args = parser.parse_args(argv)
    return asyncio.run(_run(args, input_fn or input, out or sys.stdout))


if __name__ == "__main__":
    sys.exit(main())
