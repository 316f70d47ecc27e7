"""What every level shares: its own seeded generator, and ``choose`` as ``decide``'s action.

A level subclasses ``SeededBot`` and writes ``decide``; the action it returns is all that
``choose`` gives the table or the arena, the reason is there for the page and the tests.
"""

from __future__ import annotations

from ..observation import Observation
from ..rng import Random, fresh_seed
from .reasons import Decision


class SeededBot:
    def __init__(self, seed: int | None = None) -> None:
        self._rng = Random(seed if seed is not None else fresh_seed())

    def choose(self, observation: Observation) -> str:
        return self.decide(observation).action

    def decide(self, observation: Observation) -> Decision:
        raise NotImplementedError
