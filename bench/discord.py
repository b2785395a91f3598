"""The Discord figures of ``python -m bench``: the real bot process (``python -m bot``) against
the local fake Discord of the end-to-end tests (``tests.e2e``), played by simulated users who
click where the bot offers their choices (the turn post, a question by DM, the private menu
behind "My choices"). Every figure comes from the fake's own records:

* Discord API calls per move: channel posts, channel edits, DMs sent and edited, deletes (the
  fake's request log; the answers to the interactions are counted apart);
* click → turn post shown: from the moment a click reaches the bot's gateway to the moment the
  fake has the POST or PATCH of the game's turn post, p50 / p95 (target p95 < 250 ms);
* for Ancients, the seeded battle of ``tests/e2e/test_battle.py`` played to its end: channel
  posts, edits and pings, and turns (the distinct consecutive ``View.turn.key``), against the
  issue's baseline (579 posts for a 576-move battle) and target (about 80 for that battle).

It needs a checkout (the fake lives in ``tests/e2e``); where it is missing the run says so.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.core import Rng, Rules

if TYPE_CHECKING:
    from bench.run import Report
    from tests.e2e.fake_discord import FakeDiscord, Interaction, Message, User

CLICK_P95_MS = 250.0
BUDGET = 40.0            # seconds of play at most (the bot's start comes on top)
MAX_MOVES = 400
BASELINE_POSTS, BASELINE_MOVES, TARGET_POSTS = 579, 576, 80
SETTLE = 0.03            # how long the bot must be quiet after a move before the next


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def bench_discord(report: Report, rules: Rules, scenario: str, seed: int,
                  budget: float = BUDGET) -> None:
    """Play one table of ``rules`` through the fake Discord and report the figures."""
    try:
        import tests.e2e.fake_discord  # noqa: F401 - only to know the checkout has it
    except ImportError as exc:
        report.note(f"Discord figures: skipped (no tests/e2e fake Discord here: {exc})")
        return
    with tempfile.TemporaryDirectory(prefix="bench-discord-") as tmp:
        try:
            asyncio.run(_bench(report, rules, scenario, seed, Path(tmp), budget))
        except Exception as exc:  # noqa: BLE001 - the other figures stand without these
            report.note(f"Discord figures: failed ({type(exc).__name__}: {exc})")


async def _bench(report: Report, rules: Rules, scenario: str, seed: int, folder: Path,
                 budget: float) -> None:
    from tests.e2e.conftest import TOKEN, BotProcess, Oracle
    from tests.e2e.fake_discord import FakeDiscord

    battle = rules.id == "ancients"
    chooser_seed = seed
    if battle:
        from tests.e2e.test_battle import CHOOSER, SCENARIO, SEED

        scenario, seed, chooser_seed = SCENARIO, SEED, CHOOSER
    fake = FakeDiscord(TOKEN)
    await fake.start()
    database = f"sqlite+aiosqlite:///{folder / 'tables.db'}"
    process = BotProcess(fake, folder, database, log_level="WARNING")
    oracle: Any = None
    try:
        t0 = time.perf_counter()
        await process.start()
        report.figure("Discord: bot process start (fake Discord)",
                      f"{time.perf_counter() - t0:.1f} s")
        oracle = Oracle(database)
        play = Play(fake, oracle, rules, battle, Rng.from_seed(chooser_seed))
        if not await play.open(scenario, seed):
            report.note(f"Discord figures: skipped ({play.note or 'the table did not start'})")
            return
        await play.run(budget)
        play.report(report, scenario, seed)
    finally:
        await process.kill()
        if oracle is not None:
            await oracle.close()
        await fake.stop()


class Play:
    """One table played through the fake Discord, with what it measured."""

    def __init__(self, fake: FakeDiscord, oracle: Any, rules: Rules, battle: bool,
                 chooser: Rng) -> None:
        self.fake = fake
        self.oracle = oracle
        self.rules = rules
        self.battle = battle
        self.chooser = chooser
        self.game = 0
        self.seats: dict[str, User] = {}
        self.moves = 0
        self.turns = 0
        self.latencies: list[float] = []
        self.started = 0.0
        self.elapsed = 0.0
        self.finished = False
        self.note = ""
        self.refused: list[str] = []     # clicks on what the bot offered that it refused

    async def open(self, scenario: str, seed: int) -> bool:
        """A user opens the table, one user a seat, the first starts it."""
        from tests.e2e.players import presses, settled

        fake = self.fake
        users = [fake.alice, fake.bob, fake.carol]
        it = await fake.slash(users[0], "game new", title=self.rules.id, scenario=scenario,
                              seed=seed)
        if "⛔" in it.text or not fake.channel:
            self.note = it.text
            return False
        self.game = int(presses(fake.channel[-1])[0][1].game)
        info = await self.oracle.status(self.game)
        roles = info.roles            # every seat must be taken before the start
        if len(roles) > len(users):
            self.note = f"{len(roles)} seats, the fake has {len(users)} users"
            return False
        for role, user in zip(roles, users, strict=False):
            await fake.slash(user, "game join", game=self.game, role=role)
            self.seats[role] = user
        it = await fake.slash(users[0], "game start", game=self.game)
        if "⛔" in it.text:
            self.note = it.text
            return False
        await settled(fake, self.oracle, self.game, (await self.oracle.status(self.game)).version)
        return True

    async def key(self) -> str | None:
        public = await self.oracle.service.view_for(self.game, 0)
        return public.turn.key if public.turn is not None else None

    async def run(self, budget: float) -> None:
        from tests.e2e.players import pick, settled, where_asked

        fake, oracle = self.fake, self.oracle
        self.started = time.monotonic()
        deadline = self.started + budget
        key = await self.key()
        self.turns = 1
        while self.moves < MAX_MOVES and time.monotonic() < deadline:
            info = await oracle.status(self.game)
            if info.status != "active":
                break
            active = [r for r in info.active_roles if r in self.seats]
            if not active:
                break
            role = active[self.chooser.below(len(active))] if len(active) > 1 else active[0]
            user = self.seats[role]
            view = await oracle.view(self.game, user.id, role)
            index = (pick(self.chooser, view) if self.battle
                     else self.chooser.below(len(view.actions)))
            _where, panels = await where_asked(fake, oracle, self.game, role, user)
            it = await click(fake, user, panels, index, role)
            memo = await settled(fake, oracle, self.game, info.version + 1, quiet=SETTLE)
            if "⛔" in it.text or "moved on" in it.text:
                self.refused.append(it.text.splitlines()[0])
            self.moves += 1
            if memo.turn_post is not None:
                post = fake.messages[memo.turn_post]
                shown = [t for t in post.changed_at if t >= it.sent_at]
                if shown:
                    self.latencies.append(shown[0] - it.sent_at)
            now = await self.key()
            if (await oracle.status(self.game)).status == "active" and now != key:
                self.turns += 1
            key = now
        self.elapsed = time.monotonic() - self.started
        self.finished = (await oracle.status(self.game)).status == "finished"

    def report(self, report: Report, scenario: str, seed: int) -> None:
        if not self.moves:
            report.note(f"Discord figures: no move made ({self.note or 'nothing to play'})")
            return
        calls = self.fake.api_calls(since=self.started)
        made = sum(calls[k] for k in ("posts", "edits", "dms", "dm_edits", "deletes"))
        ending = "to the end" if self.finished else "not finished"
        report.figure(f"Discord: {self.moves} moves of {scenario}/{seed} ({ending})",
                      f"{self.elapsed / self.moves * 1e3:.0f} ms/move")
        report.figure("Discord API calls per move (posts+edits+DMs+deletes)",
                      f"{made / self.moves:.2f}")
        report.note(f"  per move: posts {calls['posts'] / self.moves:.2f}, edits "
                    f"{calls['edits'] / self.moves:.2f}, DMs {calls['dms'] / self.moves:.2f} "
                    f"sent + {calls['dm_edits'] / self.moves:.2f} edited, deletes "
                    f"{calls['deletes'] / self.moves:.2f}; interaction answers "
                    f"{calls['replies'] / self.moves:.2f}")
        report.figure("clicks on the choices offered that were refused", f"{len(self.refused)}",
                      "0", not self.refused)
        lat = [v * 1e3 for v in self.latencies]
        p95 = pct(lat, 95)
        report.figure(f"click -> turn post shown ({len(lat)} moves, p50 {pct(lat, 50):.0f} ms)",
                      f"p95 {p95:.0f} ms", f"< {CLICK_P95_MS:g} ms", p95 < CLICK_P95_MS)
        if self.battle and self.finished:
            posts = self.fake.posts
            edits = sum(len(m.edits) for m in posts)
            pings = sum(len(m.pings) for m in posts)
            report.figure(f"seeded Ancients battle, {self.moves} moves, {self.turns} turns",
                          f"{len(posts)} posts / {edits} edits / {pings} pings",
                          "lobby + turns + end", len(posts) <= self.turns + 2)
            rate, target = len(posts) / self.moves, TARGET_POSTS / BASELINE_MOVES
            report.figure("channel posts per move",
                          f"{rate:.2f}", f"about {target:.2f} (80 per 576 moves; baseline "
                          f"{BASELINE_POSTS / BASELINE_MOVES:.2f})", rate <= target)


async def click(fake: FakeDiscord, user: User, panels: list[Message], index: int,
                role: str) -> Interaction:
    """Click, as ``user``, the component among ``panels`` for choice ``index`` of ``role``:
    its button, its select menu, or "more choices" until it shows up."""
    from tests.e2e.players import presses

    for message in panels:
        for custom_id, press in presses(message):
            if press.role != role:
                continue
            if press.kind == "choice" and press.index == index:
                return await fake.press(user, message, custom_id, settle=0.0, seen=False)
            if press.kind == "menu":
                options = [o["value"] for o in message.component(custom_id)["options"]]
                if str(index) in options:
                    return await fake.press(user, message, custom_id, [str(index)],
                                            settle=0.0, seen=False)
    for message in panels:
        for custom_id, press in presses(message):
            if press.kind == "more" and press.role == role:
                page = await fake.press(user, message, custom_id, settle=0.0)
                return await click(fake, user, [m for m in page.replies if m.custom_ids],
                                   index, role)
    raise AssertionError(f"no component for choice {index} of {role}")
