"""Mus, the Spanish card game: a pure-Python rules engine.

>>> import mus
>>> g = mus.Game.new(mus.Rules(), seed=7)
>>> g.phase, len(g.observation(g.to_play)["hand"])
('mus', 4)
"""

from typing import TYPE_CHECKING

from .actions import Action
from .cards import Card, Hand, parse_hand
from .errors import IllegalActionError
from .game import Game
from .lances import LANCES, compare, juego_value, pares_value, points
from .rng import Random
from .rules import Rules
from .signs import SENAS, senas

# The records are imported when first named: the browser's table starts without them (they
# ship in the game's second zip with the replays, tools/build/vendor.py EXTRA_MODULES).
_RECORDS = ("HandRecord", "decode_record", "encode_record", "record", "replay")
if TYPE_CHECKING:
    from .records import HandRecord, decode_record, encode_record, record, replay


def __getattr__(name: str) -> object:
    if name in _RECORDS:
        import sys

        import mus.records    # not "from . import records": MicroPython then asks here again
        return getattr(sys.modules["mus.records"], name)
    raise AttributeError(f"module 'mus' has no attribute {name!r}")


__all__ = [
    "Action", "Card", "Game", "Hand", "HandRecord", "IllegalActionError", "LANCES", "Random", "Rules",
    "SENAS", "compare", "decode_record", "encode_record", "juego_value", "pares_value",
    "parse_hand", "points", "record", "replay", "senas",
]
