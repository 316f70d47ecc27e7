"""The baseline: uniform over the legal actions."""

from __future__ import annotations

from typing import Any

from ..observation import Observation
from .reasons import Decision
from .seeded import SeededBot


class RandomBot(SeededBot):

    def decide(self, observation: Observation) -> Decision:
        legal: list[str] = observation["legal_actions"]
        if not legal:
            raise ValueError("expected an observation of the seat to play, with legal actions")
        action = self._rng.choice(legal)
        return Decision(action, {"kind": "random", "level": "random", "action": action})
