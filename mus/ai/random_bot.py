"""The baseline: uniform over the legal actions."""

from __future__ import annotations

from typing import Any

from ..observation import Observation
from ..rng import Random, fresh_seed
from .reasons import Decision


class RandomBot:
    def __init__(self, seed: int | None = None) -> None:
        self._rng = Random(seed if seed is not None else fresh_seed())

    def choose(self, observation: Observation) -> str:
        return self.decide(observation).action

    def decide(self, observation: Observation) -> Decision:
        legal: list[str] = observation["legal_actions"]
        if not legal:
            raise ValueError("expected an observation of the seat to play, with legal actions")
        action = self._rng.choice(legal)
        return Decision(action, {"kind": "random", "level": "random", "action": action})
