"""Computer players at the table: when a seat the computer holds must act, it decides from that
seat's View alone (``games.ai.choose``) in a worker process, off the event loop and outside any
database transaction, and its move goes through the table service and is posted like a
person's, at a readable pace.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
from typing import Any

from bot.service import GameInfo, ServiceError, TableService, computer_level
from games.ai import choose
from games.core import Action, View

log = logging.getLogger(__name__)

# The computer's moves follow one another at this pace (seconds), so people can follow them.
DEFAULT_PACE = 1.5
MAX_MOVES_IN_A_ROW = 10_000
SEED_MASK = 2**63 - 1


def decide(view: View, seed: int, level: str) -> Action:
    """What the computer does with ``view``: run in a worker process."""
    return choose(view, seed, level)


def seed_for(info: GameInfo, role: str) -> int:
    """The computer's own seed for one decision: fixed by the game and the move, so a game
    replays, and never drawn from the game's dice."""
    return (info.seed * 1_000_003 + info.version * 31 + sum(map(ord, role))) & SEED_MASK


class ComputerSeats:
    """Drives the computer's seats of every game in play in this process."""

    def __init__(self, service: TableService, publish: Any, pace: float = DEFAULT_PACE,
                 processes: bool = True) -> None:
        self.service = service
        self.publish = publish           # the table's publish(outcome)
        self.pace = pace
        self.processes = processes
        self._executor: concurrent.futures.Executor | None = None
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    def executor(self) -> concurrent.futures.Executor | None:
        """A worker process for the searches (None: the loop's default threads, for tests)."""
        if not self.processes:
            return None
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            self._executor = concurrent.futures.ProcessPoolExecutor(max_workers=1,
                                                                    mp_context=context)
        return self._executor

    def close(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    @staticmethod
    def computer_roles(info: GameInfo) -> list[str]:
        return [r for r in info.active_roles if computer_level(info.seats.get(r)) is not None]

    def wake(self, info: GameInfo) -> None:
        """Look at the game: if a computer seat must act, play it (one task per game)."""
        if info.status != "active" or not self.computer_roles(info):
            return
        self._again.add(info.id)
        task = self._tasks.get(info.id)
        if task is None or task.done():
            self._tasks[info.id] = asyncio.get_running_loop().create_task(self._play(info.id))

    async def idle(self) -> None:
        """Wait until no computer seat has anything left to do (tests)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*[t for t in self._tasks.values() if not t.done()],
                                 return_exceptions=True)

    async def _play(self, game_id: int) -> None:
        for _ in range(MAX_MOVES_IN_A_ROW):
            self._again.discard(game_id)
            try:
                moved = await self._move_once(game_id)
            except Exception:
                log.exception("game %s: the computer could not move", game_id)
                return
            if not moved and game_id not in self._again:
                return

    async def _move_once(self, game_id: int) -> bool:
        info = await self.service.status(game_id)
        roles = self.computer_roles(info) if info.status == "active" else []
        if not roles:
            return False
        if self.pace > 0:
            await asyncio.sleep(self.pace)
        role = roles[0]
        user = info.seats[role]
        level = computer_level(user) or "normal"
        view = (await self.service.views_for(game_id, user)).get(role)
        if view is None or not view.actions:
            return False
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(self.executor(), decide, view, seed_for(info, role),
                                            level)
        try:
            outcome = await self.service.act(game_id, user, action.verb, action.arg,
                                             expected_version=info.version, role=role)
        except ServiceError as exc:
            if exc.key in ("error.stale", "error.not_your_turn"):
                return True      # the game moved on meanwhile: look again
            raise
        await self.publish(outcome)
        return True
