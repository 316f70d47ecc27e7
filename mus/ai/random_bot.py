"""The baseline: uniform over the legal actions."""

from __future__ import annotations

import random
from typing import Any


class RandomBot:
    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: dict[str, Any]) -> str:
        legal: list[str] = observation["legal_actions"]
        if not legal:
            raise ValueError("expected an observation of the seat to play, with legal actions")
        return self._rng.choice(legal)
