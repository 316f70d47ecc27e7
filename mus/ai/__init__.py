"""Bots: each chooses an action from one seat's observation, never the full state.

``make_bot(level, seed)`` gives an object whose ``choose(observation)`` returns one of
``observation["legal_actions"]``; its random choices come only from ``seed``.
``decide(observation)`` gives the same action with its reason (a ``Decision``, see
``explain``); ``coach(observation)`` gives a seat's chances at the lances still to decide;
``fixed(x, places)`` writes a number as every runtime rounds it, for what the pages show;
``discard_worth(observation)`` what each discard leaves the hand worth;
``tables_in_steps(reyes, real_31)`` builds ahead, in short steps, the hand tables every bot
(and ``own_chance``, ``mus_strength``) reads, and ``tables_ready`` says whether they are.

>>> import mus
>>> from mus.ai import LEVELS, STYLES, make_bot
>>> LEVELS, STYLES
(('random', 'facil', 'normal', 'dificil'), ('careful', 'bluffer', 'bold'))
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
from ..numbers import fixed
from .reasons import Decision, explain
from .styles import STYLES, Styled, mus_strength, own_chance
from .tables import tables_in_steps, tables_ready
from .view import discard_worth

__all__ = ["LEVELS", "STYLES", "Bot", "Decision", "coach", "discard_worth", "explain", "fixed", "make_bot",
           "mus_strength", "own_chance", "tables_in_steps", "tables_ready"]


class Bot(Protocol):
    def choose(self, observation: Observation) -> str: ...

    def decide(self, observation: Observation) -> Decision: ...


LEVELS = ("random", "facil", "normal", "dificil")


def make_bot(level: str, seed: int | None = None, style: str | None = None) -> Bot:
    """A bot of ``level`` whose random choices come from ``seed``; with ``style`` (one of
    ``STYLES``), that level played in that style (``mus.ai.styles``)."""
    # Each level's module is imported when a bot of it is made: a page whose bots think in a
    # worker (the table) shows reasons and talk without loading any search.
    bot: Bot
    if level == "random":
        from .random_bot import RandomBot
        bot = RandomBot(seed)
    elif level == "facil":
        from .facil import FacilBot
        bot = FacilBot(seed)
    elif level == "normal":
        from .normal import NormalBot
        bot = NormalBot(seed)
    elif level == "dificil":
        from .dificil import DificilBot
        bot = DificilBot(seed)
    else:
        raise ValueError(f"expected a bot level (one of {', '.join(LEVELS)}), got {level!r}")
    return Styled(bot, style, seed) if style is not None else bot
