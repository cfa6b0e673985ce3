"""The counter-based generator every engine draws from.

Output block i is HMAC-SHA256(seed, i). The seed and the counter live in the state, so a
replay from the same seed is exact, nobody can predict the next draw without the seed, and
publishing sha256(seed) before the game and the seed after it makes the deal auditable.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any, Mapping, MutableSequence, TypedDict, TypeVar

T = TypeVar("T")

_BLOCK_BITS = 256
_BLOCK_SPACE = 1 << _BLOCK_BITS


class RngState(TypedDict):
    """The generator's JSON form under `state["rng"]`."""

    seed: str
    counter: int


def new_rng_state(seed: bytes) -> RngState:
    """The JSON form kept under `state["rng"]`; it never leaves the server side."""
    if not seed:
        raise ValueError("seed must not be empty")
    return {"seed": seed.hex(), "counter": 0}


def seed_commitment(seed: bytes) -> str:
    """What may be published before a game: sha256 of the seed, hex."""
    return hashlib.sha256(seed).hexdigest()


class Rng:
    """Draws from a state's generator; `to_state()` gives the advanced JSON form back."""

    __slots__ = ("_seed_hex", "_seed", "_counter")

    def __init__(self, rng_state: Mapping[str, Any]) -> None:
        # Every move builds a generator, most never draw: the key is decoded at the first draw.
        self._seed_hex: str = rng_state["seed"]
        self._seed: bytes | None = None
        self._counter = int(rng_state["counter"])

    def to_state(self) -> RngState:
        return {"seed": self._seed_hex, "counter": self._counter}

    def _block(self) -> int:
        if self._seed is None:
            self._seed = bytes.fromhex(self._seed_hex)
        digest = hmac.new(self._seed, self._counter.to_bytes(8, "big"), hashlib.sha256).digest()
        self._counter += 1
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> int:
        """Uniform integer in [0, n): rejection sampling, so no modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _BLOCK_SPACE - (_BLOCK_SPACE % n)
        while True:
            value = self._block()
            if value < limit:
                return value % n

    def die(self, sides: int = 6) -> int:
        """One roll, 1..sides."""
        return self.below(sides) + 1

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place, each position drawn with `below`."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
