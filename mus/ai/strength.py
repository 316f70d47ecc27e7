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
from .senas import hand_senas, reyes_of, shown
from .tables import Tables
from .view import View


def sigmoid(z: float) -> float:
    """The logistic curve, flat beyond ±30 (where ``math.exp`` would overflow or add nothing):
    how the bots' chances of a call rise with strength."""
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def with_partner(p_me: float) -> float:
    """Team chance when our hand beats both rivals with chance ``p_me`` and the partner's
    hand is a random one (order statistics of four uniform hands)."""
    if p_me >= 1.0:
        return 1.0
    x = math.sqrt(p_me)
    return (1 + 2 * x ** 3) / 3


@memoized(maxsize=4096)
def beats(t: Tables, lance: str, rel: int, rivals: tuple[int, ...]) -> list[float]:
    """For every hand id: the chance that it beats every rival at ``rel`` seats after the
    mano whose rivals in the lance sit at ``rivals`` (ties go to the mano)."""
    less, eq = t.less[lance], t.eq[lance]
    out = []
    for i in range(len(less)):
        p = 1.0
        for r in rivals:
            p *= less[i] + eq[i] if rel < r else less[i]
        out.append(p)
    return out


@memoized(maxsize=4096)
def perceived(t: Tables, lance: str, rel: int, rivals: tuple[int, ...],
              partner_holds: bool | None) -> list[float]:
    """For every hand id: the team chance at ``lance`` seen by a player ``rel`` seats
    after the mano whose rivals still in the lance sit at ``rivals`` (seats after the
    mano). ``partner_holds`` is None for grande, chica and punto (everyone plays) and
    otherwise says whether the partner declared pares or juego; for pares and juego
    ``rivals`` are the rival holders (all rivals, at the base rate, if not declared)."""
    alone = beats(t, lance, rel, rivals)
    if partner_holds is None:
        return [with_partner(p) for p in alone]
    holds = t.has_pares if lance == "pares" else t.has_juego
    share = 1.0 / (len(rivals) + 1)
    return [0.0 if not h else p + (1 - p) * share if partner_holds else p
            for p, h in zip(alone, holds)]


@memoized(maxsize=1024)
def perceived_with(t: Tables, reyes: int, lance: str, rel: int, partner_rel: int,
                   rivals: tuple[int, ...], partner_senas: tuple[str, ...],
                   partner_holds: bool | None) -> list[float]:
    """``perceived`` for a player who saw his partner's señas: for every hand id, the
    team chance when the partner holds any hand showing ``partner_senas`` (and declared
    ``partner_holds`` at pares or juego) and the better of the two hands plays."""
    mine = beats(t, lance, rel, rivals)
    theirs = beats(t, lance, partner_rel, rivals)
    holds = None if partner_holds is None else t.has_pares if lance == "pares" else t.has_juego
    senas_of = hand_senas(t, reyes)
    pairs = sorted((theirs[i] if holds is None or holds[i] else 0.0, float(t.weight[i]))
                   for i in range(len(mine))
                   if senas_of[i] == partner_senas
                   and (holds is None or holds[i] == partner_holds))
    if not pairs:
        return perceived(t, lance, rel, rivals, partner_holds)
    values = [v for v, _ in pairs]
    below = [0.0]   # weight of the partner's hands up to each point, and their value above
    above = [0.0]
    for v, w in pairs:
        below.append(below[-1] + w)
        above.append(above[-1] + v * w)
    total, worth = below[-1], above[-1]
    out = []
    for i, p in enumerate(mine):
        if holds is not None and not holds[i]:
            out.append(0.0)
            continue
        k = count_up_to(values, p)   # the partner's hands no better than ours
        out.append((p * below[k] + worth - above[k]) / total)
    return out


def count_up_to(values: list[float], x: float) -> int:
    """How many of the sorted ``values`` are at most ``x`` (a bisection: MicroPython has
    no ``bisect``)."""
    lo, hi = 0, len(values)
    while lo < hi:
        mid = (lo + hi) // 2
        if values[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def counting(seat: int, lance: str, declared: dict[str, list[bool]]) -> tuple[tuple[int, ...], bool | None]:
    """The rival seats of ``seat`` still in ``lance`` and whether his partner is (None for
    grande, chica and punto, where everyone plays), from a hand's ``declared`` flags, which
    hold the lance's once it is pares or juego.

    >>> counting(0, "pares", {"pares": [True, False, False, True]})
    ((3,), False)
    >>> counting(0, "grande", {})
    ((1, 3), None)
    """
    rivals = ((seat + 1) % 4, (seat + 3) % 4)
    if lance not in ("pares", "juego"):
        return rivals, None
    flags = declared[lance]
    return tuple(s for s in rivals if flags[s]), bool(flags[(seat + 2) % 4])


def perceived_for(view: View, seat: int, lance: str,
                  senas: bool | tuple[str, ...] = True) -> list[float]:
    """``perceived`` for ``seat`` at ``lance`` with what is declared in ``view``; with
    ``senas`` True, for a seat whose partner's señas we know he saw, ``perceived_with``
    them; with a tuple, ``perceived_with`` those señas as if he saw them."""
    rel = view.rel(seat)
    partner = (seat + 2) % 4
    if lance in ("pares", "juego") and lance not in view.declared:
        # not declared yet: every rival may hold, the partner counts nil
        rivals = tuple(sorted(view.rel(s) for s in ((seat + 1) % 4, (seat + 3) % 4)))
        return perceived(view.tables, lance, rel, rivals, False)
    rival_seats, holds = counting(seat, lance, view.declared)
    rivals = tuple(sorted(view.rel(s) for s in rival_seats))
    partner_senas = shown(view).get(partner) if senas is True else senas or None
    if partner_senas is not None:
        return perceived_with(view.tables, reyes_of(view), lance, rel,
                              view.rel(partner), rivals, partner_senas, holds)
    return perceived(view.tables, lance, rel, rivals, holds)


def team_chance(view: View, lance: str) -> float:
    """Chance that our team wins ``lance`` judged from our hand (the partner is unknown)."""
    return perceived_for(view, view.seat, lance, senas=False)[view.hand_id]
