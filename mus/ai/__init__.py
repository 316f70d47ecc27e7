"""Bots: each chooses an action from one seat's observation, never the full state."""

from __future__ import annotations

from typing import Any, Protocol

from .random_bot import RandomBot


class Bot(Protocol):
    def choose(self, observation: dict[str, Any]) -> str: ...


LEVELS = ("random",)


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of ``level`` whose random choices come from ``seed``."""
    if level == "random":
        return RandomBot(seed)
    raise ValueError(f"expected a bot level (one of {', '.join(LEVELS)}), got {level!r}")
