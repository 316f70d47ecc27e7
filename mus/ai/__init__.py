"""Bots: each chooses an action from one seat's observation, never the full state.

``make_bot(level, seed)`` gives an object whose ``choose(observation)`` returns one of
``observation["legal_actions"]``; its random choices come only from ``seed``.
``decide(observation)`` gives the same action with its reason (a ``Decision``, see
``explain``); ``coach(observation)`` gives a seat's chances at the lances still to decide;
``fixed(x, places)`` writes a number as every runtime rounds it, for what the pages show.

>>> import mus
>>> from mus.ai import LEVELS, make_bot
>>> LEVELS
('random', 'facil', 'normal', 'dificil')
>>> g = mus.Game.new(mus.Rules(), seed=3)
>>> make_bot("dificil", seed=1).choose(g.observation(g.to_play)) in ("mus", "no hay mus")
True
>>> d = make_bot("normal", seed=1).decide(g.observation(g.to_play))
>>> d.action in ("mus", "no hay mus"), d.reason["kind"]
(True, 'mus')
"""

from __future__ import annotations

from typing import Any, Protocol

from ..observation import Observation
from .coach import coach
from .dificil import DificilBot
from .facil import FacilBot
from .normal import NormalBot
from .random_bot import RandomBot
from .reasons import Decision, explain, fixed

__all__ = ["LEVELS", "Bot", "Decision", "coach", "explain", "fixed", "make_bot"]


class Bot(Protocol):
    def choose(self, observation: Observation) -> str: ...

    def decide(self, observation: Observation) -> Decision: ...


LEVELS = ("random", "facil", "normal", "dificil")


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of ``level`` whose random choices come from ``seed``."""
    if level == "random":
        return RandomBot(seed)
    if level == "facil":
        return FacilBot(seed)
    if level == "normal":
        return NormalBot(seed)
    if level == "dificil":
        return DificilBot(seed)
    raise ValueError(f"expected a bot level (one of {', '.join(LEVELS)}), got {level!r}")
