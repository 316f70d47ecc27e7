"""A deal in a link: ``index.html?deal=…`` starts a partida from given hands. Pure.

Lessons link to the game with the deal they teach ("Juega esta mano", written by
``kit.links.deal_query``); the table reads it back here once, starts a new partida from it and
drops the parameters from the address. In the game's second zip (``dom.extra``): the table
starts without it, and without ``urllib.parse``.

>>> request = parse_deal("deal=RoRcC6,7654,CCSA,3322&mano=0&score=37,37&reyes=8&real_31=true&target=40")
>>> request.hands, request.mano, request.score, sorted(request.settings)
(['RoRcC6', '7654', 'CCSA', '3322'], 0, (37, 37), ['real_31', 'reyes', 'target'])
>>> parse_deal("seed=3") is None
True
>>> from mus.web.kit.storage import MemoryStorage
>>> from .session import Session
>>> s = Session(MemoryStorage())
>>> play_deal(s, request, seed=5)
>>> s.game.hand(0), s.game.score, s.settings.real_31
(['Ro', 'Rc', 'Co', '6o'], (37, 37), True)
>>> without_deal("?speed=0&deal=RR,7,C,3&mano=1")
'?speed=0'
>>> parse_deal("deal=RR&mano=9")
Traceback (most recent call last):
...
ValueError: expected mano to be a seat 0..3 in the deal link, got '9'
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import parse_qs, parse_qsl, urlencode

import mus

from ..kit.links import DEAL_KEY, DEAL_KEYS

if TYPE_CHECKING:
    from .session import Session

SETTING_KEYS = ("reyes", "real_31", "target")  # the new-game choices a deal link sets


class DealRequest:
    """A deal asked for by a link: the hands by seat, the mano, the score and the table's
    new-game choices (``Settings.with_choice`` text)."""

    __slots__ = ("hands", "mano", "score", "settings")

    def __init__(self, hands: list[str], mano: int, score: tuple[int, int], settings: dict[str, str]) -> None:
        self.hands, self.mano, self.score, self.settings = hands, mano, score, settings

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealRequest) and (self.hands, self.mano, self.score, self.settings) == (
            other.hands, other.mano, other.score, other.settings)

    def __repr__(self) -> str:
        return "DealRequest(hands=%r, mano=%r, score=%r, settings=%r)" % (
            self.hands, self.mano, self.score, self.settings)

    def game(self, rules: mus.Rules, seed: int | None = None) -> mus.Game:
        return mus.Game.from_deal(self.hands, self.mano, self.score, rules, seed)

    def choices(self) -> list[tuple[str, str]]:
        """The new-game choices, in a fixed order."""
        return [(name, self.settings[name]) for name in SETTING_KEYS if name in self.settings]


def parse_deal(query: str) -> DealRequest | None:
    """The deal asked for by a query string (with or without '?'), None if it asks none."""
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()}
    if DEAL_KEY not in params:
        return None
    hands = params[DEAL_KEY].split(",")
    mano = params.get("mano", "0")
    if mano not in ("0", "1", "2", "3"):
        raise ValueError("expected mano to be a seat 0..3 in the deal link, got %r" % mano)
    score = params.get("score", "0,0").split(",")
    if len(score) != 2 or not all(s.isdigit() for s in score):
        raise ValueError("expected score as two numbers such as 37,37 in the deal link, got %r"
                         % params.get("score"))
    settings = {name: params[name] for name in SETTING_KEYS if name in params}
    return DealRequest(hands, int(mano), (int(score[0]), int(score[1])), settings)


def play_deal(session: Session, request: DealRequest, seed: int | None = None) -> None:
    """Start the partida ``request`` asks for: the table's choices it names, then its deal."""
    for name, raw in request.choices():
        session.set_setting(name, raw)
    session.new_game(deal=request.game(session.settings.rules(), seed))


def without_deal(query: str) -> str:
    """The query string with the deal's parameters dropped (others, e.g. ``speed``, stay)."""
    kept = [(k, v) for k, v in parse_qsl(query.lstrip("?"), keep_blank_values=True) if k not in DEAL_KEYS]
    return "?" + urlencode(kept) if kept else ""
