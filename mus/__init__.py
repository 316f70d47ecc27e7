"""Mus, the Spanish card game: a pure-Python rules engine.

>>> import mus
>>> g = mus.Game.new(mus.Rules(), seed=7)
>>> g.phase, len(g.observation(g.to_play)["hand"])
('mus', 4)
"""

from .actions import Action
from .cards import Card, Hand, parse_hand
from .errors import IllegalActionError
from .game import Game
from .lances import LANCES, compare, juego_value, pares_value, points
from .records import HandRecord, decode_record, encode_record, record, replay
from .rules import Rules
from .signs import SENAS, senas

__all__ = [
    "Action", "Card", "Game", "Hand", "HandRecord", "IllegalActionError", "LANCES", "Rules",
    "SENAS", "compare", "decode_record", "encode_record", "juego_value", "pares_value",
    "parse_hand", "points", "record", "replay", "senas",
]
