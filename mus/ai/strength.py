"""Chances at a lance from one hand and the public declarations, without sampling.

``perceived`` is what a player sitting at a seat would estimate with a given hand: the
chance that his team wins the lance when everything else is unknown. The ``normal`` bot
plays by it, and ``dificil`` uses it to predict how other players bet and answer.

>>> import mus
>>> from mus.ai.view import View
>>> g = mus.Game.from_deal(["RRRA", "CCSA", "7654", "4422"], mano=0, seed=1)
>>> g = g.apply("no hay mus")
>>> while g.phase != "juego":
...     g = g.apply("paso")
>>> team_chance(View(g.observation(0)), "juego")   # the 31 of the mano cannot lose
1.0
"""

from __future__ import annotations

import math

from ..memo import memoized
from .tables import Tables
from .view import View


def with_partner(p_me: float) -> float:
    """Team chance when our hand beats both rivals with chance ``p_me`` and the partner's
    hand is a random one (order statistics of four uniform hands)."""
    if p_me >= 1.0:
        return 1.0
    x = math.sqrt(p_me)
    return (1 + 2 * x ** 3) / 3


@memoized(maxsize=4096)
def perceived(t: Tables, lance: str, rel: int, rivals: tuple[int, ...],
              partner_holds: bool | None) -> list[float]:
    """For every hand id: the team chance at ``lance`` seen by a player ``rel`` seats
    after the mano whose rivals still in the lance sit at ``rivals`` (seats after the
    mano). ``partner_holds`` is None for grande, chica and punto (everyone plays) and
    otherwise says whether the partner declared pares or juego; for pares and juego
    ``rivals`` are the rival holders (all rivals, at the base rate, if not declared)."""
    less, eq = t.less[lance], t.eq[lance]
    n = len(less)
    out = [0.0] * n
    if partner_holds is None:
        for i in range(n):
            p = 1.0
            for r in rivals:
                p *= less[i] + eq[i] if rel < r else less[i]
            out[i] = with_partner(p)
        return out
    holds = t.has_pares if lance == "pares" else t.has_juego
    share = 1.0 / (len(rivals) + 1)
    for i in range(n):
        if not holds[i]:
            continue
        p = 1.0
        for r in rivals:
            p *= less[i] + eq[i] if rel < r else less[i]
        out[i] = p + (1 - p) * share if partner_holds else p
    return out


def perceived_for(view: View, seat: int, lance: str) -> list[float]:
    """``perceived`` for ``seat`` at ``lance`` with what is declared in ``view``."""
    rel = view.rel(seat)
    rival_seats = ((seat + 1) % 4, (seat + 3) % 4)
    if lance in ("pares", "juego"):
        flags = view.declared.get(lance)
        if flags is not None:
            rivals = tuple(sorted(view.rel(s) for s in rival_seats if flags[s]))
            return perceived(view.tables, lance, rel, rivals, flags[(seat + 2) % 4])
        rivals = tuple(sorted(view.rel(s) for s in rival_seats))
        return perceived(view.tables, lance, rel, rivals, False)
    return perceived(view.tables, lance, rel, tuple(sorted(view.rel(s) for s in rival_seats)), None)


def team_chance(view: View, lance: str) -> float:
    """Chance that our team wins ``lance`` judged from our hand (the partner is unknown)."""
    return perceived_for(view, view.seat, lance)[view.hand_id]
