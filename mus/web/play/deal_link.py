"""A deal in a link: ``index.html?deal=…`` starts a partida from given hands. Pure.

Lessons link to the game with the deal they teach ("Juega esta mano", written by
``kit.links.deal_query``); the table reads it back here once, starts a new partida from it and
drops the parameters from the address. The link's table options are those of the one options
table (``mus.rules.OPTIONS``); the ones the new-game screen offers also become the player's
choices. In the game's second zip (``dom.extra``): the table starts without it.

>>> request = parse_deal("deal=RoRcC6,7654,CCSA,3322&mano=0&score=37,37&reyes=8&real_31=true&target=40")
>>> request.hands, request.mano, request.score, request.options
(['RoRcC6', '7654', 'CCSA', '3322'], 0, (37, 37), [('reyes', 8), ('real_31', True), ('target', 40)])
>>> parse_deal("seed=3") is None
True
>>> from mus.web.kit.storage import MemoryStorage
>>> from .session import Session
>>> s = Session(MemoryStorage())
>>> play_deal(s, request, seed=5)
>>> s.game.hand(0), s.game.score, s.settings.rules().real_31
(['Ro', 'Rc', 'Co', '6o'], (37, 37), True)
>>> without_deal("?speed=0&deal=RR,7,C,3&mano=1")
'?speed=0'
>>> bad = parse_deal("deal=RRRRR,7654,CCSA,3322&reyes=4")
>>> play_deal(s, bad)
Traceback (most recent call last):
...
ValueError: expected 4 cards in each hand, got 'RRRRR'
>>> s.settings.rules().reyes, s.game.hand(0)
(8, ['Ro', 'Rc', 'Co', '6o'])
>>> parse_deal("deal=RR&mano=9")
Traceback (most recent call last):
...
ValueError: expected mano to be a seat 0..3 in the deal link, got '9'
>>> parse_deal("deal=RR&target=１０")
Traceback (most recent call last):
...
ValueError: expected target to be a whole number from 1 to 200, got '１０'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import mus
from mus.jsondata import described
from mus.rules import OPTION, OPTIONS

from ..kit.links import DEAL_KEY, DEAL_KEYS, query_pairs

if TYPE_CHECKING:
    from .session import Session

MAX_QUERY = 2_000   # a deal link is about 120 characters


class DealRequest:
    """A deal asked for by a link: the hands by seat, the mano, the score and the table's
    options the link names, in the options table's order."""

    __slots__ = ("hands", "mano", "score", "options")

    def __init__(self, hands: list[str], mano: int, score: tuple[int, int],
                 options: list[tuple[str, Any]]) -> None:
        self.hands, self.mano, self.score, self.options = hands, mano, score, options

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealRequest) and (self.hands, self.mano, self.score, self.options) == (
            other.hands, other.mano, other.score, other.options)

    def __repr__(self) -> str:
        return "DealRequest(hands=%r, mano=%r, score=%r, options=%r)" % (
            self.hands, self.mano, self.score, self.options)

    def game(self, rules: mus.Rules, seed: int | None = None) -> mus.Game:
        return mus.Game.from_deal(self.hands, self.mano, self.score, rules.replace(**dict(self.options)), seed)


def parse_deal(query: str) -> DealRequest | None:
    """The deal asked for by a query string (with or without '?'), None if it asks none;
    ValueError naming what is wrong in a link that asks for one."""
    if len(query) > MAX_QUERY:
        raise ValueError(f"expected a deal link of at most {MAX_QUERY} characters")
    params = dict(query_pairs(query))
    if DEAL_KEY not in params:
        return None
    hands = params[DEAL_KEY].split(",")
    mano = params.get("mano", "0")
    if mano not in ("0", "1", "2", "3"):
        raise ValueError(f"expected mano to be a seat 0..3 in the deal link, got {described(mano)}")
    score = params.get("score", "0,0").split(",")
    if len(score) != 2 or not all(0 < len(s) <= 3 and all(c in "0123456789" for c in s) for s in score):
        raise ValueError("expected score as two numbers such as 37,37 in the deal link, got "
                         + described(params.get("score")))
    options = [(o.name, o.parse(params[o.name])) for o in OPTIONS if o.name in params]
    return DealRequest(hands, int(mano), (int(score[0]), int(score[1])), options)


def play_deal(session: Session, request: DealRequest, seed: int | None = None) -> None:
    """Start the partida ``request`` asks for: its deal is built whole first (ValueError
    naming what is wrong, with nothing changed), then the table's choices it names are
    taken, and the partida starts."""
    game = request.game(session.settings.rules(), seed)
    for name, value in request.options:
        if OPTION[name].offered:
            session.set_setting(name, OPTION[name].text(value))
    session.new_game(deal=game)


def without_deal(query: str) -> str:
    """The query string with the deal's parameters dropped (others, e.g. ``speed``, stay as
    they were written)."""
    kept = [item for item in query.lstrip("?").split("&")
            if item and query_pairs(item)[0][0] not in DEAL_KEYS]
    return "?" + "&".join(kept) if kept else ""
