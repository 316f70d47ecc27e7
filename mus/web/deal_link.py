"""A deal in a link: ``index.html?deal=…`` starts a partida from given hands. Pure.

Lessons link to the game with the deal they teach ("Juega esta mano"); the game reads it
back once, starts a new partida from it and drops the parameters from the address.

>>> q = deal_query(["RoRcC6", "7654", "CCSA", "3322"], 0, (37, 37), mus.Rules(real_31=True))
>>> q
'deal=RoRcC6,7654,CCSA,3322&mano=0&score=37,37&reyes=8&real_31=true&target=40'
>>> request = parse_deal(q)
>>> request.hands, request.mano, request.score, request.settings
(['RoRcC6', '7654', 'CCSA', '3322'], 0, (37, 37), {'reyes': '8', 'real_31': 'true', 'target': '40'})
>>> parse_deal("seed=3") is None
True
>>> without_deal("?speed=0&" + q)
'?speed=0'
>>> parse_deal("deal=RR&mano=9")
Traceback (most recent call last):
...
ValueError: expected mano to be a seat 0..3 in the deal link, got '9'
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, parse_qsl, urlencode

import mus

from .links import DEAL_KEY

KEYS = (DEAL_KEY, "mano", "score", "reyes", "real_31", "target")
# Asked before a deal link replaces a partida in progress (nothing is lost without a yes).
REPLACE_PROMPT = {
    "es": "Tienes una partida a medias. ¿La dejas para jugar esta mano?",
    "en": "You have a partida in progress. Leave it to play this hand?",
}


@dataclass(frozen=True)
class DealRequest:
    hands: list[str]
    mano: int
    score: tuple[int, int]
    settings: dict[str, str]  # new-game choices (Settings.with_choice) for the deal's table

    def game(self, rules: mus.Rules, seed: int | None = None) -> mus.Game:
        return mus.Game.from_deal(self.hands, self.mano, self.score, rules, seed)


def deal_query(hands: list[str], mano: int, score: tuple[int, int], rules: mus.Rules) -> str:
    return (f"deal={','.join(hands)}&mano={mano}&score={score[0]},{score[1]}"
            f"&reyes={rules.reyes}&real_31={str(rules.real_31).lower()}&target={rules.target}")


def parse_deal(query: str) -> DealRequest | None:
    """The deal asked for by a query string (with or without '?'), None if it asks none."""
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()}
    if DEAL_KEY not in params:
        return None
    hands = params[DEAL_KEY].split(",")
    mano = params.get("mano", "0")
    if mano not in ("0", "1", "2", "3"):
        raise ValueError(f"expected mano to be a seat 0..3 in the deal link, got {mano!r}")
    score = params.get("score", "0,0").split(",")
    if len(score) != 2 or not all(s.isdigit() for s in score):
        raise ValueError(f"expected score as two numbers such as 37,37 in the deal link, got {params.get('score')!r}")
    settings: dict[str, str] = {name: params[name] for name in ("reyes", "real_31", "target") if name in params}
    return DealRequest(hands, int(mano), (int(score[0]), int(score[1])), settings)


def without_deal(query: str) -> str:
    """The query string with the deal's parameters dropped (others, e.g. ``speed``, stay)."""
    kept = [(k, v) for k, v in parse_qsl(query.lstrip("?"), keep_blank_values=True) if k not in KEYS]
    return "?" + urlencode(kept) if kept else ""
