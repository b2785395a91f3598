"""The seeded random number generator kept inside every State.

A SplitMix64 stream: its whole state is one integer, so it serialises into the State's JSON and a
replay from the same seed and actions is identical byte for byte. Tests script outcomes by filling
``scripted``: each roll first takes the next scripted value (a face name or an index).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel, Field

T = TypeVar("T")
_MASK = (1 << 64) - 1

# A player's own generator: what a computer player samples of what it cannot see, and its tie
# breaks. It never rolls the game's dice (those come from the State's Rng); it is seeded, so the
# same View and seed give the same decision.
PlayerRandom = random.Random


def player_random(seed: int) -> PlayerRandom:
    """A computer player's own seeded generator (``PlayerRandom``)."""
    return random.Random(seed)


class Rng(BaseModel):
    state: int = 0
    draws: int = 0
    scripted: list[str | int] = Field(default_factory=list)

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(state=seed & _MASK)

    def _next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        self.draws += 1
        if self.scripted:
            value = self.scripted.pop(0)
            if not isinstance(value, int) or not 0 <= value < n:
                raise ValueError(f"scripted value {value!r} is not an index below {n}")
            return value
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def roll(self, faces: Sequence[T]) -> T:
        """One die with the given faces. A scripted face name is taken as that face."""
        if self.scripted and isinstance(self.scripted[0], str):
            face = self.scripted.pop(0)
            self.draws += 1
            for f in faces:
                if str(f) == face:
                    return f
            raise ValueError(f"scripted face {face!r} is not one of {list(map(str, faces))}")
        return faces[self.below(len(faces))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle in place (Fisher-Yates). Scripted values are never used for shuffles."""
        saved, self.scripted = self.scripted, []
        try:
            for i in range(len(items) - 1, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
        finally:
            self.scripted = saved
